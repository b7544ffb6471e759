"""R11: a seat's view holds what that seat may know, and nothing else."""

from __future__ import annotations

import random

from helpers import Pick, ability_deck
from hypothesis import given, settings
from hypothesis import strategies as st

from dread_draw.rules import KEEP, REVEAL, USE_IT, Game, determinize


def swap_hidden(g: Game, seat: int, rng: random.Random) -> Game:
    """The same game with every card hidden from `seat` moved to another hidden place."""
    h = g.copy()
    known = h.knows[seat]
    slots = [(h.draw, i) for i, c in enumerate(h.draw) if c not in known]
    for s in range(h.n):
        slots += [(h.life[s], i) for i, c in enumerate(h.life[s]) if c not in known]
        if s != seat:
            slots += [(h.looking[s], i) for i in range(len(h.looking[s]))]
    cards = [zone[i] for zone, i in slots]
    rng.shuffle(cards)
    for (zone, i), c in zip(slots, cards, strict=True):
        zone[i] = c
    return h


def advance(g: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if g.over:
            return
        g.choose(rng.choice(g.pending.options))


@settings(max_examples=300, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), steps=st.integers(0, 150),
       abilities=st.booleans(), data=st.data())
def test_R11_a_view_does_not_change_when_hidden_cards_are_swapped(standard_deck, players,
                                                                   seed, steps, abilities, data):
    g = Game(ability_deck() if abilities else standard_deck, players, seed)
    advance(g, random.Random(seed), steps)
    seat = data.draw(st.integers(0, players - 1))
    other = swap_hidden(g, seat, random.Random(seed + 1))
    assert other.view(seat) == g.view(seat)


def test_R11_3_views_hold_no_life_deck_contents_and_no_draw_order(plain_deck):
    g = Game(plain_deck, 4, seed=11)
    advance(g, random.Random(1), 40)
    v = g.view(0)
    public = set(v.discard).union(*v.rows, *v.reserves)
    assert v.draw_count == len(g.draw) and v.life_counts == tuple(map(len, g.life))
    assert not public & set(g.draw)
    assert not public.intersection(*g.life)


def test_R11_2_a_peek_is_seen_by_its_seat_only(plain_deck):
    deck = ability_deck()
    pick = Pick(deck)
    oracle = pick(id="oracle")
    g = Game.setup(deck, 3, life=[[], [], []], draw=[oracle, pick(1), pick(2)])
    g.choose(REVEAL)
    g.choose(USE_IT)
    assert len(g.view(0).draw_known) == 2
    assert g.view(1).draw_known == () and g.view(2).draw_known == ()
    # the knowledge follows the cards when they move between hidden places
    top = g.draw[-1]
    g.gain_life(1, 1)
    assert g.view(0).life_known[1] == ((0, top),)
    assert g.view(1).life_known[1] == ()


def test_R11_2_drawn_life_cards_are_private_until_one_is_kept(plain_deck):
    pick = Pick(plain_deck)
    hurt = pick(12, 2)
    life1 = [pick(1), pick(2), pick(3)]
    g = Game.setup(plain_deck, 2, life=[[], life1], draw=[hurt, pick(0), pick(0)])
    for _ in range(3):
        g.choose(REVEAL)
    assert g.pending.kind == KEEP and g.pending.seat == 1
    mine, theirs = g.view(1), g.view(0)
    assert set(mine.looking) == set(life1[:2]) and set(mine.pending.options) == set(life1[:2])
    assert theirs.looking == () and theirs.pending.options == () and theirs.looking_counts[1] == 2


def test_determinize_gives_a_game_with_the_same_view_that_plays_on(standard_deck):
    rng = random.Random(5)
    for seed in range(30):
        g = Game(standard_deck, 2 + seed % 4, seed)
        advance(g, rng, seed * 3)
        if g.over:
            continue
        seat = g.pending.seat
        v = g.view(seat)
        sample = determinize(v, random.Random(seed))
        assert sample.view(seat) == v
        advance(sample, rng, 10_000)
        assert sample.over
