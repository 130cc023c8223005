"""The ledger table (``t`` in the whole log): every counter of every player after each entry of
the log, readable at 80×24 (issue 32).

The move number and the player stay at the left while the counters scroll sideways, a whole
column at a time (left/right, h/l). Where all the players' counters would not fit in a few screens
(Terra Mystica's sixteen, Maracaibo's…) the table shows one player at a time ([ and ] change
player). An automatic step of the game (income, a round's end…) is a row of its own with "game"
as the player. The counters after an entry are the ledger's account: those at the start plus the
changes told so far. No rules here: the match gives the counters and the entries.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.widgets import DataTable

#: more counter columns than this for all the players together: one table per player
MAX_COLUMNS = 12
FIXED = 2  # "#" and "who" stay in view


def counter_keys(m: Any, seat: int) -> list[str]:
    """The seat's counters over the game, in the rules' order (a key that comes or goes too)."""
    keys = list(m.rules.counters(m.states[-1], seat))
    keys += [k for k in m.rules.counters(m.states[0], seat) if k not in keys]
    return keys or [m.rules.points_key]


def rows(m: Any, seats: list[int], keys: dict[int, list[str]]) -> list[tuple[int, Any, dict]]:
    """(move, entry, {(seat, key): value after the entry}) for every entry of the log: the
    match's running totals (:meth:`Match.running`, which a round's summary reads too). A change is
    on the entry of the action that made it (issue 45), so after each move this is the position."""
    return m.running({s: keys[s] for s in seats}) if getattr(m, "entries", None) else []


class LedgerTable(DataTable):
    """The ledger: ``show(match)`` fills it; ``[``/``]`` change player where one table is per
    player; left/right scroll by a column."""

    BINDINGS = [Binding("right,l", "column(1)", "next column", show=False),
                Binding("left,h", "column(-1)", "previous column", show=False),
                Binding("right_square_bracket", "seat(1)", "next player"),
                Binding("left_square_bracket", "seat(-1)", "previous player")]

    scroll_by_key = True  # wider and longer than the screen: the keys scroll it, by a column

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(zebra_stripes=True, cursor_type="row", **kwargs)
        self.fixed_columns = FIXED
        self.match: Any = None
        self.seat: int | None = None  # None: every player in one table

    def per_seat(self, m: Any) -> bool:
        return sum(len(counter_keys(m, s)) for s in range(len(m.names))) > MAX_COLUMNS

    def show(self, m: Any, seat: int | None = None) -> None:
        self.match = m
        self.seat = (seat or 0) if self.per_seat(m) else None
        self._fill()

    def heading(self) -> str:
        """Whose counters the table shows, for the screen's title."""
        if self.match is None:
            return ""
        if self.seat is None:
            return "every player's counters after each entry"
        return f"{self.match.names[self.seat]}'s counters after each entry ([ ] other players)"

    def _fill(self) -> None:
        m = self.match
        names = m.names
        seats = list(range(len(names))) if self.seat is None else [self.seat]
        keys = {s: counter_keys(m, s) for s in seats}
        self.clear(columns=True)
        marks = _markers(names)
        self.add_column("#")
        self.add_column("who")
        for s in seats:
            for k in keys[s]:
                self.add_column(k if self.seat is not None else f"{marks[s]} {k}")
        self.add_column("entry")
        for move, e, vals in rows(m, seats, keys):
            changed = {(c.seat, c.what) for c in e.changes}
            who = "game" if e.actor is None else names[e.actor] if 0 <= e.actor < len(names) else "?"
            row: list[Any] = [str(move), Text(who, style="italic" if e.actor is None else "")]
            for s in seats:
                for k in keys[s]:
                    row.append(Text(str(vals[s, k]), style="bold" if (s, k) in changed else "dim",
                                    justify="right"))
            row.append(e.line.split("\n")[0])
            self.add_row(*row)
        if self.row_count:
            self.move_cursor(row=self.row_count - 1)

    # -- keys ----------------------------------------------------------------------------------
    def action_seat(self, step: int) -> None:
        if self.match is None or self.seat is None:
            return
        self.seat = (self.seat + step) % len(self.match.names)
        row = self.cursor_row
        self._fill()
        self.move_cursor(row=row)
        title = getattr(self.screen, "retitle", None)
        if title is not None:
            title()

    def action_column(self, step: int) -> None:
        """Scroll sideways by one whole column of the scrolling part (never by a character)."""
        widths = [c.get_render_width(self) for c in self.ordered_columns[FIXED:]]
        starts = [sum(widths[:i]) for i in range(len(widths))]
        x = round(self.scroll_x)
        if step > 0:
            nxt = [p for p in starts if p > x]
            target = nxt[0] if nxt else x
        else:
            prev = [p for p in starts if p < x]
            target = prev[-1] if prev else 0
        self.scroll_to(x=min(target, self.max_scroll_x), animate=False)


def _markers(names: list[str]) -> list[str]:
    from tabletop_tui.widgets.players import markers

    return markers(names)
