"""A generator that seeds itself only when first drawn from (`SeededLater`), for the games
`determinize` deals for the CPU's search.

Its own module, kept pure Python in the compiled core (setup.py leaves it out): it becomes a
plain `random.Random` by changing its own class, which a class compiled with mypyc, laid out
differently, cannot do.
"""

from __future__ import annotations

import random
from typing import Any


class SeededLater(random.Random):
    """A generator seeded with `seed`, that seeds itself only when first drawn from: a game
    dealt for the CPU's search rarely shuffles before its rollout ends, and seeding (or
    cloning) a Mersenne Twister costs as much as a few decisions of the rules. It draws the
    very numbers `random.Random(seed)` would."""

    def __init__(self, seed: int) -> None:  # no seeding now
        self.seed_later: int | None = seed

    def _now(self) -> None:
        """Seed now, then become a plain generator: a reshuffle draws from it once per
        card, and this class's methods would stand between every draw and the generator.
        (Its methods name random.Random's, and call this one as a plain function: a method
        bound before the change, as `shuffle` binds `getrandbits`, comes back to them.)"""
        if self.seed_later is not None:
            seed, self.seed_later = self.seed_later, None
            random.Random.__init__(self, seed)
            self.__class__ = random.Random  # type: ignore[assignment]

    def random(self) -> float:
        SeededLater._now(self)
        return random.Random.random(self)

    def getrandbits(self, k: int) -> int:
        SeededLater._now(self)
        return random.Random.getrandbits(self, k)

    def getstate(self) -> tuple[Any, ...]:
        SeededLater._now(self)
        return random.Random.getstate(self)

    def setstate(self, state: tuple[Any, ...]) -> None:
        self.seed_later = None
        self.__class__ = random.Random  # type: ignore[assignment]
        random.Random.setstate(self, state)
