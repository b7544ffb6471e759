"""The host's seats: how the table is set, and who may sit where.

`SeatPlan` is what the command line asked for; `Lobby` the table before the game starts
(its deck, seats, seed, and the CPU level of the seats still open at the start). `Seating`
decides who sits where from a hello that proved the join code: a seat token takes its seat
back (a newer connection takes over from an older one), a name held for it (`--human`, or a
resumed game's) takes its seat, anyone else the first open seat before the start; a name
already at the table, or one the host refused, is refused. Before the start the host can
free a seat, give it to a CPU, or refuse its name. Names are compared as a table shows them
(`safe_text.name_key`: names that look alike are the same name).
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dread_draw.base.safe_text import name_fault, name_key, name_too_wide, normal_name
from dread_draw.i18n import _, fmt, level_word
from dread_draw.net.admission import Refused
from dread_draw.net.protocol import Message, error, new_token
from dread_draw.rules import Deck

if TYPE_CHECKING:
    from dread_draw.net.connection import Connection

OPEN, PERSON, CPU = "open", "person", "cpu"  # what sits in a seat


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


def same_token(given: str, token: str) -> bool:
    """Whether a client's token is this seat's (compared in constant time)."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), token.encode())


class Seating:
    """Who sits where (see the module docstring). `note` tells the host's console; `kept`
    is called when a seat's token or stand-in changed (they are kept beside the save)."""

    def __init__(self, lobby: Lobby, note: Callable[[str], None],
                 kept: Callable[[], None]) -> None:
        self.lobby = lobby
        self.seats = lobby.seats
        self.note = note
        self.kept = kept
        self.refused_names: set[str] = set()  # name_key()s the host refused (the lobby's r)
        self.takeovers = 0  # seats taken by a newer connection with the same token

    def full(self) -> bool:
        """Every seat has its player: no open seat, no person's seat still unclaimed."""
        return all(s.kind != OPEN and not (s.kind == PERSON and not s.token and not s.stand_in)
                   for s in self.seats)

    def admit(self, conn: Connection, hello: Message, started: bool) -> int:
        """The seat this hello may take, claimed for `conn` (Refused with a reason if none);
        the hello came sealed, so its sender knows the join code."""
        token = hello.get("token")
        if isinstance(token, str) and token:
            for s in self.seats:
                if s.token and same_token(token, s.token):
                    self.take(conn, s)
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
                self.take(conn, s)
                return s.index
        if any(s.name and name_key(s.name) == key for s in self.seats):
            raise Refused("name-taken", args={"name": name})
        if started:
            raise Refused("full", "full-started")
        for s in self.seats:
            if s.kind == OPEN:
                s.kind, s.name = PERSON, name
                self.take(conn, s)
                return s.index
        raise Refused("full")

    def take(self, conn: Connection, slot: Seat) -> None:
        old = slot.conn
        if old is not None and old is not conn:  # the same player on a new connection
            self.takeovers += 1
            old.seat = -1
            old.close_after(error("taken-over"), 1000, "taken over")
        if not slot.token:
            slot.token = new_token()
            self.kept()
        slot.conn = conn
        if slot.stand_in:  # back: the table waits for them again if they leave
            slot.stand_in = ""
            self.kept()
        if slot.own:
            pass  # the host's own seat: the host knows
        elif slot.joined:
            self.note(fmt(_("{name} is back at seat {seat}."), name=slot.name,
                          seat=slot.index + 1))
        else:
            self.note(fmt(_("{name} takes seat {seat}."), name=slot.name,
                          seat=slot.index + 1))
        slot.joined = True

    def free(self, seat: int, *, cpu: str | None = None, refuse: bool = False) -> bool:
        """Before the start: free a person's seat (anyone may take it again), or give it to
        a CPU of level `cpu`, and with `refuse` refuse its name from now on. Its player, if
        connected, is told and leaves for good (False: not a seat that can be freed)."""
        if not 0 <= seat < len(self.seats):
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
            conn.close_after(error("freed"), 1000, "freed")
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
        return True

    def fill_open(self) -> None:
        """At the start: the seats still open become CPU seats of the lobby's level."""
        for s in self.seats:
            if s.kind == OPEN:
                s.kind, s.level = CPU, self.lobby.fill
        self.lobby.name_cpus((CPU,))

    def public(self) -> list[dict[str, Any]]:
        return [s.public() for s in self.seats]
