"""A seat's input, bounded before Textual's parser sees it (issue 44, items 2 and 3).

A seat reads what a stranger sends: a browser's websocket, an SSH channel, a terminal. Textual's
own input loop trusts it. ``\\x1b[999999999999A`` killed its input thread (``OverflowError`` in
``_character_to_key``: a browser's tab closed and its seat process stayed; a terminal showed the
player a traceback with the host's paths), a byte that is not UTF-8 does the same in the terminal
driver, and 100 KB of typed text became 100,000 key events queued faster than the app takes them
(a core spent, hundreds of MB, alive after the player left). So in a seat process the drivers'
input loops are replaced by ones that

- take input at a bounded pace (a burst of :data:`BURST` bytes, then :data:`RATE` a second; no
  player types or clicks faster): more waits where it is (a terminal's or a pipe's buffer, serve
  waiting to write; serve refuses a message over 64 KB), the player told once it has passed (a
  dropped byte could end a paste or an escape sequence halfway, and leave the seat deaf);
- decode UTF-8 with a replacement character for what is not UTF-8;
- clamp every number in an escape sequence to :data:`LARGEST` (the largest code point; no
  terminal has more rows, columns or keys): extra digits are dropped;
- if the input loop fails all the same, end the seat at once: one line to the player, the
  details (without frames' locals) on the host's side (a seat's error output, which ``serve``
  prints, or the seat log in the data folder for a terminal or SSH seat).
"""
from __future__ import annotations

import codecs
import os
import re
import threading
import time
import traceback
from typing import Any, Callable, Iterable, Iterator

BURST = 4096  # bytes taken at once (a paste of a few lines, a burst of mouse reports)
RATE = 1024  # bytes a second after the burst (a mouse moved fast in a browser sends ~700; keys far less)
LARGEST = 0x10FFFF  # the largest number an escape sequence may carry (a code point)
PIECE = 1024  # bytes parsed at a time
TELL_AFTER = 0.5  # seconds after the input was taken that the player is told of it
TOO_MUCH = ("A lot of input came at once ({kb} KB more than a player types): this seat took it at a "
            "player's pace.")
INPUT_FAILED = ("The seat ended: its input could not be read ({why}). Open it again with your "
                "code; nothing is lost.")
GRACE = 2.0  # seconds the app has to end by itself once its input failed

_NORMAL, _ESCAPE, _CSI = 0, 1, 2
# anything shaped like a code (7 groups of 4 base32 letters, however joined): blanked in what a
# seat writes for the host, and in serve's output
CODE_SHAPE = re.compile(r"(?i)(?<![a-z2-7])[a-z2-7]{4}(?:[-\s_/]?[a-z2-7]{4}){6}(?![a-z2-7])")


class InputBound:
    """What of a stream of input bytes reaches the parser, and when: at a bounded pace, decoded,
    with the numbers in escape sequences clamped. Keeps its state across chunks (a sequence may
    be split between two reads)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, rate: float = RATE,
                 burst: int = BURST) -> None:
        self.clock = clock
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.last = clock()
        self.decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self.state = _NORMAL
        self.number = -1  # the number being read in a control sequence (-1: none)

    def pace(self, size: int) -> float:
        """Seconds to wait before ``size`` more bytes may be taken (0: at once)."""
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.last) * self.rate)
        self.last = now
        self.tokens -= size
        return max(0.0, -self.tokens / self.rate)

    def text(self, data: bytes) -> str:
        """``data`` decoded (what is not UTF-8 replaced), numbers clamped."""
        return self.clamp(self.decode(data))

    def clamp(self, text: str) -> str:
        if "\x1b" not in text and self.state == _NORMAL:
            return text  # (most input: plain keys)
        out = []
        for ch in text:
            if self.state == _CSI:
                if "0" <= ch <= "9":
                    value = max(self.number, 0) * 10 + ord(ch) - 48
                    if value > LARGEST:
                        continue  # a digit too many: dropped
                    self.number = value
                elif " " <= ch <= "?":  # parameter and intermediate bytes: ; : < = > ? and the like
                    self.number = -1
                else:  # the final byte, or anything that ends the sequence
                    self.state = _ESCAPE if ch == "\x1b" else _NORMAL
            elif self.state == _ESCAPE:
                self.state = _CSI if ch == "[" else (_ESCAPE if ch == "\x1b" else _NORMAL)
                self.number = -1
            elif ch == "\x1b":
                self.state = _ESCAPE
            out.append(ch)
        return "".join(out)


def log_path() -> str:
    from tabletop_tui.match import data_dir

    return str(data_dir() / "seat-errors.log")


def log_failure(error: BaseException, where: str) -> None:
    """The details of a failed input loop for the host: the exception and the frames' lines,
    never their locals (they may hold input or a code). A browser's seat writes them to its
    error output, which serve prints (with anything shaped like a code blanked); a terminal's
    seat, whose error output is the player's screen, appends them to its data folder's seat log."""
    text = CODE_SHAPE.sub("[code]", f"{time.strftime('%Y-%m-%d %H:%M:%S')} a seat's input failed ({where}):\n" + "".join(
        traceback.format_exception(type(error), error, error.__traceback__)))
    if where == "web":
        import sys

        try:  # (the real one: Textual captures sys.stderr while the app runs)
            sys.__stderr__.write(text)
            sys.__stderr__.flush()
        except (OSError, ValueError):
            pass
        return
    try:
        path = log_path()
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "a", encoding="utf-8") as f:
            f.write(text)
    except OSError:
        pass  # (a full disk: the player's line still says what happened)


class BoundedInput:
    """Mixed in before a Textual driver: its input loop, bounded (see the module)."""

    _app: Any
    _debug: bool
    exit_event: threading.Event
    _bound: InputBound | None = None
    _parser: Any = None
    _paced = 0  # bytes that waited for their turn since the player was last told

    def _fresh_parser(self) -> Any:
        from textual._xterm_parser import XTermParser

        self._parser = XTermParser(self._debug)
        return self._parser

    def keys(self, data: bytes) -> Iterator[Any]:
        """The events of ``data`` (raw input bytes), a piece at a time at a player's pace: more
        than that waits here, so the sender waits too (a pipe's or a terminal's buffer full, serve
        waiting to write) and nothing piles up in this process. A sequence the parser fails on all
        the same is dropped with the parser's state (a fresh parser takes the next input)."""
        bound = self._bound
        if bound is None:
            bound = self._bound = InputBound()
        paced = 0
        for start in range(0, len(data), PIECE):
            piece = data[start:start + PIECE]
            wait = bound.pace(len(piece))
            if wait > 0:
                paced += len(piece)
                if self.exit_event.wait(wait):
                    return  # the seat is ending: the rest is of no use
            text = bound.text(piece)
            if text:
                yield from self._parsed(lambda parser: parser.feed(text))
        # more than a burst in one read is more than a player sends, whether or not this seat
        # had to wait for it (a slow seat takes it slower than the pace anyway)
        self._paced += max(paced, len(data) - bound.burst)

    def quiet(self) -> None:
        """No input came for a moment: if a flood was taken at a player's pace, the player is
        told now (told while it came, the next of its keys would clear the notice at once)."""
        if self._paced:
            self.tell_player(TOO_MUCH.format(kb=max(1, self._paced // 1024)))
            self._paced = 0

    def tick(self) -> list[Any]:
        """The events a pause completes (a lone escape key)."""
        return self._parsed(lambda parser: parser.tick())

    def _parsed(self, step: Callable[[Any], Iterable[Any]]) -> list[Any]:
        parser = self._parser or self._fresh_parser()
        try:
            return list(step(parser))
        except Exception:
            self._fresh_parser()
            return []

    def tell_player(self, message: str) -> None:
        """Said a moment after the keys already read have been taken (a notice said before them
        would be cleared by the first of them); kept on the notices page (n) too."""
        app = self._app

        def say() -> None:
            app.notify(message, title="Input", severity="warning", markup=False)

        try:
            app.call_later(app.set_timer, TELL_AFTER, say)
        except Exception:
            pass  # (the app is ending)

    def input_failed(self, error: BaseException, where: str) -> None:
        """The input loop failed: the seat ends at once, the player reads one line."""
        log_failure(error, where)
        app = self._app
        last = threading.Timer(GRACE, os._exit, args=(1,))  # if the app cannot end by itself
        last.daemon = True
        last.start()
        from rich.text import Text

        message = Text(INPUT_FAILED.format(why=type(error).__name__))
        try:
            app.call_from_thread(app.exit, return_code=1, message=message)
        except Exception:
            pass  # the timer ends the process


def bounded_driver(driver: type) -> type:
    """``driver`` (the class a Textual app chose) with its input loop bounded: Textual's terminal
    and web drivers; any other is returned as it is (a test's headless driver)."""
    from textual.drivers.web_driver import WebDriver

    if issubclass(driver, WebDriver):
        return BoundedWebDriver
    try:
        from textual.drivers.linux_driver import LinuxDriver
    except ImportError:  # (Windows)
        return driver
    if issubclass(driver, LinuxDriver):
        return _bounded_linux_driver()
    return driver


def _bounded_linux_driver() -> type:
    import selectors

    from textual.drivers.linux_driver import LinuxDriver

    class BoundedLinuxDriver(BoundedInput, LinuxDriver):
        """Textual's terminal driver, reading its input as Textual does, bounded."""

        def _run_input_thread(self) -> None:
            try:
                self.run_input_thread()
            except BaseException as error:  # (Textual's own shows the player a traceback)
                self.input_failed(error, "terminal")

        def run_input_thread(self) -> None:
            selector = selectors.DefaultSelector()
            selector.register(self.fileno, selectors.EVENT_READ)
            try:
                while not self.exit_event.is_set():
                    ready = selector.select(0.1)
                    if not ready:
                        self.quiet()
                    for _key, mask in ready:
                        if mask & selectors.EVENT_READ:
                            data = os.read(self.fileno, 4096)
                            if not data:  # (input at its end: the lifeline ends the seat)
                                break
                            for event in self.keys(data):
                                self.process_message(event)
                    for event in self.tick():
                        self.process_message(event)
            finally:
                selector.close()

    return BoundedLinuxDriver


def _web_driver_base() -> type:
    from textual.drivers.web_driver import WebDriver

    return WebDriver


class BoundedWebDriver(BoundedInput, _web_driver_base()):  # type: ignore[misc]
    """Textual's web driver (a browser's seat under serve), reading its input as Textual does,
    bounded; a size out of range is ignored, and serve can tell the player it refused input."""

    def run_input_thread(self) -> None:
        from textual.drivers._byte_stream import ByteStream
        from textual.drivers.web_driver import _ExitInput

        stream = ByteStream()
        try:
            for data in self._input_reader:
                if not data:
                    self.quiet()
                else:
                    for packet_type, payload in stream.feed(data):
                        if packet_type == "D":
                            for event in self.keys(payload):
                                self.process_message(event)
                        else:
                            self._on_meta(packet_type, payload)
                for event in self.tick():
                    self.process_message(event)
        except _ExitInput:
            pass
        except BaseException as error:  # (Textual's own logs it and leaves the seat running)
            self.input_failed(error, "web")
        finally:
            self._input_reader.close()

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if packet_type == "resize":
            width, height = payload.get("width"), payload.get("height")
            if not (valid_size(width) and valid_size(height)):
                return  # (serve checks it first; nothing else writes here)
        elif packet_type == INPUT_REFUSED:
            self.tell_player(str(payload.get("message", ""))[:300])
            return
        super().on_meta(packet_type, payload)


INPUT_REFUSED = "tabletop_input_refused"  # a meta packet serve sends when it refused a message
SIZES = range(1, 1001)  # columns or rows a seat takes (a browser's terminal; more is no screen)


def valid_size(value: object) -> bool:
    return type(value) is int and value in SIZES
