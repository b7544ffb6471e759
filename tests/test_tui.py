"""The table (`dread-draw play`): whole games played through the UI with key presses.

Human seats are driven by keys, CPU seats play at zero delay; the checks are what a player
would see (the prompt, the log, the hand-off screen, the fortune) and the rules the screen
must keep (R11.2 hot-seat privacy, R10.2 the fortune reading).
"""

from __future__ import annotations

import asyncio
import functools
import random
import re
from pathlib import Path
from typing import NamedTuple

import pytest
from textual.widgets import Static
from typer.testing import CliRunner

from dread_draw.cards import parse_deck
from dread_draw.cli import app as cli_app
from dread_draw.errors import DreadDrawError
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
from dread_draw.sim import HUMAN, Match, SeatSpec
from dread_draw.tui.app import DreadDrawApp, new_match, seats_from_flags
from dread_draw.tui.narrate import (
    Narrator,
    RoundTracker,
    card_label,
    describe,
    discard_text,
    life_pips,
)
from dread_draw.tui.screens import (
    ConfirmQuit,
    GameOver,
    HandOff,
    HelpScreen,
    NewGame,
    RoundSummary,
    TableScreen,
)
from dread_draw.tui.setup import Setup, load_setup
from dread_draw.tui.widgets import (
    BUTTON_GAP,
    PRESS_GUARD,
    AnswerButton,
    CardReader,
    CardTile,
    KeyBar,
    SeatPanel,
    TableCentre,
    TooSmall,
    button_rows,
    ordinal,
    place,
)

SIZE = (100, 30)


def sync(test):
    """Run an async test in its own event loop (no async pytest plugin is needed)."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    return run


def make_app(match=None, **kw) -> DreadDrawApp:
    app = DreadDrawApp(match, cpu_delay=0, **kw)
    app.animation_level = "none"
    return app


class Step(NamedTuple):
    """What was on screen at one step of `play_out`."""

    screen: object
    table: TableScreen | None
    viewer: int | None  # the seat whose private cards the table may show
    asked: tuple[str, int] | None  # (kind, seat) of the question up at the table
    centre: str  # the table centre's text, where private cards would show
    reader: int | None  # the card shown in the card reader
    public: frozenset  # the cards face up on the table: rows, reserves, discard pile


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
            asking = isinstance(screen, TableScreen) and screen.answer is not None
            g = table.match.game
            seen.append(Step(screen, table, table.viewer,
                             (pending.kind, pending.seat) if pending and asking else None,
                             text_of(table.query_one(TableCentre)),
                             table.query_one(CardReader).uid,
                             frozenset(g.discard).union(*g.rows, *g.reserves)))
        if isinstance(screen, (HandOff, RoundSummary)):
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


async def until_asked(app, pilot) -> None:
    """Wait for the table to put a question to the person at the keyboard."""
    for _ in range(500):
        if isinstance(app.screen, TableScreen) and app.screen.answer is not None:
            return
        await pilot.pause(0.01)
    raise AssertionError("the table never asked")


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
        assert parts == ["The present", "The near future"] + ["The distant future"] * (
            len(fortune) - 2)
        await pilot.pause()
        assert "Turn the next card" not in text_of(over.query_one(KeyBar))  # none left
        assert "Rematch" in text_of(over.query_one(KeyBar))
        await pilot.press("r")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.match is not match and table.match.seats == seats


@sync
@pytest.mark.parametrize("seed", [4, 8])  # 8: Ana puts a card she saw under the Draw Deck
async def test_R11_2_hot_seat_hands_off_before_private_cards_and_hides_them_after(standard_deck,
                                                                                 seed):
    """R11.2: with two people at the keyboard, Life Deck draws and peeks (the standard deck's
    abilities) are shown only after a hand-off screen, and the card reader never passes one
    on to the next person; a whole game, every prompt by key."""
    match = Match(standard_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Ben", HUMAN),
                                  SeatSpec("Zora", "random")], seed=seed)
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
    summaries = [step for step in seen if isinstance(step.screen, RoundSummary)]
    assert summaries and all(step.viewer is None and "Only you know" not in step.centre
                             and (step.reader is None or step.reader in step.public)
                             for step in summaries)  # everyone reads a round's summary
    assert any("Only you know" in step.centre for step in seen), "both seeds have peeks"
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
async def test_typing_q_in_a_name_types_it_and_does_not_quit():
    setup = Setup([SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 5)
    app = make_app(setup=setup)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#name-0")
        await pilot.press("end", "q")
        assert app.is_running and app.screen.query_one("#name-0").value == "Anaq"


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
async def test_help_shows_keys_and_rules_then_closes(plain_deck):
    match = Match(plain_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], seed=1)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


@sync
async def test_R7_the_round_summary_is_shown_over_the_rows_that_ended_the_round(plain_deck):
    """R7: while the summary is up, the table shows the round as it ended — the winner's row
    and its status — not the next round's empty rows."""
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"), SeatSpec("Orrin", "random")]
    app = make_app(Match(plain_deck, seats, seed=4))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            if isinstance(app.screen, RoundSummary):
                break
            if isinstance(app.screen, TableScreen) and app.screen.answer is not None:
                await pilot.press("1")
            await pilot.pause(0.01)
        assert isinstance(app.screen, RoundSummary)
        table = app.screen_stack[-2]
        end = [e for e in table.match.events if e["type"] == "round_end"][-1]
        row = {c["uid"] for c in end["row"]}
        assert row and not any(table.match.game.rows)  # the game itself has moved on
        panel = list(table.query(SeatPanel))[end["winner"]]
        assert row <= {t.uid for t in panel.query(CardTile)}
        assert "won the round" in " ".join(text_of(w) for w in panel.query(Static))
        await pilot.press("enter")
        await pilot.pause()
        panel = list(table.query(SeatPanel))[end["winner"]]
        assert not row & {t.uid for t in panel.query(CardTile)} - set(
            table.match.game.reserves[end["winner"]])  # back to the table as it is


@sync
async def test_a_table_of_cpus_plays_to_the_end_with_nobody_at_the_keyboard(plain_deck):
    """Nobody to press Enter: the round summaries carry on by themselves (after a pause as
    long as a few CPU moves) and the game reaches its end."""
    seats = [SeatSpec("Zora", "random"), SeatSpec("Orrin", "random")]
    match = Match(plain_deck, seats, seed=2)
    app = DreadDrawApp(match, cpu_delay=0.001)
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


@sync
async def test_five_players_fit_80x24_in_the_compact_layout(plain_deck):
    seats = [SeatSpec("Ana", HUMAN)] + [SeatSpec(f"C{i}", "random") for i in range(4)]
    app = make_app(Match(plain_deck, seats, seed=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panels = list(app.screen.query(SeatPanel))
        assert len(panels) == 5 and all(p.has_class("-compact") for p in panels)
        assert max(p.region.bottom for p in panels) <= app.screen.query_one("#prompt").region.y


def test_answer_buttons_wrap_into_rows_that_fit_in_order():
    texts = ["1 Reveal the top card", "2 Summon The Tower (6, damage 2)", "3 Keep The Widow"]
    widths = [len(t) + 2 for t in texts]  # a compact button: its text and one space each side
    assert button_rows(texts, sum(widths) + 2 * BUTTON_GAP) == [[0, 1, 2]]
    assert button_rows(texts, sum(widths) + 2 * BUTTON_GAP - 1) == [[0, 1], [2]]
    assert button_rows(texts, widths[1]) == [[0], [1], [2]]
    assert button_rows(["a very long answer that is wider than the bar"], 10) == [[0]]
    # short answers are drawn at a button's minimum width: "1 Ana" takes 16 columns, not 7
    names = [f"{i + 1} {n}" for i, n in enumerate(["Ana", "Ben", "Cy", "Dee", "Eve"])]
    assert button_rows(names, 78) == [[0, 1, 2, 3], [4]]


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
    match = Match(plain_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"),
                               SeatSpec("Orrin", "random"), SeatSpec("Vesna", "random")], seed=2)
    app = make_app(match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not any(p.has_class("-compact") for p in app.screen.query(SeatPanel))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert all(p.has_class("-compact") for p in app.screen.query(SeatPanel))


@sync
async def test_a_seat_too_full_for_framed_tiles_turns_compact_alone(plain_deck):
    """Nothing is cut off: a seat whose cards would overflow one line is drawn compact."""
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
        assert panels[1].has_class("-compact") and len(panels[1].query(CardTile)) >= 5
        assert not all(p.has_class("-compact") for p in panels)  # the others keep their tiles
        for p in panels:
            assert all(t.region.right <= p.region.right for t in p.query(CardTile))


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
async def test_s_skips_the_cpu_pauses_to_the_next_person(plain_deck):
    """A 30-second CPU pace: without the skip key the person would wait; with it, at once."""
    seats = [SeatSpec("Zora", "random"), SeatSpec("Orrin", "random"), SeatSpec("Ana", HUMAN)]
    match = Match(plain_deck, seats, seed=1)
    assert match.cpu_to_move()
    app = DreadDrawApp(match, cpu_delay=30)
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


@sync
async def test_random_key_mashing_never_crashes(fierce_deck):
    """Thousands of keys across every screen — new game, table, hand-off, summaries, help,
    game over, rematch — sent as a person mashing would, without waiting for each."""
    from textual import events

    rng = random.Random(5)
    match = Match(fierce_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Ben", HUMAN),
                                SeatSpec("Zora", "random")], seed=8)
    app = make_app(match)
    names = list(MASH_KEYS)
    weights = [0.2 if k in ("question_mark", "g") else 1 for k in names]  # help is slow
    screens = set()
    async with app.run_test(size=(80, 24)) as pilot:
        for i in range(30):  # 1500 keys, and the window resized now and then
            for key in rng.choices(names, weights, k=50):
                app._driver.send_message(events.Key(key, MASH_KEYS[key]))
            if i % 6 == 5:
                await pilot.resize_terminal(rng.choice([70, 80, 120]), rng.choice([20, 24, 40]))
            await pilot.pause()
            screens.add(type(app.screen).__name__)
        assert app.is_running
    assert "TableScreen" in screens and len(screens) >= 3


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
    assert ("Ben reveals The Moth (1) against The Key (3): it fails, eliminated, "
            "1 card discarded.") in lines
    assert "Mara wins round 1 with The Crow (4): 1 damage to every other player." in lines
    report = None
    tracker = RoundTracker(plain_deck)
    for ev in events + g.choose(g.pending.options[0]):  # Ben keeps a card: the next round
        report = tracker.feed(ev) or report
    assert report.lines(["Mara", "Ben"])[:2] == [
        "Round 1: Mara wins with The Crow (4).",
        "Mara's row deals 1 damage to each other player (R7)."]


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
    assert question.startswith("Ana: you are out of the round. use The Mourner")


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
            names = ", ".join(card_label(standard_deck, c["uid"]) for c in ev["seen"])
            assert told.endswith(f"sees {names}.")
            assert " sees " not in quiet
        if ev in tossed:
            other = next(c for c in ev["drawn"] if c["uid"] != ev["kept"]["uid"])
            assert card_label(standard_deck, other["uid"]) in told
            assert "discards " + str(len(ev["drawn"]) - 1) in quiet


@sync
async def test_R8_1_a_double_enter_at_the_hand_off_does_not_keep_a_card_unread(
        plain_deck, monkeypatch):
    """R8.1: the keep prompt focuses the first drawn card; an Enter that comes right behind
    the one closing the hand-off screen must not choose it. A number key answers at once."""
    import dread_draw.tui.widgets as widgets

    monkeypatch.setattr(widgets, "PRESS_GUARD", 30.0)  # "right behind", on any machine
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Ben", HUMAN), SeatSpec("Zora", "random")]
    match = Match(plain_deck, seats, seed=9)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(2000):
            d = match.game.pending
            if isinstance(app.screen, HandOff):
                if d.kind == KEEP and len(d.options) >= 2:
                    break
                await pilot.press("enter")
            elif isinstance(app.screen, RoundSummary):
                await pilot.press("enter")
            elif isinstance(app.screen, TableScreen) and app.screen.answer is not None:
                await pilot.press("1")
            await pilot.pause(0.01)
        assert isinstance(app.screen, HandOff), "seed 9 hands the keyboard over for a keep"
        keeper = match.game.pending.seat
        await pilot.press("enter")  # "I am Ben"
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
