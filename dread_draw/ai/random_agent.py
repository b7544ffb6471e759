"""The `random` agent: a uniformly random legal option, every time."""

from __future__ import annotations

import random

from dread_draw.ai.dice import Dice
from dread_draw.rules import Decision, View


class RandomAgent:
    name = "random"
    reads_view = False

    def __init__(self, rng: random.Random, **_: object) -> None:
        self.rng = rng
        # a seat's dice: the same number as .at(number).choice(options), in one call
        self._first = rng.first if isinstance(rng, Dice) else None

    def choose(self, view: View | None, decision: Decision) -> int:
        options = decision.options
        first = self._first
        if first is None:  # another generator (a test's) goes on drawing, one option or more
            return self.rng.choice(options)
        if len(options) == 1:  # the dice restart at every decision: nothing to throw
            return options[0]
        return options[first(decision.number) % len(options)]
