"""`dread-draw stats`: games played and won per player name and per CPU level, and the daily deals
with the streak."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from dread_draw.base.safe_text import clean, plain
from dread_draw.coach.daily import daily_record
from dread_draw.i18n import _, fmt, level_word, ngettext, percent, pgettext
from dread_draw.store.saves import (
    ASSISTED,
    LOST,
    WON,
    SaveDir,
    SaveError,
    stats,
)


def stats_command(save_dir: Path | None) -> None:
    folder = SaveDir(save_dir)
    if save_dir is not None and not folder.root.exists():
        raise SaveError(fmt(_("{folder}: no such save folder."), folder=folder.root),
                        folder.root, "folder")
    out, err = Console(highlight=False), Console(stderr=True, highlight=False)
    result = stats(folder)
    for problem in result.problems:
        err.print(fmt(_("Skipped: {problem}"), problem=clean(problem)), markup=False)
    if not result.games:
        out.print(fmt(_("No finished games are kept in {folder} yet."),
                      folder=clean(str(folder.games))), markup=False)
        return
    out.print(fmt(ngettext("From the {n} finished game kept in {folder}:",
                           "From the {n} finished games kept in {folder}:", result.games),
                  n=result.games, folder=clean(str(folder.games))), markup=False)
    # A person plays one seat of a game; a CPU level may have several seats in one game.
    for title, label, counts, rows, note in (
            (_("Games per player name"), pgettext("stats column", "player"),
             pgettext("stats column", "games"), result.players, ""),
            (_("Seats per CPU level"), pgettext("stats column", "CPU level"),
             pgettext("stats column", "seats"), result.cpus,
             _("A CPU level counts once for each seat it had: two normal CPUs in one game are "
               "two seats."))):
        if not rows:
            continue
        people = rows is result.players
        t = Table(title=title, header_style="bold")
        t.add_column(label)
        for col in (counts, pgettext("stats column", "won"), pgettext("stats column", "won %"),
                    *((pgettext("stats column", "with hints"),
                       pgettext("stats column", "with take-backs")) if people else ())):
            t.add_column(col, justify="right")
        for name, (played, won) in sorted(rows.items(), key=lambda kv: (-kv[1][1], kv[0])):
            shown = plain(name) if people else plain(level_word(name))  # "facile", not "easy"
            cells: list[Text | str] = [shown, str(played), str(won),
                                       percent(100 * won / played)]
            if people:
                cells += [str(n) for n in result.coached.get(name, [0, 0])]
            t.add_row(*cells)
        out.print(t)
        if note:
            out.print(note, markup=False)
    if result.daily:
        out.print(daily_table(result.daily))


def daily_table(results: list[tuple[str, str]], now: date | None = None) -> Table:
    """`stats`: each day's daily deal, won, won with help or lost, and the current streak of
    days won (without help)."""
    record = daily_record(((date.fromisoformat(day), r) for day, r in results), now)
    streak = record.streak
    t = Table(title=_("Daily deal"), header_style="bold",
              caption=fmt(ngettext("Current streak: {n} day won in a row.",
                                   "Current streak: {n} days won in a row.", streak), n=streak))
    t.add_column(pgettext("stats column", "day (UTC)"))
    t.add_column(pgettext("stats column", "result"))
    words = {WON: pgettext("daily result", "won"), LOST: pgettext("daily result", "lost"),
             # Translators: won, with hints or take-backs: not part of the streak
             ASSISTED: pgettext("daily result", "won with help")}
    for day, result in record.days.items():
        t.add_row(day.isoformat(), words[result])
    return t
