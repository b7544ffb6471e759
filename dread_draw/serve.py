"""`dread-draw serve`: the table in a web browser, each browser session its own game.

textual-serve starts one app process per browser connection, always with one fixed command,
so every tab would share one save folder (a second tab opened on the first one's saved game).
This small layer around its `Server` gives each browser session an id, kept in the page's
address (``/?session=…``: a reload, or "open the table again", comes back to it), and runs
that session's own ``dread-draw play --save-dir <data>/web/<id>`` — the save folder mechanism
the terminal uses, so sessions never read or write each other's saves, nor the terminal
player's — with ``--resume`` when its game can go on. One table runs per session at a time:
a reload (or the same address in a second tab) closes the table it replaces before starting,
and nothing is lost by that, since every decision was saved as it was made.

The server listens on the loopback address unless told otherwise. Pages and sockets must name
this server as their host (no DNS rebinding) and sockets must come from its own pages (no
other web site can open a table behind the player's back).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import logging
import os
import re
import secrets
import shlex
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int
from yarl import URL

from dread_draw.errors import DreadDrawError
from dread_draw.i18n import _, current_language, fmt
from dread_draw.safe_text import markup_safe
from dread_draw.saves import SaveDir, default_root, open_save

TEMPLATES = Path(__file__).parent / "web"
SESSION_ID = re.compile(r"[A-Za-z0-9_-]{22}")  # what secrets.token_urlsafe(16) gives
LOCAL_NAMES = {"localhost", "127.0.0.1", "::1"}
STOP_SECONDS = 10.0  # how long a table may take to close before it is ended
log = logging.getLogger("dread-draw.serve")


class ServeError(DreadDrawError):
    """The server cannot start (the port is taken, the address is not this computer's)."""


def new_session_id() -> str:
    return secrets.token_urlsafe(16)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def can_resume(folder: Path) -> bool:
    """Whether the session's game in progress can go on at once (`play --resume`). A save that
    cannot is left to the new-game screen, which explains and offers a fresh start."""
    saves = SaveDir(folder)
    if not saves.has_current():
        return False
    try:
        save, _, _ = open_save(saves.current)
    except DreadDrawError:
        return False
    return not save.finished


# The language tag of the page (BCP 47): our Portuguese is Brazil's.
HTML_LANG = {"pt": "pt-BR"}


def page_words(title: str) -> dict[str, Any]:
    """The page's language tag and words, in the language serve was given."""
    return {
        "lang": HTML_LANG.get(current_language(), current_language()),
        "words": {
            "laying": fmt(_("{name}: the table is being laid…"), name=title),
            "start": _("Start"),
            "closed": _("This table is closed. Your game was saved at every move: open the "
                        "table again to go on."),
            "reopen": _("Open the table again"),
        },
    }


def play_command(folder: Path, resume: bool) -> str:
    """The shell command of one session's table (textual-serve runs a shell command)."""
    args = [sys.executable, "-m", "dread_draw", "play", "--save-dir", str(folder),
            "--lang", current_language()]  # the table speaks the language serve was given
    if resume:
        args.append("--resume")
    if os.name == "nt":
        return subprocess.list2cmdline(args)
    return "exec " + shlex.join(args)  # exec: the table is the process, so stopping it works


def host_of(netloc: str) -> str | None:
    """The host name in a Host header (``name:port``, ``[::1]:port``); None if garbled."""
    try:
        return URL(f"http://{netloc}").host
    except ValueError:
        return None


def origin(url: str) -> tuple[str, str, int | None] | None:
    """Scheme, host and port, to compare two origins; None if garbled."""
    try:
        parsed = URL(url)
        return parsed.scheme.lower(), (parsed.host or "").lower(), parsed.port
    except ValueError:
        return None


class Table(AppService):
    """One session's table: textual-serve's app process, with the session's own settings
    folder, closing the page when the process ends, and ended if it will not close."""

    def __init__(self, command: str, settings: Path, **kwargs: Any) -> None:
        super().__init__(command, **kwargs)
        self.settings = settings

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width=width, height=height)
        # The new-game screen remembers the session's last setup, not the terminal player's.
        environment["XDG_CONFIG_HOME"] = str(self.settings)
        return environment

    async def run(self) -> None:
        await super().run()
        await self.remote_close()  # the page says the table closed, rather than hang

    async def stop(self) -> None:
        try:
            await asyncio.wait_for(super().stop(), STOP_SECONDS)
        except TimeoutError:
            if self._process is not None and self._process.returncode is None:
                self._process.kill()
        # textual-serve returns once the table's output has ended, which may be a moment
        # before its process does; the session's next table starts at once and takes the save
        # folder's lock, which the OS lets go of only when this process has ended.
        process = self._process
        if process is not None and process.returncode is None:
            try:
                await asyncio.wait_for(process.wait(), STOP_SECONDS)
            except TimeoutError:
                process.kill()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(process.wait(), STOP_SECONDS)


class TableServer(Server):
    """textual-serve's server, with one game and one save folder per browser session."""

    def __init__(self, root: Path, host: str, port: int, public_url: str | None) -> None:
        super().__init__("dread-draw play", host=host, port=port, title="Dread Draw",
                         public_url=public_url, templates_path=TEMPLATES)
        self.sessions = root / "web"
        self.public = URL(public_url.rstrip("/")) if public_url else None
        self.loopback = is_loopback(host)
        self.latest: dict[str, web.WebSocketResponse] = {}  # each session's newest socket
        self.locks: dict[str, asyncio.Lock] = {}  # held while a session's table runs

    async def _make_app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws/{session}", self.handle_websocket, name="websocket"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.static("/static", self.statics_path, name="static"),
        ])
        app.on_shutdown.append(self.on_shutdown)
        return app

    # ---------------------------------------------------------------------- who may connect

    def check_host(self, request: web.Request) -> None:
        """On the loopback address, only this computer's own names (DNS rebinding)."""
        if not self.loopback:
            return
        names = LOCAL_NAMES | ({self.public.host} if self.public and self.public.host else set())
        if host_of(request.host) not in names:
            raise web.HTTPForbidden(text=_("This table is served to this computer only."))

    def check_origin(self, request: web.Request) -> None:
        """A socket opened by a page, from this server's own page (browsers always say)."""
        said = request.headers.get("Origin")
        if said is None:
            return
        mine = {origin(f"{request.scheme}://{request.host}")}
        if self.public:
            mine.add(origin(str(self.public)))
        if origin(said) is None or origin(said) not in mine:
            raise web.HTTPForbidden(text=_("A table opens only from its own page."))

    def base_url(self, request: web.Request) -> str:
        return str(self.public) if self.public else f"{request.scheme}://{request.host}"

    # ---------------------------------------------------------------------- the page

    async def handle_index(self, request: web.Request) -> web.Response:
        self.check_host(request)
        session = request.query.get("session", "")
        if not SESSION_ID.fullmatch(session):
            # A new visitor: a session of their own, in the address so that a reload keeps it.
            # Relative, so it also works behind a proxy that serves us under a path.
            query = {**request.query, "session": new_session_id()}  # ?fontsize= stays
            raise web.HTTPFound(f"?{URL.build(query=query).query_string}")
        base = self.base_url(request)
        socket_base = "wss" + base[5:] if base.startswith("https:") else "ws" + base[4:]
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{socket_base}/ws/{session}",
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": self.title},
            **page_words(self.title),
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Cache-Control"] = "no-store"
        return response

    # ---------------------------------------------------------------------- the table

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        self.check_host(request)
        self.check_origin(request)
        session = request.match_info["session"]
        if not SESSION_ID.fullmatch(session):
            raise web.HTTPNotFound()
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        # A reload (or a second tab) takes the session over; the table it replaces closes
        # first, so two tables never share a save folder.
        previous, self.latest[session] = self.latest.get(session), websocket
        if previous is not None:
            await previous.close(code=WSCloseCode.GOING_AWAY, message=b"opened elsewhere")
        async with self.locks.setdefault(session, asyncio.Lock()):
            if self.latest.get(session) is websocket:  # else a newer one came while we waited
                await self.run_table(session, websocket, to_int(request.query.get(
                    "width", "80"), 80), to_int(request.query.get("height", "24"), 24))
        if self.latest.get(session) is websocket:  # no newer connection: forget the session
            del self.latest[session]
            del self.locks[session]
        await websocket.close()
        return websocket

    async def run_table(self, session: str, websocket: web.WebSocketResponse,
                        width: int, height: int) -> None:
        folder = self.sessions / session
        resume = await asyncio.to_thread(can_resume, folder)
        table = Table(play_command(folder, resume), folder / "settings",
                      write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                      close=websocket.close, download_manager=self.download_manager)
        try:
            await table.start(width, height)
            await self._process_messages(websocket, table)
        except Exception:  # a dropped connection or a garbled message ends this table only
            log.exception("session %s", session)
        finally:
            await table.stop()

    async def on_shutdown(self, app: web.Application) -> None:
        await asyncio.gather(*(websocket.close(code=WSCloseCode.GOING_AWAY,
                                               message=b"server stopping")
                               for websocket in list(self.latest.values())))

    # ---------------------------------------------------------------------- running

    def address(self, port: int) -> str:
        if self.public:
            return f"{self.public}/"
        host = socket.gethostname() if self.host in ("0.0.0.0", "::", "") else self.host
        return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"

    async def run(self) -> None:
        """Serve until Ctrl+C (or SIGTERM); every table closes, saved, on the way out."""
        runner = web.AppRunner(await self._make_app(), access_log=None)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
        except OSError as e:
            await runner.cleanup()
            raise ServeError(bind_problem(markup_safe(self.host), self.port, e)) from None
        port = runner.addresses[0][1]
        if self.public:
            text = _("Dread Draw is served on port {port} at {address} — open that address in a "
                     "web browser. Each browser session is a game of its own. Press Ctrl+C to "
                     "stop.")
        else:
            text = _("Dread Draw is served at {address} — open that address in a web browser. "
                     "Each browser session is a game of its own. Press Ctrl+C to stop.")
        self.console.print(fmt(text, port=port, address=self.address(port)), soft_wrap=True,
                           highlight=False, markup=False)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(signum, stop.set)
            except (NotImplementedError, RuntimeError):  # Windows: Ctrl+C interrupts instead
                pass
        try:
            await stop.wait()
        finally:
            await runner.cleanup()


def bind_problem(host: str, port: int, e: OSError) -> str:
    if e.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", None)):
        return fmt(_("port {port} on {host} is already in use (by another program, or another "
                     "dread-draw serve); choose another with --port."), port=port, host=host)
    if e.errno in (errno.EACCES, getattr(errno, "WSAEACCES", None)):
        return fmt(_("this user may not listen on port {port}; choose a port above 1023 with "
                     "--port."), port=port)
    return fmt(_("cannot listen on {host} port {port} ({reason}); check --host: it must be an "
                 "address of this computer."), host=host, port=port, reason=e.strerror or e)


def serve_command(*, host: str, port: int, public_url: str | None,
                  save_dir: Path | None) -> None:
    """`dread-draw serve`: warn when others can reach the table, then serve until Ctrl+C."""
    if public_url is not None:
        given = origin(public_url)
        if given is None or given[0] not in ("http", "https") or not given[1]:
            raise ServeError(fmt(_("--public-url {url}: give the whole address other computers "
                                   "use, such as http://192.168.1.20:8000."),
                                 url=markup_safe(public_url)))
    server = TableServer(save_dir if save_dir is not None else default_root(), host, port,
                         public_url)
    server.initialize_logging()
    if not server.loopback:
        server.console.print(
            fmt(_("[bold yellow]Warning:[/] serving on {host}, not only on this computer: "
                  "anyone who can reach it on port {port} can open a table and play here."),
                host=markup_safe(host), port=port),
            soft_wrap=True, highlight=False)
    asyncio.run(server.run())
