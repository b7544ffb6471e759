"""`dread-draw simulate`: many headless games, a progress bar, and a summary table."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from dread_draw.ai import AGENTS
from dread_draw.cards import load_deck
from dread_draw.errors import DreadDrawError
from dread_draw.safe_text import markup_safe
from dread_draw.sim import Summary, atomic_write, run_games, timed


def check_log_path(log: Path) -> None:
    """Refuse a log path we cannot write before any game is played (nothing half-written)."""
    parent = log.parent if str(log.parent) else Path(".")
    if not parent.is_dir():
        raise DreadDrawError(f"{log}: cannot write the log: folder {parent} does not exist.")
    if log.is_dir():
        raise DreadDrawError(f"{log}: is a folder; give a file path for the log.")


def check_agent(name: str) -> None:
    if name not in AGENTS:
        raise DreadDrawError(f"--agent {name!r} is not a CPU agent; choose from "
                             f"{', '.join(AGENTS)}.")


@contextmanager
def playing(out: Console, games: int) -> Iterator[Callable[[int], None]]:
    """A transient progress bar on a terminal; yields `advance(n)` (a no-op in a pipe)."""
    if not sys.stdout.isatty():
        yield lambda n: None
        return
    with Progress(TextColumn("Playing"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=out, transient=True) as bar:
        task = bar.add_task("games", total=games)
        yield lambda n: bar.advance(task, n)


def simulate(*, players: int, games: int, seed: int, deck: Path | None, agent: str,
             log: Path | None, workers: int, think_ms: int, report: bool = False) -> None:
    check_agent(agent)
    if report and log is not None:
        raise DreadDrawError("--report and --log cannot be combined: run them separately.")
    the_deck = load_deck(deck)
    the_deck.check_players(players)
    if log is not None:
        check_log_path(log)
    out = Console()
    options = {agent: {"think_ms": think_ms}} if agent == "hard" else None
    if report:
        balance_report(out, the_deck, players, games, seed, agent, workers, options)
        return
    results = run_games(the_deck, [agent] * players, games, seed, workers=workers,
                        log=log is not None, agent_options=options)
    lines: list[str] = []
    summary = Summary()
    with playing(out, games) as advance:
        timed(results, summary, lambda r: (lines.extend(r.log), advance(1)))
    if log is not None:
        atomic_write(log, lines)
    out.print(summary_table(summary, the_deck.name, players, agent, seed, workers))


def balance_report(out: Console, deck, players: int, games: int, seed: int, agent: str,
                   workers: int, options: dict | None) -> None:
    """`simulate --report`: the balance report of issue 3 (dread_draw/balance.py)."""
    from dread_draw.balance import report_tables, run_balance

    with playing(out, games) as advance:
        b = run_balance(deck, players, games, seed, agent, workers=workers,
                        agent_options=options, progress=advance)
    for table in report_tables(b, deck, agent, seed):
        out.print(table)


def summary_table(s: Summary, deck: str, players: int, agent: str, seed: int,
                  workers: int) -> Table:
    t = Table(title=f"{s.games} games · {players} players · {agent} · deck {markup_safe(deck)} "
                    f"· seed {seed}",
              show_header=True, header_style="bold")
    t.add_column("measure")
    t.add_column("value", justify="right")
    t.add_row("games", str(s.games))
    t.add_row("rounds per game (median)", f"{s.percentile(s.rounds, 50):g}")
    t.add_row("rounds per game (p90)", f"{s.percentile(s.rounds, 90):g}")
    t.add_row("decisions per game (median)", f"{s.percentile(s.decisions, 50):g}")
    t.add_row("stalemates (R10.3)", str(s.stalemates))
    for seat, wins in enumerate(s.wins):
        t.add_row(f"wins, seat {seat + 1}", f"{wins} ({100 * wins / max(1, s.games):.1f}%)")
    rate = s.games / s.seconds if s.seconds else 0.0
    t.add_row(f"games/s ({workers} worker{'s' if workers > 1 else ''})", f"{rate:,.1f}")
    return t
