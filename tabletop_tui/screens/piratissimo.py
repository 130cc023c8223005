"""Piratissimo's game screen: the ring board, each ship's seven mast slots, harbour tallies."""
from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from tabletop_tui.rules.piratissimo.board import island_no
from tabletop_tui.rules.piratissimo.describe import event_text
from tabletop_tui.screens.game import GameScreen
from tabletop_tui.widgets.ring_board import RingBoard, _get


VARIANT_TEXT = {"standard": "standard rules", "younger": "younger players' variant (no tornado)",
                "older": "older players' variant (tornado either way)"}


class PiratissimoScreen(GameScreen):
    # The ring needs 8 cells of 7 columns beside the player panels, and 8 rows of 2: below
    # 100×30 the shared notice asks for a larger terminal rather than cutting islands off.
    MIN_SIZE = (100, 30)

    def compose_board(self) -> Widget:
        return RingBoard(self.match.state, id="board")

    def update_board(self, state: Any, targets: set, cursor: Any) -> None:
        events = [event_text(state, e) for e in getattr(state, "last_events", [])]
        self.query_one(RingBoard).update_state(state, targets, cursor, events=events)

    def round_text(self, state: Any) -> str:
        variant = VARIANT_TEXT.get(state.variant, state.variant)
        return f"first to {state.target} treasure · {variant}"

    def player_panel(self, s: Any, seat: int) -> Text:
        m = self.match
        colour = self.player_colour(seat)
        d = m.pending
        t = Text()
        turn = d is not None and d.seat == seat
        t.append("▶ " if turn else "  ", "bold")
        t.append(f" {self.marks[seat]} ", Style(bold=True, color="black", bgcolor=colour))
        t.append(f" {m.names[seat]}", "bold")
        t.append(f" ({s.colours[seat]})", "dim")
        if m.seats[seat].bot:
            t.append(" bot", "italic dim")
        if seat in getattr(s, "finished", []):
            place = s.finished.index(seat) + 1
            t.append(f"  finished #{place}", "bold green")
        t.append("\n   harbour ")
        t.append(f"{s.unloaded[seat]}/{s.target} treasure", "bold")
        t.append("\n   masts   ")
        cargo = s.cargo[seat]
        t.append("▮" * cargo, Style(color=colour, bold=True))
        t.append("▯" * max(0, 7 - cargo), "dim")
        t.append(f" {cargo}/7")
        loc = s.location[seat]
        if loc == -1:
            where = "in harbour"
        else:
            isl = s.islands[loc]
            kind = _get(isl, "kind", "neutral")
            chest = _get(isl, "chest", 0)
            label = {"green": f"green chest {chest}", "red": f"red chest {chest or 2}"}.get(kind, "neutral")
            where = f"at island {island_no(loc)} ({label})"
        t.append(f"\n   {where}", "dim")
        return t
