"""A quick likeness of the `hard` CPU, for the coach's rollouts: `hard`'s own search at every
decision of every rollout would cost seconds a rollout; this costs about half as much again
as `normal`'s answers (`normal` where it is not a summon).

`hard` plays `normal`'s answer (`policy.answer`) unless its search finds an option better by
a clear margin (`dread_draw.ai.hard`). Where it departs most often, and where it gains most,
is the summon (R4.1, R4.5): which reserve card to call on, if any, instead of revealing
(`hard` deciding only its summons wins about 70% of heads-up games against `normal`, all its
decisions about 78%). So this likeness answers like `normal` everywhere but there, where it
scores every option — the reveal and each reserve card — and plays the best:

    score(option) = w · x(option)

a conditional logit over the options, whose features x (`summon_features`) are whether it is
`normal`'s choice; the reveal's odds; a card's worth, strength and Summon ability (R9.2: it
plays when the card is called on from reserves: a card that gains life is worth more with
an empty Life Deck); and what the summon leaves: the row's total against the lowest other
one, which decides who plays next (R5.1). It reads what `normal` reads — the public state
and the seat's own `Sight` (R11) — never a card its seat has not seen.

The weights are fitted by maximum likelihood on `hard`'s own summons in seeded games, with
`hard` seated as the daily deal seats it (`benchmarks/fit_hardlike.py` plays them and fits
again; it prints `WEIGHTS` and `AGREEMENT`). What it is worth, honestly: it makes `hard`'s
choice no more often than `normal` does (`hard` departs from `normal` at about one decision
in six, in ways these features do not tell apart from the five it does not), and it plays
only a little stronger than `normal` — far from `hard`'s strength; docs/REVIEW.md has the
figures and what they do to the coach's chances.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import mul

from dread_draw.ai.policy import Sight, answer, card_values, fragility
from dread_draw.rules import (
    EFFECTS,
    REVEAL,
    SUMMON,
    TAKE,
    TO_BOTTOM,
    TO_TOP,
    Decision,
    Deck,
    PublicState,
    beats,
    card_to_beat,
)

# One weight per feature of `summon_features`, in its order. Written by
# `python benchmarks/fit_hardlike.py` (its defaults); NORMAL_LIKE plays `normal`'s summons.
NORMAL_LIKE: tuple[float, ...] = (100.0,) + (0.0,) * 17
WEIGHTS: tuple[float, ...] = (
    1.274, -5.536, 0.527, 0.951, 1.306, -3.822,
    4.609, 0.158, 0.322, 0.178, 0.762, 0.331,
    0.392, 2.159, 0.256, 0.437, -0.647, 0.218,
)
# The share of `hard`'s decisions (with a real choice) where this likeness makes its choice,
# on held-out games (`normal` makes it at NORMAL_AGREEMENT): the coach says it on screen.
AGREEMENT = 0.84
NORMAL_AGREEMENT = 0.84


@lru_cache(maxsize=16)
def strength_above(deck: Deck) -> tuple[float, ...]:
    """The mean strength of the deck's cards stronger than each bar (-1 to the strongest):
    what a successful reveal brings on average, by the card to beat (index bar + 1)."""
    top = max(deck.strength)
    out = []
    for bar in range(-1, top + 1):
        above = [s for s in deck.strength if beats(s, bar)]
        out.append(sum(above) / len(above) if above else float(top))
    return tuple(out)


@lru_cache(maxsize=16)
def summon_kinds(deck: Deck) -> tuple[tuple[float, ...], ...]:
    """Every card's Summon ability (R9.2: it plays when the card is summoned from reserves
    too) as what its effect declares, never its name: the life it gains, and whether it
    takes a card, puts one on top of or under the Draw Deck, discards the top card, or does
    something else (all 0 for a card without a Summon ability)."""
    out: list[tuple[float, ...]] = []
    for c in range(deck.size):
        a = deck.ability[c]
        spec = EFFECTS.get(a.effect) if a is not None and a.when == "summon" else None
        if spec is None:
            out.append((0.0,) * 6)
            continue
        raw = a.params.get("count", a.params.get("amount", 1)) if a is not None else 1
        gains = float(raw if isinstance(raw, int) else 1) if spec.gains_life else 0.0
        does = {pick.does for pick in spec.picks}
        kinds = (float(TAKE in does), float(TO_TOP in does), float(TO_BOTTOM in does),
                 float(spec.discards_top))
        out.append((gains, *kinds, float(not gains and not any(kinds))))
    return tuple(out)


def summon_features(state: PublicState, seat: int, options: Sequence[int], sight: Sight,
                    prior: int) -> list[tuple[float, ...]]:
    """Each option's x, in `options`' order; `prior`: `normal`'s choice. For both: whether
    it is `prior`; the lead the row would have over the lowest other row still in (/10, a
    reveal's card counted at the mean strength it would bring, `strength_above`), and
    whether this seat would then play again (R5.1). The reveal: 1, its odds. A card: its
    worth and strength (/10); whether the Life Deck is empty, two are left in the round, the
    row is empty; its strength with an empty Life Deck; its Summon ability (`summon_kinds`),
    the life it gains also weighed by how much a Life card matters now
    (`policy.fragility`)."""
    deck = state.deck
    values = card_values(deck)
    strength = deck.strength
    kinds = summon_kinds(deck)
    bar = card_to_beat(state, seat)
    totals = state.totals
    mine = totals[seat]
    in_round = state.in_round
    others = [totals[s] for s in range(len(totals)) if s != seat and in_round[s]]
    low = min(others) if others else 0
    life = state.life_counts[seat]
    broke = 1.0 if life == 0 else 0.0
    heads_up = 1.0 if len(others) <= 1 else 0.0
    empty = 0.0 if state.rows[seat] else 1.0
    out: list[tuple[float, ...]] = []
    for o in options:
        is_prior = float(o == prior)
        if o == REVEAL:
            above = strength_above(deck)
            lead = mine + above[min(max(bar, -1), len(above) - 2) + 1] - low
            out.append((is_prior, lead / 10, float(lead < 0), 1.0, sight.odds(bar))
                       + _NO_CARD)
        else:
            s = strength[o]
            lead = mine + s - low
            k = kinds[o]
            out.append((is_prior, lead / 10, float(lead < 0), 0.0, 0.0, values[o] / 10,
                        s / 10, broke, heads_up, empty, broke * s / 10, k[0],
                        k[0] * fragility(life), *k[1:]))
    return out


_NO_CARD = (0.0,) * 13  # a reveal's card features


def summon_choice(state: PublicState, seat: int, decision: Decision, sight: Sight,
                  weights: Sequence[float] = WEIGHTS) -> int:
    """The option with the best score (the first of equals); `normal`'s answer when there is
    no reveal to weigh against a reserve card."""
    options = decision.options
    if REVEAL not in options:
        return answer(state, seat, decision, sight)
    prior = answer(state, seat, decision, sight)
    xs = summon_features(state, seat, options, sight, prior)
    scores = [sum(map(mul, weights, x)) for x in xs]
    return options[max(range(len(options)), key=scores.__getitem__)]


def hardlike_answer(state: PublicState, seat: int, decision: Decision, sight: Sight) -> int:
    """The likeness's answer to any Decision: `hard`'s summons as modelled, `normal`'s
    answer to everything else."""
    if decision.kind == SUMMON and len(decision.options) > 1:
        return summon_choice(state, seat, decision, sight)
    return answer(state, seat, decision, sight)
