"""The CPU seats' targets (issue 4), measured by hand: `python benchmarks/bench_arena.py`.

Runs the arenas of the issue and says, for each target, the figure and whether it is met:
- heads-up, `normal` beats `random` at least 80%;
- heads-up, `hard` beats `normal` at least 60%, the interval's lower bound above 55%;
- 4 players, `hard` against three `normal` wins at least 35%, lower bound above 30%;
- `hard` p95 decision latency at most 300 ms with the default budget, `normal` under 5 ms.
The machine's load (`uptime`) is printed with the figures: the latencies depend on it.
Each line is also the `dread-draw arena` command that gives the same figures.
"""

from __future__ import annotations

import argparse
import os
import time

from dread_draw.deck.cards import load_deck
from dread_draw.play.arena import run_arena, wilson


def measure(deck, seats: list[str], games: int, seed: int, workers: int, think_ms: int):
    print(f"$ dread-draw arena --seats {','.join(seats)} --games {games} --seed {seed} "
          f"--workers {workers} --think-ms {think_ms}", flush=True)
    r = run_arena(deck, seats, games, seed, workers=workers, think_ms=think_ms)
    for name, a in r.agents.items():
        d = a.as_dict()
        lo, hi = d["ci95"]
        lat = d["latency_ms"]
        print(f"  {name:7} {a.wins:5}/{r.games} = {d['win_rate']:.1%} [{lo:.1%}, {hi:.1%}]  "
              f"latency median {lat['median']:.2f} ms, p95 {lat['p95']:.1f} ms")
    print(f"  {r.seconds:.0f} s; load {os.getloadavg()[0]:.2f}", flush=True)
    return r


def check(label: str, ok: bool) -> None:
    print(f"  {'MET ' if ok else 'MISSED'}  {label}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games for normal vs random")
    ap.add_argument("--hard-games", type=int, default=600, help="games for each hard arena")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--think-ms", type=int, default=250)
    ap.add_argument("--deck", default=None)
    ap.add_argument("--only", choices=("normal", "hard2", "hard4"), default=None)
    a = ap.parse_args()
    deck = load_deck(a.deck)
    start = time.perf_counter()
    if a.only in (None, "normal"):
        r = measure(deck, ["normal", "random"], a.games, a.seed, a.workers, a.think_ms)
        n = r.agents["normal"]
        check("heads-up normal beats random >= 80%", n.wins / r.games >= 0.80)
        check("normal p95 latency < 5 ms", n.as_dict()["latency_ms"]["p95"] < 5)
    if a.only in (None, "hard2"):
        r = measure(deck, ["hard", "normal"], a.hard_games, a.seed, a.workers, a.think_ms)
        h = r.agents["hard"]
        check("heads-up hard beats normal >= 60%", h.wins / r.games >= 0.60)
        check("... lower bound > 55%", wilson(h.wins, r.games)[0] > 0.55)
        check("hard p95 latency <= 300 ms", h.as_dict()["latency_ms"]["p95"] <= 300)
    if a.only in (None, "hard4"):
        r = measure(deck, ["hard", "normal", "normal", "normal"], a.hard_games, a.seed,
                    a.workers, a.think_ms)
        h = r.agents["hard"]
        check("4 players: hard wins >= 35%", h.wins / r.games >= 0.35)
        check("... lower bound > 30%", wilson(h.wins, r.games)[0] > 0.30)
        check("hard p95 latency <= 300 ms", h.as_dict()["latency_ms"]["p95"] <= 300)
        check("normal p95 latency < 5 ms",
              r.agents["normal"].as_dict()["latency_ms"]["p95"] < 5)
    print(f"total {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
