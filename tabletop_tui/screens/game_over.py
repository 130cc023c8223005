"""Game over: the winners (by the game's own tie rule), a breakdown table, points over time.

The table reads Place · Player · Total · the categories that make up the total, so the Total
is never the column cut off on a narrow terminal, and the categories after it add up to it. A
category the game reports but does not count (Piratissimo's treasure still on a ship) is set
apart after them and marked "*" (not counted). Names are text, never markup."""
from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Static

from tabletop_tui.match import Match
from tabletop_tui.widgets.players import DEFAULT_ORDER, markers
from tabletop_tui.widgets.vp_chart import VPChart, draw_order, legend

NOT_COUNTED = "*"


def _plain(value):
    return Text(value) if isinstance(value, str) else value


class ScoreTable(DataTable):
    """A DataTable whose text is text: a plain ``str`` label or cell is shown as typed, never
    read as markup, so a player called ``An[/]na`` cannot break any game's final table (the
    games' own game-over screens fill this same table)."""

    def add_column(self, label, *args, **kw):  # type: ignore[override]
        return super().add_column(_plain(label), *args, **kw)

    def add_row(self, *cells, **kw):  # type: ignore[override]
        if kw.get("label") is not None:
            kw["label"] = _plain(kw["label"])
        return super().add_row(*[_plain(c) for c in cells], **kw)

    def fix_widths(self) -> None:
        """Give every column the width of its longest text, now. (A table emptied and filled
        again after it was first painted - on a resize - is otherwise painted once with each
        column as wide as its header, and DataTable keeps those lines when the widths it
        measures later leave the table's size unchanged.)"""
        for key, column in self.columns.items():
            cells = [column.label] + list(self.get_column(key))
            column.width = max(c.cell_len if isinstance(c, Text) else Text(str(c)).cell_len for c in cells)
            column.auto_width = False
        self._require_update_dimensions = True
        self.refresh()


#: columns the page's padding (2 + 2) and its scroll bar (2) take (the table, at most 12 rows, has
#: none of its own): 10 cut "C Chiara" to "C Chia…" with room to spare
FRAME = 6
#: a player's name is never cut shorter than this (marker, space and a few letters, "…")
NAME_MIN = 7


def name_label(mark: str, name: str, width: int | None = None, style: str = "") -> Text:
    """``mark name`` as text (never markup), cut with "…" to ``width`` cells: a long name must
    not push the final table past the screen's edge (the headline and the chart's legend still
    give it whole)."""
    t = Text(f"{mark} {name}", style=style)
    if width is not None and t.cell_len > width:
        t.truncate(max(width, NAME_MIN), overflow="ellipsis")
    return t


def name_width(screen_width: int, other_cells: int, names: int) -> int:
    """The width each of ``names`` name columns may take on a screen ``screen_width`` wide, when
    the table's other columns take ``other_cells`` (each column has 2 cells of padding)."""
    return max(NAME_MIN, (screen_width - FRAME - other_cells) // max(names, 1) - 2)


def col_cells(*columns: list) -> int:
    """Cells taken by these columns (each a list of its header and cells), padding included."""
    return sum(max(Text(str(c)).cell_len if not isinstance(c, Text) else c.cell_len for c in col) + 2
               for col in columns)


def split_categories(result, seats: list[int]) -> tuple[list[str], list[str], bool]:
    """(categories that add up to each seat's total, categories set apart, whether an "other"
    column is needed for a remainder no category explains)."""
    cats: list[str] = []
    for s in seats:
        for c in result.breakdown.get(s, {}):
            if c not in cats:
                cats.append(c)

    def adds_up(used: list[str]) -> bool:
        return all(sum(result.breakdown.get(s, {}).get(c, 0) for c in used) == result.scores.get(s, 0)
                   for s in seats)

    if adds_up(cats):
        return cats, [], False
    for c in cats:  # one category reported beside the score but not part of it
        rest = [x for x in cats if x != c]
        if adds_up(rest):
            return rest, [c], False
    return cats, [], True


class GameOverScreen(Screen[None]):
    CSS_PATH = "game_over.tcss"
    BINDINGS = [
        Binding("n", "again", "new game, same players"),
        Binding("escape,b", "launcher", "launcher"),
        Binding("L", "whole_log", "log"),
        Binding("r", "review", "review"),
        Binding("q", "quit", "quit"),
        Binding("down,j", "page(1)", "scroll", show=False), Binding("up,k", "page(-1)", show=False),
        Binding("pagedown", "page(8)", show=False), Binding("pageup", "page(-8)", show=False),
    ]

    def __init__(self, match: Match, game_screen=None) -> None:
        super().__init__()
        self.match = match
        self.game_screen = game_screen

    def compose(self) -> ComposeResult:
        m = self.match
        res = m.result()
        names = m.names
        marks = markers(names)
        headline = Text(style="bold")
        if res is None:
            headline.append("The game ended without a result.")
        else:
            w = [names[s] for s in res.winners]
            if len(w) == 1:
                headline.append(w[0])
                headline.append(" wins!")
            else:
                headline.append(" and ".join(w))
                headline.append(" share the win!")
        page = Vertical(id="over")
        page.scroll_by_key = True  # ↑ ↓ PgUp PgDn scroll the page on a short terminal (80×24)
        with page:
            yield Static(Text(f"{m.game.title} — game over", style="bold"), id="over-title")
            yield Static(headline, id="headline")
            if res is not None and res.tiebreak:
                yield Static(Text(res.tiebreak, style="italic"), id="tiebreak")
            yield ScoreTable(id="breakdown", cursor_type="none", zebra_stripes=True)
            yield Static("", id="table-note")
            colours = getattr(m.state, "colours", None) or DEFAULT_ORDER[: len(names)]
            yield Static(Text.assemble(("Points over the game  ", "bold"),
                                       legend(names, marks, [str(c) for c in colours],
                                              draw_order(m.vp_history, len(names)))),
                         id="chart-title")
            yield VPChart(m.vp_history, marks, list(colours), id="chart")
        # what the page or its table holds out of sight, on the row above the buttons
        yield Static("", id="over-more")
        with Horizontal(id="buttons"):  # outside the scrolling part: always in view
            yield Button("New game, same players (n)", id="again", variant="primary", compact=True)
            yield Button("Review (r)", id="review", compact=True)
            yield Button("Launcher (b)", id="to-launcher", compact=True)
            yield Button("Quit (q)", id="quit", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        m = self.match
        res = m.result()
        note = self.query_one("#table-note", Static)
        if res is None:
            return
        self.layout_kind = ""
        self.fill_table()
        _, aside, other = split_categories(res, list(range(len(m.names))))
        if aside or other:
            words = "* shown, not counted in the Total." if aside else \
                "other: points the categories do not name."
            note.update(Text(words, style="dim"))
            note.display = True
        self.query_one("#again").focus()

    # -- the breakdown table -----------------------------------------------------------------
    def ledger_breakdown(self) -> dict[int, dict[str, int]] | None:
        """Each seat's points by source from the match's ledger (the log's own record), when the
        rules gave a reason for every point; else None (the rules' own breakdown is shown)."""
        m = self.match
        if not getattr(m, "ledger", None):
            return None
        by_seat = {s: m.points_by_source(s, grouped=True) for s in range(len(m.names))}
        if any("" in parts for parts in by_seat.values()):
            return None
        res = m.result()
        if res is None or any(sum(parts.values()) != res.scores.get(s, 0) for s, parts in by_seat.items()):
            return None
        return by_seat

    def sheets(self) -> dict[str, tuple[list[Text], list[list[Text]]]]:
        """The breakdown two ways, as (header, rows): "wide", one row per player (Place,
        Player, Total, then the categories), and "tall", one column per player, for when the
        categories do not fit across the screen (the rows above Total add up to it)."""
        m = self.match
        res = m.result()
        by_source = self.ledger_breakdown()
        if by_source is not None:  # every source of points, as the log and the seat sheets say
            from dataclasses import replace

            # a category reads as a heading: "Round tiles", "Unloaded" (the log's words)
            by_source = {s: {k[:1].upper() + k[1:]: v for k, v in parts.items()} for s, parts in by_source.items()}
            # with what the rules show beside the score but do not count (treasure on a ship)
            _, aside, _ = split_categories(res, list(range(len(m.names))))
            res = replace(res, breakdown={s: {**parts, **{c: res.breakdown.get(s, {}).get(c, 0) for c in aside}}
                                          for s, parts in by_source.items()})
        seats = list(range(len(m.names)))
        counted, aside, other = split_categories(res, seats)
        marks = markers(m.names)
        order = [(place, s) for place, group in enumerate(res.ranking, 1) for s in group]

        def parts(s: int) -> list[tuple[Text, Text]]:
            got = res.breakdown.get(s, {})
            total = res.scores.get(s, 0)
            out = [(Text(c), Text(str(got.get(c, 0)))) for c in counted]
            if other:
                out.append((Text("other"), Text(str(total - sum(got.get(c, 0) for c in counted)))))
            return out

        def aside_parts(s: int) -> list[tuple[Text, Text]]:
            got = res.breakdown.get(s, {})
            return [(Text(c + NOT_COUNTED, style="italic"), Text(str(got.get(c, 0)), style="italic"))
                    for c in aside]

        bold_total = Text("Total", style="bold")
        wide_head = [Text("Place"), Text("Player"), bold_total]
        first = order[0][1] if order else 0
        wide_head += [label for label, _ in parts(first) + aside_parts(first)]
        width = self.app.size.width
        wide_rest = [[h] + [r for r in col] for h, col in zip(wide_head[2:], zip(*[
            [Text(str(res.scores.get(s, 0)))] + [v for _, v in parts(s) + aside_parts(s)]
            for _, s in order]))] if order else []
        wide_name = name_width(width, col_cells([Text("Place")], *wide_rest), 1)
        wide_rows = []
        for place, s in order:
            wide_rows.append([Text(str(place)), name_label(marks[s], m.names[s], wide_name),
                              Text(str(res.scores.get(s, 0)), style="bold")]
                             + [v for _, v in parts(s) + aside_parts(s)])
        labels = [Text("Place"), bold_total] + [label for label, _ in parts(first) + aside_parts(first)]
        tall_name = name_width(width, col_cells(labels), len(order))
        tall_head = [Text("")] + [name_label(marks[s], m.names[s], tall_name) for _, s in order]
        tall_rows = [[Text("Place")] + [Text(str(place)) for place, _ in order]]
        for k, (label, _) in enumerate(parts(first)):
            tall_rows.append([label] + [parts(s)[k][1] for _, s in order])
        tall_rows.append([bold_total] + [Text(str(res.scores.get(s, 0)), style="bold") for _, s in order])
        for k, (label, _) in enumerate(aside_parts(first)):
            tall_rows.append([label] + [aside_parts(s)[k][1] for _, s in order])
        return {"wide": (wide_head, wide_rows), "tall": (tall_head, tall_rows)}

    def fill_table(self) -> None:
        """Fill the table in the layout that fits the screen's width (wide when it can)."""
        sheets = self.sheets()
        head, rows = sheets["wide"]
        need = sum(max(c.cell_len for c in [h] + [r[i] for r in rows]) + 2 for i, h in enumerate(head))
        kind = "wide" if need <= self.table_room() else "tall"
        self._filled_at = self.app.size.width
        if kind == getattr(self, "layout_kind", ""):
            return
        self.layout_kind = kind
        head, rows = sheets[kind]
        table = self.query_one("#breakdown", DataTable)
        table.clear(columns=True)
        table.add_columns(*head)
        for row in rows:
            table.add_row(*row)
        table.fix_widths()

    def table_room(self) -> int:
        """The columns a one-row-per-player table may take."""
        return self.app.size.width - 4

    def start_table(self) -> tuple[DataTable, list[str], list[int], dict[int, int]]:
        """For a game's own breakdown (made again on a resize): the emptied table, with the width
        it is made for remembered; the players' markers; the seats in ranking order; each seat's
        place (seats with equal results share it)."""
        res = self.match.result()
        table = self.query_one("#breakdown", DataTable)
        self._filled_at = self.app.size.width
        table.clear(columns=True)
        order = [p for group in res.ranking for p in group]
        place = {p: i + 1 for i, group in enumerate(res.ranking) for p in group}
        return table, markers(self.match.names), order, place

    def on_resize(self) -> None:
        """A new width may need another layout or other cuts of the names (not the same width
        again: a table made twice before it is first painted keeps its header's widths)."""
        if getattr(self, "layout_kind", "") and self.match.result() is not None \
                and self.app.size.width != getattr(self, "_filled_at", 0):
            self.fill_table()
        self.call_after_refresh(self.say_out_of_sight)

    # -- what is out of sight ----------------------------------------------------------------
    def on_screen_resume(self) -> None:
        """Watch the page's and the table's scrolling (each game's page fills them in its own
        ``on_mount``, and one of them stops the shared one): the mark follows every scroll."""
        if getattr(self, "_watching_sight", False):
            return
        self._watching_sight = True
        for wid in ("#over", "#breakdown"):
            for w in self.query(wid):
                for attr in ("scroll_y", "virtual_size"):
                    self.watch(w, attr, lambda *_: self.call_after_refresh(self.say_out_of_sight), init=False)
        self.call_after_refresh(self.say_out_of_sight)

    def out_of_sight(self) -> tuple[bool, bool]:
        """Whether rows of the page, or of the table of points inside it, are above or below what
        the terminal shows (at 80×24 Finis Terrae's sixteen scoring lines and Total are)."""
        above = below = False
        for wid in ("#over", "#breakdown"):
            for w in self.query(wid):
                if not w.display or w.size.height <= 0:
                    continue
                top, end = round(w.scroll_y), round(w.max_scroll_y)
                above = above or top > 0
                below = below or top < end
        return above, below

    def say_out_of_sight(self) -> None:
        """A mark beside the buttons, never only a scroll bar: ``▼ more below: ↑↓ PgDn``."""
        if not self.is_attached:
            return
        above, below = self.out_of_sight()
        arrows = ("▲▼ more" if above and below else "▼ more below" if below else "▲ more above" if above else "")
        keys = "↑↓ PgUp PgDn" if above and below else "↓ PgDn" if below else "↑ PgUp"
        text = f"{arrows}: {keys}" if arrows else ""
        for mark in self.query("#over-more"):
            mark.update(Text(text, style="bold"))

    def action_page(self, step: int) -> None:
        """The page scrolls by key, so a short terminal reaches the chart under the table."""
        page = self.query_one("#over")
        page.scroll_to(y=page.scroll_y + step, animate=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {"again": self.action_again, "to-launcher": self.action_launcher, "review": self.action_review,
         "quit": self.action_quit}[event.button.id or "again"]()

    def action_review(self) -> None:
        """Each person's costliest decisions, by the hard bot's estimate (screens/review.py)."""
        from tabletop_tui.screens.review import open_review
        from tabletop_tui.screens.watch import watch_screen

        open_review(self, self.match, lambda at: watch_screen(self.match, at))

    def action_again(self) -> None:
        """The same players again, the next one in seat order starting this time."""
        m = self.match
        n = len(m.seats)
        order = [(i + 1) % n for i in range(n)]  # who sat second now sits first
        seats = [m.seats[i] for i in order]
        levels = {k: s.level for k, s in enumerate(seats) if s.bot and getattr(s, "level", None)}
        self.app.start_new_game({
            "game": m.game.id, "names": [s.name for s in seats],
            "bots": [k for k, s in enumerate(seats) if s.bot], "levels": levels,
            "seed": None, "options": m.options,
            "curtain": getattr(self.game_screen, "curtain", False)}, replace=True)

    def action_whole_log(self) -> None:
        """The whole game's log and its ledger table, to check the final scores against."""
        from tabletop_tui.screens.log_view import LogScreen

        m = self.match
        self.app.push_screen(LogScreen(m.game.title, m.log, len(m.log), m))

    def action_launcher(self) -> None:
        self.app.back_to_launcher()  # type: ignore[attr-defined]

    def action_quit(self) -> None:
        self.app.exit()


class ColumnsGameOver(GameOverScreen):
    """The shared game-over screen with a game's own breakdown, one column per player (the game
    writes ``fill_table`` with ``start_table``): the table takes the keys, the page starts at the
    headline."""

    def on_mount(self, event: events.Mount) -> None:
        event.prevent_default()  # the shared table (one row per player) is replaced
        table = self.query_one(DataTable)
        table.focus()  # n, b and q still work
        self.call_after_refresh(lambda: self.query_one("#over").scroll_home(animate=False))
        if self.match.result() is None:
            return
        self.layout_kind = "tall"
        self.fill_table()
