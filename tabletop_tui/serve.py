"""`tabletop serve`: the seats in a browser, through textual-serve.

Each player opens ``/seat/CODE``. The page checks the code (refused codes count against the
visitor's address, as over SSH) and hands the browser a one-time ticket for its websocket; the
websocket starts `tabletop seat` with the code in that process's environment — never in the shell
command, which other users of the machine can read. The access log is off (the page's address
holds the code).

This subclass uses textual-serve's private parts (its page template, ``AppService`` and the
websocket loop), so the version is pinned in pyproject.toml (textual-serve==1.1.3).

It keeps to itself (issue 35): a malformed or oversized request gets its 4xx status and nothing
else (aiohttp would echo the request line, which holds the code, and log a traceback with the
frames' locals); nothing is logged with a traceback; whatever serve writes passes through a
filter that blanks anything shaped like a code; and the page loads nothing from another host
(textual-serve's page links a font stylesheet on a public CDN: ours uses the copy of the same
font that textual-serve ships, served from our /static, and a Content-Security-Policy says so).
"""
from __future__ import annotations

import asyncio
import html
import ipaddress
import json
import logging
import re
import secrets
import shlex
import signal
import sys
import time
from http import HTTPStatus
from pathlib import Path
from typing import Any

import aiohttp
import aiohttp_jinja2
import jinja2
from aiohttp import web, web_protocol, web_server
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from tabletop_tui.cli_common import SEAT_CODE_ENV, SEAT_SOURCE_ENV, STORE_ENV
from tabletop_tui.seat_input import CODE_SHAPE, INPUT_REFUSED, valid_size
from tabletop_tui.store.codes import normalise

log = logging.getLogger("textual-serve")

TICKET_SECONDS = 60.0
CDN_FONT = re.compile(r'<link\s+rel="stylesheet"\s+href="https://fonts\.googleapis\.com/[^"]*"\s*/>')
OWN_FONT = ('<style>@font-face { font-family: "Roboto Mono"; font-display: swap; '
            'src: url("{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }</style>')
PAGE = "seat_page.html"
# a seat opened in a newer tab: the older tab's websocket is closed with these
TAKEN_OVER = b"This seat was opened in another tab or browser; it goes on there. (Reload here to take it back.)"
TAKEN_OVER_CLOSE = 4000  # (a close code of the application's own range)
STOPPED = b"The host stopped serving the tables. Nothing is lost: open your seat's address again once it is back."
STOPPED_CLOSE = 4001
STOP_SECONDS = 2.0  # SIGTERM to the end of serve, seats included
SEAT_QUIT_SECONDS = 1.0  # a seat asked to quit that has not: ended (it reads no input any more)
MESSAGE_LIMIT = 64 * 1024  # characters of one websocket message passed on to a seat
FRAME_LIMIT = 1024 * 1024  # bytes of one websocket frame aiohttp reads at all (past it: closed)
BACKLOG = 256 * 1024  # bytes of input waiting for a seat to read them; past it, more is refused
BACKLOGGED = "This seat was still taking earlier input: what came after it was not passed on."
TOO_LONG = "That input was too long ({n} characters; a seat takes {limit} at once) and was not passed on."


class QuietRequestHandler(web_protocol.RequestHandler):
    """aiohttp's connection handler, answering a request it cannot read (a request line over
    8 KB, a malformed one) with its status and phrase only: no echo of the request, no log."""

    def handle_error(self, request: Any, status: int = 500, exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        if request.writer.output_size > 0:
            raise ConnectionError("a response was sent already")
        try:
            phrase = HTTPStatus(status).phrase
        except ValueError:
            phrase = "Error"
        resp = web.Response(status=status, text=f"{status} {phrase}\n", content_type="text/plain")
        resp.force_close()
        return resp


class Redacting:
    """serve's standard output or error, with anything shaped like a code blanked (a seat
    process's error output is copied there when it ends: textual-serve does so)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(CODE_SHAPE.sub("[code]", text))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class NoTracebacks(logging.Filter):
    """A log line says what happened in words; never a traceback (it lists frames' locals)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info:
            record.msg = f"{record.getMessage()} ({record.exc_info[0].__name__})"
            record.args = ()
        record.exc_info = record.exc_text = None
        record.stack_info = None
        return True


def seat_page(templates_path: str | Path) -> str:
    """textual-serve's page, its web font served by us instead of a public CDN."""
    text = (Path(templates_path) / "app_index.html").read_text(encoding="utf-8")
    page, found = CDN_FONT.subn(OWN_FONT, text)
    if found != 1 or re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", page):
        raise RuntimeError("textual-serve's page template is not the one serve.py knows (1.1.3)")
    return page


class SeatService(AppService):
    """One browser's seat process, with its code, the visitor's address and the store in its
    environment."""

    def __init__(self, *args: Any, extra_env: dict[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.extra_env = extra_env

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = super()._build_environment(width, height)
        for name in ("SSH_ORIGINAL_COMMAND", "SSH_CLIENT", "SSH_CONNECTION"):  # (serve started over SSH)
            env.pop(name, None)
        env.update(self.extra_env)
        return env

    async def send_bytes(self, data: bytes) -> bool:
        """Pass input on without waiting for the seat to read it (a seat takes input at a
        player's pace: waiting here, serve would stop reading this websocket, and miss its close),
        unless BACKLOG bytes already wait for it: then refused (False)."""
        return self._send(self.encode_packet(b"D", data), BACKLOG)

    async def send_meta(self, data: dict[str, Any]) -> bool:
        return self._send(self.encode_packet(b"M", json.dumps(data).encode("utf-8")), 4 * BACKLOG)

    def _send(self, packet: bytes, limit: int) -> bool:
        stdin = self._stdin
        if stdin is None or stdin.is_closing() or stdin.transport.get_write_buffer_size() + len(packet) > limit:
            return False
        try:
            stdin.write(packet)
        except (RuntimeError, OSError):
            return False
        return True

    async def stop(self) -> None:
        """Ask the seat to quit; one that has not within a second (its input no longer read) is
        ended: no seat outlives its websocket."""
        task = self._task
        if task is None:
            return
        try:
            await asyncio.wait_for(super().stop(), SEAT_QUIT_SECONDS)
        except (asyncio.TimeoutError, OSError):
            pass
        if self._process is not None and self._process.returncode is None:
            try:
                self._process.kill()
            except ProcessLookupError:
                pass
            await self._process.wait()
        self._task = None
        if not task.done():
            task.cancel()
        await asyncio.gather(task, return_exceptions=True)


class SeatServer(Server):
    def __init__(self, store: str | None = None, host: str = "127.0.0.1", port: int = 8000,
                 public_url: str | None = None, trusted_proxies: Any = ()) -> None:
        # exec: the seat is serve's own child, so that it gets its parent-death signal (lifeline.py)
        command = f"exec {shlex.quote(sys.executable)} -m tabletop_tui seat"
        super().__init__(command, host=host, port=port, title="tabletop", public_url=public_url)
        self.given_public_url = public_url
        self.store = store
        self.tickets: dict[str, tuple[str, str, bool, float]] = {}  # ticket → (code, source, spectator, made at)
        self.open_seats: dict[str, web.WebSocketResponse] = {}  # canonical code → the one tab its seat runs in
        self.sockets: set[web.WebSocketResponse] = set()  # every open tab, spectators' too
        self.services: set[AppService] = set()  # every seat process running
        self.stopping: asyncio.Event | None = None
        self.trusted = [ipaddress.ip_network(p, strict=False) for p in trusted_proxies]  # ValueError: not one

    def visitor(self, request: web.Request) -> str:
        """The visitor's address, the source their wrong codes count against: the connection's,
        or, when it comes from a proxy given with --trusted-proxy, the last address in
        X-Forwarded-For that is not a trusted proxy (the ones before it the visitor may forge)."""
        remote = request.remote or "web"
        if not self._trusted(remote):
            return remote
        hops = [h.strip() for h in ",".join(request.headers.getall("X-Forwarded-For", [])).split(",")]
        for hop in reversed([h for h in hops if h]):
            if not self._trusted(hop):
                return hop[:64]
        return remote

    def _trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in self.trusted)

    # -- logging: never the page's address (it holds the code) -------------------------------
    def initialize_logging(self) -> None:
        logging.basicConfig(level="INFO", format="%(message)s")
        for handler in logging.getLogger().handlers:
            handler.addFilter(NoTracebacks())
        logging.getLogger("aiohttp.access").disabled = True
        logging.getLogger("aiohttp.server").disabled = True  # its lines name the request

    def serve(self, debug: bool = False) -> None:
        """Serve until SIGINT or SIGTERM; then every seat is told and ended, and serve ends, in
        STOP_SECONDS. OSError if the port cannot be had (said before anything else is)."""
        self.debug = False  # debug would start devtools in each seat
        self.initialize_logging()
        sys.stdout, sys.stderr = Redacting(sys.stdout), Redacting(sys.stderr)
        self.console.file = sys.stdout
        web_server.RequestHandler = QuietRequestHandler  # (this process serves nothing else)
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._serve(loop))
        finally:
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    async def _serve(self, loop: asyncio.AbstractEventLoop) -> None:
        self.stopping = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, self.stopping.set)
        runner = web.AppRunner(await self._make_app(), handle_signals=False, access_log=None,
                               shutdown_timeout=STOP_SECONDS / 4)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()  # OSError: the port
            self.announce()
            await self.stopping.wait()
        finally:
            await runner.cleanup()  # (on_shutdown ends the seats first)

    def request_exit(self) -> None:
        if self.stopping is not None:
            self.stopping.set()

    async def on_shutdown(self, app: web.Application) -> None:
        """Every open tab is told the host stopped, and every seat process ends (none is left
        for a later serve to find)."""
        for websocket in list(self.sockets):
            if not websocket.closed:
                await websocket.close(code=STOPPED_CLOSE, message=STOPPED)
        await asyncio.gather(*(service.stop() for service in list(self.services)), return_exceptions=True)

    def announce(self) -> None:
        where = self.given_public_url or f"http://{self.host}:{self.port}"
        self.console.print(f"Serving table seats on {where}/seat/CODE", highlight=False)
        if self.host in ("127.0.0.1", "localhost", "::1"):
            self.console.print("Only this machine can open them (--host 0.0.0.0 and --public-url "
                               "let others in; put HTTPS in front of it).", highlight=False)
        else:
            self.console.print(f"Listening on {self.host}: anyone who can reach this machine and "
                               "has a code can sit down. Put HTTPS in front of it.", highlight=False)
        self.console.print("Press Ctrl+C to stop.", highlight=False)

    async def _make_app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.DictLoader({PAGE: seat_page(self.templates_path)}))
        app.add_routes([
            web.get("/", self.handle_home, name="index"),
            web.get("/seat/{code}", self.handle_seat, name="seat"),
            web.get("/ws/{ticket}", self.handle_seat_websocket, name="websocket"),
            web.static("/static", self.statics_path, show_index=False, name="static"),
        ])
        app.on_shutdown.append(self.on_shutdown)
        return app

    # -- pages ---------------------------------------------------------------------------------
    async def handle_home(self, request: web.Request) -> web.Response:
        return _page("tabletop", "Open your seat at <code>/seat/YOUR-CODE</code>, with the code "
                                 "the host gave you.")

    def _base_url(self, request: web.Request) -> str:
        """--public-url, or serve's own address the visitor reached (never the request's Host
        header: anyone may write it, and the page's links and websocket would follow it)."""
        if self.given_public_url:
            return self.given_public_url.rstrip("/")
        sockname = request.transport.get_extra_info("sockname") if request.transport else None
        address, port = (sockname[0], sockname[1]) if sockname else (self.host, self.port)
        if ":" in address:  # IPv6
            address = f"[{address}]"
        return f"http://{address}:{port}"

    async def handle_seat(self, request: web.Request) -> web.StreamResponse:
        from tabletop_tui.store.base import CodeRefused, StoreError
        from tabletop_tui.store.open import open_store

        code = request.match_info["code"]
        source = self.visitor(request)

        def check() -> Any:
            st = open_store(self.store, create=False)
            try:
                return st.admit(code, source, pause=False)  # the wait is slept below, holding no thread
            finally:
                st.close()

        try:
            access = await asyncio.get_running_loop().run_in_executor(None, check)
        except CodeRefused as e:
            await asyncio.sleep(e.wait)
            return _page("Seat refused", html.escape(str(e)), status=403)
        except StoreError as e:
            return _page("Seat unavailable", html.escape(str(e)), status=503)
        except Exception as e:  # the store's server is away
            return _page("Seat unavailable", f"The table store cannot be reached ({type(e).__name__}); "
                                             "try again shortly.", status=503)
        now = time.monotonic()
        self.tickets = {k: v for k, v in self.tickets.items() if now - v[2] < TICKET_SECONDS}
        ticket = secrets.token_urlsafe(18)
        self.tickets[ticket] = (code, source, access.spectator, now)
        base = self._base_url(request)
        ws = ("wss:" if base.startswith("https") else "ws:") + base.split(":", 1)[1] + f"/ws/{ticket}"
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": ws,
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": "tabletop"},
        }
        response = aiohttp_jinja2.render_template(PAGE, request, context)
        response.headers["Cache-Control"] = "no-store"
        response.headers["Referrer-Policy"] = "no-referrer"
        origin = ws.split("/ws/", 1)[0]
        response.headers["Content-Security-Policy"] = (  # nothing from another host
            "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
            f"img-src 'self' data:; font-src 'self'; connect-src 'self' {origin}; base-uri 'none'; "
            "form-action 'none'; frame-ancestors 'none'")
        return response

    async def handle_seat_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's websocket loop, with the seat's code from the ticket."""
        found = self.tickets.pop(request.match_info["ticket"], None)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=FRAME_LIMIT)
        if found is None or time.monotonic() - found[3] > TICKET_SECONDS or self.stopping_now():
            await websocket.prepare(request)
            await websocket.close(message=b"This page has expired: open your seat's address again.")
            return websocket
        code, source, spectator, _ = found
        # one tab per code, compared in its canonical form (however it was typed): the newest
        # takes the seat over (a reload, the same seat opened on a phone); the older is told so
        # and closed, and its seat process ends with it. Spectators are many: none closes another.
        key = None if spectator else normalise(code)
        older = self.open_seats.get(key) if key else None
        if key:
            self.open_seats[key] = websocket
        if older is not None and not older.closed:
            await older.close(code=TAKEN_OVER_CLOSE, message=TAKEN_OVER)
        env = {SEAT_CODE_ENV: code, SEAT_SOURCE_ENV: source}
        if self.store:
            env[STORE_ENV] = self.store
        width, height = (_size(request.query.get(k), default) for k, default in (("width", 80), ("height", 24)))
        service: AppService | None = None
        self.sockets.add(websocket)
        try:
            await websocket.prepare(request)
            service = SeatService(self.command, write_bytes=websocket.send_bytes,
                                  write_str=websocket.send_str, close=websocket.close,
                                  download_manager=self.download_manager, debug=self.debug,
                                  extra_env=env)
            self.services.add(service)
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:
            log.error("a seat's connection failed: %s", type(error).__name__)
        finally:
            self.sockets.discard(websocket)
            if service is not None:
                await service.stop()
                self.services.discard(service)
            if key and self.open_seats.get(key) is websocket:
                del self.open_seats[key]
        return websocket

    def stopping_now(self) -> bool:
        return self.stopping is not None and self.stopping.is_set()

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """textual-serve's loop over the page's messages, each checked before it reaches the
        seat: a list of a known type and the values it takes (a size 1 to 1000 cells, text for
        standard input, at most MESSAGE_LIMIT characters); anything else is dropped unread
        (textual-serve passed it on, or failed with a traceback)."""
        refused = False
        async for message in websocket:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            if len(message.data) > MESSAGE_LIMIT:  # refused, and the player told
                await app_service.send_meta({"type": INPUT_REFUSED, "message": TOO_LONG.format(
                    n=len(message.data), limit=MESSAGE_LIMIT)})
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
                continue
            kind, data = envelope[0], (envelope[1] if len(envelope) > 1 else None)
            if kind == "stdin" and isinstance(data, str) and data:
                if await app_service.send_bytes(data.encode("utf-8", "ignore")):
                    refused = False
                elif not refused:  # said once, behind what waits (the seat reads in order)
                    refused = True
                    await app_service.send_meta({"type": INPUT_REFUSED, "message": BACKLOGGED})
            elif kind == "resize" and isinstance(data, dict) and valid_size(data.get("width")) \
                    and valid_size(data.get("height")):
                await app_service.set_terminal_size(data["width"], data["height"])
            elif kind == "ping" and isinstance(data, str) and len(data) <= 64:
                await websocket.send_json(["pong", data])
            elif kind == "blur" and data is None:
                await app_service.blur()
            elif kind == "focus" and data is None:
                await app_service.focus()


def _size(text: str | None, default: int) -> int:
    """A size from the websocket's address: 1 to 1000 cells, else ``default``."""
    value = to_int(text or "", default)
    return value if valid_size(value) else default


def _page(title: str, body: str, status: int = 200) -> web.Response:
    return web.Response(status=status, content_type="text/html", headers={"Cache-Control": "no-store"},
                        text=f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title></head>"
                             f"<body style='font-family: monospace; background: #0c181f; color: #eee; "
                             f"padding: 2em'><h1>{title}</h1><p>{body}</p></body></html>")


__all__ = ["SeatServer", "SeatService"]
