"""A key at the table as a player feels it, by hand: the real `dread-draw play` in tmux, one
person against CPUs (`random`, CPU pacing 0), and the time from `tmux send-keys` to the first
changed screen (`capture-pane`, polled).

    python benchmarks/bench_keys_tmux.py [--decisions 25] [--sizes 80x24,200x60] [--cpus 3]
                                         [--warm 0]
    python benchmarks/bench_keys_tmux.py --quick    # a few keys at 80x24 (CI: that it runs)

Only a key that answers the table's question is timed (the digit of its first answer); a
round's summary and the game's end are closed with Enter and `r` (a rematch), untimed.
`--warm N`: N rounds are played first, untimed (a long evening at the table). The poll costs
about a millisecond per look, so a figure is at most that much late. This is the yardstick
beside `bench_table.py` (headless, first painted frame), which plays the same table by
default (Ana and three `random` CPUs, seed 7): run both with the same `--cpus` and `--warm`
and they should agree within a few milliseconds — `tmux send-keys` reaching the app (2-3
ms), the frame's trip through the terminal, and the poll.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

TIMEOUT = 10.0


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=False).stdout


def screen(name: str) -> str:
    return tmux("capture-pane", "-p", "-t", name)


def wait_change(name: str, before: str, limit: float = TIMEOUT) -> tuple[float, str] | None:
    """The time the screen first differs from `before`, and that screen (None: it did not)."""
    end = time.perf_counter() + limit
    while time.perf_counter() < end:
        now = screen(name)
        if now != before:
            return time.perf_counter(), now
    return None


def wait_settled(name: str, quiet: float = 0.25, limit: float = TIMEOUT) -> str:
    """The screen once it has not changed for `quiet` seconds (the CPUs have moved)."""
    last = screen(name)
    since = time.perf_counter()
    end = since + limit
    while time.perf_counter() < end:
        time.sleep(0.02)
        now = screen(name)
        if now != last:
            last, since = now, time.perf_counter()
        elif time.perf_counter() - since >= quiet:
            return now
    return last


def asking(text: str) -> bool:
    """The table is asking the person a question: the prompt's first answer is on screen,
    under the prompt's rule (a long question's answers take many lines; a seat's cards may
    begin with a "1" too)."""
    lines = text.splitlines()
    rule = max((i for i, line in enumerate(lines) if line.strip() and set(line.strip()) == {"▔"}),
               default=len(lines) - 5)
    return any(line.strip().startswith("1 ") for line in lines[rule + 1:])


def going_on(text: str) -> str:
    """The key that goes on from a screen that asks nothing: a rematch at the game's end,
    else Enter (a round's summary)."""
    lines = text.lower()
    return "r" if "rematch" in lines or "play again" in lines else "Enter"


def round_of(text: str) -> int | None:
    """The round the table's top line names ("round 3"), if it names one."""
    found = re.search(r"round (\d+)", text.splitlines()[0] if text else "")
    return int(found.group(1)) if found else None


def warm_up(name: str, text: str, rounds: int) -> str:
    """Play `rounds` rounds untimed (the digit 1 to every question; Enter and a rematch
    between rounds and games); the screen after them."""
    played, last = 0, round_of(text)
    for _ in range(rounds * 60):
        now = round_of(text)
        if now is not None and now != last:
            played, last = played + 1, now
        if played >= rounds:
            break
        tmux("send-keys", "-t", name, "1" if asking(text) else going_on(text))
        text = wait_settled(name, quiet=0.1)
    return text


def run(size: tuple[int, int], decisions: int, cpus: int, seed: int,
        warm: int = 0) -> list[float]:
    name = f"bench-keys-{uuid.uuid4().hex[:8]}"
    home = tempfile.mkdtemp(prefix="bench-keys-")
    # the game's own folders (a tmux server already running would not pass our environment
    # on: the command sets it), and this interpreter's dread_draw
    path = os.environ.get("PYTHONPATH", "")
    command = (f"env XDG_DATA_HOME={home}/data XDG_CONFIG_HOME={home}/config "
               f"PYTHONPATH={shlex.quote(path)} {shlex.quote(sys.executable)} -m dread_draw "
               f"play --human Ana" + " --cpu random" * cpus + f" --seed {seed} --cpu-delay 0")
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", str(size[0]), "-y",
                    str(size[1]), command], check=True)
    times: list[float] = []
    try:
        text = wait_settled(name, quiet=1.0)
        if warm:
            text = warm_up(name, text, warm)
        misses = 0
        while len(times) < decisions and misses < 40:
            if not asking(text):
                misses += 1
                tmux("send-keys", "-t", name, going_on(text))
                text = wait_settled(name)
                continue
            before = text
            start = time.perf_counter()
            tmux("send-keys", "-t", name, "1")
            changed = wait_change(name, before)
            if changed is None:
                misses += 1
                text = wait_settled(name)
                continue
            times.append(changed[0] - start)
            text = wait_settled(name)
    finally:
        tmux("kill-session", "-t", name)
        shutil.rmtree(home, ignore_errors=True)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--decisions", type=int, default=25)
    ap.add_argument("--sizes", default="80x24,200x60")
    ap.add_argument("--cpus", type=int, default=3)
    ap.add_argument("--warm", type=int, default=0, help="rounds played first, untimed")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--quick", action="store_true", help="a few keys at 80x24 (CI)")
    args = ap.parse_args()
    if args.quick:
        args.decisions, args.sizes, args.warm = 3, "80x24", 0
    if shutil.which("tmux") is None:
        print("tmux is not installed: nothing measured")
        return
    with open("/proc/loadavg") as f:
        print(f"load average at the start: {' '.join(f.read().split()[:3])}")
    for spec in args.sizes.split(","):
        w, h = map(int, spec.split("x"))
        t = sorted(run((w, h), args.decisions, args.cpus, args.seed, args.warm))
        if not t:
            sys.exit(f"{w}x{h}: no key was timed (the table did not ask, or did not answer)")
        p95 = t[min(len(t) - 1, int(0.95 * len(t)))]
        state = f" after {args.warm} rounds" if args.warm else ""
        print(f"{w}x{h}{state}: {len(t)} keys, median {statistics.median(t) * 1000:.0f} ms, "
              f"p95 {p95 * 1000:.0f} ms, max {t[-1] * 1000:.0f} ms", flush=True)
    with open("/proc/loadavg") as f:
        print(f"load average at the end: {' '.join(f.read().split()[:3])}")


if __name__ == "__main__":
    main()
