"""The table's conductor: it plays a match through its one driver loop (`Match.play`, or a
network seat's `RemoteMatch.play`) and sequences what a front end shows — with no Textual
in it, so that the Textual table, plain lines, the console and a test's fake front end run
the very same turns.

Who does what:

- the **model** (`table.model.TableModel`) says what to show next (its moments) and who is
  at the keyboard; only it sets `holder`, `asking` and `frozen`;
- the **conductor** (here) runs the match: every seat's agent is a `SeatAtTable` whose
  `choose` is `Conductor.turn` — the moves made since the last look are shown, then the
  person is asked (after a hand-off if needed, R11.2) or the CPU thinks in a thread while
  the table's pace runs. The pace, `s` (skip), the "covered" gate (the game waits while a
  screen covers the table or the terminal is too small) and the tutorial's lessons live
  here;
- the **front end** (`FrontEnd`: the Textual `TableScreen`, plain lines, the console, or a
  test's fake) shows the moments, asks a person the `Question` it is given, and sends keys
  (`skip`, `cover`); the session (`table.session.Session`) answers its other keys.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from dread_draw.coach.review import PracticeCoach
from dread_draw.coach.tutorial import Lesson, Tutor
from dread_draw.play.sim import Agent, Match
from dread_draw.rules import Decision, View
from dread_draw.table.asking import Question, question_for
from dread_draw.table.ending import Ending, ending_of
from dread_draw.table.model import HoldOwn, Moment, Redraw, TableModel, Told


@dataclass(frozen=True)
class Story:
    """The story so far, told afresh: when a table opens on a game in progress (a resumed
    or joined game: from the round in progress) and after a take-back (`again`: the latest
    moves; a front end that keeps what it said — plain lines — says nothing then).
    `earlier`: rounds before these lines are not told again."""

    lines: tuple[Told, ...]
    earlier: bool
    again: bool


class FrontEnd(Protocol):
    """What the conductor asks of a table's front end."""

    @property
    def gone(self) -> bool:
        """The table is being taken down: nothing more may be shown or played on it."""

    async def present(self, moment: Moment) -> None:
        """Show one of the model's moments; those that wait for a person (a held reveal, a
        look, a round's summary, a hand-off) return once the person has gone on."""

    async def ask(self, question: Question) -> int:
        """Ask the person in `question.seat` the question; return the option they chose.
        (Cancelled when a take-back rewinds the game: the question is gone.)"""

    def thinking(self, seat: int) -> None:
        """Say that the CPU in `seat` is thinking (while the table's pace runs)."""

    def waiting(self) -> None:
        """Say whom the table waits for (a network table, while other seats decide)."""

    async def lesson(self, lesson: Lesson) -> None:
        """One of the tutorial's lessons, read before the game goes on."""

    def retold(self, story: Story) -> None:
        """The story so far, told afresh (see `Story`)."""

    async def game_over(self, ending: Ending) -> None:
        """The match has ended: the front end's ending."""


class Conductor:
    """Plays `model.match` for a front end (see the module docstring), at the CPUs' pace the
    model holds (`model.cpu_delay`, seconds; 0: none). `hold`: seconds a person's own failed
    reveal stays before going on by itself (0: until they go on). `tutor`: the tutorial's
    lessons (None: not the tutorial); `review`: the ending offers a review; `rated`: each
    person's rating change in words, asked once the game has ended and been kept."""

    def __init__(self, model: TableModel, front: FrontEnd, hold: float = 0,
                 tutor: Tutor | PracticeCoach | None = None, review: bool = False,
                 rated: Callable[[], Sequence[str]] | None = None) -> None:
        self.model = model
        self.match = model.match
        self.front = front
        self.hold = hold
        self.tutor = tutor
        self.review = review
        self.rated = rated
        self.wake = asyncio.Event()  # `s`: the pace ends at once
        self.uncovered = asyncio.Event()  # no screen over the table, big enough to play
        self.uncovered.set()

    # ------------------------------------------------------------------ the front's keys

    def skip(self) -> None:
        """`s`: skip the CPUs' turns up to the next decision of a person."""
        self.model.skipping = True
        self.wake.set()

    def cover(self, covered: bool) -> None:
        """A screen covers the table (or the terminal is too small): the game waits."""
        if covered:
            self.uncovered.clear()
        else:
            self.uncovered.set()

    # ------------------------------------------------------------------------ the match

    async def play(self) -> None:
        """The match through its one driver: each seat's agent is a `SeatAtTable`, and
        each move reaches the model through its hook. Then the last moves are shown and the
        front end's ending. An agent whose table is gone never answers."""
        m = self.match
        saved = list(m.agents)
        m.agents = [SeatAtTable(self, seat, agent) for seat, agent in enumerate(saved)]
        m.add_hook(self.model.moved)
        try:
            await m.play()
        finally:
            m.agents = saved
            m.remove_hook(self.model.moved)
        await self.catch_up()
        if self.front.gone:
            return
        await self.front.present(Redraw())
        await self.lessons()  # the tutorial's last lesson (the fortune)
        if self.front.gone or not m.game.over:
            return
        rated = self.rated() if self.rated is not None else ()
        await self.front.game_over(ending_of(m, self.model.names, self.review, rated))

    async def turn(self, seat: int, cpu: Agent | None, view: View | None,
                   decision: Decision) -> int:
        """A seat's answer to its decision (`SeatAtTable.choose` awaits it): first the last
        moves are shown, then the person is asked — after a hand-off if needed (R11.2) — or
        the CPU thinks in a thread while the pace runs."""
        front, model = self.front, self.model
        await self.catch_up()
        await self.lessons()
        option = -1
        if not front.gone:
            model.paced = False
            await self.present_all(model.turn_start(seat, cpu is None))
            if cpu is None:
                if not front.gone:
                    option = await self.ask(seat)
            else:
                # The CPU thinks in a thread while the pause runs: the pace is the longer one.
                thinking = asyncio.ensure_future(asyncio.to_thread(cpu.choose, view, decision))
                model.paced = not model.skipping and model.cpu_delay > 0
                if model.paced:
                    front.thinking(seat)
                    await self.pause(model.cpu_delay)
                chosen = await thinking
                assert isinstance(chosen, int), "a CPU answers at once"
                option = chosen
                await self.uncovered.wait()  # the game waits while a player reads
        if front.gone:
            await asyncio.Future()  # never answers: the table's driver is cancelled
        model.move_made()  # what a reveal in this move has to beat (public)
        return option

    async def ask(self, seat: int) -> int:
        """The person in `seat` is asked their decision through the front end."""
        model = self.model
        question = question_for(model, seat)
        model.asking_now(seat)
        try:
            option = await self.front.ask(question)
        except asyncio.CancelledError:
            model.withdrawn()
            raise
        model.answered(seat)
        return option

    async def lessons(self) -> None:
        """The tutorial's lessons due now, if this is the tutorial, or a practice's verdict
        on the choice just made (the game waits)."""
        if self.tutor is None or not isinstance(self.match, Match):
            return
        # a practice's verdict may search an option the review did not weigh: off the loop
        due = (await asyncio.to_thread(self.tutor.due, self.match)
               if isinstance(self.tutor, PracticeCoach) else self.tutor.due(self.match))
        for lesson in due:
            if self.front.gone:
                return
            await self.front.lesson(lesson)

    async def watch(self) -> None:
        """Between two updates of a network table that ask this seat nothing: the moves
        made since the last look are shown, then whom the table waits for."""
        await self.catch_up()
        if not self.front.gone:
            self.front.waiting()

    async def catch_up(self) -> None:
        """Show the moves made since the last look, one by one (the model says what)."""
        await self.present_all(self.model.catch_up())

    async def present_all(self, moments: Iterable[Moment]) -> None:
        for moment in moments:
            if self.front.gone:
                return
            await self.present(moment)
            if self.front.gone:
                return

    async def present(self, moment: Moment) -> None:
        """One moment through the front end; a person's own failed reveal goes on by
        itself after `hold` seconds of the table in sight, when a hold is set."""
        if not (isinstance(moment, HoldOwn) and self.hold > 0):
            await self.front.present(moment)
            return
        shown = asyncio.ensure_future(self.front.present(moment))
        held = asyncio.ensure_future(self.pause(self.hold))
        try:
            await asyncio.wait([shown, held], return_when=asyncio.FIRST_COMPLETED)
        finally:
            held.cancel()
            shown.cancel()
            await asyncio.wait([shown])  # its question is withdrawn before the next one

    async def pause(self, seconds: float) -> None:
        """The CPUs' pace: `seconds` of time with the table in sight (the clock stops while
        a screen covers it — someone is reading — or the terminal is too small); `s` ends
        it at once."""
        self.wake.clear()
        left = seconds
        while left > 0 and not self.wake.is_set():
            if not self.uncovered.is_set():
                await self.uncovered.wait()
                continue
            step = min(left, 0.05)
            try:
                await asyncio.wait_for(self.wake.wait(), step)
            except TimeoutError:
                pass
            left -= step


class SeatAtTable:
    """A seat's `Agent` while the conductor plays the match: it answers through the table —
    a person at the front end, a CPU (`cpu`, the seat's own agent) in a thread at the
    table's pace. A network seat's match also calls `watch` while others decide."""

    def __init__(self, conductor: Conductor, seat: int, cpu: Agent | None) -> None:
        self.conductor, self.seat, self.cpu = conductor, seat, cpu

    @property
    def reads_view(self) -> bool:
        return self.cpu is not None and self.cpu.reads_view

    def choose(self, view: View | None, decision: Decision) -> Awaitable[int]:
        return self.conductor.turn(self.seat, self.cpu, view, decision)

    async def watch(self) -> None:
        await self.conductor.watch()
