"""`dread-draw join` at the table: one seat of a hosted game, played on the same table as `play`.

The table renders a `net.remote.RemoteMatch` — this seat's view, the events as this seat may
see them, its pending decision — instead of a local `Match`: there is no game on this side,
only what the host sent this seat (R11), so no hand-off screen is ever needed. The table's own
conductor (dread_draw/table/conductor.py) drives it as it drives a local match: the remote
match's `play()` takes the host's updates in turn, the model tells their new events (the log,
the stage, this seat's looks and failed reveals, the round summaries), and the seat's
questions are asked on the prompt, the answer sent to the host. The pace of the CPU moves
is the host's (`host --cpu-delay`), and so is the pause of the round summaries (`host
--summary-pause`): they go on by themselves, so the table never waits on its slowest reader.
A line under the top bar says who is at the table and whom it waits for, or that the
connection is lost and being joined again, or that the host stopped the game (saved on the
host) and the table waits for it to come back.

A watcher (`join --watch`) gets the same table on the public view the host sends a
spectator (R11.1): nobody's seat, never a question, in the watcher's own language.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import Any, TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from dread_draw.base.errors import DreadDrawError
from dread_draw.base.safe_text import clean, name_problem
from dread_draw.i18n import N_, _, fmt, level_word
from dread_draw.net.client import Client, Update, parse_address
from dread_draw.net.host import PERSON, Host
from dread_draw.net.remote import LOST, RemoteMatch, RemoteMove, away_note, seat_list
from dread_draw.table.ending import Ending
from dread_draw.table.seam import TableMove
from dread_draw.tui.app import DreadDrawApp, stopped_line
from dread_draw.tui.screens.base import SizeAware
from dread_draw.tui.screens.game_over import GameOver
from dread_draw.tui.screens.table import TableScreen
from dread_draw.tui.widgets.base import TooSmall
from dread_draw.tui.widgets.keybar import KeyBar
from dread_draw.tui.widgets.prompt import PromptBar

WATCHER_PAUSE = 8.0  # a round's summary at a watcher's table, when the host set no pause


class ConnectionLine(Static):
    """Who is at the table and whom it waits for; a lost connection, plainly."""

    # Its own small style here, beside the table's (dread_draw.tcss is the table's file).
    DEFAULT_CSS = """
    ConnectionLine { height: 1; background: $panel; color: $text-muted; }
    ConnectionLine.-lost { background: $error; color: $text; text-style: bold; }
    """

    def show(self, remote: RemoteMatch) -> None:
        status = remote.status
        self.set_class(remote.lost or bool(remote.refused), "-lost")
        self.update(Text(clean(status), no_wrap=True, overflow="ellipsis"))


class WaitingRoom(SizeAware, Screen[None]):
    """Before the host starts the game: where this player sits, and who else is there. The
    host's shows how to join; each join command is on one line, never broken, so that it is
    copied in one piece (the panel is as wide as the longest, as far as the screen allows)."""

    DEFAULT_CSS = """
    WaitingRoom .join-command { text-style: bold; margin: 0 0 0 2; }
    """

    def __init__(self, remote: RemoteMatch, name: str, players: int,
                 intro: list[str] | None = None,
                 waiting: str = N_("Waiting for the host to start the game…")) -> None:
        """`intro`: lines above the seats (the host's: how to join); `waiting`: what the
        table waits for."""
        super().__init__()
        self.remote = remote
        self.who = Text(_("You are watching this table (you take no seat).")
                        if remote.watching else
                        fmt(_("You sit in seat {seat} of {players}, as {name}."),
                            seat=remote.seat + 1, players=players, name=clean(name)))
        self.intro = intro or []
        self.waiting = waiting  # (marked with N_, translated where shown)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.who, classes="dialog-title")
            for line in self.intro:
                if line.startswith("    "):  # a command: on one line, copied in one piece
                    yield Static(Text(clean(line.strip()), no_wrap=True, overflow="ignore"),
                                 classes="join-command")
                else:
                    yield Static(Text(clean(line)), classes="lobby-intro")
            yield Static(id="lobby-seats")
            yield Static(_("Waiting for the host to start the game…"), id="lobby-note")
        yield KeyBar()
        yield TooSmall()

    def on_mount(self) -> None:
        self.remote.listeners.append(self.changed)
        commands = [cell_len(clean(line.strip())) for line in self.intro
                    if line.startswith("    ")]
        if commands:  # border 2, padding 4, the command's margin 2
            self.query_one("#dialog").styles.width = max(64, max(commands) + 8)
        self.changed()

    def on_unmount(self) -> None:
        if self.changed in self.remote.listeners:
            self.remote.listeners.remove(self.changed)

    def changed(self) -> None:
        r = self.remote
        note = r.refused or _(LOST if r.lost else self.waiting)
        seats = "" if r.table is None else fmt(_("At the table: {seats}."),
                                                   seats=seat_list(r.table, r.seat))
        # (told by the connection's pump, also while this screen is being taken away)
        for selector, text in (("#lobby-seats", seats), ("#lobby-note", note)):
            for static in self.query(selector).results(Static):
                static.update(Text(clean(text, lines=True)))


class RemoteGameOver(GameOver):
    """The end of a hosted game: the winner and the fortune; no rematch from here (the host
    starts the next game), and no review (the host alone holds the game's choices): `v`
    is out of the key bar and, pressed, says so in a line (the model's `served`)."""

    BINDINGS = [Binding("v", "review", N_("Review"), show=False)]  # (over GameOver's)

    def on_mount(self) -> None:
        super().on_mount()
        for button in self.query("#rematch, #new, #review").results(Button):
            button.display = False

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "done" and parameters and parameters[0] in ("rematch", "new"):
            return False
        return super().check_action(action, parameters)


class RemoteTable(TableScreen, inherit_bindings=False):
    """The table for one seat of a hosted game (see the module docstring)."""

    # the table's keys but `s` (the CPUs' pace is the host's); `h` and `u` are not offered
    # (the host alone holds the game: see README), out of the key bar, and pressed they say
    # so in a line (the session's `NETWORK_KEYS`)
    BINDINGS = [b for b in TableScreen.BINDINGS if getattr(b, "action", "") not in (
        "skip", "hint", "take_back")] + [
        Binding("h", "hint", N_("Hint"), show=False),
        Binding("u", "take_back", N_("Take back"), show=False)]
    chrome = TableScreen.chrome + 1  # the connection line

    def __init__(self, remote: RemoteMatch, first: Update) -> None:
        # One person at this table, whose cards are the only private ones it ever holds (a
        # watcher's: nobody, R11.1). Its own failed reveal waits for the person, as at a
        # local table; the CPUs' pace and the round summaries' pause are the host's.
        super().__init__(remote, cpu_delay=0,
                         people=[] if remote.watching else [remote.seat], hold_own=True)
        self.model.round_pause = remote.pause if remote.pause is not None or not (
            remote.watching) else WATCHER_PAUSE
        self.remote = remote
        self.first = first  # the update the table opened on (taken: told by `retold`)

    def compose(self) -> ComposeResult:
        parts = iter(super().compose())
        yield next(parts)  # the top bar
        yield ConnectionLine(id="netline")
        yield from parts

    def on_mount(self) -> None:
        self.remote.listeners.append(self.show_status)
        self.remote.add_hook(self.heard)
        self.show_status()

    def on_unmount(self) -> None:
        if self.show_status in self.remote.listeners:
            self.remote.listeners.remove(self.show_status)
        self.remote.remove_hook(self.heard)

    def show_status(self) -> None:
        for line in self.query(ConnectionLine).results(ConnectionLine):  # none once going
            line.show(self.remote)
        if self.remote.lost and self.answer is None:  # why, whole (the line above is cut
            for bar in self.query(PromptBar).results(PromptBar):  # on a narrow screen)
                bar.clear(Text(clean(self.remote.status)))

    # ------------------------------------------------ the front end of the table's conductor
    # The table's own driver plays the network seat: `RemoteMatch.play` takes the host's
    # updates, and the conductor shows their moves through the model (the stage, the log,
    # the round's summary, this seat's looks and failed reveals) and asks this seat's
    # questions (dread_draw/table/conductor.py), as at a local table.

    def heard(self, match: object, move: TableMove) -> None:
        """A hook of the remote match: what the host says of an update, and that a CPU
        played for this seat while it was away."""
        if isinstance(move, RemoteMove) and move.problem:
            self.app.notify(clean(move.problem), title=_("The host says"), markup=False)
        if self.remote.played_for_me(list(move.events)):
            self.app.notify(_("A CPU played for you while you were away."), markup=False)
        self.show_status()

    def waiting(self) -> None:
        """Whom the table waits for — or, the connection lost, why, whole (the moves that
        came before it are shown first: the line must not go back to a CPU thinking)."""
        lost = self.remote.lost
        self.query_one(PromptBar).clear(Text(clean(self.remote.status)) if lost
                                        else self.waiting_line())

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if self.remote.watching and action in ("pick", "use", "go_on"):
            return False  # a watcher answers nothing: no answer keys in its key bar
        return super().check_action(action, parameters)

    async def game_over(self, ending: Ending) -> None:
        r = self.remote
        prompt = self.query_one(PromptBar)
        if ending.over:
            prompt.clear(Text(clean(ending.line)))
            await self.app.push_screen_wait(RemoteGameOver(r, self.model))
            self.app.exit()
        else:
            prompt.clear(Text(clean(r.refused or _("The host ended the game."))))

    def waiting_line(self) -> Text:
        table, view = self.remote.table, self.remote.seat_game
        seat = view.latest.pending.seat if view and view.latest.pending else -1
        if table is None or not 0 <= seat < len(table.seats):
            return Text("…")
        s = table.seats[seat]
        if s.kind == "cpu":
            return Text(fmt(_("{name} (CPU {level}) is thinking…"), name=clean(s.name),
                            level=level_word(s.level)))
        if s.stand_in:
            return Text(fmt(_("A CPU plays for {name} until they come back."),
                            name=clean(s.name)))
        if not s.connected:
            return Text(fmt(_("The table waits for {name} to come back."), name=clean(s.name)))
        return Text(fmt(_("{name} is choosing…"), name=clean(s.name)))


class RemoteApp(DreadDrawApp):
    """The table for one seat of a hosted game: the waiting room, then the table."""

    def __init__(self, remote: RemoteMatch, name: str, players: int) -> None:
        super().__init__(settings=None)
        self.remote = remote
        self.seat_name = name
        self.players = players

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]  # to stop it
        event.prevent_default()  # not DreadDrawApp's: no new-game screen here
        self.check_size()
        self.push_screen(self.waiting_room())
        self.run_worker(self.network(), group="network")  # a bug stops the table, loudly
        self.run_worker(self.open_table(), group="table")

    def waiting_room(self) -> WaitingRoom:
        return WaitingRoom(self.remote, self.seat_name, self.players)

    async def network(self) -> None:
        await self.remote.run()
        if self.remote.taken_over:  # the seat plays on in another window: this one leaves
            self.exit()

    async def open_table(self) -> None:
        r = self.remote
        while True:
            update = await r.next()
            if update is None:
                return  # refused on a rejoin: the waiting room says why
            if update.view is not None or update.public is not None:
                r.take(update)
                self._replace_screens(RemoteTable(r, update))
                return

    def in_progress(self) -> bool:
        """A seat in a game not over (a watcher leaves nothing behind)."""
        return not self.remote.over and not self.remote.refused and not self.remote.watching

    def save_note(self) -> str | None:
        if not self.in_progress() or not self.remote.started:
            return None
        return away_note(self.remote)  # (the host stopped on purpose: why, how to come back)


def join_table(address: str, code: str, name: str, **run: Any) -> RemoteApp:
    """`dread-draw join` at a terminal: join (a refusal is a clear message, exit 2, before
    the table opens), then play the seat at the table."""
    problem = name_problem(name)
    if problem:
        raise DreadDrawError(f"--name: {problem}.")
    return remote_table(address, code, name, watch=False, **run)


def watch_table(address: str, code: str, name: str = "", **run: Any) -> RemoteApp:
    """`dread-draw join --watch` at a terminal (or a browser's, `serve --watch`): the table
    as nobody's seat sees it, live, until the game is over; it waits through a host's
    restart."""
    return remote_table(address, code, name, watch=True, **run)


def remote_table(address: str, code: str, name: str, *, watch: bool, **run: Any) -> RemoteApp:
    host, port = parse_address(address)

    async def main() -> RemoteApp:
        client = Client(host, port, code=code, name=name, watch=watch)
        welcome = await client.connect()
        app = RemoteApp(RemoteMatch(client, welcome), welcome.name, welcome.players)
        try:
            await app.run_async(**run)
        finally:
            await client.close()
        return app

    return ended(asyncio.run(main()))


AppT = TypeVar("AppT", bound="RemoteApp")


def ended(app: AppT) -> AppT:
    """After a table closes: one line on how the game was left, and a non-zero exit when the
    table stopped on an error (the same for `join` and `host --name`)."""
    note = app.save_note()
    try:
        _say_after(app, note)
    except OSError:  # the terminal has gone (closed, hung up): nobody to tell
        pass
    if app.remote.taken_over:
        raise SystemExit(1)
    if app.return_code:
        raise SystemExit(app.return_code)
    return app


def _say_after(app: RemoteApp, note: str | None) -> None:
    if app.remote.taken_over:
        print(app.remote.refused, file=sys.stderr)
        return
    if app.return_code:
        print(stopped_line(note), file=sys.stderr)
    elif note:
        print(note, file=sys.stderr)


class HostApp(RemoteApp):
    """`dread-draw host --name` at a terminal: the host's own seat on the table, with the
    host's commands as keys — `s` starts the game, `c` lets a CPU play the seat the table
    waits for while its player is away, `q` stops (the game stays saved). What the host has
    to say (who comes and goes) appears as notes on the screen."""

    BINDINGS = [Binding("s", "start", N_("Start")),
                Binding("c", "stand_in", N_("CPU for the absent")),
                Binding("f", "lobby('f')", N_("Free a seat")),
                Binding("r", "lobby('r')", N_("Refuse a name"))]

    def __init__(self, remote: RemoteMatch, name: str, players: int, host: Host,
                 intro: list[str], start_when_full: bool = False,
                 start_after: float | None = None) -> None:
        super().__init__(remote, name, players)
        self.host = host
        self.intro = intro
        self.start_when_full = start_when_full
        self.start_after = start_after
        host.on_news = self.news
        host.on_change = self.host_changed
        self.lobby_command = ""  # f, c or r pressed in the lobby: the seat's number next

    def waiting_room(self) -> WaitingRoom:
        return WaitingRoom(self.remote, self.seat_name, self.players, self.intro,
                           N_("Press s to start the game: CPUs take the empty seats."))

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]
        try:  # the terminal closes: leave as q does (saved; the players are told)
            import signal

            asyncio.get_running_loop().add_signal_handler(signal.SIGHUP, self.exit)
        except (AttributeError, NotImplementedError, RuntimeError, ValueError):
            pass  # Windows, or not the main thread
        if self.start_after is not None:
            self.set_timer(self.start_after, self.action_start)
        self.host_changed()

    def news(self, text: str) -> None:
        self.notify(clean(text), markup=False)

    def host_changed(self) -> None:
        host = self.host
        if self.start_when_full and not host.started and host.full():
            host.begin()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "start":
            return not self.host.started
        if action == "stand_in":
            return not self.remote.over
        if action == "lobby":
            return not self.host.started
        return super().check_action(action, parameters)

    def action_start(self) -> None:
        if not self.host.started:
            self.host.begin()
            self.refresh_bindings()

    def action_lobby(self, command: str) -> None:
        """f, c, r in the lobby: free the seat whose number comes next, give it to a CPU,
        or free it and refuse its name."""
        self.lobby_command = command
        self.notify(_("Type the number of the seat."), markup=False)

    def on_key(self, event: events.Key) -> None:
        command, self.lobby_command = self.lobby_command, ""
        if not command or not (event.character or "").isdigit():
            return
        event.stop()
        cpu = self.host.lobby.fill if command == "c" else None
        if not self.host.free_seat(int(event.character or 0) - 1, cpu=cpu, refuse=command == "r"):
            self.notify(_("Only a seat a player took can be freed, and only before the game "
                          "starts."), markup=False)

    def action_stand_in(self) -> None:
        if not self.host.started:
            self.action_lobby("c")
            return
        host = self.host
        waiting = host.waiting()
        slot = host.seats[waiting] if waiting >= 0 else None
        if slot is None or slot.kind != PERSON or slot.conn is not None:
            self.notify(_("The table is not waiting for a player who lost the connection."),
                        markup=False)
            return
        host.hand_to_cpu(waiting)

    def save_note(self) -> str | None:
        if not self.host.started or self.remote.over:
            return None
        return _("Stopped. The game is saved: `dread-draw host --resume` takes it back (the "
                 "players join again with the same command).")


def host_table(host: Host, address: str | None, port: int, intro: Callable[[], list[str]],
               start_when_full: bool = False, start_after: float | None = None,
               **run: Any) -> HostApp:
    """`dread-draw host --name` at a terminal: serve the game and play the host's own seat on
    the table, a client like any other over the loopback connection. `intro()`: how to join,
    once the host listens."""
    own = next(s for s in host.seats if s.own)

    async def main() -> HostApp:
        await host.start(address, port)
        try:
            client = Client("127.0.0.1", host.port, code=host.code, name=own.name,
                            token=own.token)
            welcome = await client.connect()
            app = HostApp(RemoteMatch(client, welcome), welcome.name, welcome.players, host,
                          intro(), start_when_full, start_after)
            try:
                await app.run_async(**run)
            finally:
                await client.close()
        finally:
            if host.over.is_set():
                await host.finish(grace=1.0)
            else:
                await host.close()
        return app

    return ended(asyncio.run(main()))
