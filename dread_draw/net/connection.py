"""One client connection at the host: what it may send, what it is sent, and its keep-alive.

Each connection has a writer task of its own: errors and its welcome first, then — whenever
the table changed and the connection is ready for more — one `update`, built at that moment
(so a slow client gets the latest, never a queue). Every frame after the key exchange is
sealed with the connection's channel (`secure.Channel`). A client that floods, does not
read, or falls silent is closed; only that connection ends.

Keep-alive: both sides send a sealed `alive` when they have sent nothing for
`Limits.alive` seconds, and a side that hears nothing for `Limits.silent()` seconds closes
the connection — a killed peer, a cut cable or a dropped last frame is noticed within that
(a dropped frame also makes the next one fail to open), on both ends.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from dread_draw.net.protocol import ALIVE, Message, dumps
from dread_draw.net.secure import Channel


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
    alive: float = 2.5  # seconds of quiet after which each side sends a keep-alive; a side
    #                     that hears nothing for `silent()` closes the connection
    max_connections: int = 32  # seated connections at once (past the join code)
    max_watchers: int = 16  # spectators (`join --watch`), besides the seated connections
    max_pending: int = 64  # connections not past the join code yet, from everywhere
    per_address: int = 4  # connections not past the join code yet, from one address
    reserve: int = 16  # more pending connections, for the addresses that proved the code
    address_rate: float = 1.0  # new connections a second from one address, on average
    address_burst: int = 5  # and at once (the ones beyond are closed as they come; a table
    #                         of players behind one router joins as one address)
    spare_files: int = 64  # open files kept free for the save (fewer connections if need be)
    backlog: int = 128  # connections the system holds before they are accepted (and
    #                     accepted in one go: a flood opens at most this many files at once;
    #                     fewer under a small open-files limit); a full queue drops players'
    #                     connections before the host sees them
    refuse_seconds: float = 1.0  # a wrong code is answered this late (slows guessing)
    outbox: int = 64  # messages waiting to be sent on one connection

    def silent(self) -> float:
        """Seconds without a frame after which a connection is taken for dead."""
        return 3 * self.alive





class Connection:
    """One client connection: its seat, what it has been sent, its messages to send."""

    def __init__(self, ws: ServerConnection, limits: Limits) -> None:
        self.ws = ws
        self.limits = limits
        self.seat = -1
        self.watching = False  # a spectator: the public view only (R11.1), never a seat
        self.gone = False  # the host let it go: nothing more is sent but what is queued
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
        self.heard = self.spoke = time.monotonic()  # the last frame received, and sent

    @property
    def seated(self) -> bool:
        """Past the hello: a seat's or a spectator's connection, told the table."""
        return self.seat >= 0 or self.watching

    def refund(self) -> None:
        """An answer that moved the game costs nothing: only one can be pending at a time."""
        self.allowance = min(float(self.limits.burst), self.allowance + 1.0)

    def allowed(self) -> bool:
        """One more message within the rate limit? (a token bucket)"""
        now = self.heard = time.monotonic()
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
        """Drop the connection at once (the client does not read, floods, or is silent)."""
        transport = getattr(self.ws, "transport", None)
        if transport is not None:
            transport.abort()

    def keep_alive(self, now: float) -> None:
        """Send a keep-alive if this connection has been quiet; drop it if its client has
        been silent too long (a dead peer, or a frame lost on the way)."""
        if not self.seated or self.closing is not None:
            return
        if now - self.heard > self.limits.silent():
            self.abort()
        elif now - self.spoke >= self.limits.alive and not self.outbox:
            self.post(dict(ALIVE))

    async def write(self, update: Callable[[Connection], Message],
                    tap: Callable[[int, str], None] | None,
                    report: Callable[[Exception], None]) -> None:
        """The connection's writer: errors and welcome first, then the latest update
        (`update(self)`); a send that cannot finish in time closes the connection."""
        try:
            while True:
                await self.wake.wait()
                self.wake.clear()
                while self.outbox:
                    await self.send(self.outbox.popleft(), tap)
                if self.closing is not None:
                    code, reason = self.closing
                    await asyncio.wait_for(self.ws.close(code, reason),
                                           self.limits.write_seconds)
                    return
                if self.dirty and self.seated and not self.gone:
                    self.dirty = False
                    await self.send(update(self), tap)
                if self.gone and not self.wake.is_set():
                    return  # gone, and nothing more to send or close
        except (ConnectionClosed, TimeoutError):
            self.abort()
        except Exception as e:  # a bug: this connection ends, the game goes on
            report(e)
            self.abort()

    async def send(self, message: Message, tap: Callable[[int, str], None] | None) -> None:
        """Send one message: sealed once the connection has proven the code; in the clear
        before (the key exchange, and the refusals of a connection that did not)."""
        text = dumps(message)
        if tap is not None:
            tap(self.seat, text)
        frame: str | bytes = self.channel.seal(text) if self.channel is not None else text
        await asyncio.wait_for(self.ws.send(frame), self.limits.write_seconds)
        self.spoke = time.monotonic()
