"""`dread-draw serve`: the full table in web browsers (dread_draw/web/serve.py) — the flags
checked, a warning when others can reach it, then served until Ctrl+C; `serve --watch`: a
hosted game's watcher table instead (dread_draw/web/watch.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dread_draw.base.errors import DreadDrawError
from dread_draw.base.hosts import is_host_name
from dread_draw.base.safe_text import markup_safe
from dread_draw.i18n import _, fmt
from dread_draw.net.client import NetError
from dread_draw.store.saves import default_root
from dread_draw.web.serve import IDLE_MINUTES, MAX_TABLES, ServeError, TableServer, origin
from dread_draw.web.watch import WatchServer, check_watchable


def serve_command(*, host: str, port: int, public_url: str | None,
                  save_dir: Path | None, max_tables: int = MAX_TABLES,
                  idle_minutes: float = IDLE_MINUTES,
                  make_server: Callable[..., TableServer] | None = None) -> None:
    """`dread-draw serve`: warn when others can reach the table, then serve until Ctrl+C.
    `make_server`: the server's class (`WatchServer`'s for `serve --watch`)."""
    if not is_host_name(host):
        raise ServeError(fmt(_("--host {host}: not an address; give one of this computer's, "
                               "such as 127.0.0.1 (or 0.0.0.0 for all of them)."),
                             host=repr(markup_safe(host))))
    if public_url is not None:
        given = origin(public_url)
        if given is None or given[0] not in ("http", "https") or not given[1]:
            raise ServeError(fmt(_("--public-url {url}: give the whole address other computers "
                                   "use, such as http://192.168.1.20:8000."),
                                 url=markup_safe(public_url)))
    server = (make_server or TableServer)(
        save_dir if save_dir is not None else default_root(), host, port, public_url,
        max_tables=max_tables, idle_minutes=idle_minutes)
    server.initialize_logging()
    if not server.loopback:
        server.console.print(
            fmt(_("[bold yellow]Warning:[/] serving on {host}, not only on this computer: "
                  "anyone who can reach it on port {port} can open a table and play here."),
                host=markup_safe(host), port=port),
            soft_wrap=True, highlight=False)
    asyncio.run(server.run())


def watch_serve_command(*, address: str, code: str, **options: Any) -> None:
    """`dread-draw serve --watch ADDRESS`: check that the game can be watched, then serve
    its watcher's table to browsers (`options`: serve_command's)."""
    try:
        asyncio.run(check_watchable(address, code))
    except NetError as e:
        raise DreadDrawError(fmt(_("--watch {address}: {problem}"), address=address,
                                 problem=e)) from None

    def make(*args: Any, **kwargs: Any) -> WatchServer:
        return WatchServer(*args, address=address, code=code, **kwargs)

    serve_command(make_server=make, **options)
