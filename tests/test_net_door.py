"""The host's door (issue 44): strangers who do not know the join code — guessing, hanging
on, sending key exchanges that are not ones — cannot keep a player out; a flipped bit is
not a wrong guess; a dead connection is noticed on both ends (benchmarks/flood.py floods a
real host for minutes)."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import os

import pytest
import websockets
from net_helpers import FAST, Player, open_host, run

from dread_draw.net.admission import Gate
from dread_draw.net.client import Client, ConnectionLost, JoinRefused, SeatTokens
from dread_draw.net.host import Limits, SeatPlan
from dread_draw.net.protocol import PROTOCOL
from dread_draw.net.secure import Exchange


def test_the_pending_connections_are_shared_fairly():
    """A small cap per address (its oldest goes), the oldest of the busiest address goes
    when all are taken, and the addresses that proved the code have a reserve of their own."""
    gate = Gate(max_pending=4, per_address=2, reserve=1)
    assert gate.admit("a1", "10.0.0.1") == [] and gate.admit("a2", "10.0.0.1") == []
    assert gate.admit("a3", "10.0.0.1") == ["a1"]  # the address's own oldest
    assert gate.admit("b1", "10.0.0.2") == [] and gate.admit("b2", "10.0.0.2") == []
    gate.heard("b1", 2)  # b1 began its key exchange: b2 goes before it
    assert gate.admit("c1", "10.0.0.3") == ["a2"]  # all taken: the busiest's oldest
    gate.proved("10.0.0.9")
    assert gate.admit("p1", "10.0.0.9") == []  # a player's address: in the reserve
    assert gate.admit("d1", "10.0.0.4") == ["b2"]  # (the reserve is not the strangers')
    assert gate.admit("e1", "2001:db8::1") == ["a3"]  # one each: the oldest silent one
    assert gate.admit("e2", "2001:db8::2") == ["c1"]
    assert gate.admit("e3", "2001:db8::3") == ["e1"]  # an IPv6 /64 is one address
    for c in list(gate.pending):
        gate.passed(c)
    assert gate.pending == {} and gate.by_address == {} and gate.reserved == set()


def curve_garbage() -> str:
    """A key exchange message that is no point of the curve (spake2 raises NotOnCurve)."""
    from spake2 import SPAKE2_B  # type: ignore[import-untyped]
    from spake2.ed25519_basic import NotOnCurve  # type: ignore[import-untyped]

    for i in range(1000):
        raw = b"A" + i.to_bytes(32, "little")
        side = SPAKE2_B(b"x", idA=b"a", idB=b"b")
        side.start()
        try:
            side.finish(raw)
        except NotOnCurve:
            return base64.b64encode(raw).decode("ascii")
        except Exception:
            continue
    raise AssertionError("no message off the curve found")


def opening(pake: str) -> str:
    return json.dumps({"type": "pake", "protocol": PROTOCOL, "version": "x", "pake": pake})


async def stranger(port: int, address: str):
    return await websockets.connect(f"ws://127.0.0.1:{port}/", local_addr=(address, 0),
                                    open_timeout=3, ping_interval=None, close_timeout=0.5)


def test_strangers_guessing_hanging_on_and_sending_garbage_never_keep_a_player_out(
        standard_deck, tmp_path, caplog):
    """While 6 addresses guess wrong codes, 3 hold silent connections and 4 send key
    exchanges that are not curve points, all at once and without a pause: a player joins,
    loses the connection and rejoins three times, and two watchers join — every one seated
    (with 6 guessing addresses 9 joins of 13 were refused before). Each bad exchange is a
    note (said once, then counted) and a wrong guess of its address, never a traceback."""
    limits = Limits(refuse_seconds=0.05, hello_seconds=3.0, write_seconds=2.0,
                    max_pending=8, per_address=2, reserve=4)
    garbage = curve_garbage()
    wrong = Exchange("ZZZZ-ZZZZ", host=False).message
    caplog.set_level(logging.WARNING)

    async def main():
        host = await open_host(standard_deck, SeatPlan(2, cpus=["easy"]), 3, None,
                               limits=limits)
        done = asyncio.Event()
        sent = {"guess": 0, "garbage": 0, "silent": 0}

        async def guess(address: str, pake: str, kind: str) -> None:
            while not done.is_set():
                try:
                    async with await stranger(host.port, address) as ws:
                        await ws.send(opening(pake))
                        sent[kind] += 1
                        if json.loads(await ws.recv())["type"] == "pake":
                            await ws.send(os.urandom(40))  # a hello that does not open
                            await ws.recv()
                except (OSError, TimeoutError, websockets.WebSocketException):
                    pass
                await asyncio.sleep(0)

        async def hang_on(address: str) -> None:
            while not done.is_set():
                try:
                    reader, writer = await asyncio.open_connection(
                        "127.0.0.1", host.port, local_addr=(address, 0))
                    sent["silent"] += 1
                    await reader.read(1)  # until the host closes it
                    writer.close()
                except OSError:
                    pass
                await asyncio.sleep(0)

        flood = [guess(f"127.0.1.{a}", wrong, "guess") for a in range(1, 7) for _ in range(2)]
        flood += [hang_on(f"127.0.2.{a}") for a in range(1, 4) for _ in range(4)]
        flood += [guess(f"127.0.3.{a}", garbage, "garbage") for a in range(1, 5)]
        attackers = [asyncio.create_task(f) for f in flood]
        while min(sent.values()) < 3:  # every kind of flood under way
            await asyncio.sleep(0.01)
        ana = Player(host, "Ana", 3, tmp_path / "a.json")
        seated = [(await ana.join()).welcome.seat]
        for _ in range(3):
            ana.client.ws.transport.abort()  # the connection drops
            while host.seats[0].conn is not None:
                await asyncio.sleep(0.01)
            seated.append((await ana.client.connect()).seat)
        for i in range(2):
            watcher = Client("127.0.0.1", host.port, code=host.code, name=f"W{i}", watch=True,
                             tokens=SeatTokens(tmp_path / "w.json"), timeout=5)
            seated.append((await watcher.connect()).seat)
            await watcher.close()
        done.set()
        for task in attackers:
            task.cancel()
        await asyncio.gather(*attackers, return_exceptions=True)
        await ana.client.close()
        await host.close()
        return host, seated, sent

    host, seated, sent = run(main(), 60)
    assert seated == [0, 0, 0, 0, -1, -1]
    assert min(sent.values()) >= 3
    for a in range(1, 5):  # each bad exchange counted against its own address
        assert host.door.guesses.wrong[f"127.0.3.{a}"][0] >= 1
    assert "127.0.0.1" not in host.door.guesses.wrong  # the player's guesses: none
    notes = [n for n in host.news if "garbled key exchange" in n]
    assert 1 <= len(notes) <= 3  # said once, then with a count
    assert "Traceback" not in caplog.text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_flipped_bit_in_the_hello_is_not_a_wrong_code_and_a_wrong_proof_is(standard_deck):
    """The hello opens with a proof of the key: a bit flipped in its sealed part (the proof
    right) is answered `damaged` and not counted against the player's address; a bit
    flipped in the proof is a wrong code, counted."""

    async def hello_with(host, flip: int) -> tuple[dict, dict]:
        async with await stranger(host.port, "127.0.0.1") as ws:
            mine = Exchange(host.code, host=False)
            await ws.send(opening(mine.message))
            channel = mine.finish(json.loads(await ws.recv())["pake"])
            frame = bytearray(channel.seal_hello(json.dumps({"type": "hello", "name": "Ana"})))
            frame[flip] ^= 1
            await ws.send(bytes(frame))
            reply = await ws.recv()
            text = channel.open(reply) if isinstance(reply, bytes) else reply
            return json.loads(text), dict(host.door.guesses.wrong)

    async def main():
        host = await open_host(standard_deck, SeatPlan(2), 1, None)
        damaged = await hello_with(host, 20)  # in the sealed hello
        wrong = await hello_with(host, 3)  # in the proof of the key
        await host.close()
        return damaged, wrong, host

    (damaged, after_damaged), (wrong, after_wrong), host = run(main())
    assert damaged["code"] == "damaged" and after_damaged == {}
    assert wrong["code"] == "code" and after_wrong["127.0.0.1"][0] == 1
    assert any("changed on the way" in n for n in host.news)


async def relay(port: int):
    """A TCP relay to the host that can stop forwarding (`cut`: a dead network, no FIN
    either way) or drop the next frame from the host (`drop`)."""
    state = {"cut": False, "drop": False}

    async def pipe(reader, writer, from_host: bool):
        try:
            while data := await reader.read(65536):
                if state["cut"]:
                    continue
                if from_host and state["drop"] and data[0] == 0x82:  # a binary frame
                    state["drop"] = False
                    continue
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            if not state["cut"]:  # a dead network tells neither side anything
                writer.close()

    async def handle(reader, writer):
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)
        await asyncio.gather(pipe(reader, up_writer, False), pipe(up_reader, writer, True))

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    return server, state


@pytest.mark.parametrize("trouble", ["cut", "drop"])
def test_a_dead_connection_or_a_dropped_last_frame_is_noticed_on_both_ends(standard_deck,
                                                                           tmp_path, trouble):
    """A network that goes dead (nothing arrives either way, no close), or the last frame
    from the host lost on the way: both the host and the client notice within three
    keep-alive periods (2.5 s each by default: within 7.5 s), where before both waited for
    ever; the host frees the seat for a rejoin, the client says the connection is lost."""
    limits = Limits(refuse_seconds=0.05, hello_seconds=2.0, write_seconds=2.0, alive=0.2)

    async def main():
        host = await open_host(standard_deck, SeatPlan(2, cpus=["easy"]), 4, None,
                               limits=limits)
        server, state = await relay(host.port)
        via = type("Via", (), {"port": server.sockets[0].getsockname()[1],
                               "code": host.code})()
        ana = Player(via, "Ana", 4, tmp_path / "a.json")
        client = await ana.join()
        loop = asyncio.get_running_loop()
        await asyncio.sleep(0.5)  # keep-alives go both ways: nothing is noticed meanwhile
        assert host.seats[0].conn is not None
        state[trouble] = True
        if trouble == "drop":
            host.changed()  # the host's next frame (an update) is lost on the way
        began = loop.time()
        lost = None
        try:
            async for _update in client.updates():
                pass
        except ConnectionLost as e:
            lost = (str(e), loop.time() - began)
        while host.seats[0].conn is not None:
            await asyncio.sleep(0.01)
        host_noticed = loop.time() - began
        server.close()
        await host.close()
        return lost, host_noticed

    lost, host_noticed = run(main(), 30)
    assert lost is not None
    silent = 3 * limits.alive
    assert lost[1] < silent + 2 and host_noticed < silent + 2
    if trouble == "cut":
        assert lost[0] == "The host stopped answering: the connection was lost."
    else:  # the next keep-alive does not open: a frame was missing before it
        assert "changed on the way" in lost[0]


def test_a_host_in_another_process_keeps_the_default_pace_of_keep_alives(standard_deck):
    """Both sides agree on the host's pace: a client takes the welcome's `alive`, and a
    host's default notices a dead peer within 10 seconds."""
    assert Limits().silent() <= 10
    assert FAST.alive == Limits().alive

    async def main():
        host = await open_host(standard_deck, SeatPlan(2), 1, None)
        client = Client("127.0.0.1", host.port, code=host.code, name="Ana", watch=True,
                        timeout=3)
        welcome = await client.connect()
        await client.close()
        await host.close()
        return welcome

    assert run(main()).alive == Limits().alive


def test_an_unknown_join_code_is_still_refused_as_one(standard_deck, tmp_path):
    """(The proof does not change what a wrong code is told.)"""

    async def main():
        host = await open_host(standard_deck, SeatPlan(2), 1, None)
        try:
            await Client("127.0.0.1", host.port, code="AAAA-AAAA", name="Mal",
                         tokens=SeatTokens(tmp_path / "t.json"), timeout=3).connect()
        except JoinRefused as e:
            return e.code
        finally:
            await host.close()

    assert run(main()) == "code"


def test_key_exchanges_take_turns_players_first_and_addresses_in_round():
    """Each key exchange costs the host its CPU for a moment: under a flood the order is what
    a player waits for. A player rejoining goes first, then an address with no wrong guess,
    then the guessers, each address in its round (one with many waiting does not go twice
    before another goes once); a waiter that gave up is skipped."""
    from dread_draw.net.admission import Turns

    async def main():
        turns, order = Turns(), []

        async def one(group: str, kind: int, hold: float = 0.0) -> None:
            async with turns.turn(group, kind):
                order.append(group)
                await asyncio.sleep(hold)

        holder = asyncio.create_task(one("x", Turns.SUSPECT, 0.05))
        await asyncio.sleep(0)
        waiting = [asyncio.create_task(one(g, k)) for g, k in (
            ("s1", Turns.SUSPECT), ("s1", Turns.SUSPECT), ("s1", Turns.SUSPECT),
            ("s2", Turns.SUSPECT), ("gone", Turns.CLEAN), ("c", Turns.CLEAN),
            ("k", Turns.KNOWN))]
        await asyncio.sleep(0)
        waiting[4].cancel()  # gave up (its deadline)
        await asyncio.gather(holder, *waiting, return_exceptions=True)
        return order, turns.busy

    order, busy = run(main())
    assert order == ["x", "k", "c", "s1", "s2", "s1", "s1"]
    assert not busy
