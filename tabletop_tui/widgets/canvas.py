"""A tiny character canvas for board widgets: place styled text at (x, y), get rich Text lines.

Board text is never parsed as markup (so "[X]" stays "[X]")."""
from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text


class Canvas:
    def __init__(self, width: int, height: int, style: Style | str = ""):
        self.width = max(0, width)
        self.height = max(0, height)
        base = Style.parse(style) if isinstance(style, str) and style else (style or Style())
        self.cells: list[list[tuple[str, Style]]] = [
            [(" ", base) for _ in range(self.width)] for _ in range(self.height)]
        #: text put partly outside the canvas (a word cut at its edge), for the cut-text check
        self.cropped: list[str] = []

    def put(self, x: int, y: int, text: str, style: Style | str = "") -> None:
        if text.strip() and (not 0 <= y < self.height or x < 0 and text[:min(len(text), -x)].strip()
                             or x + len(text.rstrip()) > self.width):
            self.cropped.append(text)
        if not 0 <= y < self.height:
            return
        st = Style.parse(style) if isinstance(style, str) else style
        row = self.cells[y]
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                old = row[x + i][1]
                row[x + i] = (ch, old + st if old else st)  # keep the background underneath

    def fill(self, x: int, y: int, w: int, h: int, style: Style | str) -> None:
        st = Style.parse(style) if isinstance(style, str) else style
        for yy in range(y, y + h):
            if 0 <= yy < self.height:
                for xx in range(x, x + w):
                    if 0 <= xx < self.width:
                        ch, old = self.cells[yy][xx]
                        self.cells[yy][xx] = (ch, old + st if old else st)

    def put_centered(self, x: int, y: int, w: int, text: str, style: Style | str = "") -> None:
        if len(text.strip()) > w:
            self.cropped.append(text)
        text = text[:w]
        self.put(x + (w - len(text)) // 2, y, text, style)

    def to_text(self) -> Text:
        # Merge runs of one style into one span: thousands of one-character spans are slow to render.
        out = Text(no_wrap=True, overflow="crop", end="")
        for i, row in enumerate(self.cells):
            run: list[str] = []
            run_style = None
            for ch, st in row:
                if st != run_style and run:
                    out.append("".join(run), run_style or None)
                    run = []
                run_style = st
                run.append(ch)
            if run:
                out.append("".join(run), run_style or None)
            if i < self.height - 1:
                out.append("\n")
        return out

    def to_segments(self) -> list[list[Segment]]:
        """Rows of segments, one per run of a style (for a widget's render_line)."""
        rows = []
        for row in self.cells:
            segs: list[Segment] = []
            run: list[str] = []
            run_style = None
            for ch, st in row:
                if st != run_style and run:
                    segs.append(Segment("".join(run), run_style))
                    run = []
                run_style = st
                run.append(ch)
            if run:
                segs.append(Segment("".join(run), run_style))
            rows.append(segs)
        return rows
