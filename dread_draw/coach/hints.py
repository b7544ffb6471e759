"""The coach: hints at a decision and the review of a finished game, from the `hard` search.

**Hints.** `hint(view, decision)` runs the `hard` CPU's own search (`HardAgent.plan`) from
the seat's view — nothing else: the hint knows what the seat knows (R11) and no more — with
the hint's budget instead of the CPU's, and returns for every option the search considered
its estimated chance of winning the game with its 95% margin, the option with the highest
chance (`best`; a near-tie is an option whose interval overlaps the best one's), and short
reasons in the game's terms (`Reason`: a code with numbers and cards; the sentences are
`dread_draw.coach.words`'s, kept apart so they can be translated). The schedule is fixed —
the same numbers on any machine, loaded or idle —; `Thinking` shares it among the coach's
worker processes (one per core) and gives the answer as it refines; its last answer is
exactly `hint`'s.

How a chance is estimated: the search deals the cards the seat cannot see at random,
consistently with its view, many times; in each deal every option is played, then the game
is played on to its end, each seat in the style of its level (below; this seat like
`normal`), and the deal counts 1 if the seat won, else 0. (The CPU's own search cuts its
rollouts after the next round and values the position with a model fitted on `normal`
games, `dread_draw.ai.value`; the coach does not, see `searcher`.) The estimate is the mean
over the deals: the chance of winning if the seats play on as assumed. It is
a chance, not a score: 40% means that such positions are won about 4 times in 10
(`benchmarks/bench_hints.py` measures how true that is on real games).

**Reviews.** `review_game(...)` replays a finished game choice by choice and, at each
decision of the reviewed seat, asks the same search from that seat's view at that moment —
never with hindsight of the finished game — what it thinks of every option, the one chosen
included. It reports the decisions where the search prefers another option by a clear margin
(`CLEAR`) with both estimates, and the three biggest turning points: the moments where the
seat's chance moved most, by its own choice or by what happened until its next one — only
moves beyond the estimates' noise, each with the public facts that went its way.

**Whose play is assumed.** Given the seats' levels (`levels`), the rollouts play each seat
as it is: a CPU at its level (`hard` by a quick likeness of its search,
`dread_draw.ai.hardlike`), a person as `normal` (`styles_of`); the hint and the review say
so in one line. Without levels, every
seat is assumed to play like `normal`. The likeness is weaker than `hard`, so against `hard`
seats the chances are corrected by a measured shift (`dread_draw.coach.calibration`), the
same for every option: the coach's choice, its near-ties and the review's clear mistakes are
the search's own.

No Textual here: the table shows hints and reviews; `dread-draw review` prints them.
"""

from __future__ import annotations

import asyncio
import pickle
from collections.abc import AsyncGenerator, Callable, Mapping, Sequence
from concurrent import futures
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from dread_draw.ai.dice import Dice
from dread_draw.ai.hard import (
    HORIZON,
    NORMAL,
    HardAgent,
    Plan,
    Result,
    Search,
    distinct,
    play_samples,
    same_choice,
    style_of,
    tally,
)
from dread_draw.ai.policy import worn_out
from dread_draw.base.runner import Workers
from dread_draw.coach.calibration import corrected, shift_of
from dread_draw.play.sim import Hint as HintUsed
from dread_draw.play.sim import Match
from dread_draw.rules import (
    EFFECTS,
    HARM,
    KEEP,
    PICK_SEAT,
    SUMMON,
    TAKE,
    USE,
    Decision,
    Deck,
    Event,
    Game,
    View,
    card_beats,
    card_to_beat,
    count_beating,
    damage_taken,
    reveal_pool,
    round_damage,
)

HINT_MS = 750  # the hint's budget (ms of `hard`'s rollout rate): its fixed schedule's size
REVIEW_MS = HINT_MS  # the review asks each decision as a hint would
CLEAR = 0.05  # a margin the review calls clear: 5 points of winning chance ...
SURE = 2.0  # ... and this many standard errors of the paired difference
TURNING_POINTS = 3


# ------------------------------------------------------------------------------- reasons

BEATS = "beats"  # numbers: bar, better, unseen; cards: the card to beat
ANY_CARD = "any card"  # an empty row: any card succeeds
TOP_KNOWN = "top known"  # numbers: beats (1/0), bar; cards: the top card, which this seat saw
AT_STAKE = "at stake"  # numbers: damage, life: what failing now would cost (one other left)
AT_STAKE_SO_FAR = "at stake so far"  # numbers: damage, life: the strongest other row so far
DEFEAT_AT_STAKE = "defeat at stake"  # failing now would mean defeat (an empty Life Deck)
ABILITY = "ability"  # cards: the ability's card: what it does (its text)
ABILITY_TAKES = "ability takes"  # cards: the ability's card, the card it would take
DEFEATS = "defeats"  # seats: the player the damage would defeat
STRONGEST = "strongest"  # cards: the strongest of the drawn cards


@dataclass(frozen=True)
class Reason:
    """A reason in the game's terms, as data: a code (above), and the numbers, cards (uids)
    and seats it speaks of. `coach_words.reason_text` says it in words."""

    code: str
    numbers: Mapping[str, int] = field(default_factory=dict)
    cards: tuple[int, ...] = ()
    seats: tuple[int, ...] = ()


def reasons(view: View, decision: Decision) -> list[Reason]:
    """What a player weighing this decision should know, from the seat's view only."""
    seat = view.seat
    deck = view.deck
    kind = decision.kind
    out: list[Reason] = []
    if kind == SUMMON:
        row = view.rows[seat]
        if not row:
            return [Reason(ANY_CARD)]
        bar = card_to_beat(view, seat)
        top, pool = reveal_pool(view)
        if top >= 0:
            out.append(Reason(TOP_KNOWN, {"beats": int(card_beats(deck, top, bar)), "bar": bar},
                              (top,)))
        else:
            better = count_beating(deck, pool, bar)
            out.append(Reason(BEATS, {"bar": bar, "better": better, "unseen": len(pool)},
                              (row[-1],)))
        out += _at_stake(view)
    elif kind == KEEP:
        strongest = max(decision.options, key=lambda c: (deck.strength[c], -c))
        out.append(Reason(STRONGEST, cards=(strongest,)))
    elif kind == USE and decision.card >= 0:
        out.append(_ability(view, decision))
    elif kind == PICK_SEAT and decision.pick is not None and decision.pick.does == HARM:
        doomed = [s for s in decision.options if view.life_counts[s] == 0]
        out += [Reason(DEFEATS, seats=(s,)) for s in doomed]
    return out


def _at_stake(view: View) -> list[Reason]:
    """R7, R8: what failing the reveal now would cost this seat."""
    seat = view.seat
    others = [s for s in range(view.players) if s != seat and view.in_round[s]]
    if not others:
        return []
    damage = damage_taken(view, seat, max(round_damage(view, s) for s in others))
    life = view.life_counts[seat]
    if damage <= 0:  # R8.3: no damage
        return []
    if life == 0:
        return [Reason(DEFEAT_AT_STAKE, {"damage": damage})]
    code = AT_STAKE if len(others) == 1 else AT_STAKE_SO_FAR
    return [Reason(code, {"damage": damage, "life": life})]


def _ability(view: View, decision: Decision) -> Reason:
    """What the ability would do: its text, and the card it would take if that is public."""
    c = decision.card
    ability = view.deck.ability[c]
    spec = EFFECTS.get(ability.effect) if ability is not None else None
    if ability is not None and spec is not None:
        for pick in spec.picks:
            if pick.does == TAKE and pick.candidates is not None:
                options = pick.candidates(view, view.seat, c, ability.params)
                if options:
                    values = view.deck.strength
                    best = max(options, key=lambda x: (values[x], -x))
                    return Reason(ABILITY_TAKES, cards=(c, best))
    return Reason(ABILITY, cards=(c,))


# --------------------------------------------------------------------------------- hints

@dataclass(frozen=True)
class Estimate:
    """One option the search considered: its estimated chance of winning the game (0 to 1),
    how many deals that is the mean of, and how sure it is: `margin`, half the width of its
    95% interval (the chance is between ``chance - margin`` and ``chance + margin``)."""

    option: int
    chance: float
    samples: int
    margin: float = 0.0


@dataclass(frozen=True)
class Hint:
    """The coach's answer at a decision: the options it considered with their chances (in
    the decision's order), the one with the highest chance (`best`), reasons in the game's
    terms, how each seat was assumed to play (`styles`, `assumed`), and the options whose
    chance is not told apart from the best one's (`near`: a near-tie, their intervals
    overlap). `deals` of the `schedule`'s deals are played: fewer while the coach is still
    thinking (`final` once all are)."""

    seat: int
    decision: Decision
    estimates: tuple[Estimate, ...]
    best: int
    reasons: tuple[Reason, ...]
    styles: tuple[str, ...] = ()
    near: frozenset[int] = frozenset()
    deals: int = 0
    schedule: int = 0

    @property
    def final(self) -> bool:
        return self.deals >= self.schedule

    def chance(self, option: int) -> float | None:
        """The estimate for `option` (or for a copy of the same card in the same place),
        None if the search did not consider it."""
        for e in self.estimates:
            if e.option == option:
                return e.chance
        return None


def searcher(seed: int, seat: int, budget_ms: int, full: bool = True) -> HardAgent:
    """The `hard` CPU that `seat` would have in the game with `seed`, with `budget_ms`.
    `full`: its rollouts go to the end of the game (the coach's), not cut off after the
    next round and valued by `dread_draw.ai.value` as the CPU's are: that value, fitted on
    `normal` play, put the coach's chances 10 to 30 points off against `easy` seats and up to
    11 points off even against `normal` ones (`benchmarks/bench_coach_accuracy.py`). Each
    rollout costs about five times as much: fewer deals fit in the hint's budget."""
    return HardAgent(Dice(seed, seat, HardAgent.name), think_ms=budget_ms,
                     horizon=None if full else HORIZON)


def styles_of(levels: Sequence[str] | None, players: int) -> tuple[str, ...]:
    """How the coach assumes each seat plays: a CPU seat as its level (`hard` by a quick
    likeness of its search), a person (`human`) as NORMAL; no levels: all NORMAL."""
    if levels is None:
        return (NORMAL,) * players
    return tuple(style_of(level) for level in levels)


def hint_plan(view: View, decision: Decision, budget_ms: int = HINT_MS, *, seed: int = 0,
              levels: Sequence[str] | None = None) -> Plan:
    """The fixed schedule of the hint at `decision` in `view.seat`'s place: `hard`'s own
    search (`HardAgent.plan`) with the hint's budget and rollouts to the end of the game.
    `seed`: the game's, so that the same position gets the same hint. `levels`: each seat's
    kind (`SeatSpec.kind`): the chances are then against the seats as they are
    (`styles_of`); None: every seat assumed to play like `normal`."""
    if decision.seat != view.seat or not decision.options:
        raise ValueError("a hint is for the seat's own pending decision")
    styles = None if levels is None else styles_of(levels, view.players)
    return searcher(seed, view.seat, budget_ms).plan(view, decision, styles=styles)


def hint_of(view: View, decision: Decision, plan: Plan, results: Sequence[Result],
            levels: Sequence[str] | None = None) -> Hint:
    """The hint from the deals of `plan` played so far (`results`, in any order: every
    deal is as likely as any other); with all of them, the hint itself."""
    found = tally(plan, results)
    key = same_choice(view, decision)
    by_key = {key(o): i for i, o in enumerate(found.options)}
    shift = shift_of(view, view.seat, levels)
    estimates = []
    for o in decision.options:
        i = by_key.get(key(o))
        if i is not None and found.options[i] == o:
            estimates.append(_estimate(o, found.mean(i), found.samples, found.margin(i),
                                       shift))
    best = found.options[found.best()]
    return Hint(view.seat, decision, tuple(estimates), best, tuple(reasons(view, decision)),
                styles_of(levels, view.players), near_ties(found, best), found.samples,
                plan.samples)


def _estimate(option: int, chance: float, samples: int, margin: float,
              shift: float) -> Estimate:
    """An option's estimate with the correction against `hard` seats (`calibration`: a
    `shift` of 0 without them): its chance and its interval's ends, corrected alike."""
    if shift == 0.0:
        return Estimate(option, chance, samples, margin)
    low = corrected(max(0.0, chance - margin), shift)
    high = corrected(min(1.0, chance + margin), shift)
    return Estimate(option, corrected(chance, shift), samples, (high - low) / 2)


def hint(view: View, decision: Decision, budget_ms: int = HINT_MS, *, seed: int = 0,
         levels: Sequence[str] | None = None) -> Hint:
    """What the coach says at `decision` in `view.seat`'s place (see the module docstring):
    the whole fixed schedule, played in this process (`Thinking` shares it among processes
    and shows it refining; the answer is the same)."""
    plan = hint_plan(view, decision, budget_ms, seed=seed, levels=levels)
    return hint_of(view, decision, plan, play_samples(plan, 0, plan.samples), levels)


def near_ties(found: Search, best: int) -> frozenset[int]:
    """The options whose chance is not told apart from the best one's: their 95% intervals
    overlap (`Estimate.margin`)."""
    b = found.options.index(best)
    floor = found.mean(b) - found.margin(b)
    return frozenset(o for i, o in enumerate(found.options)
                     if i != b and found.mean(i) + found.margin(i) >= floor)


# ------------------------------------------------------------------ thinking in processes

CHUNKS_PER_WORKER = 8  # runs of deals per worker: even sharing, and a hint that refines
_WORKERS = Workers(preload=["dread_draw.coach.hints"])  # the coach's processes, one per core


def coach_workers() -> Workers:
    """The pool the coach thinks in (started at the first hint, or `warm` ahead of it)."""
    return _WORKERS


class Thinking:
    """A hint being worked out by the coach's worker processes (`coach_workers`): its fixed
    schedule cut into runs of deals, shared among the workers; `hint()` is the answer from
    the deals played so far, and once they all are, exactly `hint(...)`'s — the same numbers
    on any machine, only the waiting differs. `wait()` waits for the answer (plain lines);
    `hints()` yields it as it refines (the table). A run no worker can play (none could
    start here, or one failed) is played in this process instead (a thread, for `hints`)."""

    def __init__(self, view: View, decision: Decision, budget_ms: int = HINT_MS, *,
                 seed: int = 0, levels: Sequence[str] | None = None,
                 workers: Workers | None = None) -> None:
        self.view, self.decision, self.levels = view, decision, levels
        self.plan = hint_plan(view, decision, budget_ms, seed=seed, levels=levels)
        pool = workers or coach_workers()
        blob = pickle.dumps(self.plan)
        total = self.plan.samples
        size = max(1, -(-total // (pool.size * CHUNKS_PER_WORKER)))
        self._runs: dict[int, list[Result]] = {}  # deals played, by the first one's number
        self._pending: dict[Future[list[Result]], tuple[int, int]] = {}
        self._unsent: list[tuple[int, int]] = []  # runs for this process to play
        for start in range(0, total, size):
            run = (start, min(total, start + size))
            try:
                self._pending[pool.submit(_play_run, blob, *run)] = run
            except Exception:  # no worker process can start here
                self._unsent.append(run)

    @property
    def deals(self) -> int:
        """How many deals are played (and taken in: `collect`)."""
        return sum(map(len, self._runs.values()))

    def collect(self) -> None:
        """Take in the runs the workers have finished (a failed one is left to this
        process)."""
        for future, run in list(self._pending.items()):
            if future.done():
                del self._pending[future]
                try:
                    self._runs[run[0]] = future.result()
                except Exception:
                    self._unsent.append(run)

    def hint(self) -> Hint:
        """The answer from the deals played so far, in schedule order."""
        self.collect()
        results = [r for start in sorted(self._runs) for r in self._runs[start]]
        return hint_of(self.view, self.decision, self.plan, results, self.levels)

    def wait(self) -> Hint:
        """Wait for every deal; the final answer."""
        while self._pending or self._unsent:
            futures.wait(list(self._pending))
            self.collect()
            while self._unsent:
                self._play_here(self._unsent.pop())
        return self.hint()

    async def hints(self, first: float = 0.3, every: float = 0.25) -> AsyncGenerator[Hint, None]:
        """The answer as it refines: the deals played by `first` seconds, then the newly
        played ones every `every` seconds at most, and the final answer last. Closed early
        (the dialog was), it drops the deals not yet started."""
        loop = asyncio.get_running_loop()
        show, shown = loop.time() + first, 0
        wrapped = {asyncio.wrap_future(f): f for f in self._pending}
        try:
            while True:
                self.collect()
                while self._unsent:
                    await asyncio.to_thread(self._play_here, self._unsent.pop())
                if not self._pending:
                    break
                now = loop.time()
                if now >= show and self.deals > shown:
                    shown, show = self.deals, now + every
                    yield self.hint()
                    continue
                waiting = [w for w, f in wrapped.items() if f in self._pending]
                await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED,
                                   timeout=show - now if self.deals > shown else None)
            yield self.hint()
        finally:
            self.cancel()

    def cancel(self) -> None:
        """Drop the runs no worker has started."""
        for future in self._pending:
            future.cancel()

    def _play_here(self, run: tuple[int, int]) -> None:
        self._runs[run[0]] = play_samples(self.plan, *run)


_PLAN: list[Any] = [b"", None]  # a worker's last plan: its pickle, and the plan itself


def _play_run(blob: bytes, start: int, stop: int) -> list[Result]:
    """In a worker: deals `start` to `stop` of the pickled plan (unpickled once per hint)."""
    if _PLAN[0] != blob:
        _PLAN[:] = blob, pickle.loads(blob)
    played: list[Result] = play_samples(_PLAN[1], start, stop)
    return played


def note_hint(match: Match, seat: int) -> None:
    """Record in the match (and so in its save, its replay and `stats`) that `seat` was
    shown a hint at the decision now pending; once per decision."""
    entry = HintUsed(len(match.choices), seat)
    if entry not in match.hints:
        match.hints.append(entry)


# -------------------------------------------------------------------------------- review

@dataclass(frozen=True)
class Moment:
    """One reviewed decision: where it was (`at`: its place in the game's choices; the
    round), what was chosen, the options' estimates from the seat's view at that moment, and
    the option the search likes best."""

    at: int
    round: int
    decision: Decision
    chosen: int
    estimates: tuple[Estimate, ...]
    best: int
    clear: bool  # the search prefers `best` to `chosen` by a clear margin

    def chance(self, option: int) -> float:
        for e in self.estimates:
            if e.option == option:
                return e.chance
        raise KeyError(option)

    @property
    def chosen_chance(self) -> float:
        return self.chance(self.chosen)

    @property
    def best_chance(self) -> float:
        return self.chance(self.best)


CHOICE = "choice"  # a turning point at the seat's own choice
PLAY = "play"  # a turning point in what happened until the seat's next decision


@dataclass(frozen=True)
class Fact:
    """Something that happened, in the game's terms (for a turning point): a code with the
    seats and numbers it speaks of. Public facts only."""

    code: str  # "won round", "lost round", "failed", "damage", "defeated"
    seat: int
    numbers: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class TurningPoint:
    """A big move of the seat's chance: at its own choice (CHOICE), or between its choice
    `at` and its next decision (PLAY, with the public `facts` of that stretch)."""

    kind: str
    at: int
    round: int
    before: float
    after: float
    facts: tuple[Fact, ...] = ()

    @property
    def swing(self) -> float:
        return self.after - self.before


@dataclass
class Review:
    """A finished game reviewed for one seat, with how each seat was assumed to play."""

    seat: int
    won: bool
    moments: list[Moment]
    turning_points: list[TurningPoint]
    styles: tuple[str, ...] = ()

    @property
    def mistakes(self) -> list[Moment]:
        """The decisions where the search prefers another option by a clear margin."""
        return [m for m in self.moments if m.clear]


def _clear(found: Search, i_best: int, i_chosen: int) -> bool:
    """Does the search prefer option `i_best` to `i_chosen` by a clear margin: `CLEAR` points
    of winning chance and `SURE` standard errors of their paired difference?"""
    if i_best == i_chosen:
        return False
    diffs = [a - b for a, b in zip(found.diffs[i_best], found.diffs[i_chosen], strict=True)]
    m = len(diffs)
    if m < 2:
        return False
    mean = sum(diffs) / m
    var = sum((x - mean) ** 2 for x in diffs) / (m - 1)
    return mean >= CLEAR and mean > SURE * (var / m) ** 0.5


def review_game(deck: Deck, players: int, seed: int, choices: Sequence[int], seat: int, *,
                game_index: int = 0, budget_ms: int = REVIEW_MS,
                progress: Callable[[int, int], None] | None = None,
                levels: Sequence[str] | None = None) -> Review:
    """Review the finished game (`seed`, `choices`) for `seat` (see the module docstring).
    `progress(done, total)` is told after each decision searched. The estimates use the
    search's fixed schedule for `budget_ms`, never the clock: the same review every time.
    `levels`: each seat's kind, as for `hint` (None: every seat assumed `normal`)."""
    styles = styles_of(levels, players)
    searched = None if levels is None else styles
    agent = searcher(seed, seat, budget_ms)
    game = Game(deck, players, seed, game_index=game_index)
    todo = _decisions_of(deck, players, seed, choices, seat, game_index)
    moments: list[Moment] = []
    marks: list[int] = []
    for at, option in enumerate(choices):
        d = game.pending
        assert d is not None
        marks.append(len(game.events or ()))
        if at in todo:
            view = game.view(seat)
            found = agent.search(view, d, include=option, clock=False, styles=searched)
            key = same_choice(view, d)
            chosen_i = next(i for i, o in enumerate(found.options) if key(o) == key(option))
            best_i = found.best()
            shift = shift_of(view, seat, levels)
            estimates = tuple(_estimate(o, found.mean(i), found.samples, 0.0, shift)
                              for i, o in enumerate(found.options))
            chosen = found.options[chosen_i]  # the copy that stood for the one chosen
            moments.append(Moment(at, game.round, d, chosen, estimates, found.options[best_i],
                                  _clear(found, best_i, chosen_i)))
            if progress is not None:
                progress(len(moments), len(todo))
        game.choose(option)
    if not game.over:
        raise ValueError("only a finished game can be reviewed")
    events = game.events or []
    return Review(seat, game.winner == seat, moments,
                  turning_points(moments, events, marks, seat, game.winner == seat), styles)


def _decisions_of(deck: Deck, players: int, seed: int, choices: Sequence[int], seat: int,
                  game_index: int) -> set[int]:
    """The places in `choices` of `seat`'s decisions with a real choice (more than one
    different option), found by a quick replay without events."""
    game = Game(deck, players, seed, events=False, game_index=game_index)
    found = set()
    for at, option in enumerate(choices):
        d = game.pending
        assert d is not None
        if d.seat == seat and len(d.options) > 1:
            view = game.view(seat)
            if len(distinct(view, d)) > 1 and not worn_out(view, d):
                found.add(at)
        game.choose(option)
    return found


def turning_points(moments: Sequence[Moment], events: Sequence[Event], marks: Sequence[int],
                   seat: int, won: bool, count: int = TURNING_POINTS) -> list[TurningPoint]:
    """The `count` biggest moves of the seat's chance, biggest first: at each of its choices
    (from the best option's chance to the chosen one's), and from each choice to its next
    decision (the best option's chance there) or to the end of the game (won or lost), when
    something public happened meanwhile (the `facts`). `marks[i]`: how many events there
    were when choice `i` was made."""
    points: list[TurningPoint] = []
    for i, m in enumerate(moments):
        if m.best != m.chosen and m.clear:  # a swing within the noise is no turning point
            points.append(TurningPoint(CHOICE, m.at, m.round, m.best_chance, m.chosen_chance))
        nxt = moments[i + 1] if i + 1 < len(moments) else None
        after = nxt.best_chance if nxt is not None else float(won)
        stretch = events[marks[m.at]:marks[nxt.at] if nxt is not None else len(events)]
        up = after > m.chosen_chance
        # only the facts that go the swing's way: a rise is not explained by a damage taken
        facts = tuple(f for f in _facts(stretch, seat) if _good(f, seat) == up)
        noise = _noise(m, m.chosen) + (_noise(nxt, nxt.best) if nxt is not None else 0.0)
        if facts and abs(after - m.chosen_chance) >= max(CLEAR, SURE * noise ** 0.5):
            points.append(TurningPoint(PLAY, m.at, m.round, m.chosen_chance, after, facts))
    points.sort(key=lambda p: (-abs(p.swing), p.at))
    return points[:count]


def _noise(m: Moment, option: int) -> float:
    """The variance of a moment's estimate for `option`: a mean of results between 0 and 1
    over its samples varies by at most p(1 - p)/n."""
    e = next(e for e in m.estimates if e.option == option)
    return e.chance * (1 - e.chance) / max(e.samples, 1)


def _good(fact: Fact, seat: int) -> bool:
    """Is this fact good news for `seat` (a round won, another player out)?"""
    return fact.code == "won round" or (fact.code == "defeated" and fact.seat != seat)


def _facts(events: Sequence[Event], seat: int) -> list[Fact]:
    """The public facts of a stretch of the game, as they concern `seat`."""
    out: list[Fact] = []
    for e in events:
        t = e["type"]
        if t == "fail" and e["seat"] == seat:
            out.append(Fact("failed", seat))
        elif t == "round_end":
            code = "won round" if e["winner"] == seat else "lost round"
            out.append(Fact(code, e["winner"], {"damage": e["damage"], "round": e["round"]}))
        elif t == "damage" and e["seat"] == seat and e["amount"] > 0:
            out.append(Fact("damage", seat, {"amount": e["amount"]}))
        elif t == "defeated":
            out.append(Fact("defeated", e["seat"]))
            if e["seat"] == seat:
                break  # the rest of the game goes on without this seat
    return out

