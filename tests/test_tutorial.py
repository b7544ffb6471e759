"""The guided first game: a real game on a prepared deal, each rule told when it first matters,
the player doing each thing — played through the keys to the end."""

from __future__ import annotations

import pytest
from test_tui import SIZE, make_app, sync, text_of

from dread_draw.rules import KEEP, SUMMON, USE
from dread_draw.saves import SaveDir, resume
from dread_draw.sim import HUMAN, Match, SeatSpec
from dread_draw.tui.coach import TipScreen
from dread_draw.tui.screens.game_over import GameOver
from dread_draw.tui.screens.handoff import HandOff
from dread_draw.tui.screens.new_game import NewGame
from dread_draw.tui.screens.summary import RoundSummary
from dread_draw.tui.screens.table import TableScreen
from dread_draw.tui.setup import Setup
from dread_draw.tutorial import (
    ALL_LESSONS,
    TUTORIAL_SEED,
    Tutor,
    is_tutorial,
    tutorial_match,
)


async def play_tutorial(app, pilot, limit: int = 5000) -> list[tuple[str, tuple | None]]:
    """Answer every screen with keys to the game's end: Enter on each tip, the round summaries
    and hand-offs, the first option at each question. Returns each tip shown with the
    question that was up when it closed (kind, seat) — what the player then did."""
    told: list[tuple[str, tuple | None]] = []
    for _ in range(limit):
        screen = app.screen
        if isinstance(screen, GameOver):
            return told
        if isinstance(screen, TipScreen):
            table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
            d = table.match.game.pending
            told.append((screen.lesson.key, (d.kind, d.seat) if d else None))
            await pilot.press("enter")
        elif isinstance(screen, (HandOff, RoundSummary)):
            await pilot.press("enter")
        elif isinstance(screen, TableScreen) and screen.answer is not None:
            await pilot.press("1")
        else:
            await pilot.pause(0.01)
    raise AssertionError("the tutorial did not end")


@sync
@pytest.mark.slow
async def test_the_tutorial_played_through_the_keys_tells_each_lesson_once_before_it_is_done():
    match = tutorial_match("Ana")
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        told = await play_tutorial(app, pilot)
        assert match.over
        keys = [k for k, _ in told]
        assert sorted(keys) == sorted(ALL_LESSONS), "every lesson, each once"
        assert keys[0] == "welcome"
        asked = dict(told)
        # the player does each thing right after being told: the question is already up
        assert asked["summon"] == (SUMMON, 0)
        assert asked["escalate"] == (SUMMON, 0)
        assert asked["keep"] == (KEEP, 0)
        assert asked["reserves"] == (SUMMON, 0)
        for timing in ("summon", "reserve", "aftermath"):
            assert asked[f"ability {timing}"] == (USE, 0)
        assert keys.index("round end") < keys.index("keep")
        assert keys[-1] == "fortune"
        assert app.screen.query_one("#winner")


def test_a_lesson_is_one_or_two_short_sentences():
    match = tutorial_match("Ana")
    tutor = Tutor(match)
    seen = []
    while not match.over:
        seen += tutor.due(match)
        d = match.game.pending
        match.apply(d.options[0] if d.seat == 0 else match.cpu_choice())
    seen += tutor.due(match)
    assert {x.key for x in seen} == set(ALL_LESSONS)
    for lesson in seen:
        sentences = [s for s in lesson.text.replace("…", ".").split(". ") if s.strip()]
        assert 1 <= len(sentences) <= 3, lesson.text
        assert len(lesson.text) <= 240, lesson.text
        assert "R" not in {w[:1] for w in lesson.text.split() if w[1:2].isdigit()}  # no R5


def test_a_resumed_tutorial_does_not_tell_again_what_the_game_already_met(tmp_path):
    match = tutorial_match("Ana")
    tutor = Tutor(match)
    first = [x.key for x in tutor.due(match)]
    assert first[0] == "welcome"
    while "round end" not in {x.key for x in tutor.due(match)}:
        d = match.game.pending
        match.apply(d.options[0] if d.seat == 0 else match.cpu_choice())
    again = Match.replay(match.deck, match.seats, match.seed, match.choices)
    assert is_tutorial(again)
    later = Tutor(again)
    assert {"welcome", "summon", "round end"} <= later.told
    assert not {"defeat", "fortune"} & later.told


def test_only_the_tutorials_deal_is_the_tutorial(standard_deck):
    assert is_tutorial(tutorial_match("Bo"))
    seats = tutorial_match("Bo").seats
    assert not is_tutorial(Match(standard_deck, seats, TUTORIAL_SEED + 1))
    assert not is_tutorial(Match(standard_deck, [SeatSpec("Bo", HUMAN), *seats[1:2]],
                                 TUTORIAL_SEED))


@sync
async def test_learn_to_play_on_the_new_game_screen_starts_the_tutorial_and_it_saves(tmp_path):
    saves = SaveDir(tmp_path)
    app = make_app(setup=Setup([SeatSpec("Ana", HUMAN), SeatSpec("Zora", "easy")], 1),
                   cpu_delay=0, saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, NewGame)
        app.screen.query_one("#tutorial").press()
        for _ in range(200):
            if isinstance(app.screen, TipScreen):
                break
            await pilot.pause(0.01)
        assert isinstance(app.screen, TipScreen)
        assert app.screen.lesson.key == "welcome"
        assert "real game" in text_of(app.screen.query_one("#tip-text"))
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert is_tutorial(app.match) and app.match.seats[0].name == "Ana"
    match, _ = resume(saves)  # left: it continues like any game
    assert is_tutorial(match)
