"""The generic decision panel: the prompt and the legal choices, with digit shortcuts."""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tabletop_tui.widgets import repaint


@dataclass(frozen=True)
class Told:
    """A notice told on a notice row (as Textual's Notification: message, title, severity); the
    app keeps them in ``app.told``, in order."""

    message: str
    title: str = ""
    severity: str = "information"


class Choices(OptionList):
    """The list of choices. Paging is safe while the list has no room: Textual 8.2.8 pages by
    the lines it has laid out, and with no height it has laid out none (``KeyError`` in
    ``OptionList._move_page``). With nothing shown there is no page to move by, so PgDn/PgUp
    then leave the highlight where it is."""

    def _move_page(self, direction) -> None:
        if not self.options or (self.highlighted or 0) not in self._index_to_line:
            return
        super()._move_page(direction)

    def out_of_sight(self) -> tuple[int, int]:
        """How many choices lie wholly or partly above and below the rows shown."""
        rows = self.scrollable_content_region.height
        if not self.options or rows <= 0:
            return 0, 0
        top = round(self.scroll_y)
        lines, heights = self._index_to_line, self._heights
        above = sum(1 for i, y in lines.items() if y < top)
        below = sum(1 for i, y in lines.items() if y + heights.get(i, 1) > top + rows)
        return above, below

    def say_out_of_sight(self) -> None:
        """Mark, on the panel's top edge, the choices scrolled out of sight and the keys that
        reach them: a long menu never hides a choice without a sign."""
        above, below = self.out_of_sight()
        parts = ([f"▲ {above} more above"] if above else []) + ([f"▼ {below} more below"] if below else [])
        title = " · ".join(parts) + ": ↑↓" if parts else ""
        panel = self.parent
        notice = getattr(panel, "notice", "")
        if notice:  # the panel's own notice (a suggestion) on the same edge, before the marks
            title = f"{notice} · {title}" if title else notice
        if panel is not None and panel.border_title != title:
            panel.border_title = title

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.say_out_of_sight()

    def on_resize(self) -> None:
        self.call_after_refresh(self.say_out_of_sight)


class DecisionPanel(Vertical):
    DEFAULT_CSS = """
    DecisionPanel { height: auto; max-height: 12; border-top: solid $accent; padding: 0 1;
                    border-title-align: right; border-title-color: $text; }
    DecisionPanel > #prompt { height: auto; text-style: bold; }
    DecisionPanel > #notice { height: auto; display: none; color: $text-warning; }
    DecisionPanel > #notice.-shown { display: block; }
    DecisionPanel > #notice.-error { color: $text-error; }
    DecisionPanel > OptionList, DecisionPanel > OptionList:focus { height: auto; max-height: 9; border: none; padding: 0; background: $surface; }
    """

    class Chosen(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class Highlighted(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    #: a short notice on the panel's top edge (the suggestion, "thinking…"): said where it covers
    #: neither the choices nor the log, as a toast over them did; cleared by the next ``show``
    notice = ""

    #: the last game notice told on the panel (a refusal, "Saved to …"), whole; "" when cleared
    told = ""

    def compose(self) -> ComposeResult:
        yield Static("", id="notice", markup=False)
        yield Static("", id="prompt")
        choices = Choices(id="choices")
        choices.scroll_by_key = True  # the arrows, PgUp/PgDn and the digits reach every choice
        yield choices

    #: the key shown before each choice, by index ("1"…"9", "0", or " " for none): what a digit
    #: key takes (``index_of_key``)
    keys: list = []

    @staticmethod
    def keys_for(n: int, fixed: dict[int, str] | None = None) -> list[str]:
        """The key of each of ``n`` choices: 1–9 and 0 in order, but a choice with a ``fixed``
        key (a delivery's confirm row: 0) has that key, and no other choice shares it."""
        fixed = fixed or {}
        taken = set(fixed.values())
        out = []
        for i in range(n):
            key = str(i + 1) if i < 9 else ("0" if i == 9 else " ")
            out.append(fixed.get(i, " " if key in taken else key))
        return out

    def index_of_key(self, key: str) -> int | None:
        """The choice that digit ``key`` takes, or None (no choice has it)."""
        return self.keys.index(key) if key in self.keys else None

    def show(self, prompt: str, labels: list[str], highlight: int = 0,
             disabled: dict[int, str] | None = None, keys: dict[int, str] | None = None) -> None:
        """``disabled``: choices listed dim with the reason they cannot be taken now, keeping
        their digits (a choice that stops being available never renumbers the others).
        ``keys``: choices with a key of their own (a confirm row's 0, which never moves)."""
        disabled = disabled or {}
        self.keys = self.keys_for(len(labels), keys)
        self.notice = ""
        text = Text(prompt)
        if " " in self.keys:  # the digits reach the first ten; say so
            reach = "1–9, 0: the first ten" if not keys else "the digits: ten"
            text.append(f"  ({reach} of {len(labels)}; ↑↓ for all)", style="not bold dim")
        repaint.show(self.query_one("#prompt", Static), text)
        ol = self.query_one(OptionList)
        opts = []
        for i, label in enumerate(labels):
            key = self.keys[i]
            if i in disabled:
                opts.append(Option(Text.assemble((f"{key} ", "bold dim"), (f"{label} — {disabled[i]}", "dim")),
                                   id=f"c{i}", disabled=True))
            else:
                opts.append(Option(Text.assemble((f"{key} ", "bold"), label), id=f"c{i}"))
        ol.set_options(opts)  # (the list itself is never disabled: that would move focus and rebuild the footer)
        ol.call_after_refresh(ol.say_out_of_sight)
        if labels:
            at = min(max(0, highlight), len(labels) - 1)
            free = [i for i in range(len(labels)) if i not in disabled]
            ol.highlighted = at if at in free or not free else min(free, key=lambda i: (i < at, abs(i - at)))

    def say(self, notice: str) -> None:
        """Put ``notice`` on the panel's top edge (beside the "▼ more below" mark)."""
        self.notice = notice
        self.query_one(Choices).say_out_of_sight()

    def tell(self, text: str, severity: str = "information") -> None:
        """A game notice (a refusal, "Not possible now: …", "Saved to …") on its own row at the
        panel's top, above the prompt, wrapped whole: it takes a row from the choices (which
        scroll, with their marks) instead of lying over them and the log as a toast did. Told
        until ``clear_told`` (the next key or move).

        An error ("Could not save the game", "The table cannot go on") is marked in words
        (``✗ error ·``, seen without colour too) and stays until the player presses a key: a
        move (a bot's) does not clear it, and a notice told after it is told under it."""
        if not text:
            lines = []
        else:  # (errors stay until a key; the new notice under them, once: a save failing after
            # every bot move is told once)
            lines = [line for line in self._lines if line[1] and line[0] != text] + [(text, severity == "error")]
        self._show_lines(lines)

    def _show_lines(self, lines: list) -> None:
        choices = self.query_one(Choices)
        if lines and not self._lines:
            self._choices_max = choices.styles.max_height  # (the layout's own, given back on clearing)
            self._height_before = self.region.height
        elif self._lines:  # (given back; a notice still told takes its rows again: _fit_told)
            choices.styles.max_height = self._choices_max
        self._lines = lines
        self.told = "\n".join(t for t, _ in lines)
        row = self.query_one("#notice", Static)
        shown = Text()
        for i, (t, error) in enumerate(lines):
            if i:
                shown.append("\n")
            shown.append_text(Text.assemble(("✗ error · ", "bold"), t) if error else Text("! " + t))
        row.update(shown)
        row.set_class(bool(lines), "-shown")
        row.set_class(any(error for _, error in lines), "-error")
        if lines:
            self.call_after_refresh(self._fit_told)
        choices.call_after_refresh(choices.say_out_of_sight)

    #: the notices on the row now: (text, is an error), oldest first
    _lines: list = []

    _choices_max = None

    _height_before = 0

    def _fit_told(self) -> None:
        """A panel of fixed height (Maracaibo's) gives the notice's rows from the choices, which
        then scroll with their "▼ more" mark, never clipped unmarked below the panel's edge; a
        panel of its content's height keeps the height it had before the notice the same way,
        so a long notice never pushes the board out of its rows (Finca's windmill lost its last
        two rows under a refusal of three)."""
        choices = self.query_one(Choices)
        grew = self.region.height - self._height_before if self._height_before else 0
        over = max(choices.region.bottom - self.content_region.bottom, grew)
        if self.told and over > 0 and choices.region.height > 1:
            choices.styles.max_height = max(1, choices.region.height - over)
            choices.call_after_refresh(choices.say_out_of_sight)

    def clear_told(self, key: bool = True) -> None:
        """Clear the row: a key clears every notice on it; a move (``key=False``) only those that
        are not errors (an error waits for the player's key)."""
        if self._lines:
            self._show_lines([line for line in self._lines if line[1] and not key])

    def star(self, index: int) -> None:
        """Mark choice ``index`` (the suggestion) with ★ after its digit, and highlight it."""
        ol = self.query_one(OptionList)
        if not 0 <= index < ol.option_count:
            return
        opt = ol.get_option_at_index(index)
        prompt = opt.prompt.copy() if isinstance(opt.prompt, Text) else Text(str(opt.prompt))
        plain = prompt.plain
        if len(plain) > 1 and plain[1] == " " and plain[:1] in "1234567890 ":  # "3 Move…" → "3★Move…"
            prompt = prompt[:1] + Text("★", "bold") + prompt[2:]
            ol.replace_option_prompt_at_index(index, prompt)
        self.highlight(index)

    def highlight(self, index: int) -> None:
        ol = self.query_one(OptionList)
        if 0 <= index < ol.option_count:
            ol.highlighted = index

    @property
    def highlighted(self) -> int | None:
        return self.query_one(OptionList).highlighted

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Chosen(event.option_index))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.post_message(self.Highlighted(event.option_index))
