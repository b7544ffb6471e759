"""The host's door: who may try to join, and the opening that proves the join code.

A connection is *pending* from the moment its TCP connection is accepted until it proves
the code (its hello opens) or goes. The pending connections are shared fairly (`Gate`): at
most `per_address` from one address (a new one closes that address's oldest), at most
`max_pending` in all (a new one closes the oldest of the address that holds the most,
those that sent nothing yet first, then those that have not begun the key exchange: a
connection that says nothing costs its sender nothing to open again, while an honest
client speaks at once), and `reserve`
more for the addresses that proved the code before — the players' own, so that a flood of
strangers cannot keep a seated player from rejoining. Each has `hello_seconds` to open its
WebSocket, exchange keys and say hello. An address may open only so many connections a
second (`rate`, a bucket of `burst`; an address that proved the code is not limited so):
the ones beyond are closed as they come, so that no address can churn the shared places
faster than an honest client opens its WebSocket.

The `Door` runs the opening (docs/NETWORK.md, Messages): the versions; an address that
guessed wrong too often is told to wait (`secure.Guesses`: that address only, never
everyone); the key exchange on the join code; then the client's hello with its proof of the
key (`secure.Channel.open_hello`). A wrong proof is a wrong guess, counted against its
address after the exchange; a hello changed on the way is not; a key exchange message that
is not one is a guess too. Each is one note on the host's console (said once, then counted:
`Host.note`), never a traceback. The key exchanges take their turns (`Turns`): each costs the
host about 20 ms of CPU, so under a flood their order is what a player waits for — the
addresses that proved the code first, then those that never guessed wrong, then the rest.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

from websockets.asyncio.server import ServerConnection

from dread_draw import __version__
from dread_draw.base.safe_text import clean
from dread_draw.i18n import _, fmt
from dread_draw.net.connection import Connection, Limits
from dread_draw.net.protocol import PROTOCOL, Message, ProtocolError, error, is_int, loads
from dread_draw.net.secure import Damaged, Exchange, Guesses, Unsealed, address_group

__all__ = ["Door", "Gate", "Limits", "Refused", "free_port", "gated", "open_files_allowed"]


class Refused(Exception):
    """A join the host refuses: an `error` code, and the sentence for the player (an id of
    `protocol.SAID`, the code by default, and its parameters)."""

    def __init__(self, code: str, say: str | None = None,
                 args: dict[str, Any] | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.say = say
        self.words = args or {}


class Gate:
    """The pending connections, shared fairly (see the module docstring). Addresses are
    counted by `secure.address_group` (an IPv6 /64 is one address here)."""

    def __init__(self, max_pending: int, per_address: int, reserve: int = 0,
                 rate: float = 1.0, burst: int = 5) -> None:
        self.max_pending = max_pending
        self.per_address = per_address
        self.reserve = reserve
        self.rate = rate  # connections a second from one address, on average
        self.burst = burst  # and at once
        self.allowance: dict[str, tuple[float, float]] = {}  # group: (left, when)
        self.pending: dict[object, str] = {}  # connection: its address group
        self.by_address: dict[str, list[object]] = {}  # oldest first
        self.reserved: set[object] = set()  # pending in the reserve of the known addresses
        self.said: dict[object, int] = {}  # how far each got: 1 spoke, 2 began the exchange
        self.known: dict[str, None] = {}  # groups that proved the code (the latest last)
        self.age: dict[object, int] = {}
        self._ticket = itertools.count()

    def allowed(self, address: str, now: float | None = None) -> bool:
        """May `address` open one more connection now? (a bucket per address group)"""
        now = time.monotonic() if now is None else now
        group = address_group(address)
        if group in self.known:
            return True
        left, when = self.allowance.pop(group, (float(self.burst), now))
        left = min(float(self.burst), left + (now - when) * self.rate)
        self.allowance[group] = (left - 1.0 if left >= 1.0 else left, now)  # (latest last)
        if len(self.allowance) > 10_000:
            del self.allowance[next(iter(self.allowance))]
        return left >= 1.0

    def admit(self, conn: object, address: str) -> list[object]:
        """Let `conn` wait at the door; the connections it pushes out (to be closed)."""
        group = address_group(address)
        mine = self.by_address.get(group, [])
        reserved = group in self.known and len(self.reserved) < self.reserve
        out: list[object] = []
        if len(mine) >= self.per_address:
            out.append(mine[0])  # its oldest: a newer try from there is likelier alive
        elif not reserved and len(self.pending) - len(self.reserved) >= self.max_pending:
            out.append(self._busiest_oldest())
        for old in out:
            self.passed(old)
        self.pending[conn] = group
        self.by_address.setdefault(group, []).append(conn)
        self.age[conn] = next(self._ticket)
        if reserved:
            self.reserved.add(conn)
        return out

    def _busiest_oldest(self) -> object:
        """The pending connection (outside the reserve) to close for a new one: of those
        that got least far (sent nothing, sent no key exchange, began it), the oldest of
        the address with most."""
        best: tuple[int, int, int] | None = None
        pick: object = None
        for conns in self.by_address.values():
            common = [c for c in conns if c not in self.reserved]
            if not common:
                continue
            least = min(self.said.get(c, 0) for c in common)
            first = next(c for c in common if self.said.get(c, 0) == least)
            rank = (least, -len(common), self.age[first])
            if best is None or rank < best:
                best, pick = rank, first
        return pick

    def heard(self, conn: object, level: int) -> None:
        """`conn` spoke (1: its first bytes; 2: its key exchange): it is closed for a new
        one only after those that got less far."""
        if conn in self.pending and self.said.get(conn, 0) < level:
            self.said[conn] = level

    def passed(self, conn: object) -> None:
        """`conn` proved the code, or is gone: it no longer counts here."""
        group = self.pending.pop(conn, None)
        if group is None:
            return
        self.age.pop(conn, None)
        self.reserved.discard(conn)
        self.said.pop(conn, None)
        left = self.by_address[group]
        left.remove(conn)
        if not left:
            del self.by_address[group]

    def proved(self, address: str) -> None:
        """An address proved the code: its later connections may use the reserve."""
        group = address_group(address)
        self.known.pop(group, None)
        self.known[group] = None
        if len(self.known) > 1000:
            del self.known[next(iter(self.known))]


class Turns:
    """The key exchanges, one at a time, in the order the door owes them: the addresses that
    proved the code (players rejoining), then those with no wrong guess (a player's first
    join), then the rest; among equals, the address served least so far, then the one with
    fewest connections waiting (a player opens one; a flood, many), then the first to ask.
    Nobody is refused here: a turn that comes too late meets the opening's deadline."""

    KNOWN, CLEAN, SUSPECT = 0, 1, 2

    def __init__(self, waiting: Callable[[str], int] = lambda group: 0) -> None:
        self.busy = False
        self.queue: list[tuple[int, str, int, asyncio.Future[None]]] = []  # kind, group, …
        self.served: dict[str, int] = {}  # address group: turns it had
        self.waiting = waiting  # an address group's connections waiting at the door
        self._ticket = itertools.count()

    @contextlib.asynccontextmanager
    async def turn(self, group: str, kind: int) -> AsyncIterator[None]:
        if self.busy or self.queue:
            waiter = asyncio.get_running_loop().create_future()
            self.queue.append((kind, group, next(self._ticket), waiter))
            try:
                await waiter
            except BaseException:
                if waiter.done() and not waiter.cancelled():
                    self._next()  # it was handed the turn as it gave up: pass it on
                raise
        else:
            self.busy = True
        self.served[group] = self.served.pop(group, 0) + 1
        if len(self.served) > 10_000:
            del self.served[next(iter(self.served))]
        try:
            yield
        finally:
            self._next()

    def _next(self) -> None:
        """Hand the turn to the waiter the door owes it to now (or nobody: not busy)."""
        self.queue = [w for w in self.queue if not w[3].done()]  # (gone: past the deadline)
        if not self.queue:
            self.busy = False
            return
        best = min(self.queue, key=lambda w: (w[0], self.served.get(w[1], 0),
                                              self.waiting(w[1]), w[2]))
        self.queue.remove(best)
        best[3].set_result(None)  # (still busy: the turn is theirs)


class Door:
    """The opening of every connection (see the module docstring)."""

    def __init__(self, code: str, limits: Limits, note: Callable[[str], None]) -> None:
        self.code = code
        self.limits = limits
        self.note = note
        self.guesses = Guesses()
        self.gate = Gate(limits.max_pending, limits.per_address, limits.reserve,
                         limits.address_rate, limits.address_burst)
        self.turns = Turns(lambda group: len(self.gate.by_address.get(group, ())))

    def kind(self, address: str) -> int:
        """Where an address's key exchange goes in the queue (`Turns`)."""
        group = address_group(address)
        if group in self.gate.known:
            return Turns.KNOWN
        return Turns.CLEAN if group not in self.guesses.wrong else Turns.SUSPECT

    def accepted(self, conn: ServerConnection, address: str) -> None:
        """A TCP connection was accepted: it waits at the gate (or is closed at once, from
        an address that opens them too fast); those it pushes out close."""
        if self.guesses.waiting(address) or not self.gate.allowed(address):
            self.note(_("An address opens connections too fast: the extra ones are closed "
                        "at once."))
            transport = getattr(conn, "transport", None)
            if transport is not None:
                transport.abort()
            return
        for old in self.gate.admit(conn, address):
            self.note(_("Many connections wait to join without the code: the oldest from the "
                        "busiest address are closed."))
            transport = getattr(old, "transport", None)
            if transport is not None:
                transport.abort()

    async def open(self, conn: Connection) -> Message | None:
        """The client's hello once it proved the code; None when the connection is being
        closed (refused, a wrong code, too late, not understood), saying why."""
        try:
            async with asyncio.timeout(self.limits.hello_seconds):
                return await self._handshake(conn)
        except TimeoutError:
            conn.close_after(error("hello"), 1008, "no hello")
        except (ProtocolError, Refused) as e:
            turn_away(conn, e)
        return None

    async def _handshake(self, conn: Connection) -> Message | None:
        first = loads(await conn.ws.recv())
        self.gate.heard(conn.ws, 2)
        if first["type"] not in ("pake", "hello"):
            raise ProtocolError("the first message must be the key exchange")
        self.check_version(first)
        if first["type"] != "pake":
            raise ProtocolError("the first message must be the key exchange")
        if self.guesses.wait(conn.address) > 0:
            self.guesses.tell_wait(conn.address)  # (until then, turned away at once)
            self.note(_("Too many wrong join codes came from one address: it waits a while "
                        "before its next try."))
            raise Refused("slow-down")
        async with self.turns.turn(address_group(conn.address), self.kind(conn.address)):
            exchange = await asyncio.to_thread(Exchange, self.code, host=True)
            try:  # (on a thread: the network keeps moving while the curve is worked out)
                channel = await asyncio.to_thread(exchange.finish, first.get("pake"))
            except ProtocolError:
                self.guesses.missed(conn.address)  # it cost the host the exchange: a guess
                self.note(_("A join with a garbled key exchange was refused and counted as "
                            "a wrong join code."))
                raise
        conn.guessed = True  # a guess, unless its hello opens (the key exchange costs CPU)
        conn.post({"type": "pake", "pake": exchange.message})
        raw = await conn.ws.recv()
        try:
            text = channel.open_hello(raw)
        except Damaged:  # the right code, changed on the way: not the player's guess
            conn.guessed = False
            conn.channel = channel
            self.gate.proved(conn.address)
            self.note(_("A join was changed on the way and is refused; the player can try "
                        "again."))
            conn.close_after(error("damaged"), 1008, "damaged")
            return None
        except Unsealed:
            conn.guessed = False  # counted here
            self.guesses.missed(conn.address)
            self.note(_("Someone tried to join with a wrong join code."))
            await asyncio.sleep(self.limits.refuse_seconds)  # slows guessing
            conn.close_after(error("code"), 1008, "refused")
            return None
        self.guesses.right(conn.address)
        self.gate.passed(conn.ws)
        self.gate.proved(conn.address)
        conn.channel = channel
        message = loads(text)
        if message["type"] != "hello":
            raise ProtocolError("the first sealed message must be a hello")
        return message

    def check_version(self, hello: Message) -> None:
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


def turn_away(conn: Connection, e: ProtocolError | Refused) -> None:
    """Close a connection whose opening or hello was not understood or was refused, saying
    why."""
    if isinstance(e, Refused):
        conn.close_after(error(e.code, e.say, e.words, protocol=PROTOCOL, version=__version__),
                         1008, "refused")
    else:
        conn.close_after(error("bad-message", args={"problem": str(e)}), 1008, "bad message")


def gated(door: Door) -> type[ServerConnection]:
    """The WebSocket server's connection class: each connection waits at the door's gate from
    the moment it is accepted (before its WebSocket opens)."""

    class Gated(ServerConnection):
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            door.accepted(self, str(peer[0]) if isinstance(peer, tuple) and peer else "?")

        def data_received(self, data: bytes) -> None:
            door.gate.heard(self, 1)
            super().data_received(data)

        def connection_lost(self, exc: Exception | None) -> None:
            door.gate.passed(self)
            super().connection_lost(exc)

    return Gated


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
