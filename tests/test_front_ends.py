"""Where every front end meets (docs/ARCHITECTURE.md, "The table session"): the same
seeded game played through the full table (Textual's `TableScreen`, driven by keys), plain
lines (`play --plain`'s `PlainTable`) and the console (`join --console`'s `ConsoleTable`,
its keyboard read on a thread) asks the same questions in the same order, shows the same
private moments to the same person, hands the keyboard on at the same moments and gives the
same hint, word for word — once at one keyboard (two people and two CPUs), once for a seat
of a hosted game (a host on the loopback address, the others CPUs).

Each front end is read from what it shows — the prompt and the screens of the full table,
the lines the others write — into the same transcript. The answers come from one script
(the n-th question's answer is the same everywhere), so the games stay the same as long as
the front ends agree. A front end whose hint drops the seats' levels (as `play --plain`'s
did) is caught: `test_a_hint_without_the_seats_levels_is_caught`.
"""

from __future__ import annotations

import asyncio
import io
import random
import re
from typing import Any

import pytest
from net_helpers import open_host

import dread_draw.table.session as table_session
from dread_draw.deck.cards import load_deck
from dread_draw.i18n import use_language
from dread_draw.lines.console import ConsoleTable, QueueLines, play_seat
from dread_draw.lines.plain import LinesTable, PlainTable
from dread_draw.net.client import Client, SeatTokens
from dread_draw.net.host import SeatPlan
from dread_draw.net.remote import RemoteMatch
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.table.model import GO_ON, LOOK, QUESTION
from dread_draw.tui.app import make_app
from dread_draw.tui.coach import HintDialog
from dread_draw.tui.remote import RemoteApp, RemoteGameOver
from dread_draw.tui.screens.game_over import GameOver
from dread_draw.tui.screens.handoff import HandOff
from dread_draw.tui.screens.summary import RoundSummary
from dread_draw.tui.screens.table import TableScreen
from dread_draw.tui.widgets.prompt import AnswerButton, PromptBar

SEED = 4  # two people and two CPUs: looks, hand-offs and Life Deck draws for both people
SEATS = [SeatSpec("Ana", HUMAN), SeatSpec("Ben", HUMAN), SeatSpec("Zora", "random"),
         SeatSpec("Orrin", "easy")]
HINTS = (0, 3, 8)  # the questions (in the order asked) at which the person asks for a hint
NET_SEED = 6  # a hosted game: Ana against three CPUs; she looks at the Draw Deck once
TIPS = ("The reader shows the card under focus; Tab reads the next.",
        "(Tab to a card in your row to read it.)")  # a table with a card reader adds these
PROMPT = re.compile(r"^Your answer \((?:1-)?(\d+)\):$")


@pytest.fixture(autouse=True)
def same_hint(monkeypatch):
    """Hints with a small schedule (each table thinks it whole: the same numbers at every
    table). The full table's guards against a double press are off: the script's keys come one at a
    time, each once the table waits for it."""
    use_language("en")
    monkeypatch.setattr(table_session, "HINT_MS", 30)
    monkeypatch.setattr("dread_draw.tui.screens.handoff.HANDOFF_WAIT", 0)
    monkeypatch.setattr("dread_draw.tui.screens.dialogs.PRESS_GUARD", 0)
    monkeypatch.setattr("dread_draw.tui.widgets.prompt.PRESS_GUARD", 0)


def answer(k: int, n: int) -> int:
    """The script: the index of the answer to the k-th question asked, of n."""
    return random.Random(f"{SEED}/{k}").randrange(n)


# ------------------------------------------------------------------ lines: plain, console

class Scripted:
    """The person at a lines table: reads what the table wrote last and types what the
    script says (Enter at a hand-off or a look, `h` before the answer at a hint question)."""

    def __init__(self, out: io.StringIO, hints: tuple[int, ...] = HINTS) -> None:
        self.out = out
        self.asked = 0
        self.hinted: set[int] = set()
        self.hints = hints

    def next_line(self) -> str | None:
        last = self.out.getvalue().splitlines()[-1]
        asked = PROMPT.match(last)
        if asked:
            k = self.asked
            if k in self.hints and k not in self.hinted:
                self.hinted.add(k)
                return "h"
            self.asked += 1
            return str(answer(k, int(asked[1])) + 1)
        if last == "Press Enter to go on." or last.endswith("press Enter when you are ready."):
            return ""
        raise AssertionError(f"the script does not know what to type after: {last!r}")

    async def get(self) -> str | None:
        await asyncio.sleep(0)
        return self.next_line()

    def drain(self) -> None:
        pass


class Threaded(QueueLines):
    """The console's keyboard: the script's lines come through the queue a keyboard thread
    fills, each put there once the table asks for it."""

    def __init__(self, script: Scripted) -> None:
        super().__init__(asyncio.Queue(), typed_ahead=True)
        self.script = script

    async def get(self) -> str | None:
        self.queue.put_nowait(self.script.next_line())
        return await super().get()


def transcript_of_lines(lines: list[str]) -> list[tuple[Any, ...]]:
    """What a lines table showed, as the transcript: ("ask", question, answers), ("look",
    name, lines), ("hand-off", name), ("hint", lines)."""
    out: list[tuple[Any, ...]] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        handing = re.match(r"^Pass the keyboard to (\w+)\.", line)
        looking = re.match(r"^Only (\w+) may read this:$", line)
        if handing:
            out.append(("hand-off", handing[1]))
        elif looking:
            end = lines.index("Press Enter to go on.", i)
            out.append(("look", looking[1], tuple(lines[i + 1:end])))
            i = end
        elif line == "What the coach would do":
            end = next(j for j in range(i, len(lines)) if PROMPT.match(lines[j]))
            out.append(("hint", tuple(lines[i + 1:end])))
            i = end
        elif PROMPT.match(line) and re.match(r"^1\. ", lines[i - int(PROMPT.match(line)[1])]):
            n = int(PROMPT.match(line)[1])
            answers = tuple(a.split(". ", 1)[1] for a in lines[i - n:i])
            out.append(("ask", lines[i - n - 1], answers))
        i += 1
    return out


def play_plain(match: Match, table: type[PlainTable] = PlainTable) -> list[tuple[Any, ...]]:
    out = io.StringIO()
    front = table(match, None, out=out)
    front.lines = Scripted(out)
    front.play()
    assert match.over, out.getvalue()[-2000:]
    return transcript_of_lines(out.getvalue().splitlines())


def play_console(match: Match) -> list[tuple[Any, ...]]:
    out = io.StringIO()
    front = ConsoleTable(match, Threaded(Scripted(out)), out)
    asyncio.run(front.session.run())
    assert match.over
    return transcript_of_lines(out.getvalue().splitlines())


# ------------------------------------------------------------------ the full table (Textual)

class Screens:
    """Tells the test when the full table waits for a person: a question or a Go on on the
    prompt, or a screen pushed (a hand-off, a summary, the hint, the end)."""

    def __init__(self, monkeypatch) -> None:
        self.changed = asyncio.Event()
        ask, push = PromptBar.ask, type(make_app()).push_screen

        def asked(bar, *args, **kwargs):
            ask(bar, *args, **kwargs)
            self.changed.set()

        def pushed(app, *args, **kwargs):
            done = push(app, *args, **kwargs)
            self.changed.set()
            return done

        monkeypatch.setattr(PromptBar, "ask", asked)
        monkeypatch.setattr(type(make_app()), "push_screen", pushed)

    async def next(self, pilot) -> None:
        """Until the table shows something new — or a second without news, so that a key a
        busy machine took for the tail of a double press is pressed again."""
        try:
            await asyncio.wait_for(self.changed.wait(), 1.0)
        except TimeoutError:
            pass
        self.changed.clear()
        await pilot.pause()


def prompt_of(table: TableScreen) -> tuple[str, tuple[str, ...]]:
    bar = table.query_one(PromptBar)
    text = str(bar.query_one("#question").render())
    labels = tuple(str(b.label).split(" ", 1)[1] for b in bar.query(AnswerButton))
    return text, labels


async def hint_at_table(app, pilot, screens: Screens) -> tuple[str, ...]:
    """`h`, then the hint dialog's lines once the coach has answered, then back."""
    await pilot.press("h")
    while not isinstance(app.screen, HintDialog):
        await screens.next(pilot)
    dialog = app.screen
    await pilot.pause()  # (its thinking starts once it is mounted)
    for worker in [w for w in app.workers if w.group == "hint"]:
        await worker.wait()
    await pilot.pause()
    lines = tuple(dialog.lines)
    await pilot.press("escape")
    return lines


async def drive_table(app, pilot, screens: Screens, done,
                      hints: tuple[int, ...] = HINTS) -> list[tuple[Any, ...]]:
    """Answer the full table's screens by the script until `done()`; its transcript."""
    out: list[tuple[Any, ...]] = []
    asked, seen = 0, None
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 300
    while not done():
        assert loop.time() < deadline, f"the table stopped moving: {app.screen}"
        screen = app.screen
        if isinstance(screen, HandOff | RoundSummary):
            if screen is not seen and isinstance(screen, HandOff):
                out.append(("hand-off", screen.player))
            seen = screen
            await pilot.press("enter")  # (again, if the last press came too soon)
        elif isinstance(screen, TableScreen) and screen.answer is not None and (
                not screen.answer.done() and screen.model.asking is not None):
            kind, model = screen.model.asking.kind, screen.model
            text, labels = prompt_of(screen)
            first = screen.answer is not seen
            seen = screen.answer
            if kind == LOOK and first:
                out.append(("look", model.names[model.holder], tuple(text.split("\n"))))
            if kind in (LOOK, GO_ON):  # (one's own failed reveal is public: its "Go on" is
                await pilot.press("enter")  # the table's pace, not a private moment)
            else:
                assert kind == QUESTION
                if first:
                    for tip in TIPS:
                        text = text.removesuffix(" " + tip)
                    out.append(("ask", text, labels))
                    if asked in hints:
                        out.append(("hint", await hint_at_table(app, pilot, screens)))
                        assert app.screen is screen
                    choice = answer(asked, len(labels))
                    asked += 1
                await pilot.press(str(choice + 1))
        await screens.next(pilot)
    return out


def play_table(match: Match, monkeypatch) -> list[tuple[Any, ...]]:
    async def main() -> list[tuple[Any, ...]]:
        app = make_app(match, cpu_delay=0, animate=False)
        screens = Screens(monkeypatch)
        async with app.run_test(size=(120, 40)) as pilot:
            return await drive_table(app, pilot, screens,
                                     lambda: isinstance(app.screen, GameOver))

    return asyncio.run(main())


# ------------------------------------------------------------------------------ the tests

def check_same(name: str, got: list[tuple[Any, ...]], want: list[tuple[Any, ...]]) -> None:
    for i, (a, b) in enumerate(zip(got, want, strict=False)):
        assert a == b, f"{name}, step {i}: {a!r}\n  the full table: {b!r}"
    assert len(got) == len(want), f"{name}: {len(got)} steps, the full table {len(want)}"


@pytest.mark.slow
def test_every_front_end_asks_the_same_and_shows_the_same_to_the_same_person(monkeypatch):
    deck = load_deck(None)
    table = play_table(Match(deck, SEATS, SEED), monkeypatch)
    kinds = {step[0] for step in table}
    assert {"ask", "look", "hand-off", "hint"} <= kinds, kinds  # the seed shows every kind
    looks = {step[1] for step in table if step[0] == "look"}
    assert looks == {"Ana", "Ben"}  # each person has a private moment of their own
    check_same("plain lines", play_plain(Match(deck, SEATS, SEED)), table)
    check_same("the console", play_console(Match(deck, SEATS, SEED)), table)


class LevellessPlain(PlainTable):
    """`play --plain` as it was: its hint assumed every seat plays like `normal`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.session.levels = lambda: None  # type: ignore[method-assign,assignment,return-value]


def test_a_hint_without_the_seats_levels_is_caught():
    """The differential check fails on a front end whose hint drops the seats' levels: the
    hint's lines (its chances, and the line saying how the seats are assumed to play)
    differ from every other front end's."""
    deck = load_deck(None)
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"), SeatSpec("Orrin", "easy")]
    right = play_plain(Match(deck, seats, SEED))
    wrong = play_plain(Match(deck, seats, SEED), LevellessPlain)
    hints = [(a, b) for a, b in zip(right, wrong, strict=False) if a[0] == "hint"]
    assert hints and any(a != b for a, b in hints)
    with pytest.raises(AssertionError, match="step"):
        check_same("plain lines without the levels", wrong, right)


# ------------------------------------------------------------------ a seat of a hosted game

async def hosted(deck, tmp_path, name: str):
    host = await open_host(deck, SeatPlan(4, cpus=["easy", "random", "easy"]), NET_SEED,
                           None, fill="easy")
    client = Client("127.0.0.1", host.port, code=host.code, name="Ana",
                    tokens=SeatTokens(tmp_path / f"{name}.json"), timeout=5)
    await client.connect()
    return host, client


@pytest.mark.slow
def test_a_seat_of_a_hosted_game_is_asked_the_same_at_every_front_end(tmp_path, monkeypatch):
    deck = load_deck(None)

    async def full_table() -> list[tuple[Any, ...]]:
        host, client = await hosted(deck, tmp_path, "table")
        assert client.welcome is not None
        app = RemoteApp(RemoteMatch(client, client.welcome), "Ana", 4)
        screens = Screens(monkeypatch)
        async with app.run_test(size=(120, 40)) as pilot:
            host.begin()
            got = await drive_table(app, pilot, screens,
                                    lambda: isinstance(app.screen, RemoteGameOver), hints=())
            await pilot.press("q")
        await client.close()
        await host.close()
        return got

    async def lines(console: bool) -> list[tuple[Any, ...]]:
        host, client = await hosted(deck, tmp_path, f"lines-{console}")
        out = io.StringIO()
        script = Scripted(out, hints=())
        host.begin()
        if console:
            await play_seat(client, out, Threaded(script), tell_table=False)
        else:  # plain lines over the seat's match, its connection pumped beside it
            assert client.welcome is not None
            remote = RemoteMatch(client, client.welcome)
            pump = asyncio.create_task(remote.run())
            while not remote.started:
                update = await remote.next()
                assert update is not None
                if update.view is not None:
                    remote.take(update)
            await LinesTable(remote, script, out, people=[remote.seat]).session.run()
            pump.cancel()
        await client.close()
        await host.close()
        return transcript_of_lines(out.getvalue().splitlines())

    table = asyncio.run(full_table())
    assert {s[0] for s in table} == {"ask", "look"}  # (one person: never a hand-off)
    check_same("the console", asyncio.run(lines(console=True)), table)
    check_same("plain lines", asyncio.run(lines(console=False)), table)
