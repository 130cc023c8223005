"""The launcher's list of the tables joined on this machine (store/joined.py keeps them)."""
from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen

from tabletop_tui.store.base import StoreError
from tabletop_tui.store.table import Table


class JoinedTablesScreen(Screen):
    """The launcher's list of the tables joined on this machine (store/joined.py keeps them):
    Enter opens the seat, d forgets it, Esc goes back."""

    DEFAULT_CSS = """
    JoinedTablesScreen #joined-box { padding: 1 2; }
    JoinedTablesScreen OptionList { height: auto; max-height: 20; border: round $panel; }
    JoinedTablesScreen #joined-hint { margin-top: 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape,b", "back", "back"),
        Binding("d", "forget", "forget"),
    ]

    def compose(self):
        from textual.containers import Vertical
        from textual.widgets import Footer, OptionList, Static

        with Vertical(id="joined-box"):
            yield Static(Text("Your tables (seats opened with `tabletop seat` on this machine)",
                              style="bold"))
            yield OptionList(id="joined")
            yield Static("", id="joined-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.fill()

    def fill(self) -> None:
        from textual.widgets import OptionList, Static
        from textual.widgets.option_list import Option

        from tabletop_tui.store.joined import load_joined

        self.entries = load_joined()
        ol = self.query_one(OptionList)
        ol.clear_options()
        for e in self.entries:
            line = Text()
            line.append(f"{e.get('title', e.get('game', '?')):<15}", "bold")
            line.append(f"table {e['table']} · {e.get('seat', '?')}")
            players = e.get("players")
            if isinstance(players, list):
                line.append(f" · {', '.join(map(str, players))}", "dim")
            line.append(f" · last opened {str(e.get('opened', '')).replace('T', ' ')}", "dim")
            ol.add_option(Option(line))
        hint = ("Enter: open the seat · d: forget it (the code is the seat: keep it if you "
                "want to come back) · Esc: back" if self.entries else
                "No tables yet: a host makes one with `tabletop table new GAME`, and you open "
                "your seat with `tabletop seat` and the code they give you. Esc: back")
        self.query_one("#joined-hint", Static).update(hint)
        if self.entries:
            ol.highlighted = 0
            ol.focus()

    def on_option_list_option_selected(self, event) -> None:
        event.stop()
        self.open_entry(self.entries[event.option_index])

    def open_entry(self, entry: dict) -> None:
        from tabletop_tui.store.joined import address_of, remember
        from tabletop_tui.store.open import open_store

        try:
            store = address_of(entry)  # (a password is never kept: from $TABLETOP_STORE again)
            table = Table(open_store(store, create=False), entry["code"])  # a seat never makes a store
        except StoreError as e:
            self.notify(str(e), title="Cannot open the seat", severity="error", markup=False)
            return
        except Exception as e:
            self.notify(f"The table store cannot be reached ({type(e).__name__}); try again shortly.",
                        title="Cannot open the seat", severity="error", markup=False)
            return
        remember(table, entry["code"], store)
        from tabletop_tui.screens.seat import seat_screen

        self.app.push_screen(seat_screen(table), lambda _: self.fill())

    def action_forget(self) -> None:
        from textual.widgets import OptionList

        from tabletop_tui.store.joined import forget

        i = self.query_one(OptionList).highlighted
        if i is None or not 0 <= i < len(self.entries):
            return
        forget(self.entries[i])
        self.fill()

    def action_back(self) -> None:
        self.app.pop_screen()
