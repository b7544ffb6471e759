"""The sealed channel (issue 29, finding 3): a key from the join code alone (SPAKE2), every
frame sealed; what travels between a client and the host tells a listener nothing."""

from __future__ import annotations

import asyncio
import json

import pytest
import websockets
from net_helpers import Player, open_host, reference, run, same_game

from dread_draw.net.client import Client, JoinRefused, NetError, SeatTokens
from dread_draw.net.host import SeatPlan
from dread_draw.net.protocol import PROTOCOL, normal_code
from dread_draw.net.secure import Channel, Exchange, Guesses, Unsealed


def pair(code_a: str = "K7QM-4XRD", code_b: str = "k7qm 4xrd") -> tuple[Channel, Channel]:
    client, host = Exchange(code_a, host=False), Exchange(code_b, host=True)
    return client.finish(host.message), host.finish(client.message)


def test_the_same_code_gives_both_sides_one_channel_and_a_wrong_code_opens_nothing():
    client, host = pair()
    frame = client.seal('{"type":"hello"}')
    assert b"hello" not in frame
    assert host.open(frame) == '{"type":"hello"}'
    assert client.open(host.seal("welcome")) == "welcome"
    wrong_client, wrong_host = pair("K7QM-4XRD", "K7QM-4XRE")
    with pytest.raises(Unsealed):
        wrong_host.open(wrong_client.seal("hello"))


def test_a_frame_replayed_reordered_changed_or_in_the_clear_does_not_open():
    client, host = pair()
    first, second, third = (client.seal(t) for t in ("one", "two", "three"))
    assert host.open(first) == "one"
    with pytest.raises(Unsealed):
        host.open(first)  # replayed
    with pytest.raises(Unsealed):
        host.open(third)  # out of order (the second was skipped)
    changed = bytes([second[0] ^ 1]) + second[1:]
    with pytest.raises(Unsealed):
        host.open(changed)
    with pytest.raises(Unsealed):
        host.open("two")  # text in the clear
    assert host.open(second) == "two"  # the honest frame still opens in its turn
    with pytest.raises(Unsealed):
        client.open(client.seal("to myself"))  # each direction has its own key


def test_wrong_codes_slow_only_the_address_that_guessed_with_growing_waits():
    """Issue 44: wrong codes from anywhere never slow another address (a limit over every
    address together shut the right code out too: 16 honest joins refused of 16); the
    address that keeps guessing waits longer and longer, and is turned away at once while
    it was told to wait; an IPv6 /64 guesses as one."""
    g = Guesses(free=3, longest=60)
    for t in range(3):
        assert g.wait("10.0.0.9", now=float(t)) == 0
        g.missed("10.0.0.9", now=float(t))
    assert g.wait("10.0.0.9", now=2.0) == pytest.approx(1.0)  # the 4th guess waits
    g.missed("10.0.0.9", now=3.0)
    assert g.wait("10.0.0.9", now=3.0) == pytest.approx(4.0)  # then four times as long
    assert not g.waiting("10.0.0.9", now=3.0)
    g.tell_wait("10.0.0.9", now=3.0)
    assert g.waiting("10.0.0.9", now=6.9) and not g.waiting("10.0.0.9", now=7.1)
    for a in range(40):  # forty addresses guessing, many times each
        for t in range(20):
            g.missed(f"10.0.1.{a}", now=4.0 + t)
    assert g.wait("10.0.0.7", now=24.0) == 0  # a player elsewhere is not slowed at all
    assert g.wait("10.0.1.3", now=24.0) > 0
    for host in range(5):  # one /64, many addresses: one guesser
        g.missed(f"2001:db8:1:2::{host + 1}", now=30.0)
    assert g.wait("2001:db8:1:2::99", now=30.0) > 0
    assert g.wait("2001:db8:1:3::1", now=30.0) == 0
    g.right("10.0.0.9")  # the right code at last: that address starts afresh
    assert g.wait("10.0.0.9", now=30.0) == 0 and not g.waiting("10.0.0.9", now=3.5)


async def tcp_tap(port: int, record: bytearray) -> asyncio.Server:
    """A TCP relay to the host's port that records every byte either way (what anyone on
    the same network could capture)."""

    async def pipe(reader, writer):
        try:
            while data := await reader.read(65536):
                record.extend(data)
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()

    async def relay(reader, writer):
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", port)
        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    return await asyncio.start_server(relay, "127.0.0.1", 0)


def test_a_capture_of_a_whole_game_shows_no_card_no_token_no_code_no_name(standard_deck,
                                                                          tmp_path):
    """Every byte between three players and the host, both ways, over a whole game: not a
    card's name or id, not a seat token, not the join code, not a player's name. The same
    search over what the players read finds all of them (the search can fail)."""
    record = bytearray()

    async def main():
        host = await open_host(standard_deck, SeatPlan(3), 7, tmp_path)
        tap = await tcp_tap(host.port, record)
        relay = type("Relay", (), {"port": tap.sockets[0].getsockname()[1],
                                   "code": host.code})()
        players = [Player(relay, n, 7, tmp_path / f"{n}.json") for n in ("Anastasia",
                                                                         "Benedikt",
                                                                         "Cleopatra")]
        for p in players:
            await p.join()
        host.begin()
        await asyncio.gather(*(p.play() for p in players), host.finish())
        tap.close()
        return host, players

    host, players = run(main())
    assert host.match.over and len(record) > 20_000
    secrets = [host.code, normal_code(host.code), "Anastasia", "Benedikt", "Cleopatra"]
    secrets += [s.token for s in host.seats]
    secrets += [c.id for c in standard_deck.cards] + [c.name for c in standard_deck.cards]
    captured = bytes(record)
    assert [s for s in secrets if s.encode() in captured] == []
    read = "".join(f for p in players for f in p.frames).encode()
    assert all(s.encode() in read for s in secrets[2:])  # all there, once opened
    same_game(host.match, reference(standard_deck, host))


def test_one_guess_per_connection_and_the_host_slows_an_address_that_keeps_guessing(
        standard_deck, tmp_path):
    async def main():
        host = await open_host(standard_deck, SeatPlan(3), 1, None)
        host.door.guesses = Guesses(free=2, longest=60)
        store = SeatTokens(tmp_path / "t.json")
        got = []
        for code in ("AAAA-AAAA", "BBBB-BBBB", "CCCC-CCCC", host.code):
            try:
                await Client("127.0.0.1", host.port, code=code, name="Mal",
                             tokens=store).connect()
                got.append("seated")
            except JoinRefused as e:
                got.append(e.code)
            except NetError:
                got.append("turned away")
        await host.close()
        return host, got

    host, got = run(main())
    # told to wait, then turned away at once until its time, even with the right code (the
    # client opens again meanwhile, and is seated when the wait is over)
    assert got == ["code", "code", "slow-down", "seated"]
    assert any("extra ones are closed at once" in n for n in host.news)
    assert [s.name for s in host.seats if s.kind == "person"] == ["Mal"]
    assert sum("tried to join with a wrong" in n for n in host.news) == 1  # one note, not two


@pytest.mark.parametrize("protocol", [True, float(PROTOCOL), str(PROTOCOL), None])
def test_a_protocol_that_is_not_an_exact_whole_number_is_refused(standard_deck, protocol):
    async def main():
        host = await open_host(standard_deck, SeatPlan(2), 1, None)
        async with websockets.connect(f"ws://127.0.0.1:{host.port}/") as ws:
            await ws.send(json.dumps({"type": "pake", "protocol": protocol,
                                      "version": "x", "pake": "AAAA"}))
            reply = json.loads(await ws.recv())
        await host.close()
        return reply

    assert run(main())["code"] == "version"


def test_a_host_that_does_not_know_the_code_is_not_believed(tmp_path):
    """A stranger posing as the host, with a guessed code: the client finds out when the
    stranger's first sealed frame does not open, and is not seated."""

    async def impostor(ws):
        theirs = json.loads(await ws.recv())
        exchange = Exchange("ZZZZ-ZZZZ", host=True)
        channel = exchange.finish(theirs["pake"])
        await ws.send(json.dumps({"type": "pake", "pake": exchange.message}))
        await ws.recv()  # the hello: it cannot open it
        await ws.send(channel.seal(json.dumps({"type": "welcome", "seat": 0})))
        await asyncio.sleep(1)

    async def main():
        async with websockets.serve(impostor, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            try:
                await Client("127.0.0.1", port, code="K7QM-4XRD", name="Ana",
                             tokens=SeatTokens(tmp_path / "t.json")).connect()
                return "seated", ""
            except JoinRefused as e:
                return e.code, str(e)

    code, text = run(main())
    assert code == "code" and "could not prove" in text


def test_key_exchanges_that_never_prove_the_code_count_as_guesses(standard_deck):
    """Each key exchange costs the host CPU: one that ends without a hello (a connection
    that drains the host, or a guess that dares not be checked) counts as a wrong code."""

    async def main():
        host = await open_host(standard_deck, SeatPlan(2), 1, None)
        host.door.guesses = Guesses(free=2, longest=60)
        replies = []
        for _ in range(4):
            try:
                async with websockets.connect(f"ws://127.0.0.1:{host.port}/") as ws:
                    mine = Exchange("AAAA-AAAA", host=False)
                    await ws.send(json.dumps({"type": "pake", "protocol": PROTOCOL,
                                              "version": "x", "pake": mine.message}))
                    replies.append(json.loads(await ws.recv()))
            except (OSError, websockets.WebSocketException):
                replies.append({"type": "turned away"})
            await asyncio.sleep(0.1)  # the host notices the close
        await host.close()
        return replies

    replies = run(main())
    assert [r["type"] for r in replies[:2]] == ["pake", "pake"]
    assert replies[2].get("code") == "slow-down" and replies[3]["type"] == "turned away"
