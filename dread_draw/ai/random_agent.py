"""The `random` agent: a uniformly random legal option, every time."""

from __future__ import annotations

import random


class RandomAgent:
    name = "random"
    needs_view = False  # it only reads the Decision's options

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view, decision) -> int:
        return self.rng.choice(decision.options)
