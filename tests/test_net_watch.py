"""Spectators (issue 29): `join --watch` follows the table live from the public view only
(R11.1), takes no seat and cannot play."""

from __future__ import annotations

import asyncio
import io
import json

from net_helpers import Player, open_host, reference, run, same_game
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
