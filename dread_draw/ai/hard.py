"""The `hard` agent: a search over sampled determinizations (R11-honest).

For each decision with a real choice it deals the cards it cannot see at random, consistently
with its view (`determinize`), and plays every candidate option forward from that same sample
with the shared heuristics (`policy.answer`) in every seat, to the end of the next round
(`horizon`), where the sample is scored by the seats' Life and reserves (`standing`), or to
the end of the game if it comes first (1 for a win). The option with the best total across
samples is chosen when it beats the heuristic's own choice by more than its standard error.
All options share each sample (common random numbers), so their difference is measured, not
the luck of the deal. The samples are a guess at the hidden cards, never the real ones, so
the search cannot peek.

Determinism: the search runs a fixed schedule of samples drawn from the agent's seeded RNG —
``think_ms * ROLLOUTS_PER_MS`` rollouts (scaled for the player count), shared among the
options — so a given seed gives the same decisions on any machine. The clock is only a
safety stop: if a loaded machine has not finished the schedule when `think_ms` is spent, it
answers with what it has (and that answer may then differ from an unloaded run). Pass
``samples=N`` to fix the schedule outright and never read the clock (tests do).
"""

from __future__ import annotations

import random
import time

from dread_draw.ai.dice import restart
from dread_draw.ai.policy import Sight, answer, card_values, pool_odds, view_sight, worn_out
from dread_draw.rules import SKIP, Decision, Deck, Game, View, determinize

# Rollouts per ms of budget for 2 players (fewer for more): calibrated so the schedule takes
# about half the budget on this shared 2-core machine under load. 1.5x the 1.2 it was before
# the core's rollouts got cheaper (issue 13): more search for the same thinking time.
ROLLOUTS_PER_MS = 1.8
HORIZON = 1  # rounds played past the current one before a rollout is scored
MIN_SAMPLES = 4
CANDIDATES = 4  # options searched at most: the heuristic's choice and the likeliest others
RESERVE_WORTH = 0.5  # a reserve card against a Life card, when scoring a cut-off rollout
SHARPNESS = 2.0
MAX_DECISIONS = 5000  # a rollout stops here and is scored by Life left (games rarely do)


def rollout_sight(g: Game) -> Sight:
    """Rollout odds of a reveal: the sampled Draw Deck's make-up (not its order; the rollout's
    seats do not know the sampled top card)."""
    deck = g.deck
    return Sight(lambda bar: pool_odds(g.draw or g.discard, deck, bar))


def standing(g: Game, seat: int) -> float:
    """A cut-off game's worth to `seat`: its share of the others' material (Life cards, and
    less so reserve cards), sharpened so that being ahead counts like winning."""
    worth = []
    for s in range(g.n):
        if g.defeated[s]:
            worth.append(0.0)
            continue
        material = len(g.life[s]) + 1 + RESERVE_WORTH * len(g.reserves[s])
        worth.append(material ** SHARPNESS)
    total = sum(worth)
    return worth[seat] / total if total else 0.0


def rollout(g: Game, seat: int, horizon: int | None = None) -> float:
    """Play the sampled game on with the shared heuristics in every seat: to its end (1 if
    `seat` wins), or `horizon` rounds past the current one, then score its `standing`."""
    stop = g.decisions + MAX_DECISIONS
    last = g.round + horizon if horizon is not None else None
    sight = rollout_sight(g)
    choose = g.choose
    while not g.over:
        d = g.pending
        assert d is not None
        opts = d.options
        choose(opts[0] if len(opts) == 1 else answer(g, d.seat, d, sight))
        if g.decisions > stop or (last is not None and g.round > last):
            return standing(g, seat)
    return 1.0 if g.winner == seat else 0.0


class HardAgent:
    name = "hard"
    reads_view = True

    def __init__(self, rng: random.Random, think_ms: int = 250, samples: int | None = None,
                 horizon: int | None = HORIZON, **_: object) -> None:
        self.rng = rng
        self.horizon = horizon
        self.think_ms = think_ms
        self.samples = samples

    def schedule(self, k: int, players: int) -> int:
        """Samples for `k` options: the budget's worth of rollouts, shared by the options."""
        if self.samples is not None:
            return self.samples
        return max(MIN_SAMPLES, int(self.think_ms * ROLLOUTS_PER_MS * 2 / players / k))

    def choose(self, view: View | None, decision: Decision) -> int:
        assert view is not None, "this CPU decides from its seat's view"
        opts = decision.options
        if len(opts) == 1:
            return opts[0]
        if worn_out(view, decision):
            return SKIP
        # The search draws thousands of numbers: a Mersenne Twister seeded from the dice.
        rng = random.Random(restart(self.rng, decision.number).getrandbits(64))
        seat = view.seat
        prior = answer(view, seat, decision, view_sight(view))
        deadline = time.perf_counter() + self.think_ms / 1000 if self.samples is None else None
        opts = candidates(view.deck, opts, prior)
        k = len(opts)
        wins = [0.0] * k
        diffs: list[list[float]] = [[] for _ in range(k)]  # per sample: minus the prior's
        p = opts.index(prior)
        unseen = view.unseen()
        for _ in range(self.schedule(k, view.players)):
            root = determinize(view, rng, unseen)
            results = []
            for i, o in enumerate(opts):  # copies: every option meets the same reshuffles
                g = root.copy() if i < k - 1 else root
                g.choose(o)
                results.append(rollout(g, seat, self.horizon))
            for i in range(k):
                wins[i] += results[i]
                diffs[i].append(results[i] - results[p])
            if deadline is not None and time.perf_counter() > deadline:
                break
        best = max(range(k), key=lambda i: (wins[i], i == p))
        if best == p or not _significant(diffs[best]):
            return prior
        return opts[best]


def candidates(deck: Deck, options: tuple[int, ...], prior: int) -> tuple[int, ...]:
    """At most `CANDIDATES` options to search: the prior, REVEAL/DONE (-1) if offered, then
    the cards worth most and least (the extremes are where heuristics go wrong)."""
    if len(options) <= CANDIDATES:
        return tuple(options)
    values = card_values(deck)
    ranked = sorted((o for o in options if o >= 0), key=lambda c: (values[c], c))
    picked = [prior] + [o for o in options if o < 0 and o != prior]
    for c in (ranked[-1], ranked[0], ranked[-2], ranked[1]):
        if len(picked) >= CANDIDATES:
            break
        if c not in picked:
            picked.append(c)
    return tuple(picked)


def _significant(diffs: list[float]) -> bool:
    """Is the option's paired advantage over the prior more than one standard error?"""
    m = len(diffs)
    if m < 2:
        return False
    mean = sum(diffs) / m
    var = sum((x - mean) ** 2 for x in diffs) / (m - 1)
    return mean > (var / m) ** 0.5
