"""`dread-draw serve`: the table in a web browser, each browser session its own game.

textual-serve starts one app process per browser connection, always with one fixed command,
so every tab would share one save folder (a second tab opened on the first one's saved game).
This small layer around its `Server` gives each browser session an id, kept in the page's
address (``/?session=…``: a reload, or "open the table again", comes back to it) and in a
cookie (the bare address, opened again in the same browser, comes back to it too), and runs
that session's own ``dread-draw play --save-dir <data>/web/<id>`` — the save folder mechanism
the terminal uses, so sessions never read or write each other's saves, nor the terminal
player's — with ``--resume`` when its game can go on. One table runs per session at a time:
a reload (or the same address in a second tab) closes the table it replaces before starting,
and nothing is lost by that, since every decision was saved as it was made.

At most `--max-tables` tables run at once (a visitor beyond them gets a page saying so); a
table nobody has typed in for `--idle-minutes` closes, its game saved; a session folder with
no game in it is removed when its table closes and when the server starts.

Only the server issues session ids (no session fixation): an id in the address is taken only
if it is this browser's own (its cookie) or holds a saved game (the address of a game, opened
in another browser, goes on with it); any other gets a fresh session. Each table speaks the
language its player chose on the new-game screen (kept in the session's settings, so a
reload, a reopened table and an idle close keep it), else the browser's (`Accept-Language`),
else serve's. A browser asks for the table's size: it gets at most `MAX_COLUMNS` x `MAX_ROWS`.

The server listens on the loopback address unless told otherwise. Pages and sockets must name
this server as their host (no DNS rebinding), sockets must come from its own pages (no other
web site can open a table behind the player's back), and no other site may frame its pages.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import json
import logging
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
from collections import OrderedDict
from pathlib import Path
from typing import Any

import aiohttp
import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int
from yarl import URL

from dread_draw.base.errors import DreadDrawError
from dread_draw.base.files import read_bounded
from dread_draw.base.reasons import os_reason
from dread_draw.base.safe_text import markup_safe
from dread_draw.i18n import (
    LANGUAGES,
    _,
    current_language,
    fmt,
    ngettext,
    parse_locale,
    set_language,
)
from dread_draw.store.saves import SaveDir, open_save

TEMPLATES = Path(__file__).parent
SESSION_ID = re.compile(r"[A-Za-z0-9_-]{22}")  # what secrets.token_urlsafe(16) gives
LOCAL_NAMES = {"localhost", "127.0.0.1", "::1"}
STOP_SECONDS = 10.0  # how long a table may take to close before it is ended
COOKIE = "dread_draw_session"  # this browser's session, so the bare address finds its game
COOKIE_SECONDS = 400 * 24 * 3600  # the longest a browser keeps a cookie (Chrome's cap)
MAX_TABLES = 8  # live tables at once: each is a process of about 50 MB
IDLE_MINUTES = 30.0  # a table nobody has typed in for this long is closed (its game saved)
WEB = "DREAD_DRAW_WEB"  # set for a served table: its words are for a browser player
# The largest table a browser may ask for: a 4K screen at a small font. Without a cap,
# ?width=20000&height=20000 drove one table process to 2.26 GB.
MAX_COLUMNS, MAX_ROWS = 400, 150
ISSUED = 10_000  # session ids kept as issued by this run (the oldest forgotten first)
# Every response: no other site frames the table (clickjacking), no type sniffing, and the
# address (which holds the session id) never sent to another site.
HEADERS = {
    "Content-Security-Policy": "frame-ancestors 'self'; base-uri 'none'; object-src 'none'",
    "X-Frame-Options": "SAMEORIGIN",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
log = logging.getLogger("dread-draw.serve")


class ServeError(DreadDrawError):
    """The server cannot start (the port is taken, the address is not this computer's)."""


def new_session_id() -> str:
    return secrets.token_urlsafe(16)


def clamp_size(width: object, height: object) -> tuple[int, int]:
    """The table size a browser asked for (any text), within 1 x 1 and the largest table."""
    return (max(1, min(to_int(str(width), 80), MAX_COLUMNS)),
            max(1, min(to_int(str(height), 24), MAX_ROWS)))


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


def browser_language(header: str) -> str | None:
    """The first of our languages a browser's ``Accept-Language`` asks for, by its weights
    (``de-CH, fr;q=0.9, *;q=0.5``); None if it asks for none of them.

    >>> browser_language("it, pt-BR;q=0.8, fr;q=0.9"), browser_language("it, *")
    ('fr', None)
    """
    wanted = []
    for order, part in enumerate(header.split(",")[:64]):
        tag, _semicolon, parameters = part.strip().partition(";")
        weight = 1.0
        for parameter in parameters.split(";"):
            name, _equals, value = parameter.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        language = parse_locale(tag) if tag.strip() not in ("", "*") else None
        if language is not None and 0 < weight <= 1:  # (not NaN)
            wanted.append((-weight, order, language))
    return min(wanted)[2] if wanted else None


def settings_file(folder: Path) -> Path:
    """Where a session's table keeps its player's settings: the table is given
    ``<folder>/settings`` as its ``XDG_CONFIG_HOME`` (`Table`)."""
    return folder / "settings" / "dread-draw" / "last-setup.json"


def chosen_language(folder: Path) -> str | None:
    """The language the session's player chose on the new-game screen, if any."""
    try:
        data = json.loads(read_bounded(settings_file(folder), 1_000_000))
    except (OSError, ValueError):
        return None
    language = data.get("language") if isinstance(data, dict) else None
    return language if language in LANGUAGES else None


@contextlib.contextmanager
def speaking(language: str) -> Any:
    """Speak `language` for a moment (a page for a browser of another language)."""
    before = current_language()
    set_language(language)
    try:
        yield
    finally:
        set_language(before)


def page_words(title: str) -> dict[str, Any]:
    """The page's language tag and words, in the current language."""
    return {
        "lang": HTML_LANG.get(current_language(), current_language()),
        "words": {
            "laying": fmt(_("{name}: the table is being laid…"), name=title),
            "start": _("Start"),
            "closed": _("This table is closed. Your game was saved at every move: open the "
                        "table again to go on."),
            "reopen": _("Open the table again"),
            "retry": _("Try again"),
        },
    }


def play_command(folder: Path, resume: bool) -> str:
    """The shell command of one session's table (textual-serve runs a shell command). No
    --lang: the table speaks its player's choice, else the language `Table` gives it."""
    args = [sys.executable, "-m", "dread_draw", "play", "--save-dir", str(folder)]
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

    def __init__(self, command: str, settings: Path, language: str, *,
                 environment: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(command, **kwargs)
        self.settings = settings
        self.language = language
        self.extra = environment or {}  # the server's own (a watch page's join code)

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width=width, height=height)
        # The new-game screen remembers the session's last setup, not the terminal player's.
        environment["XDG_CONFIG_HOME"] = str(self.settings)
        # The language unless the player chose one there (the first that gettext reads).
        environment["LANGUAGE"] = self.language
        environment[WEB] = "1"  # no server paths, no shell commands: a browser player reads it
        environment.update(self.extra)
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

    def __init__(self, root: Path, host: str, port: int, public_url: str | None, *,
                 max_tables: int = MAX_TABLES, idle_minutes: float = IDLE_MINUTES) -> None:
        super().__init__("dread-draw play", host=host, port=port, title="Dread Draw",
                         public_url=public_url, templates_path=TEMPLATES)
        self.sessions = root / "web"
        self.max_tables = max_tables
        self.idle_seconds = idle_minutes * 60
        self.public = URL(public_url.rstrip("/")) if public_url else None
        self.loopback = is_loopback(host)
        self.latest: dict[str, web.WebSocketResponse] = {}  # each session's newest socket
        self.locks: dict[str, asyncio.Lock] = {}  # held while a session's table runs
        # The session ids this run gave out, with the language of the browser each was given
        # to (its page's Accept-Language: a socket may not say).
        self.issued: OrderedDict[str, str] = OrderedDict()
        self.language = current_language()  # serve's: for browsers that ask for none of ours

    # What each session's table runs (dread_draw/web/watch.py serves a watcher's instead).
    def table_command(self, folder: Path, resume: bool) -> str:
        return play_command(folder, resume)

    def table_environment(self) -> dict[str, str]:
        return {}

    def served_words(self) -> str:
        """What the console says once the server listens ({port}, {address})."""
        if self.public:
            return _("Dread Draw is served on port {port} at {address} — open that address in "
                     "a web browser. Each browser session is a game of its own. Press Ctrl+C "
                     "to stop.")
        return _("Dread Draw is served at {address} — open that address in a web browser. "
                 "Each browser session is a game of its own. Press Ctrl+C to stop.")

    async def _make_app(self) -> web.Application:
        app = web.Application()
        app.on_response_prepare.append(self.add_headers)
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

    @staticmethod
    async def add_headers(request: web.Request, response: web.StreamResponse) -> None:
        response.headers.update(HEADERS)

    def base_url(self, request: web.Request) -> str:
        return str(self.public) if self.public else f"{request.scheme}://{request.host}"

    # ---------------------------------------------------------------------- the page

    async def handle_index(self, request: web.Request) -> web.Response:
        self.check_host(request)
        asked, kept = request.query.get("session", ""), request.cookies.get(COOKIE, "")
        language = browser_language(request.headers.get("Accept-Language", "")) or self.language
        if not asked:
            # The bare address: this browser's own session if it has one (its cookie), so the
            # game goes on; else a new one. In the address, so that a reload keeps it; relative,
            # so it also works behind a proxy that serves us under a path.
            session = kept if self.known(kept) else self.issue(language)
            query = {**request.query, "session": session}  # ?fontsize= stays
            redirect = web.HTTPFound(f"?{URL.build(query=query).query_string}")
            self.set_cookie(redirect, request, session)
            raise redirect
        session, fresh = asked, False
        if not (self.known(asked) and (asked == kept or self.has_game(asked))):
            # An id this server did not give this browser, with no game to go on with: never
            # taken (someone could send a link with an id they chose, then open it later and
            # see the game played there), a fresh session instead. Served at once rather than
            # redirected, so that a browser that keeps no cookie is not sent round in a loop.
            session, fresh = self.issue(language), True
        else:
            self.issued.setdefault(session, language)
        if self.full(session):
            return self.full_page(request, language)
        base = self.base_url(request)
        socket_base = "wss" + base[5:] if base.startswith("https:") else "ws" + base[4:]
        shown = chosen_language(self.sessions / session) or language
        with speaking(shown):
            context = {
                "font_size": to_int(request.query.get("fontsize", "16"), 16),
                "app_websocket_url": f"{socket_base}/ws/{session}",
                "config": {"static": {"url": f"{base}/static/"}},
                "application": {"name": self.title},
                "session": session if fresh else None,  # the page puts it in its address
                **page_words(self.title),
            }
            response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Cache-Control"] = "no-store"
        self.set_cookie(response, request, session)
        return response

    def set_cookie(self, response: web.StreamResponse, request: web.Request,
                   session: str) -> None:
        """This browser's session, for this server's pages only (behind a proxy, the path
        it serves us under)."""
        path = (self.public.path.rstrip("/") + "/") if self.public else "/"
        response.set_cookie(COOKIE, session, max_age=COOKIE_SECONDS, path=path, httponly=True,
                            samesite="Lax",
                            secure=self.base_url(request).startswith("https:"))

    def issue(self, language: str) -> str:
        """A new session id, remembered as given out (the oldest of many forgotten)."""
        session = new_session_id()
        self.issued[session] = language
        while len(self.issued) > ISSUED:
            self.issued.popitem(last=False)
        return session

    def known(self, session: str) -> bool:
        """Whether `session` is an id this server gave out: in this run, or one with a folder
        (made by a table of an earlier run; only the server's ids get one)."""
        return bool(SESSION_ID.fullmatch(session)) and (
            session in self.issued or (self.sessions / session).is_dir())

    def has_game(self, session: str) -> bool:
        saves = SaveDir(self.sessions / session)
        return saves.has_current() or bool(saves.finished())

    def full(self, session: str) -> bool:
        """Whether a table for `session` would be one too many (its own table, replaced by a
        reload, does not count)."""
        return session not in self.latest and len(self.latest) >= self.max_tables

    def full_page(self, request: web.Request, language: str) -> web.Response:
        with speaking(language):
            context = {"application": {"name": self.title}, **page_words(self.title),
                       "full": full_words(self.max_tables)}
            response = aiohttp_jinja2.render_template("full.html", request, context,
                                                      status=503)
        response.headers["Cache-Control"] = "no-store"
        response.headers["Retry-After"] = "60"
        return response

    # ---------------------------------------------------------------------- the table

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        self.check_host(request)
        self.check_origin(request)
        session = request.match_info["session"]
        if not self.known(session):  # only a session its page was given
            raise web.HTTPNotFound()
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        if self.full(session):  # the page was loaded while a place was free, and it filled
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"full")
            return websocket
        # A reload (or a second tab) takes the session over; the table it replaces closes
        # first, so two tables never share a save folder.
        previous, self.latest[session] = self.latest.get(session), websocket
        if previous is not None:
            await previous.close(code=WSCloseCode.GOING_AWAY, message=b"opened elsewhere")
        async with self.locks.setdefault(session, asyncio.Lock()):
            if self.latest.get(session) is websocket:  # else a newer one came while we waited
                language = self.issued.get(session) or browser_language(
                    request.headers.get("Accept-Language", "")) or self.language
                await self.run_table(session, websocket, language, *clamp_size(
                    request.query.get("width", "80"), request.query.get("height", "24")))
        if self.latest.get(session) is websocket:  # no newer connection: forget the session
            del self.latest[session]
            del self.locks[session]
            await asyncio.to_thread(self.prune, session)
        await websocket.close()
        return websocket

    def prune(self, session: str | None = None) -> None:
        """Remove session folders with no game and no settings in them (a visit that never
        started a game nor chose a language): the one given, or (None) every one without a
        live table."""
        if not self.sessions.is_dir():
            return
        names = [session] if session is not None else [
            p.name for p in self.sessions.iterdir() if SESSION_ID.fullmatch(p.name)]
        for name in names:
            folder = self.sessions / name
            if name in self.latest or not folder.is_dir():
                continue
            if not self.has_game(name) and not settings_file(folder).is_file():
                shutil.rmtree(folder, ignore_errors=True)

    async def run_table(self, session: str, websocket: web.WebSocketResponse, language: str,
                        width: int, height: int) -> None:
        folder = self.sessions / session
        resume = await asyncio.to_thread(can_resume, folder)
        table = Table(self.table_command(folder, resume), folder / "settings", language,
                      environment=self.table_environment(),
                      write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                      close=websocket.close, download_manager=self.download_manager)
        try:
            await table.start(width, height)
            await self.relay(websocket, table)
        except (ConnectionError, aiohttp.ClientError) as e:  # a dropped connection: one line
            log.warning("a table's connection ended: %s", e or type(e).__name__)
        except Exception:  # a bug: its report needs the traceback; it ends this table only
            log.exception("a table stopped on an unexpected error")
        finally:
            await table.stop()

    async def relay(self, websocket: web.WebSocketResponse, table: Table) -> None:
        """The page's messages to the table (keys, size, focus), until the page goes, or until
        nobody has typed for `idle_seconds`: then the table closes, its game saved, and the
        page offers to open it again. (textual-serve's own loop, with the idle time.)"""
        loop = asyncio.get_running_loop()
        last_key = loop.time()
        while True:
            left = last_key + self.idle_seconds - loop.time()
            if left <= 0:
                log.info("a table closed after %.0f idle minutes", self.idle_seconds / 60)
                return
            try:
                message = await asyncio.wait_for(websocket.receive(), left)
            except TimeoutError:
                continue
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED,
                                WSMsgType.ERROR):
                return
            if message.type != WSMsgType.TEXT:
                continue
            kind, data = envelope(message.data)
            if kind is None:  # anyone who reaches the server can send this: one line each
                log.warning("a browser sent a message that is not the table's; ignored")
                continue
            if kind == "stdin" and isinstance(data, str):
                last_key = loop.time()
                await table.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                last_key = loop.time()
                await table.set_terminal_size(*clamp_size(data.get("width"),
                                                          data.get("height")))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await table.blur()
            elif kind == "focus":
                await table.focus()

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
        await asyncio.to_thread(self.prune)  # the empty folders of earlier runs
        self.console.print(fmt(self.served_words(), port=port, address=self.address(port)),
                           soft_wrap=True, highlight=False, markup=False)
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


def envelope(text: str) -> tuple[str | None, object]:
    """A page's message, ``["kind", data]`` in JSON, as its kind and data; (None, None) if it
    is not one."""
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return None, None
    if not isinstance(message, list) or not message or not isinstance(message[0], str):
        return None, None
    return message[0], message[1] if len(message) > 1 else None


def full_words(tables: int) -> str:
    return fmt(ngettext("All of this server's {n} table is in use. Try again in a few "
                        "minutes: your game, if you have one here, is saved and waits for you.",
                        "All of this server's {n} tables are in use. Try again in a few "
                        "minutes: your game, if you have one here, is saved and waits for you.",
                        tables), n=tables)


def bind_problem(host: str, port: int, e: OSError) -> str:
    if e.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", None)):
        return fmt(_("port {port} on {host} is already in use (by another program, or another "
                     "dread-draw serve); choose another with --port."), port=port, host=host)
    if e.errno in (errno.EACCES, getattr(errno, "WSAEACCES", None)):
        return fmt(_("this user may not listen on port {port}; choose a port above 1023 with "
                     "--port."), port=port)
    return fmt(_("cannot listen on {host} port {port} ({reason}); check --host: it must be an "
                 "address of this computer."), host=host, port=port, reason=os_reason(e))
