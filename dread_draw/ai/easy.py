"""The `easy` agent: rough odds and simple habits, with deliberate mistakes a beginner can
punish. It counts the whole deck instead of the cards it has not seen, keeps its reserves
too long, and now and then answers at random."""

from __future__ import annotations

import random

from dread_draw.ai.policy import Sight, answer, pool_odds

MISTAKE = 0.2  # how often it picks a random legal option instead of thinking


class EasyAgent:
    name = "easy"
    needs_view = True

    def __init__(self, rng: random.Random, mistakes: float = MISTAKE, **_):
        self.rng = rng
        self.mistakes = mistakes

    def choose(self, view, decision) -> int:
        opts = decision.options
        if len(opts) > 1 and self.rng.random() < self.mistakes:
            return self.rng.choice(opts)
        strength = view.deck.strength
        everything = range(view.deck.size)  # no card counting
        sight = Sight(view.life_counts, lambda bar: pool_odds(everything, strength, bar))
        return answer(view, view.seat, decision, sight, caution=0.5)
