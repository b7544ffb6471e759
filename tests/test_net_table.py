"""`dread-draw join` at the table: a host on the loopback address and a client's Textual table
(driven by Textual's pilot) play to the end; the screen shows nothing of another seat's
private cards (R11); a dropped connection is said plainly and the seat is joined again."""

from __future__ import annotations

import asyncio

import pytest
from net_helpers import Player, open_host, run

import dread_draw.net.remote as remote_module
from dread_draw.net.client import Client, SeatTokens
from dread_draw.net.host import Host, SeatPlan
from dread_draw.net.remote import LOST, RemoteMatch
from dread_draw.tui.remote import (
    ConnectionLine,
    HostApp,
    RemoteApp,
    RemoteGameOver,
    RemoteTable,
    WaitingRoom,
)
from dread_draw.tui.screens.summary import RoundSummary
from dread_draw.tui.widgets.cards import CardReader, CardTile
from dread_draw.tui.widgets.centre import TableCentre
from dread_draw.tui.widgets.prompt import PromptBar

pytestmark = pytest.mark.usefixtures("quick_guards")


async def seat_table(host: Host, tmp_path, name: str = "Ana") -> RemoteApp:
    client = Client("127.0.0.1", host.port, code=host.code, name=name,
                    tokens=SeatTokens(tmp_path / "tokens.json"), timeout=5)
    welcome = await client.connect()
    return RemoteApp(RemoteMatch(client, welcome), welcome.name, welcome.players)


def shown_cards(app: RemoteApp) -> set[int]:
    """Every card the table shows by itself: tiles, the card reader, the answers offered."""
    screen = app.screen_stack[1] if len(app.screen_stack) > 1 else app.screen
    # (the hidden probes that read the card styles' sizes from the stylesheet show nothing)
    shown = {t.uid for t in screen.query(CardTile)
             if t.parent is None or t.parent.id != "probes"}
    shown.update(r.uid for r in screen.query(CardReader) if r.uid is not None)
    for bar in screen.query(PromptBar):
        shown.update(bar.cards())
    return shown


def centre_face_up(app: RemoteApp) -> tuple[str, bool] | None:
    """While the host says a card lies face up on the Draw Deck (R11.4): the table centre's
    words, and whether this seat has also seen a Draw Deck place the others have not; else
    None."""
    game = app.remote.seat_game
    if game is None or not game.face_up:
        return None
    own = set(game.view(app.remote.seat).draw_known) - set(game.face_up)
    return str(app.screen.query_one(TableCentre).render()), bool(own)


async def play_on(app: RemoteApp, pilot, until, checks: list[str] | None = None,
                  limit: float = 60.0, face_up: list[tuple[str, bool]] | None = None
                  ) -> None:
    """Press what a player would (Enter on a summary, the first answer on a question) until
    `until()`; with `checks`, note every card on screen this seat cannot locate (R11); with
    `face_up`, the centre's words whenever a card lies face up on the Draw Deck. Fails when
    the game stands still for `limit` seconds (on a loaded machine a whole game takes long,
    but it moves on)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit
    checked = None
    moved = None
    while not until():
        screen = app.screen
        view = app.remote.seat_game.latest if app.remote.seat_game else None
        if (view, screen) != moved:
            moved, deadline = (view, screen), loop.time() + limit
        assert loop.time() < deadline, "the game did not move on"
        if checks is not None and view is not None and (view, screen) != checked and \
                isinstance(screen, RemoteTable | RoundSummary):
            checked = (view, screen)
            checks.extend(f"card {c} in round {view.round}"
                          for c in shown_cards(app) - view.located())
            said = centre_face_up(app) if isinstance(screen, RemoteTable) else None
            if face_up is not None and said is not None:
                face_up.append(said)
        if isinstance(screen, RoundSummary):
            await pilot.press("enter")
        elif isinstance(screen, RemoteTable) and screen.query_one(PromptBar).options:
            await pilot.press("1")
        await pilot.pause(0.02)


@pytest.mark.slow
def test_r11_a_client_table_plays_a_whole_game_and_shows_only_its_seats_cards(standard_deck,
                                                                                tmp_path):
    """A host with two CPU seats and a client's table: the table answers its seat's questions
    on its prompt, tells every round and ends on the winner and the fortune; at every step
    each card on its screen is one this seat may locate, though the others' Life Deck draws
    went on at the host; a card put face up on the Draw Deck reads as everyone's (R11.4),
    not as one only this seat knows."""

    async def main() -> None:
        host = await open_host(standard_deck, SeatPlan(3, cpus=["easy", "easy"]), 13,
                               tmp_path / "saves")
        app = await seat_table(host, tmp_path)
        checks: list[str] = []
        face_up: list[tuple[str, bool]] = []
        async with app.run_test(size=(100, 40)) as pilot:
            host.begin()
            await play_on(app, pilot, lambda: isinstance(app.screen, RemoteGameOver), checks,
                          face_up=face_up)
            over = app.screen
            await pilot.press("enter")  # turn the first fortune card
            assert over.turned == min(1, len(host.match.game.fortune))
            await pilot.press("r")  # no rematch from a client's table
            assert app.screen is over
            await pilot.press("q")
        assert host.match is not None and host.match.over
        assert app.remote.over and app.remote.game.latest.winner == host.match.game.winner
        others_drew = [e for e in host.match.events if e["type"] == "damage" and e["seat"] and
                       len(e["drawn"]) > 1]
        assert others_drew  # there were other seats' private cards to keep from the screen
        assert checks == []
        # a card put face up on the Draw Deck is everyone's (R11.4): said so, never "only you"
        assert face_up, "the game (seed 13) puts a card face up on the Draw Deck"
        for said, own in face_up:
            assert "Face up on the Draw Deck" in said, said
            assert own or "Only you know, in the Draw Deck" not in said, said
        told = [e for e in app.remote.events if e["type"] == "damage" and e["seat"]]
        assert all(c is None for e in told for c in e["drawn"] if c != e["kept"])
        await host.close()

    run(main(), 150)


def test_a_dropped_connection_is_said_and_the_seat_is_joined_again(standard_deck, tmp_path,
                                                                     monkeypatch):
    """The connection drops at this seat's question: the table says so plainly; the host
    hands the seat to a CPU (its `c`), which plays for it; the table joins again with its
    token, says a CPU played for the player, and asks the next question."""
    monkeypatch.setattr(remote_module, "REJOIN_PAUSE", 0.3)

    async def main() -> None:
        host = await open_host(standard_deck, SeatPlan(2, cpus=["easy"]), 6, tmp_path / "s")
        app = await seat_table(host, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            host.begin()
            table = lambda: app.screen if isinstance(app.screen, RemoteTable) else None  # noqa: E731
            await play_on(app, pilot, lambda: table() is not None and bool(
                table().query_one(PromptBar).options) and len(app.remote.events) > 10)
            seat = app.remote.seat
            asked = app.remote.client.decision
            assert asked is not None
            app.remote.client.ws.transport.abort()  # the network drops
            for _ in range(200):
                await pilot.pause(0.01)
                if host.seats[seat].conn is None and app.remote.lost:
                    break
            line = app.screen.query_one(ConnectionLine)
            assert str(line.render()) == LOST and line.has_class("-lost")
            assert host.hand_to_cpu(seat)  # the host's `c`
            said = "A CPU played for you while you were away."
            for _ in range(500):
                await pilot.pause(0.02)
                if said in [n.message for n in app._notifications]:
                    break
            assert said in [n.message for n in app._notifications]
            assert not app.remote.lost and app.remote.game.latest.decisions > asked.number
            assert host.seats[seat].conn is not None and not host.seats[seat].stand_in
            if table() is not None:  # (on a loaded machine the CPU may have finished the game)
                assert LOST not in str(table().query_one(ConnectionLine).render())
                before = len(app.remote.events)
                await play_on(app, pilot, lambda: len(app.remote.events) > before + 5
                              or app.remote.over)  # the game goes on at this table
            else:
                assert app.remote.over  # the CPU that held the seat played to the end
            await pilot.press("q")
            await pilot.press("y")
        await host.close()

    run(main(), 60)


def test_the_host_plays_its_own_seat_on_the_table_and_starts_with_s(standard_deck, tmp_path):
    """`host --name Ana` at a terminal: the waiting room says how to join, a player who joins
    is said in a note, `s` starts the game, the host answers its seat's questions on the
    table; `q` stops with the game saved for `--resume`."""

    async def main() -> None:
        host = await open_host(standard_deck, SeatPlan(3, own="Ana", cpus=["easy"]), 5,
                               tmp_path / "saves")
        own = host.seats[0]
        client = Client("127.0.0.1", host.port, code=host.code, name="Ana", token=own.token,
                        tokens=SeatTokens(tmp_path / "ana.json"), timeout=5)
        welcome = await client.connect()
        app = HostApp(RemoteMatch(client, welcome), "Ana", 3, host, [f"Join code: {host.code}"])
        ben = Player(host, "Ben", 5, tmp_path / "ben.json", level="easy")
        async with app.run_test(size=(100, 40)) as pilot:
            await ben.join()
            playing = asyncio.create_task(ben.play())
            await pilot.pause(0.2)
            assert isinstance(app.screen, WaitingRoom) and not host.started
            assert "Ben takes seat 2." in [n.message for n in app._notifications]
            await pilot.press("s")
            await play_on(app, pilot, lambda: host.deciders.count(0) >= 3)
            assert host.started and isinstance(app.screen, RemoteTable | RoundSummary)
            assert app.save_note() is not None and "--resume" in app.save_note()
            await pilot.press("q")
            await pilot.press("y")
        playing.cancel()
        await host.close()
        assert not host.match.over and len(host.match.choices) >= 3

    run(main(), 60)


def test_the_host_at_the_table_frees_and_refuses_lobby_seats_with_f_and_r(standard_deck,
                                                                         tmp_path):
    """`host --name` at a terminal: f then a seat's number frees it, r then a number frees
    it and refuses the name, c then a number gives it to a CPU (issue 29, finding 4)."""

    async def main():
        host = await open_host(standard_deck, SeatPlan(4, own="Ana"), 5, None)
        own = host.seats[0]
        client = Client("127.0.0.1", host.port, code=host.code, name="Ana", token=own.token,
                        tokens=SeatTokens(tmp_path / "ana.json"), timeout=5)
        welcome = await client.connect()
        app = HostApp(RemoteMatch(client, welcome), "Ana", 4, host, [f"Join code: {host.code}"])
        junk = [Player(host, n, 5, tmp_path / f"{n}.json") for n in ("xx", "yy", "zz")]
        async with app.run_test(size=(100, 40)) as pilot:
            for p in junk:
                await p.join()
            await pilot.pause(0.2)
            for keys in (("f", "2"), ("r", "3"), ("c", "4"), ("f", "1")):
                for key in keys:
                    await pilot.press(key)
                await pilot.pause(0.1)
            kinds = [(s.kind, s.name) for s in host.seats]
            notes = [n.message for n in app._notifications]
            await pilot.press("q")
        await host.close()
        return kinds, notes, host

    kinds, notes, host = run(main(), 60)
    assert kinds[1] == ("open", "") and kinds[2] == ("open", "") and kinds[3][0] == "cpu"
    assert kinds[0] == ("person", "Ana")  # the host's own seat is not freed
    assert "Seat 2 (xx) is open again." in notes and "The name yy may not sit at this table." \
        in notes
    assert "Only a seat a player took can be freed, and only before the game starts." in notes
    from dread_draw.base.safe_text import name_key

    assert name_key("YY") in host.seating.refused_names


@pytest.mark.parametrize("key", ["h", "u"])
def test_h_and_u_at_a_network_table_say_they_are_not_offered_and_the_game_goes_on(
        standard_deck, tmp_path, key):
    """Issue 24, scenario 2: `h` or `u` at a joined table crashed it (AttributeError: no
    `to_move`), and at the host's own seat stopped the game for everyone. Now: not in the
    key bar, a line says so, and the seat still answers its question."""

    async def main() -> None:
        host = await open_host(standard_deck, SeatPlan(2, cpus=["easy"]), 1,
                               tmp_path / "saves")
        app = await seat_table(host, tmp_path)
        async with app.run_test(size=(100, 40)) as pilot:
            host.begin()
            await play_on(app, pilot, lambda: isinstance(app.screen, RemoteTable) and (
                app.screen.query_one(PromptBar).options != []) and app.screen.answer is not None,
                limit=30)
            table = app.screen
            before = len(host.match.choices)
            await pilot.press(key)
            await pilot.pause(0.1)
            assert app.return_code is None and app.screen is table  # no crash, no dialog
            said = " ".join(str(n.message) for n in app._notifications)
            assert "not offered at a network table" in said
            await pilot.press("1")  # the question is still there, and answered
            for _ in range(100):
                if len(host.match.choices) > before:
                    break
                await pilot.pause(0.05)
            assert len(host.match.choices) > before
            await pilot.press("q")
        await host.close()

    run(main(), 60)


def test_the_hosts_waiting_room_shows_each_join_command_on_one_line(standard_deck, tmp_path):
    """Issue 44: the host's waiting room broke the join command before `--name`, so it could
    not be copied in one piece. Each command is now one line of the panel, whole, at 80
    columns too (and it holds no code: join asks for it)."""
    from dread_draw.lines.console import banner

    async def main():
        host = await open_host(standard_deck, SeatPlan(3, own="Ana"), 5, None)
        own = host.seats[0]
        client = Client("127.0.0.1", host.port, code=host.code, name="Ana", token=own.token,
                        tokens=SeatTokens(tmp_path / "ana.json"), timeout=5)
        welcome = await client.connect()
        intro = banner(host, True, ["192.168.100.200", "fd00:1234:5678:9abc::2"])
        app = HostApp(RemoteMatch(client, welcome), "Ana", 3, host, intro)
        async with app.run_test(size=(80, 30)) as pilot:
            await pilot.pause(0.2)
            shown = [(str(s.render()), s.content_region.width, s.size.height)
                     for s in app.screen.query(".join-command")]
            await pilot.press("q")
        await host.close()
        return host, shown

    host, shown = run(main(), 60)
    commands = [f"dread-draw join 192.168.100.200:{host.port} --name YOUR-NAME",
                f"dread-draw join [fd00:1234:5678:9abc::2]:{host.port} --name YOUR-NAME"]
    assert [text for text, _w, _h in shown] == commands
    assert all(width >= len(text) and height == 1 for text, width, height in shown)
    assert all(host.code not in text for text, _w, _h in shown)


def test_the_table_says_in_the_players_language_that_the_host_stopped(standard_deck,
                                                                       tmp_path, monkeypatch):
    """Issue 44: when the host stops the game (its `q`), the table said only "Connection
    lost". Now it says why, in the player's language — the host stopped, the game is saved
    on the host — and that it waits for the host to take the game back; quitting says how
    to come back."""
    from dread_draw import i18n

    monkeypatch.setattr(remote_module, "REJOIN_PAUSE", 0.2)
    i18n.set_language("fr")

    async def main():
        host = await open_host(standard_deck, SeatPlan(2, cpus=["easy"]), 6, tmp_path / "s")
        app = await seat_table(host, tmp_path)
        async with app.run_test(size=(100, 40)) as pilot:
            host.begin()
            await play_on(app, pilot, lambda: len(host.match.choices) >= 3)
            await host.close()
            for _ in range(300):
                await pilot.pause(0.02)
                if app.remote.stopped:
                    break
            line = str(app.screen.query_one(ConnectionLine).render())
            note = app.save_note()
            await pilot.press("q")
        return line, note

    try:
        line, note = run(main(), 60)
    finally:
        i18n.set_language("en")
    assert line.startswith("L'hôte a arrêté la partie") and "Connection lost" not in line
    assert "hôte" in note and "join" in note


def test_round_summaries_at_a_network_table_go_on_after_the_hosts_pause(standard_deck):
    """`host --summary-pause`: a network table's round summaries go on by themselves after
    the host's pause, so a game no longer waits on its slowest reader every round; a local
    table's wait for the person as before."""
    from dread_draw.play.sim import Match, SeatSpec
    from dread_draw.table.model import RoundOver, TableModel

    def summaries(round_pause):
        m = Match(standard_deck, [SeatSpec("Ana", "random"), SeatSpec("Ben", "random")], 3)
        model = TableModel(m, [0], cpu_delay=0, round_pause=round_pause)
        m.hooks.append(model.moved)
        m.run()
        return [x.alone for x in model.catch_up() if isinstance(x, RoundOver)]

    assert summaries(3.0) and set(summaries(3.0)) == {3.0}
    assert set(summaries(None)) == {None}


def test_a_joined_table_takes_the_hosts_summary_pause(standard_deck, tmp_path):
    async def main():
        host = await open_host(standard_deck, SeatPlan(2, cpus=["easy"]), 6, None)
        host.summary_pause = 2.5
        app = await seat_table(host, tmp_path)
        async with app.run_test(size=(100, 40)) as pilot:
            host.begin()
            await play_on(app, pilot, lambda: isinstance(app.screen, RemoteTable))
            pause = app.screen.model.round_pause
            await pilot.press("q")
            await pilot.press("y")
        await host.close()
        return pause

    assert run(main(), 60) == 2.5


def test_a_watchers_table_says_the_host_stopped_in_its_prompt_once_caught_up(standard_deck,
                                                                            tmp_path,
                                                                            monkeypatch):
    """The host stops while a watcher's table still has moves to show: once they are shown,
    the prompt says why the table waits, whole ("the host stopped…"; the line under the top
    bar is cut on a narrow screen) — not that a CPU is thinking, which it said after the
    session's rebuild."""
    monkeypatch.setattr(remote_module, "REJOIN_PAUSE", 0.2)

    async def main():
        host = await open_host(standard_deck, SeatPlan(3, cpus=["easy", "easy", "easy"]), 5,
                               tmp_path / "s")
        host.summary_pause = 0.05
        client = Client("127.0.0.1", host.port, code=host.code, name="", watch=True,
                        tokens=SeatTokens(tmp_path / "w.json"), timeout=5)
        welcome = await client.connect()
        app = RemoteApp(RemoteMatch(client, welcome), welcome.name, welcome.players)
        async with app.run_test(size=(80, 30)) as pilot:
            host.begin()
            while not isinstance(app.screen, RemoteTable) or len(host.match.choices) < 8:
                await pilot.pause(0.02)
            await host.close()
            r = app.remote
            # until the moves made before the stop are shown (a round's summary may be up
            # first: a watcher's closes by itself; the run's own bound ends a stuck wait)
            while not (r.stopped and r.queue.empty() and isinstance(app.screen, RemoteTable)
                       and not app.screen.model.moves):
                await pilot.pause(0.02)
            await pilot.pause(0.2)
            said = str(app.screen.query_one(PromptBar).query_one("#question").render())
            await pilot.press("q")
        await client.close()
        return said

    said = " ".join(run(main(), 60).split())
    assert said.startswith("The host stopped the game"), said
    assert "Waiting for the host to take the game back" in said
