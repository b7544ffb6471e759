"""The one driver (docs/DESIGN.md principle 6): one loop, one Agent protocol, per-decision hooks.

A person's seat is an async seat: its answer is awaited (the table's, later the network's),
through the very loop `simulate` drives for CPU seats."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable

import pytest

from dread_draw.ai import make_agent
from dread_draw.play.sim import HUMAN, Match, Move, SeatSpec
from dread_draw.rules import Decision, View


class TablePerson:
    """A fake person at a fake table: `choose` hands the question to the table and awaits
    the answer, as the real table's seat will. Here the 'person' answers as `normal` would,
    a few event-loop turns later."""

    reads_view = True

    def __init__(self) -> None:
        self.questions: asyncio.Queue[tuple[View, Decision, asyncio.Future[int]]] | None = None
        self.asked = 0

    def choose(self, view: View | None, decision: Decision) -> Awaitable[int]:
        assert view is not None and view.seat == decision.seat  # only its own view (R11)
        assert self.questions is not None
        answer: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.questions.put_nowait((view, decision, answer))
        self.asked += 1
        return answer

    async def table(self) -> None:
        """The table's side: show each question, wait a little, press an answer."""
        assert self.questions is not None
        person = make_agent("normal")
        while True:
            view, decision, answer = await self.questions.get()
            await asyncio.sleep(0)
            answer.set_result(person.choose(view, decision))  # type: ignore[arg-type]


def test_a_person_seat_is_an_async_seat_of_the_one_loop_that_simulate_uses(standard_deck):
    """Seat 1 is a person whose answers are awaited; the two CPU seats answer at once. The
    game is the very game `simulate`'s loop plays with a `normal` CPU in that seat."""
    person = TablePerson()
    kinds = ["easy", HUMAN, "normal"]
    seats = [SeatSpec(f"S{i}", k) for i, k in enumerate(kinds)]

    async def main() -> Match:
        person.questions = asyncio.Queue()
        table = asyncio.create_task(person.table())
        m = Match(standard_deck, seats, 5, agents={1: person})
        await m.play()
        table.cancel()
        return m

    played = asyncio.run(main())
    assert played.over and person.asked > 10
    same = Match(standard_deck, [SeatSpec(s.name, "normal" if s.kind == HUMAN else s.kind)
                                 for s in seats], 5)
    same.run()  # the loop `simulate` drives (play_one), with a CPU in seat 1
    assert played.choices == same.choices
    assert played.events[1:] == same.events[1:]  # all but game_start, which names the seats


class Waiting:
    """A seat whose answer takes one turn of the event loop."""

    reads_view = False

    def choose(self, view: View | None, decision: Decision) -> Awaitable[int]:
        return asyncio.sleep(0, result=decision.options[0])


def test_driving_without_an_event_loop_refuses_a_seat_that_awaits(standard_deck):
    """`run` (simulate, arena) is for seats that answer at once; an awaiting seat needs
    `await play()` — said plainly, not a hang."""
    m = Match(standard_deck, [SeatSpec("A", HUMAN), SeatSpec("B", "normal")], 1,
              agents={0: Waiting()})
    with pytest.raises(RuntimeError, match="awaited"):
        m.run()


def test_a_seat_without_an_agent_stops_the_loop_for_whoever_drives_the_match(standard_deck):
    """Today's table answers its people itself: `play_cpus` plays the CPUs up to them."""
    m = Match(standard_deck, [SeatSpec("A", "normal"), SeatSpec("B", HUMAN)], 3)
    m.play_cpus()
    assert not m.over and m.to_move() == 1 and not m.cpu_to_move()


def test_every_hook_hears_every_decision_with_its_events_and_the_time_taken(standard_deck):
    m = Match(standard_deck, [SeatSpec("A", "normal"), SeatSpec("B", "easy")], 2)
    heard: list[Move] = []
    m.hooks.append(lambda match, move: heard.append(move))
    start = len(m.events)
    m.run()
    assert [mv.option for mv in heard] == m.choices
    assert [e for mv in heard for e in mv.events] == m.events[start:]
    assert all(mv.seconds >= 0 for mv in heard) and sum(mv.seconds for mv in heard) > 0
    assert all(mv.option in mv.decision.options for mv in heard)
