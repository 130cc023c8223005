"""A yes/no question, returned through dismiss().

Every question asked here is a leaving or an irreversible choice (leave the game, resign, quit,
delete a save), so the safe answer has the keyboard: Enter pressed by habit (or typed text that
reached the screen) answers No; Yes takes `y` or a deliberate move to its button."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ConfirmScreen(ModalScreen[bool]):
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical { width: 60; height: auto; border: thick $accent; background: $panel; padding: 1 2; }
    ConfirmScreen Horizontal { height: auto; align: center middle; margin-top: 1; }
    ConfirmScreen Button { margin: 0 1; }
    """
    BINDINGS = [Binding("y", "answer(True)", "yes"), Binding("n,escape", "answer(False)", "no")]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.question))  # names are text, never markup
            with Horizontal():
                yield Button(f"{self.yes} (y)", id="yes", variant="warning")
                yield Button(f"{self.no} (n)", id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()  # the safe answer is the one Enter gives

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class ChoiceMenu(ModalScreen[int | None]):
    """A small menu when one board target has several actions."""

    DEFAULT_CSS = """
    ChoiceMenu { align: center middle; }
    ChoiceMenu > Vertical { width: 64; height: auto; max-height: 20; border: thick $accent; background: $panel; padding: 0 1; }
    ChoiceMenu #notice { height: auto; display: none; color: $text-warning; }
    ChoiceMenu #notice.-shown { display: block; }
    """
    BINDINGS = [Binding("escape", "cancel", "cancel")] + [
        Binding(str(d), f"pick({d - 1})", show=False) for d in range(1, 10)]

    def __init__(self, title: str, labels: list[str]) -> None:
        super().__init__()
        self.title_text, self.labels = title, labels

    def compose(self) -> ComposeResult:
        from textual.widgets import OptionList

        with Vertical():
            yield Static(Text(self.title_text))
            yield Static("", id="notice", markup=False)  # a refusal, in the menu (not a toast over it)
            yield OptionList(*[Text(f"{i + 1} {label}") for i, label in enumerate(self.labels)])

    def on_option_list_option_selected(self, event) -> None:
        self.dismiss(event.option_index)

    def action_pick(self, index: int) -> None:
        if 0 <= index < len(self.labels):
            self.dismiss(index)

    def tell(self, text: str) -> None:
        """Say ``text`` on the menu's own notice row, under its title, until the next key."""
        row = self.query_one("#notice", Static)
        row.update(Text("! " + text) if text else "")
        row.set_class(bool(text), "-shown")
        if text:
            from tabletop_tui.widgets.decision import Told

            told = getattr(self.app, "told", None)
            if told is not None:
                told.append(Told(text))

    def on_key(self, event) -> None:
        self.tell("")
        if event.character and event.character.isdigit():
            i = int(event.character) - 1
            event.stop()
            if 0 <= i < len(self.labels):
                self.dismiss(i)
            else:  # a digit beyond the menu says so
                n = len(self.labels)
                self.tell(f"There is no choice {event.character} here: the menu has {n} (1–{n}).")

    def action_cancel(self) -> None:
        self.dismiss(None)
