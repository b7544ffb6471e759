"""`dread-draw host` and `dread-draw join` in a plain terminal (lines in, sentences out).

The host console says how to join, shows who sits where and whom the table waits for, and
takes a few commands, each a letter and Enter: `s` starts the game (CPUs take the empty
seats), `c` lets a CPU play the seat the table waits for while its player is away, `q`
stops (the game stays saved). With `--name` the host also plays: its seat is a client like
any other, over the loopback connection, and a number answers its questions.

The console player (`join --console`, and the host's own seat) is `play --plain`'s front end
(`dread_draw.lines.plain.LinesTable`) on the same table session, over the seat's
`RemoteMatch`: the same sentences, the same questions and the same commands (those the host
alone can serve say so), plus who comes and goes and the connection's state. A spectator
(`join --watch`) is told the public story as it happens. Everything shown that came from
outside (names, the host's messages) is shown as plain text.
"""

from __future__ import annotations

import asyncio
import signal
import socket
import struct
import sys
import threading
from typing import IO

from rich.console import Console

from dread_draw import __version__
from dread_draw.base.errors import DreadDrawError
from dread_draw.base.safe_text import clean, name_problem, plain
from dread_draw.i18n import N_, _, fmt, level_word
from dread_draw.lines.plain import LineSource, LinesTable, Quit
from dread_draw.net.client import (
    Client,
    ConnectionLost,
    NetError,
    SeatTokens,
    TableState,
    TakenOver,
    Update,
    parse_address,
)
from dread_draw.net.host import CPU, OPEN, PERSON, Host
from dread_draw.net.remote import (
    LOST,
    RemoteMatch,
    away_note,
    rejoin,
    seat_list,
    stopped_line,
)
from dread_draw.rules import Event
from dread_draw.table.ending import Ending, ending_words
from dread_draw.table.seam import TableMatch
from dread_draw.words.narrate import Narrator

REJOIN_PAUSE = 2.0  # a lost connection: seconds between two tries to rejoin
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

class QueueLines:
    """The lines typed at the console, from the keyboard's thread (or the host console's
    answers): the network goes on while a person types. `typed_ahead`: lines typed before a
    question is asked count (a script feeding its answers); at a terminal they are dropped,
    so that keys pressed while waiting never answer the next question by surprise."""

    def __init__(self, queue: asyncio.Queue[str | None], typed_ahead: bool) -> None:
        self.queue = queue
        self.typed_ahead = typed_ahead
        self.ended = False

    async def get(self) -> str | None:
        if self.ended:
            return None
        line = await self.queue.get()
        self.ended = line is None
        return line

    def drain(self) -> None:
        while not self.typed_ahead and not self.queue.empty():
            if self.queue.get_nowait() is None:
                self.ended = True
                return


class ConsoleTable(LinesTable):
    """A table at a plain terminal whose keyboard is read on a thread of its own (the
    network goes on while a person types): the lines table (`play --plain`'s front end, on
    the same session and model) over one seat of a hosted game — plus who comes and goes at
    the table and the connection's state — or over any match a session plays.
    `tell_table`: say who comes and goes (the host's own seat leaves that to the host
    console)."""

    def __init__(self, match: TableMatch, lines: LineSource, out: IO[str], *,
                 tell_table: bool = True) -> None:
        remote = match if isinstance(match, RemoteMatch) else None
        super().__init__(match, lines, out, people=None if remote is None else [remote.seat])
        self.remote = remote
        self.tell_table = tell_table
        self.news = TableNews(-1 if remote is None else remote.seat)
        self.lost = False
        if remote is not None:
            remote.listeners.append(self.changed)
            self.changed()

    def changed(self) -> None:
        """The connection or the table's people changed: say so."""
        r = self.remote
        if r is None:
            return
        if r.lost and not self.lost:  # (the host stopped on purpose: why, and the wait)
            self.say(stopped_line() if r.stopped else _(LOST))
        elif self.lost and not r.lost and not r.refused:
            self.say(_("Back at the table."))
        self.lost = r.lost
        if self.tell_table and r.table is not None:
            for line in self.news.lines(r.table):
                self.say(line)

    def save_note(self) -> str | None:
        return None if self.remote is None else away_note(self.remote)

    async def game_over(self, ending: Ending) -> None:
        await super().game_over(ending)
        if not ending.over and self.remote is not None and not self.remote.refused:
            self.say(_("The host ended the game."))


class TableNews:
    """Who comes and goes at a network table, in sentences, from one table state to the
    next (`me`: this console's seat, never told)."""

    def __init__(self, me: int) -> None:
        self.me = me
        self.seen: TableState | None = None

    def lines(self, table: TableState) -> list[str]:
        before, self.seen = self.seen, table
        me = self.me
        if before is None:
            if table.started:
                return []
            return [fmt(_("At the table: {seats}."), seats=seat_list(table, me)),
                    _("Waiting for the host to start the game.")]
        out = []
        for old, new in zip(before.seats, table.seats, strict=False):
            if new.seat == me:
                continue
            if old.kind == OPEN and new.kind == PERSON:
                out.append(fmt(_("{name} takes seat {seat}."), name=new.name, seat=new.seat + 1))
            elif old.connected and not new.connected and new.kind == PERSON:
                out.append(fmt(_("{name} lost the connection."), name=new.name))
            elif not old.connected and new.connected and old.kind == PERSON:
                out.append(fmt(_("{name} is back."), name=new.name))
            if new.stand_in and not old.stand_in:
                out.append(fmt(_("A CPU plays for {name} until they come back."),
                               name=new.name))
        if table.started and not before.started:
            out.append(fmt(_("The game starts: {seats}."), seats=seat_list(table, me)))
        waiting = table.waiting
        if waiting >= 0 and waiting != me and (waiting != before.waiting or
                                               before.seats != table.seats):
            seat = table.seats[waiting]
            if seat.kind == PERSON and not seat.connected and not seat.stand_in:
                out.append(fmt(_("The table waits for {name} to come back."), name=seat.name))
        return out


async def play_seat(client: Client, out: IO[str], lines: LineSource, *,
                    tell_table: bool = True) -> None:
    """Play this client's seat at the console until the game is over (or the person quits:
    the game goes on at the host). The seat's match (`RemoteMatch`) rejoins a lost
    connection by itself; a seat taken over elsewhere, or a refused rejoin, ends here."""
    assert client.welcome is not None
    remote = RemoteMatch(client, client.welcome)
    news = TableNews(client.welcome.seat)

    def waiting_room() -> None:
        if tell_table and remote.table is not None:
            for line in news.lines(remote.table):
                say_line(out, line)

    remote.listeners.append(waiting_room)
    pump = asyncio.create_task(remote.run())
    try:
        while True:  # the waiting room, until the game starts
            update = await remote.next()
            if update is None:
                break
            if update.view is not None:
                remote.take(update)
                break
        remote.listeners.remove(waiting_room)
        if remote.started:
            table = ConsoleTable(remote, lines, out, tell_table=tell_table)
            table.news = news
            try:
                await table.session.run()
            except Quit as q:  # (q: its question said that the game goes on at the host)
                if q.ended:
                    raise NetError(_("The input ended before the game did.")) from None
    finally:
        pump.cancel()
        await asyncio.gather(pump, return_exceptions=True)
    if remote.taken_over:
        raise TakenOver(remote.refused)
    if remote.refused:
        raise NetError(remote.refused)


def say_line(out: IO[str], text: str) -> None:
    """One line for the player, shown exactly as written; nothing when the terminal has
    gone (closed, hung up)."""
    try:
        out.write(clean(text, lines=True) + "\n")
        out.flush()
    except OSError:
        pass


class Spectator:
    """`join --watch`: the table as nobody's seat sees it (R11.1) — the public story, told
    as it happens; a spectator takes no seat and is asked nothing."""

    def __init__(self, client: Client, out: Console) -> None:
        self.client = client
        self.out = out
        self.told = 0  # events of the log already told
        self.narrator: Narrator | None = None

    async def play(self) -> None:
        """Watch until the game is over; through a lost connection (a host stopped and
        taken back, restarted), join again as a watcher for as long as the person waits."""
        while True:
            try:
                async for u in self.client.updates():
                    self.show(u)
                return
            except ConnectionLost as e:
                if e.stopped:  # on purpose: the game waits, saved, for the host's --resume
                    say(self.out, stopped_line())
                else:
                    say(self.out, fmt(_("{problem} Trying to rejoin…"), problem=e))
                await rejoin(self.client, REJOIN_PAUSE)
                say(self.out, _("Back at the table."))

    def show(self, u: Update) -> None:
        """One update: the host's word, then the public story it adds (a rejoin repeats
        the log from the start: only what was not told yet)."""
        if u.problem:
            say(self.out, fmt(_("The host says: {problem}"), problem=u.problem))
        shown = u.public
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
                    continue
                self.told = u.first + i + 1
                line = self.narrator(event)
                if line:
                    say(self.out, line)
            if shown.over and u.table.over:
                ending = ending_words(shown.deck, shown.winner, shown.fortune,
                                      list(u.table.names), review=False)
                for line in (ending.line, ending.no_fortune, *ending.fortune):
                    if line:
                        say(self.out, line)


def last_round_start(events: list[Event]) -> int:
    """The index of the last `round_start` among `events` (0 if none)."""
    for i in range(len(events) - 1, -1, -1):
        if events[i]["type"] == "round_start":
            return i
    return 0


async def join_game(address: str, code: str, name: str, *, out: IO[str] | None = None,
                    tokens: SeatTokens | None = None) -> None:
    """`dread-draw join`: take a seat at a host and play it at this terminal."""
    problem = name_problem(name)
    if problem:
        raise DreadDrawError(fmt(_("--name: {problem}."), problem=problem))
    host, port = parse_address(address)
    out = out or sys.stdout
    client = Client(host, port, code=code, name=name, tokens=tokens)
    welcome = await client.connect()
    say_line(out, fmt(_("You sit in seat {seat} of {players}, as {name}."),
                      seat=welcome.seat + 1, players=welcome.players, name=welcome.name))
    lines = Lines()
    try:
        await play_seat(client, out, QueueLines(lines.queue, not sys.stdin.isatty()))
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


def join_line(address: str, port: int) -> str:
    """The join command, on a line of its own (indented: a table shows it unbroken, so it
    is copied in one piece). It has no code: `join` asks for it (or reads DREAD_DRAW_CODE),
    so the code is not kept in a shell's history nor shown by `ps`."""
    shown = f"[{address}]" if ":" in address else address
    return "    " + fmt(_("dread-draw join {address}:{port} --name YOUR-NAME"),
                        address=shown, port=port)


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
        lines += [join_line(a, host.port) for a in addresses or [_("ADDRESS")]]
    else:
        lines += [fmt(_("Listening on this computer only (127.0.0.1, port {port}). Players at "
                        "this computer join with:"), port=host.port),
                  join_line("127.0.0.1", host.port),
                  _("To let other computers join, start the host with --lan.")]
    lines.append(_("To watch without a seat, join with --watch instead of --name."))
    lines.append(fmt(_("Join code: {code}"), code=host.code))
    lines.append(_("The join command asks for the code (or reads it from DREAD_DRAW_CODE): "
                   "say it to the players, don't post it."))
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
            elif line.isdigit() or not line:  # the host's own seat: an answer, or Enter
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
    # SIGTERM/SIGHUP handled before the join code is shown: a `kill` as soon as the code is
    # out stopped the host on the default action, no "stopped" said (benchmarks/flood.py)
    stopped = asyncio.create_task(hang_up())
    await asyncio.sleep(0)  # (the task installs its handlers at its first step)
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
    tasks.append(stopped)
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
        await play_seat(client, out.file, QueueLines(answers, not sys.stdin.isatty()),
                        tell_table=False)
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
        await Spectator(client, out).play()
    finally:
        await client.close()
