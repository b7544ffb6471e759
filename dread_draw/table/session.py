"""One table session behind every front end (no Textual): everything a table does beyond
drawing, written once — the full table (`tui/`), plain lines (`lines/plain.py`), the join
console (`lines/console.py`) and the browser (the full table, served) all run through it.

A `Session` holds a match (`TableMatch`: a local `Match`, or one seat of a hosted game),
its `TableModel` (who holds the keyboard, what is private to whom, the moments to show) and
its `Conductor` (the one driver, the pace, the tutorial's lessons), and answers the keys a
front end forwards:

- `run()`: the game from where it stands — the story so far told afresh (`Story`), then
  played to its end, starting again after a take-back;
- `hint_lines(seat)`: the coach's hint, from that seat's view only (R11), with every
  seat's level — its whole fixed schedule, the same numbers on any machine (plain lines
  wait for it); `think_hint(seat)` starts the same hint shared among the coach's worker
  processes and offers its answer so far with its progress (the full table shows it
  refining), its last answer word for word `hint_lines`'s. The one place a table asks the
  coach (`coach.hints.Thinking`); `warm_coach()` starts those processes ahead of a hint;
- `take_back()`: the person's last choice taken back when the rule allows it (else why
  not), the game rewound and asked again;
- `thinking_line(seat)`: what a table says while a CPU thinks.

A network table (a `RemoteMatch`) serves no hint, take-back or review: the host alone holds
the game (`NETWORK_KEYS`).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncGenerator, Callable, Sequence
from contextlib import aclosing
from dataclasses import dataclass

from dread_draw.coach.hints import HINT_MS, Hint, Thinking, coach_workers, note_hint
from dread_draw.coach.review import tutor_for
from dread_draw.coach.takeback import check_take_back, take_back
from dread_draw.coach.words import hint_heading, hint_lines, hint_progress, take_back_text
from dread_draw.i18n import _, fmt, level_word
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.rules import Decision
from dread_draw.table.conductor import Conductor, FrontEnd, Story
from dread_draw.table.model import (
    HINT,
    INFO_KEYS,
    REVIEW,
    TAKE_BACK,
    Info,
    TableModel,
    Told,
)
from dread_draw.table.seam import TableMatch

RESUME_EVENTS = 400  # a table opened on a game in progress tells at most its last events
NETWORK_KEYS = tuple(k for k in INFO_KEYS if k not in (HINT, TAKE_BACK, REVIEW))


def kind_words(spec: SeatSpec) -> str:
    """A seat's kind in words: "human", "CPU hard"."""
    return _("human") if spec.is_human else fmt(_("CPU {level}"), level=level_word(spec.kind))


class Session:
    """A table's session (see the module docstring).

    `people`: the seats played at this keyboard (default: every person's seat: hot-seat);
    `cpu_delay`: the CPUs' pace in seconds; `hold_own`: a person's own failed reveal waits
    for them (default: when the CPUs have a pace); `hold`: seconds after which it goes on
    by itself (0: never); `save`: saves the game now (a hint and a take-back are no moves:
    no hook hears them); `rated`: each person's rating change in words, once the game has
    ended and been kept."""

    def __init__(self, match: TableMatch, front: FrontEnd, *, people: list[int] | None = None,
                 cpu_delay: float = 0.8, hold_own: bool | None = None, hold: float = 0,
                 save: Callable[[], None] | None = None,
                 rated: Callable[[], Sequence[str]] | None = None) -> None:
        self.match = match
        self.local = match if isinstance(match, Match) else None  # the game is here
        self.front = front
        self.save = save
        humans = people if people is not None else [
            i for i, s in enumerate(match.seats) if s.is_human]
        self.model = TableModel(match, humans, cpu_delay=cpu_delay,
                                hold_own=cpu_delay > 0 if hold_own is None else hold_own,
                                served=INFO_KEYS if self.local is not None else NETWORK_KEYS)
        local = self.local
        self.tutor = tutor_for(local) if local is not None else None  # lessons, verdicts
        self.conductor = Conductor(self.model, front, hold=hold, tutor=self.tutor,
                                   review=local is not None, rated=rated)
        self.hint_ms = HINT_MS  # the size of the coach's fixed schedule (ms of rollouts)
        self.resume_events = RESUME_EVENTS
        self.driving: asyncio.Future[None] | None = None
        self.rewound = False  # a take-back cancelled the driver: it starts again

    @property
    def names(self) -> list[str]:
        return self.model.names

    # ----------------------------------------------------------------------- the game

    async def run(self) -> None:
        """The story so far, then the game played through the conductor to its end (and
        the front end's ending); after a take-back the story is told afresh and the game
        goes on from the rewound match."""
        self.front.retold(self.story())
        while True:
            self.rewound = False
            self.driving = asyncio.ensure_future(self.conductor.play())
            try:
                await self.driving
                return
            except asyncio.CancelledError:
                if not self.rewound:
                    self.driving.cancel()
                    raise
            finally:
                self.driving = None
            self.model.restart_story()
            self.front.retold(self.story(again=True))

    def story(self, again: bool = False) -> Story:
        """The story so far for a front end opened on it: a new game's first lines ("A new
        game: …"), or the round in progress of a game resumed or joined, at most
        `resume_events` of its last events — the trackers read from the start of the round
        the lines start in, all they need — or after a take-back (`again`) the last
        `resume_events` events."""
        events = self.match.events
        n = len(events)
        starts = [i for i, ev in enumerate(events) if ev["type"] == "round_start"]
        tell = max(0, n - self.resume_events)
        begun = any(ev["type"] not in ("game_start", "round_start", "turn") for ev in events)
        if not again and starts and begun:
            tell = max(tell, starts[-1])
        begin = max((i for i in starts if i <= tell), default=0)
        lines = []
        for i in range(begin, n):
            line, _report = self.model.note(events[i])
            if line and i >= tell:
                lines.append(Told(line, self.model.mine_line(events[i])))
        return Story(tuple(lines), earlier=tell > 0, again=again)

    # ------------------------------------------------------------------ the coach's keys

    def levels(self) -> list[str]:
        """Every seat's kind (a CPU's level, or a person): how the coach assumes each plays."""
        return [s.kind for s in self.match.seats]

    def hint_lines(self, seat: int) -> list[str]:
        """`h`: what the coach would do in `seat`'s place and why, from that seat's view
        only (R11), against the seats as they are (`levels`): its whole fixed schedule,
        shared among the coach's worker processes and waited for — the same lines on any
        machine; recorded in the match (the save, the replay and `stats` say hints were
        used) and saved. The game waits meanwhile."""
        asked = self.think_hint(seat)
        assert asked is not None, "a hint for the seat asked"
        found = asked.thinking.wait()
        asked.used()
        return asked.lines_of(found)

    def think_hint(self, seat: int) -> HintAsked | None:
        """Start the coach on `seat`'s pending question (its view only, R11; every seat's
        level), shared among the coach's worker processes: `HintAsked.so_far()` gives its
        answer as it refines. None if the question is no longer `seat`'s to answer (the
        game went on before the hint was asked)."""
        m = self.local
        assert m is not None, "a network table serves no hint"
        view = m.game.view(seat)
        decision = view.pending
        if decision is None or decision.seat != seat or m.game.pending is None:
            return None
        levels = self.levels()
        thinking = Thinking(view, decision, self.hint_ms, seed=m.seed, levels=levels)
        return HintAsked(self, m, seat, m.game.pending, thinking, levels or ())

    def warm_coach(self) -> None:
        """Start the coach's worker processes now, in a thread, when a person here may ask a
        hint (a local game): the first hint then answers as fast as the others."""
        if self.local is not None and self.model.people:
            threading.Thread(target=coach_workers().warm, name="coach-warm",
                             daemon=True).start()

    def hint_used(self, seat: int) -> None:
        """Record that `seat` was shown a hint at the question now pending, and save."""
        assert self.local is not None
        note_hint(self.local, seat)
        if self.save is not None:
            self.save()

    def take_back(self) -> str:
        """`u`: take back the last choice of the person at the keyboard (or of the person
        handing it on) when the rule allows it — the game is rewound, the driver starts
        again and asks anew — else say why not. The line to show, in words."""
        info = self.model.info(TAKE_BACK)
        m = self.local
        if not info.offered or info.seat is None or m is None:
            return info.line
        check = check_take_back(m, info.seat)
        if not check.allowed:
            return take_back_text(check, self.names)
        driving = self.driving
        take_back(m, info.seat)
        if self.save is not None:
            self.save()
        if driving is not None and not driving.done():
            self.rewound = True
            driving.cancel()
        return _("Your last choice was taken back. Choose again.")

    def info(self, key: str) -> Info:
        """An information key, answered for the person at the keyboard (the model's)."""
        return self.model.info(key)

    # -------------------------------------------------------------------------- words

    def thinking_line(self, seat: int) -> str:
        """What a table says while the CPU in `seat` thinks; once the people are knocked
        out of the round (or the game), that `s` skips the CPUs' turns."""
        g = self.match.game
        spec = self.match.seats[seat]
        thinking = fmt(_("{name} ({kind}) is thinking…"), name=spec.name,
                       kind=kind_words(spec)) + "   "
        people = [s for s in self.model.people if not g.defeated[s]]
        if not people:
            return thinking + _("Nobody at the keyboard is left in the game: press s to skip "
                                "ahead to the end.")
        out = [s for s in people if not g.in_round[s]]
        if len(out) < len(people):
            return thinking + _("Press s to skip ahead to the next decision of a person.")
        if len(out) == 1:
            return thinking + fmt(_("{name} is out of this round: press s to skip ahead to "
                                    "the next decision of a person."), name=self.names[out[0]])
        return thinking + _("Everyone at the keyboard is out of this round: press s to skip "
                            "ahead to the next decision of a person.")


@dataclass(frozen=True)
class HintSoFar:
    """The coach's answer as it stands: its lines in words (a heading — what it would
    choose, or leans to so far — a blank line, the chances and reasons: once `final`,
    `Session.hint_lines`'s word for word), and how far it is: `deals` of its `schedule`'s
    played, `progress` that in words ("" once final)."""

    lines: tuple[str, ...]
    deals: int
    schedule: int
    progress: str

    @property
    def final(self) -> bool:
        return self.deals >= self.schedule


class HintAsked:
    """A hint being thought (`Session.think_hint`): the seat's question it answers, the
    coach's `Thinking`, and the words of its answers."""

    def __init__(self, session: Session, match: Match, seat: int, decision: Decision,
                 thinking: Thinking, levels: Sequence[str]) -> None:
        self.session, self.match, self.seat = session, match, seat
        self.decision, self.thinking, self.levels = decision, thinking, levels
        self.shown = False

    def still_asked(self) -> bool:
        """Whether the question is still the one pending (not answered, nor taken back)."""
        return self.match.game.pending is self.decision

    def lines_of(self, found: Hint) -> list[str]:
        names = self.session.names
        return [hint_heading(found, self.match.deck, names), "",
                *hint_lines(found, self.match.deck, names, self.levels)]

    def used(self) -> None:
        """The hint was shown: recorded (once) and saved."""
        if not self.shown:
            self.shown = True
            self.session.hint_used(self.seat)

    async def so_far(self) -> AsyncGenerator[HintSoFar, None]:
        """The answer as it refines (after about 0.3 s, then every quarter second at most),
        the final answer last; recorded as used at the first. Ends early, with nothing
        more, once the question is no longer asked (`still_asked`); closed early, the deals
        not yet started are dropped."""
        async with aclosing(self.thinking.hints()) as answers:
            async for found in answers:
                if not self.still_asked():
                    return
                self.used()
                yield HintSoFar(tuple(self.lines_of(found)), found.deals, found.schedule,
                                "" if found.final else hint_progress(found))

    def cancel(self) -> None:
        self.thinking.cancel()
