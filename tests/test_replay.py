"""The replay viewer: every position of a finished game, forward and back, nothing hidden."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from dread_draw.deck.cards import load_deck
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.rules import REVEAL
from dread_draw.store.saves import Save, SaveError, open_replay
from dread_draw.tui.replay import ReplayApp, ReplayHelp, Timeline, position_text

PLAIN = Path(__file__).parent / "data" / "plain.toml"
SEATS = [SeatSpec("Ana", "random"), SeatSpec("Ben", "random"), SeatSpec("Cal", "random")]


@pytest.fixture(scope="module")
def game():
    deck = load_deck(PLAIN)
    match = Match(deck, SEATS, 21)
    match.play_cpus()
    save = Save.of(match)
    return save, match


def test_each_step_is_the_position_after_that_many_choices(game):
    save, match = game
    t = Timeline(save, match.deck)
    assert t.last == len(save.choices)
    for k in (0, 1, t.last // 2, t.last):
        again = Match.replay(match.deck, SEATS, save.seed, save.choices[:k]).game
        g = t.games[k]
        assert (g.draw, g.life, g.rows, g.reserves, g.discard, g.pending) == \
            (again.draw, again.life, again.rows, again.reserves, again.discard, again.pending)
    assert t.games[-1].over and t.lines[-1].startswith(SEATS[match.game.winner].name)


def test_every_hidden_card_is_shown_because_the_game_is_over(game):
    save, match = game
    t = Timeline(save, match.deck)
    text = position_text(t, 0).plain
    g = t.games[0]
    for seat in range(3):  # R11 no longer applies: every Life Deck is face up, top first
        labels = [f"{match.deck.card[c].name} ({match.deck.strength[c]})"
                  for c in reversed(g.life[seat])]  # (listed with "and" before the last)
        names = ", ".join(labels[:-1]) + " and " + labels[-1]
        assert names in text
    top = g.draw[-1]
    assert f"Draw Deck ({len(g.draw)}, top first): {match.deck.card[top].name}" in text


def test_the_next_choice_is_said_in_words(game):
    save, match = game
    t = Timeline(save, match.deck)
    who = SEATS[t.games[0].pending.seat].name
    assert save.choices[0] == REVEAL  # the first turn of a round: the row is empty
    assert f"Next: {who}: Reveal the top card." in position_text(t, 0).plain
    assert "has won" in position_text(t, t.last).plain


def test_keys_step_forward_and_back_and_jump_by_round(game):
    save, match = game
    app = ReplayApp(save, match)
    t = app.timeline

    async def drive():
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("right", "right", "right", "left")
            assert app.step == 2
            await pilot.press("right_square_bracket")
            assert t.games[app.step].round == 2 and t.games[app.step - 1].round == 1
            await pilot.press("end")
            assert app.step == t.last
            await pilot.press("right")
            assert app.step == t.last  # no step beyond the end
            await pilot.press("left_square_bracket")
            assert t.games[app.step].round == t.games[t.last].round
            await pilot.press("home", "left")
            assert app.step == 0
            log = str(app.query_one("#log").render())
            assert "starts" in log and "wins the game" not in log
            await pilot.press("question_mark")  # help, here too
            assert isinstance(app.screen, ReplayHelp)
            await pilot.press("right")  # the help is read, the replay does not move
            assert app.step == 0
            await pilot.press("escape")
            assert not isinstance(app.screen, ReplayHelp) and app.step == 0
            await pilot.press("question_mark", "question_mark")  # ? closes it too
            assert not isinstance(app.screen, ReplayHelp)

    asyncio.run(drive())


def test_a_game_in_progress_cannot_be_replayed(tmp_path):
    deck = load_deck(PLAIN)
    match = Match(deck, SEATS, 3)
    match.apply(match.cpu_choice())
    path = tmp_path / "current.json"
    path.write_text(Save.of(match).to_json())
    with pytest.raises(SaveError) as e:
        open_replay(path, None)
    assert e.value.reason == "in-progress" and "--resume" in str(e.value)


def test_every_step_of_a_standard_deck_game_can_be_shown(standard_deck):
    """Abilities bring every kind of Decision (USE, KEEP, PICK_*, ORDER): each is shown."""
    match = Match(standard_deck, SEATS, 12)
    match.play_cpus()
    t = Timeline(Save.of(match), standard_deck)
    kinds = {g.pending.kind for g in t.games if g.pending}
    assert {"summon", "use", "keep"} <= kinds
    for step in range(t.last + 1):
        assert f"Step {step} of {t.last}" in position_text(t, step).plain
