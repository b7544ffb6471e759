"""`dread-draw serve --watch HOST:PORT` (issue 44): a hosted game watched from a web browser,
on the watcher's table (the same table as `join --watch`: tests/test_net_watch.py checks
that it shows exactly the public view), with the join code kept off every command line."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
from net_helpers import Player
from test_serve import SCREEN_HOOK, browser, private_env, screen, wait_for, wait_for_screen

from dread_draw.web.watch import WatchServer, watch_command

__all__ = ["browser"]  # (the fixture, shared with test_serve.py)


class Running:
    """A dread-draw command in a process of its own, its output in a file."""

    def __init__(self, tmp: Path, name: str, *args: str, env: dict[str, str]) -> None:
        self.log = tmp / f"{name}.log"
        self.file = open(self.log, "w+")  # noqa: SIM115 - read while it writes
        self.proc = subprocess.Popen([sys.executable, "-m", "dread_draw", *args],
                                     stdin=subprocess.DEVNULL, stdout=self.file,
                                     stderr=subprocess.STDOUT, text=True,
                                     env={**os.environ, **env})

    def wait_for(self, pattern: str, timeout: float = 60) -> re.Match[str]:
        found = wait_for(lambda: re.search(pattern, self.log.read_text()), timeout,
                         why=lambda: f"no {pattern!r} in:\n{self.log.read_text()}")
        assert isinstance(found, re.Match)
        return found

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
            self.file.close()


def test_a_watch_table_joins_as_a_watcher_with_the_code_in_its_environment(tmp_path):
    server = WatchServer(tmp_path, "127.0.0.1", 0, None, address="127.0.0.1:7777",
                         code="K7QM-4XRD")
    command = server.table_command(tmp_path / "s", False)
    assert command == watch_command("127.0.0.1:7777")
    assert "join 127.0.0.1:7777 --watch" in command and "K7QM" not in command
    assert server.table_environment() == {"DREAD_DRAW_CODE": "K7QM-4XRD"}


def test_serve_watch_says_at_once_when_the_game_cannot_be_watched(tmp_path):
    env = {**private_env(tmp_path), "DREAD_DRAW_CODE": "AAAA-AAAA"}
    r = subprocess.run([sys.executable, "-m", "dread_draw", "serve", "--port", "0", "--watch",
                        "127.0.0.1:1"], capture_output=True, text=True, timeout=60,
                       env={**os.environ, **env})
    assert r.returncode == 2 and "--watch 127.0.0.1:1" in r.stderr
    assert "Traceback" not in r.stderr + r.stdout


@pytest.mark.slow
def test_a_browser_watches_a_hosted_game_to_its_end_in_its_language(tmp_path, browser):
    """A host in one process, `serve --watch` in another (its code from the environment),
    and a French browser: the page opens the watcher's table in French (its waiting room first),
    then, once a player has joined and plays, follows the game — the round summaries go on
    by themselves — to the winner."""
    env = private_env(tmp_path)
    host = Running(tmp_path, "host", "host", "--port", "0", "--players", "2", "--cpu", "easy",
                   "--cpu-delay", "0", "--summary-pause", "0.2", "--start-when-full",
                   "--seed", "5", "--save-dir", str(tmp_path / "saves"), env=env)
    served = None
    try:
        port = int(host.wait_for(r"port (\d+)\)").group(1))
        code = host.wait_for(r"Join code: (\S+)").group(1)
        served = Running(tmp_path, "serve", "serve", "--port", "0", "--watch",
                         f"127.0.0.1:{port}", env={**env, "DREAD_DRAW_CODE": code})
        url = served.wait_for(r"http://127\.0\.0\.1:\d+/").group(0)
        assert code not in " ".join(served.proc.args)
        page = browser.new_context(viewport={"width": 1280, "height": 800},
                                   locale="fr-FR").new_page()  # Accept-Language: fr-FR
        page.add_init_script(SCREEN_HOOK)
        page.goto(url)
        wait_for_screen(page, r"Vous regardez cette table")  # the watcher's waiting room
        player = threading.Thread(target=asyncio.run, args=(Player(
            SimpleNamespace(port=port, code=code), "Ana", 5, tmp_path / "ana.json").play(),))
        player.start()
        wait_for_screen(page, r"DREAD DRAW")  # the table itself
        found = wait_for(lambda: re.search(r"gagne la partie", screen(page)), 120,
                         why=lambda: f"the game never ended on the page:\n{screen(page)}")
        assert found
        player.join(30)
        host.wait_for("wins the game")
    finally:
        if served is not None:
            served.stop()
        host.stop()
