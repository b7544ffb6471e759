"""How long a dead connection goes unnoticed, by hand, on each end.

    python benchmarks/dead_peer.py [--limit 60]

A real `dread-draw host` process (2 seats: a person and an easy CPU, started when full);
the person's seat is played by a client in this process, through a TCP relay on the
loopback address that can misbehave. Four ways a connection dies, each on a fresh host:

- `killed client`: the client's process is killed (`kill -9` of a `dread-draw join
  --console` process): the host hears its operating system close the connection;
- `killed host`: the host's process is killed: the client hears the same;
- `dead network`: the relay stops forwarding either way, and closes nothing (a cable
  pulled, a laptop asleep, a firewall that drops): only keep-alives can tell;
- `lost frame`: the relay drops the host's next frame and goes on forwarding (a frame lost
  on the way, by accident or by someone in the path).

Printed: per case, the seconds until the host said the player lost the connection, and
until the client said it lost the host ("-" when that side is not the one to notice:
a killed process cannot notice anything); "not in N s" when it did not notice within
`--limit`. Exit status 1 if a side noticed later than 10 s, or not at all.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from dread_draw.net.client import Client, NetError, SeatTokens


class Host:
    """`dread-draw host` in a process; each console line with the time it was read."""

    def __init__(self, folder: Path) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "XDG_DATA_HOME": str(folder / "data"),
               "XDG_CONFIG_HOME": str(folder / "config"), "LANGUAGE": "en"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dread_draw", "host", "--port", "0", "--players", "2",
             "--cpu", "easy", "--start-when-full", "--cpu-delay", "0", "--seed", "3",
             "--save-dir", str(folder / "saves")],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, env=env)
        self.lines: list[tuple[float, str]] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append((time.monotonic(), line.rstrip("\n")))

    async def said(self, pattern: str, after: float = 0.0, limit: float = 30.0
                   ) -> tuple[float, re.Match[str]] | None:
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            for when, line in list(self.lines):
                if when >= after and (m := re.search(pattern, line)):
                    return when, m
            await asyncio.sleep(0.01)
        return None

    def end(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


async def relay(port: int) -> tuple[asyncio.Server, dict[str, bool]]:
    """A TCP relay to the host: `cut` stops forwarding (and closes nothing), `drop` drops the
    host's next frame."""
    state = {"cut": False, "drop": False}

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                   from_host: bool) -> None:
        try:
            while data := await reader.read(65536):
                if state["cut"]:
                    continue
                if from_host and state["drop"] and data[:1] in (b"\x81", b"\x82"):
                    state["drop"] = False
                    continue
                writer.write(data)
                await writer.drain()
        except OSError:
            pass
        finally:
            if not state["cut"]:
                writer.close()

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            await asyncio.gather(pipe(reader, up_writer, False), pipe(up_reader, writer, True))
        except asyncio.CancelledError:  # the case is over (its host is gone): a quiet end
            pass

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    return server, state


async def client_notices(client: Client, began: float, limit: float) -> float | None:
    """Seconds from `began` until the client's updates end with a lost connection."""
    async def read() -> float:
        try:
            async for _update in client.updates():
                pass
        except NetError:
            pass
        return time.monotonic() - began

    try:
        return await asyncio.wait_for(read(), limit)
    except TimeoutError:
        return None


async def one(case: str, limit: float) -> tuple[str, float | None, float | None]:
    with tempfile.TemporaryDirectory() as folder:
        host = Host(Path(folder))
        try:
            port_found = await host.said(r"port (\d+)\)")
            code_found = await host.said(r"Join code: (\S+)")
            assert port_found and code_found, "\n".join(line for _t, line in host.lines)
            port, code = int(port_found[1].group(1)), code_found[1].group(1)
            if case == "killed client":
                env = {**os.environ, "XDG_DATA_HOME": str(Path(folder) / "c"),
                       "LANGUAGE": "en"}
                join = subprocess.Popen(
                    [sys.executable, "-m", "dread_draw", "join", f"127.0.0.1:{port}",
                     "--code", code, "--name", "Ana", "--console"], stdin=subprocess.PIPE,
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
                assert await host.said(r"Ana takes seat")
                await asyncio.sleep(1.0)
                began = time.monotonic()
                join.send_signal(signal.SIGKILL)
                join.wait()
                noticed = await host.said(r"Ana lost the connection", began, limit)
                return case, None if noticed is None else noticed[0] - began, None
            server, state = await relay(port)
            client = Client("127.0.0.1", server.sockets[0].getsockname()[1], code=code,
                            name="Ana",
                            tokens=SeatTokens(Path(folder) / "t.json"), timeout=10)
            await client.connect()
            async for _update in client.updates():  # until it is Ana's turn
                if client.decision is not None:
                    break
            decision = client.decision
            assert decision is not None
            began = time.monotonic()
            if case == "killed host":
                host.proc.send_signal(signal.SIGKILL)
                return case, None, await client_notices(client, began, limit)
            if case == "dead network":
                state["cut"] = True
            else:  # Ana answers, and the update that follows is lost on the way
                state["drop"] = True
                await client.answer(decision.options[0])
            watching = asyncio.create_task(client_notices(client, began, limit))
            noticed = await host.said(r"Ana lost the connection", began, limit)
            seen = await watching
            server.close()
            return case, None if noticed is None else noticed[0] - began, seen
        finally:
            host.end()


PROMISED = 10.0  # seconds within which each side notices a dead connection (issue 44)


async def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--limit", type=float, default=60.0, help="seconds to wait for a side")
    args = p.parse_args()
    load = os.getloadavg()
    print(f"seconds until each side noticed (load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, "
          f"{os.cpu_count()} cores)")
    print(f"{'case':<16}{'host':>12}{'client':>12}")

    def shown(value: float | None, side_can: bool) -> str:
        if not side_can:
            return "-"
        return f"{value:.2f}" if value is not None else f"not in {args.limit:.0f}"

    late = []
    for case in ("killed client", "killed host", "dead network", "lost frame"):
        name, host_s, client_s = await one(case, args.limit)
        print(f"{name:<16}{shown(host_s, case != 'killed host'):>12}"
              f"{shown(client_s, case != 'killed client'):>12}")
        late += [f"{case}: the {side}" for side, value, can in (
            ("host", host_s, case != "killed host"),
            ("client", client_s, case != "killed client"))
            if can and (value is None or value > PROMISED)]
    if late:
        print(f"FAILED: not noticed within {PROMISED:.0f} s: {'; '.join(late)}")
    return 1 if late else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
