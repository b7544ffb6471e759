"""The `hard` agent: a search over sampled determinizations (R11-honest).

For each decision with a real choice it deals the cards it cannot see at random, consistently
with its view (`determinize`), and plays every candidate option forward from that same sample
with the shared heuristics (`policy.answer`) in every seat, to the end of the next round
(`horizon`), where the sample is scored by each seat's chance of winning from there
(`value.win_chances`), or to the end of the game if it comes first (1 for a win). The option
with the best total across samples is chosen when it beats the heuristic's own choice by more
than its standard error. All options share each sample (common random numbers), so their
difference is measured, not the luck of the deal. The samples are a guess at the hidden
cards, never the real ones, so the search cannot peek.

Determinism: the search runs a fixed schedule of samples drawn from the agent's seeded RNG —
``think_ms * ROLLOUTS_PER_MS`` rollouts (scaled for the player count), shared among the
options — so a given seed gives the same decisions on any machine, loaded or idle. The clock
is only a safety stop, `STOP_FACTOR` times the budget by default (``stop_ms`` sets it): a
machine so loaded that the schedule takes that long answers with what it has, rather than
hang the game. ``ROLLOUTS_PER_MS`` is calibrated so the schedule fits the budget at the 95th
percentile on a quiet core (`benchmarks/bench_hard.py --default`). Pass ``samples=N`` to fix
the schedule outright and never read the clock (tests do), or ``clock=True`` for the old
anytime behaviour: stop at the budget itself.

`HardAgent.search` is the whole search, with its figures; its schedule is a `Plan`, whose
samples any process can play in runs (`play_samples`) and `tally` adds up in order: the coach
(`dread_draw.coach.hints`) shares its hint's plan among worker processes, with its own budget;
nothing else differs.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain

from dread_draw.ai.dice import restart
from dread_draw.ai.hardlike import hardlike_answer
from dread_draw.ai.policy import Sight, answer, card_values, view_sight, worn_out
from dread_draw.ai.value import WEIGHTS, score
from dread_draw.rules import (
    KEEP,
    ORDER,
    PICK_CARD,
    SKIP,
    SUMMON,
    TO_BOTTOM,
    Decision,
    Deck,
    Game,
    View,
    beat_chance,
    card_beats,
    determinize,
    every_card_beats,
    skip_determinize,
)

# Rollouts per ms of budget for 2 players (fewer for more): calibrated so the whole schedule
# takes at most about 190 ms of CPU at the 95th percentile of positions, with 2 or 4 players
# (`benchmarks/bench_hard.py --default`, issue 33): within the 250 ms budget on a quiet core,
# now that the schedule is never cut at the budget. It was 1.8 (p95 about 156 ms).
ROLLOUTS_PER_MS = 2.4
HORIZON = 1  # rounds played past the current one before a rollout is scored
MIN_SAMPLES = 4
SURE = 1.0  # standard errors by which an option must beat the heuristic's to be played
INTERVAL = 1.96  # standard errors on each side of a mean: its 95% interval (the coach's)
CANDIDATES = 4  # options searched at most: the heuristic's choice and the likeliest others
MAX_DECISIONS = 5000  # a rollout stops here and is scored as if cut off (games rarely do)
MAX_ROUNDS = 1 << 30  # no horizon: rounds never run out before the game ends
STOP_FACTOR = 8  # the default safety stop, in budgets: far past what a quiet core needs


def rollout_sight(g: Game, seat: int, peeks: bool = True, live: Sight | None = None) -> Sight:
    """What `seat` can count on at a reveal in a rollout: what a real seat would make of its
    view (`policy.view_sight`, R11), never the sampled deck itself. The top card of the Draw
    Deck if it knows it (and `peeks`), else its odds (`live_sight`; `live`: the one made for
    this rollout). Counting the sampled Draw Deck alone made every rollout seat a card
    counter that the real seats are not: the rollouts, and with them the coach's chances,
    played a different game from the one at the table."""
    draw = g.draw
    if draw and peeks:
        top = draw[-1]
        if top in g.knows[seat]:
            return top_sight(g.deck, top)
    return live if live is not None else live_sight(g, seat)


def live_sight(g: Game, seat: int) -> Sight:
    """`seat`'s odds at a reveal in `g` as it stands when they are asked: over the hidden
    cards it has not seen — the Draw Deck, the Life Decks, the others' drawn cards — or over
    the discard pile when the Draw Deck is empty (R6.1). Made once per rollout and seat."""
    deck = g.deck
    knows = g.knows[seat]  # (changed in place, never replaced)

    def odds(bar: int) -> float:
        draw = g.draw
        if not draw:
            return beat_chance(deck, g.discard, bar)
        if draw[-1] not in knows and every_card_beats(deck, bar):
            return 1.0  # (an empty row, most often: no need to gather the hidden cards)
        hidden = {*draw, *chain.from_iterable(g.life), *chain.from_iterable(g.looking)}
        hidden -= knows  # (sets: a rollout asks this at every reveal it weighs)
        return beat_chance(deck, hidden, bar)

    return Sight(odds)


def chance(g: Game, seat: int) -> float:
    """`seat`'s chance of winning the cut-off game `g` (`value.win_chances`, for one seat)."""
    if g.defeated[seat]:
        return 0.0
    alive = [s for s in range(g.n) if not g.defeated[s]]
    if len(alive) == 1:
        return 1.0
    weights = WEIGHTS[min(len(alive), max(WEIGHTS))]
    deck = g.deck
    u = [score(weights, deck, len(g.life[s]), g.reserves[s]) for s in alive]
    mine = u[alive.index(seat)]
    return 1.0 / sum(math.exp(x - mine) for x in u)


@lru_cache(maxsize=256)
def top_sight(deck: Deck, top: int) -> Sight:
    """A seat that knows the top card of the Draw Deck: a reveal surely succeeds or fails."""
    return Sight(lambda bar: 1.0 if card_beats(deck, top, bar) else 0.0, top)


def rollout(g: Game, seat: int, horizon: int | None = None, peeks: bool = True) -> float:
    """Play the sampled game on with the shared heuristics in every seat: to its end (1 if
    `seat` wins), or `horizon` rounds past the current one, then score `seat`'s chance.
    Every seat judges a reveal as `normal` does from its view (`rollout_sight`): from the
    cards it has not seen, or from the top card if it saw it, in the game or in the rollout."""
    stop = g.decisions + MAX_DECISIONS
    last = g.round + horizon if horizon is not None else MAX_ROUNDS
    play = g.play  # unchecked: the answers are the Decision's own options
    defeated = g.defeated
    sights = [live_sight(g, s) for s in range(g.n)]
    while not g.over:
        d = g.pending
        assert d is not None
        opts = d.options
        if len(opts) == 1:
            play(opts[0])
        else:
            s = d.seat
            play(answer(g, s, d, rollout_sight(g, s, peeks, sights[s])))
        if defeated[seat]:  # it can only lose now: the others' game need not be played out
            return 0.0
        if g.round > last or g.decisions > stop:
            return chance(g, seat)
    return 1.0 if g.winner == seat else 0.0


# How the other seats play in a rollout, per seat (`rollout_styled`): the coach's chances
# against the seats as they are. `hard` is modelled by a quick likeness of its search
# (`dread_draw.ai.hardlike`): its own search at every rollout decision would cost seconds.
NORMAL, EASY, RANDOM, HARD = "normal", "easy", "random", "hard"
# How the coach's rollouts play a seat of each CPU level (every level says so: a level left
# out would silently play like `normal`; tests/test_level_contract.py); a person: NORMAL
STYLE_OF = {"random": RANDOM, "easy": EASY, "normal": NORMAL, "hard": HARD}
EASY_MISTAKES = 0.2  # `easy`'s random answers (dread_draw/ai/easy.py)


def style_of(level: str) -> str:
    """The rollout style that models a seat of this level (a person: NORMAL)."""
    return STYLE_OF.get(level, NORMAL)


def rollout_styled(g: Game, seat: int, styles: tuple[str, ...], rng: random.Random,
                   horizon: int | None = None, peeks: bool = True) -> float:
    """`rollout` with each seat playing in its own style: NORMAL as `rollout` does, EASY
    as the `easy` CPU (odds from the whole deck, cautious, a random answer now and then),
    RANDOM at random, HARD as `hardlike` answers (from what NORMAL reads, R11). Kept apart
    from `rollout`, whose loop is the `hard` CPU's hot path."""
    stop = g.decisions + MAX_DECISIONS
    last = g.round + horizon if horizon is not None else MAX_ROUNDS
    deck = g.deck
    everything = range(deck.size)
    rough = Sight(lambda bar: beat_chance(deck, everything, bar))
    knows = g.knows
    play = g.play
    defeated = g.defeated
    sights = [live_sight(g, s) for s in range(g.n)]
    while not g.over:
        d = g.pending
        assert d is not None
        opts = d.options
        style = styles[d.seat]
        if len(opts) == 1:
            play(opts[0])
        elif style == RANDOM or (style == EASY and rng.random() < EASY_MISTAKES):
            play(opts[rng.randrange(len(opts))])
        elif style == EASY:
            draw = g.draw
            top = draw[-1] if peeks and draw and draw[-1] in knows[d.seat] else -1
            sight = Sight(rough.odds, top) if top >= 0 else rough
            play(answer(g, d.seat, d, sight, caution=0.5))
        elif style == HARD:
            s = d.seat
            play(hardlike_answer(g, s, d, rollout_sight(g, s, peeks, sights[s])))
        else:
            s = d.seat
            play(answer(g, s, d, rollout_sight(g, s, peeks, sights[s])))
        if defeated[seat]:  # as in `rollout`
            return 0.0
        if g.round > last or g.decisions > stop:
            return chance(g, seat)
    return 1.0 if g.winner == seat else 0.0


@dataclass
class Search:
    """What a search found: the options it searched (`options`, the heuristic's `prior`
    among them), each option's total over the `samples` it was played in, and each sample's
    result minus the prior's (for the significance test)."""

    options: tuple[int, ...]
    prior: int
    totals: list[float]
    samples: int
    diffs: list[list[float]]
    sure: float = SURE

    def mean(self, i: int) -> float:
        return self.totals[i] / self.samples if self.samples else 0.0

    def margin(self, i: int) -> float:
        """Half the width of the 95% interval of option `i`'s chance: Agresti and Coull's
        for a proportion (results between 0 and 1 vary at most as wins and losses do), so
        that 0 wins in 30 deals is not "0%, for sure" but a few points either way."""
        z2 = INTERVAL * INTERVAL
        n = self.samples + z2
        p = (self.totals[i] + z2 / 2) / n
        return INTERVAL * math.sqrt(p * (1 - p) / n)

    def best(self) -> int:
        """The index of the option with the best total (the prior on a tie)."""
        p = self.options.index(self.prior)
        return max(range(len(self.options)), key=lambda i: (self.totals[i], i == p))

    def choice(self) -> int:
        """The option to play: the best one if it beats the prior by more than its standard
        error, otherwise the prior."""
        best = self.best()
        if self.options[best] == self.prior or not _significant(self.diffs[best], self.sure):
            return self.prior
        return self.options[best]


Result = tuple[float, ...]  # one sample: each searched option's result, in `Plan.options` order


@dataclass(frozen=True)
class Plan:
    """A search's fixed schedule, whole: the seat's `view`, the `options` searched (the
    heuristic's `prior` among them), the seed of the search's own generator, how many
    `samples`, and how its rollouts play. Any run of its samples can be played from it alone,
    in this process or in another (it pickles): `play_samples`; `tally` adds results up in
    sample order, so samples played anywhere, in any order, give the very `Search` that one
    process playing them all gives."""

    view: View
    options: tuple[int, ...]
    prior: int
    seed: int
    samples: int
    horizon: int | None = HORIZON
    peeks: bool = True
    sure: float = SURE
    styles: tuple[str, ...] | None = None


def plan_search(view: View, decision: Decision, seed: int, samples: int, *,
                horizon: int | None = HORIZON, include: int | None = None, peeks: bool = True,
                sure: float = SURE, styles: tuple[str, ...] | None = None) -> Plan:
    """The schedule of a search of `decision` from `view` with `samples` samples drawn from
    a generator seeded with `seed`. `include`: an option to search whatever the candidates
    (the review's: the one that was chosen). `styles`: how each seat plays in the rollouts
    (`rollout_styled`; None: all NORMAL, the CPU's own search)."""
    seat = view.seat
    prior = answer(view, seat, decision, view_sight(view))
    opts = candidates(view.deck, distinct(view, decision, prior), prior)
    if include is not None:
        key = same_choice(view, decision)
        if all(key(o) != key(include) for o in opts):  # else a copy of it stands for it
            opts = (*opts, include)
    return Plan(view, opts, prior, seed, samples, horizon, peeks, sure, styles)


def play_samples(plan: Plan, start: int, stop: int, *,
                 deal: Callable[[random.Random], Game] | None = None,
                 deadline: float | None = None) -> list[Result]:
    """Samples `start` to `stop` of the plan (fewer if `deadline`, a `time.perf_counter()`
    value, passes first): in each, a deal of what the seat cannot see, and every option
    played on from it (copies: every option meets the same reshuffles). The samples before
    `start` only advance the generator (`skip_determinize`), as their deals would. `deal`:
    how a sample is dealt from the generator (None: `determinize` from the view — every agent
    and the coach; only the oracle benchmark, `benchmarks/bench_oracle.py`, passes the real
    game's copy, to measure what perfect knowledge would win)."""
    rng = random.Random(plan.seed)
    view, opts, styles = plan.view, plan.options, plan.styles
    seat, k = view.seat, len(opts)
    unseen = view.unseen()
    for _ in range(start):
        if deal is None:
            skip_determinize(rng, len(unseen))
        else:
            deal(rng)
        if styles is not None:
            rng.getrandbits(64)
    out: list[Result] = []
    # every seat like NORMAL: `rollout_styled` plays as `rollout` does, and never throws its
    # dice (its seed is drawn all the same: the generator goes on alike)
    normal = styles is None or all(style == NORMAL for style in styles)
    for _ in range(start, stop):
        root = determinize(view, rng, unseen) if deal is None else deal(rng)
        root_seed = rng.getrandbits(64) if styles is not None else 0
        results = []
        for i, o in enumerate(opts):
            g = root.copy() if i < k - 1 else root
            g.choose(o)
            if normal:
                results.append(rollout(g, seat, plan.horizon, plan.peeks))
            else:  # its own dice per option: the same for every option of this sample
                assert styles is not None
                dice = random.Random(root_seed)
                results.append(rollout_styled(g, seat, styles, dice, plan.horizon, plan.peeks))
        out.append(tuple(results))
        if deadline is not None and time.perf_counter() > deadline:
            break
    return out


def tally(plan: Plan, results: Sequence[Result]) -> Search:
    """The `Search` of the plan's samples whose `results` are given, in sample order."""
    k = len(plan.options)
    p = plan.options.index(plan.prior)
    totals = [0.0] * k
    diffs: list[list[float]] = [[] for _ in range(k)]  # per sample: minus the prior's
    for r in results:
        for i in range(k):
            totals[i] += r[i]
            diffs[i].append(r[i] - r[p])
    return Search(plan.options, plan.prior, totals, len(results), diffs, plan.sure)


class HardAgent:
    name = "hard"
    reads_view = True

    def __init__(self, rng: random.Random, think_ms: int = 250, samples: int | None = None,
                 horizon: int | None = HORIZON, rate: float = ROLLOUTS_PER_MS,
                 clock: bool = False, peeks: bool = True, sure: float = SURE,
                 stop_ms: int | None = None, **_: object) -> None:
        self.rng = rng
        self.horizon = horizon
        self.think_ms = think_ms
        self.samples = samples
        self.clock = clock  # True: stop at the budget (anytime), not only at the safety stop
        # with clock=False: a safety stop only, far past the budget
        self.stop_ms = STOP_FACTOR * think_ms if stop_ms is None else stop_ms
        self.peeks = peeks
        self.sure = sure
        self.rate = rate

    def schedule(self, k: int, players: int) -> int:
        """Samples for `k` options: the budget's worth of rollouts, shared by the options."""
        if self.samples is not None:
            return self.samples
        return max(MIN_SAMPLES, int(self.think_ms * self.rate * 2 / players / k))

    def search(self, view: View, decision: Decision, *, include: int | None = None,
               clock: bool | None = None, styles: tuple[str, ...] | None = None) -> Search:
        """The search behind `choose`, with its figures (the coach's hints and reviews).
        `clock=None`: the agent's own (by default the fixed schedule up to the safety stop);
        `clock=False`: the whole schedule, however long it takes (a review: the same figures
        every time); `clock=True`: stop at the budget (anytime)."""
        deadline = None
        if self.samples is None and (clock or (clock is None and self.clock)):
            deadline = time.perf_counter() + self.think_ms / 1000
        elif self.samples is None and clock is None and self.stop_ms is not None:
            deadline = time.perf_counter() + self.stop_ms / 1000
        plan = self.plan(view, decision, include=include, styles=styles)
        return tally(plan, play_samples(plan, 0, plan.samples,
                                        deal=self.dealer(view, decision), deadline=deadline))

    def plan(self, view: View, decision: Decision, *, include: int | None = None,
             styles: tuple[str, ...] | None = None) -> Plan:
        """The fixed schedule of `search` (for a search shared out among processes: the
        coach's hints)."""
        # The search draws thousands of numbers: a Mersenne Twister seeded from the dice.
        seed = restart(self.rng, decision.number).getrandbits(64)
        k = min(CANDIDATES, len(distinct(view, decision)))
        return plan_search(view, decision, seed, self.schedule(k, view.players),
                           horizon=self.horizon, include=include, peeks=self.peeks,
                           sure=self.sure, styles=styles)

    def dealer(self, view: View, decision: Decision
               ) -> Callable[[random.Random], Game] | None:
        """How this search deals its samples (`search`'s `deal`): None, `determinize` from
        the seat's view, for every CPU and the coach. Only the benchmark's cheating twins
        (`benchmarks/bench_oracle.py`) deal otherwise, to measure what knowledge is worth."""
        return None

    def choose(self, view: View | None, decision: Decision) -> int:
        assert view is not None, "this CPU decides from its seat's view"
        opts = decision.options
        if len(opts) == 1:
            return opts[0]
        if worn_out(view, decision):
            return SKIP
        return self.search(view, decision).choice()


def _place(view: View, c: int) -> tuple[str, int]:
    """Where card `c` lies, as far as `view`'s seat can tell (for `distinct`)."""
    if c in view.looking:
        return ("looking", view.seat)
    for s in range(view.players):
        if c in view.reserves[s]:
            return ("reserves", s)
        if c in view.rows[s]:
            return ("row", s)
    if c in view.discard:
        return ("discard", -1)
    return ("elsewhere", -1)


def same_choice(view: View, decision: Decision) -> Callable[[int], object]:
    """A key for the decision's options under which copies of one card in one place are
    the same choice: keeping, summoning, taking or giving either copy is the same. Not for a
    bury, where which copy goes under changes the order of the Draw Deck."""
    kind = decision.kind
    pick = decision.pick
    if kind not in (KEEP, SUMMON, ORDER, PICK_CARD) or (
            kind == PICK_CARD and pick is not None and pick.does == TO_BOTTOM):
        return lambda o: o
    ids = view.deck.card
    return lambda o: (ids[o].id, _place(view, o)) if o >= 0 else o


def distinct(view: View, decision: Decision, prefer: int | None = None) -> tuple[int, ...]:
    """The decision's options with each choice once (`same_choice`): `prefer` stands for
    its copies, else the first one does."""
    key = same_choice(view, decision)
    chosen: dict[object, int] = {}
    if prefer is not None:
        chosen[key(prefer)] = prefer
    return tuple(o for o in decision.options if chosen.setdefault(key(o), o) == o)


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


def _significant(diffs: list[float], sure: float = SURE) -> bool:
    """Is the option's paired advantage over the prior more than `sure` standard errors?"""
    m = len(diffs)
    if m < 2:
        return False
    mean = sum(diffs) / m
    var = sum((x - mean) ** 2 for x in diffs) / (m - 1)
    return bool(mean > sure * (var / m) ** 0.5)
