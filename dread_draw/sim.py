"""The one driver loop: seats answer Decisions, the game moves on (STYLE.md principle 6).

A `Match` is a game plus its seats (a person at the keyboard, or a CPU agent) and the list
of choices made so far — everything needed to save, resume or replay it exactly. The table,
`simulate` and `arena` all play through `Match`. `run_games` plays many headless games,
optionally over several processes, with the same results whatever the number of workers.
"""

from __future__ import annotations

import hashlib
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from dread_draw.ai import make_agent
from dread_draw.cards import Deck, load_deck
from dread_draw.errors import IllegalChoice
from dread_draw.rules import Game

HUMAN = "human"


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat: a name and a kind (`human`, or a CPU agent's name)."""

    name: str
    kind: str = "random"

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


class Match:
    """A game with its seats and its history of choices (the save format's core)."""

    def __init__(self, deck: Deck, seats: list[SeatSpec], seed: int, *, events: bool = True,
                 game_index: int = 0, agent_options: dict | None = None):
        self.deck = deck
        self.seats = list(seats)
        self.seed = seed
        info = [{"name": s.name, "agent": s.kind} for s in self.seats]
        self.game = Game(deck, len(seats), seed, events=events, game_index=game_index,
                         seat_info=info)
        opts = agent_options or {}
        self.agent_options = opts  # kept so that a save can seat the same CPUs again
        self.agents = [None if s.is_human else make_agent(s.kind, seed, i, **opts.get(s.kind, {}))
                       for i, s in enumerate(self.seats)]
        self.choices: list[int] = []
        self.listeners: list[Callable[[Match, int, list[dict]], None]] = []

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def events(self) -> list[dict]:
        return self.game.events or []

    def to_move(self) -> int:
        """The seat whose Decision is pending, or -1 when the game is over."""
        d = self.game.pending
        return -1 if d is None else d.seat

    def cpu_to_move(self) -> bool:
        s = self.to_move()
        return s >= 0 and self.agents[s] is not None

    def cpu_choice(self) -> int:
        """What the CPU seat to move would choose, from its own view only (R11)."""
        seat = self.to_move()
        agent = self.agents[seat]
        game = self.game
        # The agent's RNG restarts at each decision from the seed, the seat and the decision's
        # number, so a game resumed from a save plays on exactly as if never interrupted.
        rng = getattr(agent, "rng", None)
        if rng is not None:
            rng.seed(f"{self.seed}/{seat}/{self.seats[seat].kind}/{game.decisions}")
        view = game.view(seat) if getattr(agent, "needs_view", True) else None
        return agent.choose(view, game.pending)

    def apply(self, option: int) -> list[dict]:
        """Answer the pending Decision (IllegalChoice leaves everything unchanged)."""
        new = self.game.choose(option)
        self.choices.append(option)
        for listener in self.listeners:
            listener(self, option, new)
        return new

    def play_cpus(self) -> None:
        """Let CPU seats answer until a human must choose or the game ends."""
        while self.cpu_to_move():
            self.apply(self.cpu_choice())

    @classmethod
    def replay(cls, deck: Deck, seats: list[SeatSpec], seed: int, choices: list[int],
               **kwargs) -> Match:
        """Rebuild a match by replaying its choices (raises IllegalChoice if one is illegal;
        its `index` attribute says which choice)."""
        m = cls(deck, seats, seed, **kwargs)
        for i, option in enumerate(choices):
            try:
                m.apply(option)
            except IllegalChoice as e:
                e.index = i
                raise
        return m


def replay_log(deck: Deck, events: list[dict]) -> Match:
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


def play_one(deck: Deck, kinds: list[str], seed: int, index: int, *, log: bool = False,
             agent_options: dict | None = None) -> GameResult:
    seats = [SeatSpec(f"Seat {i + 1}", kind) for i, kind in enumerate(kinds)]
    m = Match(deck, seats, game_seed(seed, index), events=log, game_index=index,
              agent_options=agent_options)
    m.play_cpus()
    g = m.game
    if log:  # the choices make the log replayable (see `replay_log`)
        m.events[-1]["choices"] = m.choices
    lines = [json.dumps(e, separators=(",", ":")) for e in m.events] if log else []
    return GameResult(index, m.seed, g.winner, g.round, g.decisions, kinds, g.stalemate, lines)


def _play_chunk(args) -> list[GameResult]:
    deck_path, seed, seated, log, agent_options = args
    deck = load_deck(deck_path)
    return [play_one(deck, kinds, seed, i, log=log, agent_options=agent_options)
            for i, kinds in seated]


def run_games(deck: Deck, kinds: list[str], games: int, seed: int, *, workers: int = 1,
              log: bool = False, agent_options: dict | None = None,
              kinds_for: Callable[[int], list[str]] | None = None) -> Iterator[GameResult]:
    """Play `games` games, yielding results in game order whatever the number of workers.

    `kinds_for(i)`, when given, seats game i (the arena rotates seats this way).
    """
    pick = kinds_for or (lambda i: kinds)
    if workers <= 1:
        for i in range(games):
            yield play_one(deck, pick(i), seed, i, log=log, agent_options=agent_options)
        return
    chunk = max(1, min(50, games // (workers * 4)))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [
            pool.submit(_play_chunk, (deck.path, seed,
                                      [(i, pick(i)) for i in range(a, min(games, a + chunk))],
                                      log, agent_options))
            for a in range(0, games, chunk)
        ]
        for f in futures:
            yield from f.result()


def atomic_write(path: Path, lines: Iterator[str]) -> None:
    """Write text lines to a temporary file beside `path`, then move it into place, so a
    crash leaves either the old file or the new one, never half of one."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            for line in lines:
                f.write(line)
                f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


@dataclass
class Summary:
    games: int = 0
    rounds: list[int] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    stalemates: int = 0
    seconds: float = 0.0

    def add(self, r: GameResult) -> None:
        if not self.wins:
            self.wins = [0] * len(r.seats)
        self.games += 1
        self.rounds.append(r.rounds)
        self.decisions.append(r.decisions)
        self.wins[r.winner] += 1
        self.stalemates += r.stalemate

    def percentile(self, values: list[int], q: float) -> float:
        if not values:
            return 0.0
        if len(values) == 1:
            return float(values[0])
        return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def timed(results: Iterator[GameResult], summary: Summary,
          each: Callable[[GameResult], None] | None = None) -> Summary:
    start = time.perf_counter()
    for r in results:
        summary.add(r)
        if each:
            each(r)
    summary.seconds = time.perf_counter() - start
    return summary
