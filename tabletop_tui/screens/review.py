"""The review of a finished game (`r` on the game-over page; issue 46 item 2).

Every person's decisions are rated by a bot from their seat's view (tabletop_tui/review.py) in a
worker — the decisions themselves in processes of their own, so the page keeps answering keys —
with a progress bar; Esc stops it. The result is kept beside the saves and opens again at once.
Each player's costliest decisions are listed with where the game stood, what was played, what the
bot would have played and the estimated difference (the bot's, with its level); Enter on one
shows the board before it (for a game that hides nothing: the board of a past move would show
every hand).
"""
from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from tabletop_tui import review as R


def _indented(rows: list[tuple[str, Text]]) -> Table:
    """Rows of (label, text) whose wrapped lines keep to the text's column."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    for label, text in rows:
        grid.add_row(Text(label, style="dim"), text)
    return grid


def points_table(match: Any) -> Table:
    """Where each player's points came from, round by round (the ledger's record): a row per
    player (their points in each column and in all) and under it a row per source."""
    columns, by_seat = R.points_by_round(match)
    table = Table(box=None, padding=(0, 1), show_edge=False, title_justify="left",
                  title=Text("Where the points came from, round by round (the log's record)", style="bold"))
    table.add_column("", no_wrap=False, ratio=1)
    for c in columns:
        table.add_column(c, justify="right", no_wrap=True)
    table.add_column("total", justify="right", no_wrap=True)
    for seat in range(len(match.names)):
        rows = by_seat.get(seat, {})
        sums = [sum(v[k] for v in rows.values()) for k in range(len(columns))]
        table.add_row(Text(match.names[seat], style="bold"), *[Text(str(x), style="bold") for x in sums],
                      Text(str(sum(sums)), style="bold"))
        for src, v in rows.items():
            table.add_row(Text("  " + src), *[Text(str(x) if x else "·", style="" if x else "dim") for x in v],
                          Text(str(sum(v))))
    return table


def entries(r: R.Review) -> list[tuple[Any, R.Mistake | None]]:
    """The page's rows: a heading per player (no mistake), then each costly decision."""
    out: list[tuple[Any, R.Mistake | None]] = []
    for p in r.players:
        head = Text(f"{p.name}", style="bold")
        head.append(f" — {p.decisions} decisions rated, {p.agreed} as the bot would have played"
                    + (f", {p.unrated} it did not value" if p.unrated else ""), style="not bold")
        if not p.costliest:
            head.append("\n  no decision the bot reckons cost anything worth naming", style="dim not bold")
        out.append((head, None))
        for k, x in enumerate(p.costliest, 1):
            t = Text(f"move {x.move}" + (f", {x.round}" if x.round else ""), style="bold")
            t.append(f": cost {x.loss_text()}", style="not bold")
            rows = [(f" {k}.", t), ("", Text(f"played: {x.played_text}"))]
            bot = Text(f"the bot: {x.best_text}")
            if x.best_why:
                bot.append(f" — {x.best_why}", style="dim")
            rows.append(("", bot))
            if x.log:
                rows.append(("", Text("before: " + x.log[-1].split("\n")[0], style="dim")))
            out.append((_indented(rows), x))
    return out


def open_review(screen: Any, match: Any, board: Any = None) -> None:
    """The review page of ``match`` over ``screen``, or a word why there is nothing to review.
    ``board(at)``: a page showing the game after ``at`` actions (the watch screen), for Enter."""
    if not R.has_people(match):
        screen.notify("Every seat was a bot's: there is no person's play to review.", severity="information")
        return
    screen.app.push_screen(ReviewScreen(match, board))


class ReviewScreen(Screen[None]):
    """The review page (see the module's docstring)."""

    DEFAULT_CSS = """
    ReviewScreen #review { padding: 0 1; height: 1fr; }
    ReviewScreen #review-title { color: $accent; text-style: bold; }
    ReviewScreen #review-status { height: auto; }
    ReviewScreen #review-bar { margin: 1 0; }
    ReviewScreen #review-list { height: 1fr; border: none; }
    """
    BINDINGS = [Binding("escape,b", "back", "back"), Binding("enter", "board", "board before it"),
                # the page scrolls by key while the bot works (nothing to choose yet) and by the
                # page when there is: the table of points above the list stays within reach
                Binding("down,j", "scroll(1)", show=False), Binding("up,k", "scroll(-1)", show=False),
                Binding("pagedown", "scroll(10)", show=False, priority=True),
                Binding("pageup", "scroll(-10)", show=False, priority=True),
                Binding("home", "scroll(-100000)", show=False, priority=True)]
    #: the bot that reviews (the issue's: hard)
    LEVEL = "hard"
    #: processes that rate decisions (the reference machine has two cores)
    WORKERS = 2

    def __init__(self, match: Any, board: Any = None) -> None:
        super().__init__()
        self.match = match
        self.board = board
        self.result: R.Review | None = None
        self.worker = None
        self.rows: list[R.Mistake | None] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="review"):
            yield Static(Text(f"{self.match.game.title} — review by the {self.LEVEL} bot"), id="review-title")
            yield Static(Text(""), id="review-status")
            yield ProgressBar(id="review-bar", show_eta=False)
            yield OptionList(id="review-list")
        yield Footer()

    def on_mount(self) -> None:
        lst = self.query_one(OptionList)
        lst.add_option(Option(points_table(self.match), disabled=True))  # at once: the ledger has it
        kept = R.load_cached(self.match, self.LEVEL)
        if kept is not None:
            self.show(kept)
            return
        self.start()

    # -- working -----------------------------------------------------------------------------
    def start(self) -> None:
        match, level, workers = self.match, self.LEVEL, self.WORKERS
        self.status(f"Rating every person's decisions as the {level} bot sees them, from their own "
                    "seat's view… (Esc stops)")

        def work() -> R.Review:
            from textual.worker import get_current_worker

            w = get_current_worker()
            pool = R.pool_of(workers)
            try:
                return R.review(match, level, progress=lambda d, t: self.app.call_from_thread(self.progress, d, t),
                                cancelled=lambda: w.is_cancelled, pool=pool)
            finally:
                if pool is not None:
                    pool.shutdown(wait=False, cancel_futures=True)

        self.worker = self.run_worker(work, thread=True, group="review", exit_on_error=False, name="review")

    def progress(self, done: int, total: int) -> None:
        if self.worker is None or not self.is_mounted:  # (stopped, or the page is gone: a late word)
            return
        bar = self.query_one(ProgressBar)
        bar.update(total=max(total, 1), progress=done)
        self.status(f"Rating decision {done} of {total} as the {self.LEVEL} bot sees it… (Esc stops)")

    def on_worker_state_changed(self, event) -> None:
        from textual.worker import WorkerState

        if event.worker is not self.worker:
            return
        if event.state == WorkerState.SUCCESS:
            self.worker = None
            R.save_cached(self.match, event.worker.result)
            self.show(event.worker.result)
        elif event.state == WorkerState.ERROR:
            self.worker = None
            self.status(f"The review could not be made ({event.worker.error}).")

    def status(self, text: str) -> None:
        self.query_one("#review-status", Static).update(Text(text))

    # -- the result --------------------------------------------------------------------------
    def show(self, r: R.Review) -> None:
        self.result = r
        self.query_one(ProgressBar).display = False
        board = "" if self.match.rules.hidden_information() or self.board is None else " Enter: the board before it."
        self.status(f"Each player's costliest decisions, by the {r.level} bot's estimate — a guess, "
                    f"not a certainty.{board}")
        lst = self.query_one(OptionList)
        rows = entries(r)
        self.rows = [None] + [x for _t, x in rows]  # (the first row: where the points came from)
        lst.add_options([Option(t, disabled=x is None) for t, x in rows])
        lst.focus()
        first = next((i for i, x in enumerate(self.rows) if x is not None), None)
        if first is not None:  # Enter shows its board at once; the page still opens at its top
            lst.highlighted = first
            self.call_after_refresh(lambda: lst.scroll_to(y=0, animate=False))

    def action_scroll(self, step: int) -> None:
        lst = self.query_one(OptionList)
        lst.scroll_to(y=max(0, lst.scroll_y + step), animate=False)

    def on_option_list_option_selected(self, event) -> None:
        self.action_board()

    def action_board(self) -> None:
        lst = self.query_one(OptionList)
        i = lst.highlighted
        if self.result is None or i is None or self.rows[i] is None:
            return
        if self.match.rules.hidden_information():
            self.notify("This game hides cards: the board of a past move would show every hand.",
                        severity="information")
            return
        if self.board is not None:
            self.app.push_screen(self.board(self.rows[i].move - 1))

    def action_back(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
            self.worker = None
        self.dismiss(None)
