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

    def choose(self, view: View | None, decision: Decision) -> int:
        options = decision.options
        if isinstance(self.rng, Dice):  # the same number as .at(number).choice(options)
            return options[self.rng.first(decision.number) % len(options)]
        return self.rng.choice(options)
