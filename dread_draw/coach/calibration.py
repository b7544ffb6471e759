"""The coach's correction against `hard` seats: a measured shift of its chances.

The coach's rollouts play a `hard` seat by a quick likeness of its search
(`dread_draw.ai.hardlike`): `hard`'s own search at every decision of every rollout would cost
seconds a rollout. The likeness is weaker than `hard` (it wins about half its heads-up games
against `normal`, `hard` about 78%), so the rollouts' `hard` seats lose more often than the
real ones do, and the coach's chance of winning against them reads high — by about 9 points
at the benchmark's positions (`benchmarks/bench_coach_accuracy.py --opponents hard`).

So a chance `p` told against `hard` seats is corrected on the log-odds scale:

    logit(p') = logit(p) - k * share * sqrt(left)

`k` is `HARD_SHIFT`'s, one heads-up and one for 3 players or more (heads-up, the rollouts'
weaker `hard` seat is all that stands between the seat and the win; at a larger table the
`hard` seats also beat each other, and the bias is smaller); `share`, the `hard` seats' share
of the other seats; `left`, the share of the game still to play (`game_left`): the less of
the game is left, the less the rollouts' weaker play can change its end (0 when it is over).
The correction is the same for every option of a decision and strictly increasing in `p`, so
the options keep their order (the coach's choice, its near-ties and the review's mistakes
are the search's); it reads only public facts — the seats' levels, the Life Decks' sizes, who
is defeated (R11); it is deterministic. `HARD_SHIFT` is fitted by maximum likelihood on real
games of a person played by `normal` against `hard` seats, on seeds disjoint from the
benchmark's (`benchmarks/fit_hardcal.py` plays them and fits again; docs/REVIEW.md has the
figures).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from dread_draw.rules import LIFE_DECK_SIZE, PublicState

# Printed by `python benchmarks/fit_hardcal.py --data FILE --kept-only` on 331 games (their
# runs: docs/REVIEW.md): the log-odds shift against a table of `hard` seats at the start of
# the game: heads-up, and with 3 players or more.
HARD_SHIFT: tuple[float, float] = (1.660, 1.425)
_EDGE = 1e-4  # chances are kept this far from 0 and 1 on the log-odds scale


def hard_seats(levels: Sequence[str] | None, seat: int) -> int:
    """How many of the other seats are `hard` CPUs (their level is public)."""
    if levels is None:
        return 0
    return sum(1 for s, level in enumerate(levels) if s != seat and level == "hard")


def game_left(state: PublicState) -> float:
    """The share of the game still to play, from public facts (R10.1: it ends when one
    player is left): what the players not yet defeated, but the fullest, can still take —
    their Life Decks' cards and the damage that defeats them once empty (R8.1) — against as
    much for each other player at the start (R2.1): 1 at the start, 0 once one is left."""
    alive = sorted((n for n, out in zip(state.life_counts, state.defeated, strict=True)
                    if not out), reverse=True)
    players = len(state.life_counts)
    if len(alive) <= 1:
        return 0.0
    return min(1.0, sum(n + 1 for n in alive[1:]) / ((LIFE_DECK_SIZE + 1) * (players - 1)))


def hard_weight(hard: int, others: int, left: float) -> float:
    """How much of the table's shift applies: the `hard` seats' share of the `others`, times
    the square root of the game `left` (`game_left`)."""
    return hard / others * math.sqrt(left) if others else 0.0


def table_shift(players: int) -> float:
    """`HARD_SHIFT` for a table of `players`: heads-up, or more."""
    return HARD_SHIFT[0] if players <= 2 else HARD_SHIFT[1]


def shift_of(state: PublicState, seat: int, levels: Sequence[str] | None) -> float:
    """The log-odds shift of `seat`'s chances at this moment of the game: the table's shift
    times `hard_weight` (0 without `hard` seats)."""
    hard = hard_seats(levels, seat)
    if hard == 0:
        return 0.0
    players = len(state.life_counts)
    return table_shift(players) * hard_weight(hard, players - 1, game_left(state))


def corrected(chance: float, shift: float) -> float:
    """The chance shifted down by `shift` on the log-odds scale (see the module docstring);
    unchanged at 0."""
    if shift == 0.0:
        return chance
    p = min(max(chance, _EDGE), 1 - _EDGE)
    return 1 / (1 + math.exp(-(math.log(p / (1 - p)) - shift)))
