"""`dread-draw serve --watch HOST:PORT`: a hosted game, watched from web browsers.

The same server as `serve` (dread_draw/web/serve.py: one table process per browser session,
at most `--max-tables` at once, the same checks of who may connect), but each session's
table is a watcher's — ``dread-draw join HOST:PORT --watch`` — on the public view the host
sends a spectator (R11.1), in the browser's language (as `serve`'s tables: `Table` gives it
in the environment), live until the game is over and
through a restart of the host. The join code reaches each table process in its environment
(`DREAD_DRAW_CODE`), never on a command line; before serving, one watcher joins and leaves,
so that a wrong code or a host that is not there is said at once (exit 2), not in every
browser (dread_draw/commands/serve.py).
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

from dread_draw.i18n import _
from dread_draw.net.client import Client, parse_address
from dread_draw.web.serve import TableServer

CODE_VARIABLE = "DREAD_DRAW_CODE"
WATCH_IDLE = 6 * 3600.0  # seconds: a watcher never types: its table closes for idleness
#                          only after a long while


def watch_command(address: str) -> str:
    """The shell command of one browser's watcher table (textual-serve runs a shell
    command; the code is in the environment). No --lang: the table speaks the browser's
    language, which `Table` gives it."""
    args = [sys.executable, "-m", "dread_draw", "join", address, "--watch"]
    if os.name == "nt":
        return subprocess.list2cmdline(args)
    return "exec " + shlex.join(args)


class WatchServer(TableServer):
    """`serve`'s server, each session watching the hosted game at `address`."""

    def __init__(self, *args: Any, address: str, code: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.watched = address
        self.code = code
        self.idle_seconds = max(self.idle_seconds, WATCH_IDLE)

    def table_command(self, folder: Path, resume: bool) -> str:
        return watch_command(self.watched)

    def table_environment(self) -> dict[str, str]:
        return {CODE_VARIABLE: self.code}

    def served_words(self) -> str:
        return _("The hosted game is served to watch at {address} — open that address in a "
                 "web browser to watch it (nobody's cards are shown). Press Ctrl+C to stop.")


async def check_watchable(address: str, code: str) -> None:
    """Join the game as a watcher once, and leave (NetError if it cannot be watched)."""
    host, port = parse_address(address)
    client = Client(host, port, code=code, name="", watch=True, timeout=10)
    try:
        await client.connect()
    finally:
        await client.close()

