"""Properties that hold in every game (R1.4, R8, R10.3), over thousands of random games on
random plain decks and on the standard deck, 2 to 5 players."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dread_draw.deck.cards import Card, Deck
from dread_draw.rules import Game

MAX_DECISIONS = 20_000  # far above any real game: reaching it means a game that never ends


@st.composite
def plain_decks(draw, players):
    distinct = draw(st.integers(3, 30))
    cards = []
    for i in range(distinct):
        cards.append(Card(f"c{i}", f"Card {i}", draw(st.integers(0, 15)), draw(st.integers(0, 3)),
                          draw(st.integers(1, 8)), ""))
    total = sum(c.copies for c in cards)
    need = 10 * players + 1
    if total < need:  # top up the last card so the deck can be dealt (R2.1)
        last = cards[-1]
        cards[-1] = Card(last.id, last.name, last.strength, last.damage,
                         last.copies + need - total, "")
    return Deck("random", cards)


def check_zones(g: Game) -> None:
    """R1.4: every card is in exactly one zone, and no zone holds a card twice."""
    cards = g.draw + g.discard
    for zones in (g.life, g.reserves, g.rows, g.looking):
        for z in zones:
            cards += z
    assert sorted(cards) == list(range(g.deck.size))


def play_random(g: Game, rng: random.Random, check=True) -> list[int]:
    choices = []
    while not g.over:
        assert len(choices) < MAX_DECISIONS, "the game did not end"
        option = rng.choice(g.pending.options)
        choices.append(option)
        for e in g.choose(option):
            if e["type"] in ("damage", "gain_life"):
                assert e["life"] >= 0
        if check:
            check_zones(g)
    return choices


def replay_same(deck: Deck, players: int, seed: int, choices: list[int], g: Game) -> None:
    again = Game(deck, players, seed)
    for option in choices:
        again.choose(option)
    assert again.events == g.events
    assert (again.winner, again.draw, again.discard, again.life, again.reserves) == (
        g.winner, g.draw, g.discard, g.life, g.reserves)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), players=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_random_games_on_random_plain_decks_keep_every_invariant(data, players, seed):
    deck = data.draw(plain_decks(players))
    g = Game(deck, players, seed)
    check_zones(g)
    choices = play_random(g, random.Random(seed))
    assert g.over and 0 <= g.winner < players
    assert not g.defeated[g.winner]
    assert g.events[-1]["type"] == "game_end"
    replay_same(deck, players, seed, choices, g)


@settings(max_examples=500, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_random_games_on_the_standard_deck_keep_every_invariant(standard_deck, players, seed):
    g = Game(standard_deck, players, seed)
    choices = play_random(g, random.Random(seed))
    assert g.over
    replay_same(standard_deck, players, seed, choices, g)


def test_two_thousand_quick_games_all_end(plain_deck, standard_deck):
    """Many more games, checking only that each ends with one winner (R10.1, R10.3)."""
    rng = random.Random(7)
    for i in range(2000):
        deck = standard_deck if i % 2 else plain_deck
        g = Game(deck, 2 + i % 4, i, events=False)
        play_random(g, rng, check=False)
        assert g.over and sum(not d for d in g.defeated) >= 1


def test_events_are_facts_never_changed_after_they_are_emitted(standard_deck):
    """docs/DESIGN.md principle 15: an event is complete when `choose` returns it; nothing changes
    it afterwards — not the rules, not an ability's later choices, not the driver writing the
    log (the choices go into the log line, not into the event)."""
    from helpers import ability_deck

    from dread_draw.play.sim import Match, SeatSpec

    for i in range(60):
        deck = standard_deck if i % 3 else ability_deck()
        kinds = ["random", "easy", "normal"][i % 3]
        m = Match(deck, [SeatSpec(f"S{s}", kinds) for s in range(2 + i % 4)], seed=i)
        told = copy.deepcopy(m.events)
        while not m.over:
            told += copy.deepcopy(m.apply(m.cpu_choice()))
        lines = list(m.log())  # the log adds the match's choices to the game_end line
        assert "choices" in lines[-1] and "choices" not in m.events[-1]
        assert m.events == told
