"""The client library: one seat of a hosted game, as a stream of updates and an `answer`.

A screen plays a remote seat exactly as it plays a local one: it renders a `View`, tells
the new events, and answers its seat's pending `Decision` with one of its options::

    async with Client("127.0.0.1", 7777, code="K7QM-4XRD", name="Ben") as client:
        async for update in client.updates():      # (view, new events, decision, table)
            show(update.view, update.events, update.table)
            if update.decision is not None:
                await client.answer(choose(update.view, update.decision))

`updates()` yields whenever anything changes at the table — a move, a player who comes or
goes, a refusal of something this client sent (`problem`) — and ends when the game is over;
`answer` may be called from any task. The seat's token is kept in the player's data folder
(`SeatTokens`), so the same `connect` after a lost connection takes the same seat back, and
the update that follows repeats the whole log (as this seat may see it) from `first = 0`.

Everything the host sends is checked before it is used (a `ProtocolError` otherwise); every
failure is a `NetError` whose message is a sentence for the player.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

import platformdirs
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import (
    ConnectionClosed,
    InvalidHandshake,
    InvalidMessage,
    InvalidURI,
)

from dread_draw import __version__
from dread_draw.base.errors import DeckError, DreadDrawError
from dread_draw.base.files import atomic_write, read_bounded
from dread_draw.base.hosts import is_host_name
from dread_draw.base.reasons import os_reason
from dread_draw.base.safe_text import clean
from dread_draw.deck.cards import load_deck, parse_deck
from dread_draw.i18n import _, fmt
from dread_draw.net.protocol import (
    ALIVE,
    Message,
    ProtocolError,
    closed,
    dumps,
    hello,
    is_int,
    loads,
    normal_code,
    pake,
    places_from_json,
    public_from_json,
    said,
    view_from_json,
)
from dread_draw.net.protocol import answer as answer_message
from dread_draw.net.secure import Channel, Exchange, Unsealed
from dread_draw.rules import Decision, Deck, Event, PublicView, View
from dread_draw.rules.view import Known

DEFAULT_PORT = 7777
MAX_FRAME = 32 * 1024 * 1024  # a rejoin's update repeats the whole log: allow a long game
TOKENS_FILE = "network-seats.json"
KEEP_TOKENS = 50
OPEN_AGAIN = 0.3  # seconds before opening again a WebSocket the host dropped half-way


class NetError(DreadDrawError):
    """Playing across the network failed: the message says what, for the player."""


class JoinRefused(NetError):
    """The host refused to seat this client; `code` says why (`code`: a wrong join code,
    `full`, `name`, `name-taken`, `version`)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class ConnectionLost(NetError):
    """The connection to the host ended before the game did. `reason`: the host's reason for
    closing it ("" when it gave none: cut, dropped); `stopped`: the host stopped the game on
    purpose (its `q`; the game is saved on the host, which may take it back)."""

    def __init__(self, message: str, stopped: bool = False, reason: str = "") -> None:
        super().__init__(message)
        self.stopped = stopped
        self.reason = reason


class TakenOver(NetError):
    """This connection lost its seat for good and must not take it back: the same seat
    joined again on a newer connection (the same player on another terminal), or the host
    freed the seat in the lobby."""


@dataclass(frozen=True)
class SeatInfo:
    """One seat as every player sees it."""

    seat: int
    name: str
    kind: str  # "open" (nobody yet), "person" or "cpu"
    level: str  # a CPU seat's level
    connected: bool  # a person's client is connected now
    stand_in: str  # a CPU of this level plays for the person while they are away
    host: bool  # the host's own seat


@dataclass(frozen=True)
class TableState:
    """Who sits where, who is connected, and whom the table waits for."""

    seats: tuple[SeatInfo, ...]
    started: bool
    over: bool
    waiting: int  # the seat whose decision the table waits for (-1: none)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]


@dataclass(frozen=True)
class Update:
    """One change at the table, as this seat sees it."""

    view: View | None  # this seat's view (R11); None before the game starts
    events: list[Event]  # the new events, as this seat may see them
    first: int  # the index of events[0] in the game's log (0 after a rejoin: the whole log)
    decision: Decision | None  # this seat's pending Decision (None: not this seat's turn)
    table: TableState
    problem: str | None = None  # the host refused something this client sent: why
    public: PublicView | None = None  # a spectator's: the public view (R11.1), no seat's
    face_up: Known = ()  # a seat's: the Draw Deck's places everyone knows (R11.4)


@dataclass(frozen=True)
class Welcome:
    seat: int
    name: str
    players: int
    deck: Deck
    version: str  # the host's Dread Draw version
    alive: float = 2.5  # seconds of quiet after which each side says it is still there
    pause: float | None = None  # seconds a round's summary stays up (None: until Enter)


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """'HOST[:PORT]' (or '[::1]:PORT') as (host, port); NetError if it is not one."""
    text = text.strip()
    host, port = text, default_port
    if text.startswith("["):
        end = text.find("]")
        host, rest = text[1:end], text[end + 1:]
        if end < 0 or (rest and not rest.startswith(":")):
            raise NetError(fmt(_("{text} is not an address: write HOST or HOST:PORT."),
                               text=repr(clean(text))))
        if rest:
            port = _port(rest[1:], text)
    elif text.count(":") == 1:
        host, raw = text.split(":")
        port = _port(raw, text)
    if not host or any(c.isspace() or c in "/?#@" for c in host) or not is_host_name(host):
        raise NetError(fmt(_("{text} is not an address: write HOST or HOST:PORT, such as "
                             "127.0.0.1:7777."), text=repr(clean(text))))
    return host, port


def _port(raw: str, text: str) -> int:
    if not raw.isdigit() or not 0 < int(raw) < 65536:
        raise NetError(fmt(_("{text}: the port must be a number from 1 to 65535."),
                           text=repr(clean(text))))
    return int(raw)


class SeatTokens:
    """The seat tokens this player holds, in their data folder: the same join command (the
    host, the code and the name) finds its seat again after a lost connection."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or Path(platformdirs.user_data_dir("dread-draw", appauthor=False)
                                 ) / TOKENS_FILE

    @staticmethod
    def key(host: str, port: int, code: str, name: str) -> str:
        return f"{host.lower()}:{port}/{normal_code(code)}/{name}"

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads(read_bounded(self.path, 1_000_000).decode("utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}

    def get(self, key: str) -> str | None:
        return self._read().get(key)

    def put(self, key: str, token: str) -> None:
        tokens = self._read()
        tokens.pop(key, None)
        tokens[key] = token  # the newest last; the oldest are forgotten
        kept = dict(list(tokens.items())[-KEEP_TOKENS:])
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(self.path, [json.dumps(kept)])
            os.chmod(self.path, 0o600)  # secrets
        except OSError:
            pass  # without it the seat can still be played; only a rejoin needs it


class Client:
    """One seat of a hosted game (see the module docstring)."""

    def __init__(self, host: str, port: int = DEFAULT_PORT, *, code: str, name: str,
                 tokens: SeatTokens | None = None, token: str | None = None,
                 timeout: float = 10.0, on_frame: Callable[[str], None] | None = None,
                 watch: bool = False) -> None:
        """`tokens`: where seat tokens are kept (the data folder's by default); `token`: a
        seat's token given outright (the host's own seat)."""
        self.host = host
        self.port = port
        self.code = code
        self.name = name
        self.tokens = tokens if tokens is not None else SeatTokens()
        self.token = token
        self.timeout = timeout
        self.on_frame = on_frame  # every frame received, as text (tests, debugging)
        self.watch = watch  # a spectator: no seat, the public view only
        self.ws: ClientConnection | None = None
        self.welcome: Welcome | None = None
        self.last: Update | None = None
        self.answered = -1  # the number of the last decision answered
        self.channel: Channel | None = None  # the sealed channel (module `secure`)
        self.proven = False  # the host has proven it knows the code (a frame opened)
        self._sending = asyncio.Lock()  # frames are sealed and sent in one order
        self.heard = self.spoke = time.monotonic()  # the last frame received, and sent
        self.silent = False  # the connection was closed because the host fell silent
        self._alive: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Client:
        await self.connect()
        return self

    async def __aexit__(self, kind: type[BaseException] | None, value: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.close()

    @property
    def where(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    async def connect(self) -> Welcome:
        """Join (or rejoin, with the kept token) and return the seat the host gave. A join
        the host dropped before its welcome with no word of why (a host busy under a flood
        sheds its oldest waiting connections), one it found too slow, or one changed on the
        way, is tried again within `timeout`; a refusal is final."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        while True:
            try:
                return await self._join(deadline)
            except (ConnectionLost, JoinRefused) as e:
                again = (e.code == "hello" if isinstance(e, JoinRefused) else not e.reason)
                if not again or loop.time() + OPEN_AGAIN >= deadline:
                    raise
            await asyncio.sleep(OPEN_AGAIN)

    async def _join(self, deadline: float) -> Welcome:
        key = SeatTokens.key(self.host, self.port, self.code, self.name)
        token = self.token or self.tokens.get(key)
        self._stop_alive()
        self.ws = await self._open(deadline)
        self.channel, self.proven, self.silent = None, False, False
        exchange = Exchange(self.code, host=False)
        await self._send(pake(exchange.message, __version__))
        reply = await self._receive()
        if reply["type"] == "error":
            await self.close()
            raise JoinRefused(str(reply.get("code")), said(reply))
        if reply["type"] != "pake":
            raise ProtocolError(f"the host answered with {clean(reply['type'])[:40]!r}")
        channel = exchange.finish(reply.get("pake"))
        text = dumps(hello(self.name, None if self.watch else token, self.watch))
        self.channel = channel
        await self._send_frame(lambda: channel.seal_hello(text))  # with the key's proof
        message = await self._receive()
        if message["type"] == "error":
            await self.close()
            if message.get("code") == "damaged":  # changed on the way: try again
                raise ConnectionLost(said(message), reason="")
            raise JoinRefused(str(message.get("code")), said(message))
        if message["type"] != "welcome":
            raise ProtocolError(f"the host answered with {clean(message['type'])[:40]!r}")
        self.welcome = self._welcome(message)
        new_token = message.get("token")
        if not self.watch and isinstance(new_token, str) and new_token and new_token != token:
            self.tokens.put(key, new_token)
        if isinstance(new_token, str) and new_token:
            self.token = new_token  # a rejoin takes this very seat back
        self.answered = -1
        self._alive = asyncio.get_running_loop().create_task(
            self._keep_alive(self.welcome.alive))
        return self.welcome

    async def _open(self, deadline: float) -> ClientConnection:
        """The WebSocket to the host. A host that dropped the opening half-way (a busy host
        sheds its oldest waiting connections; a flood may hold it up) is tried again, until
        `deadline`; one that is not there at all is said at once."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                return await connect(f"ws://{self.where}/",
                                     open_timeout=max(0.5, deadline - loop.time()),
                                     max_size=MAX_FRAME, compression=None, proxy=None,
                                     ping_interval=None,  # the sealed keep-alives check
                                     close_timeout=2, user_agent_header=None)
            except (InvalidMessage, ConnectionResetError, EOFError) as e:
                if loop.time() + OPEN_AGAIN < deadline:
                    await asyncio.sleep(OPEN_AGAIN)
                    continue
                problem: Exception = e
            except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as e:
                problem = e
            why = os_reason(problem)
            raise NetError(fmt(_("Cannot reach a Dread Draw host at {address} ({reason}). "
                                 "Check the address and the port, and that the host is "
                                 "running."), address=clean(self.where), reason=clean(why))
                           ) from None

    def _welcome(self, message: Message) -> Welcome:
        seat: Any = message.get("seat")
        players: Any = message.get("players")
        name = message.get("name")
        if not (is_int(seat) and is_int(players) and isinstance(name, str)):
            raise ProtocolError("the host's welcome has no seat")
        return Welcome(seat, name, players, host_deck(message.get("deck")),
                       _text(message.get("version")),
                       _seconds(message.get("alive"), 2.5, 0.05, 60) or 2.5,
                       _seconds(message.get("pause"), None, 0, 600))

    async def _keep_alive(self, every: float) -> None:
        """Say `alive` after `every` seconds of quiet; close the connection when the host has
        been silent for three times that (it died, or the network did): `updates` then ends
        with ConnectionLost, and the table joins again."""
        while True:
            await asyncio.sleep(min(0.5, every / 2))
            now = time.monotonic()
            if now - self.heard > 3 * every:
                self.silent = True
                transport = getattr(self.ws, "transport", None)
                if transport is not None:
                    transport.abort()
                return
            if now - self.spoke >= every:
                try:
                    await self._send(dict(ALIVE))
                except NetError:
                    return

    def _stop_alive(self) -> None:
        if self._alive is not None:
            self._alive.cancel()
            self._alive = None

    async def updates(self) -> AsyncIterator[Update]:
        """Every change at the table, until the game is over (ConnectionLost if the
        connection ends before that)."""
        while True:
            try:
                message = await self._receive()
            except ConnectionLost:
                if self.last is not None and self.last.table.over:
                    return
                raise
            kind = message["type"]
            if kind == "alive":
                continue  # the host is there: nothing else to it
            if kind == "update":
                update = self._update(message)
            elif kind == "error":
                if message.get("code") == "taken-over":
                    await self.close()
                    raise TakenOver(_("You joined this seat again from somewhere else (the "
                                      "same name in the same data folder), so this window "
                                      "has left the table. Play on in the other one."))
                if message.get("code") == "freed":
                    await self.close()
                    raise TakenOver(_("The host gave your seat to someone else."))
                if self.last is None:
                    continue
                update = Update(self.last.view, [], self.last.first, self.last.decision,
                                self.last.table, said(message),
                                self.last.public, self.last.face_up)
            else:
                continue  # a message of a later protocol this client does not know
            self.last = update
            yield update
            shown = update.view if update.view is not None else update.public
            if update.table.over and shown is not None and shown.over:
                return

    def _update(self, message: Message) -> Update:
        assert self.welcome is not None
        first: Any = message.get("first")
        events = message.get("events")
        if not is_int(first) or not isinstance(events, list) or not all(
                isinstance(e, dict) and isinstance(e.get("type"), str) for e in events):
            raise ProtocolError("an update without its events")
        raw = message.get("view")
        table = table_state(message.get("table"))
        if self.watch:
            public = None if raw is None else public_from_json(raw, self.welcome.deck)
            return Update(None, events, first, None, table, public=public)
        view = None if raw is None else view_from_json(raw, self.welcome.deck)
        decision = None
        if view is not None and view.pending is not None and \
                view.pending.seat == self.welcome.seat and view.pending.options:
            decision = view.pending
        face_up = () if view is None else places_from_json(
            message.get("face_up", []), self.welcome.deck, view.draw_count)
        return Update(view, events, first, decision, table, face_up=face_up)

    @property
    def decision(self) -> Decision | None:
        """This seat's pending Decision, if it is not answered yet."""
        d = self.last.decision if self.last is not None else None
        return d if d is not None and d.number != self.answered else None

    async def answer(self, option: int) -> None:
        """Answer this seat's pending Decision with one of its options."""
        d = self.decision
        if d is None:
            raise NetError(_("There is no question to answer now."))
        if type(option) is not int or option not in d.options:
            raise NetError(fmt(_("{option} is not one of the answers offered."),
                               option=repr(option)))
        self.answered = d.number
        await self._send(answer_message(d.number, option))

    async def send_raw(self, text: str | bytes, sealed: bool = True) -> None:
        """Send a frame as it is, sealed (or not: `sealed=False`) — tests of a hostile
        client."""
        assert self.ws is not None
        async with self._sending:
            frame = self.channel.seal(text) if sealed and self.channel is not None else text
            await self.ws.send(frame)

    async def close(self) -> None:
        self._stop_alive()
        if self.ws is not None:
            await self.ws.close()

    async def _send(self, message: Message) -> None:
        """Send a message: sealed once the keys are exchanged (after the hello)."""
        text = dumps(message)
        await self._send_frame(lambda: self.channel.seal(text) if self.channel is not None
                               else text)

    async def _send_frame(self, frame: Callable[[], str | bytes]) -> None:
        """Send the frame `frame()` makes: made and sent under one lock, so that frames go
        in the order of their numbers (the seal's nonces)."""
        assert self.ws is not None
        try:
            async with self._sending:
                await self.ws.send(frame())
                self.spoke = time.monotonic()
        except ConnectionClosed as e:
            raise self._lost(e) from None

    def _lost(self, e: ConnectionClosed) -> ConnectionLost:
        """Why the connection ended, for the player."""
        reason = e.rcvd.reason if e.rcvd is not None else ""
        if self.silent:
            return ConnectionLost(_("The host stopped answering: the connection was lost."))
        told = closed(reason)
        if told is not None:
            return ConnectionLost(told, stopped=reason == "the host stopped", reason=reason)
        if reason:
            return ConnectionLost(fmt(_("The connection to the host was lost ({reason})."),
                                      reason=clean(reason)), reason=reason)
        return ConnectionLost(_("The connection to the host was lost."))

    async def _receive(self) -> Message:
        """The next message. Once the keys are exchanged only sealed frames count, but for
        the host's refusal of a wrong code (it has no key to seal it with) before it has
        proven it knows the code."""
        assert self.ws is not None
        try:
            raw = await self.ws.recv()
        except ConnectionClosed as e:
            raise self._lost(e) from None
        self.heard = time.monotonic()
        if self.channel is None or (isinstance(raw, str) and not self.proven):
            text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
            message = loads(raw)
            if self.channel is not None and not (message["type"] == "error"
                                                 and message.get("code") in ("code", "hello")):
                raise ProtocolError("the host sent a frame in the clear")
        else:
            try:
                text = self.channel.open(raw)
            except Unsealed:
                await self.close()
                if not self.proven:  # the host does not know this code (or is not the host)
                    raise JoinRefused("code", _("The host could not prove that it knows this "
                                                "join code. Check the code with the host.")
                                      ) from None
                raise ConnectionLost(_("A message from the host was changed on the way; "
                                       "the connection was closed.")) from None
            self.proven = True
            message = loads(text)
        if self.on_frame is not None and self.channel is not None:
            self.on_frame(text)  # the messages after the key exchange
        return message


def _text(value: Any) -> str:
    return clean(value) if isinstance(value, str) else ""


def _seconds(value: Any, default: float | None, low: float, high: float) -> float | None:
    """A number of seconds the host sent, within reason (else `default`)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return default
    return float(value) if low <= value <= high else default


def host_deck(data: Any) -> Deck:
    """The deck the host plays with: the standard deck when it is the very same, else the
    host's deck file as it sent it (checked like any deck file)."""
    if not isinstance(data, dict) or not isinstance(data.get("hash"), str):
        raise ProtocolError("the host's welcome has no deck")
    standard = load_deck()
    if data["hash"] == standard.content_hash:
        return standard
    text = data.get("text")
    if not isinstance(text, str):
        raise NetError(_("The host plays with a deck of its own and did not send it."))
    try:
        deck = parse_deck(text, "the host's deck")
    except DeckError as e:
        raise NetError(fmt(_("The host's deck cannot be used here: {problem}"),
                           problem=e)) from None
    if deck.content_hash != data["hash"]:
        raise ProtocolError("the host's deck is not the one it names")
    return deck


def table_state(data: Any) -> TableState:
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise ProtocolError("an update without the table")
    seats = []
    for s in data["seats"]:
        if not isinstance(s, dict) or not is_int(s.get("seat")):
            raise ProtocolError("a seat of the table is not described")
        seats.append(SeatInfo(s["seat"], _text(s.get("name")), _text(s.get("kind")),
                              _text(s.get("level")), s.get("connected") is True,
                              _text(s.get("stand_in")), s.get("host") is True))
    waiting: Any = data.get("waiting")
    return TableState(tuple(seats), data.get("started") is True, data.get("over") is True,
                      waiting if is_int(waiting) else -1)

