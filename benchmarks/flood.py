"""The join flood, by hand: can strangers who do not know the join code keep players out?

    python benchmarks/flood.py [--seconds 120] [--seed 1] [--no-flood]

A real `dread-draw host` process (3 seats: two people and an easy CPU, `--start-when-full`,
no CPU pace) is flooded from loopback addresses other than the players' own, all at once,
for `--seconds`:

- 40 addresses (127.0.1.1-40) guessing wrong codes: a real key exchange message, then a
  hello that does not open (2 connections in flight from each address);
- 8 addresses (127.0.2.1-8) x 8 silent connections that never send the key exchange (half
  stop after the TCP handshake, half after the WebSocket handshake), opened again as soon
  as the host closes them;
- 200 malformed key exchanges in flight (from 127.0.3.1-25): messages that are not points
  of the curve (spake2's `NotOnCurve`), sent again as soon as they are answered.

Every attacking loop pauses between its tries (bounded), uses loopback only, and ends by
itself at the deadline (the attackers run in a process of their own, so that they do not
slow the honest players' event loop). Meanwhile two honest players (127.0.0.1) join, play
their seats (a random answer after a short pause), and every few seconds one of them loses
its connection and rejoins with its seat token, or a watcher joins; half way through the
host is stopped (SIGTERM: its game saved) and taken back (`--resume`), and the players
rejoin; a game that ends is checked in the host's kept games and a new one is hosted on
the same port. Every join and rejoin must be seated within 5 s, none refused.

Printed: the honest tries (how many, how long, refused), what the flood sent and what the
host answered, the host's CPU, the lines on its console and how many were tracebacks, and
the saves checked (each finished game kept with its winner, the game in progress saved up
to the last decision the players saw). Exit status 1 if any of those fails. `--no-flood`
runs the same honest tries with no flood: what this machine's load alone costs them.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

GUESSERS, SILENT_ADDRESSES, SILENT_EACH, MALFORMED = 40, 8, 8, 200
LIMIT = 5.0  # seconds an honest join or rejoin may take
PAUSE = 0.02  # seconds an attacking loop waits between two tries (bounded loops)
TICKS = os.sysconf("SC_CLK_TCK")


def proc_cpu(pid: int) -> float:
    """User + system CPU seconds of a process so far (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


# ------------------------------------------------------------------------------ the flood

def not_on_curve() -> str:
    """A key exchange message that is no point of the curve (spake2 raises NotOnCurve)."""
    from spake2 import SPAKE2_B  # type: ignore[import-untyped]
    from spake2.ed25519_basic import NotOnCurve  # type: ignore[import-untyped]

    rng = random.Random(7)
    while True:
        raw = b"A" + bytes(rng.randrange(256) for _ in range(32))
        side = SPAKE2_B(b"x", idA=b"dread-draw client", idB=b"dread-draw host")
        side.start()
        try:
            side.finish(raw)
        except NotOnCurve:
            return base64.b64encode(raw).decode("ascii")
        except Exception:
            continue


async def attack(port: int, seconds: float) -> dict[str, int]:
    """The three floods at once until the deadline; what the host answered, counted."""
    import websockets
    from websockets.asyncio.client import connect

    from dread_draw.net.protocol import PROTOCOL
    from dread_draw.net.secure import Exchange

    counts: dict[str, int] = {}
    deadline = time.monotonic() + seconds
    guess = Exchange("ZZZZ-ZZZZ", host=False).message  # a real message, of a wrong code
    bad = not_on_curve()

    def count(what: str) -> None:
        counts[what] = counts.get(what, 0) + 1

    def opening(message: str) -> str:
        return json.dumps({"type": "pake", "protocol": PROTOCOL, "version": "flood",
                           "pake": message})

    async def socket(address: str):
        return await asyncio.wait_for(connect(
            f"ws://127.0.0.1:{port}/", local_addr=(address, 0), open_timeout=5,
            compression=None, proxy=None, ping_interval=None, close_timeout=1,
            user_agent_header=None), 6)

    def answered(reply: object, kind: str) -> None:
        try:
            message = json.loads(reply) if isinstance(reply, str) else {"type": "sealed"}
        except ValueError:
            message = {"type": "?"}
        count(f"{kind}: {message.get('code') or message.get('type')}")

    async def guesser(address: str) -> None:
        while time.monotonic() < deadline:
            try:
                async with await socket(address) as ws:
                    await ws.send(opening(guess))
                    reply = await asyncio.wait_for(ws.recv(), 10)
                    if json.loads(reply).get("type") == "pake":
                        await ws.send(os.urandom(60))  # a hello that does not open
                        answered(await asyncio.wait_for(ws.recv(), 10), "guess")
                    else:
                        answered(reply, "guess")
            except (OSError, TimeoutError, websockets.WebSocketException, ValueError):
                count("guess: closed")
            await asyncio.sleep(PAUSE)

    async def malformed(address: str) -> None:
        while time.monotonic() < deadline:
            try:
                async with await socket(address) as ws:
                    await ws.send(opening(bad))
                    answered(await asyncio.wait_for(ws.recv(), 10), "malformed")
            except (OSError, TimeoutError, websockets.WebSocketException):
                count("malformed: closed")
            await asyncio.sleep(PAUSE)

    async def silent(address: str, websocket: bool) -> None:
        while time.monotonic() < deadline:
            opened = time.monotonic()
            try:
                if websocket:
                    async with await socket(address) as ws:
                        count("silent: opened")
                        await asyncio.wait_for(ws.wait_closed(), deadline - time.monotonic())
                else:
                    reader, writer = await asyncio.wait_for(asyncio.open_connection(
                        "127.0.0.1", port, local_addr=(address, 0)), 5)
                    count("silent: opened")
                    try:
                        await asyncio.wait_for(reader.read(1), deadline - time.monotonic())
                    finally:
                        writer.close()
                counts["silent: held ms"] = counts.get("silent: held ms", 0) + int(
                    1000 * (time.monotonic() - opened))
            except (OSError, TimeoutError, websockets.WebSocketException):
                count("silent: refused")
            await asyncio.sleep(PAUSE)

    tasks = [guesser(f"127.0.1.{a}") for a in range(1, GUESSERS + 1) for _ in range(2)]
    tasks += [silent(f"127.0.2.{a}", i % 2 == 1) for a in range(1, SILENT_ADDRESSES + 1)
              for i in range(SILENT_EACH)]
    tasks += [malformed(f"127.0.3.{1 + i % 25}") for i in range(MALFORMED)]
    await asyncio.gather(*tasks)
    return counts


# ------------------------------------------------------------------------------ the host

class HostProcess:
    """`dread-draw host` in a process of its own; its console read line by line."""

    def __init__(self, folder: Path, port: int, seed: int, resume: bool = False) -> None:
        args = [sys.executable, "-m", "dread_draw", "host", "--port", str(port),
                "--save-dir", str(folder / "saves")]
        args += ["--resume"] if resume else ["--players", "3", "--cpu", "easy",
                                             "--start-when-full", "--seed", str(seed)]
        args += ["--cpu-delay", "0"]
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "XDG_DATA_HOME": str(folder / "data"),
               "XDG_CONFIG_HOME": str(folder / "config"), "LANGUAGE": "en"}
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, env=env)
        self.lines: list[str] = []
        self.cpu = 0.0  # its CPU seconds, as last read (a process that ended has no /proc)
        self.ready = threading.Event()
        self.port = port
        self.code = ""
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.cpu = max(self.cpu, proc_cpu(self.proc.pid))
            self.lines.append(line.rstrip("\n"))
            if m := re.search(r"port (\d+)\)", line):
                self.port = int(m.group(1))
            if m := re.search(r"Join code: (\S+)", line):
                self.code = m.group(1)
                self.ready.set()

    def ending(self) -> bool:
        """The host is closing (its game is over, or it was told to stop): a join that
        fails now found no host, it was not refused."""
        said = "\n".join(self.lines)
        return self.proc.poll() is not None or "wins the game" in said or "Stopped" in said

    async def sample(self) -> None:
        while self.proc.poll() is None:
            self.cpu = max(self.cpu, proc_cpu(self.proc.pid))
            await asyncio.sleep(0.5)

    async def wait_ready(self) -> None:
        while not self.ready.is_set():
            if self.proc.poll() is not None:
                raise SystemExit("the host did not start:\n" + "\n".join(self.lines))
            await asyncio.sleep(0.02)

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()


# --------------------------------------------------------------------------- the players

@dataclass
class Tries:
    """Every honest join, rejoin and watch: how long it took to be seated, or why not."""

    seconds: dict[str, list[float]] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)

    def add(self, kind: str, took: float) -> None:
        self.seconds.setdefault(kind, []).append(took)
        if took > LIMIT:
            self.refused.append(f"{kind} took {took:.1f} s")

    @property
    def all(self) -> list[float]:
        return [t for ts in self.seconds.values() for t in ts]


class Table:
    """The host being flooded, the two honest players and the watchers."""

    def __init__(self, folder: Path, seed: int) -> None:
        self.folder = folder
        self.seed = seed
        self.host: HostProcess | None = None
        self.up = asyncio.Event()  # the host is listening (after a restart too)
        self.up_since = 0.0
        self.tries = Tries()
        self.seen = 0  # the most decisions a player has seen made
        self.winner: int | None = None  # of the game that just ended, as the players saw it
        self.clients: dict[str, object] = {}
        self.saves: list[str] = []  # what was checked of the saves
        self.problems: list[str] = []
        self.consoles: list[str] = []  # every host process's console, whole
        self.cpu = 0.0
        self.games = 0
        self.kept = 0  # finished games kept so far
        self.samplers: list[asyncio.Task[None]] = []

    async def start_host(self, port: int, resume: bool = False) -> None:
        self.host = HostProcess(self.folder, port, self.seed + self.games, resume)
        await self.host.wait_ready()
        self.samplers.append(asyncio.create_task(self.host.sample()))
        self.up_since = time.monotonic()
        self.up.set()

    def end_host(self) -> None:
        assert self.host is not None
        self.up.clear()
        self.host.cpu = max(self.host.cpu, proc_cpu(self.host.proc.pid))
        code = self.host.stop()
        self.cpu += self.host.cpu
        time.sleep(0.2)  # the reader thread takes the last lines
        self.consoles.append("\n".join(self.host.lines))
        if code != 0:
            self.problems.append(f"the host exited with {code}")

    async def player(self, name: str, stop: asyncio.Event) -> None:
        """One honest seat: join, answer each question after a short pause, rejoin after a
        lost connection; join the next game when one ends."""
        from dread_draw.ai import make_agent
        from dread_draw.net.client import Client, JoinRefused, NetError, SeatTokens

        rng = random.Random(name)
        kind = "join"
        while not stop.is_set():
            await self.up.wait()
            assert self.host is not None
            host = self.host
            client = Client("127.0.0.1", host.port, code=host.code, name=name,
                            tokens=SeatTokens(self.folder / f"{name}.json"), timeout=10)
            began = max(time.monotonic(), self.up_since)
            try:
                welcome = await asyncio.wait_for(client.connect(), 15)
            except JoinRefused as e:
                self.tries.refused.append(f"{kind} {name}: {e.code} ({e})")
                await asyncio.sleep(0.5)
                continue
            except (NetError, TimeoutError, OSError) as e:
                await asyncio.sleep(0.5)
                if self.up.is_set() and host is self.host and not host.ending() and (
                        self.winner is None):  # (not the game's end: a refusal)
                    self.tries.refused.append(f"{kind} {name}: {type(e).__name__} {e}")
                continue
            self.tries.add(kind, time.monotonic() - began)
            self.clients[name] = client
            agent = make_agent("random", self.seed, welcome.seat)
            try:
                async for u in client.updates():
                    if u.view is not None:
                        self.seen = max(self.seen, u.view.decisions)
                        if u.view.over:
                            self.winner = u.view.winner
                    if u.decision is not None and client.decision is not None:
                        await asyncio.sleep(rng.uniform(0.02, 0.15))
                        if client.decision is not None:
                            await client.answer(agent.choose(u.view, u.decision))
                kind = "join"  # the game is over: the next one is a new join
                await client.close()
                while self.up.is_set() and host is self.host and not stop.is_set():
                    await asyncio.sleep(0.05)  # until the next game is hosted
            except NetError:
                kind = "rejoin"
                await asyncio.sleep(0.05)

    async def watcher(self) -> None:
        """A watcher joins (timed) and leaves; a host stopping meanwhile is waited for."""
        from dread_draw.net.client import Client, JoinRefused, NetError, SeatTokens

        while True:
            await self.up.wait()
            host = self.host
            assert host is not None
            client = Client("127.0.0.1", host.port, code=host.code, name="", watch=True,
                            tokens=SeatTokens(self.folder / "watch.json"), timeout=10)
            began = max(time.monotonic(), self.up_since)
            try:
                await asyncio.wait_for(client.connect(), 15)
                self.tries.add("watch", time.monotonic() - began)
                return
            except JoinRefused as e:
                self.tries.refused.append(f"watch: {e.code} ({e})")
                return
            except (NetError, TimeoutError, OSError) as e:
                await asyncio.sleep(0.5)
                if self.up.is_set() and host is self.host and not host.ending() and (
                        self.winner is None):
                    self.tries.refused.append(f"watch: {type(e).__name__} {e}")
                    return
            finally:
                await client.close()

    def drop(self, name: str) -> None:
        """Cut a player's connection (its client rejoins with its seat token)."""
        client = self.clients.get(name)
        ws = getattr(client, "ws", None)
        transport = getattr(ws, "transport", None)
        if transport is not None:
            transport.abort()

    def check_saves(self, finished: bool) -> bool:
        """Check the game just stopped or ended is saved (or kept); whether it can go on."""
        from dread_draw.store.saves import SaveDir, read_save

        saves = SaveDir(self.folder / "saves")
        if not saves.has_current() and not self.seen and self.winner is None:
            self.saves.append(f"game {self.games + 1}: not started yet, nothing to save")
            return False
        finished = finished or not saves.has_current()  # (it ended as it was stopped)
        if finished:
            games = saves.finished()
            if not games:
                self.problems.append("a finished game is not kept")
                return
            save = read_save(games[-1])
            ok = save.finished and len(games) == self.kept + 1 and (
                self.winner is None or save.winner == self.winner)  # (None: as it stopped)
            self.kept = len(games)
            self.saves.append(f"game {self.games + 1}: finished, kept, winner "
                              f"{save.winner} ({'as the players saw' if ok else 'WRONG'})")
            if not ok:
                self.problems.append(f"kept game {games[-1].name} is not the one played")
            return False
        else:
            save = read_save(saves.current)
            ok = len(save.choices) >= self.seen and not save.finished
            self.saves.append(f"game {self.games + 1}: stopped and saved at "
                              f"{len(save.choices)} decisions (players saw {self.seen})")
            if not ok:
                self.problems.append("the stopped game's save lacks decisions")
            return True


async def run(seconds: float, seed: int, flood: bool = True) -> int:
    load = os.getloadavg()
    folder = Path(tempfile.mkdtemp(prefix="dread-draw-flood-"))
    table = Table(folder, seed)
    await table.start_host(0)
    assert table.host is not None
    port = table.host.port
    attacker = subprocess.Popen(
        [sys.executable, __file__, "--attacker", str(port), "--seconds",
         str(seconds if flood else 0)], stdout=subprocess.PIPE, text=True)
    stop = asyncio.Event()
    started = time.monotonic()
    players = [asyncio.create_task(table.player(n, stop)) for n in ("Ana", "Ben")]
    tries_every = max(0.5, min(3.0, seconds / 24))
    restarted = False
    watchers: list[asyncio.Task[None]] = []
    turn = 0
    while time.monotonic() - started < seconds:
        await asyncio.sleep(tries_every)
        host = table.host
        assert host is not None
        if host.proc.poll() is not None:  # the game ended: check it is kept, host the next
            table.end_host()
            table.check_saves(finished=True)
            table.games += 1
            table.seen, table.winner = 0, None
            await table.start_host(port)
            continue
        if not restarted and time.monotonic() - started > seconds / 2 and table.seen > 0:
            table.end_host()  # the host stops (saved) and is taken back; players rejoin
            restarted = table.check_saves(finished=False)
            if restarted:
                await table.start_host(port, resume=True)
            else:  # (the game ended just then: the next one, and a stop later)
                table.games += 1
                table.seen, table.winner = 0, None
                await table.start_host(port)
            continue
        what = ("Ana", "watch", "Ben")[turn % 3]
        turn += 1
        if what == "watch":
            watchers.append(asyncio.create_task(table.watcher()))
        else:
            table.drop(what)
    stop.set()
    assert table.host is not None
    ended_itself = table.host.proc.poll() is not None  # the last game ended just now
    table.drop("Ana")
    table.drop("Ben")
    for task in (*players, *watchers):  # a watcher still waiting for a host is not timed
        task.cancel()
    await asyncio.gather(*players, *watchers, return_exceptions=True)
    table.end_host()
    table.check_saves(finished=ended_itself)
    try:
        out, _ = attacker.communicate(timeout=30)
        flood = json.loads(out.strip().splitlines()[-1]) if out.strip() else {}
    except subprocess.TimeoutExpired:
        attacker.kill()
        flood = {}
    flood_cpu = flood.pop("cpu ms", 0) / 1000
    console = "\n".join(table.consoles)
    tracebacks = console.count("Traceback (most recent call last)")
    times = sorted(table.tries.all)
    print(f"{seconds:.0f} s of {'flood' if flood else 'honest tries, no flood,'} against a "
          f"host on 127.0.0.1:{port} "
          f"(load before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {os.cpu_count()} cores)")
    print(f"flood answered by the host (the flood's own process used {flood_cpu:.1f} s of CPU):")
    held = flood.pop("silent: held ms", 0)
    for key in sorted(flood):
        print(f"    {key}: {flood[key]}")
    if flood.get("silent: opened"):
        print(f"    (a silent connection was held {held / flood['silent: opened'] / 1000:.1f} s "
              "on average)")
    by_kind = ", ".join(f"{len(v)} {k}" for k, v in sorted(table.tries.seconds.items()))
    print(f"honest tries: {len(times) + len(table.tries.refused)} ({by_kind}); "
          f"refused or over {LIMIT:.0f} s: {len(table.tries.refused)}")
    if times:
        print(f"    seated in: median {1000 * statistics.median(times):.0f} ms, "
              f"max {1000 * times[-1]:.0f} ms")
    for r in table.tries.refused[:10]:
        print(f"    {r}")
    print(f"host: {table.cpu:.1f} s of CPU over {seconds:.0f} s "
          f"({100 * table.cpu / seconds:.0f}% of one core); console lines: "
          f"{len(console.splitlines())}; tracebacks: {tracebacks}")
    print(f"saves: {'; '.join(table.saves)}")
    for p in table.problems:
        print(f"    problem: {p}")
    failed = (table.tries.refused or tracebacks or table.problems
              or len(times) < min(20, seconds / tries_every / 2))
    print("FAILED" if failed else "passed: every honest try seated in time, no traceback, "
          "every save kept")
    return 1 if failed else 0


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seconds", type=float, default=120.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--no-flood", action="store_true", help="the honest tries alone")
    p.add_argument("--attacker", type=int, help=argparse.SUPPRESS)  # the flood's own process
    args = p.parse_args()
    if args.attacker is not None:
        counts = asyncio.run(attack(args.attacker, args.seconds))
        counts["cpu ms"] = int(1000 * (time.process_time()))
        print(json.dumps(counts))
        return
    sys.exit(asyncio.run(run(args.seconds, args.seed, not args.no_flood)))


if __name__ == "__main__":
    main()
