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
    # The ring needs 8 cells of 7 columns and 8 rows (of 1, 2 from 16 rows up). Below 100
    # columns the player panels give way: the score strip keeps every score in view and ``p``
    # opens every captain's sheet.
    MIN_SIZE = (80, 24)
    PANELS_FROM = 100
    CSS = """
    PiratissimoScreen.-narrow #panels-box { display: none; }
    /* fewer rows of choices, not a shorter panel: a panel shorter than its list hid the last
       choices (and the highlight on them) where no scrolling reached them */
    PiratissimoScreen.-short #decision #choices,
    PiratissimoScreen.-short #decision #choices:focus { max-height: 5; }
    /* (and _fit_choices gives them fewer while a long prompt would push the ring's last row
       under the panel) */
    """

    def on_resize(self, event) -> None:
        self.lay_out(event.size.width, event.size.height)
        self.call_after_refresh(self._fit_choices)

    def on_mount(self) -> None:
        self.lay_out(self.app.size.width, self.app.size.height)
        super().on_mount()

    def refresh_all(self) -> None:
        super().refresh_all()
        self.call_after_refresh(self._fit_choices)

    def _fit_choices(self) -> None:
        """The ring keeps its eight rows: a long prompt (a steal-or-give question in three lines,
        the score strip in two) takes rows from the choices (their "▼ more" mark says so), not
        from the ring's bottom row, which the decision panel hid with its harbours and ships."""
        from textual.css.query import NoMatches

        try:
            strip, prompt = self.query_one("#strip"), self.query_one("#prompt")
            log, choices = self.query_one("#log"), self.query_one("#choices")
        except NoMatches:
            return
        h = self.size.height
        if h <= 0:
            return
        # title, strip, the ring, the panel's rule and prompt, the log, the footer
        room = h - 1 - strip.outer_size.height - RingBoard.MIN_H - 1 - prompt.outer_size.height \
            - log.outer_size.height - 1
        most = 5 if h < 30 else 9
        rows = max(2, min(most, room))
        if choices.styles.max_height is None or choices.styles.max_height.value != rows:
            choices.styles.max_height = rows

    def lay_out(self, width: int, height: int) -> None:
        self.set_class(width < self.PANELS_FROM, "-narrow")
        self.set_class(height < 30, "-short")

    def legend(self) -> list[tuple[str, str]]:
        """Every symbol of the ring board."""
        marks = ", ".join(f"{self.marks[p]} {name}" for p, name in enumerate(self.match.names))
        return [
            ("1 … 24", "the islands, numbered clockwise; ships sail clockwise"),
            ("G2, G3", "a green treasure chest: load 0 up to that many treasure"),
            ("R2", "a red treasure chest: the ship must load 2 treasure"),
            ("·", "a neutral island: the last ship to arrive may steal or give up to 2"),
            ("+", "a tornado square (where the tornado may start)"),
            (", ".join(self.marks), f"a ship (its captain's letter): {marks}"),
            ("@@@ or @", "the tornado"),
            ("A port", "a captain's harbour, in the corner by its exit"),
            ("≡3/10", "treasure home in that harbour, out of the treasure needed to win"),
            ("home, aboard", "treasure brought home (what wins) and treasure on the ship's "
                             "masts (7 at most; an 8th piece capsizes it)"),
            ("▮▯", "the masts of a ship: filled with treasure, or free"),
        ]

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
