"""Assistants in words: one state, one wording wherever an assistant is shown (the seat sheet, the
side panel, the round's end), and what each does (rulebook: an assistant acts, or scores 2 VP,
once per round)."""
from __future__ import annotations

from .content import card

#: it acts (or scores 2 VP) once a round, while it is ready; placed where the ship cannot reach it
#: this round, or once it has acted or scored, it waits for the next round
ASSISTANT_STATE = {True: "ready this round", False: "acts from next round"}


def assistant_effect(c: str) -> str:
    """What an assistant does when the ship stops at it: "take 3 doubloons and draw 1 card"."""
    return card(c)["text"].split(": ", 1)[-1].rstrip(".")
