"""Each seat's chance of winning a game cut off between rounds: the `hard` search's score for a
rollout it stops early, and so the part of the coach's estimates that no rollout reaches.

It is a conditional logit fitted by maximum likelihood on the round starts of 20,000 games of
`normal` in every seat (2 to 5 players; `benchmarks/fit_value.py` plays them and fits it
again): each seat still in the game gets a score from public facts only (R11.1) —

    u = a·ln(L+1) + b·L + c/(L+1) + d·R + e·V/10 + f·[L = 0] + g·A

with L its Life Deck's size, R its reserve cards, V their worth (`policy.card_values`) and A
their always-active amounts (R9.5: a Lantern or a Veil kept in reserves works every round
until it is spent, worth more than its rough worth in V says: the fit gives g > 0 for every
number of seats) — and its chance is ``exp(u) / Σ exp(u)`` over the seats still in the game.
One set of weights per number of seats still in, since a Life card counts for more the more
players there are to outlast. On held-out games the chances are calibrated to within a few
points in every tenth (the fitting script prints the table), so the mean of many rollouts
scored this way is itself a win chance: the chance of winning if everyone plays on like
`normal`.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from functools import lru_cache

from dread_draw.ai.policy import card_values
from dread_draw.rules import Deck

# Seats still in the game -> (a, b, c, d, e, f, g); see the module docstring. Written by
# `python benchmarks/fit_value.py --games 20000` (seed 12345).
WEIGHTS: dict[int, tuple[float, float, float, float, float, float, float]] = {
    2: (0.964, 0.156, 1.434, -0.232, 0.646, -0.795, 0.148),
    3: (1.669, 0.152, 3.953, -0.220, 0.679, -2.104, 0.100),
    4: (2.451, 0.126, 6.246, -0.150, 0.602, -3.040, 0.093),
    5: (3.675, 0.021, 9.236, -0.106, 0.555, -4.012, 0.111),
}


@lru_cache(maxsize=16)
def always_amounts(deck: Deck) -> tuple[int, ...]:
    """Every card's always-active amount (R9.5: Lantern's 1 off the card to beat, Veil's 1
    less damage), 0 for a card without one (decks are immutable: computed once per deck)."""
    out = []
    for c in range(deck.size):
        a = deck.ability[c]
        raw = a.params.get("amount", 1) if a is not None and a.when == "always" else 0
        out.append(raw if isinstance(raw, int) else 1)
    return tuple(out)


def features(deck: Deck, life: int, reserves: Sequence[int]) -> tuple[float, ...]:
    """What `score` weighs: ln(L+1), L, 1/(L+1), R, V/10, [L = 0], A (the module docstring)."""
    values = card_values(deck)
    worth = sum(map(values.__getitem__, reserves)) if reserves else 0.0
    always = sum(map(always_amounts(deck).__getitem__, reserves)) if reserves else 0
    return (math.log(life + 1), float(life), 1 / (life + 1), float(len(reserves)), worth / 10,
            1.0 if life == 0 else 0.0, float(always))


def score(weights: Sequence[float], deck: Deck, life: int, reserves: Sequence[int]) -> float:
    """A seat's score `u` (see the module docstring)."""
    return float(sum(map(operator.mul, weights, features(deck, life, reserves))))


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
