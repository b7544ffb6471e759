"""The one driver: seats answer Decisions, the game moves on (docs/DESIGN.md principle 6).

A `Match` is a game plus its seats — each answered by an `Agent`: a CPU, a person at the
table, later a player over the network — and the list of choices made so far: everything
needed to save, resume or replay it exactly. `Match.play` is the one loop: it asks the agent
of the seat to move for its answer (at once, or awaited: a person's seat awaits the table)
and applies it; after every decision it calls the match's `hooks` (autosave, arena timing,
balance statistics; the table's narration). `Match.run` drives the same loop for seats that
answer at once (`simulate`, `arena`, the balance report).

`play_one` plays one headless game of a run (game `i` of a run with seed `s` is the same
game whatever the number of worker processes: see `dread_draw.base.runner`).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from dread_draw.ai import make_agent
from dread_draw.i18n import _, fmt
from dread_draw.play.figures import percentile
from dread_draw.rules import Decision, Deck, Event, Game, IllegalChoice, View

HUMAN = "human"


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat: a name and a kind (`human`, or a CPU agent's name)."""

    name: str
    kind: str = "random"

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


class Agent(Protocol):
    """Whoever answers a seat's Decisions.

    `choose` gets what its seat may know — its `View` (R11), nothing more — and the pending
    Decision, and answers one of the Decision's options: at once (an int: the CPU seats), or
    later (an awaitable: a person's seat awaits the table's answer, a remote seat the
    network's). A seat never sees the game itself.

    `reads_view` says whether `choose` reads the view at all: a seat that picks among the
    Decision's options alone (the `random` CPU) says False and is given None instead, since
    building a view costs about as much as a whole decision of the rules.

    An agent may also say `picks_blind = True`: it reads no view and answers at once, always
    with one of the Decision's own options, and a Decision with one option without drawing
    anything; `run` then drives a match of such seats alone through the game's unchecked
    `play`, and answers a Decision with one option without asking (see `Match._run_blind`).
    """

    @property
    def reads_view(self) -> bool: ...

    def choose(self, view: View | None, decision: Decision) -> int | Awaitable[int]: ...


@dataclass(frozen=True)
class Move:
    """One answered decision, as the per-decision hooks see it."""

    seat: int
    decision: Decision
    option: int
    events: list[Event]  # what happened, up to the next decision (facts: never changed)
    seconds: float  # how long the seat took to answer (0 when not asked through `play`)


Hook = Callable[["Match", Move], None]


class Hint(NamedTuple):
    """A hint was shown to `seat` at its decision number `at` (the index in `choices` the
    answer took)."""

    at: int
    seat: int


class TakeBack(NamedTuple):
    """`seat` took back `choice`, which had been the answer number `at` in `choices`."""

    at: int
    seat: int
    choice: int


class Match:
    """A game with its seats, their agents and its history of choices (the save format's
    core). CPU seats get their agent from their kind; a person's seat gets one from `agents`
    (a seat left without one stops `play`, for whoever drives the match to answer it)."""

    def __init__(self, deck: Deck, seats: Sequence[SeatSpec], seed: int, *, events: bool = True,
                 game_index: int = 0, agent_options: Mapping[str, Mapping[str, Any]] | None = None,
                 agents: Mapping[int, Agent] | None = None) -> None:
        self.deck = deck
        self.seats = list(seats)
        self.seed = seed
        self.game_index = game_index
        self.game = self.new_game(events)
        opts = dict(agent_options or {})
        self.agent_options = opts  # kept so that a save can seat the same CPUs again
        given = agents or {}
        self.agents: list[Agent | None] = [
            given.get(i) if s.is_human else make_agent(s.kind, seed, i, **opts.get(s.kind, {}))
            for i, s in enumerate(self.seats)]
        self.choices: list[int] = []
        self.hooks: list[Hook] = []
        # What the coach adds to the game's record, kept in its save (`dread_draw.coach.hints`):
        # the hints shown and the choices taken back, each by its place in `choices`, and
        # the day if this is that day's daily deal.
        self.hints: list[Hint] = []
        self.takebacks: list[TakeBack] = []
        self.daily: str | None = None
        # Non-empty: a practice game (why, `dread_draw.coach.daily`), never saved, never in stats.
        self.practice = ""

    def new_game(self, events: bool = True) -> Game:
        """This match's game as it was dealt, before any choice."""
        # the seats as the game_start event names them (nothing to name with events off)
        info = [{"name": s.name, "agent": s.kind} for s in self.seats] if events else None
        return Game(self.deck, len(self.seats), self.seed, events=events,
                    game_index=self.game_index, seat_info=info)

    def rewind(self, count: int) -> None:
        """Go back to the position after the first `count` choices (a take-back): the game
        is dealt again and those choices replayed, silently (no hook hears them)."""
        if not 0 <= count <= len(self.choices):
            raise ValueError(f"cannot rewind to choice {count} of {len(self.choices)}")
        game = self.new_game(self.game.events is not None)
        for option in self.choices[:count]:
            game.choose(option)
        self.game = game
        del self.choices[count:]

    def add_hook(self, hook: Hook) -> None:
        """Tell `hook` of every move from now on (after the hooks added before it)."""
        self.hooks.append(hook)

    def remove_hook(self, hook: Hook) -> None:
        if hook in self.hooks:
            self.hooks.remove(hook)

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def events(self) -> list[Event]:
        return self.game.events or []

    def to_move(self) -> int:
        """The seat whose Decision is pending, or -1 when the game is over."""
        d = self.game.pending
        return -1 if d is None else d.seat

    def cpu_to_move(self) -> bool:
        s = self.to_move()
        return s >= 0 and not self.seats[s].is_human

    def cpu_choice(self) -> int:
        """What the CPU seat to move would choose, from its own view only (R11)."""
        d = self.game.pending
        assert d is not None and not self.seats[d.seat].is_human, "no CPU seat to move"
        agent = self.agents[d.seat]
        assert agent is not None
        answer = agent.choose(self.game.view(d.seat) if agent.reads_view else None, d)
        assert isinstance(answer, int), "a CPU seat answers at once"
        return answer

    def apply(self, option: int, seconds: float = 0.0) -> list[Event]:
        """Answer the pending Decision (IllegalChoice leaves everything unchanged), then tell
        the hooks."""
        d = self.game.pending
        new = self.game.choose(option)
        self.choices.append(option)
        if self.hooks:
            assert d is not None
            self._tell(d, option, new, seconds)
        return new

    def _tell(self, d: Decision, option: int, new: list[Event], seconds: float) -> None:
        move = Move(d.seat, d, option, new, seconds)
        for hook in self.hooks:
            hook(self, move)

    async def play(self) -> None:
        """The one driver loop: ask the agent of the seat to move, apply its answer (and tell
        the hooks); until the game ends, or a seat without an agent must answer."""
        game = self.game
        view = game.view
        choose = game.choose
        agents = self.agents  # read at every decision: a host may seat someone else
        note = self.choices.append
        hooks = self.hooks
        clock = time.perf_counter
        while (d := game.pending) is not None:
            seat = d.seat
            agent = agents[seat]
            if agent is None:
                return
            start = clock() if hooks else 0.0  # the clock only for hooks that read it
            answer = agent.choose(view(seat) if agent.reads_view else None, d)
            if not isinstance(answer, int):
                answer = await answer
            new = choose(answer)
            note(answer)
            if hooks:
                self._tell(d, answer, new, clock() - start)

    def run(self) -> None:
        """`play`, driven without an event loop: for seats that answer at once (CPUs). Plays
        until the game ends or a seat without an agent must answer."""
        agents = self.agents
        if not self.hooks and all(getattr(a, "picks_blind", False) for a in agents):
            self._run_blind(agents)  # type: ignore[arg-type]  # none is None: all pick blind
            return
        loop = self.play()
        try:
            loop.send(None)
        except StopIteration:
            return
        loop.close()
        raise RuntimeError("a seat awaited its answer: drive this match with `await play()`")

    def _run_blind(self, agents: list[Agent]) -> None:
        """`play` for seats that all pick blind (`picks_blind`: the `random` CPU) and no hook
        listening — simulate's and the balance report's games: the same answers in the same
        order, without what nobody reads (no view, no clock, no events collected per
        decision) nor re-checking an answer that is one of the Decision's options by
        construction."""
        game = self.game
        play = game.play
        note = self.choices.append
        while (d := game.pending) is not None:
            options = d.options
            # one option (most summons): the only answer a blind pick can give, unasked
            answer = options[0] if len(options) == 1 else agents[d.seat].choose(None, d)
            play(answer)  # type: ignore[arg-type]  # a blind pick answers at once
            note(answer)  # type: ignore[arg-type]

    def play_cpus(self) -> None:
        """Let the CPU seats answer until a person must choose or the game ends."""
        self.run()

    def log(self) -> Iterator[Event]:
        """The events as the event log writes them (docs/DESIGN.md): the `game_end` line also
        carries the match's choices, so that a log can be replayed (`replay_log`). The
        events themselves are never changed."""
        for e in self.events:
            yield {**e, "choices": self.choices} if e["type"] == "game_end" else e

    @classmethod
    def replay(cls, deck: Deck, seats: Sequence[SeatSpec], seed: int, choices: Sequence[int],
               **kwargs: Any) -> Match:
        """Rebuild a match by replaying its choices (raises IllegalChoice if one is illegal;
        its `index` attribute says which choice)."""
        m = cls(deck, seats, seed, **kwargs)
        for i, option in enumerate(choices):
            try:
                m.apply(option)
            except IllegalChoice as e:
                e.index = i  # type: ignore[attr-defined]
                raise
        return m


def replay_log(deck: Deck, events: list[Event]) -> Match:
    """Rebuild one logged game from its `game_start` and the `choices` of its `game_end`."""
    start, end = events[0], events[-1]
    seats = [SeatSpec(p["name"], p["agent"]) for p in start["players"]]
    return Match.replay(deck, seats, start["seed"], end["choices"], game_index=start["game"])


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run started with `seed` (independent of workers)."""
    digest = hashlib.sha256(f"dread-draw/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass
class GameResult:
    index: int
    seed: int
    winner: int
    rounds: int
    decisions: int
    seats: list[str]
    stalemate: bool
    log: list[str] = field(default_factory=list)  # JSON Lines, when asked for


CPU_NAMES = ("Zora", "Orrin", "Vesna", "Tobin", "Ilse")  # the CPUs at a table, in order
DEFAULT_CPU = "normal"  # a fair opponent for a newcomer: odds-aware, no search


def seat_name(index: int) -> str:
    """The name of seat `index` (from 0) when nobody named it: "Seat 1", … in the current
    language (a CPU's seat in simulate and arena, a blank name on the new-game screen)."""
    return fmt(_("Seat {n}"), n=index + 1)


def play_one(deck: Deck, kinds: list[str], seed: int, index: int, *, log: bool = False,
             agent_options: Mapping[str, Mapping[str, Any]] | None = None,
             seats: Sequence[SeatSpec] | None = None) -> GameResult:
    """Game `index` of a run with `seed`, every seat a CPU of its kind (`seats`: those
    seats, already named, for a caller that plays many games)."""
    if seats is None:
        seats = [SeatSpec(seat_name(i), kind) for i, kind in enumerate(kinds)]
    m = Match(deck, seats, game_seed(seed, index), events=log, game_index=index,
              agent_options=agent_options)
    m.run()
    g = m.game
    lines = [json.dumps(e, separators=(",", ":")) for e in m.log()] if log else []
    return GameResult(index, m.seed, g.winner, g.round, g.decisions, kinds, g.stalemate, lines)


@dataclass
class PlayGames:
    """The work of `simulate`: games [start, stop) of a run (a worker's batch)."""

    deck: Deck
    kinds: list[str]
    seed: int
    log: bool = False
    agent_options: Mapping[str, Mapping[str, Any]] | None = None

    def __call__(self, start: int, stop: int) -> list[GameResult]:
        seats = [SeatSpec(seat_name(i), kind) for i, kind in enumerate(self.kinds)]
        return [play_one(self.deck, self.kinds, self.seed, i, log=self.log,
                         agent_options=self.agent_options, seats=seats)
                for i in range(start, stop)]


@dataclass
class Summary:
    """A run's figures, in memory that does not grow with the number of games."""

    games: int = 0
    rounds: Counter[int] = field(default_factory=Counter)  # rounds per game -> games
    decisions: Counter[int] = field(default_factory=Counter)  # decisions per game -> games
    wins: list[int] = field(default_factory=list)
    stalemates: int = 0
    seconds: float = 0.0

    def add(self, r: GameResult) -> None:
        if not self.wins:
            self.wins = [0] * len(r.seats)
        self.games += 1
        self.rounds[r.rounds] += 1
        self.decisions[r.decisions] += 1
        self.wins[r.winner] += 1
        self.stalemates += r.stalemate

    def percentile(self, counts: Counter[int], q: float) -> float:
        return percentile(counts, q)
