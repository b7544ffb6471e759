"""The table in a real (pseudo-)terminal: what the terminal itself does with the keys.

Pilot tests press keys inside Textual; here the bytes go through a terminal as a player's
keyboard sends them, so a key the terminal would turn into a signal (Ctrl+C is SIGINT in a
terminal's ordinary mode) is caught if the table ever lets it through.
"""

from __future__ import annotations

import json
import os
import re
import select
import time
from pathlib import Path

import pytest
from helpers import app_in_pty

from dread_draw.store.saves import SaveDir

LIMIT = 240.0  # seconds: only a hung app ever reaches it (every wait below is for an event)
ESCAPES = re.compile(rb"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b.")


class Terminal:
    """`dread-draw ARGS` in a 100x30 pseudo-terminal (`helpers.app_in_pty`: the suite's own
    settings folders, so a remembered plain mode cannot change it); `screen` is everything it
    wrote, with the escape sequences taken out (enough to find a line of text)."""

    def __init__(self, args: list[str]) -> None:
        self.proc, self.master = app_in_pty(args)
        self.raw = b""

    @property
    def screen(self) -> str:
        return ESCAPES.sub(b"", self.raw).decode("utf-8", "replace")

    def read(self) -> None:
        if select.select([self.master], [], [], 0.05)[0]:
            try:
                self.raw += os.read(self.master, 1 << 16)
            except OSError:  # the app has ended and closed its side
                pass

    def wait_for(self, done, what: str) -> None:
        start = time.monotonic()
        while not done():
            self.read()
            if time.monotonic() - start > LIMIT:
                raise AssertionError(f"never {what}; the terminal showed:\n{self.screen[-2000:]}")

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        os.close(self.master)


def choices_saved(folder: SaveDir) -> int:
    try:
        return len(json.loads(folder.current.read_bytes())["choices"])
    except (OSError, ValueError, KeyError):
        return 0


@pytest.mark.slow
def test_ctrl_c_in_a_real_terminal_asks_before_quitting_and_keeps_the_game(tmp_path: Path):
    """At a running table, Ctrl+C pressed twice in a hurry is a key that asks "Quit the game
    in progress?" — never the terminal's interrupt that ends the program (exit 130) — and
    quitting then keeps the game for --resume."""
    folder = SaveDir(tmp_path / "saves")
    term = Terminal(["play", "--human", "Ana", "--cpu", "random", "--seed", "3",
                     "--cpu-delay", "0", "--save-dir", str(folder.root), "--lang", "en"])
    try:
        term.wait_for(lambda: "Reveal the top card" in term.screen, "showed the table")
        term.type("1")
        term.wait_for(lambda: choices_saved(folder) >= 1, "saved Ana's first move")
        term.type("\x03\x03")
        term.wait_for(lambda: "Quit the game in progress?" in term.screen,
                      "asked before quitting")
        assert term.proc.poll() is None, "Ctrl+C ended the table without asking"
        kept = choices_saved(folder)
        term.type("y")
        term.wait_for(lambda: term.proc.poll() is not None, "quit after y")
        term.wait_for(lambda: "--resume" in term.screen, "said how to come back")
        assert term.proc.returncode == 0
        assert choices_saved(folder) == kept >= 1
    finally:
        term.close()
