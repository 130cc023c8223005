"""An option list whose cursor stops at its ends: the launcher's games and the Continue list."""
from __future__ import annotations

from textual.widgets import OptionList


class StopAtEndsList(OptionList):
    """An option list whose cursor stops at the first and last entries, as Textual's ListView
    and DataTable do (OptionList alone wraps around): Down on the last game must not open the
    first one."""

    def _step(self, direction: int) -> None:
        if self.highlighted is None:
            super().action_cursor_down() if direction > 0 else super().action_cursor_up()
            return
        i = self.highlighted + direction
        while 0 <= i < self.option_count and self.get_option_at_index(i).disabled:
            i += direction
        if 0 <= i < self.option_count:
            self.highlighted = i

    def action_cursor_down(self) -> None:
        self._step(1)

    def action_cursor_up(self) -> None:
        self._step(-1)
