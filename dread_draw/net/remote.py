"""A hosted game seen from one seat, shaped as the table's input (no Textual here).

The table (`tui/`) renders a `Match`: its seats, its deck, the log so far, and a game it asks
for a seat's view and the pending decision. `RemoteMatch` gives the table exactly that from
the client library's stream — this seat's latest `View`, the events as this seat may see
them, this seat's pending `Decision` — and `answer(option)` sends the person's choice to the
host. There is no omniscient game on this side at all (R11): `SeatGame` holds one seat's
view, and every number the table reads comes from it.

It is also Match-shaped for the table's conductor (dread_draw/table/conductor.py): `agents`,
`hooks` and a `play()` coroutine that takes the updates in turn, tells the hooks each one's
new events (a `RemoteMove`) and asks this seat's agent its own questions — so the network
table is the local table's model and driver, not a copy of them.

A watcher's (`join --watch`) is the same match with no seat (`seat` -1): its game holds the
public view the host sends a spectator (R11.1), and it is never asked anything.

`run()` pumps the connection: each update goes into a queue the table takes them from with
`next()`, and the line that says who is connected and whom the table waits for (`status`) is
told to the listeners at once, even while the table is busy (a question, a round summary).
A lost connection is said plainly and the seat is joined again with its token until it is
back (`rejoin`, shared with the console player); when the host stopped the game on purpose,
the line says so — the game is saved on the host — and the table waits for the host to take
it back (`host --resume`). The update after a rejoin repeats the log from the start, and
`take` passes on only the events not yet told.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from dread_draw.i18n import N_, _, fmt, level_word
from dread_draw.net.client import (
    Client,
    ConnectionLost,
    JoinRefused,
    NetError,
    SeatInfo,
    TableState,
    TakenOver,
    Update,
    Welcome,
)
from dread_draw.net.protocol import closed
from dread_draw.play.sim import HUMAN, Agent, SeatSpec
from dread_draw.rules import Decision, Deck, Event, PublicView, View, public_of
from dread_draw.rules.view import Known
from dread_draw.table.seam import TableHook, Watcher

REJOIN_PAUSE = 2.0  # seconds between two tries to join again after a lost connection
LOST = N_("Connection lost — reconnecting…")  # translated where it is shown
WAITING_FOR_HOST = N_("Waiting for the host to take the game back…")


def stopped_line() -> str:
    """What every front end says once the host stopped the game on purpose: why, and that
    it waits for the host to take the game back (the host's words, then the wait)."""
    return f"{closed('the host stopped')} {_(WAITING_FOR_HOST)}"


async def rejoin(client: Client, pause: float | None = None) -> None:
    """Join again with the kept seat token (or as a watcher) until the host takes the
    connection back: a host that is away (stopped, restarting, unreachable) is tried again
    every `pause` seconds, for as long as the player waits; a refusal (JoinRefused, e.g. the
    seat was given away) ends the wait."""
    while True:
        await asyncio.sleep(REJOIN_PAUSE if pause is None else pause)
        try:
            await client.connect()
        except JoinRefused:
            raise
        except NetError:
            continue  # the host is not back yet: try again
        return


AWAY_NOTE = N_("The game goes on at the host without you: the same join command takes your "
               "seat back.")  # (said when a seat's player leaves a game in progress)
BACK_LATER = N_("The same join command takes your seat back once the host takes the game "
                "back.")  # (said when a seat's player leaves a game the host stopped)


def away_note(remote: RemoteMatch) -> str:
    """What a seat's player is told on leaving a game in progress: it goes on at the host
    without them — or, the host having stopped it on purpose, why, and how to come back."""
    if remote.stopped:
        return f"{closed('the host stopped')} {_(BACK_LATER)}"
    return _(AWAY_NOTE)


def own_move(event: Event, seat: int) -> bool:
    """Whether the event tells of a choice `seat` made: a card summoned, an ability used or
    not (and what it did), a Life Deck card kept among several drawn."""
    if event.get("seat") != seat:
        return False
    kind = event["type"]
    return kind in ("summon", "ability", "outcome") or (
        kind == "damage" and len(event.get("drawn") or ()) > 1)


def seat_words(s: SeatInfo, me: bool = False) -> str:
    """One seat as every player sees it, in words."""
    if s.kind == "open":
        return fmt(_("seat {seat} open"), seat=s.seat + 1)
    who = fmt(_("{name} (you)"), name=s.name) if me else s.name
    if s.kind == "cpu":
        return fmt(_("{name} (CPU, {level})"), name=who, level=level_word(s.level))
    if s.stand_in:
        return fmt(_("{name} (away: a CPU plays for them)"), name=who)
    return who if s.connected or me else fmt(_("{name} (not connected)"), name=who)


def seat_list(table: TableState, me: int = -1) -> str:
    return ", ".join(seat_words(s, s.seat == me) for s in table.seats)


def waiting_words(table: TableState, me: int) -> str:
    """Whose decision the table waits for, in words ("" when it waits for nobody)."""
    if table.over or not 0 <= table.waiting < len(table.seats):
        return ""
    s = table.seats[table.waiting]
    if s.seat == me:
        return _("The table waits for you.")
    if s.kind == "person" and s.stand_in:
        return fmt(_("A CPU plays for {name} until they come back."), name=s.name)
    if s.kind == "person" and not s.connected:
        return fmt(_("The table waits for {name} to come back."), name=s.name)
    return fmt(_("The table waits for {name}."), name=s.name)


@dataclass(frozen=True)
class RemoteMove:
    """One update of the host as the table's hooks see it, shaped as a `sim.Move`: the
    events this seat may see that it brought. `seat` is this seat (only its own moves
    may hold something private to show it: a look, its own failed reveal); `decision`: the
    decision this seat answered just before, if the update follows its answer (else the
    one pending before); `problem`: what the host said was wrong, if anything."""

    seat: int
    decision: Decision | None
    option: int
    events: list[Event]
    seconds: float = 0.0
    problem: str = ""


class SeatGame:
    """What the table reads of a game, from this seat's latest view (a watcher's: the public
    view the host sent it): nothing more is here."""

    def __init__(self, view: View | PublicView) -> None:
        self.latest = view
        self.face_up: Known = ()  # a seat's: the Draw Deck's places everyone knows (R11.4)

    def view(self, seat: int) -> View:
        """This seat's view (the only one there is: the table asks for the seat it shows; a
        watcher's table asks for none, R11.1)."""
        if not isinstance(self.latest, View):
            raise LookupError("a watcher holds no seat's view")
        return self.latest

    def public_view(self) -> PublicView:
        """The public part of this seat's view (the host holds the game itself)."""
        if isinstance(self.latest, View):  # (its own view cannot tell which places are
            return public_of(self.latest)._replace(draw_known=self.face_up)  # everyone's)
        return self.latest

    @property
    def pending(self) -> Decision | None:
        return self.latest.pending

    @property
    def life(self) -> tuple[tuple[None, ...], ...]:
        """Each Life Deck as its size only: its cards stay hidden (R11)."""
        return tuple((None,) * n for n in self.latest.life_counts)

    # the public facts the table reads of a game are the view's own fields
    @property
    def over(self) -> bool:
        return self.latest.over

    @property
    def winner(self) -> int:
        return self.latest.winner

    @property
    def round(self) -> int:
        return self.latest.round

    @property
    def stalemate(self) -> bool:
        return self.latest.stalemate

    @property
    def defeated(self) -> Sequence[bool]:
        return self.latest.defeated

    @property
    def in_round(self) -> Sequence[bool]:
        return self.latest.in_round

    @property
    def fortune(self) -> Sequence[int]:
        return self.latest.fortune


class RemoteMatch:
    """One seat of a hosted game, as the Match the table renders (see the module docstring).
    `seed` is None: the host keeps it secret (it decides every hidden card)."""

    seed: int | None = None
    daily: str | None = None  # (a hosted game is never the daily deal)

    def __init__(self, client: Client, welcome: Welcome) -> None:
        self.client = client
        self.seat = welcome.seat  # -1: a watcher's
        self.watching = welcome.seat < 0
        self.pause = welcome.pause  # seconds a round's summary stays up (the host's choice)
        self.deck: Deck = welcome.deck
        self.seats: list[SeatSpec] = []
        self.events: list[Event] = []  # the log as this seat may see it, as told so far
        self.seat_game: SeatGame | None = None  # once the game has started
        self.table: TableState | None = None
        self.lost = False  # the connection is lost, and being joined again
        self.stopped = False  # the host stopped the game on purpose; waiting for it to resume
        self.refused = ""  # the host refused the rejoin: why (the table cannot go on)
        self.back = False  # the last update taken was the first after a rejoin
        self.taken_over = False  # the seat was joined again elsewhere: this table is done
        self.queue: asyncio.Queue[Update | None] = asyncio.Queue()
        self.listeners: list[Callable[[], None]] = []  # told whenever `status` changes
        # Match-shaped, for the table's conductor (dread_draw/table/conductor.py): this
        # seat's agent answers its questions; the hooks hear every update's new events
        self.agents: list[Agent | None] = []
        self.hooks: list[TableHook] = []
        self.current: Update | None = None  # the last update taken
        self.answered: Decision | None = None  # this seat's last answer, until the update

    # ---------------------------------------------------------------- what the table reads

    @property
    def game(self) -> SeatGame:
        """The game as this seat sees it (the table opens once the game has started)."""
        assert self.seat_game is not None, "the game has not started"
        return self.seat_game

    @property
    def over(self) -> bool:
        return self.seat_game is not None and self.seat_game.latest.over

    @property
    def started(self) -> bool:
        return self.seat_game is not None

    def add_hook(self, hook: TableHook) -> None:
        self.hooks.append(hook)

    def remove_hook(self, hook: TableHook) -> None:
        if hook in self.hooks:
            self.hooks.remove(hook)

    @property
    def status(self) -> str:
        """The line that says who is at the table and whom it waits for."""
        if self.refused:
            return self.refused
        if self.lost:
            return stopped_line() if self.stopped else _(LOST)
        if self.table is None:
            return ""
        waiting = waiting_words(self.table, self.seat)
        people = fmt(_("At the table: {seats}."), seats=seat_list(self.table, self.seat))
        if self.watching:
            people = f"{_('You are watching.')} {people}"
        return f"{waiting}  {people}" if waiting else people

    def take(self, update: Update) -> list[Event]:
        """Take an update the table shows now: this seat's view, and the events it has not
        told yet (a rejoin repeats the log from the start)."""
        shown = update.view if update.view is not None else update.public
        if shown is not None:
            if self.seat_game is None:
                self.seat_game = SeatGame(shown)
                self.seats = [SeatSpec(s.name, HUMAN if s.kind != "cpu" else s.level)
                              for s in update.table.seats]
            self.seat_game.latest = shown
            self.seat_game.face_up = update.face_up
            if len(self.agents) != len(self.seats):
                self.agents = [None] * len(self.seats)
        self.current = update
        told = len(self.events)
        self.back = update.first == 0 and told > 0
        new = [e for i, e in enumerate(update.events) if update.first + i >= told]
        self.events.extend(new)
        return new

    def news(self, update: Update) -> bool:
        """Whether the update has events not told yet."""
        return update.first + len(update.events) > len(self.events)

    def unanswered(self, update: Update) -> Decision | None:
        """The update's decision for this seat, if it is still to be answered."""
        d = self.client.decision
        return d if d is not None and update.decision is not None and \
            d.number == update.decision.number else None

    def to_move(self) -> int:
        """The seat whose decision the table waits for (-1: none)."""
        d = self.seat_game.latest.pending if self.seat_game is not None else None
        return -1 if d is None else d.seat

    async def play(self) -> None:
        """The table's driver loop for a network seat, as `Match.play` is a local match's:
        take the host's updates in turn (the first was taken when the table opened), tell
        the hooks each one's new events, and ask this seat's agent its own questions —
        answering on while updates arrive that only change the table's people; an update
        with news withdraws the question (it is asked again if still pending). While other
        seats decide, the agent `watch`es. Ends with the game, or when the connection
        cannot go on."""
        # (a watcher answers nothing: any seat's agent at its table shows the moves)
        me = self.agents[self.seat if self.seat >= 0 else 0]
        assert me is not None, "the table seats an agent"
        coming: asyncio.Future[Update | None] | None = None
        update = self.current
        try:
            while update is not None:
                decision = self.unanswered(update)
                if decision is None:
                    if isinstance(me, Watcher):  # (the table's: show the moves so far)
                        await me.watch()
                    coming = coming or asyncio.ensure_future(self.next())
                    update = await coming
                    coming = None
                else:
                    asking = asyncio.ensure_future(self.asked(me, decision))
                    while True:
                        coming = coming or asyncio.ensure_future(self.next())
                        racing: list[asyncio.Future[int] | asyncio.Future[Update | None]] = [
                            asking, coming]
                        done, _pending = await asyncio.wait(
                            racing, return_when=asyncio.FIRST_COMPLETED)
                        if asking in done:
                            self.answered = decision
                            await self.answer(asking.result())
                            update = await coming
                            coming = None
                            break
                        update, coming = coming.result(), None
                        if update is not None and not self.news(update) and \
                                self.unanswered(update) == decision:
                            self.take(update)  # only the table's people changed: ask on
                            self._tell()
                            continue
                        asking.cancel()
                        await asyncio.wait([asking])
                        break
                if update is None:
                    break
                self.step(update)
        finally:
            if coming is not None:
                coming.cancel()

    async def asked(self, agent: Agent, decision: Decision) -> int:
        """This seat's agent's answer to `decision`, from this seat's view."""
        answer = agent.choose(self.game.view(self.seat), decision)
        return answer if isinstance(answer, int) else await answer

    def step(self, update: Update) -> None:
        """Take an update and tell the hooks what it brought (see `RemoteMove`)."""
        if update.view is None and update.public is None:  # (before the start: nothing)
            return
        before = self.answered or (self.seat_game.latest.pending if self.seat_game else None)
        self.answered = None
        new = self.take(update)
        move = RemoteMove(self.seat, before, -1, new, problem=update.problem or "")
        for hook in list(self.hooks):
            hook(self, move)
        self._tell()

    async def answer(self, option: int) -> None:
        """Send the person's answer; a connection lost meanwhile is joined again, and the
        host asks the same question again (nothing is lost)."""
        try:
            await self.client.answer(option)
        except NetError:
            pass

    async def next(self) -> Update | None:
        """The next update, or None once the game is over or the connection cannot go on."""
        return await self.queue.get()

    # -------------------------------------------------------------------------- the pump

    def _tell(self) -> None:
        for listener in self.listeners:
            listener()

    async def run(self) -> None:
        """Read the host until the game is over, joining again after a lost connection."""
        try:
            while True:
                try:
                    async for update in self.client.updates():
                        self.table = update.table
                        self.queue.put_nowait(update)
                        self._tell()
                    return
                except TakenOver as e:  # final: no rejoin (the other window plays on)
                    self.refused, self.taken_over = str(e), True
                    self._tell()
                    return
                except ConnectionLost as e:
                    self.lost, self.stopped = True, e.stopped
                    self._tell()
                    await self.rejoin()
                    if self.refused:
                        return
        finally:
            self.queue.put_nowait(None)

    async def rejoin(self) -> None:
        try:
            await rejoin(self.client)
        except JoinRefused as e:
            self.refused = fmt(_("The host did not take you back: {reason}"), reason=str(e))
        else:
            self.lost = self.stopped = False
        self._tell()

    def played_for_me(self, new: list[Event]) -> bool:
        """Whether this seat moved while it was away, among the events `take` just passed on
        (the first update after a rejoin): a CPU the host gave the seat to played for it."""
        return self.back and any(own_move(e, self.seat) for e in new)
