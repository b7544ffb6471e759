"""R11: a seat's view holds what that seat may know, and nothing else."""

from __future__ import annotations

import dataclasses
import random
from types import MappingProxyType

import pytest
from helpers import Pick, ability_deck
from hypothesis import given, settings
from hypothesis import strategies as st

from dread_draw.rules import KEEP, REVEAL, USE_IT, Deck, Game, determinize
from dread_draw.rules.game import take_damage


def swap_hidden(g: Game, seat: int, rng: random.Random) -> Game:
    """The same game with every card hidden from `seat` moved to another hidden place."""
    h = g.copy()
    known = h.knows[seat]
    slots = [(h.draw, i) for i, c in enumerate(h.draw) if c not in known]
    for s in range(h.n):
        slots += [(h.life[s], i) for i, c in enumerate(h.life[s]) if c not in known]
        if s != seat:  # (a card the seat has seen stays where it is, in any zone)
            slots += [(h.looking[s], i) for i, c in enumerate(h.looking[s]) if c not in known]
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


# ------------------------------------------------------------------ views are snapshots

IMMUTABLE = (int, float, str, bytes, type(None), frozenset)


def reachable_values(view) -> list[object]:
    """Every object reachable from a view through its fields, tuples, read-only mappings
    and value objects; fails on any container that could be changed."""
    out: list[object] = []
    seen: set[int] = set()

    def walk(obj: object) -> None:
        if id(obj) in seen or isinstance(obj, IMMUTABLE):
            return
        seen.add(id(obj))
        out.append(obj)
        if isinstance(obj, tuple):  # a View, a Decision, a zone, a frame
            for x in obj:
                walk(x)
        elif isinstance(obj, MappingProxyType):
            for k, v in obj.items():
                walk(k)
                walk(v)
        elif isinstance(obj, Deck):
            for name in Deck.__slots__:
                walk(getattr(obj, name))
        elif dataclasses.is_dataclass(obj):  # Card, Ability, Pick: frozen value objects
            assert obj.__dataclass_params__.frozen, type(obj)
            for f in dataclasses.fields(obj):
                walk(getattr(obj, f.name))
        else:  # the rules' step functions named by the pending frames: code, not state
            assert callable(obj), f"a {type(obj).__name__} is reachable from a view"

    walk(view)
    return out


def test_R11_a_view_is_a_snapshot_nothing_reachable_from_it_can_change_the_game(
        standard_deck):
    g = Game(standard_deck, 3, seed=8)
    advance(g, random.Random(8), 70)
    seat = g.pending.seat
    v = g.view(seat)
    before = (g.copy().view(0), g.copy().view(1), g.copy().view(2), list(g.events))
    values = reachable_values(v)  # asserts that none of them is a list, dict or set
    assert any(isinstance(x, Deck) for x in values)
    with pytest.raises(AttributeError):
        v.deck.strength = (99,) * standard_deck.size  # the rules read the deck
    with pytest.raises(TypeError):
        v.uses[0] = 5  # type: ignore[index]
    with pytest.raises(AttributeError):
        v.rows = ()  # type: ignore[misc]
    assert v.uses is not g.uses
    assert (g.view(0), g.view(1), g.view(2), list(g.events)) == before
    advance(g, random.Random(9), 20)  # the game moves on; the view does not
    assert v == before[seat]


def test_R11_2_a_card_a_seat_tracked_stays_known_when_another_seat_draws_it_for_damage():
    """Seat 0 peeked at the top card; seat 1 then gained it as life and draws it for damage:
    seat 0 still knows where it is (among seat 1's drawn cards), and deals it as known."""
    deck = ability_deck()
    pick = Pick(deck)
    oracle = pick(id="oracle")
    tracked = pick(1)
    g = Game.setup(deck, 2, life=[[], [pick(5), pick(6)]], draw=[oracle, tracked, pick(2)])
    g.choose(REVEAL)
    g.choose(USE_IT)  # seat 0 sees the top two cards: `tracked` on top
    g.gain_life(1, 1)  # seat 1 puts it, face down, on top of its Life Deck
    assert g.view(0).life_known[1] == ((0, tracked),)
    take_damage(g, 1, 2)  # seat 1 draws it and another card
    assert g.pending.kind == KEEP and g.pending.seat == 1
    v = g.view(0)
    assert v.looking_known[1] == (tracked,) and v.looking_counts[1] == 2
    assert tracked in v.located() and tracked not in v.unseen()
    assert v.looking_known[0] == () and g.view(1).looking_known == ((), ())
    sample = determinize(v, random.Random(1))
    assert tracked in sample.looking[1] and sample.view(0) == v


def test_R10_2_determinize_works_on_a_finished_game(standard_deck):
    """The winner's fortune is read face up: its cards are public, and counted once."""
    read = 0
    for seed in range(30):
        g = Game(standard_deck, 2 + seed % 4, seed)
        advance(g, random.Random(seed), 10_000)
        assert g.over
        read += bool(g.fortune)
        for seat in range(g.n):
            v = g.view(seat)
            assert determinize(v, random.Random(seed)).view(seat) == v
    assert read >= 5


@settings(max_examples=300, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), steps=st.integers(0, 400),
       abilities=st.booleans(), data=st.data())
def test_R11_determinize_reproduces_every_public_fact_of_a_view(standard_deck, players, seed,
                                                                steps, abilities, data):
    """For any position of any game and any seat (the one to move or not, the game over or
    not), a determinized game shows that seat the very same view: every public fact, and
    everything the seat alone knows, in place; only what it cannot see is dealt anew."""
    g = Game(ability_deck() if abilities else standard_deck, players, seed)
    advance(g, random.Random(seed), steps)
    seat = data.draw(st.integers(0, players - 1))
    v = g.view(seat)
    sample = determinize(v, random.Random(seed + 1))
    assert sample.view(seat) == v
    assert sample.zone_sizes() == g.zone_sizes() == g.deck.size


def deal_hidden_again(g: Game, rng: random.Random) -> Game:
    """The same game with every card whose place not every seat knows (the Draw Deck, the
    Life Decks, the cards drawn for damage) moved to another such place."""
    h = g.copy()
    public = set.intersection(*h.knows)
    slots = [(h.draw, i) for i, c in enumerate(h.draw) if c not in public]
    for s in range(h.n):
        slots += [(h.life[s], i) for i, c in enumerate(h.life[s]) if c not in public]
        slots += [(h.looking[s], i) for i in range(len(h.looking[s]))]
    cards = [zone[i] for zone, i in slots]
    rng.shuffle(cards)
    for (zone, i), c in zip(slots, cards, strict=True):
        zone[i] = c
    return h


@settings(max_examples=150, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), steps=st.integers(0, 150),
       abilities=st.booleans())
def test_R11_1_the_public_view_does_not_change_when_hidden_cards_are_dealt_differently(
        standard_deck, players, seed, steps, abilities):
    g = Game(ability_deck() if abilities else standard_deck, players, seed)
    advance(g, random.Random(seed), steps)
    public = g.public_view()
    assert deal_hidden_again(g, random.Random(seed + 1)).public_view() == public
    for seat in range(players):  # and every seat sees all of it in its own view (R11.1)
        view = g.view(seat)
        assert all(getattr(view, f) == getattr(public, f) for f in public._fields
                   if f not in ("pending", "draw_known"))
        assert set(public.draw_known) <= set(view.draw_known)
    if public.pending is not None:
        assert public.pending.options == () and public.pending.seat == g.pending.seat
