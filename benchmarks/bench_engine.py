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
its path. `--compiled PYTHON` adds the compiled core (setup.py) as a third side: the package
installed for that interpreter, e.g. a venv made with `DREAD_DRAW_COMPILE=1 pip install .`.
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
from typing import Any, NamedTuple

try:
    from dread_draw.deck.cards import load_deck
    from dread_draw.play.sim import Match, SeatSpec
except ImportError:  # an earlier release's layout (--against)
    from dread_draw.cards import load_deck  # type: ignore[no-redef]
    from dread_draw.sim import Match, SeatSpec  # type: ignore[no-redef]
from dread_draw.rules import Game

HERE = Path(__file__).resolve().parent.parent


def core() -> str:
    """Which rules core this process runs (an earlier release has only the pure one)."""
    try:
        from dread_draw import compiled_core
    except ImportError:
        return "pure Python"
    return "compiled" if compiled_core() else "pure Python"

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


class Contestant(NamedTuple):
    """One side of an A/B run: an interpreter, and the checkout first on its path (None: the
    package installed in that interpreter's environment — the compiled core's venv)."""

    python: str
    tree: Path | None

    def run(self, args: list[str]) -> subprocess.CompletedProcess[str]:
        """This benchmark (or `-m dread_draw ...`) in a process of its own."""
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        if self.tree is not None:
            env["PYTHONPATH"] = str(self.tree)
        # (outside any checkout for the installed package: none shadows it)
        cwd = self.tree if self.tree is not None else Path(self.python).resolve().parent
        return subprocess.run([self.python, *args], env=env, capture_output=True, text=True,
                              check=True, cwd=cwd)


def simulated(side: Contestant) -> tuple[float, float, float]:
    """`dread-draw simulate ...` on one side: (games/s as its table says, wall seconds, CPU
    seconds of the whole command, its start included: on a shared machine the one figure
    that other processes do not change)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = side.run(["-m", "dread_draw", *SIMULATE])
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rate = re.search(r"games per second[^│┃|]*[│┃|]\s*([\d,.]+)", done.stdout)
    if rate is None:
        raise SystemExit(f"{side}: no games per second in simulate's output:\n{done.stdout}")
    return float(rate.group(1).replace(",", "")), wall, cpu


def against(a: argparse.Namespace) -> None:
    """The sides in turns, `a.rounds` times each; each side's medians and its ratio to the
    earlier release's (or to this checkout's pure core when only --compiled is given)."""
    sides = {"this": Contestant(sys.executable, HERE)}
    if a.compiled is not None:
        sides["compiled"] = Contestant(a.compiled, None)
    if a.against is not None:
        sides["other"] = Contestant(sys.executable, a.against.resolve())
    base = "other" if "other" in sides else "this"
    loops: dict[str, dict[str, list[float]]] = {t: {"engine": [], "driver": []} for t in sides}
    sims: dict[str, list[tuple[float, float, float]]] = {t: [] for t in sides}
    cores: dict[str, str] = {}
    me = str(Path(__file__).resolve())
    for _ in range(a.rounds):
        for name, side in sides.items():
            got = json.loads(side.run([me, "--games", str(a.games), "--players",
                                       str(a.players), "--json"]).stdout)
            cores[name] = got.pop("core", "pure Python")  # (an earlier release: pure)
            for label, (games, _) in got.items():
                loops[name][label].append(games)
            if a.simulate:
                sims[name].append(simulated(side))
    print(f"A/B, {a.rounds} rounds in turns, {a.players} players, {a.games} games per loop; "
          f"load average {os.getloadavg()[0]:.2f}")
    for name, side in sides.items():
        print(f"  {name}: {side.tree or side.python}, {cores[name]} core")
    for label in ("engine", "driver"):
        rates = {t: statistics.median(loops[t][label]) for t in sides}
        print(f"{label:7s} " + ", ".join(f"{t} {r:7,.0f}" for t, r in rates.items())
              + " games/s: " + ", ".join(f"{t} {r / rates[base]:.2f}x" for t, r in
                                          rates.items() if t != base)
              + f" of {base}  (medians; CPU seconds)")
    if a.simulate:
        med = {t: tuple(statistics.median(run[i] for run in sims[t]) for i in range(3))
               for t in sides}
        print(f"dread-draw {' '.join(SIMULATE)} (medians):")
        print("  its table's games/s (wall): "
              + ", ".join(f"{t} {m[0]:,.0f}" for t, m in med.items()) + ": "
              + ", ".join(f"{t} {m[0] / med[base][0]:.2f}x" for t, m in med.items()
                          if t != base) + f" of {base}")
        print("  the whole command: "
              + ", ".join(f"{t} {m[1]:.2f} s wall, {m[2]:.2f} s CPU" for t, m in med.items())
              + ": games per CPU second "
              + ", ".join(f"{t} {med[base][2] / m[2]:.2f}x" for t, m in med.items()
                          if t != base) + f" of {base}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--deck", default=None)
    p.add_argument("--against", type=Path, default=None,
                   help="another checkout (an earlier release) to run side by side")
    p.add_argument("--compiled", default=None, metavar="PYTHON",
                   help="A/B: also the compiled core, as installed for this interpreter "
                        "(DREAD_DRAW_COMPILE=1 pip install . in a venv of its own)")
    p.add_argument("--rounds", type=int, default=5, help="A/B: runs of each, in turns")
    p.add_argument("--no-simulate", dest="simulate", action="store_false",
                   help="A/B: leave out the simulate command")
    p.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.against is not None or a.compiled is not None:
        against(a)
        return
    deck = load_deck(a.deck)
    got: dict[str, Any] = rates(deck, a.players, a.games)
    if a.json:
        print(json.dumps({**got, "core": core()}))
        return
    print(f"deck {deck.name} ({deck.size} cards), {a.players} players, {a.games} games, "
          f"{core()} core, load average {os.getloadavg()[0]:.2f}")
    for label, (games, decisions) in got.items():
        print(f"{label:7s} {games:9,.0f} games/s {decisions:11,.0f} decisions/s  "
              f"({decisions / games:.0f} decisions/game)")
    print(f"the driver takes {got['engine'][0] / got['driver'][0]:.2f}x the bare engine's time "
          "(target: at most 1.3x)")


if __name__ == "__main__":
    main()
