"""`dread-draw serve`: the full table in web browsers (dread_draw/web/serve.py) — the flags
checked, a warning when others can reach it, then served until Ctrl+C."""

from __future__ import annotations

import asyncio
from pathlib import Path

from dread_draw.base.hosts import is_host_name
from dread_draw.base.safe_text import markup_safe
from dread_draw.i18n import _, fmt
from dread_draw.store.saves import default_root
from dread_draw.web.serve import IDLE_MINUTES, MAX_TABLES, ServeError, TableServer, origin


def serve_command(*, host: str, port: int, public_url: str | None,
                  save_dir: Path | None, max_tables: int = MAX_TABLES,
                  idle_minutes: float = IDLE_MINUTES) -> None:
    """`dread-draw serve`: warn when others can reach the table, then serve until Ctrl+C."""
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
    server = TableServer(save_dir if save_dir is not None else default_root(), host, port,
                         public_url, max_tables=max_tables, idle_minutes=idle_minutes)
    server.initialize_logging()
    if not server.loopback:
        server.console.print(
            fmt(_("[bold yellow]Warning:[/] serving on {host}, not only on this computer: "
                  "anyone who can reach it on port {port} can open a table and play here."),
                host=markup_safe(host), port=port),
            soft_wrap=True, highlight=False)
    asyncio.run(server.run())
