"""The numbers learning agents see (issue 47): the observation vector of a seat's View and
the action table, shared by the OpenSpiel game and the PettingZoo and Gymnasium
environments. Pure Python: these run without any extra installed."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import ABILITY_CARDS, DATA, Pick

from dread_draw.deck.cards import parse_deck
from dread_draw.integrations.encoding import (
    GAME_FEATURES,
    KINDS,
    QUESTION_FEATURES,
    SEAT_FEATURES,
    Actions,
    Layout,
    returns,
)
from dread_draw.rules import (
    DONE,
    KEEP,
    ORDER,
    PICK_CARD,
    PICK_SEAT,
    REVEAL,
    SKIP,
    SUMMON,
    USE,
    USE_IT,
    Game,
    determinize,
)

PRIVACY_GAMES = 1000


def seat_feature(layout: Layout, vector, seat: int, name: str) -> float:
    """Feature `name` of the seat `seat` places to the observer's left."""
    return vector[layout.piece("seats").offset + seat * len(SEAT_FEATURES)
                  + SEAT_FEATURES.index(name)]


def plane(layout: Layout, vector, name: str, seat: int = 0) -> dict[int, float]:
    """The nonzero cards of a card plane (a seat's: that many places to the left)."""
    base = layout.plane(name, seat)
    return {c: x for c in range(layout.deck.size) if (x := vector[base + c])}


# How often the privacy test checks a question of each kind: the rarer kinds always, where
# cards are drawn or looked at often, summons now and then (the suite's time).
CHECK_EVERY = {SUMMON: 16, USE: 4, KEEP: 4, ORDER: 1, PICK_CARD: 1, PICK_SEAT: 1}


def test_R11_no_observation_holds_a_card_its_seat_may_not_know(standard_deck):
    """Over 1,000 seeded games (2 to 5 players, the standard deck: every decision kind), a
    seat's observation — read from the game as the environments and the OpenSpiel game read
    it — is the very same vector after everything that seat cannot see is dealt again
    (`determinize`), and every card it places is one that seat may locate. At every pick and
    order, every fourth ability question and Life Deck draw, every sixteenth summon; the
    seats take turns as the observer (the one asked, and the others)."""
    layouts = {n: Layout(standard_deck, n) for n in range(2, 6)}
    kinds: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    checks = dealt_anew = 0
    for seed in range(PRIVACY_GAMES):
        n = 2 + seed % 4
        layout = layouts[n]
        game = Game(standard_deck, n, seed, events=False)
        rng = random.Random(seed)
        while not game.over:
            d = game.pending
            seen[d.kind] += 1
            if seen[d.kind] % CHECK_EVERY[d.kind] == 0:
                seat = checks % n
                vector = layout.observe(game, seat)
                view = game.view(seat)
                other = determinize(view, rng)
                dealt_anew += other.draw != game.draw or other.life != game.life
                assert layout.observe(other, seat) == vector, (seed, game.decisions, seat)
                assert layout.located(vector) <= view.located(), (seed, game.decisions, seat)
                kinds[d.kind] += 1
                checks += 1
            game.choose(rng.choice(d.options))
    assert set(kinds) == set(KINDS), f"decision kinds checked: {kinds}"
    assert checks > 10 * PRIVACY_GAMES
    assert dealt_anew > 0.9 * checks  # the hidden cards really were somewhere else


def test_R11_2_a_drawn_life_deck_card_is_in_the_drawers_observation_only(plain_deck):
    pick = Pick(plain_deck)
    hurt = pick(12, 2)
    life1 = [pick(1), pick(2), pick(3)]
    g = Game.setup(plain_deck, 2, life=[[], life1], draw=[hurt, pick(0), pick(0)],
                   events=False)
    for _ in range(3):
        g.choose(REVEAL)
    assert g.pending.kind == KEEP and g.pending.seat == 1
    layout = Layout(plain_deck, 2)
    mine, theirs = layout.observe(g, 1), layout.observe(g, 0)
    assert plane(layout, mine, "drawn") == {life1[0]: 1.0, life1[1]: 1.0}
    assert plane(layout, theirs, "drawn", 1) == {}  # seat 1 is one place to seat 0's left
    assert seat_feature(layout, theirs, 1, "drawn") == 0.2  # how many is public: 2 cards
    keep = layout.piece("question").offset + QUESTION_FEATURES.index(KEEP)
    assert mine[keep] == theirs[keep] == 1.0  # everyone sees what is being asked


def test_R4_2_the_row_shows_its_order_and_the_card_to_beat(plain_deck):
    pick = Pick(plain_deck)
    five, seven = pick(5, 1), pick(7, 1)
    g = Game.setup(plain_deck, 3, life=[[pick(1)], [pick(1)], [pick(1)]],
                   draw=[five, pick(9), pick(10), seven], events=False)
    for _ in range(4):  # seat 0: 5; seat 1: 9; seat 2: 10; seat 0 again (lowest total): 7
        g.choose(REVEAL)
    layout = Layout(plain_deck, 3)
    vector = layout.observe(g, 1)  # seen from seat 1: seat 0 is two places to its left
    assert plane(layout, vector, "row", 2) == {five: 0.5, seven: 1.0}
    assert seat_feature(layout, vector, 2, "total") == 1.2
    assert seat_feature(layout, vector, 2, "to_beat") == 0.8  # beat 7: (7 + 1) / 10
    assert seat_feature(layout, vector, 2, "damage") == 0.2  # R7.1: 1 + 1
    assert seat_feature(layout, vector, 0, "to_beat") == 1.0  # its own 9


def test_every_seat_sees_itself_first_and_the_others_to_its_left(standard_deck):
    g = Game(standard_deck, 4, seed=3, events=False)
    rng = random.Random(3)
    for _ in range(30):
        g.choose(rng.choice(g.pending.options))
    layout = Layout(standard_deck, 4)
    for seat in range(4):
        vector = layout.observe(g, seat)
        for k in range(4):
            other = (seat + k) % 4
            assert seat_feature(layout, vector, k, "life") == g.life_counts[other] / 10
            assert set(plane(layout, vector, "reserves", k)) == set(g.reserves[other])
            assert seat_feature(layout, vector, k, "to_answer") == (other == g.pending.seat)


def test_the_vector_stays_within_its_documented_bounds(standard_deck):
    deck = parse_deck((DATA / "plain.toml").read_text() + ABILITY_CARDS, "abilities.toml")
    for d in (standard_deck, deck):
        for n in (2, 5):
            layout = Layout(d, n)
            assert len(layout.high) == layout.size == sum(p.size for p in layout.pieces)
            for seed in range(6):
                g = Game(d, n, seed, events=False)
                rng = random.Random(seed)
                while True:
                    seat = g.pending.seat if g.pending else g.winner
                    vector = layout.observe(g, seat)
                    assert all(0.0 <= x <= h for x, h in zip(vector, layout.high, strict=True))
                    if g.over:
                        break
                    g.choose(rng.choice(g.pending.options))
                fortune = plane(layout, vector, "fortune")
                assert fortune == {c: 1 / (1 + i) for i, c in enumerate(g.fortune)}  # R10.2
                assert vector[layout.piece("game").offset + GAME_FEATURES.index("over")] == 1


def test_every_action_means_exactly_one_answer_and_seats_count_from_the_chooser(
        standard_deck):
    actions = Actions(standard_deck.size, 5)
    options = {SUMMON: [REVEAL, *range(standard_deck.size)], USE: [SKIP, USE_IT],
               KEEP: range(standard_deck.size), ORDER: range(standard_deck.size),
               PICK_CARD: [DONE, *range(standard_deck.size)], PICK_SEAT: range(5)}
    assert set(options) == set(KINDS)
    for chooser in range(5):
        seen = set()
        for kind, opts in options.items():
            for option in opts:
                action = actions.encode(kind, option, chooser)
                assert actions.decode(action, chooser) == (kind, option)
                seen.add(action)
        assert seen == set(range(actions.count))
        # "the player to my left" is the same action whoever chooses
        assert actions.encode(PICK_SEAT, (chooser + 1) % 5, chooser) == actions.base[PICK_SEAT] + 1
    with pytest.raises(IndexError):
        actions.decode(actions.count, 0)


def test_the_legal_actions_are_exactly_the_decisions_options(standard_deck):
    actions = Actions(standard_deck.size, 3)
    g = Game(standard_deck, 3, seed=8, events=False)
    rng = random.Random(8)
    while not g.over:
        d = g.pending
        legal = actions.legal(d)
        assert len(legal) == len(d.options)
        assert sorted(actions.option(d, a) for a in legal) == sorted(d.options)
        assert all(actions.option(d, a) is None for a in range(actions.count) if a not in legal)
        g.choose(rng.choice(d.options))


def test_returns_are_one_for_the_winner_and_minus_one_shared_by_the_others(standard_deck):
    g = Game(standard_deck, 4, seed=5, events=False)
    assert returns(g) == [0.0] * 4
    rng = random.Random(5)
    while not g.over:
        g.choose(rng.choice(g.pending.options))
    assert returns(g) == [1.0 if s == g.winner else -1 / 3 for s in range(4)]
