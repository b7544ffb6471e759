"""`dread-draw host` and `dread-draw join` in a plain terminal (lines in, sentences out).

The host console says how to join, shows who sits where and whom the table waits for, and
takes a few commands, each a letter and Enter: `s` starts the game (CPUs take the empty
seats), `c` lets a CPU play the seat the table waits for while its player is away, `q`
stops (the game stays saved). With `--name` the host also plays: its seat is a client like
any other, over the loopback connection, and a number answers its questions.

The console player (`join`, and the host's own seat) tells the public events as sentences
(the table's narrator) and asks its seat's questions with numbered answers. It works in
any terminal, before the Textual table is plugged onto the client library. Everything shown
that came from outside (names, the host's messages) is shown as plain text.
"""

from __future__ import annotations

import asyncio
import signal
import socket
import struct
import sys
import threading

from rich.console import Console

from dread_draw import __version__
from dread_draw.base.errors import DreadDrawError
from dread_draw.base.safe_text import clean, name_problem, plain
from dread_draw.i18n import N_, _, fmt, level_word
from dread_draw.net.client import (
    Client,
    ConnectionLost,
    JoinRefused,
    NetError,
    SeatTokens,
    TableState,
    Update,
    parse_address,
)
from dread_draw.net.host import CPU, OPEN, PERSON, Host
from dread_draw.net.remote import seat_list
from dread_draw.rules import PublicView, View
from dread_draw.words.narrate import Narrator, describe, fortune_lines

REJOIN_TRIES = 10  # a lost connection: tries to rejoin, REJOIN_PAUSE seconds apart
REJOIN_PAUSE = 2.0
COMMANDS = N_("Type s and Enter to start the game (CPUs take the empty seats), c to let a CPU "
              "play for a player who lost the connection, q to stop. Before the start: f "
              "and a seat's number frees that seat, c and a number gives it to a CPU, r and "
              "a number frees it and refuses that name.")
COMMANDS_PLAYING = N_("Type c and Enter to let a CPU play for a player who lost the "
                      "connection, q to stop (the game stays saved).")


def say(out: Console, text: str) -> None:
    """One line for the player, shown exactly as written (never read as markup); nothing
    when the terminal has gone (closed, hung up)."""
    try:
        out.print(plain(text), soft_wrap=True)
    except OSError:
        pass


class Lines:
    """The terminal's lines, read on a thread of their own so the network never waits for
    the keyboard (None at the end of the input)."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        loop = asyncio.get_running_loop()

        def read() -> None:
            while True:
                try:
                    line = sys.stdin.readline()
                except (OSError, ValueError):  # the terminal is gone (closed, hung up)
                    line = ""
                try:
                    loop.call_soon_threadsafe(self.queue.put_nowait,
                                              line.strip() if line else None)
                except RuntimeError:  # the loop has ended: nobody is listening any more
                    return
                if not line:
                    return

        threading.Thread(target=read, name="dread-draw-keyboard", daemon=True).start()

    async def get(self) -> str | None:
        return await self.queue.get()


# ----------------------------------------------------------------------- the console player

class ConsolePlayer:
    """One seat played at a plain terminal through the client library."""

    def __init__(self, client: Client, out: Console, answers: asyncio.Queue[str | None], *,
                 tell_table: bool = True, typed_ahead: bool | None = None) -> None:
        """`tell_table`: say who comes and goes (the host's own seat leaves that to the host
        console). `typed_ahead`: answers typed before a question is asked count (a script
        feeding its answers); by default only at a terminal are they dropped, so that keys
        pressed while waiting never answer the next question by surprise."""
        self.client = client
        self.tell_table = tell_table
        self.typed_ahead = not sys.stdin.isatty() if typed_ahead is None else typed_ahead
        self.out = out
        self.answers = answers
        self.told = 0  # events of the log already told
        self.narrator: Narrator | None = None
        self.seen: TableState | None = None
        self.asking: asyncio.Task[None] | None = None
        self.asked = -1

    async def play(self) -> None:
        """Play the seat until the game is over; rejoin after a lost connection."""
        while True:
            try:
                async for update in self.client.updates():
                    self.show(update)
                return
            except ConnectionLost as e:
                self.stop_asking()
                say(self.out, fmt(_("{problem} Trying to rejoin…"), problem=e))
                await self.rejoin()

    async def rejoin(self) -> None:
        for _try in range(REJOIN_TRIES):
            await asyncio.sleep(REJOIN_PAUSE)
            try:
                await self.client.connect()
            except JoinRefused:
                raise
            except NetError:  # the host is not back yet
                continue
            self.asked = -1  # the question asked before may still be waiting: ask it again
            say(self.out, _("Back at the table."))
            return
        raise NetError(_("Could not rejoin the host. Run the same command again to rejoin your "
                         "seat."))

    def show(self, u: Update) -> None:
        if u.problem:
            say(self.out, fmt(_("The host says: {problem}"), problem=u.problem))
        self.show_table(u.table)
        shown = u.view if u.view is not None else u.public  # a spectator's: the public view
        if shown is not None:
            if self.narrator is None:
                self.narrator = Narrator(shown.deck, u.table.names)
            start = self.told
            if self.told == 0 and u.first == 0 and shown.round > 1:
                start = last_round_start(u.events)  # joined late: this round's story only
                if start:
                    say(self.out, _("(The earlier rounds are not told again.)"))
            for i, event in enumerate(u.events):
                if u.first + i < start:
                    continue  # told before a rejoin
                self.told = u.first + i + 1
                line = self.narrator(event)
                if line:
                    say(self.out, line)
        if u.decision is not None and u.decision.number != self.asked:
            self.asked = u.decision.number
            self.stop_asking()
            self.asking = asyncio.get_running_loop().create_task(self.ask(u))
        if shown is not None and shown.over and u.table.over:
            self.tell_fortune(shown, u.table)

    def show_table(self, table: TableState) -> None:
        before, self.seen = self.seen, table
        if not self.tell_table:
            return
        me = self.client.welcome.seat if self.client.welcome else -1
        if before is None:
            if not table.started:
                say(self.out, fmt(_("At the table: {seats}."), seats=seat_list(table, me)))
                say(self.out, _("Waiting for the host to start the game."))
            return
        for old, new in zip(before.seats, table.seats, strict=False):
            if new.seat == me:
                continue
            if old.kind == OPEN and new.kind == PERSON:
                say(self.out, fmt(_("{name} takes seat {seat}."), name=new.name, seat=new.seat + 1))
            elif old.connected and not new.connected and new.kind == PERSON:
                say(self.out, fmt(_("{name} lost the connection."), name=new.name))
            elif not old.connected and new.connected and old.kind == PERSON:
                say(self.out, fmt(_("{name} is back."), name=new.name))
            if new.stand_in and not old.stand_in:
                say(self.out, fmt(_("A CPU plays for {name} until they come back."),
                                  name=new.name))
        if table.started and not before.started:
            say(self.out, fmt(_("The game starts: {seats}."), seats=seat_list(table, me)))
        waiting = table.waiting
        if waiting >= 0 and waiting != me and (waiting != before.waiting or
                                               before.seats != table.seats):
            seat = table.seats[waiting]
            if seat.kind == PERSON and not seat.connected and not seat.stand_in:
                say(self.out, fmt(_("The table waits for {name} to come back."),
                                  name=seat.name))

    def stop_asking(self) -> None:
        if self.asking is not None and not self.asking.done():
            self.asking.cancel()
        self.asking = None

    async def ask(self, u: Update) -> None:
        assert u.view is not None and u.decision is not None
        question, labels = describe(u.decision, u.view, u.table.names)
        if not self.typed_ahead:
            while not self.answers.empty():  # keys pressed while nothing was asked
                if self.answers.get_nowait() is None:
                    raise NetError(_("The input ended before the game did."))
        say(self.out, question)
        for i, (_option, label) in enumerate(labels, 1):
            say(self.out, f"  {i}. {label}")
        while True:
            say(self.out, fmt(_("Your answer (1-{n}):"), n=len(labels)))
            line = await self.answers.get()
            if line is None:
                raise NetError(_("The input ended before the game did."))
            if line.isdigit() and 1 <= int(line) <= len(labels):
                await self.client.answer(labels[int(line) - 1][0])
                return
            say(self.out, fmt(_("Type a number from 1 to {n}, then Enter."), n=len(labels)))

    def tell_fortune(self, shown: View | PublicView, table: TableState) -> None:
        deck = shown.deck
        winner = table.names[shown.winner]
        if not shown.fortune:
            say(self.out, fmt(_("{name}'s Life Deck is empty: there is no fortune to read."),
                              name=winner))
        for line in fortune_lines(deck, shown.fortune):  # one line per card
            say(self.out, line)


def last_round_start(events: list[dict]) -> int:
    """The index of the last `round_start` among `events` (0 if none)."""
    for i in range(len(events) - 1, -1, -1):
        if events[i]["type"] == "round_start":
            return i
    return 0


async def join_game(address: str, code: str, name: str, *, out: Console | None = None,
                    tokens: SeatTokens | None = None) -> None:
    """`dread-draw join`: take a seat at a host and play it at this terminal."""
    problem = name_problem(name)
    if problem:
        raise DreadDrawError(fmt(_("--name: {problem}."), problem=problem))
    host, port = parse_address(address)
    out = out or Console(highlight=False)
    client = Client(host, port, code=code, name=name, tokens=tokens)
    welcome = await client.connect()
    say(out, fmt(_("You sit in seat {seat} of {players}, as {name}."), seat=welcome.seat + 1,
                 players=welcome.players, name=welcome.name))
    lines = Lines()
    try:
        await ConsolePlayer(client, out, lines.queue).play()
    finally:
        await client.close()


# ------------------------------------------------------------------------- the host console



def lan_addresses() -> list[str]:
    """This computer's network addresses (IPv4, then IPv6; not loopback), read from its own
    network interfaces — nothing is sent anywhere."""
    found: list[str] = []
    try:
        import fcntl  # not on Windows: there the host name's addresses serve

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            for _, name in socket.if_nameindex():
                try:
                    packed = fcntl.ioctl(s.fileno(), 0x8915,  # SIOCGIFADDR
                                         struct.pack("256s", name.encode()[:15]))
                except OSError:
                    continue
                address = socket.inet_ntoa(packed[20:24])
                if not address.startswith("127.") and address not in found:
                    found.append(address)
    except (ImportError, OSError, AttributeError):
        pass
    if not found:
        try:
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
                address = str(info[4][0])
                if not address.startswith("127.") and address not in found:
                    found.append(address)
        except OSError:
            pass
    return found + ipv6_addresses()


def ipv6_addresses(table: str = "/proc/net/if_inet6") -> list[str]:
    """This computer's IPv6 addresses that other computers can use (global and unique
    local; not ::1, not link-local fe80::, which need the interface's name), read from
    Linux's table of them (elsewhere: none listed; the host listens on them all the same)."""
    found: list[str] = []
    try:
        with open(table, encoding="ascii") as f:
            rows = f.read().split("\n")
    except OSError:
        return found
    for row in rows:
        fields = row.split()
        if len(fields) < 6 or len(fields[0]) != 32 or fields[3] != "00":  # 00: global scope
            continue
        try:
            address = socket.inet_ntop(socket.AF_INET6, bytes.fromhex(fields[0]))
        except (ValueError, OSError):
            continue
        if address not in found:
            found.append(address)
    return found


def join_line(address: str, port: int, code: str) -> str:
    shown = f"[{address}]" if ":" in address else address
    return "    " + fmt(_("dread-draw join {address}:{port} --code {code} --name YOUR-NAME"),
                        address=shown, port=port, code=code)


def banner(host: Host, lan: bool, addresses: list[str]) -> list[str]:
    lines = [fmt(_("Dread Draw {version}: hosting a game for {n} players."),
                 version=__version__, n=len(host.seats))]
    if lan:
        listed = ", ".join(addresses) if addresses else _("none found")
        lines += [fmt(_("Listening on every network address of this computer (port {port}): "
                        "{addresses}."), port=host.port, addresses=listed),
                  _("Anyone who can reach this computer and has the join code can take an "
                    "empty seat."),
                  _("Players join with:")]
        lines += [join_line(a, host.port, host.code) for a in addresses or [_("ADDRESS")]]
    else:
        lines += [fmt(_("Listening on this computer only (127.0.0.1, port {port}). Players at "
                        "this computer join with:"), port=host.port),
                  join_line("127.0.0.1", host.port, host.code),
                  _("To let other computers join, start the host with --lan.")]
    lines.append(_("To watch without a seat, join with --watch instead of --name."))
    lines.append(fmt(_("Join code: {code}"), code=host.code))
    return lines


class HostConsole:
    """The host's terminal: the table's state as sentences, and its commands."""

    def __init__(self, host: Host, out: Console, *, start_when_full: bool = False) -> None:
        self.host = host
        self.out = out
        self.quiet = True  # until the banner is printed
        self.start_when_full = start_when_full
        self.last: tuple[object, ...] | None = None
        self.answers: asyncio.Queue[str | None] = asyncio.Queue()
        host.on_news = lambda text: say(out, text)
        host.on_change = self.changed

    def changed(self) -> None:
        host = self.host
        if self.quiet:
            return
        if self.start_when_full and not host.started and host.full():
            say(self.out, _("Every seat is taken: the game starts."))
            host.begin()
            return
        waiting = host.waiting()
        slot = host.seats[waiting] if waiting >= 0 else None
        person = slot if slot is not None and slot.kind == PERSON else None
        state = (host.started, tuple((s.kind, s.name, s.conn is not None, s.stand_in)
                                     for s in host.seats),
                 person.index if person is not None else -1)
        if state == self.last:
            return
        before, self.last = self.last, state
        if not host.started:
            say(self.out, fmt(_("Seats: {seats}."), seats=self.seat_line()))
            return
        if before is None or not before[0]:
            if host.resumed:
                say(self.out, fmt(_("The game goes on where it was saved: {seats}."),
                                  seats=self.seat_line()))
            else:
                say(self.out, fmt(_("The game starts: {seats}."), seats=self.seat_line()))
        if person is not None and not person.own and (before is None or before[2] != waiting
                                                      or before[1] != state[1]):
            if person.conn is None and not person.stand_in:
                say(self.out, fmt(_("The table waits for {name} (seat {seat}), who is not "
                                    "connected. Type c and Enter to let a CPU play for them."),
                                  name=person.name, seat=waiting + 1))
            else:
                say(self.out, fmt(_("Waiting for {name} (seat {seat})."), name=person.name,
                                  seat=waiting + 1))

    def seat_line(self) -> str:
        parts = []
        for s in self.host.seats:
            words = {"seat": s.index + 1, "name": s.name, "level": level_word(s.level)}
            if s.kind == OPEN:
                text = _("{seat} open")
            elif s.kind == CPU:
                text = _("{seat} {name} (CPU, {level})")
            elif s.own:
                text = _("{seat} {name} (you)")
            elif s.stand_in:
                text = _("{seat} {name} (a CPU plays for them)")
            elif s.conn is not None:
                text = _("{seat} {name} (connected)")
            elif s.token:
                text = _("{seat} {name} (not connected)")
            else:
                text = _("{seat} held for {name}")
            parts.append(fmt(text, **words))
        return ", ".join(parts)

    async def commands(self, lines: Lines) -> None:
        """The host's keyboard: s, c, q; a number answers the host's own question."""
        while True:
            line = await lines.get()
            if line is None:
                return  # no keyboard (a headless host): it goes on by its flags
            word = line.lower()
            if word == "s":
                if self.host.started:
                    say(self.out, _("The game has already started."))
                else:
                    self.host.begin()
            elif word == "c":
                self.hand_over()
            elif word[:1] in ("f", "c", "r") and word[1:].strip().isdigit():
                self.lobby(word[:1], int(word[1:].strip()) - 1)
            elif word == "q":
                raise Stop
            elif line.isdigit():
                self.answers.put_nowait(line)
            elif line:
                say(self.out, _(COMMANDS_PLAYING if self.host.started else COMMANDS))

    def lobby(self, command: str, seat: int) -> None:
        """f N, c N, r N before the start: free seat N, give it to a CPU, refuse its name."""
        cpu = self.host.lobby.fill if command == "c" else None
        if not self.host.free_seat(seat, cpu=cpu, refuse=command == "r"):
            say(self.out, _("Only a seat a player took can be freed, and only before the "
                            "game starts."))

    def hand_over(self) -> None:
        host = self.host
        waiting = host.waiting()
        slot = host.seats[waiting] if waiting >= 0 else None
        if slot is None or slot.kind != PERSON or slot.conn is not None:
            say(self.out, _("The table is not waiting for a player who lost the connection."))
            return
        host.hand_to_cpu(waiting)


class Stop(Exception):
    """The host typed q."""


async def host_game(host: Host, port: int, *, lan: bool, out: Console,
                    start_when_full: bool = False, start_after: float | None = None,
                    note: str = "") -> None:
    """Serve the game until it is over (or the host types q)."""
    console = HostConsole(host, out, start_when_full=start_when_full)
    await host.start(None if lan else "127.0.0.1", port)
    for line in banner(host, lan, lan_addresses() if lan else []):
        say(out, line)
    if note:
        say(out, note)
    say(out, _(COMMANDS_PLAYING if host.started else COMMANDS))
    console.quiet = False
    lines = Lines()
    tasks: list[asyncio.Task[None]] = [asyncio.create_task(console.commands(lines))]
    own = next((s for s in host.seats if s.own), None)
    player = None
    if own is not None:
        player = asyncio.create_task(play_own_seat(host, own.name, own.token, out,
                                                   console.answers))
        tasks.append(player)
    if start_after is not None:
        tasks.append(asyncio.create_task(start_later(host, start_after, out)))
    tasks.append(asyncio.create_task(hang_up()))
    console.changed()
    finished = asyncio.create_task(host.finish())
    watched: list[asyncio.Task[None]] = [finished, *tasks]
    try:
        while finished in watched:
            done, _pending = await asyncio.wait(watched, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                watched.remove(task)
                task.result()  # Stop (q), or an error of the host's own seat
        if player is not None and not player.done():
            await asyncio.wait([player], timeout=3)  # the host's seat tells the end too
    except Stop:
        for task in tasks:  # the host's own seat first: it is not "losing the connection"
            task.cancel()
        finished.cancel()
        await host.close()
        if host.started:
            say(out, _("Stopped. The game is saved: `dread-draw host --resume` takes it back."))
        else:
            say(out, _("Stopped before the game started."))
        return
    finally:
        for task in tasks:
            task.cancel()
    game = host.match
    if game is not None and game.over:
        say(out, fmt(_("{name} wins the game. It is kept: see it again with `dread-draw replay "
                       "--save-dir {folder} --last`."),
                     name=clean(host.seats[game.game.winner].name), folder=saves_root(host)))


async def hang_up() -> None:
    """Stop as `q` does when the host's terminal closes (SIGHUP) or the host is asked to end
    (SIGTERM): the game stays saved, and the players are told the host stopped."""
    loop = asyncio.get_running_loop()
    asked = asyncio.Event()
    signals = [getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name)]
    installed = []
    for sig in signals:
        try:
            loop.add_signal_handler(sig, asked.set)
            installed.append(sig)
        except (NotImplementedError, RuntimeError, ValueError):  # Windows, or not the main
            pass  # thread: the default (the process ends; the save is already written)
    try:
        await asked.wait()
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)
    raise Stop


def saves_root(host: Host) -> str:
    return str(host.saves.root) if host.saves is not None else "DIR"


async def start_later(host: Host, seconds: float, out: Console) -> None:
    await asyncio.sleep(seconds)
    if not host.started:
        say(out, _("Time to start: CPUs take the empty seats."))
        host.begin()


async def play_own_seat(host: Host, name: str, token: str, out: Console,
                        answers: asyncio.Queue[str | None]) -> None:
    """The host's own seat: a client like any other, over the loopback connection."""
    client = Client("127.0.0.1", host.port, code=host.code, name=name, token=token)
    await client.connect()
    try:
        await ConsolePlayer(client, out, answers, tell_table=False).play()
    finally:
        await client.close()








async def watch_game(address: str, code: str, name: str, *, out: Console | None = None
                     ) -> None:
    """`dread-draw join --watch`: the table as nobody's seat sees it (R11.1), live, in plain
    lines of text; a spectator takes no seat and cannot play."""
    host, port = parse_address(address)
    out = out or Console(highlight=False)
    client = Client(host, port, code=code, name=name, watch=True)  # "": the host says who
    await client.connect()
    say(out, _("You are watching this table (you take no seat)."))
    try:
        await ConsolePlayer(client, out, asyncio.Queue()).play()
    finally:
        await client.close()
