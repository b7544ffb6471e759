"""Each seat's chance of winning a game cut off between rounds: the `hard` search's score for a
rollout it stops early, and so the part of the coach's estimates that no rollout reaches.

It is a conditional logit fitted by maximum likelihood on the round starts of 30,000 games of
`normal` in every seat (2 to 5 players; `benchmarks/fit_value.py` plays them and fits it
again): each seat still in the game gets a score from public facts only (R11.1) —

    u = a·ln(L+1) + b·L + c/(L+1) + d·R + e·V/10 + f·[L = 0]

with L its Life Deck's size, R its reserve cards and V their worth (`policy.card_values`) —
and its chance is ``exp(u) / Σ exp(u)`` over the seats still in the game. One set of weights
per number of seats still in, since a Life card counts for more the more players there are
to outlast. On held-out games the chances are calibrated to within a few points in every
tenth (the fitting script prints the table), so the mean of many rollouts scored this way is
itself a win chance: the chance of winning if everyone plays on like `normal`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from dread_draw.ai.policy import card_values
from dread_draw.rules import Deck

# Seats still in the game -> (a, b, c, d, e, f); see the module docstring. Written by
# `python benchmarks/fit_value.py` (30,000 games, seed 12345).
WEIGHTS: dict[int, tuple[float, float, float, float, float, float]] = {
    2: (0.639, 0.190, 0.652, -0.188, 0.627, -0.607),
    3: (1.610, 0.164, 3.687, -0.217, 0.688, -1.983),
    4: (2.168, 0.150, 5.641, -0.132, 0.603, -2.895),
    5: (3.194, 0.073, 8.211, -0.093, 0.572, -3.788),
}


def score(weights: Sequence[float], deck: Deck, life: int, reserves: Sequence[int]) -> float:
    """A seat's score `u` (see the module docstring)."""
    a, b, c, d, e, f = weights
    values = card_values(deck)
    worth = sum(map(values.__getitem__, reserves)) if reserves else 0.0
    return (a * math.log(life + 1) + b * life + c / (life + 1) + d * len(reserves)
            + e * worth / 10 + (f if life == 0 else 0.0))


def win_chances(deck: Deck, lives: Sequence[int], reserves: Sequence[Sequence[int]],
                defeated: Sequence[bool]) -> list[float]:
    """Every seat's chance of winning from a position between rounds (0 for the defeated)."""
    alive = [s for s in range(len(lives)) if not defeated[s]]
    chances = [0.0] * len(lives)
    if len(alive) == 1:
        chances[alive[0]] = 1.0
        return chances
    if not alive:
        return chances
    weights = WEIGHTS[min(len(alive), max(WEIGHTS))]
    u = {s: score(weights, deck, lives[s], reserves[s]) for s in alive}
    top = max(u.values())
    e = {s: math.exp(x - top) for s, x in u.items()}
    total = sum(e.values())
    for s in alive:
        chances[s] = e[s] / total
    return chances
