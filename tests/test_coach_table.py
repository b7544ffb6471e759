"""The coach at the table: `h` (a hint), `u` (a take-back), "Review" at game over and in the
replay — played through the keys, checked by what a player sees and what the save keeps."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_tui import SIZE, make_app, play_out, sync, text_of, until_asked

import dread_draw.table.session as table_session
import dread_draw.tui.coach as tui_coach
from dread_draw.coach.review import VERDICT
from dread_draw.coach.takeback import check_take_back
from dread_draw.deck.cards import parse_deck
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.store.saves import SaveDir, read_save
from dread_draw.tui.coach import HintDialog, ReviewScreen
from dread_draw.tui.replay import ReplayApp
from dread_draw.tui.screens.game_over import GameOver
from dread_draw.tui.screens.table import TableScreen


@pytest.fixture(scope="module")
def fierce_deck(plain_deck):
    """The plain deck with two more damage on every card: whole games in a few rounds."""
    text = Path(plain_deck.path).read_text(encoding="utf-8")
    return parse_deck(re.sub(r"damage = (\d+)", lambda m: f"damage = {int(m[1]) + 2}", text))


@pytest.fixture(autouse=True)
def quick_coach(monkeypatch):
    """Small budgets: the tests check what is shown, not how strong it is."""
    monkeypatch.setattr(table_session, "HINT_MS", 20)
    monkeypatch.setattr(tui_coach, "REVIEW_MS", 5)


async def until(pilot, ready, what: str, tries: int = 1000) -> None:
    for _ in range(tries):
        if ready():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"never: {what}")


def person_vs_cpu(deck, seed: int = 3) -> Match:
    return Match(deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "normal")], seed=seed)


@sync
async def test_h_shows_the_coachs_choice_and_chances_the_game_waits_and_the_save_says_so(
        standard_deck, tmp_path):
    match = person_vs_cpu(standard_deck)
    app = make_app(match, saves=SaveDir(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await until_asked(app, pilot)
        made = list(match.choices)
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HintDialog), "the hint dialog")
        dialog = app.screen
        await until(pilot, lambda: dialog.lines, "the coach's answer")
        body = text_of(dialog.query_one("#hint-body"))
        assert "The coach would choose:" in body
        assert "chance to win the game (best)" in body
        assert "%" in body
        await pilot.press("1")  # the game waits: a key meant for the table does nothing
        await pilot.pause()
        assert match.choices == made
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "back at the table")
        assert [h.seat for h in match.hints] == [0]
    save = read_save(next(tmp_path.glob("*.json")))
    assert [h.seat for h in save.hints] == [0]


@sync
async def test_h_shows_the_answer_refining_then_the_whole_schedules_numbers(standard_deck):
    """The hint shares its search among worker processes and shows its answer as it
    refines, each chance with its margin; the last answer is the single-process hint's."""
    from dread_draw.coach.hints import hint
    from dread_draw.coach.words import hint_lines

    match = person_vs_cpu(standard_deck)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await until_asked(app, pilot)
        view = match.game.view(0)
        await pilot.press("h")
        await until(pilot, lambda: isinstance(app.screen, HintDialog), "the hint dialog")
        dialog = app.screen
        await until(pilot, lambda: dialog.final, "the coach's final answer", tries=3000)
        body = text_of(dialog.query_one("#hint-body"))
        levels = [s.kind for s in match.seats]
        alone = hint(view, view.pending, 20, seed=match.seed, levels=levels)
        names = [s.name for s in match.seats]
        assert "The coach would choose:" in body and "±" in body
        for line in hint_lines(alone, standard_deck, names, levels):
            assert line in body
        assert not dialog.query_one("#hint-progress").display  # done: no progress mark


@sync
async def test_a_hint_whose_question_has_moved_on_closes_itself_and_says_so(standard_deck):
    """Issue 40: `h` at a person's question, and the game went on before the hint dialog
    mounted (a Life Deck draw answered at once): the dialog asserted and the app ended. It
    closes itself with a line saying why, and the game goes on."""
    seats = [SeatSpec("Zora", "normal"), SeatSpec("Ana", HUMAN)]
    match = next(m for m in (Match(standard_deck, seats, seed=s) for s in range(20))
                 if m.to_move() == 0)
    app = make_app(match, cpu_delay=5)  # Zora thinks (paced) for a while: not Ana's turn
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        assert match.to_move() == 0
        table = app.screen
        assert isinstance(table, TableScreen)
        await app.push_screen(HintDialog(table.session, 1))  # opened for Ana's question, gone
        line = "The game has moved on: that question is no longer asked, so the hint is closed."
        await until(pilot, lambda: line in [n.message for n in app._notifications],
                    "the line saying why")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "back at the table")
        assert not match.hints  # no hint was shown
        assert app.is_running


@sync
async def test_h_at_a_cpus_turn_shows_no_hint(standard_deck):
    seats = [SeatSpec("Zora", "normal"), SeatSpec("Ana", HUMAN)]
    match = next(m for m in (Match(standard_deck, seats, seed=s) for s in range(20))
                 if m.to_move() == 0)
    app = make_app(match, cpu_delay=5)  # Zora thinks (paced) for a while
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.2)
        assert match.to_move() == 0
        await pilot.press("h")
        await pilot.pause()
        assert not isinstance(app.screen, HintDialog)
        assert not match.hints
        said = [n.message for n in app._notifications]
        assert "Hints are for your own decisions: wait for your turn." in said


@sync
async def test_u_before_any_choice_says_why_not_and_changes_nothing(standard_deck):
    match = person_vs_cpu(standard_deck)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await until_asked(app, pilot)
        before = list(match.choices)
        await pilot.press("u")
        await pilot.pause(0.2)
        said = [n.message for n in app._notifications]
        assert "You have made no choice to take back yet." in said
        assert match.choices == before and not match.takebacks


@sync
async def test_u_takes_back_the_last_choice_asks_again_and_the_save_records_it(
        standard_deck, tmp_path):
    """The first position where the rule allows it: the table goes back to that decision."""
    for seed in range(12):
        match = person_vs_cpu(standard_deck, seed)
        app = make_app(match, saves=SaveDir(tmp_path / str(seed)))
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(40):
                await until_asked(app, pilot)
                if match.over:
                    break
                check = check_take_back(match, 0)
                if check.allowed:
                    break
                await pilot.press("1")
                await pilot.pause(0.05)
            else:
                continue
            if not check.allowed:
                continue
            asked_before = match.game.copy()
            taken = match.choices[check.at]
            await pilot.press("u")
            await until(pilot, lambda m=match, c=check: len(m.choices) == c.at, "the take-back")
            await until_asked(app, pilot)
            assert match.game.pending.kind is not None
            assert [t.choice for t in match.takebacks] == [taken]
            assert asked_before.pending is not None
            said = [n.message for n in app._notifications]
            assert "Your last choice was taken back. Choose again." in said
            await pilot.press("1")  # the game goes on from there
            await pilot.pause(0.1)
        data = json.loads(next((tmp_path / str(seed)).glob("*.json")).read_text())
        assert data["takebacks"][0]["choice"] == taken
        return
    pytest.fail("no seed gave an allowed take-back within 40 decisions")


@sync
@pytest.mark.slow
async def test_review_at_game_over_reviews_the_person_against_the_seats_as_they_are(fierce_deck):
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")]
    match = Match(fierce_deck, seats, seed=4)
    app = make_app(match)
    async with app.run_test(size=SIZE) as pilot:
        await play_out(app, pilot)
        assert isinstance(app.screen, GameOver)
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        review = app.screen
        await until(pilot, lambda: review.done, "the review's end", tries=3000)
        body = text_of(review.query_one("#review-body"))
        assert body.startswith("Ana (seat 1)")
        assert "decisions with a real choice were looked at" in body
        # against the seat as it is: Zora plays at random, and the review says so
        assert "Chances assume every other seat plays like random." in body
        assert "Zora (seat 2)" not in body  # a CPU is not reviewed
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameOver), "back at game over")


@sync
async def test_the_replay_offers_the_review_and_esc_goes_back_to_the_replay(fierce_deck,
                                                                          tmp_path):
    from dread_draw.store.saves import Save

    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")]
    replayed = Match.replay(fierce_deck, seats, 4, [])
    # play Ana as the first option, as the keys would
    while not replayed.over:
        d = replayed.game.pending
        replayed.apply(d.options[0] if d.seat == 0 else replayed.cpu_choice())
    save = Save.of(replayed)
    app = ReplayApp(save, replayed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        review = app.screen
        await until(pilot, lambda: review.done, "the review's end", tries=3000)
        assert "Ana (seat 1)" in text_of(review.query_one("#review-body"))
        await pilot.press("right")  # the replay's keys wait under the review
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)
        assert app.step == 0 and app.is_running


@sync
@pytest.mark.slow
async def test_a_mistake_tried_again_is_a_practice_copy_with_a_verdict_that_never_touches_the_save(
        fierce_deck, tmp_path, monkeypatch):
    """A mistake played again from the review at game over: the game at that decision, the
    hidden cards dealt anew, played on as practice, and the coach's verdict on the new
    choice; no game in progress saved, no kept game changed."""
    monkeypatch.setattr(tui_coach, "REVIEW_MS", 150)  # enough deals for swings beyond noise
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "normal")]
    match = Match(fierce_deck, seats, seed=4)
    saves = SaveDir(tmp_path / "saves")
    app = make_app(match, saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await play_out(app, pilot)
        kept = {p: p.read_bytes() for p in saves.games.glob("*.json")}
        assert len(kept) == 1 and not saves.current.exists()
        await pilot.press("v")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        review = app.screen
        await until(pilot, lambda: review.done, "the review's end", tries=3000)
        assert review.tries, "this game has a mistake to try again"
        body = text_of(review.query_one("#review-body"))
        assert "to play a mistake again" in body or "to play that mistake again" in body
        await pilot.press("1")
        await until(pilot, lambda: app.match is not match, "the practice copy")
        practice = app.match
        assert practice.practice and practice.at == review.tries[0] and not practice.choices
        real = Match.replay(fierce_deck, seats, 4, match.choices[:review.tries[0]])
        assert practice.game.view(0) == real.game.view(0)  # the same decision, as Ana saw it
        assert practice.game.pending.seat == 0 and app.saver is None
        await until_asked(app, pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.match is practice
        await pilot.press("1")  # a choice in the practice copy
        def told():
            return next((s for s in app.screen_stack if isinstance(s, tui_coach.TipScreen)
                         and s.lesson.key == VERDICT), None)

        for _ in range(3000):  # what the choice did is shown first ("Go on" is 1), then
            if told() is not None:  # the coach's word on it
                break
            await pilot.press("1" if isinstance(app.screen, TableScreen) else "enter")
            await pilot.pause(0.02)
        assert app.screen is told() and "the best" in told().lesson.text  # the game waits
        await pilot.press("enter")  # read: the game goes on
        assert len(practice.choices) > 0
    assert not saves.current.exists()  # never saved, so never in the stats
    assert {p: p.read_bytes() for p in saves.games.glob("*.json")} == kept
