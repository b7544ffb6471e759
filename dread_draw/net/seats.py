"""Who answers for each seat of a hosted match: the players across the network, and CPUs.

A person's seat is a `RemoteSeat`: an `Agent` of the one driver (`Match.play`) whose
`choose` awaits that seat's client — or a CPU, while the host has handed the seat to one and
its player is away (`SeatAgents.hand_to_cpu`, the host's `c`). CPU seats think on a worker
thread (`OffLoop`), so the host's network keeps moving while the hard CPU searches, and
each CPU move takes at least the host's pace (`--cpu-delay`), so the players can follow it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from dread_draw.ai import make_agent
from dread_draw.i18n import _, fmt, level_word
from dread_draw.net.lobby import PERSON, Seat
from dread_draw.play.sim import Agent, Match
from dread_draw.rules import Decision, View


class RemoteSeat:
    """A person's seat as an `Agent` of the one driver (see the module docstring)."""

    reads_view = True

    def __init__(self, agents: SeatAgents, seat: int) -> None:
        self.agents = agents
        self.seat = seat
        self.waiting: tuple[int, asyncio.Future[int]] | None = None  # (decision number, answer)
        self.stand_in: Agent | None = None

    def choose(self, view: View | None, decision: Decision) -> Awaitable[int]:
        assert view is not None
        slot = self.agents.seats[self.seat]
        if slot.stand_in and slot.conn is None:
            return self.agents.cpu_answer(self.cpu(slot.stand_in), view, decision)
        answer: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.waiting = (decision.number, answer)
        self.agents.changed()
        return answer

    def cpu(self, level: str) -> Agent:
        if self.stand_in is None:
            self.stand_in = make_agent(level, self.agents.seed, self.seat)
        return self.stand_in

    def answer(self, number: int, option: int) -> bool:
        """Resolve the awaited answer (False if this decision is not being awaited)."""
        if self.waiting is None or self.waiting[0] != number or self.waiting[1].done():
            return False
        self.waiting[1].set_result(option)
        self.waiting = None
        return True


class OffLoop:
    """A CPU seat that thinks on a worker thread, so the host's network keeps moving (the
    hard CPU thinks for a quarter of a second). Its view is a snapshot: nothing it reads
    changes meanwhile."""

    def __init__(self, agent: Agent, pace: float = 0.0) -> None:
        self.agent = agent
        self.pace = pace
        self.reads_view = agent.reads_view

    def choose(self, view: View | None, decision: Decision) -> Awaitable[int]:
        return think(self.agent, view, decision, self.pace)


async def think(agent: Agent, view: View | None, decision: Decision, pace: float = 0.0) -> int:
    """A CPU's answer, no sooner than `pace` seconds: the players' tables show each CPU move
    as it happens, at a pace people can follow (the host's --cpu-delay, as play's)."""
    thinking = asyncio.to_thread(agent.choose, view, decision)
    answer, _ = await asyncio.gather(thinking, asyncio.sleep(pace))
    assert isinstance(answer, int), "a CPU answers at once"
    return answer


class SeatAgents:
    """The agents of a hosted match: a `RemoteSeat` for each person, CPUs off the loop.
    `changed` is called when a person's seat starts waiting for its client; `news` tells
    the host's console."""

    def __init__(self, seats: list[Seat], seed: int, cpu_delay: float,
                 changed: Callable[[], None], news: Callable[[str], None]) -> None:
        self.seats = seats
        self.seed = seed
        self.cpu_delay = cpu_delay
        self.changed = changed
        self.news = news
        self.remote: dict[int, RemoteSeat] = {}
        self.match: Match | None = None

    def seat(self, match: Match) -> None:
        """Seat the match's players: a `RemoteSeat` for each person, CPUs off the loop."""
        self.match = match
        self.seed = match.seed
        for i, spec in enumerate(match.seats):
            agent = match.agents[i]
            if spec.is_human:
                self.remote[i] = RemoteSeat(self, i)
                match.agents[i] = self.remote[i]
            elif agent is not None:
                match.agents[i] = OffLoop(agent, self.cpu_delay)

    def cpu_answer(self, agent: Agent, view: View, decision: Decision
                   ) -> Coroutine[Any, Any, int]:
        return think(agent, view, decision, self.cpu_delay)

    def hand_to_cpu(self, seat: int, level: str) -> bool:
        """Let a CPU of `level` play a person's seat while its player is away (the host's
        `c`); the decision the seat waits for now is answered by it at once."""
        slot = self.seats[seat]
        if slot.kind != PERSON or slot.conn is not None or self.match is None:
            return False
        slot.stand_in = level
        remote = self.remote[seat]
        self.news(fmt(_("A CPU ({level}) plays for {name} until they come back."),
                      level=level_word(slot.stand_in), name=slot.name))
        if remote.waiting is not None:
            number, _answer = remote.waiting
            d = self.match.game.pending
            if d is not None and d.seat == seat and d.number == number:
                view = self.match.game.view(seat)
                task = asyncio.get_running_loop().create_task(
                    self.cpu_answer(remote.cpu(slot.stand_in), view, d))
                task.add_done_callback(lambda t: None if t.cancelled() or t.exception() else
                                       remote.answer(number, t.result()))
        return True
