"""Spectators (issue 29): `join --watch` follows the table live from the public view only
(R11.1), takes no seat and cannot play."""

from __future__ import annotations

import asyncio
import io
import json

import pytest
from net_helpers import FAST, Player, open_host, reference, run, same_game
from rich.console import Console

from dread_draw.lines.console import watch_game
from dread_draw.net.client import Client, SeatTokens
from dread_draw.net.host import SeatPlan
from dread_draw.net.protocol import answer, dumps
from dread_draw.rules.privacy import cards_in, for_seat


def test_r11_1_a_watcher_sees_exactly_the_public_view_takes_no_seat_and_cannot_play(
        standard_deck, tmp_path):
    frames: list[str] = []
    problems: list[str] = []

    async def watcher(host):
        c = Client("127.0.0.1", host.port, code=host.code, name="Nosy", watch=True,
                   tokens=SeatTokens(tmp_path / "w.json"), on_frame=frames.append)
        welcome = await c.connect()
        tried = False
        async for u in c.updates():
            if u.problem:
                problems.append(u.problem)
            p = u.public
            if p is not None and p.pending is not None and not tried:
                await c.send_raw(dumps(answer(p.pending.number, 0)))  # tries to play
                tried = True
        return welcome

    async def main():
        host = await open_host(standard_deck, SeatPlan(4), 23, None)
        ana, ben = (Player(host, n, 23, tmp_path / f"{n}.json") for n in ("Ana", "Ben"))
        await ana.join()
        watching = asyncio.create_task(watcher(host))
        await ben.join()
        await asyncio.sleep(0.1)
        seats_before = [(s.kind, s.name) for s in host.seats]
        host.begin()
        await asyncio.gather(ana.play(), ben.play(), host.finish())
        return host, await watching, seats_before

    host, welcome, seats_before = run(main())
    m = host.match
    assert welcome.seat == -1
    assert [k for k, _n in seats_before] == ["person", "person", "open", "open"]
    assert [s.kind for s in m.seats] == ["human", "human", "easy", "easy"]  # not a seat
    assert problems == ["You are watching this table: you cannot play."]
    same_game(m, reference(standard_deck, host))  # the try changed nothing
    replay = type(m)(standard_deck, m.seats, m.seed)
    publics = [replay.game.public_view()]
    for option in m.choices:
        replay.apply(option)
        publics.append(replay.game.public_view())
    updates = [json.loads(f) for f in frames]
    views = [u["view"] for u in updates if u["type"] == "update" and u["view"] is not None]
    assert len(views) > 10
    from dread_draw.net.protocol import public_from_json

    for raw in views:
        public = public_from_json(raw, standard_deck)
        assert public == publics[public.decisions]  # exactly the public view, no more
        assert set(raw) <= set(type(public)._fields)  # no seat's field travels
    told = [e for u in updates if u["type"] == "update" for e in u["events"]]
    assert told == [for_seat(e, -1) for e in m.events]  # nobody's private part
    hidden = [e for e in m.events if e["type"] == "damage" and len(e["drawn"]) > 1]
    assert hidden and all(sum(c is not None for c in t["drawn"]) <= 1 for t in told
                          if t["type"] == "damage")
    assert cards_in(told)  # the public cards are told (the check can find cards)


def test_join_watch_tells_the_game_live_in_plain_lines(standard_deck, tmp_path):
    async def main():
        host = await open_host(standard_deck, SeatPlan(3, cpus=["easy"]), 8, None)
        out = io.StringIO()
        ana = Player(host, "Ana", 8, tmp_path / "a.json")
        await ana.join()
        watching = asyncio.create_task(watch_game(f"127.0.0.1:{host.port}", host.code,
                                                  "", out=Console(file=out, width=120)))
        await asyncio.sleep(0.3)
        host.begin()
        await asyncio.gather(ana.play(), host.finish())
        await asyncio.wait_for(watching, 10)
        return out.getvalue(), host

    said, host = run(main())
    assert "You are watching this table" in said
    assert "wins the game" in said
    assert "Your answer" not in said
    assert any("is watching the table" in n for n in host.news)


def public_cards(p) -> set[int]:
    """Every card a public view shows (R11.1)."""
    cards = set(p.discard).union(p.fortune, *p.rows, *p.reserves)
    cards.update(uid for _depth, uid in p.draw_known)
    return cards


@pytest.mark.slow
def test_r11_1_a_watcher_follows_a_whole_game_on_the_table_seeing_exactly_the_public_view(
        standard_deck, tmp_path):
    """`join --watch` at a terminal (issue 44): the full-screen table, on the public view the
    host sends a spectator — at every step the table's game is exactly the public view of
    the game at that decision, nobody's seat is at its keyboard, and every card on its
    screen was public — to the winner and the fortune; nobody presses a key: the round
    summaries go on after the host's pause (`host --summary-pause`), so a watcher never
    holds the table up. The seat's own Life Deck draws went on at the host (the check could
    fail)."""
    from test_net_table import shown_cards

    from dread_draw.net.remote import RemoteMatch
    from dread_draw.rules import PublicView
    from dread_draw.tui.remote import RemoteApp, RemoteGameOver, RemoteTable
    from dread_draw.tui.screens.summary import RoundSummary

    async def main():
        host = await open_host(standard_deck, SeatPlan(2, cpus=["easy"]), 9, None)
        host.summary_pause = 0.05
        ana = Player(host, "Ana", 9, tmp_path / "a.json", level="easy")
        await ana.join()
        client = Client("127.0.0.1", host.port, code=host.code, name="Nosy", watch=True,
                        tokens=SeatTokens(tmp_path / "w.json"), timeout=5)
        welcome = await client.connect()
        app = RemoteApp(RemoteMatch(client, welcome), welcome.name, welcome.players)
        seen: list[tuple[object, set[int]]] = []
        summaries, holders = 0, set()
        async with app.run_test(size=(100, 40)) as pilot:
            host.begin()
            playing = asyncio.create_task(ana.play())
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 120
            last = None
            while not isinstance(app.screen, RemoteGameOver):
                assert loop.time() < deadline, "the watcher's table did not follow the game"
                screen = app.screen
                if isinstance(screen, RoundSummary) and screen is not last:
                    summaries += 1
                last = screen
                if isinstance(screen, RemoteTable | RoundSummary) and app.remote.game:
                    seen.append((app.remote.game.latest, shown_cards(app)))
                    table = app.screen_stack[1]
                    holders.add(table.model.holder)
                    holders.add(table.model.mine())
                await pilot.pause(0.02)
            over = app.screen
            await pilot.press("enter")  # the fortune's first card
            turned = over.turned
            await pilot.press("q")
        await playing
        await host.finish()
        return host, seen, summaries, holders, turned

    host, seen, summaries, holders, turned = run(main(), 180)
    m = host.match
    assert m.over
    replay = type(m)(standard_deck, m.seats, m.seed)
    publics = [replay.game.public_view()]
    known_to_ana = [replay.game.view(0).located()]
    for option in m.choices:
        replay.apply(option)
        publics.append(replay.game.public_view())
        known_to_ana.append(replay.game.view(0).located())
    public_by, so_far = [], set()  # the cards public at some point up to each decision
    for p in publics:
        so_far = so_far | public_cards(p)
        public_by.append(so_far)
    assert len(seen) > 20
    for latest, shown in seen:
        assert isinstance(latest, PublicView)
        expected = publics[latest.decisions]  # exactly the public view, no more
        assert latest._replace(deck=None) == expected._replace(deck=None)
        assert shown <= public_by[latest.decisions], (
            f"cards not yet public on the watcher's screen: {shown - public_by[latest.decisions]}")
    assert holders == {None}  # nobody's seat at the watcher's keyboard: no private view
    assert any(k - public_by[d] for d, k in enumerate(known_to_ana))  # the check could fail
    assert summaries >= 1 and seen[-1][0].over  # summaries went on by themselves, to the end
    assert turned == min(1, len(m.game.fortune))


def test_a_watcher_outlives_a_host_restart_and_everyone_is_told_the_host_stopped(
        standard_deck, tmp_path, monkeypatch):
    """The host stops on purpose (its `q`) and takes the game back (`--resume`) on the same
    port: a watcher in lines and a watcher's table wait for it and follow on to the end
    (they gave up before: "rejoin your seat"); the console player is told the host stopped
    and the game is saved on it (it said "Connection lost — reconnecting…"), then is back in
    its seat."""
    from dread_draw.lines import console as console_module
    from dread_draw.lines.console import QueueLines, play_seat
    from dread_draw.net import remote as remote_module
    from dread_draw.net.host import Host
    from dread_draw.net.remote import RemoteMatch
    from dread_draw.store.saves import SaveDir

    monkeypatch.setattr(console_module, "REJOIN_PAUSE", 0.1)
    monkeypatch.setattr(remote_module, "REJOIN_PAUSE", 0.1)
    stopped_said = ("The host stopped the game; it stays saved on the host's computer. "
                    "Waiting for the host to take the game back…")

    async def main():
        host = await open_host(standard_deck, SeatPlan(2, cpus=["easy"]), 11,
                               tmp_path / "saves")
        port = host.port
        ana = Player(host, "Ana", 11, tmp_path / "a.json")
        await ana.join()
        watched, played = io.StringIO(), io.StringIO()
        in_lines = asyncio.create_task(watch_game(f"127.0.0.1:{port}", host.code, "",
                                                  out=Console(file=watched, width=200)))
        c = Client("127.0.0.1", port, code=host.code, name="Nosy", watch=True,
                   tokens=SeatTokens(tmp_path / "w.json"), timeout=5)
        table = RemoteMatch(c, await c.connect())
        states: list[tuple[bool, bool]] = []
        table.listeners.append(lambda: states.append((table.lost, table.stopped)))
        on_table = asyncio.create_task(table.run())
        answers: asyncio.Queue[str | None] = asyncio.Queue()
        for _ in range(3000):
            answers.put_nowait("1")
        playing = asyncio.create_task(play_seat(ana.client, played, QueueLines(answers, True)))
        host.begin()
        while len(host.match.choices) < 6:
            await asyncio.sleep(0.01)
        await host.close()  # the host's q: the game stays saved
        while stopped_said not in watched.getvalue() or stopped_said not in played.getvalue():
            await asyncio.sleep(0.01)
        again, _note = Host.take_back(SaveDir(tmp_path / "saves"), FAST)
        await again.start("127.0.0.1", port)
        await asyncio.gather(playing, again.finish())
        await asyncio.wait_for(in_lines, 10)
        await asyncio.wait_for(on_table, 10)
        while (update := table.queue.get_nowait()) is not None:
            table.take(update)  # as the table takes them (a rejoin repeats the log)
        return again, watched.getvalue(), played.getvalue(), table, states

    again, watched, played, table, states = run(main(), 90)
    assert again.match.over
    for said in (watched, played):
        assert stopped_said in said and "Back at the table." in said and "wins the game" in said
    assert "Connection lost" not in played
    assert (True, True) in states and states[-1] == (False, False)  # said, then back
    assert table.over and table.events == [for_seat(e, -1) for e in again.match.events]
