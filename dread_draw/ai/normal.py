"""The `normal` agent: exact one-step odds from the cards this seat has not seen (R11), weighed
by what the round is worth: who is still in, their rows' damage, and how much Life is left."""

from __future__ import annotations

import random

from dread_draw.ai.policy import answer, view_sight
from dread_draw.rules import Decision, View


class NormalAgent:
    name = "normal"
    reads_view = True

    def __init__(self, rng: random.Random, **_: object) -> None:
        self.rng = rng  # unused: `normal` decides the same way every time from the same view

    def choose(self, view: View | None, decision: Decision) -> int:
        assert view is not None, "this CPU decides from its seat's view"
        return answer(view, view.seat, decision, view_sight(view))
