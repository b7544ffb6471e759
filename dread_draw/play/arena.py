"""`dread-draw arena`: CPU agents play each other; win rates with Wilson intervals and latency.

Card luck is cancelled by rotation: every deal (a game seed) is played once under every
rotation of the seats, so each agent meets the same cards from every seat. Game `i` is deal
``i // n`` under rotation ``i % n``; results are the same whatever the number of workers
(only the measured latencies differ).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from dread_draw.ai import AGENTS
from dread_draw.base.errors import DreadDrawError
from dread_draw.base.runner import run_batches
from dread_draw.base.safe_text import plain
from dread_draw.deck.cards import Deck, load_deck
from dread_draw.deck.overlays import deck_text
from dread_draw.i18n import _, fmt, level_word, ngettext, percent, pgettext
from dread_draw.play.figures import percentile, playing
from dread_draw.play.sim import Match, Move, SeatSpec, game_seed, seat_name

Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rotated(kinds: list[str], index: int) -> list[str]:
    """The seating of game `index`: rotation ``index % n`` of `kinds` (seat s gets
    ``kinds[(s - r) % n]``), so over n games every agent sits in every seat."""
    n = len(kinds)
    r = index % n
    return [kinds[(s - r) % n] for s in range(n)]


@dataclass
class ArenaGame:
    index: int
    seats: list[str]
    winner: int
    latencies: dict[str, Counter[int]]  # agent name -> microseconds per decision, tallied


def play_arena_game(deck: Deck, kinds: list[str], seed: int, index: int,
                    agent_options: Mapping[str, Mapping[str, Any]] | None = None) -> ArenaGame:
    """Play game `index` of an arena run: deal ``index // n``, seats rotated (see `rotated`).
    Each decision's time is taken by the driver and tallied here through its hook."""
    seats = rotated(kinds, index)
    m = Match(deck, [SeatSpec(seat_name(i), k) for i, k in enumerate(seats)],
              game_seed(seed, index // len(kinds)), events=False, game_index=index,
              agent_options=agent_options)
    lat: dict[str, Counter[int]] = {k: Counter() for k in kinds}

    def timed(match: Match, move: Move) -> None:
        lat[seats[move.seat]][round(move.seconds * 1_000_000)] += 1

    m.hooks.append(timed)
    m.run()
    return ArenaGame(index, seats, m.game.winner, lat)


@dataclass
class PlayArena:
    """The work of an arena run: games [start, stop) (a worker's batch)."""

    deck: Deck
    kinds: list[str]
    seed: int
    agent_options: Mapping[str, Mapping[str, Any]] | None = None

    def __call__(self, start: int, stop: int) -> list[ArenaGame]:
        return [play_arena_game(self.deck, self.kinds, self.seed, i, self.agent_options)
                for i in range(start, stop)]


def arena_games(deck: Deck, kinds: list[str], games: int, seed: int, *, workers: int = 1,
                agent_options: Mapping[str, Mapping[str, Any]] | None = None
                ) -> Iterator[ArenaGame]:
    """Play `games` arena games, yielded in game order whatever the number of workers."""
    work = PlayArena(deck, kinds, seed, agent_options)
    for batch in run_batches(work, games, workers=workers, batch=max(1, min(20, games // (
            workers * 8)))):
        yield from batch


@dataclass
class AgentStats:
    seats: int = 0  # seats this agent fills in every game
    games: int = 0
    wins: int = 0
    latencies: Counter[int] = field(default_factory=Counter)  # microseconds -> decisions

    def as_dict(self) -> dict:
        lo, hi = wilson(self.wins, self.games)
        return {"games": self.games, "wins": self.wins,
                "win_rate": self.wins / self.games if self.games else 0.0,
                "ci95": [lo, hi], "latency_ms": latency_ms(self.latencies)}


def latency_ms(micros: Counter[int]) -> dict[str, float]:
    """Median and 95th percentile of decision times (tallied in microseconds), in ms."""
    return {"median": percentile(micros, 50) / 1000, "p95": percentile(micros, 95) / 1000}


@dataclass
class ArenaResult:
    games: int
    players: int
    agents: dict[str, AgentStats]
    seconds: float = 0.0

    def as_json(self) -> dict:
        """The `--json` object of the issue: agents pooled under their name."""
        return {"games": self.games, "players": self.players,
                "agents": {k: a.as_dict() for k, a in self.agents.items()}}


def check_seats(kinds: list[str]) -> None:
    if not 2 <= len(kinds) <= 5:
        raise DreadDrawError(fmt(_("--seats names {n} seats; an arena needs 2 to 5 "
                                   "comma-separated CPU agents, e.g. --seats normal,random."),
                                 n=len(kinds)))
    for k in kinds:
        if k not in AGENTS:
            raise DreadDrawError(fmt(_("--seats: {name} is not a CPU agent; choose from "
                                       "{agents}."), name=repr(k), agents=", ".join(AGENTS)))


def deals_to_games(games: int, players: int) -> int:
    """Round `games` up to whole deals: every deal is played under every rotation."""
    return -(-games // players) * players


def run_arena(deck: Deck, kinds: list[str], games: int, seed: int, *, workers: int = 1,
              think_ms: int | None = None,
              each: Callable[[ArenaGame], None] | None = None) -> ArenaResult:
    """Play a whole arena and pool the results per agent name."""
    check_seats(kinds)
    deck.check_players(len(kinds))
    games = deals_to_games(games, len(kinds))
    options = {"hard": {"think_ms": think_ms}} if think_ms is not None else None
    stats = {k: AgentStats(seats=kinds.count(k)) for k in dict.fromkeys(kinds)}
    start = time.perf_counter()
    for g in arena_games(deck, kinds, games, seed, workers=workers, agent_options=options):
        for k, st in stats.items():
            st.games += 1
            st.latencies.update(g.latencies.get(k, Counter()))
        stats[g.seats[g.winner]].wins += 1
        if each:
            each(g)
    return ArenaResult(games, len(kinds), stats, time.perf_counter() - start)


def arena_command(*, seats: str, games: int, seed: int, deck, workers: int, think_ms: int,
                  as_json: bool) -> None:
    """The body of `dread-draw arena`: play, then print a table or one JSON object."""
    import json

    from rich.console import Console

    kinds = [k.strip() for k in seats.split(",") if k.strip()]
    check_seats(kinds)
    the_deck = load_deck(deck)
    the_deck.check_players(len(kinds))
    out = Console()
    total = deals_to_games(games, len(kinds))
    if as_json:
        result = run_arena(the_deck, kinds, games, seed, workers=workers, think_ms=think_ms)
    else:
        with playing(out, total) as advance:
            result = run_arena(the_deck, kinds, games, seed, workers=workers, think_ms=think_ms,
                               each=lambda g: advance(1))
    if as_json:
        print(json.dumps(result.as_json()))
        return
    out.print(arena_table(result, deck_text(the_deck).name, seed, workers, think_ms))


def ms_text(ms: float) -> str:
    """A latency for the table: two decimals below 10 ms (normal answers in hundredths of a
    millisecond), whole milliseconds above."""
    return f"{ms:.2f}" if ms < 10 else f"{ms:.0f}"


def arena_table(r: ArenaResult, deck: str, seed: int, workers: int, think_ms: int):
    from rich.table import Table

    par = 1 / r.players
    title = fmt(_("Arena · {games} games ({deals} deals × {players} rotations) · {players} "
                  "players · deck {deck} · seed {seed}"), games=r.games,
                deals=r.games // r.players, players=r.players, deck=deck, seed=seed)
    caption = fmt(ngettext(
        "par for one seat: {par} · hard thinks {think} ms · {seconds} s with {n} worker",
        "par for one seat: {par} · hard thinks {think} ms · {seconds} s with {n} workers",
        workers), par=percent(100 * par), think=think_ms, seconds=f"{r.seconds:,.1f}", n=workers)
    # plain Text: a deck's name is shown as written, never as markup or :emoji: codes
    t = Table(title=plain(title), caption=caption, header_style="bold")
    columns = (pgettext("arena column", "agent"), pgettext("arena column", "seats"),
               pgettext("arena column", "wins"), pgettext("arena column", "win rate"),
               pgettext("arena column", "95% interval"), pgettext("arena column", "median ms"),
               pgettext("arena column", "p95 ms"))
    for i, col in enumerate(columns):
        t.add_column(col, justify="left" if i == 0 else "right")
    for name, a in r.agents.items():
        d = a.as_dict()
        lo, hi = d["ci95"]
        lat = d["latency_ms"]
        t.add_row(level_word(name), str(a.seats), str(a.wins), percent(100 * d["win_rate"], 1),
                  f"{percent(100 * lo, 1)} – {percent(100 * hi, 1)}", ms_text(lat["median"]),
                  ms_text(lat["p95"]))
    return t
