"""`dread-draw stats`: games played and won per player name and per CPU level, and the daily deals
with the streak."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from dread_draw.base.safe_text import clean, plain
from dread_draw.coach.chart import BLOCKS
from dread_draw.coach.daily import daily_record, is_days_deal
from dread_draw.i18n import _, fmt, level_word, ngettext, percent, pgettext
from dread_draw.store import ratings
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
    result = stats(folder, is_days_deal)
    for problem in result.problems:
        err.print(fmt(_("Skipped: {problem}"), problem=clean(problem)), markup=False)
    rated = ratings.load(folder.root)  # kept apart from the window of the last games
    if rated.problem:
        err.print(clean(rated.problem), markup=False)
    if not result.games and not rated.games:
        out.print(fmt(_("No finished games are kept in {folder} yet."),
                      folder=clean(str(folder.games))), markup=False)
        return
    if not result.games:
        for part in ratings_parts(rated):
            out.print(part)
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
            # a CPU level by its name in the player's language ("facile"), a person by theirs
            cells: list[Text | str] = [plain(name if people else level_word(name)), str(played),
                                       str(won), percent(100 * won / played)]
            if people:
                cells += [str(n) for n in result.coached.get(name, [0, 0])]
            t.add_row(*cells)
        out.print(t)
        if note:
            out.print(note, markup=False)
    for part in ratings_parts(rated):
        out.print(part)
    if result.daily:
        out.print(daily_table(result.daily))
    if result.refused:
        out.print(fmt(ngettext(
            "{n} kept game is labelled a daily deal but is not that day's deal (its seed, "
            "seats or levels differ): it counts in no daily result or streak.",
            "{n} kept games are labelled a daily deal but are not that day's deal (their "
            "seed, seats or levels differ): they count in no daily result or streak.",
            result.refused), n=result.refused), markup=False)


def ratings_parts(rated: ratings.Ratings) -> list[Table | Text | str]:
    """`stats`: each person's rating and the level it is closest to, each one's ratings over
    their games as a chart, and the head-to-head record of every two people."""
    if not rated.players:
        return []
    t = Table(title=_("Ratings among friends"), header_style="bold")
    t.add_column(pgettext("stats column", "player"))
    for col in (pgettext("stats column", "rating"), pgettext("stats column", "games"),
                pgettext("stats column", "about")):
        t.add_column(col, justify="right")
    games = {name: len(ratings.history(rated, name)) - 1 for name in rated.players}
    for name, r in sorted(rated.players.items(), key=lambda kv: (-kv[1].mu, kv[0])):
        t.add_row(plain(name), ratings.number(ratings.shown(r.mu)), str(games[name]),
                  level_word(ratings.nearest_level(r.mu)))
    parts: list[Table | Text | str] = [t, Text(ratings.anchors_text()),
                                       Text(_("Ratings over time (oldest game first):"))]
    width = max((len(clean(n)) for n in rated.players), default=4)
    for name in sorted(rated.players):
        points = ratings.history(rated, name)
        parts.append(Text(f"  {clean(name):<{width}}  {ratings.number(points[0]):>6} "
                          f"{spark(points)} {ratings.number(points[-1])}"))
    pairs = ratings.head_to_head(rated)
    if pairs:
        h = Table(title=_("Head to head"), header_style="bold")
        h.add_column(pgettext("stats column", "players"))
        h.add_column(pgettext("stats column", "games"), justify="right")
        h.add_column(pgettext("stats column", "ahead"), justify="right")
        for (a, b), rec in sorted(pairs.items()):
            h.add_row(plain(fmt(_("{a} and {b}"), a=a, b=b)), str(rec.games),
                      f"{clean(a)} {rec.ahead[0]} · {clean(b)} {rec.ahead[1]}")
        parts += [h, Text(_("Ahead: placed better than the other in a game played together."))]
    return parts


def spark(points: list[int], width: int = 40) -> str:
    """Ratings as a line of block characters, low to high (the last `width` games)."""
    points = points[-width:]
    low, high = min(points), max(points)
    span = max(high - low, 1)
    return "".join(BLOCKS[1 + round(7 * (p - low) / span)] for p in points)


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
