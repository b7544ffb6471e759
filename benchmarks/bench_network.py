"""The network, by hand: decision round trips on the loopback address, and what the host
costs with 5 clients.

    python benchmarks/bench_network.py [--games 5] [--seed 1]

Each game: `dread-draw host --players 5 --start-when-full` in a process of its own (saving
every decision, as it always does), and 5 clients in this process, each answering its seat
at once (as the `random` CPU would: no thinking time). A round trip is the time from a
client sending its answer to that client receiving the update that carries the move — the
network both ways, the host's checks, the rules, the autosave, and the five views and
filtered event lists it sends — each frame sealed and opened (ChaCha20-Poly1305) since
protocol 2. A join is the time from opening the connection to the welcome: with protocol 2
it includes the key exchange on the join code (SPAKE2, pure Python, on both sides).
The host's memory (peak resident set) and CPU time are read
from /proc (Linux).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dread_draw.ai import make_agent
from dread_draw.net.client import Client, SeatTokens

TICKS = os.sysconf("SC_CLK_TCK")


def proc_cpu(pid: int) -> float:
    """User + system CPU seconds of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def proc_memory(pid: int) -> tuple[int, int]:
    """(resident, peak resident) in KiB."""
    status = Path(f"/proc/{pid}/status").read_text()
    rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
    hwm = int(re.search(r"VmHWM:\s+(\d+)", status).group(1))
    return rss, hwm


async def start_host(folder: str, seed: int) -> tuple[subprocess.Popen[str], int, str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "XDG_DATA_HOME": folder,
           "XDG_CONFIG_HOME": folder}
    proc = subprocess.Popen(
        [sys.executable, "-m", "dread_draw", "host", "--port", "0", "--players", "5",
         "--start-when-full", "--seed", str(seed), "--save-dir", os.path.join(folder, "saves")],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=env)
    port = code = None
    assert proc.stdout is not None
    while port is None or code is None:
        line = await asyncio.to_thread(proc.stdout.readline)
        if not line:
            raise SystemExit("the host did not start")
        if m := re.search(r"port (\d+)\)", line):
            port = int(m.group(1))
        if m := re.search(r"Join code: (\S+)", line):
            code = m.group(1)
    return proc, port, code


async def one_game(seed: int, trips: list[float]) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        proc, port, code = await start_host(folder, seed)
        idle_rss, _ = proc_memory(proc.pid)
        clients = [Client("127.0.0.1", port, code=code, name=f"P{i}",
                          tokens=SeatTokens(Path(folder) / f"{i}.json")) for i in range(5)]
        cpu_join = proc_cpu(proc.pid)
        joins = []
        for c in clients:
            started = time.perf_counter()
            await c.connect()
            joins.append(time.perf_counter() - started)
        cpu0, t0 = proc_cpu(proc.pid), time.perf_counter()
        cpu_join = cpu0 - cpu_join

        async def play(c: Client) -> None:
            assert c.welcome is not None
            agent = make_agent("random", seed, c.welcome.seat)
            sent, asked = 0.0, -1
            async for u in c.updates():
                if sent and u.view is not None and u.view.decisions > asked:
                    trips.append(time.perf_counter() - sent)
                    sent = 0.0
                if u.decision is not None and c.decision is not None:
                    asked = u.decision.number
                    option = agent.choose(None, u.decision)
                    sent = time.perf_counter()
                    await c.answer(option)

        await asyncio.gather(*(play(c) for c in clients))
        wall = time.perf_counter() - t0
        cpu = proc_cpu(proc.pid) - cpu0
        rss, hwm = proc_memory(proc.pid)
        for c in clients:
            await c.close()
        proc.wait(10)
        return {"wall": wall, "cpu": cpu, "idle_rss": idle_rss, "rss": rss, "hwm": hwm,
                "join": statistics.median(joins), "cpu_join": cpu_join / len(clients)}


async def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    trips: list[float] = []
    games = [await one_game(args.seed + g, trips) for g in range(args.games)]
    trips.sort()
    ms = [t * 1000 for t in trips]
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    print(f"{args.games} games, 5 remote seats each, {len(ms)} decisions answered over "
          "the loopback network")
    print(f"round trip: median {statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, "
          f"max {ms[-1]:.2f} ms (target: p95 under 20 ms)")
    wall = sum(g["wall"] for g in games)
    cpu = sum(g["cpu"] for g in games)
    print(f"host CPU: {cpu:.2f} s over {wall:.2f} s of play ({100 * cpu / wall:.0f}% of one "
          f"core), {1000 * cpu / len(ms):.2f} ms per decision")
    print(f"join: median {1000 * statistics.median(g['join'] for g in games):.1f} ms a "
          f"client, host CPU {1000 * sum(g['cpu_join'] for g in games) / len(games):.1f} ms "
          "a join (the clock ticks 10 ms)")
    print(f"host memory: {max(g['idle_rss'] for g in games) / 1024:.1f} MiB waiting for "
          f"players, peak {max(g['hwm'] for g in games) / 1024:.1f} MiB during a game")


if __name__ == "__main__":
    asyncio.run(main())
