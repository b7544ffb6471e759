"""Helpers for network tests on the loopback address: a host, honest players, and the
privacy check (R11) run over every frame a client received."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from pathlib import Path

from dread_draw.ai import make_agent
from dread_draw.net.client import Client, SeatTokens
from dread_draw.net.host import Host, Limits, Lobby, SeatPlan
from dread_draw.net.protocol import view_from_json
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.rules import Deck, Game
from dread_draw.rules.privacy import cards_in, for_seat
from dread_draw.store.saves import SaveDir

FAST = Limits(refuse_seconds=0.05, hello_seconds=2.0, write_seconds=2.0)
TIMEOUT = 40.0  # a whole test's network part; a hung socket fails instead of hanging


def run(coro, timeout: float = TIMEOUT):
    async def bounded():
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


async def open_host(deck: Deck, plan: SeatPlan, seed: int, folder: Path | None,
                    limits: Limits = FAST, fill: str = "easy") -> Host:
    saves = SaveDir(folder) if folder is not None else None
    host = Host(Lobby(deck, plan.seats(), seed, fill, ("Zora", "Orrin", "Vesna")), saves,
                limits=limits)
    host.news = []  # type: ignore[attr-defined]
    host.on_news = host.news.append  # type: ignore[attr-defined]
    await host.start("127.0.0.1", 0)
    return host


@dataclass
class Player:
    """An honest client: answers each of its seat's decisions as the `level` CPU would from
    the view it was sent, and keeps every frame it received."""

    host: Host  # or anything with the host's `port` and `code` (a host in another process)
    name: str
    seed: int
    tokens: Path
    level: str = "normal"
    frames: list[str] = field(default_factory=list)
    seat: int = -1
    answered: int = 0
    client: Client | None = None

    def new_client(self) -> Client:
        return Client("127.0.0.1", self.host.port, code=self.host.code, name=self.name,
                      tokens=SeatTokens(self.tokens), timeout=5, on_frame=self.frames.append)

    async def join(self) -> Client:
        self.client = self.new_client()
        welcome = await self.client.connect()
        self.seat = welcome.seat
        return self.client

    async def play(self, stop_after: int | None = None) -> None:
        """Answer until the game ends (or after `stop_after` answers in all)."""
        if self.client is None:
            await self.join()
        assert self.client is not None
        agent = make_agent(self.level, self.seed, self.seat)
        async for u in self.client.updates():
            if u.decision is not None and self.client.decision is not None:
                if stop_after is not None and self.answered >= stop_after:
                    return
                await self.client.answer(agent.choose(u.view, u.decision))
                self.answered += 1


def reference(deck: Deck, host: Host, level: str = "normal") -> Match:
    """The same game played by `simulate`'s loop, with a `level` CPU in each person's
    seat (the honest players answer as that CPU would)."""
    assert host.match is not None
    seats = [SeatSpec(s.name, level if s.kind == HUMAN else s.kind) for s in host.match.seats]
    m = Match(deck, seats, host.match.seed)
    m.run()
    return m


def same_game(a: Match, b: Match) -> None:
    assert a.choices == b.choices
    assert a.events[1:] == b.events[1:]  # all but game_start, which names the seats' kinds
    for s in range(len(a.seats)):
        assert a.game.view(s) == b.game.view(s)


# -------------------------------------------------------------------- the privacy check

@dataclass
class Knowledge:
    """A replay of a game that records, for every event of its log, the cards each seat
    could locate when it happened or just after (a card in transit — taken from the discard
    pile, kept from a draw — lands a moment later), and every seat's view after each
    decision."""

    public: list[list[set[int]]]  # per event index, per seat
    views: list[list]  # per number of decisions answered, per seat


def knowledge(deck: Deck, seats: list[SeatSpec], seed: int, choices: list[int],
              monkeypatch) -> Knowledge:
    n = len(seats)
    at_emit: dict[int, list[set[int]]] = {}
    original = Game.emit

    def emit(self, type_, **fields):
        original(self, type_, **fields)
        if self.events is not None:
            at_emit[len(self.events) - 1] = [self.view(s).located() for s in range(n)]

    with monkeypatch.context() as patch:
        patch.setattr(Game, "emit", emit)
        m = Match(deck, seats, seed)
        public: list[list[set[int]]] = []
        views = [[m.game.view(s) for s in range(n)]]

        def close_batch() -> None:
            now = [m.game.view(s).located() for s in range(n)]
            for i in range(len(public), len(m.events)):
                later = at_emit.get(i + 1, now) if i + 1 < len(m.events) else now
                mine = at_emit.get(i, [set() for _ in range(n)])
                public.append([mine[s] | later[s] for s in range(n)])

        close_batch()
        for option in choices:
            m.apply(option)
            close_batch()
            views.append([m.game.view(s) for s in range(n)])
    return Knowledge(public, views)


def leaks(frames: list[str], seat: int, deck: Deck, known: Knowledge,
          raw_events: list | None = None) -> list[str]:
    """Every card named to `seat` that it could not locate (R11). A message's view must be
    exactly the seat's view at that point of the game; each card in an event must be one
    the seat could locate then, or one it locates in the view it was sent with.
    `raw_events`: check the omniscient log instead of the frames' events (to see that the
    check can fail)."""
    found = []
    for text in frames:
        message = json.loads(text)
        if message["type"] != "update":
            assert not cards_in(message), f"a {message['type']} names a card"
            continue
        if message["view"] is None:
            continue
        view = view_from_json(message["view"], deck)
        if view != known.views[view.decisions][seat]:
            found.append(f"a view at decision {view.decisions} that is not seat {seat}'s")
        located = view.located()
        events = message["events"]
        if raw_events is not None:
            events = raw_events[message["first"]:message["first"] + len(events)]
        for j, event in enumerate(events):
            index = message["first"] + j
            for uid in cards_in(event):
                if uid not in known.public[index][seat] and uid not in located:
                    found.append(f"event {index} ({event['type']}) names card {uid}")
    return found


def check_private_parts_reach_their_owner(frames: list[str], seat: int) -> int:
    """How many of its own Life Deck draws of two or more cards `seat` was told in full."""
    whole = 0
    for text in frames:
        message = json.loads(text)
        for e in message.get("events", ()) if message["type"] == "update" else ():
            if e["type"] == "damage" and e["seat"] == seat and len(e["drawn"]) > 1:
                assert None not in e["drawn"]
                whole += 1
    return whole


__all__ = ["FAST", "Knowledge", "Player", "for_seat", "knowledge", "leaks", "open_host",
           "reference", "run", "same_game"]
