"""The `normal` agent: exact one-step odds from the cards this seat has not seen (R11), weighed
by what the round is worth: who is still in, their rows' damage, and how much Life is left."""

from __future__ import annotations

import random

from dread_draw.ai.policy import answer, view_sight
from dread_draw.rules import Decision, View


class NormalAgent:
    name = "normal"

    def __init__(self, rng: random.Random, **_: object) -> None:
        self.rng = rng  # unused: `normal` decides the same way every time from the same view

    def choose(self, view: View, decision: Decision) -> int:
        return answer(view, view.seat, decision, view_sight(view))
