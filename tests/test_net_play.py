"""Playing across the network, on the loopback address: whole games through the host, what
each client may see (R11), a host that trusts no client, lost connections and rejoins."""

from __future__ import annotations

import asyncio
import json

import pytest
from net_helpers import (
    Player,
    check_private_parts_reach_their_owner,
    knowledge,
    leaks,
    open_host,
    reference,
    run,
    same_game,
)

from dread_draw import __version__
from dread_draw.net.client import Client, ConnectionLost, JoinRefused, SeatTokens
from dread_draw.net.host import SeatPlan
from dread_draw.net.protocol import PROTOCOL, answer, dumps
from dread_draw.store.saves import SaveDir, read_save


def test_a_host_and_three_clients_play_a_whole_game_as_simulate_would(standard_deck,
                                                                       tmp_path):
    """Three people's seats answered over the network, two CPU seats (one named, one empty
    when the game started): the game is the one `simulate`'s loop plays with those CPUs in
    the people's seats, and replaying its choices gives the same final state."""

    async def main():
        host = await open_host(standard_deck, SeatPlan(5, cpus=["random"]), 21, tmp_path)
        players = [Player(host, n, 21, tmp_path / f"{n}.json") for n in ("Ana", "Ben", "Cleo")]
        for p in players:
            await p.join()
        host.begin()
        await asyncio.gather(*(p.play() for p in players), host.finish())
        return host, players

    host, players = run(main())
    m = host.match
    assert m.over and [s.kind for s in m.seats] == ["human"] * 3 + ["easy", "random"]
    assert sorted(p.seat for p in players) == [0, 1, 2] and all(p.answered for p in players)
    same_game(m, reference(standard_deck, host))
    replayed = type(m).replay(standard_deck, m.seats, m.seed, m.choices)
    same_game(m, replayed)
    kept = read_save(SaveDir(tmp_path).last())  # saved after every decision, kept once over
    assert kept.finished and kept.choices == m.choices


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 8), (4, 5), (5, 13)])
def test_r11_no_message_names_a_card_hidden_from_its_seat(standard_deck, tmp_path,
                                                          monkeypatch, players, seed):
    """Every frame each client received over a whole game, decoded: its view is exactly
    its seat's, and every card an event names is one that seat could locate."""

    async def main():
        host = await open_host(standard_deck, SeatPlan(players), seed, None)
        people = [Player(host, f"P{i}", seed, tmp_path / f"{i}.json") for i in range(players)]
        for p in people:
            await p.join()
        host.begin()
        await asyncio.gather(*(p.play() for p in people), host.finish())
        return host, people

    host, people = run(main())
    m = host.match
    known = knowledge(standard_deck, m.seats, m.seed, m.choices, monkeypatch)
    told = 0
    for p in people:
        assert leaks(p.frames, p.seat, standard_deck, known) == []
        told += check_private_parts_reach_their_owner(p.frames, p.seat)
    assert told > 0  # each owner was told its own draws in full
    # The check itself can fail: the omniscient log names cards a seat could not locate.
    found = [leaks(p.frames, p.seat, standard_deck, known, raw_events=m.events) for p in people]
    assert any(found)


def test_r11_4_a_card_put_face_up_on_the_draw_deck_is_public_at_every_seats_table(
        standard_deck, tmp_path):
    """A card put face up on the Draw Deck is everyone's to see (R11.4): each seat's update
    says which Draw Deck places are public (its own view cannot tell them from those only it
    has seen), so a network seat's table shows exactly the public view — the card 'Face up on
    the Draw Deck', never 'Only you know, in the Draw Deck'."""
    from dread_draw.net.protocol import places_from_json, view_from_json
    from dread_draw.net.remote import SeatGame

    seed = 4  # (a game in which cards are put face up on the Draw Deck: checked below)

    async def main():
        host = await open_host(standard_deck, SeatPlan(4), seed, None)
        people = [Player(host, n, seed, tmp_path / f"{n}.json") for n in ("Ana", "Ben")]
        for p in people:
            await p.join()
        host.begin()
        await asyncio.gather(*(p.play() for p in people), host.finish())
        return host, people

    host, people = run(main())
    m = host.match
    replay = type(m)(standard_deck, m.seats, m.seed)
    publics = [replay.game.public_view()]
    for option in m.choices:
        replay.apply(option)
        publics.append(replay.game.public_view())
    face_up_seen = 0
    for p in people:
        for frame in p.frames:
            raw = json.loads(frame)
            if raw["type"] != "update" or raw["view"] is None:
                continue
            view = view_from_json(raw["view"], standard_deck)
            game = SeatGame(view)
            game.face_up = places_from_json(raw["face_up"], standard_deck, view.draw_count)
            public = game.public_view()
            assert public == publics[view.decisions]  # exactly the public view
            if not public.draw_known:
                continue
            face_up_seen += 1
            # the seat has seen them too: the table's centre (tui/widgets/centre.py) says
            # "Only you know" of the seat's own places that are not public, and these are
            assert set(public.draw_known) <= set(view.draw_known)
    assert face_up_seen > 0, "the game must put a card face up on the Draw Deck"


def raw_frames_sent(host, seat: int) -> list[str]:
    sent: list[str] = []
    previous = host.tap

    def tap(to: int, text: str) -> None:
        if to == seat:
            sent.append(text)
        if previous is not None:
            previous(to, text)

    host.tap = tap
    return sent


async def until_closed(client: Client) -> int | None:
    """Read until the host closes the connection; its close code."""
    try:
        while True:
            await client._receive()
    except ConnectionLost:
        pass
    assert client.ws is not None
    return client.ws.close_code


def codes(frames: list[str]) -> list[str]:
    return [m["code"] for m in map(json.loads, frames) if m["type"] == "error"]


def test_a_hostile_client_changes_nothing_and_the_honest_clients_finish(standard_deck,
                                                                        tmp_path):
    """Eve answers another seat's decision, replays an old answer, offers what was not
    offered, then sends garbage, an unknown message, a 10 MB frame, a flood of 10,000
    messages, and drops a connection in the middle of a frame — rejoining her seat each
    time. The host stays up, refuses each, and the game is exactly the honest game."""
    eve_frames: list[str] = []

    def connection(host) -> Client:
        return Client("127.0.0.1", host.port, code=host.code, name="Eve",
                      tokens=SeatTokens(tmp_path / "eve.json"), timeout=5,
                      on_frame=eve_frames.append)

    async def eve(host, seed, c: Client, seat: int):
        from dread_draw.ai import make_agent

        agent = make_agent("normal", seed, seat)
        done = set()
        async for u in c.updates():
            pending = u.view.pending if u.view is not None else None
            if pending is not None and pending.seat != seat and "other" not in done:
                await c.send_raw(dumps(answer(pending.number, 0)))  # not her decision
                done.add("other")
            if u.decision is not None and c.decision is not None:
                d = u.decision
                await c.send_raw(dumps(answer(d.number, 999)))  # not offered
                await c.send_raw(json.dumps({"type": "answer", "decision": d.number,
                                             "option": True}))  # not an int
                await c.answer(agent.choose(u.view, d))
                await c.send_raw(dumps(answer(d.number, d.options[0])))  # replayed
                done.add("own")
            if {"other", "own"} <= done and len(codes(eve_frames)) >= 4:
                break
        await c.close()
        tricks = [(b"\xff not json", {1008}), (json.dumps({"type": "gossip"}), {1008}),
                  # too big: closed while the frame still comes in (1009, or a reset)
                  ("x" * 10_000_000, {1009, 1006})]
        for trick, closed in tricks:
            c = connection(host)
            assert (await c.connect()).seat == seat  # her token still takes her seat
            try:
                await c.send_raw(trick)
            except Exception:  # the host may hang up while the frame is still going out
                pass
            assert await until_closed(c) in closed
        c = connection(host)
        await c.connect()
        flood = dumps(answer(0, 0))
        try:
            for _ in range(10_000):
                await c.send_raw(flood)
        except Exception:  # the host hangs up in the middle of the flood
            pass
        assert await until_closed(c) == 1008
        c = connection(host)
        await c.connect()
        assert c.ws is not None
        c.ws.transport.write(b"\x81\xfe\x10\x00\x01\x02\x03\x04half a frame")  # then gone
        c.ws.transport.abort()
        await asyncio.sleep(0.05)
        honest = Player(host, "Eve", seed, tmp_path / "eve.json")
        await honest.play()  # Eve, back and honest, plays to the end

    async def main():
        host = await open_host(standard_deck, SeatPlan(4, cpus=["easy"]), 34, tmp_path)
        ana, ben = (Player(host, n, 34, tmp_path / f"{n}.json") for n in ("Ana", "Ben"))
        await ana.join()
        await ben.join()
        first = connection(host)
        seat = (await first.connect()).seat
        host.begin()
        await asyncio.gather(ana.play(), ben.play(), eve(host, 34, first, seat), host.finish())
        return host

    host = run(main())
    got = codes(eve_frames)
    assert {"not-your-turn", "illegal", "bad-answer"} <= set(got)
    assert got.count("stale") + got.count("not-your-turn") >= 2  # the replayed answer too
    assert "bad-message" in got and "unknown-type" in got and "flood" in got
    same_game(host.match, reference(standard_deck, host))


def test_a_client_killed_mid_game_rejoins_its_seat_and_the_game_goes_on(standard_deck,
                                                                         tmp_path):
    async def main():
        host = await open_host(standard_deck, SeatPlan(3), 9, tmp_path)
        ana, ben = (Player(host, n, 9, tmp_path / f"{n}.json") for n in ("Ana", "Ben"))
        await ana.join()
        await ben.join()
        host.begin()
        ana_task = asyncio.create_task(ana.play())
        await ben.play(stop_after=3)
        assert ben.client is not None and ben.client.ws is not None
        ben.client.ws.transport.abort()  # killed: no goodbye
        for _ in range(200):
            if host.seats[ben.seat].conn is None and host.waiting() == ben.seat:
                break
            await asyncio.sleep(0.01)
        assert host.waiting() == ben.seat  # the table waits for him
        seat = ben.seat
        back = Player(host, "Ben", 9, tmp_path / "Ben.json")
        await back.join()
        assert back.seat == seat
        await asyncio.gather(ana_task, back.play(), host.finish())
        return host, back

    host, back = run(main())
    assert any("is back" in n for n in host.news)
    first = json.loads(back.frames[1])  # the update after the welcome: the whole log again
    assert first["type"] == "update" and first["first"] == 0
    same_game(host.match, reference(standard_deck, host))


def test_the_host_hands_an_absent_players_seat_to_a_cpu(standard_deck, tmp_path):
    """Ben leaves for good; the host presses c: a CPU of the fill level (normal) plays his
    seat, as he would have."""

    async def main():
        host = await open_host(standard_deck, SeatPlan(3, cpus=["easy"]), 17, tmp_path,
                               fill="normal")
        ana, ben = (Player(host, n, 17, tmp_path / f"{n}.json") for n in ("Ana", "Ben"))
        await ana.join()
        await ben.join()
        host.begin()
        ana_task = asyncio.create_task(ana.play())
        await ben.play(stop_after=2)
        await ben.client.close()
        while host.waiting() != ben.seat or host.seats[ben.seat].conn is not None:
            await asyncio.sleep(0.01)
        assert not host.hand_to_cpu(ana.seat)  # a connected player's seat stays theirs
        assert host.hand_to_cpu(ben.seat)
        await asyncio.gather(ana_task, host.finish())
        return host

    host = run(main())
    assert host.match.over
    same_game(host.match, reference(standard_deck, host))


def test_a_wrong_code_a_full_table_and_a_taken_name_are_refused_clearly(standard_deck,
                                                                        tmp_path):
    async def main():
        host = await open_host(standard_deck, SeatPlan(2, cpus=["easy"]), 1, None)
        store = SeatTokens(tmp_path / "t.json")
        refused = {}
        for label, code, name in [("name", host.code, " "), ("ok", host.code, "Ben"),
                                  ("taken", host.code, "ben"), ("full", host.code, "Cleo"),
                                  ("code", "AAAA-AAAA", "Ben")]:
            c = Client("127.0.0.1", host.port, code=code, name=name, tokens=store)
            try:
                await c.connect()
                refused[label] = None
            except JoinRefused as e:
                refused[label] = (e.code, str(e))
        await host.close()
        return refused

    refused = run(main())
    assert refused["ok"] is None
    assert refused["code"] == ("code", "That join code is not this game's. Check it with "
                                       "the host.")
    assert refused["name"][0] == "name"
    assert refused["taken"][0] == "name-taken"
    assert refused["full"] == ("full", "Every seat at this table is taken.")


def test_versions_that_do_not_match_are_named_on_both_sides(standard_deck):
    async def main():
        host = await open_host(standard_deck, SeatPlan(2), 1, None)
        import websockets

        async with websockets.connect(f"ws://127.0.0.1:{host.port}/") as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL + 1,
                                      "version": "9.9.9", "code": host.code, "name": "Zed"}))
            reply = json.loads(await ws.recv())
        await host.close()
        return host, reply

    host, reply = run(main())
    assert reply["code"] == "version" and reply["protocol"] == PROTOCOL
    assert f"Dread Draw {__version__}" in reply["message"] and "9.9.9" in reply["message"]
    assert any("9.9.9" in n and __version__ in n for n in host.news)


def test_a_client_that_never_says_hello_or_never_reads_is_closed(standard_deck, tmp_path):
    """A silent connection is closed after the hello delay; one that never reads what it is
    sent is closed once a send cannot finish in time; the others play on."""
    from dread_draw.net.host import Limits

    limits = Limits(refuse_seconds=0.05, hello_seconds=0.3, write_seconds=0.3)

    async def main():
        host = await open_host(standard_deck, SeatPlan(3), 4, None, limits=limits)
        import websockets

        silent = await websockets.connect(f"ws://127.0.0.1:{host.port}/")
        reader_gone = Client("127.0.0.1", host.port, code=host.code, name="Sloth",
                             tokens=SeatTokens(tmp_path / "s.json"))
        await reader_gone.connect()
        assert reader_gone.ws is not None
        reader_gone.ws.transport.pause_reading()  # never reads again
        ana = Player(host, "Ana", 4, tmp_path / "a.json")
        await ana.join()
        sloth = next(s for s in host.seats if s.name == "Sloth")
        assert sloth.conn is not None
        big = "x" * 60_000
        for _ in range(400):  # fill its buffers: a long log to send, again and again
            sloth.conn.post({"type": "error", "code": "noise", "message": big})
            await asyncio.sleep(0.005)
            if sloth.conn is None:
                break
        await asyncio.wait_for(silent.wait_closed(), 3)
        await host.close()
        return silent, sloth

    silent, sloth = run(main())
    assert silent.close_code == 1008
    assert sloth.conn is None  # the host let go of the connection that did not read
