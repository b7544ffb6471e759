"""A CPU seat's dice: random numbers that restart at every decision from the game's seed, the
seat, the CPU's kind and the decision's number — so a game resumed from a save plays on
exactly as if it had never stopped, whatever the CPUs drew before.
"""

from __future__ import annotations

import random


class Dice(random.Random):
    """Random numbers for one CPU seat of one game; `at(number)` restarts them for a decision."""

    def __init__(self, seed: int = 0, seat: int = 0, kind: str = "") -> None:
        self._key = f"{seed}/{seat}/{kind}"
        super().__init__(self._key)

    def at(self, number: int) -> Dice:
        """Restart for the decision numbered `number` (see `Decision.number`)."""
        self.seed(f"{self._key}/{number}")
        return self


def restart(rng: random.Random, number: int) -> random.Random:
    """The dice for decision `number`: restarted if they are a seat's `Dice`; any other
    generator (a test's own `random.Random`) simply goes on."""
    return rng.at(number) if isinstance(rng, Dice) else rng
