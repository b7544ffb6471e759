"""`dread-draw simulate`: many headless games, a progress bar, a summary table (or the balance
report); and the event log's file, which `replay --log` writes too."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.table import Table

from dread_draw.ai import AGENTS
from dread_draw.base.errors import DreadDrawError
from dread_draw.base.files import replacing
from dread_draw.base.reasons import os_reason
from dread_draw.base.runner import run_batches
from dread_draw.base.safe_text import plain
from dread_draw.deck.cards import load_deck
from dread_draw.deck.overlays import deck_text
from dread_draw.i18n import _, fmt, level_word, ngettext, percent, pgettext
from dread_draw.play.figures import playing
from dread_draw.play.sim import PlayGames, Summary


def check_log_path(log: Path) -> None:
    """Refuse a log path we cannot write before any game is played (nothing half-written)."""
    parent = log.parent if str(log.parent) else Path(".")
    if not parent.is_dir():
        raise DreadDrawError(fmt(_("{file}: cannot write the log: folder {folder} does not "
                                   "exist."), file=log, folder=parent))
    if log.is_dir():
        raise DreadDrawError(fmt(_("{file}: is a folder; give a file path for the log."),
                                 file=log))
    if log.exists() and not log.is_file():
        raise DreadDrawError(fmt(_("{file}: is not a regular file; give a file path for the "
                                   "log."), file=log))


@contextmanager
def log_file(log: Path | None) -> Iterator[TextIO | None]:
    """The event log being written (None without --log): opened before any game is played,
    so a place that cannot be written is refused at once; lines stream into a temporary
    file beside it, which replaces `log` only if the run completes."""
    if log is None:
        yield None
        return
    check_log_path(log)
    try:
        with replacing(log) as f:
            yield f
    except OSError as e:  # the folder is not writable, or the disk is full
        raise DreadDrawError(fmt(_("{file}: cannot write the log there ({reason})."),
                                 file=log, reason=os_reason(e))) from None


def check_agent(name: str) -> None:
    if name not in AGENTS:
        raise DreadDrawError(fmt(_("--agent {name} is not a CPU agent; choose from "
                                   "{agents}."), name=repr(name), agents=", ".join(AGENTS)))


def simulate(*, players: int, games: int, seed: int, deck: Path | None, agent: str,
             log: Path | None, workers: int, think_ms: int, report: bool = False) -> None:
    check_agent(agent)
    if report and log is not None:
        raise DreadDrawError(_("--report and --log cannot be combined: run them separately."))
    the_deck = load_deck(deck)
    the_deck.check_players(players)
    out = Console()
    options = {agent: {"think_ms": think_ms}} if agent == "hard" else None
    if report:
        balance_report(out, the_deck, players, games, seed, agent, workers, options)
        return
    work = PlayGames(the_deck, [agent] * players, seed, log is not None, options)
    summary = Summary()
    with log_file(log) as written, playing(out, games) as advance:
        start = time.perf_counter()
        for batch in run_batches(work, games, workers=workers):
            for r in batch:
                summary.add(r)
                if written is not None:
                    for line in r.log:
                        written.write(line)
                        written.write("\n")
            advance(len(batch))
        summary.seconds = time.perf_counter() - start
    out.print(summary_table(summary, deck_text(the_deck).name, players, level_word(agent), seed,
                            workers))


def balance_report(out: Console, deck, players: int, games: int, seed: int, agent: str,
                   workers: int, options: dict | None) -> None:
    """`simulate --report`: the balance report of issue 3 (dread_draw/play/balance.py)."""
    from dread_draw.play.balance import report_tables, run_balance

    with playing(out, games) as advance:
        b = run_balance(deck, players, games, seed, agent, workers=workers,
                        agent_options=options, progress=advance)
    for table in report_tables(b, deck, agent, seed):
        out.print(table)


def summary_table(s: Summary, deck: str, players: int, agent: str, seed: int,
                  workers: int) -> Table:
    # Translators: the title of the summary of `dread-draw simulate`.
    title = fmt(_("{games} games · {players} players · {agent} · deck {deck} · seed {seed}"),
                games=s.games, players=players, agent=agent, deck=deck, seed=seed)
    # plain Text: a deck's name is shown as written, never as markup or :emoji: codes
    t = Table(title=plain(title), show_header=True, header_style="bold")
    t.add_column(pgettext("simulate table column", "measure"))
    t.add_column(pgettext("simulate table column", "value"), justify="right")
    t.add_row(_("games"), str(s.games))
    t.add_row(_("rounds per game (median)"), f"{s.percentile(s.rounds, 50):g}")
    t.add_row(_("rounds per game (90th percentile)"), f"{s.percentile(s.rounds, 90):g}")
    t.add_row(_("decisions per game (median)"), f"{s.percentile(s.decisions, 50):g}")
    t.add_row(_("games stopped after 10 rounds without damage"), str(s.stalemates))
    for seat, wins in enumerate(s.wins):
        t.add_row(fmt(_("wins, seat {seat}"), seat=seat + 1),
                  f"{wins} ({percent(100 * wins / max(1, s.games), 1)})")
    rate = s.games / s.seconds if s.seconds else 0.0
    t.add_row(fmt(ngettext("games per second ({n} worker)", "games per second ({n} workers)",
                           workers), n=workers), f"{rate:,.1f}")
    return t


# ------------------------------------------------------------------ saved games, shown
