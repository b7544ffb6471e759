"""The host: the only `Game`, played through the one driver, with seats across the network.

The host owns the match (`Match.play` drives it, as for every game): CPU seats answer on a
worker thread, so the network keeps moving while they think; a person's seat is a
`RemoteSeat` whose `choose` awaits that seat's client — its view was already sent with the
update that followed the last move. After every move each connected client is sent, when
its connection is ready for more, one `update`: its own view, the events since the last one
it got, each as that seat may see it (`privacy.for_seat`, R11), and who sits where. Nothing
omniscient ever leaves the host: not the seed, not another seat's view, not a private card.

The host trusts no client. A connection must prove the join code first (the door:
`admission`); it then speaks for one seat only (`lobby.Seating`), and only an `answer` to
that seat's pending Decision — the very decision (its number), one of the options offered
(exact ints) — moves the game; anything else about a decision is refused with an `error` and
the game goes on. What no honest client sends — a frame that is not JSON, a message of
unknown type, a frame over the size limit, a flood of messages, a client that does not read
what it is sent, a silent connection — ends that connection only (`connection`). A player
who lost the connection comes back with their seat token; the table waits for them, or the
host hands their seat to a CPU (`seats`).

The game is saved after every decision (`saves.Autosaver`, as `play` does); the join code
and the seat tokens are kept beside the save (`kept`), so a restarted host (`--resume`)
takes the same game back with the same code and the same seats.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from dread_draw import __version__
from dread_draw.base.errors import DreadDrawError
from dread_draw.base.reasons import os_reason
from dread_draw.base.safe_text import clean, normal_name
from dread_draw.i18n import _, fmt
from dread_draw.net.admission import (
    Door,
    Refused,
    free_port,
    gated,
    open_files_allowed,
    turn_away,
)
from dread_draw.net.connection import Connection, Limits
from dread_draw.net.kept import forget_network, keep_network, kept_seats
from dread_draw.net.lobby import CPU, OPEN, PERSON, Lobby, Seat, Seating, SeatPlan
from dread_draw.net.protocol import (
    PROTOCOL,
    Message,
    ProtocolError,
    error,
    loads,
    new_code,
    parse_answer,
    places_to_json,
    public_to_json,
    view_to_json,
)
from dread_draw.net.seats import RemoteSeat, SeatAgents
from dread_draw.play.sim import HUMAN, Match, Move, SeatSpec
from dread_draw.rules.privacy import for_seat
from dread_draw.store.saves import Autosaver, SaveDir, autosave_new, deck_source, resume

__all__ = ["CPU", "OPEN", "PERSON", "Host", "HostError", "Limits", "Lobby", "RemoteSeat",
           "Seat", "SeatPlan"]

log = logging.getLogger("dread-draw.host")
SUMMARY_PAUSE = 8.0  # seconds a round's summary stays on the players' tables (host's choice)


class HostError(DreadDrawError):
    """The host cannot start (the port is taken, the address is not this computer's)."""


class Notes:
    """What the host's console is told: each sentence once, then counted (a flood of wrong
    codes or refused connections makes a few lines, not thousands), and asyncio's own
    reports logged the same way, never a traceback each time."""

    def __init__(self, say: Callable[[str], None]) -> None:
        self.say = say
        self.seen: dict[str, tuple[int, float]] = {}  # a note: (times, since)

    def __call__(self, text: str, window: float = 60.0) -> None:
        """Tell the console `text` once; the same note again within `window` seconds is
        counted, and said again with its count at 10, 100, 1000… times."""
        now = time.monotonic()
        count, since = self.seen.get(text, (0, now))
        if count == 0 or now - since > window:
            self.seen[text] = (1, now)
            self.say(text)
            return
        count += 1
        self.seen[text] = (count, since)
        if count in (10, 100, 1000, 10_000, 100_000, 1_000_000):
            self.say(fmt(_("{note} ({count} times in a short while.)"), note=text,
                         count=count))

    def loop_problem(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """asyncio's reports (such as "out of open files" when accepting): logged once with
        a count."""
        what = str(context.get("message", "a problem"))
        e = context.get("exception")
        if e is not None:
            what = f"{what}: {type(e).__name__}: {e}"
        count = self.seen.get(what, (0, 0.0))[0] + 1
        self.seen[what] = (count, time.monotonic())
        if count == 1:
            log.warning("%s", what)
        elif count in (10, 100, 1000, 10_000, 100_000):
            log.warning("%s (%d times)", what, count)

    def bug(self, e: Exception) -> None:
        """A bug while sending to a client: that connection ends, the game goes on."""
        self.loop_problem(asyncio.get_running_loop(),
                          {"message": "sending to a client", "exception": e})


class Host:
    """One hosted game: the lobby, then the match, served to the seats' clients."""

    def __init__(self, lobby: Lobby, saves: SaveDir | None, *, code: str | None = None,
                 limits: Limits | None = None, cpu_delay: float = 0.0,
                 summary_pause: float | None = SUMMARY_PAUSE) -> None:
        """`cpu_delay`: seconds each CPU move takes at least (0: as fast as they think);
        `summary_pause`: seconds a round's summary stays on the players' tables before it
        goes on by itself (None: until each player goes on)."""
        self.lobby = lobby
        self.deck = lobby.deck
        self.deck_text = deck_source(lobby.deck)
        self.seats = lobby.seats
        self.saves = saves
        self.code = code or new_code()
        self.limits = limits or Limits()
        self.summary_pause = summary_pause
        self.match: Match | None = None
        self.saver: Autosaver | None = None
        self.deciders: list[int] = []  # the seat of each decision answered, by its number
        self.conns: set[Connection] = set()
        self.server: Server | None = None
        self.port = 0
        self.play_task: asyncio.Task[None] | None = None
        self.alive_task: asyncio.Task[None] | None = None
        self.over = asyncio.Event()
        self.on_news: Callable[[str], None] = lambda text: None  # sentences for the console
        self.on_change: Callable[[], None] = lambda: None  # the table changed (console)
        self.tap: Callable[[int, str], None] | None = None  # every frame sent (tests)
        self.resumed = False  # a game taken back from its save
        self.note = Notes(lambda text: self.on_news(text))  # the console's, said once
        self.door = Door(self.code, self.limits, self.note)
        self.seating = Seating(lobby, self.note, self._keep_network)
        self.agents = SeatAgents(self.seats, lobby.seed, cpu_delay, self.changed,
                                 lambda text: self.on_news(text))
        lobby.name_cpus((CPU,))

    # ------------------------------------------------------------------- building a host

    @classmethod
    def take_back(cls, saves: SaveDir, limits: Limits | None = None, cpu_delay: float = 0.0,
                  summary_pause: float | None = SUMMARY_PAUSE) -> tuple[Host, str]:
        """The game in progress in `saves`, with its join code and seat tokens, ready to
        serve; and a note for the console ("" when there is nothing to say)."""
        match, saver = resume(saves)
        seats, code, note = kept_seats(match, saves.root)
        host = cls(Lobby(match.deck, seats, match.seed), saves, code=code, limits=limits,
                   cpu_delay=cpu_delay, summary_pause=summary_pause)
        host.saver = saver
        host.resumed = True
        host._seat_match(match)
        return host, note

    def _seat_match(self, match: Match) -> None:
        """Seat the match's players (`seats.SeatAgents`); the clients hear of every move
        after it is saved (the save's hook comes first)."""
        self.match = match
        self.agents.seat(match)
        match.hooks.append(self._moved)

    # --------------------------------------------------------------------- the lobby

    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def remote(self) -> dict[int, RemoteSeat]:
        return self.agents.remote

    @property
    def takeovers(self) -> int:
        return self.seating.takeovers

    def full(self) -> bool:
        """Every seat has its player: no open seat, no person's seat still unclaimed."""
        return self.seating.full()

    def begin(self) -> None:
        """Start the game: the open seats become CPU seats; from now on it is saved."""
        if self.started:
            return
        self.seating.fill_open()
        specs = [SeatSpec(s.name, HUMAN if s.kind == PERSON else s.level) for s in self.seats]
        match = Match(self.deck, specs, self.lobby.seed)
        self.match = match  # (before the tokens are kept: they are kept once it started)
        self._keep_network()  # before the first save: a save never lacks its tokens
        if self.saves is not None:
            self.saver = autosave_new(self.saves, match, self.note)
        self._seat_match(match)
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

    def hand_to_cpu(self, seat: int, level: str | None = None) -> bool:
        """Let a CPU play a person's seat while its player is away (the console's `c`)."""
        if not self.agents.hand_to_cpu(seat, level or self.lobby.fill):
            return False
        self._keep_network()
        self.changed()
        return True

    def free_seat(self, seat: int, *, cpu: str | None = None, refuse: bool = False) -> bool:
        """Before the start: free a person's seat, give it to a CPU of level `cpu`, and with
        `refuse` refuse its name (`lobby.Seating.free`)."""
        if self.started or not self.seating.free(seat, cpu=cpu, refuse=refuse):
            return False
        self.changed()
        return True

    def waiting(self) -> int:
        """The seat whose decision the table waits for (-1: none)."""
        if self.match is None:
            return -1
        return self.match.to_move()

    def _keep_network(self) -> None:
        """Keep the join code and the seat tokens beside the save (once the game started)."""
        if self.saves is not None and self.started:
            keep_network(self.saves, self.code, self.seats, self.on_news)

    # ------------------------------------------------------------------------ serving

    async def start(self, address: str | None, port: int) -> None:
        """Listen (HostError if the port is taken or the address is not this computer's)."""
        if port == 0 and address is None:  # every address: one port for all of them (each
            port = free_port()             # family's socket would get a port of its own)
        backlog = self.limits.backlog
        allowed = open_files_allowed()
        if allowed is not None:  # enough open files left for the saves, come what may
            budget = (allowed - self.limits.spare_files - self.limits.max_connections
                      - self.limits.max_watchers - self.limits.reserve)
            backlog = max(16, min(backlog, budget // 2))
            self.door.gate.max_pending = max(2, min(self.door.gate.max_pending,
                                                    budget - backlog))
        loop = asyncio.get_running_loop()
        if loop.get_exception_handler() is None:
            loop.set_exception_handler(self.note.loop_problem)
        try:
            self.server = await serve(
                self._serve, address, port, max_size=self.limits.max_frame,
                create_connection=gated(self.door), open_timeout=self.limits.hello_seconds,
                ping_interval=None,  # the sealed keep-alives check the peer (`connection`)
                compression=None,  # no decompression bombs; the messages are small
                origins=[None],  # no web page in a browser may open a connection here
                max_queue=4, close_timeout=2, server_header=None,
                backlog=backlog)  # accepted at once: files open at one time
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
        self.alive_task = loop.create_task(self._keep_alive())
        if self.match is not None and self.play_task is None:
            self._launch()  # a resumed game goes on at once; its people's seats wait for them

    async def _keep_alive(self) -> None:
        """Every connection past the hello hears from the host when it has been quiet, and
        is closed when its client has been silent too long (`connection.Connection`)."""
        while True:
            await asyncio.sleep(min(0.5, self.limits.alive / 2))
            now = time.monotonic()
            for conn in list(self.conns):
                conn.keep_alive(now)

    async def close(self) -> None:
        """Stop: close every connection (the game stays saved as it is)."""
        if self.play_task is not None and not self.play_task.done():
            self.play_task.cancel()
        await self._shut(1001, "the host stopped", 3)

    async def finish(self, grace: float = 5.0) -> None:
        """After the game: send everyone the last update, then close the connections."""
        await self.over.wait()
        deadline = time.monotonic() + grace
        while any(c.dirty or c.outbox for c in self.conns) and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        await self._shut(1000, "the game is over", grace)

    async def _shut(self, code: int, reason: str, grace: float) -> None:
        if self.alive_task is not None:
            self.alive_task.cancel()
        for conn in list(self.conns):
            conn.close_after(None, code, reason)
        if self.server is not None:  # (the connections it closes hear the same reason)
            self.server.close(code=code, reason=reason)
            try:
                await asyncio.wait_for(self.server.wait_closed(), grace)
            except TimeoutError:
                pass

    def changed(self) -> None:
        """The table changed (a move, a seat's connection): every client gets an update."""
        for conn in self.conns:
            if conn.seated:
                conn.changed()
        self.on_change()

    def _moved(self, match: Match, move: Move) -> None:
        deciders = self.deciders
        while len(deciders) < move.decision.number:
            deciders.append(-1)  # decided before this host was started (a resumed game)
        deciders.append(move.seat)
        self.changed()

    async def _serve(self, ws: ServerConnection) -> None:
        conn = Connection(ws, self.limits)
        self.conns.add(conn)
        conn.writer = asyncio.get_running_loop().create_task(
            conn.write(self.update_for, self.tap, self.note.bug))
        try:
            hello = await self.door.open(conn)
            if hello is not None:
                self._greet(conn, hello)
            if conn.seated:
                await self._listen(conn)
        except ConnectionClosed:
            pass
        finally:
            await self._drop(conn)

    def _greet(self, conn: Connection, hello: Message) -> None:
        """Seat (or let watch) a connection whose hello proved the code."""
        try:
            if hello.get("watch") is True:
                self._watch(conn, hello)
                return
            if sum(1 for c in self.conns if c.seat >= 0) >= self.limits.max_connections:
                conn.close_after(None, 1013, "too many connections")
                return
            seat = self.seating.admit(conn, hello, self.started)
        except (ProtocolError, Refused) as e:
            turn_away(conn, e)
            return
        slot = self.seats[seat]
        conn.post(self._welcome(seat, slot.token, slot.name))
        conn.seat = seat
        conn.sent = 0
        self.changed()

    def _welcome(self, seat: int, token: str, name: str) -> Message:
        """What a connection is told once it sits down (or watches, seat -1, no token): its
        seat, the deck, and the host's keep-alive and round-summary pace."""
        return {"type": "welcome", "protocol": PROTOCOL, "version": __version__,
                "seat": seat, "token": token, "name": name, "players": len(self.seats),
                "alive": self.limits.alive, "pause": self.summary_pause,
                "deck": {"name": self.deck.name, "hash": self.deck.content_hash,
                         "text": self.deck_text}}

    def _watch(self, conn: Connection, hello: Message) -> None:
        """A spectator: told the table from the public view only, never seated, never
        counted among the seats; one more than `max_watchers` is refused."""
        if sum(1 for c in self.conns if c.watching) >= self.limits.max_watchers:
            raise Refused("full", "full-watchers")
        name = hello.get("name")
        shown = normal_name(name) if isinstance(name, str) else ""
        shown = clean(shown)[:40] or _("Someone")
        conn.post({**self._welcome(-1, "", shown), "watch": True})
        conn.watching = True
        conn.sent = 0
        self.note(fmt(_("{name} is watching the table."), name=shown))
        conn.changed()

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
            if kind == "alive":
                continue  # it was heard: that is all a keep-alive says
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
        conn.gone = True
        self.door.gate.passed(conn.ws)
        if conn.guessed and conn.channel is None:  # exchanged keys, then never proved the
            self.door.guesses.missed(conn.address)  # code: a guess too (or a CPU drain)
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

    def update_for(self, conn: Connection) -> Message:
        """What `conn`'s seat is told now: its view, the events since its last update as it
        may see them (R11), and the table."""
        seat = conn.seat  # -1 for a spectator: nobody's private part (R11.1)
        view = None
        events: list[Message] = []
        first = conn.sent
        update: Message = {"type": "update", "first": first}
        if self.match is not None:
            log_ = self.match.events
            events = [for_seat(e, seat) for e in log_[first:]]
            conn.sent = len(log_)
            public = self.match.game.public_view()
            if conn.watching:
                view = public_to_json(public)
            else:  # and which Draw Deck places everyone knows (a seat's view cannot say)
                view = view_to_json(self.match.game.view(seat))
                update["face_up"] = places_to_json(public.draw_known)
        update.update(events=events, view=view, table=self.table())
        return update

    def table(self) -> Message:
        return {"started": self.started, "over": self.over.is_set(), "waiting": self.waiting(),
                "seats": self.seating.public()}
