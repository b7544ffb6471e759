"""How fast the `hard` CPU searches: rollouts per second on positions from real games.

Run by hand: `python benchmarks/bench_hard.py [--positions 150] [--samples 8] [--players 2]
[--repeat 5]`.
It plays a few seeded games with `normal` seats, keeps the positions where the seat to move
has a real choice, then lets `hard` answer each with a fixed schedule of `--samples` samples
(no clock involved) and counts its rollouts. The figure that matters is rollouts/s: `hard`'s
budget per decision buys that many rollouts, so more per second is a stronger `hard` at the
same latency (issue 13's target: at least 1.5x). It also counts the decisions played inside the
rollouts: their speed does not depend on how far a rollout looks ahead.

`--default`: instead of `--samples`, the default schedule (`HardAgent()`'s fixed number of
samples, whole, no clock), and the CPU time of each decision, median and 95th percentile (each
position's best of the runs): what a quiet core would take, the figure to hold within the
250 ms budget (issue 33).
"""

from __future__ import annotations

import argparse
import os
import random
import time

import dread_draw.ai.hard as hard
from dread_draw.deck.cards import load_deck
from dread_draw.play.sim import Match, SeatSpec


def positions(deck, players: int, count: int) -> list:
    """(view, decision) pairs where the seat to move has more than one option."""
    found = []
    seed = 0
    while len(found) < count:
        m = Match(deck, [SeatSpec(f"S{i}", "normal") for i in range(players)], seed,
                  events=False)
        while not m.over and len(found) < count:
            d = m.game.pending
            if len(d.options) > 1:
                found.append((m.game.view(d.seat), d))
            m.apply(m.cpu_choice())
        seed += 1
    return found


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=150)
    p.add_argument("--samples", type=int, default=8)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--deck", default=None)
    p.add_argument("--repeat", type=int, default=5, help="runs timed; the best one counts")
    p.add_argument("--default", action="store_true",
                   help="the default schedule, with each decision's CPU time")
    a = p.parse_args()
    deck = load_deck(a.deck)
    spots = positions(deck, a.players, a.positions)
    calls = [0, 0]  # rollouts, and decisions played in them
    inner = hard.rollout

    def counted(g, *args, **kwargs):
        calls[0] += 1
        start = g.decisions
        try:
            return inner(g, *args, **kwargs)
        finally:
            calls[1] += g.decisions - start

    hard.rollout = counted
    runs = []
    each = [float("inf")] * len(spots)  # per position: its best CPU time
    options = ({"clock": False, "stop_ms": None} if a.default else {"samples": a.samples})
    for _ in range(a.repeat):
        calls[:] = [0, 0]
        start, cpu = time.perf_counter(), time.process_time()
        for i, (view, decision) in enumerate(spots):
            t = time.process_time()
            agent = hard.HardAgent(random.Random(i), **options)
            if a.default:
                agent.stop_ms = None  # the schedule, whole
            agent.choose(view, decision)
            each[i] = min(each[i], time.process_time() - t)
        runs.append((time.process_time() - cpu, time.perf_counter() - start))
    if a.default:
        ms = sorted(1000 * t for t in each)
        print(f"default schedule (budget {hard.HardAgent(random.Random(0)).think_ms} ms, "
              f"{hard.ROLLOUTS_PER_MS} rollouts/ms): CPU ms per decision median "
              f"{ms[len(ms) // 2]:.1f}, p95 {ms[min(len(ms) - 1, int(0.95 * len(ms)))]:.1f}, "
              f"max {ms[-1]:.1f} over {len(ms)} positions")
    cpu, seconds = min(runs)
    print(f"deck {deck.name}, {a.players} players, {len(spots)} positions, "
          f"{'the default schedule' if a.default else a.samples} samples "
          f"each, best of {a.repeat}, load average {os.getloadavg()[0]:.2f}")
    # CPU seconds: on a shared machine the wall clock also counts the other processes' turns;
    # the best of several runs: the others' load only ever slows a run down
    print(f"hard  {calls[0] / cpu:9,.0f} rollouts per CPU second  {1000 * cpu / len(spots):7.1f} "
          f"ms CPU per decision  ({calls[0]} rollouts, {cpu:.1f} s CPU, {seconds:.1f} s wall)")
    # A rollout's length depends on the search's horizon: the game's own speed, in decisions
    print(f"      {calls[1] / cpu:9,.0f} rollout decisions per CPU second  "
          f"({calls[1] / max(1, calls[0]):.1f} per rollout)")


if __name__ == "__main__":
    main()
