"""The daily deal: one game a day, the same for everyone who plays it that day.

The day is the UTC date — the same date at the same moment everywhere on Earth, so two
friends in different time zones playing "today's deal" at the same time get the same cards —
and its seed is a hash of that date (`daily_seed`). The person plays against three `hard`
CPUs (`daily_setup`); a kept game says it was the daily deal of its day (the save's `daily`
field), from which `stats` tells each day's result and the streak (`daily_record`).

A deal means something only if it is played once, blind, by everyone alike:

- one attempt a day per save folder: the folder's ``daily.json`` (`DailyBook`) notes each day
  whose deal was dealt there, or whose seed was played there with ``--seed``; `plan_daily`
  then continues today's game if it is in progress (quitting keeps it, it is never dealt
  fresh), and otherwise offers a deal already seen, or an earlier day's (a clock turned
  back), only as practice: not saved, never in the stats;
- the CPUs search on their fixed schedule with no clock (`DAILY_OPTIONS`), so the same
  choices give the same game on any machine, however loaded;
- the seed is shown only once the game is over (the game-over screen and the replay);
- a won deal with hints or take-backs is `ASSISTED`: a result, not part of the streak.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from dread_draw.base.files import atomic_write
from dread_draw.i18n import N_
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.store.saves import WON

DAILY_CPU = "hard"
# The daily's opponents: the table's first CPU names (dread_draw/play/sim.py), written out
# here so that the daily deal needs no table.
DAILY_NAMES = ("Zora", "Orrin", "Vesna")
# The daily's CPUs: the default budget's fixed schedule of samples, never cut by the clock
# (`HardAgent`'s clock=False), so that a loaded machine plays the same game as an idle one;
# the stop, 20 times the budget, is only there so that no machine hangs on a decision.
THINK_MS = 250
DAILY_OPTIONS = {DAILY_CPU: {"think_ms": THINK_MS, "clock": False, "stop_ms": 20 * THINK_MS}}
BOOK = "daily.json"  # in the save folder: the days whose deal was dealt or seen there
SEEN_DAYS = 400  # a --seed is checked against the daily seeds this many days either side



def today() -> date:
    """Today's date in UTC: the daily deal changes at midnight UTC for everyone."""
    return datetime.now(UTC).date()


def daily_seed(day: date) -> int:
    """The seed of `day`'s deal: the same for everyone, a new one every day.

    >>> daily_seed(date(2026, 1, 1)) == daily_seed(date(2026, 1, 1))
    True
    """
    digest = hashlib.sha256(f"dread-draw/daily/{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:6], "big")  # under 15 digits: short enough to show


@dataclass(frozen=True)
class DailySetup:
    """What `play --daily` starts: the seats, the seed, and the day to record in the save."""

    day: date
    seed: int
    seats: list[SeatSpec]

    @property
    def label(self) -> str:
        """The day as the save records it (ISO 8601: 2026-12-03)."""
        return self.day.isoformat()


def daily_setup(day: date, name: str) -> DailySetup:
    """The daily deal of `day` for the person called `name`: they take the first seat, the
    three `hard` CPUs the others, and the seed is the day's (the standard deck)."""
    names = [n for n in DAILY_NAMES if n != name]
    names += [f"CPU {i}" for i in range(1, 4)]
    seats = [SeatSpec(name, HUMAN)] + [SeatSpec(n, DAILY_CPU) for n in names[:3]]
    return DailySetup(day, daily_seed(day), seats)


def is_days_deal(day: str, seed: int, seats: list[SeatSpec]) -> bool:
    """Is a kept game labelled as the daily deal of `day` really that day's deal: its seed,
    and its seats and levels (the person first, then the three `hard` CPUs of
    `daily_setup`)? A label alone proves nothing: a game against one `random` CPU labelled
    with three dates is no 3-day streak. (Nor can a local file prove more: README.)"""
    try:
        the_day = date.fromisoformat(day)
    except ValueError:
        return False
    if not seats or not seats[0].is_human:
        return False
    setup = daily_setup(the_day, seats[0].name)
    return seed == setup.seed and list(seats) == setup.seats


@dataclass
class DailyRecord:
    """Each day's result (WON, LOST or ASSISTED) and the current streak of days won in a row
    (without help)."""

    days: dict[date, str] = field(default_factory=dict)
    streak: int = 0


def daily_record(results: Iterable[tuple[date, str]], now: date | None = None) -> DailyRecord:
    """Each day's result from (day, result) pairs in the order the games finished — a day's
    first finished game is its result; later tries of the same deal do not change it — and
    the current streak: the days won in a row without help up to today, or up to yesterday
    while today's deal is still to be played."""
    days: dict[date, str] = {}
    for day, result in results:
        days.setdefault(day, result)
    now = now or today()
    day = now if now in days else now - timedelta(days=1)  # a lost today ends it
    streak = 0
    while days.get(day) == WON:  # an assisted win is no part of a streak
        streak += 1
        day -= timedelta(days=1)
    return DailyRecord(dict(sorted(days.items())), streak)


# ------------------------------------------------------------ one attempt a day per folder

DEALT, SEEN = "dealt", "seen"  # how a day's deal became known in a folder


class DailyBook:
    """The save folder's ``daily.json``: each day whose deal was dealt there as the daily
    (DEALT) or whose seed was played there with ``--seed`` (SEEN). A missing or unreadable
    file reads as empty; it is rewritten whole (atomically) when a day is added."""

    def __init__(self, root: Path) -> None:
        self.path = Path(root) / BOOK
        self.days: dict[str, str] = {}
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(raw, dict) and isinstance(raw.get("days"), dict):
            self.days = {d: h for d, h in raw["days"].items()
                         if isinstance(d, str) and h in (DEALT, SEEN) and _is_day(d)}

    def note(self, day: date, how: str) -> None:
        """Note `day` (a day already noted keeps its first note). A folder that cannot be
        written is left alone: the autosave says what is wrong with it."""
        if day.isoformat() in self.days:
            return
        self.days[day.isoformat()] = how
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path, [json.dumps({"days": self.days}, indent=1,
                                                sort_keys=True)])
        except OSError:
            pass

    def latest(self) -> date | None:
        return max(map(date.fromisoformat, self.days), default=None)


def _is_day(text: str) -> bool:
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def daily_day_of(seed: int, around: date) -> date | None:
    """The day within `SEEN_DAYS` of `around` whose daily seed is `seed`, if any."""
    for i in range(-SEEN_DAYS, SEEN_DAYS + 1):
        day = around + timedelta(days=i)
        if daily_seed(day) == seed:
            return day
    return None


CONTINUE, NEW, PRACTICE = "continue", "new", "practice"
# Why a deal is practice only:
PLAYED = "played"  # today's deal was dealt here already (and finished or given up)
PAST = "past"  # the clock says a day before one whose deal was dealt here
REHEARSED = "rehearsed"  # today's seed was played here with --seed


# What the table says when it deals a practice game, by why (N_: translated when shown).
PRACTICE_WORDS = {
    PLAYED: N_("Practice: today's daily deal was already dealt in this save folder. This game "
               "is not saved and does not count."),
    PAST: N_("Practice: this computer's date is before a daily deal already dealt in this "
             "save folder, so this is an earlier day's deal. This game is not saved and does "
             "not count."),
    REHEARSED: N_("Practice: today's deal was already played in this save folder with its "
                  "seed. This game is not saved and does not count."),
}


@dataclass(frozen=True)
class DailyPlan:
    """What `play --daily` does (`plan_daily`): CONTINUE today's game in progress, deal a
    NEW one, or deal it as PRACTICE (`why`: PLAYED, PAST or REHEARSED)."""

    how: str
    day: date
    why: str = ""


def plan_daily(root: Path, now: date, in_progress: str | None) -> DailyPlan:
    """The plan for `play --daily` on `now` in the save folder `root`, whose game in
    progress is the daily deal of the day `in_progress` (None: none, or not a daily)."""
    if in_progress == now.isoformat():
        return DailyPlan(CONTINUE, now)  # quitting kept it: never dealt fresh
    book = DailyBook(root)
    how = book.days.get(now.isoformat())
    if how is not None:
        return DailyPlan(PRACTICE, now, PLAYED if how == DEALT else REHEARSED)
    latest = book.latest()
    if latest is not None and latest > now:
        return DailyPlan(PRACTICE, now, PAST)
    return DailyPlan(NEW, now)


def note_daily(root: Path, match: Match) -> None:
    """Note in the folder's daily book a daily deal dealt, or a daily seed played with
    --seed (that day's deal is then practice only here: it has been seen)."""
    if match.daily is not None:
        DailyBook(root).note(date.fromisoformat(match.daily), DEALT)
    elif isinstance(match.seed, int) and (day := daily_day_of(match.seed, today())):
        DailyBook(root).note(day, SEEN)
