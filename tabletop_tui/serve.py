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
import logging
import re
import secrets
import shlex
import sys
import time
from http import HTTPStatus
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web, web_protocol, web_server
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from tabletop_tui.cli_common import SEAT_CODE_ENV, SEAT_SOURCE_ENV, STORE_ENV

log = logging.getLogger("textual-serve")

TICKET_SECONDS = 60.0
# anything shaped like a code (7 groups of 4 base32 letters, however joined), blanked in serve's output
CODE_SHAPE = re.compile(r"(?i)(?<![a-z2-7])[a-z2-7]{4}(?:[-\s_/]?[a-z2-7]{4}){6}(?![a-z2-7])")
CDN_FONT = re.compile(r'<link\s+rel="stylesheet"\s+href="https://fonts\.googleapis\.com/[^"]*"\s*/>')
OWN_FONT = ('<style>@font-face { font-family: "Roboto Mono"; font-display: swap; '
            'src: url("{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }</style>')
PAGE = "seat_page.html"
# a seat opened in a newer tab: the older tab's websocket is closed with these
TAKEN_OVER = b"This seat was opened in another tab or browser; it goes on there. (Reload here to take it back.)"
TAKEN_OVER_CLOSE = 4000  # (a close code of the application's own range)


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


class SeatServer(Server):
    def __init__(self, store: str | None = None, host: str = "127.0.0.1", port: int = 8000,
                 public_url: str | None = None, trusted_proxies: Any = ()) -> None:
        # exec: the seat is serve's own child, so that it gets its parent-death signal (lifeline.py)
        command = f"exec {shlex.quote(sys.executable)} -m tabletop_tui seat"
        super().__init__(command, host=host, port=port, title="tabletop", public_url=public_url)
        self.given_public_url = public_url
        self.store = store
        self.tickets: dict[str, tuple[str, str, float]] = {}  # ticket → (code, source, made at)
        self.open_seats: dict[str, web.WebSocketResponse] = {}  # code → the one tab its seat runs in
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
        sys.stdout, sys.stderr = Redacting(sys.stdout), Redacting(sys.stderr)
        self.console.file = sys.stdout
        web_server.RequestHandler = QuietRequestHandler  # (this process serves nothing else)
        super().serve(debug=False)  # debug would start devtools in each seat

    async def on_startup(self, app: web.Application) -> None:
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
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    # -- pages ---------------------------------------------------------------------------------
    async def handle_home(self, request: web.Request) -> web.Response:
        return _page("tabletop", "Open your seat at <code>/seat/YOUR-CODE</code>, with the code "
                                 "the host gave you.")

    def _base_url(self, request: web.Request) -> str:
        if self.given_public_url:
            return self.given_public_url.rstrip("/")
        return f"{request.scheme}://{request.host}"  # the address the visitor used (not 0.0.0.0)

    async def handle_seat(self, request: web.Request) -> web.StreamResponse:
        from tabletop_tui.store.base import CodeRefused, StoreError
        from tabletop_tui.store.open import open_store

        code = request.match_info["code"]
        source = self.visitor(request)

        def check() -> None:
            st = open_store(self.store, create=False)
            try:
                st.admit(code, source, pause=False)  # the wait is slept below, holding no thread
            finally:
                st.close()

        try:
            await asyncio.get_running_loop().run_in_executor(None, check)
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
        self.tickets[ticket] = (code, source, now)
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
        websocket = web.WebSocketResponse(heartbeat=15)
        if found is None or time.monotonic() - found[2] > TICKET_SECONDS:
            await websocket.prepare(request)
            await websocket.close(message=b"This page has expired: open your seat's address again.")
            return websocket
        code, source, _ = found
        # one tab per code: the newest takes the seat over (a reload, the same seat opened on a
        # phone); the older is told so and closed, and its seat process ends with it
        older = self.open_seats.get(code)
        self.open_seats[code] = websocket
        if older is not None and not older.closed:
            await older.close(code=TAKEN_OVER_CLOSE, message=TAKEN_OVER)
        env = {SEAT_CODE_ENV: code, SEAT_SOURCE_ENV: source}
        if self.store:
            env[STORE_ENV] = self.store
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        service: AppService | None = None
        try:
            await websocket.prepare(request)
            service = SeatService(self.command, write_bytes=websocket.send_bytes,
                                  write_str=websocket.send_str, close=websocket.close,
                                  download_manager=self.download_manager, debug=self.debug,
                                  extra_env=env)
            await service.start(width, height)
            try:
                await self._process_messages(websocket, service)
            finally:
                await service.stop()
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:
            log.error("a seat's connection failed: %s", type(error).__name__)
        finally:
            if service is not None:
                await service.stop()
            if self.open_seats.get(code) is websocket:
                del self.open_seats[code]
        return websocket


def _page(title: str, body: str, status: int = 200) -> web.Response:
    return web.Response(status=status, content_type="text/html", headers={"Cache-Control": "no-store"},
                        text=f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title></head>"
                             f"<body style='font-family: monospace; background: #0c181f; color: #eee; "
                             f"padding: 2em'><h1>{title}</h1><p>{body}</p></body></html>")


__all__ = ["SeatServer", "SeatService"]
