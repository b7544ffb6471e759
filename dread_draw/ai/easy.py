"""The `easy` agent: rough odds and simple habits, with deliberate mistakes a beginner can
punish. It counts the whole deck instead of the cards it has not seen, keeps its reserves
too long, and now and then answers at random."""

from __future__ import annotations

import random

from dread_draw.ai.dice import restart
from dread_draw.ai.policy import Sight, answer
from dread_draw.rules import Decision, View, reveal_chance

MISTAKE = 0.2  # how often it picks a random legal option instead of thinking


class EasyAgent:
    name = "easy"
    reads_view = True

    def __init__(self, rng: random.Random, mistakes: float = MISTAKE, **_: object) -> None:
        self.rng = rng
        self.mistakes = mistakes

    def choose(self, view: View | None, decision: Decision) -> int:
        assert view is not None, "this CPU decides from its seat's view"
        opts = decision.options
        rng = restart(self.rng, decision.number)
        if len(opts) > 1 and rng.random() < self.mistakes:
            return rng.choice(opts)
        deck = view.deck
        everything = range(deck.size)  # no card counting
        top = view.draw_top() if view.draw_count else -1
        sight = Sight(lambda bar: reveal_chance(deck, -1, everything, bar), top)
        return answer(view, view.seat, decision, sight, caution=0.5)
