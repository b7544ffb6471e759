"""The host: the only `Game`, played through the one driver, with seats across the network.

The host owns the match (`Match.play` drives it, as for every game): CPU seats answer on a
worker thread, so the network keeps moving while they think; a person's seat is a
`RemoteSeat` whose `choose` awaits that seat's client — its view was already sent with the
update that followed the last move. After every move each connected client is sent, when
its connection is ready for more, one `update`: its own view, the events since the last one
it got, each as that seat may see it (`privacy.for_seat`, R11), and who sits where. Nothing
omniscient ever leaves the host: not the seed, not another seat's view, not a private card.

The host trusts no client. A connection must say `hello` with the join code first; it then
speaks for one seat only, and only an `answer` to that seat's pending Decision — the very
decision (its number), one of the options offered (exact ints) — moves the game; anything
else about a decision is refused with an `error` and the game goes on. What no honest client
sends — a frame that is not JSON, a message of unknown type, a frame over the size limit,
a flood of messages, a client that does not read what it is sent, a silent connection — ends
that connection only. A player who lost the connection comes back with their seat token;
the table waits for them, or the host hands their seat to a CPU.

The game is saved after every decision (`saves.Autosaver`, as `play` does); the join code
and the seat tokens are kept beside the save (``network.json``), so a restarted host
(`--resume`) takes the same game back with the same code and the same seats.
"""

from __future__ import annotations

import asyncio
import errno
import hmac
import json
import logging
import os
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from dread_draw import __version__
from dread_draw.ai import make_agent
from dread_draw.base.errors import DreadDrawError
from dread_draw.base.files import atomic_write, read_bounded
from dread_draw.base.reasons import os_reason
from dread_draw.base.safe_text import clean, name_fault, name_key, name_too_wide, normal_name
from dread_draw.i18n import _, fmt, level_word
from dread_draw.net.protocol import (
    PROTOCOL,
    Message,
    ProtocolError,
    dumps,
    error,
    is_int,
    loads,
    new_code,
    new_token,
    parse_answer,
    public_to_json,
    view_to_json,
)
from dread_draw.net.secure import Channel, Exchange, Guesses, Unsealed
from dread_draw.play.sim import HUMAN, Agent, Match, Move, SeatSpec
from dread_draw.rules import Decision, Deck, View
from dread_draw.rules.privacy import for_seat
from dread_draw.store.saves import Autosaver, SaveDir, autosave_new, deck_source, resume

log = logging.getLogger("dread-draw.host")

OPEN, PERSON, CPU = "open", "person", "cpu"  # what sits in a seat
NETWORK_FILE = "network.json"  # beside the save: the join code and the seat tokens
NETWORK_FORMAT = "dread-draw-network"


class HostError(DreadDrawError):
    """The host cannot start (the port is taken, the address is not this computer's)."""


@dataclass(frozen=True)
class Limits:
    """What the host puts up with from one connection before closing it."""

    max_frame: int = 64 * 1024  # bytes in one incoming frame (honest ones are under 1 KB)
    rate: float = 20.0  # messages a second, on average, besides the answers that move the
    burst: int = 40  # game (a client may answer as fast as it is asked); messages at once
    hello_seconds: float = 3.0  # a new connection must open its WebSocket, exchange keys
    #                             and say hello within this (or it is closed)
    write_seconds: float = 10.0  # a send that cannot finish in this long: the client is not
    #                              reading; its connection is closed
    ping_interval: float | None = 10.0  # how often a quiet connection is checked
    ping_timeout: float | None = 20.0  # an unanswered check closes it (half-open connections)
    max_connections: int = 32  # seated connections at once (past the join code)
    max_watchers: int = 16  # spectators (`join --watch`), besides the seated connections
    max_pending: int = 64  # connections not past the join code yet, from everywhere
    per_address: int = 8  # connections not past the join code yet, from one address
    spare_files: int = 64  # open files kept free for the save (fewer connections if need be)
    backlog: int = 16  # connections the system holds before they are accepted (and accepted
    #                    in one go: a flood opens at most this many files at once)
    refuse_seconds: float = 1.0  # a wrong code is answered this late (slows guessing)
    outbox: int = 64  # messages waiting to be sent on one connection


@dataclass
class Seat:
    """One seat at the host's table: open, a person's (remote, or the host's own), a CPU's."""

    index: int
    kind: str = OPEN
    name: str = ""
    level: str = ""  # a CPU seat's level
    token: str = ""  # a person's seat: the secret of whoever holds it ("" while unclaimed)
    stand_in: str = ""  # a person's seat played by a CPU of this level while they are away
    own: bool = False  # the host's own seat (`--name`)
    conn: Connection | None = None
    joined: bool = False  # its player has connected since the host started

    def public(self) -> Message:
        return {"seat": self.index, "name": self.name, "kind": self.kind, "level": self.level,
                "connected": self.conn is not None, "stand_in": self.stand_in,
                "host": self.own}


class Refused(Exception):
    """A join the host refuses: an `error` code, and the sentence for the player (an id of
    `protocol.SAID`, the code by default, and its parameters)."""

    def __init__(self, code: str, say: str | None = None,
                 args: dict[str, Any] | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.say = say
        self.words = args or {}


class Connection:
    """One client connection: its seat, what it has been sent, its messages to send."""

    def __init__(self, ws: ServerConnection, limits: Limits) -> None:
        self.ws = ws
        self.limits = limits
        self.seat = -1
        self.watching = False  # a spectator: the public view only (R11.1), never a seat
        self.sent = 0  # events of the log this client has been sent
        self.dirty = False  # something changed since its last update
        self.outbox: deque[Message] = deque()
        self.channel: Channel | None = None  # the sealed channel, once the code is proven
        self.guessed = False  # it ran the key exchange: one guess of the code, right or not
        peer = getattr(ws, "remote_address", None)
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        self.wake = asyncio.Event()
        self.closing: tuple[int, str] | None = None
        self.writer: asyncio.Task[None] | None = None
        self.allowance = float(limits.burst)
        self.checked = time.monotonic()

    def refund(self) -> None:
        """An answer that moved the game costs nothing: only one can be pending at a time."""
        self.allowance = min(float(self.limits.burst), self.allowance + 1.0)

    def allowed(self) -> bool:
        """One more message within the rate limit? (a token bucket)"""
        now = time.monotonic()
        self.allowance = min(float(self.limits.burst),
                             self.allowance + (now - self.checked) * self.limits.rate)
        self.checked = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True

    def post(self, message: Message) -> None:
        """Queue a message (an error, a welcome); a client that lets them pile up is closed."""
        if len(self.outbox) >= self.limits.outbox:
            self.abort()
            return
        self.outbox.append(message)
        self.wake.set()

    def changed(self) -> None:
        self.dirty = True
        self.wake.set()

    def close_after(self, message: Message | None, code: int, reason: str) -> None:
        """Send `message`, then close (the writer does both, in order)."""
        if message is not None:
            self.post(message)
        self.closing = (code, reason)
        self.wake.set()

    def abort(self) -> None:
        """Drop the connection at once (the client does not read, or floods)."""
        transport = getattr(self.ws, "transport", None)
        if transport is not None:
            transport.abort()


class Gate:
    """The connections not past the join code yet: at most `max_pending` in all and
    `per_address` from one address, counted from the moment the TCP connection is accepted
    (before its WebSocket opens), so connections that never get further cannot fill the
    seats' slots nor the host's open files."""

    def __init__(self, max_pending: int, per_address: int) -> None:
        self.max_pending = max_pending
        self.per_address = per_address
        self.pending: dict[object, str] = {}  # connection: its address
        self.by_address: dict[str, int] = {}

    def admit(self, conn: object, address: str) -> bool:
        if len(self.pending) >= self.max_pending or \
                self.by_address.get(address, 0) >= self.per_address:
            return False
        self.pending[conn] = address
        self.by_address[address] = self.by_address.get(address, 0) + 1
        return True

    def passed(self, conn: object) -> None:
        """`conn` proved the code (or is gone): it no longer counts here."""
        address = self.pending.pop(conn, None)
        if address is not None:
            left = self.by_address[address] - 1
            if left:
                self.by_address[address] = left
            else:
                del self.by_address[address]


def free_port() -> int:
    """A port free on every address (IPv6 and IPv4 when the system has both), for port 0."""
    import socket

    for family, where in ((socket.AF_INET6, "::"), (socket.AF_INET, "0.0.0.0")):
        try:
            with socket.socket(family, socket.SOCK_STREAM) as probe:
                if family == socket.AF_INET6:
                    probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
                probe.bind((where, 0))
                return int(probe.getsockname()[1])
        except OSError:
            continue
    return 0


def open_files_allowed() -> int | None:
    """This process's limit of open files (None: unknown or unlimited)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else int(soft)


class RemoteSeat:
    """A person's seat as an `Agent` of the one driver: `choose` awaits the seat's client (or
    a CPU, while the host has handed the seat to one and its player is away)."""

    reads_view = True

    def __init__(self, host: Host, seat: int) -> None:
        self.host = host
        self.seat = seat
        self.waiting: tuple[int, asyncio.Future[int]] | None = None  # (decision number, answer)
        self.stand_in: Agent | None = None

    def choose(self, view: View | None, decision: Decision) -> Awaitable[int]:
        assert view is not None
        slot = self.host.seats[self.seat]
        if slot.stand_in and slot.conn is None:
            return self.host.cpu_answer(self.cpu(slot.stand_in), view, decision)
        answer: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.waiting = (decision.number, answer)
        self.host.changed()
        return answer

    def cpu(self, level: str) -> Agent:
        if self.stand_in is None:
            self.stand_in = make_agent(level, self.host.match_seed, self.seat)
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
        return _think(self.agent, view, decision, self.pace)


async def _think(agent: Agent, view: View | None, decision: Decision,
                 pace: float = 0.0) -> int:
    """A CPU's answer, no sooner than `pace` seconds: the players' tables show each CPU move
    as it happens, at a pace people can follow (the host's --cpu-delay, as play's)."""
    thinking = asyncio.to_thread(agent.choose, view, decision)
    answer, _ = await asyncio.gather(thinking, asyncio.sleep(pace))
    assert isinstance(answer, int), "a CPU answers at once"
    return answer


@dataclass
class Lobby:
    """How the table is set before the game starts."""

    deck: Deck
    seats: list[Seat]
    seed: int
    fill: str = "normal"  # the CPU level of the seats still open when the game starts
    cpu_names: tuple[str, ...] = ()  # names for CPU seats (then "CPU 1", "CPU 2", …)

    def name_cpus(self, kinds: tuple[str, ...]) -> None:
        """Name the seats of these kinds that have no name yet, with names nobody has."""
        taken = {s.name.casefold() for s in self.seats if s.name}
        names = iter([n for n in self.cpu_names if n.casefold() not in taken]
                     + [f"CPU {i}" for i in range(1, len(self.seats) + 1)
                        if f"cpu {i}" not in taken])
        for s in self.seats:
            if s.kind in kinds and not s.name:
                s.name = next(names)


class Host:
    """One hosted game: the lobby, then the match, served to the seats' clients."""

    def __init__(self, lobby: Lobby, saves: SaveDir | None, *, code: str | None = None,
                 limits: Limits | None = None, cpu_delay: float = 0.0) -> None:
        """`cpu_delay`: seconds each CPU move takes at least (0: as fast as they think)."""
        self.lobby = lobby
        self.cpu_delay = cpu_delay
        self.deck = lobby.deck
        self.deck_text = deck_source(lobby.deck)
        self.seats = lobby.seats
        self.match_seed = lobby.seed
        self.saves = saves
        self.code = code or new_code()
        self.limits = limits or Limits()
        self.match: Match | None = None
        self.saver: Autosaver | None = None
        self.remote: dict[int, RemoteSeat] = {}
        self.deciders: list[int] = []  # the seat of each decision answered, by its number
        self.conns: set[Connection] = set()
        self.server: Server | None = None
        self.port = 0
        self.play_task: asyncio.Task[None] | None = None
        self.over = asyncio.Event()
        self.on_news: Callable[[str], None] = lambda text: None  # sentences for the console
        self.on_change: Callable[[], None] = lambda: None  # the table changed (console)
        self.tap: Callable[[int, str], None] | None = None  # every frame sent (tests)
        self.resumed = False  # a game taken back from its save
        self.guesses = Guesses()
        self.gate = Gate(self.limits.max_pending, self.limits.per_address)
        self.notes: dict[str, tuple[int, float]] = {}  # a note: (times, since)
        self.refused_names: set[str] = set()  # name_key()s the host refused (the lobby's r)
        self.takeovers = 0  # seats taken by a newer connection with the same token
        lobby.name_cpus((CPU,))

    # ------------------------------------------------------------------- building a host

    @classmethod
    def take_back(cls, saves: SaveDir, limits: Limits | None = None,
                  cpu_delay: float = 0.0) -> tuple[Host, str]:
        """The game in progress in `saves`, with its join code and seat tokens, ready to
        serve; and a note for the console ("" when there is nothing to say)."""
        match, saver = resume(saves)
        kept = read_network(saves.root)
        if kept is not None and len(kept["seats"]) != len(match.seats):
            kept = None  # not this game's
        note = ""
        if kept is None:
            note = _("The join code and the seat tokens of this game were not found beside "
                     "the save, so this is a new join code; players take their seats back by "
                     "joining with the name they played under.")
        seats: list[Seat] = []
        for i, spec in enumerate(match.seats):
            if spec.is_human:
                mine = kept["seats"][i] if kept is not None else {}
                token = mine.get("token", "")
                seats.append(Seat(i, PERSON, spec.name, token=token,
                                  stand_in=mine.get("stand_in", ""),
                                  own=mine.get("own") is True, joined=bool(token)))
            else:
                seats.append(Seat(i, CPU, spec.name, level=spec.kind))
        host = cls(Lobby(match.deck, seats, match.seed), saves,
                   code=kept["code"] if kept is not None else None, limits=limits,
                   cpu_delay=cpu_delay)
        host.saver = saver
        host.resumed = True
        host._seat_match(match)
        match.hooks.append(host._moved)  # after the save's own hook
        return host, note

    def _seat_match(self, match: Match) -> None:
        """Seat the match's players: a `RemoteSeat` for each person, CPUs off the loop; the
        clients hear of every move after it is saved (the save's hook comes first)."""
        self.match = match
        self.match_seed = match.seed
        for i, spec in enumerate(match.seats):
            agent = match.agents[i]
            if spec.is_human:
                self.remote[i] = RemoteSeat(self, i)
                match.agents[i] = self.remote[i]
            elif agent is not None:
                match.agents[i] = OffLoop(agent, self.cpu_delay)

    # --------------------------------------------------------------------- the lobby

    @property
    def started(self) -> bool:
        return self.match is not None

    def full(self) -> bool:
        """Every seat has its player: no open seat, no person's seat still unclaimed."""
        return all(s.kind != OPEN and not (s.kind == PERSON and not s.token and not s.stand_in)
                   for s in self.seats)

    def begin(self) -> None:
        """Start the game: the open seats become CPU seats; from now on it is saved."""
        if self.started:
            return
        for s in self.seats:
            if s.kind == OPEN:
                s.kind, s.level = CPU, self.lobby.fill
        self.lobby.name_cpus((CPU,))
        specs = [SeatSpec(s.name, HUMAN if s.kind == PERSON else s.level) for s in self.seats]
        match = Match(self.deck, specs, self.lobby.seed)
        self._seat_match(match)
        self._save_network()  # before the first save: a save never lacks its tokens
        if self.saves is not None:
            self.saver = autosave_new(self.saves, match, self._autosave_failed)
        match.hooks.append(self._moved)
        self._launch()

    def _launch(self) -> None:
        self.play_task = asyncio.get_running_loop().create_task(self._play())
        self.changed()

    async def _play(self) -> None:
        assert self.match is not None
        try:
            await self.match.play()
        except Exception:  # a bug: say so, keep the save, end the game for everyone
            log.exception("the game stopped")
            self.on_news(_("The game stopped because of an error in Dread Draw; it is saved "
                           "as it was before the error."))
        finally:
            if self.match.over and self.saves is not None:
                forget_network(self.saves.root)
            self.over.set()
            self.changed()

    def _autosave_failed(self, message: str) -> None:
        self.note(message)

    def hand_to_cpu(self, seat: int, level: str | None = None) -> bool:
        """Let a CPU play a person's seat while its player is away (the console's `c`)."""
        slot = self.seats[seat]
        if slot.kind != PERSON or slot.conn is not None or not self.started:
            return False
        slot.stand_in = level or self.lobby.fill
        remote = self.remote[seat]
        self._save_network()
        self.on_news(fmt(_("A CPU ({level}) plays for {name} until they come back."),
                         level=level_word(slot.stand_in), name=slot.name))
        if remote.waiting is not None and self.match is not None:
            number, answer = remote.waiting
            d = self.match.game.pending
            if d is not None and d.seat == seat and d.number == number:
                view = self.match.game.view(seat)
                task = asyncio.get_running_loop().create_task(
                    self.cpu_answer(remote.cpu(slot.stand_in), view, d))
                task.add_done_callback(lambda t: None if t.cancelled() or t.exception() else
                                       remote.answer(number, t.result()))
        self.changed()
        return True

    # ------------------------------------------------------------ the host's lobby commands

    def free_seat(self, seat: int, *, cpu: str | None = None, refuse: bool = False) -> bool:
        """Before the start: free a person's seat (anyone may take it again), or give it to
        a CPU of level `cpu`, and with `refuse` refuse its name from now on. Its player, if
        connected, is told and leaves for good (False: not a seat the host can free)."""
        if self.started or not 0 <= seat < len(self.seats):
            return False
        slot = self.seats[seat]
        if slot.kind != PERSON or slot.own:
            return False
        name = slot.name
        if refuse:
            self.refused_names.add(name_key(name))
        conn, slot.conn = slot.conn, None
        if conn is not None:
            conn.seat = -1
            conn.close_after(error("freed"),
                             1000, "freed")
        slot.token, slot.joined, slot.stand_in = "", False, ""
        if cpu is not None:
            slot.kind, slot.name, slot.level = CPU, "", cpu
            self.lobby.name_cpus((CPU,))
            self.note(fmt(_("Seat {seat} ({name}) goes to a CPU ({level})."), seat=seat + 1,
                          name=name, level=level_word(cpu)))
        else:
            slot.kind, slot.name = OPEN, ""
            self.note(fmt(_("Seat {seat} ({name}) is open again."), seat=seat + 1, name=name))
        if refuse:
            self.note(fmt(_("The name {name} may not sit at this table."), name=name))
        self.changed()
        return True

    def cpu_answer(self, agent: Agent, view: View, decision: Decision
                   ) -> Coroutine[Any, Any, int]:
        return _think(agent, view, decision, self.cpu_delay)

    def waiting(self) -> int:
        """The seat whose decision the table waits for (-1: none)."""
        if self.match is None:
            return -1
        return self.match.to_move()

    # ------------------------------------------------------------------------ serving

    async def start(self, address: str | None, port: int) -> None:
        """Listen (HostError if the port is taken or the address is not this computer's)."""
        host = self
        if port == 0 and address is None:  # every address: one port for all of them (each
            port = free_port()             # family's socket would get a port of its own)
        allowed = open_files_allowed()
        if allowed is not None:  # enough open files left for the saves, come what may
            budget = (allowed - self.limits.spare_files - self.limits.max_connections
                      - self.limits.backlog)
            self.gate.max_pending = max(2, min(self.gate.max_pending, budget))

        class Gated(ServerConnection):
            """A connection counted by the host's gate from the moment it is accepted."""

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                peer = transport.get_extra_info("peername")
                where = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
                if not host.gate.admit(self, where):
                    host.note(_("Too many connections are waiting to join; new ones are "
                                "turned away for now."))
                    assert isinstance(transport, asyncio.Transport)
                    transport.abort()

            def connection_lost(self, exc: Exception | None) -> None:
                host.gate.passed(self)
                super().connection_lost(exc)

        loop = asyncio.get_running_loop()
        if loop.get_exception_handler() is None:
            loop.set_exception_handler(self._loop_problem)
        try:
            self.server = await serve(
                self._serve, address, port, max_size=self.limits.max_frame,
                create_connection=Gated, open_timeout=self.limits.hello_seconds,
                ping_interval=self.limits.ping_interval, ping_timeout=self.limits.ping_timeout,
                compression=None,  # no decompression bombs; the messages are small
                origins=[None],  # no web page in a browser may open a connection here
                max_queue=4, close_timeout=2, server_header=None,
                backlog=self.limits.backlog)  # accepted at once: files open at one time
        except OSError as e:
            where = address or _("every address of this computer")
            if e.errno == errno.EADDRINUSE:
                raise HostError(fmt(_("Port {port} is already in use on {where}: another program "
                                      "(perhaps another Dread Draw host) is using it. Choose "
                                      "another port with --port."), port=port,
                                    where=where)) from None
            raise HostError(fmt(_("Cannot listen on {where}, port {port} ({reason})."),
                                where=where, port=port, reason=os_reason(e))) from None
        self.port = self.server.sockets[0].getsockname()[1] if self.server.sockets else port
        if self.match is not None and self.play_task is None:
            self._launch()  # a resumed game goes on at once; its people's seats wait for them

    async def close(self) -> None:
        """Stop: close every connection (the game stays saved as it is)."""
        if self.play_task is not None and not self.play_task.done():
            self.play_task.cancel()
        for conn in list(self.conns):
            conn.close_after(None, 1001, "the host stopped")
        if self.server is not None:
            self.server.close()
            try:
                await asyncio.wait_for(self.server.wait_closed(), 3)
            except TimeoutError:
                pass

    async def finish(self, grace: float = 5.0) -> None:
        """After the game: send everyone the last update, then close the connections."""
        await self.over.wait()
        deadline = time.monotonic() + grace
        while any(c.dirty or c.outbox for c in self.conns) and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        for conn in list(self.conns):
            conn.close_after(None, 1000, "the game is over")
        if self.server is not None:
            self.server.close()
            try:
                await asyncio.wait_for(self.server.wait_closed(), grace)
            except TimeoutError:
                pass

    def changed(self) -> None:
        """The table changed (a move, a seat's connection): every client gets an update."""
        for conn in self.conns:
            if conn.seat >= 0 or conn.watching:
                conn.changed()
        self.on_change()

    def note(self, text: str, window: float = 60.0) -> None:
        """Tell the console `text` once; the same note again within `window` seconds is
        counted, and said again with its count at 10, 100, 1000… times (a flood of wrong
        codes or refused connections makes a few lines, not thousands)."""
        now = time.monotonic()
        count, since = self.notes.get(text, (0, now))
        if count == 0 or now - since > window:
            self.notes[text] = (1, now)
            self.on_news(text)
            return
        count += 1
        self.notes[text] = (count, since)
        if count in (10, 100, 1000, 10_000, 100_000, 1_000_000):
            self.on_news(fmt(_("{note} ({count} times in a short while.)"), note=text,
                             count=count))

    def _loop_problem(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """asyncio's reports (such as "out of open files" when accepting): logged once with
        a count, never a traceback each time."""
        what = str(context.get("message", "a problem"))
        e = context.get("exception")
        if e is not None:
            what = f"{what}: {type(e).__name__}: {e}"
        count = self.notes.get(what, (0, 0.0))[0] + 1
        self.notes[what] = (count, time.monotonic())
        if count == 1:
            log.warning("%s", what)
        elif count in (10, 100, 1000, 10_000, 100_000):
            log.warning("%s (%d times)", what, count)

    def _moved(self, match: Match, move: Move) -> None:
        deciders = self.deciders
        while len(deciders) < move.decision.number:
            deciders.append(-1)  # decided before this host was started (a resumed game)
        deciders.append(move.seat)
        self.changed()

    async def _serve(self, ws: ServerConnection) -> None:
        conn = Connection(ws, self.limits)
        self.conns.add(conn)
        conn.writer = asyncio.get_running_loop().create_task(self._write(conn))
        try:
            await self._greet(conn)
            if conn.seat >= 0 or conn.watching:
                await self._listen(conn)
        except ConnectionClosed:
            pass
        finally:
            await self._drop(conn)

    @staticmethod
    def _turn_away(conn: Connection, e: ProtocolError | Refused) -> None:
        """Close a connection whose handshake or hello was not understood or was refused,
        saying why."""
        if isinstance(e, Refused):
            conn.close_after(error(e.code, e.say, e.words, protocol=PROTOCOL, version=__version__),
                             1008, "refused")
        else:
            conn.close_after(error("bad-message", args={"problem": str(e)}), 1008,
                             "bad message")

    async def _greet(self, conn: Connection) -> None:
        """The key exchange on the join code, then the sealed hello (module `secure`)."""
        try:
            async with asyncio.timeout(self.limits.hello_seconds):
                message = await self._handshake(conn)
        except TimeoutError:
            conn.close_after(error("hello"), 1008, "no hello")
            return
        except (ProtocolError, Refused) as e:
            self._turn_away(conn, e)
            return
        if message is None:
            return
        try:
            if message.get("watch") is True:
                self._watch(conn, message)
                return
            seated = sum(1 for c in self.conns if c.seat >= 0)
            if seated >= self.limits.max_connections:
                conn.close_after(None, 1013, "too many connections")
                return
            seat = self._admit(conn, message)
        except (ProtocolError, Refused) as e:
            self._turn_away(conn, e)
            return
        slot = self.seats[seat]
        conn.post({"type": "welcome", "protocol": PROTOCOL, "version": __version__,
                   "seat": seat, "token": slot.token, "name": slot.name,
                   "players": len(self.seats),
                   "deck": {"name": self.deck.name, "hash": self.deck.content_hash,
                            "text": self.deck_text}})
        conn.seat = seat
        conn.sent = 0
        self.changed()

    async def _handshake(self, conn: Connection) -> Message | None:
        """The client's key exchange message (in the clear: the versions, and its half of
        SPAKE2), the host's half back, then the client's first sealed frame, its hello: the
        hello when it opens (the client knows the code), None when the connection is being
        closed (a wrong code)."""
        first = loads(await conn.ws.recv())
        if first["type"] not in ("pake", "hello"):
            raise ProtocolError("the first message must be the key exchange")
        self._check_version(first)
        if first["type"] != "pake":
            raise ProtocolError("the first message must be the key exchange")
        wait = self.guesses.wait(conn.address)
        if wait > 0:
            self.note(_("Too many wrong join codes: joining is slowed down for a while."))
            raise Refused("slow-down")
        exchange = Exchange(self.code, host=True)
        channel = exchange.finish(first.get("pake"))
        conn.guessed = True  # a guess, unless its hello opens (the key exchange costs CPU)
        conn.post({"type": "pake", "pake": exchange.message})
        raw = await conn.ws.recv()
        try:
            text = channel.open(raw)
        except Unsealed:
            conn.guessed = False  # counted here
            self.guesses.missed(conn.address)
            self.note(_("Someone tried to join with a wrong join code."))
            await asyncio.sleep(self.limits.refuse_seconds)  # slows guessing
            conn.close_after(error("code"), 1008, "refused")
            return None
        self.guesses.right(conn.address)
        conn.channel = channel
        self.gate.passed(conn.ws)
        message = loads(text)
        if message["type"] != "hello":
            raise ProtocolError("the first sealed message must be a hello")
        return message

    def _watch(self, conn: Connection, hello: Message) -> None:
        """A spectator: told the table from the public view only, never seated, never
        counted among the seats; one more than `max_watchers` is refused."""
        if sum(1 for c in self.conns if c.watching) >= self.limits.max_watchers:
            raise Refused("full", "full-watchers")
        name = hello.get("name")
        shown = normal_name(name) if isinstance(name, str) else ""
        shown = clean(shown)[:40] or _("Someone")
        conn.post({"type": "welcome", "protocol": PROTOCOL, "version": __version__,
                   "seat": -1, "token": "", "name": shown, "players": len(self.seats),
                   "watch": True,
                   "deck": {"name": self.deck.name, "hash": self.deck.content_hash,
                            "text": self.deck_text}})
        conn.watching = True
        conn.sent = 0
        self.note(fmt(_("{name} is watching the table."), name=shown))
        conn.changed()

    def _check_version(self, hello: Message) -> None:

        """Refuse a client of another protocol (an exact whole number: not true, not 1.0),
        naming both sides' versions."""
        protocol, version = hello.get("protocol"), hello.get("version")
        shown = clean(str(version))[:40] if isinstance(version, str) else _("an unknown version")
        if is_int(protocol) and protocol == PROTOCOL:
            return
        theirs = protocol if is_int(protocol) else _("unknown")
        words = {"theirs": shown, "protocol": theirs, "ours": __version__,
                 "our_protocol": PROTOCOL}
        self.note(fmt(_("A player tried to join with Dread Draw {theirs} (network "
                        "protocol {protocol}); this host runs Dread Draw {ours} "
                        "(protocol {our_protocol})."), **words))
        raise Refused("version", args={**words, "theirs": shown if isinstance(version, str)
                                       else "?", "protocol": theirs if is_int(theirs) else "?"})

    def _admit(self, conn: Connection, hello: Message) -> int:
        """The seat this hello may take, claimed for `conn` (Refused with a reason if none);
        the hello came sealed, so its sender knows the join code."""
        token = hello.get("token")
        if isinstance(token, str) and token:
            for s in self.seats:
                if s.token and same_token(token, s.token):
                    self._take(conn, s)
                    return s.index
        name = hello.get("name")
        if not isinstance(name, str):
            raise Refused("name", "name-needed")
        fault = name_fault(name)
        name = normal_name(name)  # NFKC, no zero-width or format characters
        fault = fault or name_fault(name) or name_too_wide(name)
        if fault:
            raise Refused("name", args={"problem": {"say": fault[0], "args": fault[1]}})
        key = name_key(name)  # names that look alike are the same name
        if key in self.refused_names:
            raise Refused("name-refused")
        for s in self.seats:  # a seat held for this name (--human NAME, or a resumed seat)
            if s.kind == PERSON and not s.token and name_key(s.name) == key:
                s.name = name
                self._take(conn, s)
                return s.index
        if any(s.name and name_key(s.name) == key for s in self.seats):
            raise Refused("name-taken", args={"name": name})
        if self.started:
            raise Refused("full", "full-started")
        for s in self.seats:
            if s.kind == OPEN:
                s.kind, s.name = PERSON, name
                self._take(conn, s)
                return s.index
        raise Refused("full")

    def _take(self, conn: Connection, slot: Seat) -> None:
        old = slot.conn
        if old is not None and old is not conn:  # the same player on a new connection
            self.takeovers += 1
            old.seat = -1
            old.close_after(error("taken-over"), 1000, "taken over")
        if not slot.token:
            slot.token = new_token()
            self._save_network()
        slot.conn = conn
        if slot.stand_in:  # back: the table waits for them again if they leave
            slot.stand_in = ""
            self._save_network()
        if slot.own:
            pass  # the host's own seat: the host knows
        elif slot.joined:
            self.note(fmt(_("{name} is back at seat {seat}."), name=slot.name,
                             seat=slot.index + 1))
        else:
            self.note(fmt(_("{name} takes seat {seat}."), name=slot.name,
                             seat=slot.index + 1))
        slot.joined = True

    async def _listen(self, conn: Connection) -> None:
        async for raw in conn.ws:
            if conn.closing is not None:
                return
            if not conn.allowed():
                conn.close_after(error("flood"), 1008, "too many messages")
                return
            try:
                assert conn.channel is not None
                message = loads(conn.channel.open(raw))
            except ProtocolError as e:
                conn.close_after(error("bad-message", args={"problem": str(e)}), 1008,
                                 "bad message")
                return
            kind = message["type"]
            if kind == "answer" and conn.watching:
                conn.post(error("watching"))
            elif kind == "answer":
                if self._answer(conn, message):
                    conn.refund()
            elif kind == "hello":
                conn.post(error("joined"))
            else:
                conn.close_after(error("unknown-type", args={"kind": repr(clean(kind)[:40])}),
                                 1008, "unknown message")
                return

    def _answer(self, conn: Connection, message: Message) -> bool:
        """Take `conn`'s answer if it answers its seat's pending decision with an offered
        option (True); else tell the client why not."""
        try:
            number, option = parse_answer(message)
        except ProtocolError as e:
            conn.post(error("bad-answer", args={"problem": str(e)}))
            return False
        d = self.match.game.pending if self.match is not None else None
        past = self.deciders[number] if 0 <= number < len(self.deciders) else conn.seat
        if d is None or (d.seat != conn.seat and number == d.number) or past != conn.seat:
            conn.post(error("not-your-turn", decision=number))
        elif number != d.number:
            conn.post(error("stale", decision=number))
        elif option not in d.options:
            conn.post(error("illegal", decision=number))
        elif self.remote[conn.seat].answer(number, option):
            return True
        else:
            conn.post(error("not-waiting", decision=number))
        return False

    async def _drop(self, conn: Connection) -> None:
        self.conns.discard(conn)
        self.gate.passed(conn.ws)
        if conn.guessed and conn.channel is None:  # exchanged keys, then never proved the
            self.guesses.missed(conn.address)     # code: a guess too (or a CPU drain)
        if conn.writer is not None:
            conn.wake.set()
            try:
                await asyncio.wait_for(asyncio.shield(conn.writer), 1.0)
            except (TimeoutError, asyncio.CancelledError):
                conn.writer.cancel()
        if conn.seat >= 0:
            slot = self.seats[conn.seat]
            if slot.conn is conn:
                slot.conn = None
                if not self.over.is_set():
                    if self.started:
                        self.note(fmt(_("{name} lost the connection; the table waits for "
                                           "them to rejoin."), name=slot.name))
                    else:
                        self.note(fmt(_("{name} left; their seat is kept for them."),
                                         name=slot.name))
                self.changed()
        conn.abort()

    # ----------------------------------------------------------------------- sending

    async def _write(self, conn: Connection) -> None:
        """The connection's writer: errors and welcome first, then the latest update; a send
        that cannot finish in time closes the connection."""
        try:
            while True:
                await conn.wake.wait()
                conn.wake.clear()
                while conn.outbox:
                    await self._send(conn, conn.outbox.popleft())
                if conn.closing is not None:
                    code, reason = conn.closing
                    await asyncio.wait_for(conn.ws.close(code, reason),
                                           self.limits.write_seconds)
                    return
                if conn.dirty and (conn.seat >= 0 or conn.watching) and conn in self.conns:
                    conn.dirty = False
                    await self._send(conn, self.update_for(conn))
                if conn not in self.conns and not conn.wake.is_set():
                    return  # gone, and nothing more to send or close
        except (ConnectionClosed, TimeoutError):
            conn.abort()
        except Exception as e:  # a bug: this connection ends, the game goes on
            self._loop_problem(asyncio.get_running_loop(),
                               {"message": "sending to a client", "exception": e})
            conn.abort()

    async def _send(self, conn: Connection, message: Message) -> None:
        """Send one message: sealed once the connection has proven the code; in the clear
        before (the key exchange, and the refusals of a connection that did not)."""
        text = dumps(message)
        if self.tap is not None:
            self.tap(conn.seat, text)
        frame: str | bytes = conn.channel.seal(text) if conn.channel is not None else text
        await asyncio.wait_for(conn.ws.send(frame), self.limits.write_seconds)

    def update_for(self, conn: Connection) -> Message:
        """What `conn`'s seat is told now: its view, the events since its last update as it
        may see them (R11), and the table."""
        seat = conn.seat  # -1 for a spectator: nobody's private part (R11.1)
        view = None
        events: list[Message] = []
        first = conn.sent
        if self.match is not None:
            log_ = self.match.events
            events = [for_seat(e, seat) for e in log_[first:]]
            conn.sent = len(log_)
            view = (public_to_json(self.match.game.public_view()) if conn.watching
                    else view_to_json(self.match.game.view(seat)))
        return {"type": "update", "first": first, "events": events, "view": view,
                "table": self.table()}

    def table(self) -> Message:
        return {"started": self.started, "over": self.over.is_set(), "waiting": self.waiting(),
                "seats": [s.public() for s in self.seats]}

    # ------------------------------------------------------------- the code and tokens

    def _save_network(self) -> None:
        """Keep the join code and the seat tokens beside the save (once the game started)."""
        if self.saves is None or not self.started:
            return
        data = {"format": NETWORK_FORMAT, "version": 1, "code": self.code,
                "seats": [{"token": s.token, "stand_in": s.stand_in, "own": s.own}
                          for s in self.seats]}
        path = self.saves.root / NETWORK_FILE
        try:
            self.saves.ensure()
            atomic_write(path, [json.dumps(data)])
            os.chmod(path, 0o600)  # the tokens are secrets
        except (OSError, DreadDrawError) as e:
            self.on_news(fmt(_("{file}: the join code and seat tokens cannot be kept "
                               "({reason}); if the host stops, players rejoin by name."),
                             file=path, reason=e))


def same_token(given: str, token: str) -> bool:
    """Whether a client's token is this seat's (compared in constant time)."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), token.encode())


def read_network(root: Path) -> dict[str, Any] | None:
    """The kept join code and seat tokens (None if missing or not usable)."""
    path = root / NETWORK_FILE
    try:
        data = json.loads(read_bounded(path, 100_000).decode("utf-8"))
    except (OSError, ValueError):
        return None
    if not (isinstance(data, dict) and data.get("format") == NETWORK_FORMAT
            and isinstance(data.get("code"), str) and isinstance(data.get("seats"), list)
            and all(isinstance(s, dict) for s in data["seats"])):
        return None
    for s in data["seats"]:
        if not isinstance(s.get("token", ""), str) or not isinstance(s.get("stand_in", ""), str):
            return None
    return data


def forget_network(root: Path) -> None:
    try:
        (root / NETWORK_FILE).unlink(missing_ok=True)
    except OSError:
        pass


@dataclass
class SeatPlan:
    """The seats asked for on the command line, before anyone joins."""

    players: int
    own: str | None = None
    people: list[str] = field(default_factory=list)
    cpus: list[str] = field(default_factory=list)

    def seats(self) -> list[Seat]:
        seats = []
        if self.own is not None:
            seats.append(Seat(0, PERSON, self.own, token=new_token(), own=True))
        for name in self.people:
            seats.append(Seat(len(seats), PERSON, name))
        while len(seats) < self.players - len(self.cpus):
            seats.append(Seat(len(seats)))
        for level in self.cpus:
            seats.append(Seat(len(seats), CPU, level=level))
        return seats
