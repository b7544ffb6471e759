"""The daily deal: one game a day, the same for everyone who plays it that day.

The day is the UTC date — the same date at the same moment everywhere on Earth, so two
friends in different time zones playing "today's deal" at the same time get the same cards —
and its seed is a hash of that date (`daily_seed`). The person plays against three `hard`
CPUs (`daily_setup`); a kept game says it was the daily deal of its day (the save's `daily`
field), from which `stats` tells each day's result and the streak (`daily_record`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

from dread_draw.sim import HUMAN, SeatSpec

DAILY_CPU = "hard"
# The daily's opponents: the table's first CPU names (dread_draw/sim.py), written out
# here so that the daily deal needs no table.
DAILY_NAMES = ("Zora", "Orrin", "Vesna")


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


@dataclass
class DailyRecord:
    """Each day's result (True: won) and the current streak of days won in a row."""

    days: dict[date, bool] = field(default_factory=dict)
    streak: int = 0


def daily_record(results: Iterable[tuple[date, bool]], now: date | None = None) -> DailyRecord:
    """Each day's result from (day, won) pairs in the order the games finished — a day's
    first finished game is its result; later tries of the same deal do not change it — and
    the current streak: the days won in a row up to today, or up to yesterday while today's
    deal is still to be played."""
    days: dict[date, bool] = {}
    for day, won in results:
        days.setdefault(day, won)
    now = now or today()
    day = now if now in days else now - timedelta(days=1)  # a lost today ends it
    streak = 0
    while days.get(day):
        streak += 1
        day -= timedelta(days=1)
    return DailyRecord(dict(sorted(days.items())), streak)
