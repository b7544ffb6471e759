"""`dread-draw serve`: the table in a web browser, each browser session its own game.

The server runs as a player would start it (`python -m dread_draw serve`) on a free loopback
port; the last test plays it in headless Chromium (Debian's `chromium`, driven by playwright,
nothing downloaded), reading what the page shows from xterm.js's own screen buffer.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp import WSMsgType
from playwright.sync_api import Browser, Page, sync_playwright

from dread_draw.deck.cards import load_deck
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.store.saves import Autosaver, SaveDir, open_save
from dread_draw.web.serve import COOKIE, SESSION_ID, can_resume, play_command

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# The flags this machine's notes give for a closed network, as root, with no GPU.
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]
# CI installs Chromium and sets this, so there the browser test runs or fails, never skips.
BROWSER_REQUIRED = os.environ.get("DREAD_DRAW_REQUIRE_BROWSER") == "1"


def serve(*args: str, env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "dread_draw", "serve", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, **env})


def private_env(tmp: Path) -> dict[str, str]:
    """Folders of the test's own, so no player's real saves or settings are touched."""
    return {"XDG_DATA_HOME": str(tmp / "data"), "XDG_CONFIG_HOME": str(tmp / "config")}


# ------------------------------------------------------------------ starting (or not)

def test_without_the_web_extra_serve_says_how_to_install_it():
    without = ("import sys; sys.modules['textual_serve'] = None; "  # as if not installed
               "sys.argv = ['dread-draw', 'serve', '--port', '0']; "
               "from dread_draw.cli import main; main()")
    r = subprocess.run([sys.executable, "-c", without], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2
    message = " ".join(r.stderr.split())
    assert "needs the web extra" in message
    assert "-m pip install" in message and "[web]" in message  # this checkout: pip, here
    assert "'dread-draw[web]'" not in message  # not published: anyone could register it
    assert "Traceback" not in r.stderr


def test_a_port_in_use_is_one_clear_message(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = serve("--port", str(port), env=private_env(tmp_path))
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert f"port {port} on 127.0.0.1 is already in use" in err
    assert "--port" in err and "Traceback" not in err + out


def test_another_host_warns_that_anyone_who_reaches_it_can_play(tmp_path):
    # 192.0.2.1 is a documentation address, never this computer's: the warning comes first,
    # then a clear refusal, and nothing is ever served beyond the loopback address.
    proc = serve("--host", "192.0.2.1", "--port", "0", env=private_env(tmp_path))
    out, err = proc.communicate(timeout=60)
    assert "anyone who can reach it on port 0 can open a table and play here" in out
    assert proc.returncode == 2
    assert "cannot listen on 192.0.2.1" in err and "Traceback" not in err


def test_a_public_url_must_be_a_whole_address(tmp_path):
    proc = serve("--public-url", "192.168.1.20:8000", env=private_env(tmp_path))
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert "--public-url 192.168.1.20:8000: give the whole address" in err
    assert "Traceback" not in err + out


# ------------------------------------------------------------------ one session's table

def terminal_game(root: Path) -> Path:
    """A game in progress saved by the terminal player (a few decisions in)."""
    match = Match(load_deck(), [SeatSpec("Terminal Tess", HUMAN), SeatSpec("Ben", "normal")], 99)
    Autosaver(SaveDir(root), match).attach()
    while len(match.choices) < 4:
        pending = match.game.pending
        assert pending is not None
        match.apply(match.cpu_choice() if match.cpu_to_move() else pending.options[0])
    return SaveDir(root).current


def test_a_session_table_is_play_with_its_own_save_folder(tmp_path):
    folder = tmp_path / "web" / "abc"
    command = play_command(folder, resume=False)
    assert "play --save-dir" in command and str(folder) in command
    assert "--resume" not in command
    assert play_command(folder, resume=True).endswith("--resume")


def test_a_session_resumes_only_a_game_that_can_go_on(tmp_path):
    folder = tmp_path / "session"
    assert not can_resume(folder)  # nothing saved yet: the new-game screen
    terminal_game(folder)
    assert can_resume(folder)
    (folder / "current.json").write_text("{ not a save")
    assert not can_resume(folder)  # the new-game screen explains and offers a fresh start


def test_a_stopped_table_has_let_go_of_its_save_folder(tmp_path):
    """A reload starts the session's next table (`play --resume`, which takes the save
    folder's lock) as soon as the last one is stopped; by then that table's process has
    ended, so the OS has let go of its lock, even if its output closed before it did."""
    from textual_serve.download_manager import DownloadManager

    from dread_draw.store.saves import SaveError
    from dread_draw.web.serve import Table

    folder = tmp_path / "session"
    ready = tmp_path / "ready"
    child = "\n".join([
        "import os, sys, time",
        "from dread_draw.store.saves import SaveDir",
        f"SaveDir({str(folder)!r}).lock()",
        f"open({str(ready)!r}, 'w').close()",
        "sys.stdout.write('__GANGLION__\\n'); sys.stdout.flush()",
        "os.close(1)",  # the table's output ends a moment before its process does
        "time.sleep(1.5)",
    ])

    async def nothing(*_: object) -> None:
        pass

    async def start_and_stop() -> None:
        table = Table(f"exec {shlex.join([sys.executable, '-c', child])}", tmp_path / "settings",
                      "en", write_bytes=nothing, write_str=nothing, close=nothing,
                      download_manager=DownloadManager())
        await table.start(80, 24)
        await table.stop()

    asyncio.run(start_and_stop())
    assert ready.exists()  # the table did take the lock
    saves = SaveDir(folder)
    try:
        saves.lock()  # the next table of the session
    except SaveError as e:
        pytest.fail(f"the stopped table still holds its save folder: {e}")
    finally:
        saves.unlock()


# ------------------------------------------------------------------ the running server

@dataclass
class Served:
    url: str
    host: str
    port: int
    root: Path  # the data folder: the terminal's saves, and web/ for the sessions
    terminal_save: Path

    log: Path  # what the server prints

    def get(self, path: str, headers: dict[str, str] | None = None) -> http.client.HTTPResponse:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=10)
        conn.request("GET", path, headers=headers or {})
        return conn.getresponse()

    def visit(self, headers: dict[str, str] | None = None) -> tuple[str, dict[str, str]]:
        """A new visitor's session, and the cookie their browser keeps for it."""
        r = self.get("/", headers)
        session = session_of(r.headers["Location"])
        return session, {**(headers or {}), "Cookie": f"{COOKIE}={session}"}


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[Served]:
    tmp = tmp_path_factory.mktemp("serve")
    env = private_env(tmp)
    root = Path(env["XDG_DATA_HOME"]) / "dread-draw"
    terminal_save = terminal_game(root)
    log = open(tmp / "server.log", "w+")  # noqa: SIM115 - read while the server writes
    proc = subprocess.Popen([sys.executable, "-m", "dread_draw", "serve", "--port", "0"],
                            stdout=log, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, **env})
    deadline = time.monotonic() + 60
    while not (found := re.search(r"http://(127\.0\.0\.1):(\d+)/", Path(log.name).read_text())):
        assert proc.poll() is None and time.monotonic() < deadline, Path(log.name).read_text()
        time.sleep(0.1)
    yield Served(found.group(0), found.group(1), int(found.group(2)), root, terminal_save,
                 Path(log.name))
    proc.send_signal(signal.SIGTERM)
    try:
        code = proc.wait(timeout=30)
    finally:
        proc.kill()
        log.close()
    assert code == 0, Path(log.name).read_text()  # every table closed, saved, on the way out


def session_of(location: str) -> str:
    found = re.search(r"[?&]session=([^&]+)", location)
    assert found, location
    return found.group(1)


def test_a_new_visitor_gets_a_session_of_their_own_in_the_address(served):
    first, second = served.get("/"), served.get("/")
    assert first.status == second.status == 302
    ids = session_of(first.headers["Location"]), session_of(second.headers["Location"])
    assert all(SESSION_ID.fullmatch(i) for i in ids) and ids[0] != ids[1]


def test_the_font_size_asked_for_stays_in_the_address(served):
    r = served.get("/?fontsize=24")
    assert r.status == 302 and "fontsize=24" in r.headers["Location"]
    page = served.get(f"/?{r.headers['Location'][1:]}").read().decode()
    assert 'data-font-size="24"' in page


def page_session(page: str) -> str:
    """The session a page connects its table to."""
    found = re.search(r"/ws/([A-Za-z0-9_-]+)\"", page)
    assert found, page
    return found.group(1)


def test_a_session_id_in_the_address_is_never_a_path(served):
    r = served.get("/?session=..%2F..%2Fdread-draw")
    page = r.read().decode()
    assert r.status == 200 and SESSION_ID.fullmatch(page_session(page))


def test_a_made_up_session_id_in_the_address_is_never_adopted(served):
    """Issue 45 (session fixation): someone sends a link with an id they chose, then opens it
    later to see the game played there. An id the server did not give, or gave to another
    browser with no game in it, gets a fresh session; the made-up one is never used."""
    made_up = "F1x4t1onF1x4t1onF1x4t1"
    assert SESSION_ID.fullmatch(made_up)
    given_elsewhere, _ = served.visit()  # a real id, given to another browser, no game yet
    for chosen in (made_up, given_elsewhere):
        r = served.get(f"/?session={chosen}")
        page = r.read().decode()
        fresh = page_session(page)
        assert r.status == 200 and fresh != chosen and SESSION_ID.fullmatch(fresh)
        assert f"{COOKIE}={fresh}" in r.headers["Set-Cookie"]  # this browser's, from now on
        assert f'"session", "{fresh}"' in page  # and in the address, so a reload keeps it
        assert chosen not in page
    assert upgrade(served, f"/ws/{made_up}", served.url.rstrip("/")) == 404  # no table either
    assert not (served.root / "web" / made_up).exists()
    # The same address in the browser it was given to (its cookie) is that browser's session.
    session, cookie = served.visit()
    assert page_session(served.get(f"/?session={session}", cookie).read().decode()) == session


def test_the_page_connects_to_its_own_session(served):
    session, cookie = served.visit()
    r = served.get(f"/?session={session}", cookie)
    page = r.read().decode()
    assert r.status == 200
    assert page_session(page) == session and "<title>Dread Draw</title>" in page


def test_every_response_forbids_framing_by_other_sites(served):
    """Issue 45: the page could be framed by any site (clickjacking); and the address holds
    the session id, which must never reach another site as a referrer."""
    session, cookie = served.visit()
    for path, headers in (("/", {}), (f"/?session={session}", cookie),
                          ("/static/js/textual.js", {}), ("/nothing-here", {})):
        r = served.get(path, headers)
        r.read()
        assert r.headers["Content-Security-Policy"].startswith("frame-ancestors 'self'"), path
        assert r.headers["X-Frame-Options"] == "SAMEORIGIN", path
        assert r.headers["X-Content-Type-Options"] == "nosniff", path
        assert r.headers["Referrer-Policy"] == "no-referrer", path


def test_the_page_keeps_its_session_in_a_cookie_and_the_bare_address_finds_it(served):
    """Issue 30: a player who opened the bare address again got a fresh session, and their
    game could not be reached from the page."""
    first = served.get("/")
    session = session_of(first.headers["Location"])
    cookie = first.headers["Set-Cookie"]
    assert f"{COOKIE}={session}" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    page = served.get(f"/?session={session}", {"Cookie": f"{COOKIE}={session}"})
    assert f"{COOKIE}={session}" in page.headers["Set-Cookie"]
    again = served.get("/", {"Cookie": f"{COOKIE}={session}"})
    assert again.status == 302 and session_of(again.headers["Location"]) == session
    forged = served.get("/", {"Cookie": f"{COOKIE}=../../etc"})  # never a path
    assert SESSION_ID.fullmatch(session_of(forged.headers["Location"]))
    assert session_of(forged.headers["Location"]) != session
    unknown = served.get("/", {"Cookie": f"{COOKIE}={'u' * 22}"})  # nor an id it never gave
    assert session_of(unknown.headers["Location"]) != "u" * 22


def test_textual_serve_internals_the_server_relies_on_are_there():
    """serve.py overrides or reads these private parts of textual-serve (pinned in
    pyproject.toml to the release tested): a release that renames one fails here first."""
    import inspect

    from textual_serve.app_service import AppService
    from textual_serve.server import Server

    assert list(inspect.signature(AppService._build_environment).parameters) == [
        "self", "width", "height"]
    for name in ("start", "stop", "run", "send_bytes", "set_terminal_size", "blur", "focus"):
        assert callable(getattr(AppService, name)), name
    service = AppService("true", write_bytes=None, write_str=None, close=print,
                         download_manager=None)
    assert service._process is None and service.remote_close is print
    server = Server("true")
    for name in ("download_manager", "statics_path", "templates_path", "console", "title"):
        assert hasattr(server, name), name
    assert callable(server.initialize_logging) and callable(server.handle_download)


def test_the_page_speaks_the_language_serve_was_given_and_empty_sessions_are_pruned(tmp_path):
    env = private_env(tmp_path)
    sessions = Path(env["XDG_DATA_HOME"]) / "dread-draw" / "web"
    empty, kept = sessions / ("e" * 22), sessions / ("k" * 22)
    (empty / "settings").mkdir(parents=True)
    terminal_game(kept)
    proc = serve("--port", "0", "--lang", "fr", env=env)
    try:
        assert proc.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", proc.stdout.readline())
        assert found
        conn = http.client.HTTPConnection("127.0.0.1", int(found.group(1)), timeout=10)
        conn.request("GET", f"/?session={'k' * 22}")
        page = conn.getresponse().read().decode()
        assert '<html lang="fr">' in page and "Rouvrir la table" in page
        assert not empty.exists() and (kept / "current.json").exists()
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


@pytest.mark.parametrize(("asked", "lang", "word"), [
    ("fr-CH, fr;q=0.9, en;q=0.8", "fr", "Rouvrir la table"),
    ("it, ko;q=0.5, de;q=0.7", "de", "Tisch wieder öffnen"),
    ("pt-BR", "pt-BR", "Abrir a mesa de novo"),
    ("it, *;q=0.5", "en", "Open the table again"),  # none of ours: serve's own
])
def test_the_page_speaks_the_browsers_language(served, asked, lang, word):
    """Issue 45: `Accept-Language: fr` got `<html lang="en">` and English."""
    session, cookie = served.visit({"Accept-Language": asked})
    page = served.get(f"/?session={session}", cookie).read().decode()
    assert f'<html lang="{lang}">' in page and word in page


def test_the_page_answers_to_this_computer_names_only(served):
    """A web site whose name points at 127.0.0.1 (DNS rebinding) gets no table."""
    assert served.get("/", {"Host": f"evil.example:{served.port}"}).status == 403
    assert served.get("/", {"Host": f"localhost:{served.port}"}).status == 302


def upgrade(served: Served, path: str, origin: str) -> int:
    r = served.get(path, {"Connection": "Upgrade", "Upgrade": "websocket",
                          "Sec-WebSocket-Version": "13", "Origin": origin,
                          "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
    return r.status


def test_a_table_opens_only_from_its_own_page(served):
    session, _ = served.visit()
    assert upgrade(served, f"/ws/{session}", "http://evil.example") == 403
    assert upgrade(served, "/ws/not-a-session", served.url.rstrip("/")) == 404


def test_the_page_connects_through_the_public_url(tmp_path):
    """Behind a proxy (or reached by another name), the page's files and socket use it."""
    proc = serve("--port", "0", "--public-url", "https://cards.example.org/dread/",
                 env=private_env(tmp_path))
    try:
        assert proc.stdout is not None
        found = re.search(r"on port (\d+) at https://cards.example.org/dread/ ",
                          proc.stdout.readline())
        assert found
        conn = http.client.HTTPConnection("127.0.0.1", int(found.group(1)), timeout=10)
        conn.request("GET", "/", headers={"Host": "cards.example.org"})
        redirect = conn.getresponse()
        assert redirect.status == 302 and redirect.getheader("Location", "").startswith("?")
        redirect.read()
        session = session_of(redirect.getheader("Location", ""))
        assert "Path=/dread/" in redirect.getheader("Set-Cookie", "")
        conn.request("GET", f"/?session={session}", headers={
            "Host": "cards.example.org", "Cookie": f"{COOKIE}={session}"})
        page = conn.getresponse().read().decode()
        assert f'"wss://cards.example.org/dread/ws/{session}"' in page
        assert '"https://cards.example.org/dread/static/js/textual.js"' in page
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


# ------------------------------------------------------------------ in a real browser

SCREEN_HOOK = """
// Keep a handle on each xterm.js Terminal as textual.js makes it (its constructor sets
// this._core), so the test can read the screen the player sees from xterm's own buffer.
window.__terminals = [];
Object.defineProperty(Object.prototype, "_core", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "_core", {value, writable: true, configurable: true,
                                          enumerable: true});
    if (typeof this.loadAddon === "function") window.__terminals.push(this);
  },
});
"""
READ_SCREEN = """() => {
  const term = window.__terminals[0];
  if (!term) return "";
  const buffer = term.buffer.active, rows = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
}"""


def screen(page: Page) -> str:
    return page.evaluate(READ_SCREEN)


# Generous: they bound a wait on a busy machine, and cost nothing when all goes well.
WAIT = 60.0


def wait_for(what: Callable[[], object], timeout: float = WAIT,
             why: Callable[[], str] = lambda: "") -> object:
    deadline = time.monotonic() + timeout
    while not (found := what()):
        assert time.monotonic() < deadline, why()
        time.sleep(0.1)
    return found


def wait_for_screen(page: Page, pattern: str) -> re.Match[str]:
    found = wait_for(lambda: re.search(pattern, screen(page), re.I | re.M),
                     why=lambda: f"{pattern!r} never showed; the page shows:\n{screen(page)}")
    assert isinstance(found, re.Match)
    return found


def open_table(browser: Browser, url: str) -> Page:
    """A new browser session (its own cookies and storage), at the server's address."""
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.add_init_script(SCREEN_HOOK)
    page.goto(url)
    return page


def saved_game(folder: Path) -> Match:
    return open_save(folder / "current.json")[1]


def answer_decision(page: Page, folder: Path) -> None:
    """Wait for the person's turn, then answer with the keyboard as a player would."""
    deadline = time.monotonic() + WAIT
    seen, since = len(saved_game(folder).choices), time.monotonic()
    if saved_game(folder).to_move() != 0:
        page.keyboard.press("s")  # Skip CPU turns: no waiting on their pace
    while saved_game(folder).to_move() != 0:
        assert time.monotonic() < deadline, f"no turn for the person; it shows:\n{screen(page)}"
        if len(saved_game(folder).choices) != seen:
            seen, since = len(saved_game(folder).choices), time.monotonic()
        elif time.monotonic() - since > 2:  # nobody moves: a notice (the round's end) waits
            page.keyboard.press("Enter")
            since = time.monotonic()
        time.sleep(0.2)
    before = len(saved_game(folder).choices)

    def answered() -> bool:
        return len(saved_game(folder).choices) > before

    for attempt in range(30):
        # 1 answers the question on screen; Enter closes a notice or, if the screen is not
        # what we think, presses the answer the table has focused.
        notice = "Enter  Continue" in screen(page) or attempt % 3 == 2
        page.keyboard.press("Enter" if notice else "1")
        try:
            wait_for(answered, 3)
            return
        except AssertionError:
            continue
    pytest.fail(f"the table took no answer; it shows:\n{screen(page)}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if CHROMIUM is None and not BROWSER_REQUIRED:
        pytest.skip("Chromium is not installed (apt-get install chromium): the served table "
                    "is tested in a real browser")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM or "/usr/bin/chromium",
                                     args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.mark.slow
def test_each_browser_session_is_its_own_game_and_a_reload_goes_on_with_it(
        served, browser, tmp_path_factory):
    terminal_before = served.terminal_save.read_bytes()
    page = open_table(browser, served.url)
    wait_for_screen(page, r"a new game")
    session = session_of(page.url)
    folder = served.root / "web" / session
    assert page.evaluate("document.activeElement.className") == "xterm-helper-textarea"

    page.keyboard.press("Control+s")  # Start: the browser's own "save page" key is the table's
    wait_for(lambda: (folder / "current.json").exists(), why=lambda: "the game was not saved")
    seed = saved_game(folder).seed
    wait_for_screen(page, rf"seed {seed}\b")  # the seed stays on screen
    answer_decision(page, folder)  # one answer (more only waited on the CPUs' pace)
    assert len(saved_game(folder).choices) >= 1
    page.keyboard.press("Tab")  # moves over the cards, not out of the table
    assert page.evaluate("document.activeElement.className") == "xterm-helper-textarea"
    page.keyboard.press("F1")  # the keys and the rules, over the table
    wait_for_screen(page, r"what it does")
    page.keyboard.press("Escape")
    wait_for(lambda: "what it does" not in screen(page), why=lambda: "Escape left the help open")
    page.screenshot(path=str(tmp_path_factory.getbasetemp() / "served-table.png"))

    # The table resizes with the window.
    columns = page.evaluate("window.__terminals[0].cols")
    page.set_viewport_size({"width": 1000, "height": 700})
    wait_for(lambda: page.evaluate("window.__terminals[0].cols") < columns,
             why=lambda: "the table kept its size")

    # A reload closes this table (disconnecting mid-game) and comes back to the same game.
    choices = saved_game(folder).choices
    page.reload()
    assert session_of(page.url) == session
    wait_for_screen(page, rf"seed {seed}\b")
    assert "a new game" not in screen(page).lower()
    assert saved_game(folder).choices[:len(choices)] == choices
    answer_decision(page, folder)  # and it plays on

    # The bare address again, in this browser: its cookie finds the same game (issue 30).
    choices = saved_game(folder).choices
    page.goto(served.url)
    assert session_of(page.url) == session
    wait_for_screen(page, r"q\s+Quit")  # the table's key bar (a round's notice may cover the seed)
    assert "a new game" not in screen(page).lower()
    assert saved_game(folder).choices[:len(choices)] == choices

    # A second browser session starts fresh, in a folder of its own.
    other = open_table(browser, served.url)
    wait_for_screen(other, r"a new game")
    assert session_of(other.url) != session
    assert "Continue" not in screen(other) and "Terminal Tess" not in screen(other)
    assert not (served.root / "web" / session_of(other.url) / "current.json").exists()
    assert saved_game(folder).seed == seed
    assert served.terminal_save.read_bytes() == terminal_before
    assert json.loads(terminal_before)["seats"][0]["name"] == "Terminal Tess"
    other.context.close()

    # The first session's address in another browser (no cookies: the address is the key)
    # takes the game over; the first page's table closes, so two never share a save folder.
    elsewhere = open_table(browser, page.url)
    wait_for_screen(elsewhere, rf"seed {seed}\b")
    wait_for(lambda: page.evaluate("document.body.classList.contains('-closed')"),
             why=lambda: "the replaced table stayed open")
    answer_decision(elsewhere, folder)
    elsewhere.context.close()
    page.context.close()


def click_text(page: Page, text: str) -> None:
    """Click the table where `text` shows, as a player with a mouse would."""
    rows = screen(page).splitlines()
    y = next(i for i, row in enumerate(rows) if text in row)
    x = rows[y].index(text)
    box = page.locator(".xterm-screen").bounding_box()
    assert box is not None
    columns, lines = page.evaluate("[window.__terminals[0].cols, window.__terminals[0].rows]")
    page.mouse.click(box["x"] + (x + 1.5) * box["width"] / columns,
                     box["y"] + (y + 0.5) * box["height"] / lines)


@pytest.mark.slow
def test_a_french_browser_gets_a_french_table_and_a_reload_keeps_the_chosen_language(
        served, browser, tmp_path_factory):
    """Issue 45: `Accept-Language: fr` got `<html lang="en">` and English; and the language a
    web player chose on the new-game screen was lost on every reload (each table was started
    with serve's --lang, which overrode the remembered choice)."""
    page = browser.new_context(viewport={"width": 1280, "height": 800},
                               locale="fr-FR").new_page()  # Accept-Language: fr-FR
    page.add_init_script(SCREEN_HOOK)
    page.goto(served.url)
    wait_for_screen(page, r"une nouvelle partie")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert "Langue" in screen(page) and "Lancer la partie" in screen(page)

    click_text(page, "Français")  # the language menu of the new-game screen
    wait_for_screen(page, r"Deutsch")
    click_text(page, "Deutsch")
    wait_for_screen(page, r"ein neues Spiel")
    page.screenshot(path=str(tmp_path_factory.getbasetemp() / "served-german.png"))

    page.reload()  # the French browser's table stays in the language its player chose
    wait_for_screen(page, r"ein neues Spiel")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert "Tisch wieder öffnen" in page.content()
    page.context.close()


@pytest.mark.slow
def test_a_full_server_says_so_and_lets_the_next_visitor_in_when_a_table_closes(
        browser, tmp_path):
    """--max-tables (issue 30: six connections made six processes, 298 MB, with no cap)."""
    proc = serve("--port", "0", "--max-tables", "1", env=private_env(tmp_path))
    try:
        assert proc.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:\d+/", proc.stdout.readline())
        assert found
        first = open_table(browser, found.group(0))
        wait_for_screen(first, r"a new game")
        second = open_table(browser, found.group(0))
        said = second.inner_text("body")
        assert "All of this server's 1 table is in use" in said, said
        assert "Try again" in said and "Open the table again" not in said  # a first visit
        assert second.evaluate("document.documentElement.lang") == "en"
        first.context.close()  # the first player leaves: their table closes

        def let_in() -> bool:
            second.reload()
            return "in use" not in second.inner_text("body")

        wait_for(let_in, why=lambda: "the freed table was not offered")
        wait_for_screen(second, r"a new game")
        second.context.close()
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


def test_a_table_nobody_types_in_closes_after_the_idle_time(tmp_path):
    """--idle-minutes: the relay from the page ends (and with it the table, its game saved)
    when no key has come for that long; a key starts the wait again."""
    from dread_draw.web.serve import TableServer

    server = TableServer(tmp_path, "127.0.0.1", 0, None, idle_minutes=0.01)  # 0.6 s
    keys: list[bytes] = []

    class Page:
        def __init__(self) -> None:
            self.sent = 0

        async def receive(self):
            if self.sent < 2:  # two keys, 0.4 s apart, then silence
                await asyncio.sleep(0.4)
                self.sent += 1
                return type("Message", (), {"type": WSMsgType.TEXT,
                                            "data": json.dumps(["stdin", "1"])})()
            await asyncio.sleep(3600)

    class Table:
        async def send_bytes(self, data: bytes) -> None:
            keys.append(data)

    from concurrent.futures import ThreadPoolExecutor

    start = time.monotonic()
    with ThreadPoolExecutor(1) as thread:  # a loop of its own: playwright's may be running
        thread.submit(asyncio.run, server.relay(Page(), Table())).result(timeout=30)
    took = time.monotonic() - start
    assert keys == [b"1", b"1"]
    assert 1.2 < took < 10  # 0.8 s of keys, then 0.6 s of silence


class FakePage:
    """A page's socket that sends `messages`, then goes."""

    def __init__(self, messages: list[str]) -> None:
        self.messages = list(messages)

    async def receive(self):
        kind, data = ((WSMsgType.TEXT, self.messages.pop(0)) if self.messages
                      else (WSMsgType.CLOSE, None))
        return type("Message", (), {"type": kind, "data": data})()

    async def send_json(self, data: object) -> None:
        pass


class FakeTable:
    def __init__(self) -> None:
        self.sizes: list[tuple[int, int]] = []
        self.keys: list[bytes] = []

    async def set_terminal_size(self, width: int, height: int) -> None:
        self.sizes.append((width, height))

    async def send_bytes(self, data: bytes) -> None:
        self.keys.append(data)


def relay(messages: list[str]) -> FakeTable:
    from concurrent.futures import ThreadPoolExecutor

    from dread_draw.web.serve import TableServer

    server, table = TableServer(Path("."), "127.0.0.1", 0, None), FakeTable()
    with ThreadPoolExecutor(1) as thread:  # a loop of its own: playwright's may be running
        thread.submit(asyncio.run, server.relay(FakePage(messages), table)).result(timeout=30)
    return table


def test_a_resize_is_clamped_to_the_largest_table():
    """Issue 45: a 2000x2000 resize sent 16.6 MB at once."""
    from dread_draw.web.serve import MAX_COLUMNS, MAX_ROWS

    table = relay([json.dumps(["resize", {"width": 20000, "height": 20000}]),
                   json.dumps(["resize", {"width": -3, "height": "x"}]),
                   json.dumps(["resize", {"width": 120, "height": 40}])])
    assert table.sizes == [(MAX_COLUMNS, MAX_ROWS), (1, 24), (120, 40)]
    assert MAX_COLUMNS * MAX_ROWS <= 400 * 150  # a 4K screen at a small font


def test_each_garbled_message_is_one_line_on_the_console(caplog):
    """Issue 45: a garbled message printed a ~60-line traceback on the serve console; anyone
    who reaches the server could flood it. Each is one line now, and the table goes on."""
    garbled = ["{not json", "[]", "{}", "[5]", '"stdin"', "[" * 100_000 + "]" * 100_000,
               '["stdin", "\\ud800"]']
    with caplog.at_level("WARNING", logger="dread-draw.serve"):
        table = relay([*garbled, json.dumps(["stdin", "q"])])
    assert table.keys[-1] == b"q"  # still the player's table
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == len(garbled) - 1  # (a lone surrogate is a key: sent as "?")
    assert not any("\n" in r.getMessage() or r.exc_info for r in caplog.records)


def table_process(session: str) -> int | None:
    """The process id of a session's table (Linux: from /proc)."""
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"play" in command and any(arg.endswith(f"/web/{session}".encode())
                                      for arg in command):
            return int(entry.name)
    return None


def resident_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmRSS:\s+(\d+) kB", status)
    assert found
    return int(found.group(1)) / 1024


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="reads /proc (Linux)")
def test_a_browser_asking_for_a_huge_table_gets_the_largest_sensible_one(served):
    """Issue 45: ?width=20000&height=20000 drove one table process to 2.26 GB. The table is
    started at the largest size instead, and a resize message is held to it too; the process
    stays small. (Real sockets: a garbled message on the way prints no traceback.)"""
    import aiohttp

    from dread_draw.web.serve import MAX_COLUMNS, MAX_ROWS

    session, cookie = served.visit()
    seen: dict[str, object] = {}

    async def ask() -> None:
        async with aiohttp.ClientSession() as client, client.ws_connect(
                f"{served.url}ws/{session}?width=20000&height=20000", headers=cookie) as ws:
            async def drawn(text: bytes) -> None:
                received = b""
                while text not in received:
                    message = await ws.receive(timeout=WAIT)
                    assert message.type == WSMsgType.BINARY, message
                    received = received[-1000:] + message.data

            await drawn(b"a new game")  # the new-game screen, drawn whole
            pid = table_process(session)
            assert pid is not None
            environment = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
            seen["size"] = [v for v in environment if v.startswith((b"COLUMNS=", b"ROWS="))]
            seen["started"] = resident_mb(pid)
            await ws.send_str("{garbled")
            await ws.send_json(["resize", {"width": 20000, "height": 20000}])
            await ws.send_json(["resize", {"width": 120, "height": 40}])
            await ws.send_json(["resize", {"width": 20000, "height": 20000}])
            await drawn(b"a new game")  # drawn again, after the resizes
            seen["resized"] = resident_mb(pid)

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, ask()).result(timeout=3 * WAIT)
    assert sorted(seen["size"]) == [f"COLUMNS={MAX_COLUMNS}".encode(),  # type: ignore[arg-type]
                                    f"ROWS={MAX_ROWS}".encode()]
    assert seen["started"] < 200 and seen["resized"] < 200, seen  # MB
    log = served.log.read_text()
    assert "a browser sent a message that is not the table's" in log
    assert "Traceback" not in log
