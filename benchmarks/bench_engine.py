"""How fast the rules core plays: random 4-player games on the standard deck, events off.

Run by hand: `python benchmarks/bench_engine.py [--games 2000] [--players 4] [--deck PATH]`.
Prints games/s and decisions/s per CPU second of this process (so that other processes on a
shared machine do not count), for the bare engine and for the driver loop (`Match`, as
`simulate` plays with random seats). Targets: >= 300 games/s (issue 2); the driver within
1.3x of the bare engine (issue 13).

A/B (issue 41): `--against DIR` runs the same loops for the checkout in DIR too (an earlier
release: `git worktree add /tmp/prev <commit>`), in turns, `--rounds` times each, and
`dread-draw simulate --players 4 --games 1000 --seed 1 --agent random` for both, in turns:
the medians of both and their ratio (the target: this checkout at least 1.5x the release
1a230b1's games per second). Each run is a process of its own, with that checkout first on
its path.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

try:
    from dread_draw.deck.cards import load_deck
    from dread_draw.play.sim import Match, SeatSpec
except ImportError:  # an earlier release's layout (--against)
    from dread_draw.cards import load_deck  # type: ignore[no-redef]
    from dread_draw.sim import Match, SeatSpec  # type: ignore[no-redef]
from dread_draw.rules import Game

HERE = Path(__file__).resolve().parent.parent
SIMULATE = ["simulate", "--players", "4", "--games", "1000", "--seed", "1", "--agent", "random"]


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


def rates(deck, players: int, games: int) -> dict[str, tuple[float, float]]:
    """Per loop: (games/s, decisions/s) per CPU second."""
    out = {}
    for label, fn in (("engine", bare), ("driver", driver)):
        seconds, decisions = fn(deck, players, games)
        out[label] = (games / seconds, decisions / seconds)
    return out


def run_in(tree: Path, args: list[str]) -> subprocess.CompletedProcess[str]:
    """This benchmark (or `-m dread_draw ...`) in a process with `tree` first on its path."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True,
                          check=True, cwd=tree)


def simulated(tree: Path) -> tuple[float, float, float]:
    """`dread-draw simulate ...` in `tree`: (games/s as its table says, wall seconds, CPU
    seconds of the whole command, its start included: on a shared machine the one figure
    that other processes do not change)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = run_in(tree, ["-m", "dread_draw", *SIMULATE])
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rate = re.search(r"games per second[^│┃|]*[│┃|]\s*([\d,.]+)", done.stdout)
    if rate is None:
        raise SystemExit(f"{tree}: no games per second in simulate's output:\n{done.stdout}")
    return float(rate.group(1).replace(",", "")), wall, cpu


def against(other: Path, a: argparse.Namespace) -> None:
    trees = {"this": HERE, "other": other.resolve()}
    loops: dict[str, dict[str, list[float]]] = {t: {"engine": [], "driver": []} for t in trees}
    sims: dict[str, list[tuple[float, float, float]]] = {t: [] for t in trees}
    me = str(Path(__file__).resolve())
    for _ in range(a.rounds):
        for name, tree in trees.items():
            got = json.loads(run_in(tree, [me, "--games", str(a.games), "--players",
                                           str(a.players), "--json"]).stdout)
            for label, (games, _) in got.items():
                loops[name][label].append(games)
            if a.simulate:
                sims[name].append(simulated(tree))
    print(f"A/B, {a.rounds} rounds in turns, {a.players} players, {a.games} games per loop; "
          f"load average {os.getloadavg()[0]:.2f}; this = {trees['this']}, other = "
          f"{trees['other']}")
    for label in ("engine", "driver"):
        mine, theirs = (statistics.median(loops[t][label]) for t in trees)
        print(f"{label:7s} this {mine:7,.0f} games/s, other {theirs:7,.0f} games/s: "
              f"{mine / theirs:.2f}x  (medians; CPU seconds)")
    if a.simulate:
        (rate, wall, cpu), (rate0, wall0, cpu0) = (
            tuple(statistics.median(run[i] for run in sims[t]) for i in range(3))
            for t in trees)
        print(f"dread-draw {' '.join(SIMULATE)} (medians):")
        print(f"  its table's games/s (wall): this {rate:,.0f}, other {rate0:,.0f}: "
              f"{rate / rate0:.2f}x")
        print(f"  the whole command: this {wall:.2f} s wall, {cpu:.2f} s CPU; other "
              f"{wall0:.2f} s wall, {cpu0:.2f} s CPU: {cpu0 / cpu:.2f}x games per CPU second")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--deck", default=None)
    p.add_argument("--against", type=Path, default=None,
                   help="another checkout (an earlier release) to run side by side")
    p.add_argument("--rounds", type=int, default=5, help="A/B: runs of each, in turns")
    p.add_argument("--no-simulate", dest="simulate", action="store_false",
                   help="A/B: leave out the simulate command")
    p.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.against is not None:
        against(a.against, a)
        return
    deck = load_deck(a.deck)
    got = rates(deck, a.players, a.games)
    if a.json:
        print(json.dumps(got))
        return
    print(f"deck {deck.name} ({deck.size} cards), {a.players} players, {a.games} games, "
          f"load average {os.getloadavg()[0]:.2f}")
    for label, (games, decisions) in got.items():
        print(f"{label:7s} {games:9,.0f} games/s {decisions:11,.0f} decisions/s  "
              f"({decisions / games:.0f} decisions/game)")
    print(f"the driver takes {got['engine'][0] / got['driver'][0]:.2f}x the bare engine's time "
          "(target: at most 1.3x)")


if __name__ == "__main__":
    main()
