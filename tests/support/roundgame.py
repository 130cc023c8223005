"""The dice race with rounds, for testing the ledger's automatic steps apart from any real game:
when the last seat of a round banks or passes, the round ends and every seat gets 1 point (an
automatic step of the game, an entry of its own with no actor)."""
from __future__ import annotations

from tabletop_tui.rules.core import Change, Step
from tests.support.dicegame import DiceRules


class RoundRules(DiceRules):
    game_id = "roundgame"
    title = "Dice race in rounds"
    automatic_reasons = ("round bonus",)

    def apply(self, s, a):
        roll, turn = s.roll, s.turn
        t = super().apply(s, a)
        t.notes = []
        if a.kind == "bank":
            t.notes.append(Change(turn, "VP", roll, "banked roll"))
        if a.kind != "roll" and t.turn == 0:
            t.notes.append(Step("Round ends: a point each."))
            for seat in range(len(t.names)):
                t.score[seat] += 1
                t.notes.append(Change(seat, "VP", 1, "round bonus"))
        return t


RULES = RoundRules()
