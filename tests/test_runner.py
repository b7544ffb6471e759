"""The one process-pool runner, tried as a person (or a hostile one) runs it: a trillion games,
Ctrl+C, a killed parent, an absurd --games, a log that cannot be written (issue 19). Each
case runs the real program for a few seconds at most."""

from __future__ import annotations

import multiprocessing
import os
import pty
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from dread_draw.base.runner import MAX_GAMES, run_batches

LINUX = sys.platform.startswith("linux")


def squares(start: int, stop: int) -> list[int]:
    return [i * i for i in range(start, stop)]


def fails_at_seven(start: int, stop: int) -> list[int]:
    if start <= 7 < stop:
        raise ValueError("seven")
    return list(range(start, stop))


def test_batches_come_back_in_order_whatever_the_number_of_workers():
    one = [x for b in run_batches(squares, 103, workers=1, batch=4) for x in b]
    two = [x for b in run_batches(squares, 103, workers=2, batch=4) for x in b]
    assert one == two == [i * i for i in range(103)]


def started_since(before: set) -> set:
    """The child processes started since `before` that are still running (the coach's
    lasting workers, started by an earlier test in this process, are not the runner's)."""
    return set(multiprocessing.active_children()) - before


def test_a_failing_batch_is_an_error_here_with_the_workers_traceback():
    before = set(multiprocessing.active_children())
    with pytest.raises(RuntimeError, match="ValueError: seven"):
        list(run_batches(fails_at_seven, 40, workers=2, batch=3))
    assert not started_since(before)


def test_a_reader_that_stops_early_stops_the_workers():
    before = set(multiprocessing.active_children())
    batches = run_batches(squares, MAX_GAMES, workers=2, batch=10)
    assert next(batches) == squares(0, 10)
    batches.close()  # e.g. Ctrl+C in the loop that reads them
    assert not started_since(before)


# --------------------------------------------------------------------- the real program

def state(pid: int) -> str:
    """A process's state letter; 'gone' once it no longer exists (Z: dead, not yet reaped)."""
    try:
        return Path(f"/proc/{pid}/status").read_text().split("State:")[1].split()[0]
    except (FileNotFoundError, IndexError):
        return "gone"


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


class Terminal:
    """The program in a pseudo-terminal, in its own process group, as a shell runs it. The
    terminal is read all the time the test waits — as a real one is — so that a program
    writing its progress never blocks on a full pseudo-terminal (or a full stderr pipe)
    while the test waits for it: under load that made Ctrl+C look slow (issue 24)."""

    def __init__(self, *args: str) -> None:
        master, slave = pty.openpty()
        self.master = master
        self.proc = subprocess.Popen([sys.executable, "-m", "dread_draw", *args],
                                     stdin=slave, stdout=slave, stderr=subprocess.PIPE,
                                     start_new_session=True)
        os.close(slave)
        self.screen = b""
        self.err = bytearray()
        assert self.proc.stderr is not None
        self.drain = threading.Thread(target=self._read_err, args=(self.proc.stderr,),
                                      daemon=True)
        self.drain.start()

    def _read_err(self, pipe) -> None:
        for chunk in iter(lambda: pipe.read1(65536), b""):
            self.err += chunk

    def read(self, seconds: float, until=None) -> None:
        """Read the terminal for `seconds`, or until `until()` is true."""
        end = time.monotonic() + seconds
        while time.monotonic() < end and not (until is not None and until()):
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    self.screen += os.read(self.master, 65536)
                except OSError:
                    return

    def wait(self, timeout: float) -> int:
        """Wait for the program to end, reading its terminal meanwhile."""
        self.read(timeout, until=lambda: self.proc.poll() is not None)
        return self.proc.wait(timeout=0.5)

    def stderr(self) -> str:
        self.drain.join(timeout=5)
        return bytes(self.err).decode()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        os.close(self.master)


@pytest.mark.slow
@pytest.mark.skipif(not LINUX, reason="reads /proc")
def test_a_trillion_games_show_progress_in_flat_memory_and_ctrl_c_stops_at_once():
    term = Terminal("simulate", "--games", str(MAX_GAMES), "--workers", "2")
    try:
        term.read(30, until=lambda: len(children(term.proc.pid)) >= 2)  # (slow under load)
        term.read(1.0)  # the pool at work
        workers = children(term.proc.pid)
        before = rss_kb(term.proc.pid)
        term.read(2.5)
        after = rss_kb(term.proc.pid)
        assert b"Playing" in term.screen and b"/1000000000000" in term.screen  # the bar
        assert len(workers) == 2
        assert after - before < 4_000, f"memory grew from {before} to {after} kB"
        os.killpg(term.proc.pid, signal.SIGINT)  # Ctrl+C: the terminal signals the group
        code = term.wait(timeout=10)  # at once: about 0.1 s on an idle machine; 10 at most
        err = term.stderr()
        assert code == 130, code
        assert "Stopped after" in err and "(Ctrl+C)" in err and "Traceback" not in err
        time.sleep(0.3)
        assert all(state(w) in ("gone", "Z") for w in workers)
    finally:
        term.close()


@pytest.mark.skipif(not LINUX, reason="reads /proc")
def test_a_killed_simulate_leaves_no_worker_running():
    term = Terminal("simulate", "--games", str(MAX_GAMES), "--workers", "2")
    try:
        term.read(30, until=lambda: len(children(term.proc.pid)) >= 2)  # (slow under load)
        workers = children(term.proc.pid)
        assert len(workers) == 2
        term.proc.send_signal(signal.SIGKILL)  # no chance to clean up
        term.proc.wait(timeout=5)
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and any(state(w) not in ("gone", "Z")
                                                  for w in workers):
            time.sleep(0.05)
        assert all(state(w) in ("gone", "Z") for w in workers)
    finally:
        term.close()


def descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        try:
            kids = children(todo.pop())
        except FileNotFoundError:
            continue
        found += kids
        todo += kids
    return found


@pytest.mark.skipif(not LINUX, reason="reads /proc")
def test_the_coachs_lasting_workers_die_with_a_killed_parent():
    """`Workers` (the hint's pool) starts its workers from a fork server, so they are not
    its children: they still end the moment it is killed outright, and so does the server."""
    script = ("import os, sys, time\n"
              "from dread_draw.base.runner import Workers\n"
              "pool = Workers(2)\n"
              "pool.warm()\n"
              "print(sorted({pool.submit(os.getpid).result() for _ in range(8)}), flush=True)\n"
              "time.sleep(120)\n")
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().startswith("[")  # the pool answered
        helpers = descendants(proc.pid)
        assert len(helpers) >= 3  # the fork server and two workers (and a resource tracker)
        proc.send_signal(signal.SIGKILL)  # no chance to clean up
        proc.wait(timeout=5)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(state(h) not in ("gone", "Z")
                                                  for h in helpers):
            time.sleep(0.05)
        assert all(state(h) in ("gone", "Z") for h in helpers)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def run_cli(*args: str, timeout: float = 20) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dread_draw", *args], capture_output=True,
                          text=True, timeout=timeout)


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_games_beyond_a_trillion_are_refused_clearly(command):
    r = run_cli(command, "--games", str(MAX_GAMES + 1))
    assert r.returncode == 2 and "--games" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("log, words", [
    ("/proc/dread-draw-test.jsonl", "cannot write the log"),  # a folder nobody can write in
    ("/dev/null", "not a regular file"),  # replacing it would replace the device
    ("/dev/null/games.jsonl", "does not exist"),
])
def test_a_log_that_cannot_be_written_is_refused_before_any_game_is_played(log, words):
    start = time.monotonic()
    r = run_cli("simulate", "--games", str(MAX_GAMES), "--workers", "2", "--log", log)
    assert r.returncode == 2, r.stderr
    assert words in r.stderr and log in r.stderr and "Traceback" not in r.stderr
    assert time.monotonic() - start < 15  # not after a trillion games


def test_the_balance_report_tallies_the_same_games_whatever_the_number_of_workers(
        standard_deck):
    """simulate, arena and the balance report share the runner; the first two are checked
    in their own tests, this one here."""
    from dread_draw.play.balance import run_balance

    one = run_balance(standard_deck, 3, 24, seed=5, agent="random", workers=1)
    two = run_balance(standard_deck, 3, 24, seed=5, agent="random", workers=2)
    assert one.games == two.games == 24
    assert (one.rounds, one.attempts, one.wins, one.cards) == (
        two.rounds, two.attempts, two.wins, two.cards)
