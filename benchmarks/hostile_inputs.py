"""Hostile input, by hand: every hostile deck file and both-windows case of issue 19, each run
as a real `dread-draw` process, with its exit code, wall time and peak memory.

    python benchmarks/hostile_inputs.py [--only WORD] [--limit-mb 1500] [--timeout 60]
    python benchmarks/hostile_inputs.py --every-command [--flips 40] [--timeout 20]

`--every-command` (issue 26) runs hostile input at every command of the app — files that are
FIFOs, devices, folders, too big, with a byte-order mark, broken translation files, empty
paths, numbers nobody could mean, odd names, a save folder another window holds, truncated
and bit-flipped saves — and prints per command: runs, tracebacks, hangs (killed at the
timeout) and data lost (a game saved in the folder before the run, changed or gone after).

Each case runs in its own process under a memory ceiling (RLIMIT_AS) and a timeout, so a
regression cannot take the machine down; peak memory is the child's own ru_maxrss (os.wait4).
Prints one row per case: what was tried, the exit code, seconds, MB, and the first line of
what the program said.
"""

from __future__ import annotations

import argparse
import os
import pty
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HOSTILE = ("\x1b[31mred\x1b[0m \x1b]8;;http://evil.example\x07link\x1b]8;;\x07 bell\x07 "
           "c1\x9b2J \u202eevil\u202c [/] [/red] [link=http://evil.example]x[/link] [bold]b")
CMD = [sys.executable, "-m", "dread_draw"]


def toml_str(s: str) -> str:
    """A TOML basic string holding `s` exactly (control characters as \\u escapes)."""
    out = []
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or 0x7F <= ord(ch) <= 0x9F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def card(i: int, name: str = "", text: str | None = None, fortune: str = "f",
         extra: str = "", copies: int = 1) -> str:
    ability = ("" if text is None else
               f'[card.ability]\nwhen = "summon"\neffect = "peek-draw"\ncount = 1\n'
               f"text = {toml_str(text)}\n")
    return (f'[[card]]\nid = "c{i}"\nname = {toml_str(name or f"Card {i}")}\n'
            f"strength = {i % 13}\ndamage = {i % 3}\ncopies = {copies}\n"
            f"fortune = {toml_str(fortune)}\n{extra}{ability}\n")


def deck(cards: str, name: str = "Bench") -> str:
    return f"[deck]\nname = {toml_str(name)}\nformat = 1\n\n{cards}"


def plain_cards(n: int = 25, copies: int = 4) -> str:
    return "".join(card(i, copies=copies) for i in range(n))


def files(tmp: Path) -> dict[str, Path]:
    """Write every hostile deck file once (and a kept game for `replay`)."""
    plain = plain_cards()
    # the largest deck the limits allow: 1,000 different cards, 10 copies each, each with an
    # ability, the file just under 1 MB (long fortunes and texts)
    bare = len(deck("".join(card(i, fortune="", text="", copies=10) for i in range(1_000))))
    pad = (1_000_000 - bare) // 2_000 - 1
    made = {
        "nested": "x = " + "[" * 2000 + "]" * 2000 + "\n" + deck(plain),
        "nested-inline": "x = " + "{a = " * 2000 + "1" + "}" * 2000 + "\n" + deck(plain),
        "bigint": deck(plain.replace("damage = 1\n", "damage = " + "9" * 101 + "\n", 1)),
        "int-5000-digits": deck(plain.replace("damage = 1\n", "damage = " + "9" * 5000 + "\n", 1)),
        "markup": deck("".join(card(i, name=f"[/] [/red] Mirror [II] {i}", text="[/red] [bold]x",
                                    copies=4) for i in range(25)), name="[/]x"),
        "escapes": deck("".join(card(i, name=f"{HOSTILE[:40]} {i}", text=HOSTILE, fortune=HOSTILE,
                                     copies=4) for i in range(25)), name=HOSTILE[:50]),
        "fortune-50mb": deck(card(99, fortune="x" * 50_000_000, copies=4) + plain),
        "cards-4000": deck(plain_cards(4000, copies=1)),
        "largest-legal": deck("".join(card(i, fortune="The fortune. " * (pad // 13),
                                           text="The text. " * (pad // 10), copies=10)
                                      for i in range(1_000))),
        "copies-10000": deck("".join(card(i, copies=999) for i in range(10)) + card(10, copies=10)),
        "copies-1e9": deck(plain.replace("copies = 4", "copies = 1000000000", 1)),
        "dotted-key-1mb": "a" + ".a" * 495_000 + " = 1\n" + deck(plain),
        "tables-1mb": "".join(f"[k{i}.a.a.a]\n" for i in range(62_000)),
    }
    paths = {}
    for key, text in made.items():
        paths[key] = tmp / f"{key}.toml"
        paths[key].write_text(text, encoding="utf-8")
    # A deck's overlays (cards.<lang>.toml beside it) are shared with it: the same limits.
    overlay = '[overlay]\nlanguage = "fr"\n'
    for key, head in (("nested", "x = " + "[" * 2000 + "]" * 2000 + "\n"),
                      ("int-5000-digits", "x = " + "9" * 5000 + "\n")):
        paths[f"overlay-{key}"] = tmp / f"overlay-{key}.toml"
        paths[f"overlay-{key}"].write_text(deck(plain), encoding="utf-8")
        (tmp / f"overlay-{key}.fr.toml").write_text(head + overlay, encoding="utf-8")
    (tmp / "largest-legal.fr.toml").write_text(overlay + "".join(
        f'[card.c{i}]\nname = "Carte {i}"\ntext = "{"Le texte. " * 40}"\n'
        f'fortune = "{"La fortune. " * 33}"\n' for i in range(1_000)), encoding="utf-8")
    (tmp / "folder.toml").mkdir()
    paths["directory"] = tmp / "folder.toml"
    os.mkfifo(tmp / "fifo.toml")
    paths["fifo"] = tmp / "fifo.toml"
    (tmp / "x[").mkdir()
    paths["odd-path"] = tmp / "x[/]y[bold]missing.toml"
    paths["kept"] = kept_game(tmp / "kept")
    return paths


def kept_game(root: Path) -> Path:
    """A finished game of the standard deck, kept in a save folder (for `replay`)."""
    from dread_draw.deck.cards import load_deck
    from dread_draw.play.sim import HUMAN, Match, SeatSpec
    from dread_draw.store.saves import Save, SaveDir

    match = Match(load_deck(), [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 7)
    while not match.over:
        match.apply(match.cpu_choice() if match.cpu_to_move() else match.game.pending.options[0])
    folder = SaveDir(root)
    folder.ensure()
    return folder.archive(Save.of(match))


def run_measured(argv: list[str], *, limit_mb: int, timeout: float, stdin=subprocess.DEVNULL,
                 env: dict | None = None) -> tuple[int | str, float, float, str]:
    """Run one process: (exit code, seconds, peak MB from os.wait4, the last line it said)."""
    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit_mb * 2**20, limit_mb * 2**20))

    out_file = tempfile.TemporaryFile()
    start = time.perf_counter()
    p = subprocess.Popen(argv, stdin=stdin, stdout=out_file, stderr=subprocess.STDOUT,
                         preexec_fn=limits, env=env)
    deadline = start + timeout
    status, usage = 0, None
    while True:
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if time.perf_counter() > deadline:
            p.kill()
            pid, status, usage = os.wait4(p.pid, 0)
            break
        time.sleep(0.01)
    seconds = time.perf_counter() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    code: int | str = p.returncode if p.returncode >= 0 else f"signal {-p.returncode}"
    out_file.seek(0)
    lines = out_file.read().decode("utf-8", "replace").strip().splitlines()
    said = next((ln for ln in reversed(lines) if ln.strip()), "")
    if seconds > timeout:
        said = f"(killed after {timeout:.0f} s) {said}"
    return code, seconds, usage.ru_maxrss / 1024, said[:160]


def deck_cases(paths: dict[str, Path]) -> list[tuple[str, list[str]]]:
    cases = []
    for key in ("nested", "nested-inline", "bigint", "int-5000-digits", "copies-1e9",
                "fortune-50mb", "dotted-key-1mb", "tables-1mb", "directory", "fifo", "odd-path"):
        cases.append((f"cards --deck {key}", ["cards", "--deck", str(paths[key])]))
    cases.append(("cards --deck /dev/zero", ["cards", "--deck", "/dev/zero"]))
    cases.append(("cards --deck /dev/stdin (a pipe)", ["cards", "--deck", "/dev/stdin"]))
    for key in ("markup", "escapes"):
        cases.append((f"cards --deck {key}", ["cards", "--deck", str(paths[key])]))
        cases.append((f"simulate --games 3 --deck {key}",
                      ["simulate", "--games", "3", "--deck", str(paths[key])]))
        cases.append((f"simulate --report --games 3 --deck {key}",
                      ["simulate", "--report", "--games", "3", "--deck", str(paths[key])]))
        cases.append((f"arena --games 2 --deck {key}",
                      ["arena", "--games", "2", "--seats", "random,random", "--deck",
                       str(paths[key])]))
    for key in ("overlay-nested", "overlay-int-5000-digits", "largest-legal"):
        cases.append((f"cards --lang fr --deck {key}" + " (its overlay)" * (key[0] == "l"),
                      ["cards", "--lang", "fr", "--deck", str(paths[key])]))
    for key in ("cards-4000", "largest-legal", "copies-10000"):
        cases.append((f"cards --deck {key}", ["cards", "--deck", str(paths[key])]))
        cases.append((f"simulate --games 1 --deck {key}",
                      ["simulate", "--games", "1", "--deck", str(paths[key])]))
    for command in ("simulate --games 2", "simulate --report --games 2",
                    "arena --games 2 --seats random,random",
                    f"replay --print {paths['kept']}", "play --players 2"):
        for key in ("nested", "fortune-50mb"):
            cases.append((f"{command.split(' /')[0]} --deck {key}",
                          [*command.split(), "--deck", str(paths[key])]))
    return cases


def pty_play(argv: list[str], env: dict) -> subprocess.Popen:
    """A `dread-draw play` on a 100x30 pseudo-terminal of its own, as in a terminal window,
    whose output is read all the time (a table nobody reads from queues its frames)."""
    import fcntl
    import struct
    import termios
    import threading

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    # preexec_fn makes it a fork: a vfork'd child's peak memory would count this process's
    p = subprocess.Popen(argv, stdin=follower, stdout=follower, stderr=follower, env=env,
                         start_new_session=True, preexec_fn=lambda: None)
    os.close(follower)
    p.leader = leader  # type: ignore[attr-defined]
    p.drawn = bytearray()  # type: ignore[attr-defined]

    def read() -> None:
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                return
            if not chunk:
                return
            p.drawn += chunk  # type: ignore[attr-defined]

    threading.Thread(target=read, daemon=True).start()
    return p


def until(p: subprocess.Popen, words: bytes, seconds: float) -> tuple[bool, float]:
    """Wait until the table has drawn `words`: (seen, seconds it took)."""
    start = time.monotonic()
    while time.monotonic() < start + seconds and p.poll() is None:
        if words in p.drawn:  # type: ignore[attr-defined]
            return True, time.monotonic() - start
        time.sleep(0.02)
    return False, time.monotonic() - start


def kill(p: subprocess.Popen) -> float:
    """kill -9 a table; its peak memory in MB."""
    os.kill(p.pid, signal.SIGKILL)
    _, _, usage = os.wait4(p.pid, 0)
    p.returncode = -9
    os.close(p.leader)  # type: ignore[attr-defined]
    return usage.ru_maxrss / 1024


def two_windows(tmp: Path, limit_mb: int, timeout: float) -> list[tuple[str, tuple]]:
    """Two `play` on one save folder; then kill -9 the first and play again."""
    env = dict(os.environ, XDG_DATA_HOME=str(tmp / "data"), XDG_CONFIG_HOME=str(tmp / "cfg"),
               TERM="xterm-256color", COLUMNS="100", LINES="30")
    saves = tmp / "saves"
    kept_game(saves)  # a finished game to replay while the table plays
    first = pty_play([*CMD, "play", "--save-dir", str(saves), "--human", "Ana", "--cpu",
                      "random", "--cpu-delay", "5"], env)
    rows = []
    try:
        up, _ = until(first, b"to play", 20.0)
        assert up and (saves / "current.json").exists(), "the first table did not start"
        for label, args in (
            ("second play --resume on the same folder", ["play", "--resume"]),
            ("second play --human Ben --cpu easy on the same folder",
             ["play", "--human", "Ben", "--cpu", "easy"]),
            ("replay --print --last while a table plays", ["replay", "--print", "--last"]),
            ("stats while a table plays", ["stats"]),
        ):
            rows.append((label, run_measured([*CMD, *args, "--save-dir", str(saves)],
                                             limit_mb=limit_mb, timeout=timeout, env=env)))
        second = pty_play([*CMD, "play", "--save-dir", str(saves)], env)
        seen, seconds = until(second, b"another window", 20.0)
        mb = kill(second)
        rows.append(("second play (new-game screen) on the same folder",
                     ("running", seconds, mb, "the table says: A game is being played in "
                      f"another window; offers {saves}-2 or quit" if seen else "not shown")))
    finally:
        kill(first)
    # kill -9 left no stale lock: a new table resumes the game at once
    again = pty_play([*CMD, "play", "--resume", "--save-dir", str(saves)], env)
    seen, seconds = until(again, b"Ana to play", 20.0)
    mb = kill(again)
    rows.append(("kill -9 the first, then play --resume",
                 ("running", seconds, mb, "the table opened at the saved position"
                  if seen else "did not open")))
    return rows


def every_command_cases(tmp: Path, paths: dict[str, Path], flips: int
                        ) -> list[tuple[str, list[str], Path | None]]:
    """(command, argv, the save folder whose game must survive) for every command."""
    import random

    from dread_draw.cli import app
    from dread_draw.store.saves import SaveDir

    saves = tmp / "every"
    kept_game(saves)  # a finished game to replay, review and count
    game = SaveDir(saves).last()
    plain = tmp / "plain.toml"
    plain.write_text(deck(plain_cards()), encoding="utf-8")
    bom = tmp / "bom.toml"
    bom.write_bytes(b"\xef\xbb\xbf" + deck(plain_cards()).encode())
    emoji = tmp / "emoji.toml"
    emoji.write_text(deck(plain_cards(), name=":smile: :fire: x"), encoding="utf-8")
    zero = tmp / "zero-width.toml"
    zero.write_text(deck(plain_cards(), name="\u200b\u200d"), encoding="utf-8")
    newline_id = tmp / "newline-id.toml"
    newline_id.write_text(deck(plain_cards()).replace('id = "c0"', 'id = "c0\\n"'),
                          encoding="utf-8")
    overlay = tmp / "overlaid.toml"
    overlay.write_text(deck(plain_cards()), encoding="utf-8")
    (tmp / "overlaid.fr.toml").write_text('[overlay]\nlanguage = "fr"\nx = [[[\n',
                                          encoding="utf-8")
    bad_files = {"fifo": paths["fifo"], "dev-zero": Path("/dev/zero"), "folder": paths["directory"],
                 "fortune-50mb": paths["fortune-50mb"], "nested": paths["nested"], "bom": bom,
                 "emoji": emoji, "zero-width": zero, "newline-id": newline_id,
                 "bad-overlay": overlay}
    locked = tmp / "locked"  # a folder another window holds (see every_command)
    fifo_saves = tmp / "fifo-saves"
    (fifo_saves / "games").mkdir(parents=True)
    os.mkfifo(fifo_saves / "current.json")
    os.mkfifo(fifo_saves / "games" / "game-20260101-000000-000000.json")
    zero_saves = tmp / "zero-saves"
    zero_saves.mkdir()
    (zero_saves / "current.json").symlink_to("/dev/zero")
    lock_folder = tmp / "lock-is-a-folder"
    (lock_folder / ".lock").mkdir(parents=True)
    cases: list[tuple[str, list[str], Path | None]] = []

    def add(command: str, *argv: str, guard: Path | None = None) -> None:
        cases.append((command, [command, *argv], guard))

    for key, path in bad_files.items():
        for command in ("simulate", "arena", "cards", "play", "host"):
            extra = {"simulate": ["--games", "2"], "arena": ["--games", "2"],
                     "play": ["--human", "Ana", "--cpu", "easy", "--save-dir", str(locked)],
                     "host": ["--port", "0", "--save-dir", str(locked)]}.get(command, [])
            lang = ["--lang", "fr"] if key == "bad-overlay" else []
            add(command, *extra, *lang, "--deck", str(path),
                guard=locked if command in ("play", "host") else None)
        add("replay", "--print", str(path))
        add("review", str(path))
    for command in ("play", "tutorial", "host"):
        run = {"play": ["--human", "Ana", "--cpu", "easy"], "tutorial": [],
               "host": ["--port", "0", "--cpu", "easy"]}[command]
        add(command, *run, "--save-dir", str(locked), guard=locked)  # another window's folder
        add(command, *run, "--save-dir", str(lock_folder))
        add(command, *run, "--save-dir", "")
        add(command, *run, "--save-dir", str(plain))  # a file, not a folder
    add("play", "--daily", "--save-dir", str(locked), guard=locked)
    add("play", "--resume", "--save-dir", str(locked), guard=locked)
    for folder in (fifo_saves, zero_saves):
        add("play", "--resume", "--save-dir", str(folder))
        add("stats", "--save-dir", str(folder))
        add("replay", "--print", "--last", "--save-dir", str(folder))
        add("review", "--last", "--save-dir", str(folder))
    for name in ("\u200b", "\u200b\u200d\u2060", "x" * 500, "\x1b[31mred"):
        add("play", "--human", name, "--cpu", "easy", "--save-dir", str(locked), guard=locked)
        add("join", "127.0.0.1:1", "--code", "ABCD", "--name", name)
    for option, value in (("--workers", "100000000"), ("--workers", "200"),
                          ("--think-ms", "100000000"), ("--games", "10000000000000")):
        add("simulate", option, value)
        add("arena", option, value)
    add("simulate", "--games", "2", "--log", "/proc/x.jsonl")
    add("replay", "--last", "--save-dir", str(saves), "--log", "/proc/x.jsonl")
    add("replay", "--last", "--save-dir", str(saves), "--log", str(tmp / "nowhere" / "x.jsonl"))
    add("review", "--last", "--save-dir", str(saves), "--think-ms", "100000000")
    add("play", "--cpu-delay", "1e12", "--save-dir", str(locked), guard=locked)
    add("serve", "--save-dir", "")
    add("serve", "--port", "70000")
    add("serve", "--save-dir", str(plain))
    add("join", "not an address:99999", "--code", "x", "--name", "Ana")
    add("rules", "--lang", "xx")
    add("rules", "--lang", "\x1b[2J")
    add("cards", "--sort", "\x1b]8;;x\x07")
    add("stats", "--save-dir", str(tmp / "missing"))
    # truncated and bit-flipped copies of a kept game: replay, review and stats read them
    rng = random.Random(26)
    data = game.read_bytes()
    for i in range(flips):
        broken = saves.parent / f"broken-{i}" / "games" / game.name
        broken.parent.mkdir(parents=True)
        if i % 2:
            b = bytearray(data)
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
            broken.write_bytes(bytes(b))
        else:
            broken.write_bytes(data[:rng.randrange(len(data))])
        add("replay", "--print", str(broken))
        add("review", str(broken), "--think-ms", "5")
        add("stats", "--save-dir", str(broken.parent.parent))
    names = set(app.registered_commands and [c.name or c.callback.__name__
                                             for c in app.registered_commands])
    missing = names - {c for c, _, _ in cases}
    assert not missing, f"no hostile case for {missing}: add some"
    return cases


def every_command(tmp: Path, flips: int, limit_mb: int, timeout: float) -> None:
    """Run every case; print the totals per command (runs, tracebacks, hangs, data lost)."""
    from dread_draw.deck.cards import load_deck
    from dread_draw.play.sim import HUMAN, Match, SeatSpec
    from dread_draw.store.saves import Save, SaveDir

    paths = files(tmp)
    env = dict(os.environ, XDG_DATA_HOME=str(tmp / "data"), XDG_CONFIG_HOME=str(tmp / "cfg"),
               COLUMNS="120")
    locked = SaveDir(tmp / "locked")  # another window's game in progress, its lock held
    locked.write(locked.current, Save.of(Match(load_deck(), [SeatSpec("Ana", HUMAN),
                                                             SeatSpec("Zora", "random")], 5)))
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time\nfrom dread_draw.store"
                               ".saves import SaveDir\nSaveDir(sys.argv[1]).lock()\nprint('ok', "
                               "flush=True)\ntime.sleep(100000)\n", str(locked.root)],
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline() == "ok\n"
    precious = locked.current.read_bytes()
    totals: dict[str, list[int]] = {}
    odd: list[str] = []
    try:
        for command, argv, guard in every_command_cases(tmp, paths, flips):
            out = tempfile.TemporaryFile()
            start = time.perf_counter()
            p = subprocess.Popen([*CMD, *argv], stdin=subprocess.DEVNULL, stdout=out,
                                 stderr=subprocess.STDOUT, env=env, preexec_fn=lambda: (
                                     resource.setrlimit(resource.RLIMIT_AS, (limit_mb * 2**20,
                                                                             limit_mb * 2**20))))
            try:
                code: int | str = p.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
                code = "hang"
            out.seek(0)
            said = out.read().decode("utf-8", "replace")
            row = totals.setdefault(command, [0, 0, 0, 0])
            row[0] += 1
            row[1] += "Traceback" in said
            row[2] += code == "hang"
            lost = guard is not None and (not locked.current.exists()
                                          or locked.current.read_bytes() != precious)
            row[3] += lost
            if "Traceback" in said or code == "hang" or lost:
                odd.append(f"{command} {argv[1:]!r}: {code} {said.strip().splitlines()[-1:]}")
            if lost:
                locked.current.write_bytes(precious)
            print(f"{command} {code} {time.perf_counter() - start:.1f}s", file=sys.stderr,
                  flush=True)
    finally:
        holder.kill()
        holder.wait()
    print(f"load {os.getloadavg()[0]:.1f}")
    print("| command | runs | tracebacks | hangs | data lost |")
    print("|---|---|---|---|---|")
    for command in sorted(totals):
        runs, tracebacks, hangs, lost = totals[command]
        print(f"| {command} | {runs} | {tracebacks} | {hangs} | {lost} |")
    runs, tracebacks, hangs, lost = (sum(r[i] for r in totals.values()) for i in range(4))
    print(f"| all | {runs} | {tracebacks} | {hangs} | {lost} |")
    for line in odd:
        print("-", line)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", default="", help="run only the cases whose label holds this")
    p.add_argument("--limit-mb", type=int, default=1500, help="address-space ceiling per run")
    p.add_argument("--timeout", type=float, default=60.0)
    p.add_argument("--every-command", action="store_true",
                   help="hostile input at every command: totals per command (issue 26)")
    p.add_argument("--flips", type=int, default=40,
                   help="--every-command: truncated or bit-flipped kept games")
    a = p.parse_args()
    if a.every_command:
        with tempfile.TemporaryDirectory() as tmp_name:
            every_command(Path(tmp_name), a.flips, a.limit_mb, a.timeout)
        return
    rows: list[tuple[str, tuple]] = []
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        paths = files(tmp)
        env = dict(os.environ, XDG_DATA_HOME=str(tmp / "data"),
                   XDG_CONFIG_HOME=str(tmp / "cfg"), COLUMNS="120")
        for label, args in deck_cases(paths):
            if a.only in label:
                stdin = subprocess.PIPE if "stdin" in label else subprocess.DEVNULL
                rows.append((label, run_measured([*CMD, *args], limit_mb=a.limit_mb,
                                                 timeout=a.timeout, stdin=stdin, env=env)))
                print(label, rows[-1][1], flush=True, file=sys.stderr)
        if a.only in "two windows":
            rows += two_windows(tmp, a.limit_mb, a.timeout)
    print(f"load {os.getloadavg()[0]:.1f}")
    print("| case | exit | s | MB | said |")
    print("|---|---|---|---|---|")
    for label, (code, seconds, mb, said) in rows:
        print(f"| {label} | {code} | {seconds:.2f} | {mb:.0f} | {said.replace('|', '/')} |")


if __name__ == "__main__":
    main()
