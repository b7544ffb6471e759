"""The guided first game: a real game on a prepared deal, each rule told when it first matters,
the player doing each thing — played through the keys to the end."""

from __future__ import annotations

import pytest
from test_tui import SIZE, make_app, sync, text_of

from dread_draw.coach.tutorial import (
    ALL_LESSONS,
    PERSON,
    TUTORIAL_SEED,
    WHEN_MET,
    Tutor,
    is_tutorial,
    out_of_order,
    tutorial_match,
)
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.rules import KEEP, SUMMON, USE
from dread_draw.store.saves import SaveDir, resume
from dread_draw.store.setup import Setup
from dread_draw.tui.coach import TipScreen
from dread_draw.tui.screens.game_over import GameOver
from dread_draw.tui.screens.handoff import HandOff
from dread_draw.tui.screens.new_game import NewGame
from dread_draw.tui.screens.summary import RoundSummary
from dread_draw.tui.screens.table import TableScreen


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
        assert set(ALL_LESSONS) <= set(keys) <= set(ALL_LESSONS + WHEN_MET), "every lesson"
        assert out_of_order(keys) == []
        assert len(keys) == len(set(keys)), "each once"
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
    assert set(ALL_LESSONS) <= {x.key for x in seen} <= set(ALL_LESSONS + WHEN_MET)
    for lesson in seen:
        text = lesson.text.split("\n")[0]  # a fortune read out is the card's own words
        sentences = [s for s in text.replace("…", ".").split(". ") if s.strip()]
        assert 1 <= len(sentences) <= 3, lesson.text
        assert len(text) <= 240, lesson.text
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
        await pilot.pause()  # (pushed: composed once the app gets to it)
        assert app.screen.lesson.key == "welcome"
        assert "real game" in text_of(app.screen.query_one("#tip-text"))
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert is_tutorial(app.match) and app.match.seats[0].name == "Ana"
    match, _ = resume(saves)  # left: it continues like any game
    assert is_tutorial(match)


def test_the_first_tip_states_the_goal_of_the_game():
    match = tutorial_match("Ana")
    first = Tutor(match).due(match)[0]
    assert first.key == "welcome" and first.text.startswith("The goal: be the last player")


def _first_games(count: int):
    """Tutorial games where the person picks at random (first games go every which way):
    (match, [(lessons told, events since the last time)] at every step)."""
    import random

    for g in range(count):
        rng = random.Random(g)
        match = tutorial_match("Ana")
        tutor = Tutor(match)
        steps, seen = [], 0
        while True:
            steps.append((tutor.due(match), match.events[seen:]))
            seen = len(match.events)
            if match.over:
                break
            d = match.game.pending
            match.apply(rng.choice(d.options) if d.seat == PERSON else match.cpu_choice())
        yield match, steps


def test_the_persons_first_damage_is_explained_when_it_happens_and_a_fortune_is_read():
    for match, steps in _first_games(12):
        hurt = [i for i, (_, events) in enumerate(steps)
                if any(e["type"] == "damage" and e["seat"] == PERSON and e["kept"]
                       for e in events)]
        if hurt:
            assert "damage" in [x.key for x in steps[hurt[0]][0]]  # told then, in any game
        lesson = next(x for x in steps[-1][0] if x.key == "fortune")
        if not match.game.fortune:  # R10.2: no Life Deck card left, no fortune to read
            assert "none left to read" in lesson.text and "\n" not in lesson.text


def test_ties_the_reshuffle_and_gaining_life_are_taught_when_they_first_happen(standard_deck):
    """In ordinary games of five (the tutor follows any game; five players' smaller Draw
    Deck runs out): each is told at the step it first happens."""
    import random

    first = {}
    for seed in range(40):
        seats = [SeatSpec(name, "normal") for name in ("Ana", "Zora", "Orrin", "Vesna", "Bo")]
        match = Match(standard_deck, seats, seed)
        tutor, seen, rng = Tutor(match), 0, random.Random(seed)
        while not match.over:
            told = [x.key for x in tutor.due(match)]
            new = match.events[seen:]
            seen = len(match.events)
            for key, happened in [
                    ("reshuffle", any(e["type"] == "reshuffle" for e in new)),
                    ("gain life", any(e["type"] == "gain_life" and e["amount"] > 0
                                      for e in new)),
                    ("equal", any(e["type"] == "fail" and e["card"] and e["discarded"] and
                                  standard_deck.strength[e["card"]["uid"]] ==
                                  standard_deck.strength[e["discarded"][-1]["uid"]]
                                  for e in new))]:
                if happened and key not in first:
                    first[key] = told
                    assert key in told, key
            d = match.game.pending
            match.apply(rng.choice(d.options))
        if len(first) == 3:
            break
    assert set(first) == {"reshuffle", "gain life", "equal"}


def test_ties_for_the_lowest_row_are_taught_at_the_first_one():
    match = tutorial_match("Ana")
    tutor = Tutor(match)
    while "tie" not in [x.key for x in tutor.due(match)]:
        d = match.game.pending
        match.apply(d.options[0] if d.seat == 0 else match.cpu_choice())
    totals = {}  # the rows in the round when the tip came: two or more share the lowest
    for e in match.events:
        if e["type"] == "round_start":
            totals = {s: 0 for s in range(3)}
        elif e["type"] == "summon":
            totals[e["seat"]] = e["row_total"]
        elif e["type"] == "fail":
            totals.pop(e["seat"], None)
    low = min(totals.values())
    assert sum(1 for t in totals.values() if t == low) >= 2


@sync
async def test_tutorial_again_with_a_tutorial_in_progress_offers_continue_first(tmp_path):
    from dread_draw.store.saves import Autosaver
    from dread_draw.tui.saved import ReplaceSave

    saves = SaveDir(tmp_path)
    going = tutorial_match("Ana")
    Autosaver(saves, going).attach()
    while len(going.choices) < 8:
        d = going.game.pending
        going.apply(d.options[0] if d.seat == 0 else going.cpu_choice())
    app = make_app(tutorial_match("Ana"), cpu_delay=0, saves=saves)  # `dread-draw tutorial`
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(100):
            if isinstance(app.screen, ReplaceSave):
                break
            await pilot.pause(0.01)
        assert app.focused is not None and app.focused.id == "continue"
        await pilot.pause(0.3)
        await pilot.press("enter")
        for _ in range(100):
            if app.match is not None:
                break
            await pilot.pause(0.01)
        assert app.match.choices[:8] == going.choices  # the progress kept, not a new game


@pytest.mark.parametrize("person", ["normal", "easy", "random", "first"])
def test_the_prepared_deal_meets_every_lesson_in_order_whoever_plays(standard_deck, person):
    """Every lesson, a reshuffle of the Draw Deck included, is met on the prepared deal by a
    careful, a casual, a lost player and one who always takes the first option; "Who plays
    next" comes before the tie, "The end of a round" before an Aftermath ability; the tie
    is never told before the turn order."""
    seats = tutorial_match("Ana").seats
    if person != "first":
        seats = [SeatSpec("Ana", person), *seats[1:]]
    match = Match(standard_deck, seats, TUTORIAL_SEED)
    tutor = Tutor(match)
    keys = [x.key for x in tutor.due(match)]
    while not match.over:
        d = match.game.pending
        agent = match.agents[d.seat]
        match.apply(d.options[0] if agent is None else agent.choose(match.game.view(d.seat), d))
        keys += [x.key for x in tutor.due(match)]
    assert set(ALL_LESSONS) <= set(keys), set(ALL_LESSONS) - set(keys)
    assert "reshuffle" in keys
    assert out_of_order(keys) == []
    assert keys.index("next") < keys.index("tie")
    assert keys.index("round end") < keys.index("ability aftermath")
    assert keys[0] == "welcome" and keys[-1] == "fortune"


def test_R10_2_the_last_tip_reads_no_fortune_from_an_empty_life_deck(standard_deck):
    """R10.2: a fortune is read only from cards left in the winner's Life Deck; with none
    left, the last tip says there is nothing to read (no other card reads it)."""
    from dread_draw.coach.tutorial import _on_event
    lesson = _on_event({"type": "game_end", "winner": 0, "rounds": 5, "fortune": [],
                        "stalemate": False}, standard_deck, ["Ana", "Zora", "Orrin"], 9)[0]
    assert lesson.key == "fortune"
    assert "none left to read" in lesson.text and "reads it" not in lesson.text
