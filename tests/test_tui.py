"""The table (`dread-draw play`): whole games played through the UI with key presses.

Human seats are driven by keys, CPU seats play at zero delay; the checks are what a player
would see (the prompt, the log, the hand-off screen, the fortune) and the rules the screen
must keep (R11.2 hot-seat privacy, R10.2 the fortune reading).
"""

from __future__ import annotations

import asyncio
import functools
import gc
import json
import random
import re
import sys
from pathlib import Path
from typing import NamedTuple

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

import dread_draw.tui.app as tui_app
from dread_draw import i18n
from dread_draw.base.errors import DreadDrawError
from dread_draw.cli import app as cli_app
from dread_draw.commands.play import seats_from_flags
from dread_draw.deck.cards import parse_deck
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.rules import (
    DONE,
    KEEP,
    KINDS,
    ORDER,
    PICK_CARD,
    PICK_SEAT,
    REVEAL,
    SKIP,
    SUMMON,
    USE,
    USE_IT,
    Decision,
    Game,
)
from dread_draw.store.setup import Setup, load_setup, new_match, save_setup
from dread_draw.tui import pauses
from dread_draw.tui.app import DreadDrawApp
from dread_draw.tui.cardface import CHIPS
from dread_draw.tui.screens.dialogs import ConfirmQuit, HelpScreen
from dread_draw.tui.screens.game_over import GameOver
from dread_draw.tui.screens.handoff import HandOff
from dread_draw.tui.screens.new_game import NewGame
from dread_draw.tui.screens.summary import RoundSummary
from dread_draw.tui.screens.table import TableScreen
from dread_draw.tui.widgets.base import MIN_HEIGHT, MIN_WIDTH, TooSmall
from dread_draw.tui.widgets.cards import CardReader, CardTile
from dread_draw.tui.widgets.centre import TableCentre, ordinal, place
from dread_draw.tui.widgets.keybar import KeyBar
from dread_draw.tui.widgets.prompt import PRESS_GUARD, AnswerButton, button_rows
from dread_draw.tui.widgets.seats import SeatPanel
from dread_draw.words.narrate import (
    Narrator,
    RoundTracker,
    card_label,
    describe,
    discard_text,
    life_pips,
)

# the stylesheet's gap after an answer's button, and Textual's least width of a Button
BUTTON_GAP, BUTTON_MIN = 2, 16
GAP_MIN = (BUTTON_GAP, BUTTON_MIN)

SIZE = (100, 30)


# The waits that keep a double press from answering the next screen (a second at a
# hand-off) are shortened here, where keys come one at a time (conftest.quick_guards);
# test_tui_privacy.py plays with the real ones.
pytestmark = pytest.mark.usefixtures("quick_guards")


def sync(test):
    """Run an async test in its own event loop (no async pytest plugin is needed)."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    return run


def make_app(match=None, **kw) -> DreadDrawApp:
    """The app the CLI builds (dread_draw.tui.app.make_app), with no CPU pace and no
    animations unless a test asks for them."""
    kw.setdefault("cpu_delay", 0)
    kw.setdefault("animate", False)
    return tui_app.make_app(match, **kw)


class Step(NamedTuple):
    """What was on screen at one step of `play_out`."""

    screen: object
    table: TableScreen | None
    viewer: int | None  # the seat whose private cards the table may show
    asked: tuple[str, int] | None  # (kind, seat) of the question up at the table
    centre: str  # the table centre's text, where private cards would show
    reader: int | None  # the card shown in the card reader
    public: frozenset  # the cards face up on the table: rows, reserves, discard pile
    hot: bool  # more than one person at the keyboard is still in the game


async def play_out(app, pilot, seen: list | None = None, limit: int = 5000) -> GameOver:
    """Answer every screen with keys until the game-over screen: the first option at the
    table, Enter on hand-off and round summaries. `seen` collects a Step at every step."""
    for _ in range(limit):
        screen = app.screen
        if isinstance(screen, GameOver):
            return screen
        table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
        if seen is not None and table is not None:
            pending = table.match.game.pending
            # a question of the person at the keyboard (not a "Go on" or a look to read)
            asking = isinstance(screen, TableScreen) and screen.answer is not None and (
                table.model.asked_here() is not None)
            g = table.match.game
            seen.append(Step(screen, table, table.viewer,
                             (pending.kind, pending.seat) if pending and asking else None,
                             text_of(table.query_one(TableCentre)),
                             table.query_one(CardReader).uid,
                             frozenset(g.discard).union(*g.rows, *g.reserves),
                             table.model.hot_seat))
        if isinstance(screen, (HandOff, RoundSummary)) and screen.ready:
            await pilot.press("enter")
        elif isinstance(screen, TableScreen) and screen.answer is not None:
            await pilot.press("1")
        else:
            await pilot.pause(0.01)
    raise AssertionError("the game did not end")


async def until_screen(app, pilot, kind) -> None:
    for _ in range(500):
        if isinstance(app.screen, kind):
            return
        await pilot.pause(0.01)
    raise AssertionError(f"no {kind.__name__} screen")


async def close(pilot, screen) -> None:
    """Enter on a hand-off or a round summary once it takes keys (not in its first moments,
    which belong to the keys of the screen before)."""
    while not screen.ready:
        await pilot.pause(0.01)
    await pilot.press("enter")


async def until_asked(app, pilot) -> None:
    """Wait for the table to put a question to the person at the keyboard."""
    for _ in range(500):
        if isinstance(app.screen, TableScreen) and app.screen.answer is not None:
            return
        await pilot.pause(0.01)
    raise AssertionError("the table never asked")


async def until_moved(pilot, match, before: list, seconds: float = 10.0) -> None:
    """Wait until the CPUs have played on past `before` (they should within a pace or two; a
    loaded machine may take longer, so this waits rather than sleeping a fixed time)."""
    for _ in range(int(seconds / 0.02)):
        if len(match.choices) > len(before):
            return
        await pilot.pause(0.02)
    raise AssertionError("the CPUs did not play on once the screen over the table closed")


def text_of(widget) -> str:
    return str(widget.render())


@pytest.fixture(scope="module")
def fierce_deck(plain_deck):
    """The plain deck with two more damage on every card: whole games in a few rounds."""
    text = Path(plain_deck.path).read_text(encoding="utf-8")
    return parse_deck(re.sub(r"damage = (\d+)", lambda m: f"damage = {int(m[1]) + 2}", text))


@sync
async def test_a_whole_game_through_the_keys_ends_with_the_fortune_and_a_rematch(fierce_deck):
    """One person against two CPUs: every decision by key; R10.2: the fortune is read
    card by card (present, near future, distant future); rematch keeps the seats."""
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"), SeatSpec("Orrin", "random")]
    match = Match(fierce_deck, seats, seed=4)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        over = await play_out(app, pilot)
        assert match.over
        winner = match.seats[match.game.winner].name
        assert f"{winner} wins the game" in text_of(over.query_one("#winner"))
        table = app.screen_stack[-2]
        log = " ".join(line.text.strip() for line in table.query_one("#log").lines)
        assert f"{winner} wins the game after {match.game.round} rounds" in log
        assert "Ana reveals" in log
        fortune = match.game.fortune
        assert len(fortune) >= 3, "seed 4 should leave the winner three Life Deck cards"
        assert not over.query(".fortune-card")
        assert "Turn the next card" in text_of(over.query_one(KeyBar))
        await pilot.press("enter")
        cards = over.query(".fortune-card")
        assert len(cards) == 1
        first = fierce_deck.card[fortune[0]]
        assert "The present: " + first.name in text_of(cards[0])
        assert first.fortune in text_of(cards[0])
        await pilot.press(*["enter"] * len(fortune))
        parts = [text_of(c).split(":")[0] for c in over.query(".fortune-card")]
        assert parts[:2] == ["The present", "The near future"] and all(
            p.startswith("The distant future") for p in parts[2:])
        await pilot.pause()
        assert "Turn the next card" not in text_of(over.query_one(KeyBar))  # none left
        assert "Rematch" in text_of(over.query_one(KeyBar))
        await pilot.press("r")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.match is not match and table.match.seats == seats


@pytest.mark.slow
@sync
async def test_R11_2_hot_seat_hands_off_before_private_cards_and_hides_them_after(standard_deck):
    """R11.2: with two people at the keyboard, Life Deck draws and peeks (the standard deck's
    abilities) are shown only after a hand-off screen, and the card reader never passes one
    on to the next person; a whole game, every prompt by key. Seed 8: Ana puts a card she
    saw under the Draw Deck. (Seed 4 was a second whole game here, 17 s; whole games at every
    state, for every key, are checked at the model's speed in test_table_model.py:
    test_R11_no_key_shows_a_card_the_keyboard_holder_may_not_know.)"""
    match = Match(standard_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Ben", HUMAN),
                                  SeatSpec("Zora", "random")], seed=8)
    app = make_app(match)
    seen: list = []
    async with app.run_test(size=SIZE) as pilot:
        await play_out(app, pilot, seen)
    handoffs = [step for step in seen if isinstance(step.screen, HandOff)]
    assert handoffs, "no hand-off screen in a two-human game"
    for step in handoffs:  # nothing of theirs is shown before they have the keyboard
        assert step.viewer != step.table.names.index(step.screen.player)
        assert "Only you know" not in step.centre
        assert step.reader is None or step.reader in step.public
    # hidden again whenever nobody in particular has the keyboard
    assert all("Only you know" not in step.centre for step in seen if step.viewer is None)
    # everyone reads a round's summary (once one person is left, the table is theirs)
    summaries = [step for step in seen if isinstance(step.screen, RoundSummary) and step.hot]
    assert summaries and all(step.viewer is None and "Only you know" not in step.centre
                             and (step.reader is None or step.reader in step.public)
                             for step in summaries)
    assert any("Only you know" in step.centre for step in seen), "seed 8 has peeks"
    asked = [(step.viewer, *step.asked) for step in seen if step.asked is not None]
    assert {KEEP, USE, SUMMON} <= {kind for _, kind, _ in asked}
    # a question with private cards is only ever up for the seat that took the keyboard
    assert all(v == seat for v, kind, seat in asked if kind == KEEP)


@sync
async def test_new_game_screen_starts_the_game_and_remembers_the_setup(tmp_path, plain_deck):
    settings = tmp_path / "last.json"
    deck_file = tmp_path / "plain.toml"
    deck_file.write_text(plain_deck.path and open(plain_deck.path).read())
    setup = Setup([SeatSpec("Mara", HUMAN), SeatSpec("Zora", "random"),
                   SeatSpec("Orrin", "random")], 99, str(deck_file))
    app = make_app(setup=setup, settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, NewGame)
        await pilot.press("ctrl+s")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.match.seed == 99
        assert [s.name for s in table.match.seats] == ["Mara", "Zora", "Orrin"]
        assert "seed 99" in text_of(table.query_one("#topbar"))
    again = load_setup(settings)
    assert again.seats == setup.seats and again.deck == str(deck_file)


@sync
async def test_a_theme_chosen_on_the_new_game_screen_shows_at_once_and_is_remembered(tmp_path):
    """Issue 30: no theme choice (dark, light, high contrast), and with the command palette
    off, Textual's own theme switch was gone too."""
    from textual.widgets import Select

    from dread_draw.tui.themes import THEMES

    settings = tmp_path / "last.json"
    app = make_app(settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, NewGame)
        choice = app.screen.query_one("#theme", Select)
        assert [key for _label, key in choice._options] == ["dark", "light", "contrast",
                                                            "colourblind"]
        choice.value = "light"
        await pilot.pause()
        assert app.theme == "textual-light"
        choice.value = "contrast"
        await pilot.pause()
        assert app.theme == THEMES["contrast"].name
        assert app.current_theme.background.lower() == "#000000"
        choice.value = "colourblind"  # issue 32: beside dark, light and high contrast
        await pilot.pause()
        assert app.theme == THEMES["colourblind"].name
        choice.value = "contrast"
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Theme" in titles and "Quit" not in titles  # q asks first during a game
    assert load_setup(settings).theme == "contrast"
    again = make_app(settings=settings)
    async with again.run_test(size=SIZE):
        assert again.theme == THEMES["contrast"].name


@sync
async def test_typing_q_in_a_name_types_it_and_does_not_quit():
    setup = Setup([SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 5)
    app = make_app(setup=setup)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#name-0")
        await pilot.press("end", "q")
        assert app.is_running and app.screen.query_one("#name-0").value == "Anaq"


@sync
async def test_new_game_screen_help_is_f1_in_a_name_and_the_key_bar_says_so():
    """In a name field ? and q are letters of the name; F1 opens the help (and Ctrl+C
    quits) from anywhere, so the key bar names F1 and Ctrl+C. ? opens the help from a
    button."""
    setup = Setup([SeatSpec("Quinn", HUMAN), SeatSpec("Zora", "random")], 5)
    app = make_app(setup=setup)
    async with app.run_test(size=SIZE) as pilot:
        bar = text_of(app.screen.query_one(KeyBar))
        assert "F1" in bar and "^c" in bar and "?" not in bar and " q " not in bar
        await pilot.click("#name-0")
        await pilot.press("home", "f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert app.screen.query_one("#name-0").value == "Quinn"
        await pilot.press("question_mark")  # a letter of a name, here
        assert app.screen.query_one("#name-0").value == "?Quinn"
        app.screen.query_one("#start").focus()
        await pilot.press("question_mark")  # no text field has the focus
        assert isinstance(app.screen, HelpScreen)


@sync
async def test_a_name_the_new_game_screen_accepts_is_one_its_save_accepts(tmp_path):
    """Names are checked where they are typed, with the save reader's rule: a pasted
    control character is refused on the spot (the game would be played, then its save
    refused on --resume); a blank name is the seat's number."""
    from dread_draw.store.saves import SaveDir, resume

    setup = Setup([SeatSpec("Ana", HUMAN), SeatSpec("Ben", HUMAN)], 5)
    app = make_app(setup=setup, saves=SaveDir(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        app.screen.query_one("#name-1").value = "Ben\x07"
        await pilot.pause()
        assert "Seat 2: a name cannot hold control characters" in text_of(
            app.screen.query_one("#error"))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGame)
        app.screen.query_one("#name-1").value = "   "
        await pilot.pause()
        assert text_of(app.screen.query_one("#error")) == ""
        await pilot.press("ctrl+s")
        await until_screen(app, pilot, TableScreen)
        assert [s.name for s in app.screen.match.seats] == ["Ana", "Seat 2"]
    match, _ = resume(SaveDir(tmp_path))  # and the save takes it
    assert [s.name for s in match.seats] == ["Ana", "Seat 2"]


def test_a_remembered_setup_with_a_name_no_save_would_take_uses_the_seats_name(tmp_path):
    path = tmp_path / "last.json"
    path.write_text('{"seats": [["Ana\\u001b[2J", "human"], ["Zora", "easy"]]}')
    assert [s.name for s in load_setup(path).seats] == ["Player", "Zora"]


@sync
async def test_new_game_screen_names_a_bad_deck_file(tmp_path):
    setup = Setup([SeatSpec("Mara", HUMAN), SeatSpec("Zora", "random")], 5,
                  str(tmp_path / "missing.toml"))
    app = make_app(setup=setup)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGame)
        assert "missing.toml" in text_of(app.screen.query_one("#error"))


@sync
async def test_quitting_a_game_in_progress_asks_first(plain_deck):
    match = Match(plain_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], seed=1)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("n")
        assert isinstance(app.screen, TableScreen)
        await pilot.press("ctrl+c")
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0 and not match.over


@sync
@pytest.mark.parametrize("language, yes", [("fr", "o"), ("de", "j"), ("es", "s"), ("ko", "y")])
async def test_the_quit_question_answers_to_the_languages_own_yes(plain_deck, language, yes):
    """A French player types "o" (oui) to quit, a German "j" (ja): the button shows that
    key, and "y" answers too."""
    from dread_draw import i18n

    i18n.set_language(language)
    for key in (yes, "y"):
        match = Match(plain_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], seed=1)
        app = make_app(match)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("q")
            assert isinstance(app.screen, ConfirmQuit)
            button = str(app.screen.query_one("#yes").label)
            assert button.startswith(yes + " "), button
            await pilot.press(key)
            await pilot.pause()
        assert app.return_code == 0 and not match.over, (language, key)


@sync
async def test_q_and_ctrl_c_ask_before_quitting_on_every_screen(plain_deck):
    """The hand-off, a round summary and the help too (a dialog hides the app's keys in
    Textual, so q used to do nothing there); `?` opens the help over any of them."""
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Ben", HUMAN), SeatSpec("Zora", "random")]
    match = Match(plain_deck, seats, seed=9)
    app = make_app(match)
    seen = set()
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3000):
            screen = app.screen
            if isinstance(screen, (HandOff, RoundSummary)) and type(screen) not in seen:
                for key in ("q", "ctrl+c"):
                    await pilot.press(key)
                    assert isinstance(app.screen, ConfirmQuit), (key, screen)
                    await pilot.press("n")
                    assert app.screen is screen
                await pilot.press("question_mark")
                assert isinstance(app.screen, HelpScreen)
                await pilot.press("q")  # in the help too
                assert isinstance(app.screen, ConfirmQuit)
                await pilot.press("n", "escape")
                assert app.screen is screen
                seen.add(type(screen))
            if len(seen) == 2:
                break
            if isinstance(screen, (HandOff, RoundSummary)) and screen.ready:
                await pilot.press("enter")
            elif isinstance(screen, TableScreen) and screen.answer is not None:
                await pilot.press("1")
            await pilot.pause(0.01)
        assert seen == {HandOff, RoundSummary}
        await pilot.press("q", "y")
        await pilot.pause()
    assert not app.is_running and not match.over


def table_with_saves(plain_deck, tmp_path):
    from dread_draw.store.saves import SaveDir

    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"), SeatSpec("Orrin", "random")]
    match = Match(plain_deck, seats, seed=4)
    return match, make_app(match, saves=SaveDir(tmp_path))


async def answer(app, pilot, times: int) -> None:
    """Answer `times` questions at the table with 1 (Enter on what comes between)."""
    for _ in range(times):
        for _ in range(500):
            screen = app.screen
            if isinstance(screen, TableScreen) and screen.answer is not None:
                break
            if isinstance(screen, (HandOff, RoundSummary)) and screen.ready:
                await pilot.press("enter")
            await pilot.pause(0.01)
        await pilot.press("1")
        await pilot.pause()


@sync
async def test_quitting_says_where_the_game_is_saved(plain_deck, tmp_path):
    match, app = table_with_saves(plain_deck, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await answer(app, pilot, 3)
        await pilot.press("q")
        said = text_of(app.screen.query_one("#quit-saved"))
        assert str(tmp_path / "current.json") in said and "--resume" in said
        assert "NOT" not in said


@sync
async def test_quitting_tells_the_truth_when_autosave_is_failing(plain_deck, tmp_path,
                                                                monkeypatch):
    """A full disk or a read-only folder: the quit question, and the line printed on the
    way out, say that the game is NOT saved past the last good save, and where that is."""
    import dread_draw.store.saves as saves
    from dread_draw.store.saves import read_save

    match, app = table_with_saves(plain_deck, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await answer(app, pilot, 2)
        good = read_save(tmp_path / "current.json")
        assert good.choices == match.choices

        def full(path, lines):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(saves, "atomic_write", full)
        await answer(app, pilot, 2)
        behind = len(match.choices) - len(good.choices)
        assert behind >= 2 and not match.over
        await pilot.press("q")
        said = " ".join(text_of(app.screen.query_one("#quit-saved")).split())
        assert "the disk is full" in said  # (the reason in the player's words)
        assert f"NOT saved past round {good.rounds}" in said
        assert f"{tmp_path / 'current.json'}, is {behind} moves behind" in said
        assert " ".join(app.save_note().split()) == said  # printed on the way out too


@pytest.mark.slow
def test_leaving_a_game_prints_how_to_continue_it_and_a_crash_exits_non_zero(
        plain_deck, tmp_path, capsys, monkeypatch):
    """`dread-draw play`: one line on the way out says how to continue the game in progress;
    a table that stops on an error exits non-zero with that line."""
    from dread_draw.tui.app import run_table

    async def quit_after_two_moves(pilot):
        await answer(pilot.app, pilot, 2)
        await pilot.press("q", "y")

    match, app = table_with_saves(plain_deck, tmp_path)
    run_table(app, headless=True, size=SIZE, auto_pilot=quit_after_two_moves)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(tmp_path / "current.json") in err and "--resume" in err

    def broken(self, *args, **kwargs):
        raise RuntimeError("a bug in the table")

    async def play_on(pilot):
        await answer(pilot.app, pilot, 2)
        monkeypatch.setattr(TableScreen, "show_table", broken)
        await answer(pilot.app, pilot, 2)

    match, app = table_with_saves(plain_deck, tmp_path / "again")
    with pytest.raises(SystemExit) as stopped:
        run_table(app, headless=True, size=SIZE, auto_pilot=play_on)
    assert stopped.value.code == 1
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last.startswith("The table stopped on an error.")
    assert str(tmp_path / "again" / "current.json") in last


def test_a_served_table_tells_a_browser_player_how_to_continue_without_paths_or_commands(
        plain_deck, tmp_path, capsys, monkeypatch):
    """Under `dread-draw serve` (issue 30): the quit question named the server's own save
    path (every visitor saw the host's user name) and a shell command; the serve console
    repeated the line for every table."""
    from dread_draw.tui.app import run_table

    monkeypatch.setenv("DREAD_DRAW_WEB", "1")  # as serve.Table sets it
    said = []

    async def quit_after_two_moves(pilot):
        await answer(pilot.app, pilot, 2)
        await pilot.press("q")
        said.append(" ".join(text_of(pilot.app.screen.query_one("#quit-saved")).split()))
        await pilot.press("y")

    match, app = table_with_saves(plain_deck, tmp_path)
    run_table(app, headless=True, size=SIZE, auto_pilot=quit_after_two_moves)
    assert "open this page again in this browser" in said[0]
    assert str(tmp_path) not in said[0] and "dread-draw" not in said[0]
    assert "--resume" not in said[0] and "`" not in said[0]
    assert capsys.readouterr().err == ""  # nothing on the serve console


@sync
async def test_help_shows_keys_and_rules_then_closes(plain_deck):
    match = Match(plain_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], seed=1)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


@sync
async def test_R7_the_table_behind_a_round_summary_agrees_with_it(plain_deck, monkeypatch):
    """R7: while the summary is up, the table shows the round's winning row as the round
    ended and everyone's Life Deck and reserves after the damage — the numbers the summary
    gives — and says which moment that is. The table reads the events as they come; it
    never copies the whole game (which knows every hidden card)."""
    def no_copy(self):
        raise AssertionError("the table copied the omniscient game")

    monkeypatch.setattr(Game, "copy", no_copy)
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"), SeatSpec("Orrin", "random")]
    match = Match(plain_deck, seats, seed=4)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            if isinstance(app.screen, RoundSummary):
                break
            if isinstance(app.screen, TableScreen) and app.screen.answer is not None:
                await pilot.press("1")
            await pilot.pause(0.01)
        assert isinstance(app.screen, RoundSummary)
        assert type(match.game.events) is list
        table = app.screen_stack[-2]
        end = [e for e in match.events if e["type"] == "round_end"][-1]
        hits = [e for e in match.events[match.events.index(end):] if e["type"] == "damage"]
        row = [c["uid"] for c in end["row"]]
        assert row and hits and not any(match.game.rows)  # the game itself has moved on
        panels = list(table.query(SeatPanel))
        assert row == [t.uid for t in panels[end["winner"]].query(".row CardTile")]
        summary = " ".join(text_of(w) for w in app.screen.query("#dialog Static"))
        for hit in hits:
            seat, life = hit["seat"], hit["life"]
            head = text_of(panels[seat].query_one(".seat-head"))
            assert life_pips(life) in head  # after the damage, as the summary says
            assert (f"{seats[seat].name} takes {hit['amount']} damage (Life Deck "
                    f"{life + len(hit['drawn'])} → {life})") in summary
            kept = hit["kept"]["uid"]
            assert kept in [t.uid for t in panels[seat].query(".reserves CardTile")]
        heads = " ".join(text_of(p.query_one(".seat-head")) for p in panels).lower()
        assert "won the round" in heads and "to play" not in heads
        assert "after the damage" in text_of(table.query_one("#topbar"))
        assert f"Round {end['round']} is over" in text_of(table.query_one(TableCentre))
        await close(pilot, app.screen)
        await pilot.pause()
        panel = list(table.query(SeatPanel))[end["winner"]]
        assert not set(row) & {t.uid for t in panel.query(".row CardTile")}  # as it is now
        assert "after the damage" not in text_of(table.query_one("#topbar"))


@sync
async def test_a_table_of_cpus_plays_to_the_end_with_nobody_at_the_keyboard(plain_deck):
    """Nobody to press Enter: the round summaries carry on by themselves (after a pause as
    long as a few CPU moves) and the game reaches its end."""
    seats = [SeatSpec("Zora", "random"), SeatSpec("Orrin", "random")]
    match = Match(plain_deck, seats, seed=2)
    app = make_app(match, cpu_delay=0.001)
    app.animation_level = "none"
    summaries = 0
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3000):
            if isinstance(app.screen, GameOver):
                break
            summaries += isinstance(app.screen, RoundSummary)
            await pilot.pause(0.01)
        assert isinstance(app.screen, GameOver) and match.over
    assert summaries > 0  # they were shown, and went on without a key


@pytest.mark.slow
@sync
async def test_a_table_of_cpus_with_no_pace_survives_enter_held_down(standard_deck):
    """--cpu-delay 0 and nobody seated: the round summaries close by themselves at once,
    and Enter held down meanwhile closes some of them first. Nothing may fail, not even in
    a timer's task that nobody awaits (a zero-second timer once divided by zero)."""
    from textual import events

    errors: list[dict] = []
    asyncio.get_running_loop().set_exception_handler(lambda loop, ctx: errors.append(ctx))
    seats = [SeatSpec("Zora", "easy"), SeatSpec("Orrin", "normal"), SeatSpec("Vesna", "random")]
    for seed in (104, 105):
        match = Match(standard_deck, seats, seed=seed)
        app = make_app(match)
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(3000):
                if match.over:
                    break
                app._driver.send_message(events.Key("enter", "\r"))
                await pilot.pause(0.005)
            assert match.over
        assert app.return_code in (0, None)
    import gc

    gc.collect()  # an unawaited task's failure is reported when it is collected
    await asyncio.sleep(0)
    assert not errors, errors[0].get("exception")


@sync
@pytest.mark.parametrize("key, cover", [("question_mark", HelpScreen), ("q", ConfirmQuit)])
async def test_the_game_waits_while_a_player_reads_a_screen_over_the_table(plain_deck, key,
                                                                          cover):
    """Help or the quit question opened while a CPU is thinking: no CPU moves until it is
    closed (the player comes back to the game they left), then the CPUs play on."""
    seats = [SeatSpec("Zora", "random"), SeatSpec("Orrin", "random")]
    match = Match(plain_deck, seats, seed=1)
    app = make_app(match, cpu_delay=0.2)  # slower than the table's start on a busy machine
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.02)
        assert "is thinking" in text_of(app.screen.query_one("#question"))
        await pilot.press(key)
        assert isinstance(app.screen, cover)
        before = list(match.choices)
        await pilot.pause(1.0)  # five CPU moves' time
        assert match.choices == before and isinstance(app.screen, cover)
        await pilot.press("escape")
        await until_moved(pilot, match, before)


@sync
async def test_a_round_summary_closing_by_itself_waits_while_help_is_open(plain_deck):
    """A table of CPUs closes its round summaries by itself: not while a player reads the
    help over one."""
    seats = [SeatSpec("Zora", "random"), SeatSpec("Orrin", "random")]
    match = Match(plain_deck, seats, seed=2)
    # a summary closes after 4 x 0.3 s: time enough, even on a loaded machine, to press ?
    # over it (at 0.2 s it had closed first and the help opened over the table)
    app = make_app(match, cpu_delay=0.3)
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(app, pilot, RoundSummary)
        await pilot.press("question_mark")
        before = list(match.choices)
        await pilot.pause(1.5)  # longer than the summary's own time
        assert match.choices == before and isinstance(app.screen, HelpScreen)
        assert isinstance(app.screen_stack[-2], RoundSummary)
        await pilot.press("escape")
        await until_moved(pilot, match, before)


MARKUP_NAMES = {"The Fool": "[/]Fool", "The Lantern": "[bold]Lantern[/bold]",
                "The Moth": "[link=https://x.test]Moth[/link]", "The Candle": "Candle\\u001b[31m"}


@pytest.mark.slow
@sync
async def test_names_and_card_texts_are_shown_as_typed_never_as_markup(plain_deck, tmp_path):
    """A player named `[/]` or `Mirror [II]`, a deck whose names hold markup or an escape
    sequence: a whole hot-seat game plays without a crash (a `[/]` name crashed the table
    at start), and what is shown is the text as typed — `Mirror [II]`, not `Mirror `."""
    import io

    from rich.console import Console

    text = Path(plain_deck.path).read_text(encoding="utf-8")
    for name, markup in MARKUP_NAMES.items():
        text = text.replace(f'name = "{name}"', f'name = "{markup}"')
    text = re.sub(r'fortune = "(.*)"', r'fortune = "[/]\1 [red]x[/red]\\u001b[31m"', text)
    deck = parse_deck(re.sub(r"damage = (\d+)", lambda m: f"damage = {int(m[1]) + 2}", text))
    seats = [SeatSpec("[/]", HUMAN), SeatSpec("Mirror [II]", HUMAN), SeatSpec("[b]Zora", "random")]
    match = Match(deck, seats, seed=8)
    app = make_app(match)
    seen = ""
    async with app.run_test(size=(160, 50)) as pilot:
        for _ in range(3000):
            screen = app.screen
            console = Console(width=160, height=50, file=io.StringIO(), record=True,
                              color_system=None)
            console.print(screen._compositor.render_update(
                full=True, screen_stack=app._background_screens, simplify=True))
            seen += console.export_text()
            if isinstance(screen, GameOver):
                await pilot.press("enter", "enter", "enter")
                break
            if isinstance(screen, (HandOff, RoundSummary)) and screen.ready:
                await pilot.press("enter")
            elif isinstance(screen, TableScreen) and screen.answer is not None:
                await pilot.press("tab", "1")
            else:
                await pilot.pause(0.01)
        assert match.over and app.is_running
    for shown in ("Pass the keyboard to Mirror [II]", "Mirror [II], your turn", "[/], your",
                  "[b]Zora", "[/]Fool", "[bold]Lantern[/bold]", "[link=https://x.test]Moth"):
        assert shown in seen, shown
    assert "[red]x[/red]␛[31m" in seen  # a fortune as written: an escape shown, not obeyed
    assert "\x1b" not in seen


@sync
async def test_too_small_a_terminal_says_what_it_needs(plain_deck):
    match = Match(plain_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], seed=1)
    app = make_app(match)
    async with app.run_test(size=(60, 18)) as pilot:
        await pilot.pause()
        note = app.screen.query_one(TooSmall)
        assert note.display and note.styles.display == "block"
        assert "at least 80×24" in text_of(note) and "60×18" in text_of(note)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen.query_one(TooSmall).styles.display == "none"


@pytest.mark.slow
@sync
async def test_too_small_a_terminal_plays_nothing_blind_and_the_game_waits(plain_deck):
    """Issue 24, scenario 5: at 60x20 a blind `1` revealed a card and the CPUs played on
    behind the 'too small' note. Now the table's keys do nothing and no CPU moves; at a
    size that fits, the game goes on."""
    seats = [SeatSpec("Zora", "random"), SeatSpec("Ana", HUMAN), SeatSpec("Yuri", "random")]
    match = Match(plain_deck, seats, seed=3)
    app = make_app(match, cpu_delay=0.05)
    async with app.run_test(size=(60, 20)) as pilot:
        for _ in range(20):
            for key in ("1", "enter", "space", "s", "y"):
                await pilot.press(key)
            await pilot.pause(0.02)
        assert match.choices == [], "nothing may be played while the table cannot be seen"
        await pilot.resize_terminal(100, 30)
        for _ in range(300):
            if match.choices:
                break
            table = app.screen
            if isinstance(table, TableScreen) and table.answer is not None:
                await pilot.press("1")
            await pilot.pause(0.02)
        assert match.choices, "at a size that fits, the game goes on"


@sync
async def test_five_players_fit_80x24(plain_deck):
    """Five seats at 80x24, before and once cards are on the table (one-line tiles then):
    every seat above the prompt (widgets/plan.py gives them the room the stage leaves)."""
    seats = [SeatSpec("Ana", HUMAN)] + [SeatSpec(f"C{i}", "random") for i in range(4)]
    match = Match(plain_deck, seats, seed=2)
    for later in (False, True):
        while later and not (sum(map(len, match.game.rows)) >= 4
                             and match.game.pending.seat == 0):
            match.apply(match.cpu_choice() if match.cpu_to_move() else
                        match.game.pending.options[0])
        app = make_app(match)
        async with app.run_test(size=(80, 24)) as pilot:
            await until_asked(app, pilot)
            await pilot.pause(0.3)
            panels = list(app.screen.query(SeatPanel))
            prompt = app.screen.query_one("#prompt").region.y
            assert len(panels) == 5 and max(p.region.bottom for p in panels) <= prompt
            if later:
                assert all(p.has_class("-compact") for p in panels)


def test_answer_buttons_wrap_into_rows_that_fit_in_order():
    texts = ["1 Reveal the top card", "2 Summon The Tower (6, damage 2)", "3 Keep The Widow"]
    widths = [len(t) + 2 for t in texts]  # a compact button: its text and one space each side
    assert button_rows(texts, sum(widths) + 2 * BUTTON_GAP, *GAP_MIN) == [[0, 1, 2]]
    assert button_rows(texts, sum(widths) + 2 * BUTTON_GAP - 1, *GAP_MIN) == [[0, 1], [2]]
    assert button_rows(texts, widths[1], *GAP_MIN) == [[0], [1], [2]]
    assert button_rows(["a very long answer that is wider than the bar"], 10, *GAP_MIN) == [[0]]
    # short answers are drawn at a button's minimum width: "1 Ana" takes 16 columns, not 7
    names = [f"{i + 1} {n}" for i, n in enumerate(["Ana", "Ben", "Cy", "Dee", "Eve"])]
    assert button_rows(names, 78, *GAP_MIN) == [[0, 1, 2, 3], [4]]
    # Korean takes two cells a character: the rows are counted in cells, not characters
    korean = ["1 맨 위 카드 공개", "2 소환: 예언자 (6, 피해 1, 소환)",
              "3 소환: 까마귀 (3, 피해 1, 비축)"]
    cells = [cell_len(t) + 2 for t in korean]
    assert button_rows(korean, sum(cells) + 2 * BUTTON_GAP, *GAP_MIN) == [[0, 1, 2]]
    assert button_rows(korean, sum(cells) + 2 * BUTTON_GAP - 1, *GAP_MIN) == [[0, 1], [2]]


@sync
async def test_R8_1_drawn_life_deck_cards_are_all_offered_and_read_at_80x24(plain_deck):
    """R8.1: every card drawn is on offer, copies once (none cut off at the smallest size); the
    reader shows the first at once, Tab reads the next, Enter keeps the card under focus."""
    match = Match(plain_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], seed=2)
    while not (match.game.pending.kind == KEEP and match.game.pending.seat == 0):
        match.apply(match.cpu_choice() if match.cpu_to_move() else match.game.pending.options[0])
    drawn = list(match.game.pending.options)
    first: dict[str, int] = {}
    for o in drawn:
        first.setdefault(plain_deck.card[o].id, o)
    offered = list(first.values())
    assert len(drawn) > len(offered) >= 4  # copies of a card are one answer
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_asked(app, pilot)
        await pilot.pause()
        prompt = app.screen.query_one("#prompt").region
        buttons = list(app.screen.query(AnswerButton))
        assert [b.card for b in buttons] == offered
        assert "Keep The" in str(buttons[0].label) and any("×2" in str(b.label) for b in buttons)
        for b in buttons:
            assert prompt.contains_region(b.region), f"{b.label} is cut off"
        reader = app.screen.query_one(CardReader)
        assert app.focused is buttons[0]
        assert plain_deck.card[offered[0]].fortune in text_of(reader)
        await pilot.press("tab")
        assert app.focused is buttons[1]
        assert plain_deck.card[offered[1]].fortune in text_of(reader)
        await pilot.pause(PRESS_GUARD)  # a person reads before pressing
        await pilot.press("enter")
        await pilot.pause()
        kept = set(drawn) & set(match.game.reserves[0])
        assert kept == {offered[1]}


@sync
@pytest.mark.parametrize("keys, after", [
    (("r", "g", "r"), "TableScreen"),  # Rematch stands: the keys after it come too late
    (("g", "r"), "NewGame"),
    (("r", "q"), None),  # q before the rematch's table is up: the app simply ends
])
async def test_the_game_over_screen_answers_once_however_fast_the_keys_come(fierce_deck, keys,
                                                                            after):
    """Keys typed before the game-over screen is gone: the first answer stands (a second
    used to crash the app, or pop the screen underneath), and nothing fails on the way out."""
    from textual import events

    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")]
    match = Match(fierce_deck, seats, seed=3)
    while not match.over:
        match.apply(match.cpu_choice() if match.cpu_to_move() else match.game.pending.options[0])
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(app, pilot, GameOver)
        for key in keys:
            app._driver.send_message(events.Key(key, key))
        await pilot.pause()
        await pilot.pause()
        if after is None:
            assert not app.is_running
        else:
            assert app.is_running and type(app.screen).__name__ == after
    assert app.return_code in (0, None)


MASH_KEYS = {"enter": "\r", "space": " ", "tab": "\t", "shift+tab": None, "escape": "\x1b",
             "up": None, "down": None, "left": None, "right": None, "1": "1", "2": "2",
             "3": "3", "y": "y", "n": "n", "s": "s", "r": "r", "g": "g",
             "question_mark": "?", "ctrl+s": None, "a": "a", "7": "7", "backspace": None}


@sync
async def test_the_layout_turns_compact_when_the_terminal_shrinks(plain_deck):
    """Framed cards at 120x40 become one-line ones at 80x24, every seat above the prompt
    (with cards on the table: an empty row keeps whatever style, it shows no card)."""
    match = Match(plain_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"),
                               SeatSpec("Orrin", "random"), SeatSpec("Vesna", "random")], seed=2)
    while not (sum(map(len, match.game.rows)) >= 3 and match.seats[match.to_move()].is_human):
        match.apply(match.cpu_choice() if match.cpu_to_move() else match.game.pending.options[0])
    app = make_app(match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not any(p.has_class("-compact") for p in app.screen.query(SeatPanel))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        panels = list(app.screen.query(SeatPanel))
        assert all(p.has_class("-compact") for p in panels)
        assert max(p.region.bottom for p in panels) <= app.screen.query_one("#prompt").region.y


@sync
async def test_a_seat_too_full_for_framed_tiles_shrinks_the_whole_table_to_one_style(plain_deck):
    """Nothing is cut off and one card style is used on the whole screen: a seat whose framed
    cards would overflow its band makes every seat's tiles one-line ones (names on one line;
    its reserves may take a line of their own, widgets/plan.py), every tile inside its seat."""
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"), SeatSpec("Orrin", "random")]
    match = Match(plain_deck, seats, seed=46)

    def crowded(m):
        return len(m.game.rows[1]) + len(m.game.reserves[1]) >= 5
    while not (crowded(match) and match.seats[match.to_move()].is_human):
        match.apply(match.cpu_choice() if match.cpu_to_move() else match.game.pending.options[0])
    app = make_app(match)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        panels = list(app.screen.query(SeatPanel))
        assert len(panels[1].query(CardTile)) >= 5
        styles = {t.style_name for p in panels for t in p.query(CardTile)}
        assert len(styles) == 1 and styles <= set(CHIPS)  # one style for the table
        for p in panels:
            assert all(t.region.right <= p.region.right and t.region.bottom <= p.region.bottom
                       for t in p.query(CardTile))


@sync
async def test_clicking_a_card_shows_its_text_and_fortune(plain_deck):
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")]
    match = Match(plain_deck, seats, seed=2)
    while not any(match.game.rows):  # someone has a card on the table
        match.apply(match.cpu_choice() if match.cpu_to_move() else match.game.pending.options[0])
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tile = app.screen.query(CardTile).first()
        await pilot.click(tile)
        reader = text_of(app.screen.query_one(CardReader))
        assert plain_deck.card[tile.uid].fortune in reader
        assert f"strength {plain_deck.strength[tile.uid]}" in reader


@sync
async def test_R4_4_the_card_reader_lets_go_of_a_row_card_once_its_row_is_discarded(
        plain_deck):
    """R4.4: Ana reads a card of her row, then is knocked out: her row goes to the discard
    pile, and the reader no longer shows the card (the CPUs play on; nothing of her row is
    on screen)."""
    from helpers import Pick

    pick = Pick(plain_deck)
    five, eight, nine, two = pick(5), pick(8), pick(9), pick(2)
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"), SeatSpec("Orrin", "random")]
    match = Match(plain_deck, seats, seed=1)
    match.game = Game.setup(plain_deck, 3, life=[[pick(0)], [pick(0)], [pick(0)]],
                            draw=[five, eight, nine, two], starting_seat=0)
    match.apply(REVEAL)  # Ana: 5
    match.play_cpus()  # Zora 8, Orrin 9: Ana, lowest, plays again
    app = make_app(match, cpu_delay=30)  # the CPUs think for ever once she is out
    app.animation_level = "none"
    async with app.run_test(size=SIZE) as pilot:
        await until_asked(app, pilot)
        table = app.screen
        tile = next(t for t in table.query(CardTile) if t.uid == five)
        await pilot.click(tile)
        reader = table.query_one(CardReader)
        assert reader.uid == five
        await pilot.press("1")  # reveals 2: it fails, her row is discarded
        await pilot.pause(0.1)
        assert not match.game.in_round[0] and five in match.game.discard
        assert five not in {t.uid for t in table.query(CardTile)}
        assert reader.uid != five
        assert plain_deck.card[five].fortune not in text_of(reader)
        # and she is told how to skip the CPUs' turns that follow
        said = text_of(table.query_one("#question"))
        assert "Fails: Ana is out of the round; 1 card is discarded." in said  # the stage's
        assert "Fails: Ana is out of the round" in table.query_one("#stage").act.result
        assert table.answer is not None  # the stage waits for her
        await pilot.press("enter")  # she has read it and goes on
        await pilot.pause(0.1)
        said = text_of(table.query_one("#question"))
        assert "Ana is out of this round: press s to skip ahead to the next decision" in said


@sync
async def test_a_key_holds_the_young_collections_only_until_its_frame(plain_deck,
                                                                     monkeypatch):
    """Garbage made while a person's answer is played and drawn is collected once the frame
    showing it is painted (issue 41: the collections were inside the key's frame): the
    collector is off while the answer is shown, and on again by the next question; a hold
    whose frame never comes ends by itself."""
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")]
    app = make_app(Match(plain_deck, seats, seed=1))
    switch = sys.getswitchinterval()
    async with app.run_test(size=SIZE) as pilot:
        table = app.screen
        while table.answer is None:
            await pilot.pause(0.01)
        # the painted frame's writer thread gets the interpreter's lock soon (issue 41)
        assert sys.getswitchinterval() <= pauses.SWITCH
        on_at_present: list[bool] = []
        present = table.present

        async def watched(moment):
            on_at_present.append(gc.isenabled())
            await present(moment)

        monkeypatch.setattr(table, "present", watched)
        await pilot.press("1")
        while table.answer is None or not on_at_present:
            await pilot.pause(0.01)
        await pilot.pause()
        assert on_at_present[0] is False  # held while the answer was being shown
        assert gc.isenabled()  # and collected again once it was painted
    assert sys.getswitchinterval() == switch  # as it was, once the app is gone
    # a key's release after its paint does not end the next key's hold, begun meanwhile
    monkeypatch.setattr(pauses, "WRITER_FIRST", 0)
    pauses.hold_young()
    pauses.release_soon()  # (the first key's frame is painted)
    pauses.hold_young()  # the next key, before that release comes
    for _ in range(3):
        await asyncio.sleep(0)
    assert not gc.isenabled()
    pauses.release_young()
    assert gc.isenabled()
    monkeypatch.setattr(pauses, "HOLD_AT_MOST", 0)
    pauses.hold_young()
    assert not gc.isenabled()
    for _ in range(3):  # (the hold's deadline: the loop's next turns)
        await asyncio.sleep(0)
    assert gc.isenabled()


@sync
async def test_s_skips_the_cpu_pauses_to_the_next_person(plain_deck):
    """A 30-second CPU pace: without the skip key the person would wait; with it, at once."""
    seats = [SeatSpec("Zora", "random"), SeatSpec("Orrin", "random"), SeatSpec("Ana", HUMAN)]
    match = Match(plain_deck, seats, seed=1)
    assert match.cpu_to_move()
    app = make_app(match, cpu_delay=30)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        table = app.screen
        assert table.answer is None and "is thinking" in text_of(table.query_one("#question"))
        await pilot.press("s")
        for _ in range(100):
            if table.answer is not None:
                break
            await pilot.pause(0.02)
        assert table.answer is not None and match.seats[match.to_move()].is_human


class Masher:
    """A person mashing: keys (often pressed twice), clicks, drags that select text, the
    wheel, and the window resized now and then — sent as a terminal sends them, without
    waiting for the app."""

    def __init__(self, app, seed: int, mouse: bool = True) -> None:
        self.app, self.rng, self.mouse = app, random.Random(seed), mouse
        self.keys = list(MASH_KEYS)
        self.weights = [0.2 if k in ("question_mark", "g") else 1 for k in self.keys]

    def key(self, key: str) -> None:
        from textual import events

        self.app._driver.send_message(events.Key(key, MASH_KEYS[key]))

    def pointer(self) -> None:
        from textual import events

        w, h = self.app.size
        x, y = self.rng.randrange(w), self.rng.randrange(h)
        what = self.rng.choice(["click", "select", "wheel", "move"])

        def mouse(kind, x, y, button=1):
            self.app._driver.process_message(kind(None, x, y, 0, 0, button, False, False,
                                                  False, screen_x=x, screen_y=y))
        if what in ("click", "select"):
            mouse(events.MouseDown, x, y)
            if what == "select":  # a drag across the screen: Textual selects text
                for _ in range(3):
                    x, y = self.rng.randrange(w), self.rng.randrange(h)
                    mouse(events.MouseMove, x, y)
            mouse(events.MouseUp, x, y)
        elif what == "wheel":
            mouse(self.rng.choice([events.MouseScrollDown, events.MouseScrollUp]), x, y, 0)
        else:
            mouse(events.MouseMove, x, y, 0)

    async def burst(self, pilot, n: int = 50) -> None:
        for _ in range(n):
            if self.mouse and self.rng.random() < 0.2:
                self.pointer()
                continue
            key = self.rng.choices(self.keys, self.weights)[0]
            self.key(key)
            if self.rng.random() < 0.3:  # a double press
                self.key(key)
        key = self.rng.choice(["enter", "space", "1", "y"])  # and one slower, up to 0.5 s apart
        self.key(key)
        await pilot.pause(self.rng.choice([0.05, 0.2, 0.35, 0.5]))
        self.key(key)
        await pilot.pause()


@sync
async def test_a_press_on_a_card_as_it_leaves_the_table_does_not_fail(plain_deck):
    """A mouse press (the start of a text selection, in Textual) landing on a card tile in
    the instant it is taken off the table — its row discarded, a summary closing — used to
    stop the table with a traceback."""
    from textual import events

    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")]
    match = Match(plain_deck, seats, seed=2)
    while not any(match.game.rows):
        match.apply(match.cpu_choice() if match.cpu_to_move() else match.game.pending.options[0])
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await until_asked(app, pilot)
        for tile in list(app.screen.query(CardTile)) + list(app.screen.query(".empty")):
            x, y = tile.region.x + 1, tile.region.y
            await tile.remove()  # gone, though the screen's map still shows it there
            # what the App does with every mouse event from the terminal
            app.screen._forward_event(events.MouseDown(None, x, y, 0, 0, 1, False, False, False,
                                                       screen_x=x, screen_y=y))
            await pilot.pause()
        assert app.is_running


def assert_saved_as_played(match: Match, folder) -> None:
    """The save on disk is the game on the table: every choice made is in it."""
    from dread_draw.store.saves import read_save

    path = folder.current if not match.over else folder.finished()[-1]
    assert read_save(path).choices == match.choices


@pytest.mark.slow
@sync
@pytest.mark.parametrize("seed", [5, 6])
async def test_random_key_and_mouse_mashing_never_crashes_and_the_save_keeps_up(
        fierce_deck, tmp_path, seed):
    """Thousands of keys and mouse events across every screen of a hot-seat game — the
    table, hand-offs, summaries, help, quit question, game over, rematch — sent as a person
    mashing would: nothing fails (not even in a task nobody awaits), and the save on disk
    always holds every choice made.

    Every screen that comes up is counted as it comes up (not the one on top at the end of
    each burst, which on a busy machine was the help twice in a row and so few screens)."""
    from textual._context import active_message_pump
    from textual.events import ScreenResume

    from dread_draw.store.saves import SaveDir

    errors: list[dict] = []
    asyncio.get_running_loop().set_exception_handler(lambda loop, ctx: errors.append(ctx))
    folder = SaveDir(tmp_path)
    match = Match(fierce_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Ben", HUMAN),
                                SeatSpec("Zora", "random")], seed=8)
    app = make_app(match, saves=folder)
    masher = Masher(app, seed)
    screens: set[str] = set()

    def shown(message) -> None:
        if isinstance(message, ScreenResume):
            screens.add(type(active_message_pump.get()).__name__)

    async with app.run_test(size=(80, 24), message_hook=shown) as pilot:
        for i in range(20):  # about 1000 keys and 200 mouse events
            if not app.is_running:  # a click on a Quit button (then y) may end it
                break
            await masher.burst(pilot)
            if i % 6 == 5:
                await pilot.resize_terminal(masher.rng.choice([70, 80, 120]),
                                            masher.rng.choice([20, 24, 40]))
            elif app.size.width < MIN_WIDTH or app.size.height < MIN_HEIGHT:
                # told the window is too small (the game waits, keys do nothing), the
                # person makes it bigger after one burst: mashing goes on to other screens
                await pilot.resize_terminal(80, 24)
            table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
            if table is not None:
                assert_saved_as_played(table.match, folder)
    assert app.return_code in (0, None)  # it ended, if it did, by the player's choice
    assert {"TableScreen", "HandOff", "HelpScreen"} <= screens - {"Screen"}  # (the app's own)
    assert not errors, errors[0]


@pytest.mark.slow
@sync
@pytest.mark.parametrize("pace", [0, 0.001])
async def test_quitting_in_the_middle_of_a_cpu_move_leaves_nothing_failing(plain_deck, pace):
    """q, y while the CPUs play at full speed: the table is taken down under the driver,
    which used to go on drawing (mounting cards on a screen already gone)."""
    errors: list[dict] = []
    asyncio.get_running_loop().set_exception_handler(lambda loop, ctx: errors.append(ctx))
    seats = [SeatSpec("Zora", "random"), SeatSpec("Orrin", "random"), SeatSpec("Vesna", "easy")]
    for seed in range(10):  # quitting at as many moments
        match = Match(plain_deck, seats, seed=seed)
        app = make_app(match, cpu_delay=pace)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.02 * seed)
            await pilot.press("q", "y")
        assert app.return_code in (0, None), seed
    assert not errors, errors[0]


@sync
async def test_mashing_a_table_of_cpus_at_full_speed_never_crashes(standard_deck, tmp_path):
    """--cpu-delay 0, nobody seated, keys and the mouse mashed while the CPUs play (round
    summaries close by themselves at once): the game plays to its end, saved as played."""
    from dread_draw.store.saves import SaveDir

    errors: list[dict] = []
    asyncio.get_running_loop().set_exception_handler(lambda loop, ctx: errors.append(ctx))
    folder = SaveDir(tmp_path)
    seats = [SeatSpec("Zora", "easy"), SeatSpec("Orrin", "normal"), SeatSpec("Vesna", "random")]
    match = Match(standard_deck, seats, seed=104)
    app = make_app(match, saves=folder)
    masher = Masher(app, 1)
    masher.weights = [0.05 if k in ("r", "g", "question_mark") else w  # leave the end be
                      for k, w in zip(masher.keys, masher.weights, strict=True)]
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            if match.over:
                break
            await masher.burst(pilot, 10)
        assert match.over and app.return_code in (0, None)
        assert_saved_as_played(match, folder)
    assert not errors, errors[0]


@sync
async def test_the_replay_footer_and_the_readme_name_the_same_keys(plain_deck):
    from dread_draw.store.saves import Save
    from dread_draw.tui.replay import ReplayApp

    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `dread-draw replay"))
    match = Match(plain_deck, [SeatSpec("A", "random"), SeatSpec("B", "random")], seed=2)
    match.play_cpus()
    app = ReplayApp(Save.of(match), match)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown, seen = [], set()  # as the Footer shows them: the first key of each action
        for active in app.screen.active_bindings.values():
            b = active.binding
            if b.show and (b.action, b.description) not in seen:
                seen.add((b.action, b.description))
                shown.append(app.get_key_display(b))
    assert shown and all(key in row for key in shown), (shown, row)
    named = re.findall(r"[←→\[\]?qv](?= |`)", row.split("revealed:")[1].split("(or")[0])
    assert sorted(set(named)) == sorted(set(shown))


# ---------------------------------------------------------------- words, without the app

ABILITY_DECK = """
[deck]
name = "Abilities (tests)"
format = 1
""" + "".join(f"""
[[card]]
id = "card-{i}"
name = "Card {i}"
strength = {i}
damage = {i % 3}
copies = 4
fortune = "Fortune {i}."
""" + ("""[card.ability]
when = "summon"
effect = "gain-life"
count = 1
text = "Summon: gain 1 life."
""" if i == 5 else "") for i in range(13))


@pytest.mark.parametrize("kind", KINDS)
def test_every_decision_kind_gets_a_question_and_a_label_for_each_option(kind):
    deck = parse_deck(ABILITY_DECK)
    g = Game(deck, 3, seed=1)
    view = g.view(0)
    options = {SUMMON: (-1, 20), USE: (1, 0), KEEP: (1, 5, 9), ORDER: (20, 21),
               PICK_CARD: (4, -1), PICK_SEAT: (1, 2)}[kind]
    d = Decision(0, kind, options, card=20, prompt="Choose what the card says.")
    question, labels = describe(d, view, ["Ana", "Ben", "Cy"])
    assert question.startswith("Ana")
    assert [o for o, _ in labels] == list(options)
    if kind == USE:
        assert "gain 1 life" in question and [lab for _, lab in labels] == ["Use it", "Skip it"]
    if kind in (PICK_CARD, PICK_SEAT):
        assert "Choose what the card says." in question
    if kind == PICK_SEAT:
        assert [lab for _, lab in labels] == ["Ben", "Cy"]


def test_copies_in_the_same_zone_are_offered_once_strongest_first(plain_deck):
    """Scavenging the discard pile: four copies of a card are one choice to a player."""
    g = Game.setup(plain_deck, 2, life=[[], []], discard=[0, 1, 2, 40, 41], seed=1)
    view = g.view(0)
    d = Decision(0, PICK_CARD, (0, 1, 2, 40, 41, -1), card=40, prompt="Take one.")
    _, labels = describe(d, view, ["Ana", "Ben"])
    names = [plain_deck.card[o].name if o >= 0 else "Done" for o, _ in labels]
    assert names == [plain_deck.card[40].name, plain_deck.card[0].name, "Done"]
    assert plain_deck.strength[40] > plain_deck.strength[0]


def test_R8_1_copies_drawn_from_a_life_deck_are_one_choice(plain_deck):
    """R8.1: keeping one copy or another is the same choice; the label says how many."""
    g = Game.setup(plain_deck, 2, life=[[], []], seed=1)
    d = Decision(0, KEEP, (0, 1, 40, 2), card=-1)
    _, labels = describe(d, g.view(0), ["Ana", "Ben"])
    assert [o for o, _ in labels] == [0, 40]
    assert labels[0][1].endswith("×3") and "×" not in labels[1][1]


def test_the_log_never_names_cards_drawn_from_a_life_deck(plain_deck):
    """R11.2: the event log is omniscient; the table's log says only how many."""
    m = Match(plain_deck, [SeatSpec("A"), SeatSpec("B"), SeatSpec("C")], seed=4)
    m.play_cpus()
    narrate = Narrator(plain_deck, ["A", "B", "C"])
    damage = [e for e in m.events if e["type"] == "damage" and len(e["drawn"]) > 1]
    assert damage
    for ev in damage:
        line = narrate(ev)
        hidden = {c["uid"] for c in ev["drawn"]} - {ev["kept"]["uid"]}
        for c in hidden:
            if plain_deck.card[c].name != plain_deck.card[ev["kept"]["uid"]].name:
                assert plain_deck.card[c].name not in line


def test_the_log_tells_a_round_in_plain_sentences(plain_deck):
    """R4.3/R4.4/R5/R7 as the log says them: who revealed what over what, and the damage."""
    crow, key, moth, fool = 28, 24, 8, 0
    g = Game.setup(plain_deck, 2, life=[[1, 2], [3, 5]], draw=[crow, key, moth, fool],
                   starting_seat=0)
    say = Narrator(plain_deck, ["Mara", "Ben"])
    events = list(g.events)
    for _ in range(3):  # Mara reveals; Ben (lowest) reveals twice
        events += g.choose(g.pending.options[0])
    lines = [line for line in map(say, events) if line]
    assert "Mara reveals The Crow (4): summoned (row 4)." in lines
    assert "Ben reveals The Key (3): summoned (row 3)." in lines
    assert ("Ben reveals The Moth (1) against The Key (3): it fails, out of the round, "
            "1 card discarded.") in lines
    assert "Mara wins round 1 with The Crow (4): 1 damage to every other player." in lines
    report = None
    tracker = RoundTracker(plain_deck)
    for ev in events + g.choose(g.pending.options[0]):  # Ben keeps a card: the next round
        report = tracker.feed(ev) or report
    assert report.lines(["Mara", "Ben"])[:2] == [
        "Round 1: Mara wins with The Crow (4).",
        "Mara's row deals 1 damage to each other player."]


def test_R4_4_R9_4_an_eliminated_player_hears_why_before_an_aftermath_is_offered(standard_deck):
    """R4.4 then R9.4: the log says the reveal failed before the Aftermath question, and the
    question says which moment it is."""
    deck = standard_deck
    mourner = next(c for c in range(deck.size) if deck.card[c].id == "the-mourner")
    weak = next(c for c in range(deck.size) if deck.strength[c] == 1 and not deck.ability[c])
    strong = next(c for c in range(deck.size) if deck.strength[c] == 12)
    g = Game.setup(deck, 2, life=[[], []], draw=[mourner, strong, weak], starting_seat=0)
    say = Narrator(deck, ["Ana", "Ben"])
    events = list(g.events)
    while not (g.pending.kind == USE and g.pending.card == mourner and g.pending.seat == 0):
        events += g.choose(SKIP if g.pending.kind == USE else g.pending.options[0])
    lines = [line for line in map(say, events) if line]
    assert lines[-1].startswith(f"Ana reveals {deck.card[weak].name}") and "fails" in lines[-1]
    question, _ = describe(g.pending, g.view(0), ["Ana", "Ben"])
    assert question.startswith("Ana: you are out of the round. Use The Mourner")


def test_the_log_says_what_an_ability_did_once_its_player_chose(standard_deck):
    """A log that says what just happened: the card a Summon ability took from the discard
    pile is public (reserves are face up, R11.1), and is told as soon as it is chosen: what
    the ability did is its own event, told once."""
    deck = standard_deck
    digger = next(u for u in range(deck.size) if deck.card[u].id == "the-gravedigger")
    plain = [u for u in range(deck.size) if deck.ability[u] is None]
    wanted = next(u for u in plain if 0 < deck.strength[u] <= 7)
    mine, theirs = [u for u in plain if u != wanted][:2]
    g = Game.setup(deck, 2, life=[[mine], [theirs]], draw=[digger], discard=[wanted],
                   starting_seat=0)
    say = Narrator(deck, ["Mara", "Ben"])
    lines = [line for line in map(say, list(g.events) + g.choose(g.pending.options[0])) if line]
    lines += [line for line in map(say, g.choose(USE_IT)) if line]  # Mara uses it
    assert lines[-1].startswith("Mara uses The Gravedigger: Summon:")
    assert not any("takes" in line for line in lines)  # nothing chosen yet
    told = [line for line in map(say, g.choose(wanted)) if line]
    took = f"Mara takes {card_label(deck, wanted)} from the discard pile into reserves."
    assert told[0] == took


@pytest.mark.parametrize("reveal", [False, True])
def test_R11_the_log_says_how_many_seen_cards_went_under_and_which_only_in_a_replay(
        standard_deck, reveal):
    """R11: the table sees cards go to the bottom of the Draw Deck, not which ones; a replay
    of a finished game may name them."""
    deck = standard_deck
    drowned = next(u for u in range(deck.size) if deck.card[u].id == "the-drowned")
    plain = [u for u in range(deck.size) if deck.ability[u] is None]
    a, b, mine, theirs = plain[:4]
    g = Game.setup(deck, 2, life=[[mine], [theirs]], draw=[drowned, a, b], starting_seat=0)
    say = Narrator(deck, ["Mara", "Ben"], reveal=reveal)
    for ev in list(g.events) + g.choose(REVEAL) + g.choose(USE_IT):
        say(ev)
    assert not [e for e in g.choose(a) if e["type"] == "outcome"]  # not done yet
    told = next(say(e) for e in g.choose(DONE) if e["type"] == "outcome")  # Mara stops
    if reveal:
        assert told == f"Mara puts {card_label(deck, a)} on the bottom of the Draw Deck."
    else:
        assert told == "Mara puts 1 of them on the bottom of the Draw Deck."
        assert deck.card[a].name not in told


def test_a_replay_names_the_private_cards_and_the_table_does_not(standard_deck):
    """R11.2 during play; everything revealed once the game is over (replay --print)."""
    m = Match(standard_deck, [SeatSpec("A", "normal"), SeatSpec("B", "normal"),
                              SeatSpec("C", "normal")], seed=11)
    m.play_cpus()
    live, replay = (Narrator(standard_deck, ["A", "B", "C"], reveal=r) for r in (False, True))
    seen = [e for e in m.events if e["type"] == "outcome" and e.get("seen")]
    tossed = [e for e in m.events if e["type"] == "damage" and len(e["drawn"]) > 1]
    assert seen and tossed
    for ev in m.events:
        quiet, told = live(ev) or "", replay(ev) or ""
        if ev in seen:
            # (a list says "and" before its last card: i18n.listing)
            names = i18n.listing([card_label(standard_deck, c["uid"]) for c in ev["seen"]])
            assert told.endswith(f"sees {names}.")
            assert " sees " not in quiet
        if ev in tossed:
            other = next(c for c in ev["drawn"] if c["uid"] != ev["kept"]["uid"])
            assert card_label(standard_deck, other["uid"]) in told
            assert "discards " + str(len(ev["drawn"]) - 1) in quiet


@sync
async def test_the_hand_off_shows_its_keys_and_they_work(tmp_path):
    """R11.2's hand-off covers the whole table, its key bar too: it shows its own keys, in
    the player's language; ? opens the help over it, Enter (once the keyboard is taken)
    closes it."""
    i18n.set_language("fr")
    app = make_app(settings=tmp_path / "setup.toml")
    closed = []
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(HandOff("Ben", wait=0), closed.append)
        await pilot.pause()
        bar = text_of(app.screen.query_one(KeyBar))
        for words in ("I have the keyboard", "Help", "Quit"):
            assert i18n._(words) in bar and i18n._(words) != words, bar
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, HandOff) and not closed
        await pilot.press("enter")
        await pilot.pause()
        assert closed == [None] and not isinstance(app.screen, HandOff)


@sync
async def test_R8_1_a_double_enter_at_the_hand_off_does_not_keep_a_card_unread(
        plain_deck, monkeypatch):
    """R8.1: the keep prompt focuses the first drawn card; an Enter that comes right behind
    the one closing the hand-off screen must not choose it. A number key answers at once."""

    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Ben", HUMAN), SeatSpec("Zora", "random")]
    match = Match(plain_deck, seats, seed=9)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(2000):
            d = match.game.pending
            if isinstance(app.screen, HandOff):
                if d.kind == KEEP and len(d.options) >= 2:
                    break
                await close(pilot, app.screen)
            elif isinstance(app.screen, RoundSummary):
                await close(pilot, app.screen)
            elif isinstance(app.screen, TableScreen) and app.screen.answer is not None:
                await pilot.press("1")
            await pilot.pause(0.01)
        assert isinstance(app.screen, HandOff), "seed 9 hands the keyboard over for a keep"
        keeper = match.game.pending.seat
        # "right behind", on any machine
        monkeypatch.setattr("dread_draw.tui.widgets.prompt.PRESS_GUARD", 30.0)
        await close(pilot, app.screen)  # "I am Ben"
        await until_asked(app, pilot)
        await pilot.pause()
        assert isinstance(app.focused, AnswerButton)  # the first card is read...
        await pilot.press("enter")  # the second of a double press
        await pilot.pause()
        d = match.game.pending
        assert d.kind == KEEP and d.seat == keeper  # ...and not kept by it
        await pilot.press("2")
        await pilot.pause()
        assert match.game.pending is not d


RULE_OR_ISSUE = re.compile(r"\bR\d+(\.\d+)?\b|\bissues? \d")
SENTENCE_IN_LOWER_CASE = re.compile(r"[a-z)]\. [a-z]")


@pytest.mark.parametrize("command", [[], ["play"], ["simulate"], ["arena"], ["cards"],
                                     ["rules"], ["replay"], ["stats"]])
def test_help_shows_flags_as_flags_and_no_rule_or_issue_numbers(command):
    """--help is for players: a flag is shown as a flag (`--resume`, not `--resume <bool>`),
    and nothing in it is a rule number or an issue number."""
    result = CliRunner().invoke(cli_app, [*command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "<bool>" not in result.output and "BOOLEAN" not in result.output
    assert not RULE_OR_ISSUE.search(result.output), RULE_OR_ISSUE.search(result.output)


def test_stats_says_what_it_counts(plain_deck, tmp_path):
    """Games per player name; seats per CPU level — a level with two seats in a game
    counts twice, and the table says so rather than leaving "normal: 4" beside "2 games"."""
    from dread_draw.store.saves import Save, SaveDir

    folder = SaveDir(tmp_path)
    for seed in (1, 2):
        match = Match(plain_deck, [SeatSpec("[/]Ana", HUMAN), SeatSpec("Zora", "normal"),
                                   SeatSpec("Orrin", "normal")], seed=seed)
        while not match.over:
            match.apply(match.cpu_choice() if match.cpu_to_move()
                        else match.game.pending.options[0])
        folder.archive(Save.of(match))
    result = CliRunner().invoke(cli_app, ["stats", "--save-dir", str(tmp_path)],
                                env={"COLUMNS": "200"})
    out = result.output
    assert result.exit_code == 0, out
    assert "From the 2 finished games kept in" in out
    assert "Games per player name" in out and "Seats per CPU level" in out
    assert "two normal CPUs in one game are two seats" in out
    assert re.search(r"│ normal\s+│\s+4 │", out) and re.search(r"│ \[/\]Ana\s+│\s+2 │", out)


def test_the_rules_players_read_hold_no_rule_numbers():
    from dread_draw.words.rules_text import rules_markdown

    text = rules_markdown() + HelpScreen.KEYS
    assert not RULE_OR_ISSUE.search(text), RULE_OR_ISSUE.search(text)


def test_what_a_whole_game_says_is_plain_sentences(standard_deck):
    """Every log line, question, round summary and the stalemate line of whole games: no
    rule numbers, and a sentence starts with a capital after a full stop."""
    said = []
    for seed in range(1, 9):
        m = Match(standard_deck, [SeatSpec("A", "normal"), SeatSpec("B", "random"),
                                  SeatSpec("C", "easy")], seed=seed)
        say, rounds = Narrator(standard_deck, ["A", "B", "C"]), RoundTracker(standard_deck)
        while not m.over:
            d = m.game.pending
            said.append(describe(d, m.game.view(d.seat), ["A", "B", "C"])[0])
            for ev in m.apply(m.cpu_choice()):
                said.append(say(ev) or "")
                report = rounds.feed(ev)
                if report is not None:
                    said += report.lines(["A", "B", "C"])
    stalemate = Narrator(standard_deck, ["A", "B"])(
        {"type": "game_end", "winner": 0, "rounds": 40, "stalemate": True})
    for line in said + [stalemate]:
        assert not RULE_OR_ISSUE.search(line), line
        assert not SENTENCE_IN_LOWER_CASE.search(line), line
    assert any("Use " in line and "you are out of the round." in line for line in said)


def test_the_final_standings_say_when_each_player_was_defeated(plain_deck):
    """R10: the winner's cards left in words; every other player's round of defeat."""
    seats = [SeatSpec("Ana", "random"), SeatSpec("Ben", "random"), SeatSpec("Cy", "random")]
    match = Match(plain_deck, seats, seed=2)
    while not match.over:
        match.apply(match.cpu_choice())
    g = match.game
    text = GameOver(match).standings().plain
    winner = seats[g.winner].name
    assert f"{winner} (CPU random): the winner, {len(g.life[g.winner])} card" in text
    rounds, rnd = {}, 0
    for ev in match.events:
        rnd = ev.get("round", rnd) if ev["type"] in ("round_start", "round_end") else rnd
        if ev["type"] == "defeated":
            rounds[ev["seat"]] = rnd
    assert len(rounds) == 2 and len(set(rounds.values())) == 2  # seed 2: two rounds apart
    for seat, rnd in rounds.items():
        assert f"{seats[seat].name} (CPU random): defeated in round {rnd}" in text


@sync
async def test_R10_2_each_fortune_card_turned_is_scrolled_into_sight_and_numbered(fierce_deck):
    """R10.2 at 80×24: the distant-future cards are numbered, and each card turned is in
    sight however many came before it."""
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"), SeatSpec("Orrin", "random")]
    match = Match(fierce_deck, seats, seed=22)
    while not match.over:
        match.apply(match.cpu_choice() if match.cpu_to_move() else match.game.pending.options[0])
    fortune = match.game.fortune
    assert len(fortune) == 10, "seed 22 leaves the winner a whole Life Deck"
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_screen(app, pilot, GameOver)
        over = app.screen
        box = over.query_one("#gameover")
        for i in range(len(fortune)):
            await pilot.press("enter")
            await pilot.pause()
            card = list(over.query(".fortune-card"))[-1]
            assert card.region.height and box.region.contains_region(card.region), i
        titles = [text_of(c).split(":")[0] for c in over.query(".fortune-card")]
        n = len(fortune) - 2
        assert titles == ["The present", "The near future"] + [
            f"The distant future ({k} of {n})" for k in range(1, n + 1)]


def test_the_final_standings_count_the_winners_cards_in_words(plain_deck):
    match = Match(plain_deck, [SeatSpec("Ana", "random"), SeatSpec("Ben", "random")], seed=7)
    while not match.over:
        match.apply(match.cpu_choice())
    assert len(match.game.life[match.game.winner]) == 1  # seed 7: one card left to read
    text = GameOver(match).standings()
    assert "winner, 1 card left in the Life Deck" in text and "defeated" in text


def test_R11_2_a_known_hidden_card_is_placed_from_the_nearer_end_of_its_pile():
    """R11.2: what a seat saw of the Draw Deck, said as a person would count it."""
    assert place(0, 63) == "on top" and place(0, 1) == "on top"
    assert place(2, 63) == "3rd from the top"
    assert place(62, 63) == "at the bottom" and place(61, 63) == "2nd from the bottom"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st"]


def test_R11_1_the_discard_pile_shows_its_size_and_its_top_card_in_words(plain_deck):
    """R11.1: the pile is public; its top card's damage is words and dots, even when 0."""
    by_damage = {plain_deck.damage[c]: c for c in range(plain_deck.size)}
    zero, two = by_damage[0], by_damage[2]
    assert discard_text(plain_deck, []) == "Discard: empty"
    assert discard_text(plain_deck, [two, zero]) == (
        f"Discard: 2, top {card_label(plain_deck, zero)}, damage 0")
    assert discard_text(plain_deck, [zero, two]).endswith(", damage ●● 2")


def test_life_deck_shows_pips_and_a_number():
    assert life_pips(6) == "■■■■■■□□□□ 6"
    assert life_pips(12) == "■■■■■■■■■■+ 12"


def test_seats_from_flags():
    assert seats_from_flags(3, ["Ana"], ["random"]) == [
        SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"), SeatSpec("Orrin", "random")]
    assert seats_from_flags(None, ["Ana", "Ben"], []) == [SeatSpec("Ana", HUMAN),
                                                         SeatSpec("Ben", HUMAN)]
    # no level given: the CPU a newcomer should meet first
    assert seats_from_flags(2, [], []) == [SeatSpec("Player", HUMAN), SeatSpec("Zora", "normal")]
    with pytest.raises(DreadDrawError, match="no such CPU level"):
        seats_from_flags(2, [], ["genius"])
    with pytest.raises(DreadDrawError, match="--players 2"):
        seats_from_flags(2, ["A", "B"], ["random"])
    with pytest.raises(DreadDrawError, match="2 to 5 players"):
        seats_from_flags(None, ["A"], [])


def test_a_first_game_seats_one_person_against_normal_cpus(tmp_path):
    setup = load_setup(tmp_path / "never-written.json")
    assert setup.seats[0] == SeatSpec("Player", HUMAN)
    assert [s.kind for s in setup.seats[1:]] == ["normal"] * (len(setup.seats) - 1)


def test_play_rejects_an_unknown_cpu_level_before_opening():
    with pytest.raises(DreadDrawError, match="no such CPU level"):
        CliRunner().invoke(cli_app, ["play", "--cpu", "genius"], catch_exceptions=False)


def test_new_match_is_the_setup_exactly(plain_deck):
    setup = Setup([SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 12)
    m = new_match(setup, plain_deck)
    assert m.seed == 12 and m.seats == setup.seats and m.deck is plain_deck


def test_r9_4_a_seat_asked_about_its_aftermath_after_a_failed_reveal_says_so_not_to_play(
        standard_deck):
    from dread_draw.tui.widgets.seats import seat_states
    seats = [SeatSpec(f"P{i}", "random") for i in range(4)]
    asked = 0
    for seed in range(3):
        g, rng = Game(standard_deck, 4, seed), random.Random(seed)
        while not g.over:
            d = g.pending
            states = seat_states(g.public_view(), seats)
            if not g.in_round[d.seat] and d.kind != KEEP:  # an Aftermath's question
                assert states[d.seat].status == "out: Aftermath"
                assert states[d.seat].to_play  # still marked as the seat answering
                asked += 1
            elif g.in_round[d.seat]:
                assert states[d.seat].status == "to play"
            g.choose(rng.choice(d.options))
    assert asked  # the games did ask an Aftermath's question


def test_the_pace_of_ones_own_failed_reveal_is_remembered_with_the_settings(tmp_path):
    path = tmp_path / "last-setup.json"
    setup = Setup([SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 5, hold=2)
    save_setup(path, setup)
    assert load_setup(path).hold == 2
    for bad in (True, 7, "1", None):  # edited by hand: back to "until a key"
        path.write_text(json.dumps({**setup.to_json(), "hold": bad}), encoding="utf-8")
        assert load_setup(path).hold == 0


@sync
async def test_the_symbols_chosen_on_the_new_game_screen_draw_the_table_and_are_remembered(
        tmp_path):
    """For terminals that draw ● and ■ two cells wide: ASCII chosen on the new-game screen
    draws the table's life bars and damage with plain ASCII, and is kept with the settings
    for the next game (as --ascii does for one run)."""
    from textual.widgets import Select

    from dread_draw.tui.screens.new_game import NewGame
    from dread_draw.tui.screens.table import TableScreen

    settings = tmp_path / "settings.json"
    setup = Setup([SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 5)
    app = make_app(setup=setup, settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        await until_screen(app, pilot, NewGame)
        app.screen.query_one("#glyphs", Select).value = True
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until_screen(app, pilot, TableScreen)
        await pilot.pause()
        seats = " ".join(text_of(panel) for panel in app.screen.query(".seat-head"))
        assert "#" in seats and "■" not in seats and "□" not in seats, seats
        from textual.widgets import Static

        from dread_draw.base.glyphs import ambiguous
        from dread_draw.tui.widgets.centre import TableCentre
        from dread_draw.tui.widgets.seats import SeatPanel

        words = " ".join([text_of(app.screen.query_one("#topbar")),
                          text_of(app.screen.query_one(TableCentre)),
                          *(text_of(w) for p in app.screen.query(SeatPanel)
                            for w in p.query(Static))])
        assert not ambiguous(words), ambiguous(words)  # nothing drawn two cells wide
    again = load_setup(settings)
    assert again.ascii is True
    assert load_setup(tmp_path / "none.json").ascii is False  # Unicode unless chosen
