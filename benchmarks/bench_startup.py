"""Start-up as a player feels it: from a fresh `dread-draw` process's start to its first frame
on a real terminal (tmux, `capture-pane` polled every 5 ms), and `dread-draw --version`.

    python benchmarks/bench_startup.py [--runs 8] [--size 80x24]
    python benchmarks/bench_startup.py --against /tmp/prev   # A/B: that checkout, alternating
    python benchmarks/bench_startup.py --quick               # one run of each (CI: that it runs)

Three commands, each in fresh settings and save folders (no remembered game, no save: what a
new player gets), with `LANG=C.UTF-8` (English words on screen):
- `table`: `play --human Ana --cpu random --seed 1`, until the table asks "Reveal the top card";
- `new game`: a bare `play`, until the new-game screen's key bar ("Start") is drawn;
- `--version`: until the process has printed the version and exited.
Python's compiled bytecode is kept, as an installed game has it (pip compiles it on install):
each side's in a folder of its own (`PYTHONPYCACHEPREFIX`, so a read-only checkout works
too), filled by one untimed run of each command first; `--no-bytecode` times the start with
every module compiled from its source (`PYTHONDONTWRITEBYTECODE=1` and no cache: a checkout
run as-is where that variable is set). The clock starts in the pane itself, just before the
shell runs the interpreter (its `date`), and stops at the first capture that shows the frame,
so a figure is up to 5 ms (a poll) late.
Beside each wall-clock time: the CPU time the process had used by then, and the time it spent
waiting for a processor (both from /proc/PID/task/*/schedstat): on a loaded machine the wait
grows, the CPU time much less. The frame was drawn between two captures: the CPU time at the
one before it is given too (on a loaded machine a poll can come late, and the table goes on
working after its first frame). `--against DIR` runs each command a second time per run with
`PYTHONPATH=DIR` (the same interpreter and libraries, that checkout's dread_draw), the two
alternating which goes first, so that both see the same load.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from bench_keys_tmux import screen, tmux

POLL = 0.005
TIMEOUT = 30.0
TABLE = ("play", "--human", "Ana", "--cpu", "random", "--seed", "1")


@dataclass
class Case:
    name: str
    args: tuple[str, ...]
    shown: str | None  # the words on the first frame (None: the output, then the exit)


CASES = (Case("table", TABLE, "Reveal the top card"),
         Case("new game", ("play",), "Start"),
         Case("--version", ("--version",), None))


@dataclass
class Timing:
    wall: float  # seconds from the process's start to the frame (or its exit)
    cpu: float  # CPU seconds the process had used by then (at the capture that showed it)
    waited: float  # seconds it had waited for a processor by then
    cpu_before: float  # CPU seconds used at the last capture that did not show it yet


@dataclass
class Side:
    """One dread_draw to time: `path` its PYTHONPATH ('': the interpreter's own), `cache`
    its bytecode folder (None: none, every module compiled from its source)."""
    path: str
    cache: str | None


def environment(home: str, side: Side) -> dict[str, str]:
    """The game's own folders under `home`, English words, the side's code and bytecode."""
    env = {"XDG_DATA_HOME": f"{home}/data", "XDG_CONFIG_HOME": f"{home}/config",
           "XDG_CACHE_HOME": f"{home}/cache", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
           "PYTHONPATH": side.path}
    if side.cache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env["PYTHONPYCACHEPREFIX"] = side.cache
    return env


def unset(env: dict[str, str]) -> list[str]:
    """What the pane's environment must not pass on: another language, or (with a
    bytecode folder) the variable that stops Python writing bytecode."""
    return ["LANGUAGE"] + (["PYTHONDONTWRITEBYTECODE"] if "PYTHONPYCACHEPREFIX" in env else [])


def schedstat(pid: int) -> tuple[float, float]:
    """CPU seconds used and seconds waited for a processor by every thread of `pid`."""
    cpu = waited = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            ran, wait, _slices = (Path(task) / "schedstat").read_text().split()
        except (OSError, ValueError):  # a thread that just ended
            continue
        cpu, waited = cpu + int(ran), waited + int(wait)
    return cpu / 1e9, waited / 1e9


def gone(pid: int, limit: float = 3.0) -> None:
    """Wait for `pid` to end after its terminal went away; kill it if it lingers."""
    end = time.perf_counter() + limit
    while time.perf_counter() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.01)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def on_screen(case: Case, size: tuple[int, int], side: Side) -> Timing:
    """One fresh run of `case` in a new tmux session, timed to its first frame."""
    name = f"bench-startup-{uuid.uuid4().hex[:8]}"
    home = tempfile.mkdtemp(prefix="bench-startup-")
    stamp = Path(home) / "started"
    env = environment(home, side)
    settings = " ".join([*(f"-u {k}" for k in unset(env)),
                         *(f"{k}={shlex.quote(v)}" for k, v in env.items())])
    command = (f"date +%s%N > {shlex.quote(str(stamp))}; exec env {settings} "
               f"{shlex.quote(sys.executable)} -m dread_draw {shlex.join(case.args)}")
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", str(size[0]), "-y",
                    str(size[1]), "-c", home, command], check=True)  # (-m puts the folder first)
    pid = None
    try:
        pid = int(tmux("display-message", "-p", "-t", name, "#{pane_pid}").strip())
        end = time.perf_counter() + TIMEOUT
        before = 0.0
        while time.perf_counter() < end:
            text = screen(name)
            if case.shown is not None and case.shown in text:
                now = time.time_ns()
                cpu, waited = schedstat(pid)
                started = int(stamp.read_text())
                return Timing((now - started) / 1e9, cpu, waited, before)
            before = schedstat(pid)[0]
            time.sleep(POLL)
        sys.exit(f"{case.name}: the first frame did not show {case.shown!r} in {TIMEOUT:.0f} s;"
                 f" the screen was:\n{screen(name)}")
    finally:
        tmux("kill-session", "-t", name)
        if pid is not None:
            gone(pid)
        shutil.rmtree(home, ignore_errors=True)


def printed(case: Case, side: Side) -> Timing:
    """`case` run to its exit (its output read), timed."""
    home = tempfile.mkdtemp(prefix="bench-startup-")
    mine = environment(home, side)
    env = {k: v for k, v in os.environ.items() if k not in unset(mine)}
    env.update(mine)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "dread_draw", *case.args], env=env,
                              capture_output=True, text=True, timeout=TIMEOUT, cwd=home)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0 or not done.stdout.strip():
        sys.exit(f"{case.name}: exit {done.returncode}\n{done.stdout}{done.stderr}")
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return Timing(wall, cpu, float("nan"), cpu)  # (no wait figure for a process gone)


def package(side: Side) -> str:
    """Where the side's `python -m dread_draw` finds the package: `-m` puts the current
    folder first on the path, so every run starts in a folder of its own."""
    home = tempfile.mkdtemp(prefix="bench-startup-")
    try:
        env = {**os.environ, **environment(home, side)}
        where = "import dread_draw; print(dread_draw.__file__)"
        return subprocess.run([sys.executable, "-c", where], env=env, cwd=home,
                              capture_output=True, text=True, check=True).stdout.strip()
    finally:
        shutil.rmtree(home, ignore_errors=True)


def timed(case: Case, size: tuple[int, int], side: Side) -> Timing:
    return printed(case, side) if case.shown is None else on_screen(case, size, side)


def summary(times: list[Timing]) -> str:
    walls = sorted(t.wall for t in times)
    p95 = walls[min(len(walls) - 1, int(0.95 * len(walls)))]
    line = (f"median {statistics.median(walls):.3f} s, p95 {p95:.3f} s, "
            f"min {walls[0]:.3f} s; CPU median {statistics.median(t.cpu for t in times):.3f} s")
    if any(t.cpu_before != t.cpu for t in times):  # the frame came between the two captures
        line += f" (at the capture before: {statistics.median(t.cpu_before for t in times):.3f})"
    waits = [t.waited for t in times if t.waited == t.waited]
    if waits:
        line += f", waited for a CPU median {statistics.median(waits):.3f} s"
    return line


def load() -> str:
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=8)
    ap.add_argument("--size", default="80x24", help="the terminal, WIDTHxHEIGHT")
    ap.add_argument("--against", metavar="DIR",
                    help="also run DIR's dread_draw (PYTHONPATH=DIR), alternating with this one")
    ap.add_argument("--only", choices=[c.name for c in CASES], action="append",
                    help="just this command (repeat for more)")
    ap.add_argument("--no-bytecode", action="store_true",
                    help="no compiled bytecode: every module compiled at every start")
    ap.add_argument("--quick", action="store_true", help="one run of each (CI)")
    args = ap.parse_args()
    if args.quick:
        args.runs = 1
    if shutil.which("tmux") is None:
        print("tmux is not installed: nothing measured")
        return
    w, h = map(int, args.size.split("x"))
    paths = {"this": os.environ.get("PYTHONPATH", "")}
    if args.against:
        paths["against"] = str(Path(args.against).resolve())
        if not (Path(paths["against"]) / "dread_draw" / "__main__.py").is_file():
            sys.exit(f"--against {args.against}: no dread_draw package in that folder")
    cases = [c for c in CASES if args.only is None or c.name in args.only]
    with tempfile.TemporaryDirectory(prefix="bench-startup-bytecode-") as caches:
        sides = {name: Side(path, None if args.no_bytecode else f"{caches}/{name}")
                 for name, path in paths.items()}
        found = {name: package(side) for name, side in sides.items()}
        for name, where in found.items():
            print(f"{name}: {where}")
        if len(set(found.values())) < len(found):
            sys.exit("--against: both sides load the same dread_draw")
        if not args.no_bytecode:  # the bytecode compiled, as an installed game has it
            for case in cases:
                for side in sides.values():
                    timed(case, (w, h), side)
        print(f"load average at the start: {load()}; {args.runs} runs, {w}x{h}, "
              f"{'no bytecode' if args.no_bytecode else 'bytecode compiled'}", flush=True)
        results: dict[tuple[str, str], list[Timing]] = {}
        for run in range(args.runs):
            order = list(sides) if run % 2 == 0 else list(reversed(sides))
            for case in cases:
                for name in order:
                    results.setdefault((case.name, name), []).append(
                        timed(case, (w, h), sides[name]))
    for case in cases:
        for side in sides:
            label = case.name if len(sides) == 1 else f"{case.name} [{side}: " \
                f"{paths[side] or 'this interpreter'}]"
            print(f"{label}: {summary(results[(case.name, side)])}", flush=True)
        if len(sides) == 2:
            ratio = (statistics.median(t.wall for t in results[(case.name, "this")])
                     / statistics.median(t.wall for t in results[(case.name, "against")]))
            print(f"{case.name}: this / against = {ratio:.2f} (medians)", flush=True)
    print(f"load average at the end: {load()}")


if __name__ == "__main__":
    main()
