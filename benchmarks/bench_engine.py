"""How fast the rules core plays: random 4-player games on the standard deck, events off.

Run by hand: `python benchmarks/bench_engine.py [--games 2000] [--players 4] [--deck PATH]`.
Prints games/s and decisions/s per CPU second of this process (so that other processes on a
shared machine do not count), for the bare engine and for the driver loop (`Match`, as
`simulate` plays with random seats). Targets: >= 300 games/s (issue 2); the driver within
1.3x of the bare engine (issue 13).
"""

from __future__ import annotations

import argparse
import os
import random
import time

from dread_draw.deck.cards import load_deck
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.rules import Game


def bare(deck, players: int, games: int) -> tuple[float, int]:
    rng = random.Random(1)
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        g = Game(deck, players, seed, events=False)
        choose, pending = g.choose, None
        while not g.over:
            pending = g.pending
            choose(rng.choice(pending.options))
        decisions += g.decisions
    return time.process_time() - start, decisions


def driver(deck, players: int, games: int) -> tuple[float, int]:
    decisions = 0
    seats = [SeatSpec(f"Seat {i + 1}", "random") for i in range(players)]
    start = time.process_time()
    for seed in range(games):
        m = Match(deck, seats, seed, events=False)
        m.play_cpus()
        decisions += m.game.decisions
    return time.process_time() - start, decisions


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--deck", default=None)
    a = p.parse_args()
    deck = load_deck(a.deck)
    print(f"deck {deck.name} ({deck.size} cards), {a.players} players, {a.games} games, "
          f"load average {os.getloadavg()[0]:.2f}")
    rates = {}
    for label, fn in (("engine", bare), ("driver", driver)):
        seconds, decisions = fn(deck, a.players, a.games)
        rates[label] = a.games / seconds
        print(f"{label:7s} {a.games / seconds:9,.0f} games/s {decisions / seconds:11,.0f} "
              f"decisions/s  ({decisions / a.games:.0f} decisions/game)")
    print(f"the driver takes {rates['engine'] / rates['driver']:.2f}x the bare engine's time "
          "(target: at most 1.3x)")


if __name__ == "__main__":
    main()
