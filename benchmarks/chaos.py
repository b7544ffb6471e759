"""Key mashing at the real table, by hand: does any key, in any order, at any moment, end
the app with an error?

    python benchmarks/chaos.py [--seconds 60] [--seed 1] [--screens hot-seat,replay,...]
    python benchmarks/chaos.py --seconds 3      # a few seconds each (CI: that it runs)

For each screen below, for `--seconds`, the real `dread-draw` (this interpreter's
`python -m dread_draw`, its own save and settings folders, a random language of the six) is
started in a tmux of its own (a private server, `-L`) and mashed: random keys from the whole
key map — F1, Ctrl+P, ?, Esc, h (hint), u (take back), digits, Enter, Space, Tab, arrows,
q and n (the quit question, answered no; now and then y or Ctrl+C), v, r, g, [ ] and a few
letters — in bursts of 1 to 4 keys at once, at random short intervals (0 to 0.4 s), and the
window resized now and then (below the minimum too). When the app ends — a player's quit
(exit 0) or a crash — it is started again (a new seed), until the time is up.

- new-game: `play` with no seats (the new-game screen, its text fields, then the game);
- hot-seat: `play --human Ana --human Ben --cpu random` (hand-offs, summaries, take-backs);
- cpus: `play --human Ana --cpu easy --cpu normal` (hints while the CPUs move);
- tutorial: `tutorial`;
- replay: `replay FILE` of a finished standard-deck game;
- review: the same replay, `v` first and often (the review opened and closed under keys).

A crash is an exit status other than 0, or a traceback on the terminal — except 130 with no
traceback and "^C" echoed on the terminal: a Ctrl+C that reached an app outside its table
(already quitting, the terminal given back and the game saved, or not yet started) and ended
it as any program is ended, counted apart (`interrupted_outside`). Printed: per screen
the apps started, keys sent, resizes, ends by the player and crashes; for a crash, its
command, exit status, the last keys sent and the traceback's last lines (the whole terminal
is written to a file named in the report). Exit status 1 if anything crashed. Every process
started is ended (the app's process group, then the tmux server).
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

LANGS = ("en", "fr", "es", "de", "pt", "ko")
SIZES = ((80, 24), (100, 30), (120, 40), (200, 60), (79, 24), (60, 20), (100, 22))
# tmux key names -> weight (every screen's keys; what a screen does not bind does nothing)
KEYS: dict[str, float] = {
    "F1": 3, "C-p": 3, "?": 3, "Escape": 4, "h": 3, "u": 3,
    "1": 5, "2": 4, "3": 3, "4": 1, "5": 1, "Enter": 6, "Space": 2, "Tab": 2, "BTab": 1,
    "q": 2, "n": 3, "y": 0.3, "C-c": 0.3,
    "Up": 1, "Down": 1, "Left": 1, "Right": 1, "Home": 0.3, "End": 0.3, "PageDown": 0.3,
    "v": 1, "r": 1, "g": 0.5, "l": 0.5, "s": 0.5, "a": 0.5, "[": 0.5, "]": 0.5, "BSpace": 0.5,
}
SCREENS = ("new-game", "hot-seat", "cpus", "tutorial", "replay", "review")
# the replay and the new-game screen end on q (Esc, Ctrl+C) at once, with no question: fewer
# of those, so that they are mashed more than started
QUICK_TO_QUIT = {"q": 0.3, "Escape": 0.5, "C-c": 0.05}
PAUSES = (0, 0, 0, 0.005, 0.01, 0.02, 0.05, 0.1, 0.15, 0.4)
START_LIMIT = 30.0  # seconds for an app to draw its first screen


@dataclass
class Tally:
    runs: int = 0
    keys: int = 0
    resizes: int = 0
    quits: int = 0  # ended by a player's key, exit 0
    interrupted: int = 0  # Ctrl+C on the way out (130, no traceback): the terminal's doing
    crashes: list[str] = field(default_factory=list)


class Tmux:
    """A tmux server of our own (`-L`): our sessions only, ended at the end."""

    def __init__(self) -> None:
        self.socket = f"dread-chaos-{os.getpid()}"

    def __call__(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True,
                              text=True, check=False).stdout

    def stop(self) -> None:
        self("kill-server")
        folder = Path(os.environ.get("TMUX_TMPDIR", "/tmp")) / f"tmux-{os.getuid()}"
        (folder / self.socket).unlink(missing_ok=True)  # tmux leaves it behind


def finished_game(folder: Path, seed: int) -> Path:
    """A finished standard-deck game of four CPUs, saved as a file for the replay."""
    from dread_draw.deck.cards import load_deck
    from dread_draw.play.sim import Match, SeatSpec
    from dread_draw.store.saves import Save

    seats = [SeatSpec(n, k) for n, k in
             (("Ana", "normal"), ("Ben", "easy"), ("Zora", "random"), ("Orrin", "normal"))]
    match = Match(load_deck(), seats, seed)
    match.play_cpus()
    path = folder / "finished.json"
    path.write_text(Save.of(match).to_json(), encoding="utf-8")
    return path


def command(screen: str, seed: int, lang: str, home: Path, replay: Path) -> list[str]:
    saves = ["--save-dir", str(home / "saves"), "--lang", lang]
    if screen == "new-game":
        return ["play", *saves]
    if screen == "hot-seat":
        return ["play", "--human", "Ana", "--human", "Ben", "--cpu", "random", "--seed",
                str(seed), "--cpu-delay", "0", *saves]
    if screen == "cpus":
        return ["play", "--human", "Ana", "--cpu", "easy", "--cpu", "normal", "--seed",
                str(seed), "--cpu-delay", "0.05", *saves]
    if screen == "tutorial":
        return ["tutorial", "--cpu-delay", "0", *saves]
    return ["replay", str(replay), *saves]


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except (ProcessLookupError, PermissionError):
        return False
    return True


def end_group(pgid: int) -> None:
    """End the app and whatever it started (the coach's worker processes): the pane's
    process group, politely, then at once."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        if not group_alive(pgid):
            return
        try:
            os.killpg(pgid, sig)
        except ProcessLookupError:
            return
        end = time.monotonic() + 3
        while group_alive(pgid) and time.monotonic() < end:
            time.sleep(0.05)


def traceback_lines(text: str) -> list[str]:
    """The traceback's header and its last lines (the error), when the terminal shows one."""
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    at = next((i for i, line in enumerate(lines) if "Traceback" in line), None)
    if at is None:
        return []
    return [lines[at].strip(), *(line.strip() for line in lines[at + 1:][-4:])]


def interrupted_outside(status: str | None, text: str, error: list[str]) -> bool:
    """A Ctrl+C the terminal itself turned into an interrupt, outside the table: exit 130, no
    traceback, and "^C" echoed on the terminal. The table reads the keyboard in raw mode, where
    Ctrl+C is a key like any other (it asks before quitting) and nothing is echoed; an echoed
    "^C" proves the terminal was back in its ordinary mode, so the app had already left the
    table (a quit or a finished game, still ending: its last save, the coach's processes) or
    had not yet taken it. Such an end is quiet and correct, as for any program, and counted
    apart. (Found with seed 12: a Ctrl+C five keys before the app was seen to end, at load 12,
    was counted as a crash because only the last four keys were looked at.)"""
    return status == "130" and not error and "^C" in text


def mash(tmux: Tmux, screen: str, seconds: float, rng: random.Random, home: Path,
         replay: Path, out: Path, tally: Tally) -> None:
    weights = dict(KEYS)
    if screen in ("new-game", "replay", "review"):
        weights.update(QUICK_TO_QUIT)
    if screen == "new-game":
        weights["C-s"] = 1  # start
    if screen == "review":
        weights["v"] = 6
    keys, key_weights = list(weights), list(weights.values())
    path = os.environ.get("PYTHONPATH", "")
    home.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        seed, lang = rng.randrange(1, 10_000), rng.choice(LANGS)
        args = command(screen, seed, lang, home, replay)
        status_file = home / f"status-{tally.runs}"
        line = (f"env XDG_DATA_HOME={home}/data XDG_CONFIG_HOME={home}/config "
                f"PYTHONPATH={shlex.quote(path)} {shlex.quote(sys.executable)} -m dread_draw "
                + shlex.join(args))
        # the shell writes the app's exit status (this machine's tmux does not keep it); its
        # trap outlives a Ctrl+C and is not inherited (the app gets the default)
        shell = f"trap : INT; {line}; echo $? > {shlex.quote(str(status_file))}"
        name = f"{screen}-{tally.runs}"
        w, h = rng.choice(SIZES[:4])
        # remain-on-exit in the same command list: the terminal is kept however soon it ends
        tmux("new-session", "-d", "-s", name, "-x", str(w), "-y", str(h), shell, ";",
             "set-option", "-w", "-t", name, "remain-on-exit", "on")
        tally.runs += 1
        pane = f"{name}:0.0"
        pgid = int(tmux("display", "-p", "-t", pane, "#{pane_pid}").strip() or 0)
        sent: list[str] = []
        try:
            start_by = time.monotonic() + START_LIMIT
            while (not tmux("capture-pane", "-p", "-t", pane).strip()
                   and time.monotonic() < start_by):
                time.sleep(0.05)
            if screen == "review":
                tmux("send-keys", "-t", pane, "v")
                sent.append("v")
            dead = ""
            while time.monotonic() < deadline:
                dead = tmux("display", "-p", "-t", pane, "#{pane_dead}")
                if dead.startswith("1") or status_file.exists():
                    break
                if rng.random() < 0.01:
                    w, h = rng.choice(SIZES)
                    tmux("resize-window", "-t", name, "-x", str(w), "-y", str(h))
                    tally.resizes += 1
                burst = rng.choices(keys, key_weights, k=rng.choice((1, 1, 1, 2, 3, 4)))
                tmux("send-keys", "-t", pane, *burst)
                sent += burst
                tally.keys += len(burst)
                time.sleep(rng.choice(PAUSES))
            else:
                dead = tmux("display", "-p", "-t", pane, "#{pane_dead}")
            text = tmux("capture-pane", "-p", "-J", "-S", "-", "-t", pane)
            ended_by = time.monotonic() + 3  # the shell writes the status as the pane closes
            while (dead.startswith("1") and not status_file.exists()
                   and time.monotonic() < ended_by):
                time.sleep(0.02)
            status = status_file.read_text().strip() if status_file.exists() else None
            if status is None and dead.startswith("1"):
                status = "unknown (the shell was ended)"
            error = traceback_lines(text)
            if interrupted_outside(status, text, error):
                tally.interrupted += 1
            elif (status not in (None, "0")) or error:
                report = out / f"crash-{screen}-{tally.runs}.txt"
                report.write_text(f"{line}\nexit status {status}\nlast keys {sent[-40:]}\n\n"
                                  f"{text}", encoding="utf-8")
                tally.crashes.append(
                    f"{screen}: exit {status}, `dread-draw {shlex.join(args)}` at {w}x{h}\n"
                    f"      last keys: {' '.join(sent[-20:])}\n"
                    + "".join(f"      {e}\n" for e in error) + f"      (all of it: {report})")
            elif status == "0":
                tally.quits += 1
        finally:
            if pgid:
                end_group(pgid)
            tmux("kill-session", "-t", name)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=60, help="of mashing, for each screen")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--screens", default=",".join(SCREENS),
                    help=f"some of {', '.join(SCREENS)}")
    ap.add_argument("--out", type=Path, help="where a crash's terminal is written "
                    "(default: a new folder, kept only if something crashed)")
    args = ap.parse_args()
    screens = args.screens.split(",")
    unknown = set(screens) - set(SCREENS)
    if unknown:
        ap.error(f"unknown screen(s): {', '.join(sorted(unknown))}")
    if shutil.which("tmux") is None:
        print("tmux is not installed: nothing mashed")
        return
    rng = random.Random(args.seed)
    out = args.out or Path(tempfile.mkdtemp(prefix="dread-chaos-"))
    out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="dread-chaos-home-"))
    tmux = Tmux()
    tallies: dict[str, Tally] = {}
    print(f"load average at the start: {' '.join(map(str, os.getloadavg()))}", flush=True)
    began = time.monotonic()
    try:
        replay = finished_game(home, args.seed)
        for screen in screens:
            tally = tallies[screen] = Tally()
            mash(tmux, screen, args.seconds, rng, home / screen, replay, out, tally)
            print(f"{screen}: {tally.runs} apps, {tally.keys} keys, {tally.resizes} resizes, "
                  f"{tally.quits} ended by the player, {tally.interrupted} by a Ctrl+C on "
                  f"their way out, {len(tally.crashes)} crashes",
                  flush=True)
            for crash in tally.crashes:
                print(f"  CRASH {crash}", flush=True)
    finally:
        tmux.stop()
        shutil.rmtree(home, ignore_errors=True)
    took = time.monotonic() - began
    keys = sum(t.keys for t in tallies.values())
    crashes = sum(len(t.crashes) for t in tallies.values())
    print(f"in all: {sum(t.runs for t in tallies.values())} apps, {keys} keys "
          f"({keys / took:.0f} a second), {crashes} crashes, in {took:.0f} s")
    print(f"load average at the end: {' '.join(map(str, os.getloadavg()))}")
    if crashes:
        print(f"each crash's terminal: {out}")
        sys.exit(1)
    if args.out is None:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
