"""The table's conductor (dread_draw/table/conductor.py) with a fake front end, no terminal:
a whole hot-seat game is played through it, asking only the people at their own seats,
after a hand-off when someone new takes a keyboard with something private on it (R11.2);
and a network seat's match (`net.remote.RemoteMatch`, fed by a fake host) is driven by the
same conductor, through the same model moments (its looks, its own failed reveals, the
round summaries)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from dread_draw.net.client import SeatInfo, TableState, Update, Welcome
from dread_draw.net.remote import RemoteMatch
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.rules.privacy import for_seat
from dread_draw.table.asking import Question
from dread_draw.table.conductor import Conductor
from dread_draw.table.model import HandOff, HoldOwn, Look, RoundOver, TableModel


class FakeFront:
    """A front end that shows nothing: it records the moments and answers each question
    with its first option, as the person at the keyboard."""

    def __init__(self, model: TableModel) -> None:
        self.model = model
        self.gone = False
        self.seen: list[Any] = []  # the moments and ("ask", seat) in order
        self.ended = False
        self.waited = 0

    async def present(self, moment: Any) -> None:
        self.seen.append(moment)

    async def ask(self, question: Question) -> int:
        m = self.model
        seat = question.seat
        assert m.holder == seat, "asked while someone else holds the keyboard"
        assert m.asked_here() == question.decision, "the model knows what is asked"
        self.seen.append(("ask", seat, m.private_to(seat)))
        await asyncio.sleep(0)
        return question.options[0][0]

    def thinking(self, seat: int) -> None:
        self.seen.append(("thinking", seat))

    def waiting(self) -> None:
        self.waited += 1

    async def lesson(self, lesson: Any) -> None:
        pass

    def retold(self, story: Any) -> None:
        pass

    async def game_over(self, ending: Any) -> None:
        self.ended = ending.over


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_r11_2_a_hot_seat_game_asks_only_people_and_hands_off_before_a_new_person(
        standard_deck, seed):
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Ben", HUMAN), SeatSpec("Cy", "easy")]
    match = Match(standard_deck, seats, seed=seed)
    model = TableModel(match, [0, 1], hold_own=True, cpu_delay=0)
    front = FakeFront(model)
    asyncio.run(Conductor(model, front).play())

    assert match.over and front.ended
    asks = [s for s in front.seen if isinstance(s, tuple) and s[0] == "ask"]
    assert asks and {seat for _a, seat, _p in asks} == {0, 1}  # never the CPU's seat
    last = None  # the last person asked, and the moments since
    since: list[Any] = []
    handoffs = 0
    for item in front.seen:
        if isinstance(item, tuple) and item[0] == "ask":
            _a, seat, private = item
            if last is not None and seat != last and private:
                assert HandOff(seat, seats[seat].name) in since, (
                    f"{seats[seat].name} was asked with private cards, without a hand-off")
                handoffs += 1
            last, since = seat, []
        else:
            since.append(item)
    assert handoffs  # the hand-off did happen (each of these seeds has some)
    assert any(isinstance(s, RoundOver) for s in front.seen)


# ------------------------------------------------------------------ a network seat's table

class FakeHost:
    """The host's side, in one process: a local match whose CPU seats play at once, each
    move sent to one seat as an `Update` (its view, the events as it may see them, its
    pending decision)."""

    def __init__(self, match: Match, seat: int) -> None:
        self.match, self.seat = match, seat
        self.told = 0
        self.last: Update | None = None
        self.queue: asyncio.Queue[Update | None] | None = None
        self.answers = 0

    def table(self) -> TableState:
        m = self.match
        seats = tuple(SeatInfo(i, s.name, "person" if s.is_human else "cpu",
                               "" if s.is_human else s.kind, True, "", False)
                      for i, s in enumerate(m.seats))
        return TableState(seats, True, m.over, m.to_move())

    def update(self) -> Update:
        m = self.match
        view = m.game.view(self.seat)
        events = [for_seat(e, self.seat) for e in m.events[self.told:]]
        first, self.told = self.told, len(m.events)
        d = view.pending if view.pending is not None and view.pending.seat == self.seat \
            else None
        self.last = Update(view, events, first, d, self.table())
        return self.last

    @property
    def decision(self) -> Any:
        return None if self.last is None else self.last.decision

    def others(self) -> None:
        """The CPUs play until this seat is asked or the game ends; one update a move."""
        m = self.match
        assert self.queue is not None
        while not m.over and m.to_move() != self.seat:
            m.apply(m.cpu_choice())
            self.queue.put_nowait(self.update())
        if m.over:
            self.queue.put_nowait(None)

    async def answer(self, option: int) -> None:
        self.answers += 1
        self.last = None  # answered: nothing pending until the next update
        self.match.apply(option)
        assert self.queue is not None
        self.queue.put_nowait(self.update())
        self.others()


@pytest.mark.parametrize("seed", [4, 5])
def test_a_network_seat_is_played_by_the_same_conductor_through_the_model(standard_deck,
                                                                          seed):
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Cy", "easy"), SeatSpec("Di", "normal")]
    match = Match(standard_deck, seats, seed=seed)
    host = FakeHost(match, 0)

    async def main() -> tuple[RemoteMatch, FakeFront]:
        remote = RemoteMatch(host, Welcome(0, "Ana", 3, standard_deck, "test"))  # type: ignore[arg-type]  # a fake host
        host.queue = remote.queue
        remote.take(host.update())  # the table opens on the first update
        model = TableModel(remote, [0], hold_own=True, cpu_delay=0)
        front = FakeFront(model)
        host.others()
        await Conductor(model, front).play()
        return remote, front

    remote, front = asyncio.run(main())
    assert match.over and remote.over and front.ended
    asks = [s for s in front.seen if isinstance(s, tuple) and s[0] == "ask"]
    assert len(asks) == host.answers and {a[1] for a in asks} == {0}
    assert front.waited  # while the CPUs decide, the table says whom it waits for
    assert not any(isinstance(s, HandOff) for s in front.seen)  # one person: never
    rounds = [s for s in front.seen if isinstance(s, RoundOver)]
    assert [r.report.round for r in rounds] == list(range(1, match.game.round + 1))
    # what only Ana may see, she is shown at once, and only her own
    assert all(s.seat == 0 for s in front.seen if isinstance(s, Look | HoldOwn))
    own_fails = [e for e in match.events if e["type"] == "fail" and e["seat"] == 0]
    assert len([s for s in front.seen if isinstance(s, HoldOwn)]) == len(own_fails)
