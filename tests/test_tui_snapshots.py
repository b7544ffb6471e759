"""Snapshots of the table as a player sees it (pytest-textual-snapshot), at fixed seeds.

Regenerate with `pytest tests/test_tui_snapshots.py --snapshot-update` and look at the
.svg files under tests/__snapshots__/ before committing them.
"""

from __future__ import annotations

import asyncio

import pytest

from dread_draw import i18n
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.rules import KEEP, SUMMON
from dread_draw.store.setup import Setup
from dread_draw.tui.app import DreadDrawApp, make_app
from dread_draw.tui.screens.game_over import GameOver
from dread_draw.tui.screens.handoff import HandOff
from dread_draw.tui.screens.table import TableScreen
from dread_draw.tui.widgets.measure import settled as standing_still


def advance(match: Match, until) -> Match:
    """Play on (people take the first option) until `until(match)` holds."""
    while not until(match):
        d = match.game.pending
        assert d is not None, "the game ended before the wanted position"
        match.apply(match.cpu_choice() if match.cpu_to_move() else d.options[0])
    return match


def human_asked(kind: str, seat: int = 0):
    def check(m: Match) -> bool:
        d = m.game.pending
        return d is not None and d.kind == kind and m.seats[d.seat].is_human and (
            seat < 0 or d.seat == seat)
    return check


def app_for(match: Match | None = None, **kw) -> DreadDrawApp:
    app = make_app(match, cpu_delay=0, **kw)
    app.animation_level = "none"
    return app


async def until_asked(pilot) -> None:
    """Wait for the table to put a question to the person at the keyboard, and for the
    screen to stand still (on a loaded machine the first layouts of a resumed table are
    still being painted when it asks: the log and the stage at their old sizes)."""
    for _ in range(500):
        screen = pilot.app.screen
        if isinstance(screen, TableScreen) and screen.answer is not None:
            await standing_still(pilot.app, pilot)
            return
        await pilot.pause(0.01)
    raise AssertionError("the table never asked")


async def settled(pilot) -> None:
    """Asked, and the table laid out for its cards (the style chosen after the first
    layout lays the screen out again, and the stage fits its card to its new room: the
    screen stands still)."""
    await until_asked(pilot)


async def until_screen(pilot, kind) -> None:
    for _ in range(500):
        if isinstance(pilot.app.screen, kind):
            return
        await pilot.pause(0.01)
    raise AssertionError(f"no {kind.__name__} screen")


SIZES = [(80, 24), (120, 40), (200, 60)]
EVERY_SIZE = [(80, 24), (120, 40), (160, 45), (200, 60)]


# The positions the snapshots show, shared with the layout tests (test_tui_layout.py).

def mid_round(standard_deck) -> Match:
    """Four players, round 3, Ana to summon, cards in the rows and in reserve."""
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"), SeatSpec("Orrin", "random"),
             SeatSpec("Vesna", "random")]
    return advance(Match(standard_deck, seats, seed=21),
                   lambda m: m.game.round >= 3 and human_asked(SUMMON)(m)
                   and sum(map(len, m.game.rows)) >= 3 and any(m.game.reserves))


def busy_five(standard_deck) -> Match:
    """Five players mid-round (round 5), Ana to summon: cards in the rows and every seat
    with reserves, up to six cards a seat (issue 31's table at every size)."""
    seats = [SeatSpec("Ana", HUMAN)] + [SeatSpec(n, "easy")
                                        for n in ("Zora", "Orrin", "Vesna", "Tobin")]

    def busy(m: Match) -> bool:
        g = m.game
        return (human_asked(SUMMON)(m) and g.round >= 2 and not any(g.defeated)
                and all(len(r) >= 2 for r in g.reserves) and sum(map(len, g.rows)) >= 6)
    match = advance(Match(standard_deck, seats, seed=36), busy)
    g = match.game
    assert max(len(r) + len(v) for r, v in zip(g.rows, g.reserves, strict=True)) >= 6
    return match


def keep_prompt(plain_deck) -> Match:
    """R8.1: Ana has drawn Life Deck cards and keeps one."""
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"), SeatSpec("Orrin", "random")]
    return advance(Match(plain_deck, seats, seed=9), human_asked(KEEP))


def game_over(plain_deck) -> Match:
    """A finished two-player game whose winner has at least three cards to read."""
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")]
    match = advance(Match(plain_deck, seats, seed=3), lambda m: m.over)
    assert len(match.game.fortune) >= 3
    return match


async def fortune_read(pilot) -> None:
    """The game-over screen with three cards of the fortune turned."""
    await until_screen(pilot, GameOver)
    await pilot.press("enter", "enter", "enter")
    await pilot.pause(0.1)


def test_new_game_screen(snap_compare):
    setup = Setup([SeatSpec("Mara", HUMAN), SeatSpec("Ben", HUMAN), SeatSpec("Zora", "random"),
                   SeatSpec("Orrin", "random")], 4242)
    assert snap_compare(app_for(setup=setup), terminal_size=(80, 24))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_four_players_mid_round(snap_compare, standard_deck, size):
    """The standard deck's faces: large cards with emblems at 200x60, framed at 120x40,
    one line at 80x24; the card to beat and who plays next under the seats."""
    assert snap_compare(app_for(mid_round(standard_deck)), terminal_size=size,
                        run_before=until_asked)


@pytest.mark.parametrize("language", ["fr", "ko"])
def test_four_players_mid_round_in_another_language(snap_compare, standard_deck, language):
    """The table at 80x24 in French and in Korean: the cards' names from the deck's overlay,
    every word of the table in that language; Korean, two cells a character, keeps the
    layout (looked at as pictures before they were accepted)."""
    i18n.set_language(language)
    assert snap_compare(app_for(mid_round(standard_deck)), terminal_size=(80, 24),
                        run_before=until_asked)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_five_players(snap_compare, plain_deck, size):
    seats = [SeatSpec("Ana", HUMAN)] + [SeatSpec(n, "random")
                                        for n in ("Zora", "Orrin", "Vesna", "Tobin")]
    match = advance(Match(plain_deck, seats, seed=5),
                    lambda m: m.game.round >= 2 and human_asked(SUMMON)(m)
                    and sum(map(len, m.game.rows)) >= 3)
    assert snap_compare(app_for(match), terminal_size=size, run_before=until_asked)


@pytest.mark.parametrize("size", EVERY_SIZE, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_busy_table_of_five(snap_compare, standard_deck, size):
    """Issue 31: five seats mid-round, every one with reserves. The cards grow with the
    window (large tiles and the stage's large emblem at 200x60) and shrink to unframed tiles
    at 80x24, where every card still shows its name or the start of it with "…"."""
    assert snap_compare(app_for(busy_five(standard_deck)), terminal_size=size,
                        run_before=settled)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_failed_reveal_on_the_stage(snap_compare, plain_deck, size):
    """R4.4: Ana's reveal fails; the stage holds it (what it had to beat, that she is out,
    what was discarded) until she goes on."""
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"), SeatSpec("Orrin", "random"),
             SeatSpec("Vesna", "random")]
    match = advance(Match(plain_deck, seats, seed=1),
                    lambda m: m.game.round >= 2 and human_asked(SUMMON)(m)
                    and len(m.game.rows[0]) >= 2)
    app = app_for(match)
    app.cpu_delay = 0.01  # paced (a table with no pace at all never holds the stage)

    async def reveal(pilot):
        await until_asked(pilot)
        await pilot.press("1")
        while True:  # an event, not a clock: the table asks Ana's "Go on" under her reveal
            screen = pilot.app.screen
            if isinstance(screen, TableScreen) and screen.answer is not None and len(
                    screen.query_one("#prompt").options) == 1:
                break
            await pilot.pause(0.01)
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=reveal)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_life_deck_keep_prompt(snap_compare, plain_deck, size):
    """R8.1: the drawn Life Deck cards, one to keep."""
    assert snap_compare(app_for(keep_prompt(plain_deck)), terminal_size=size,
                        run_before=until_asked)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_hand_off_screen(snap_compare, plain_deck, size):
    """R11.2: two people at one keyboard; Ben's private cards wait behind this screen."""
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Ben", HUMAN), SeatSpec("Zora", "random")]
    match = advance(Match(plain_deck, seats, seed=9), human_asked(KEEP, seat=-1))

    async def handed(pilot):
        await until_screen(pilot, HandOff)
        while not pilot.app.screen.ready:  # past its first second, which ignores every key
            await pilot.pause(0.05)
        await pilot.pause(0.2)

    assert snap_compare(app_for(match), terminal_size=size, run_before=handed)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_over_with_a_fortune(snap_compare, plain_deck, size):
    """R10.2: the winner's Life Deck read as the present, near and distant future."""
    assert snap_compare(app_for(game_over(plain_deck)), terminal_size=size,
                        run_before=fortune_read)


@pytest.mark.parametrize("hold", [0, 1])
def test_r4_4_a_failed_reveal_stays_until_a_key_or_for_the_pace_chosen(plain_deck, hold):
    asyncio.run(failed_reveal_held(plain_deck, hold))


async def failed_reveal_held(plain_deck, hold: int) -> None:
    """The new-game screen's pace for one's own failed reveal (Setup.hold): 0 holds the stage
    until a key, 1 goes on by itself after a second."""
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"), SeatSpec("Orrin", "random"),
             SeatSpec("Vesna", "random")]
    match = advance(Match(plain_deck, seats, seed=1),
                    lambda m: m.game.round >= 2 and human_asked(SUMMON)(m)
                    and len(m.game.rows[0]) >= 2)
    app = app_for(match, setup=Setup(seats, 1, hold=hold))
    app.cpu_delay = 0.01  # paced (a table with no pace at all never holds the stage)
    async with app.run_test(size=(120, 40)) as pilot:
        await until_asked(pilot)
        await pilot.press("1")
        table = app.screen
        for _ in range(200):
            if table.answer is not None and len(table.query_one("#prompt").options) == 1:
                break
            await pilot.pause(0.01)
        assert table.query_one("#prompt").options == [0]  # "Go on": the stage is held
        choices = len(match.choices)
        await pilot.pause(1.6)
        went_on = len(match.choices) > choices
        assert went_on == (hold > 0)
