"""Seats and slots (issue 29, findings 1, 2 and 5): a seat taken over stays taken, and
connections that never prove the join code cannot crowd out the players nor the saves."""

from __future__ import annotations

import asyncio
import io
import socket

import pytest
from net_helpers import Player, open_host, run

from dread_draw.lines.console import QueueLines, play_seat
from dread_draw.net import remote as remote_module
from dread_draw.net.client import Client, SeatTokens, TakenOver
from dread_draw.net.host import Host, Limits, Lobby, SeatPlan
from dread_draw.net.remote import RemoteMatch


def test_a_seat_joined_again_elsewhere_is_final_for_the_window_that_lost_it(standard_deck,
                                                                            tmp_path,
                                                                            monkeypatch):
    """`join` run twice from one data folder: the table of the first and a console player
    each lose the seat once, say why, and never take it back (they took it from each other
    every 2 seconds, for ever)."""
    monkeypatch.setattr(remote_module, "REJOIN_PAUSE", 0.2)

    async def main():
        host = await open_host(standard_deck, SeatPlan(3), 5, None)
        tokens = tmp_path / "same-folder.json"
        first = Player(host, "Ana", 5, tokens)
        client = await first.join()
        table = RemoteMatch(client, client.welcome)
        table_run = asyncio.create_task(table.run())
        await asyncio.sleep(0.1)
        second = Player(host, "Ana", 5, tokens)
        await second.join()  # the same token: the same seat
        await asyncio.wait_for(table_run, 3)
        out = io.StringIO()
        console_client = Player(host, "Ana", 5, tokens)
        await console_client.join()  # takes it from `second` in turn
        third = Player(host, "Ana", 5, tokens)
        playing = asyncio.create_task(play_seat(console_client.client, out,
                                                QueueLines(asyncio.Queue(), True)))
        await asyncio.sleep(0.1)
        await third.join()
        with pytest.raises(TakenOver):
            await asyncio.wait_for(playing, 3)
        await asyncio.sleep(1.0)  # long enough for several rejoins, had there been any
        seat = host.seats[third.seat]
        holder = seat.conn
        assert host.takeovers == 3  # no rejoin took it back meanwhile
        await host.close()
        return host, table, holder, third

    host, table, holder, third = run(main())
    assert table.taken_over and "somewhere else" in table.refused
    assert holder is not None and third.seat == 0  # the last one to join holds the seat


def test_connections_that_never_prove_the_code_do_not_keep_players_out(standard_deck,
                                                                       tmp_path):
    """34 connections that open and say nothing (no code needed), from one address: only
    `per_address` wait at once (each newer one closes that address's oldest), those opened
    faster than an address may are closed as they come, and the waiting ones only for the
    short opening deadline, outside the seats' slots. A player elsewhere is seated at once
    (issue 44: one of six got in while 8 addresses did this)."""
    limits = Limits(refuse_seconds=0.05, hello_seconds=1.0, write_seconds=2.0,
                    max_connections=4, per_address=4, address_burst=10)

    async def main():
        host = await open_host(standard_deck, SeatPlan(3), 2, None, limits=limits)
        idle = [await asyncio.open_connection("127.0.0.1", host.port, local_addr=("127.0.0.2",
                                                                                    0))
                for _ in range(34)]
        await asyncio.sleep(0.2)
        waiting = len(host.door.gate.pending)
        ana = Player(host, "Ana", 2, tmp_path / "a.json")
        await ana.join()  # another address: at once
        await asyncio.sleep(1.5)  # the deadline passes: the silent ones are closed
        after = len(host.door.gate.pending)
        closed = 0
        for reader, writer in idle:
            try:
                closed += await asyncio.wait_for(reader.read(1), 0.5) == b""
            except (OSError, TimeoutError):
                closed += 1
            writer.close()
        await host.close()
        return waiting, ana, after, closed, host

    waiting, ana, after, closed, host = run(main())
    assert waiting == 4  # the per-address limit, counted before the WebSocket opens
    assert ana.seat == 0
    assert after == 0 and closed == 34
    assert sum("busiest" in n or "too fast" in n for n in host.news) <= 4  # counted, not 30


def test_pending_connections_from_one_address_leave_room_for_another(standard_deck,
                                                                     tmp_path):
    """The slots held by one address count against that address only: a player from
    another address (::1 here) joins while 8 silent connections from 127.0.0.1 wait."""
    if not socket.has_ipv6:
        pytest.skip("no IPv6 on this machine")

    async def main():
        host = Host(Lobby(standard_deck, SeatPlan(2).seats(), 2), None,
                    limits=Limits(refuse_seconds=0.05, hello_seconds=2.0))
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        await host.start(None, port)  # every address, ::1 too
        idle = [await asyncio.open_connection("127.0.0.1", port) for _ in range(12)]
        await asyncio.sleep(0.2)
        c = Client("::1", host.port, code=host.code, name="Ana",
                   tokens=SeatTokens(tmp_path / "a.json"), timeout=3)
        try:
            seat = (await c.connect()).seat
        except OSError:
            seat = None
        for _reader, writer in idle:
            writer.close()
        await host.close()
        return seat

    seat = run(main())
    if seat is None:
        pytest.skip("::1 is not usable here")
    assert seat == 0


@pytest.mark.slow
def test_descriptor_pressure_turns_connections_away_and_the_save_goes_on(tmp_path):
    """A host under a 128 open-files limit, and 120 connections that never finish their
    handshake, from 40 addresses (1,100 made its autosave fail with "Too many open files"
    and printed 11,313 tracebacks): it turns the excess away at once, closes the rest at the
    deadline, prints a few grouped lines and no traceback; then a player joins and plays a
    whole game, saved after every decision."""
    import resource

    from test_net_cli import Process, environment

    def small_limit() -> None:
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (128, hard))

    class Limited(Process):
        def __init__(self, *args: str) -> None:
            import queue
            import subprocess
            import sys
            import threading

            self.proc = subprocess.Popen(
                [sys.executable, "-m", "dread_draw", *args], env=environment(tmp_path),
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                text=True, preexec_fn=small_limit)
            self.lines: queue.Queue[str] = queue.Queue()
            self.seen: list[str] = []
            threading.Thread(target=self._read, daemon=True).start()

    host = Limited("host", "--save-dir", str(tmp_path / "saves"), "--cpu-delay", "0",
                   "--port", "0", "--players", "2", "--cpu", "easy", "--start-when-full",
                   "--seed", "4")
    port = int(host.wait_for(r"port (\d+)\)").group(1))
    code = host.wait_for(r"Join code: (\S+)").group(1)
    idle = []
    for a in range(40):
        for _ in range(3):
            try:
                idle.append(socket.create_connection(("127.0.0.1", port), timeout=2,
                                                     source_address=(f"127.0.0.{a + 2}", 0)))
            except OSError:
                pass
    import time

    time.sleep(3.5)  # past the opening deadline: the silent ones are closed
    for s in idle:
        s.close()
    player = Process(tmp_path, "join", f"127.0.0.1:{port}", "--code", code, "--name", "Ben",
                     stdin="1\n" * 5000)
    code_player, said = player.finish(60)
    code_host, hosted = host.finish(10)
    assert len(idle) == 120
    assert code_player == 0 and code_host == 0, said + hosted
    assert "wins the game. It is kept" in hosted  # every save went through
    assert "Traceback" not in hosted and "open files" not in hosted.lower()
    assert sum("turned away" in line for line in hosted.splitlines()) <= 3
