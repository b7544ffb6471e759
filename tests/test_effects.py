"""The standard deck's effects (issue 3), each on a hand-built position: what the player is
asked (PICK_CARD / PICK_SEAT with a prompt, USE for the optional ability, R9.1), what moves
where, who may know it (R11), and that the rules' pending steps never name a hidden card."""

from __future__ import annotations

import pytest
from helpers import DATA, Pick, play, types

from dread_draw.base.errors import DeckError
from dread_draw.deck.cards import parse_deck
from dread_draw.rules import DONE, PICK_CARD, PICK_SEAT, REVEAL, SUMMON, USE, USE_IT, Game


def _card(cid: str, when: str, effect: str, strength: int = 5, damage: int = 1,
          **params) -> str:
    lines = [f'{k} = {v}' for k, v in params.items()]
    return "\n".join([
        "", "[[card]]", f'id = "{cid}"', f'name = "{cid.title()}"', f"strength = {strength}",
        f"damage = {damage}", "copies = 1", "[card.ability]", f'when = "{when}"',
        f'effect = "{effect}"', *lines, f'text = "{when.capitalize()}: {effect}."', "",
    ])


EFFECT_CARDS = "".join([
    _card("digger", "summon", "bury", count=2),
    _card("weaver", "summon", "arrange", count=3),
    _card("sexton", "summon", "mill", count=2),
    _card("hermit", "summon", "peek-life", count=2),
    _card("thief", "summon", "swap-reserve"),
    _card("puppet", "summon", "puppet"),
    _card("tempter", "summon", "plant", max_strength=4),
    _card("mourner", "aftermath", "salvage"),
    _card("revenge", "aftermath", "curse", amount=1),
    _card("cradle", "reserve", "gain-life", strength=1, count=1),
])


@pytest.fixture(scope="module")
def deck():
    return parse_deck((DATA / "plain.toml").read_text() + EFFECT_CARDS, "effects.toml")


def summon_and_use(g: Game, card: int) -> list[dict]:
    """The player to move reveals `card` (on top of the Draw Deck) and uses its ability."""
    assert g.draw[-1] == card
    ev = g.choose(REVEAL)
    assert g.pending.kind == USE and g.pending.card == card
    return ev + g.choose(USE_IT)


def idle(events: list[dict]) -> list[int]:
    """The cards whose ability was not offered because it could do nothing (R9.7)."""
    return [e["card"]["uid"] for e in events if e["type"] == "ability_idle"]


def no_hidden_card_in_steps(g: Game, hidden) -> None:
    """Contract of effects.py: the rules' pending steps carry positions, not hidden cards."""
    args = [a for _, frame in g._stack for a in frame] + list(g._resume[1] if g._resume else ())
    assert not set(hidden) & {a for a in args if isinstance(a, int)}


# ----------------------------------------------------------------------------------- bury

def test_bury_looks_at_the_top_cards_and_puts_chosen_ones_on_the_bottom(deck):
    pick = Pick(deck)
    digger, a, b, c = pick(id="digger"), pick(2), pick(3), pick(4)
    g = Game.setup(deck, 2, life=[[], []], draw=[digger, a, b, c])
    g.look(1, [a])  # say seat 1 knew where a was: after a secret bury it no longer does
    summon_and_use(g, digger)
    d = g.pending
    assert d.kind == PICK_CARD and d.options == (a, b, DONE) and "bottom" in d.prompt
    no_hidden_card_in_steps(g, [a, b])
    g.choose(b)
    assert g.draw[0] == b and g.draw[-1] == a and g.draw[-2] == c
    assert g.pending.options == (a, DONE)
    g.choose(DONE)
    assert g.pending.kind != PICK_CARD  # back to the turns
    outcome = [e for e in g.events if e["type"] == "outcome"][-1]
    assert [c["uid"] for c in outcome["buried"]] == [b]  # the log: what went under
    assert dict(g.view(0).draw_known)[0] == a  # R11.2: the owner saw them...
    assert b in {c for _, c in g.view(0).draw_known}
    assert g.view(1).draw_known == ()  # ...nobody else did (R11.3)


def test_bury_after_choosing_every_card_asks_no_more(deck):
    pick = Pick(deck)
    digger, a, b = pick(id="digger"), pick(2), pick(3)
    g = Game.setup(deck, 2, life=[[], []], draw=[digger, a, b])
    summon_and_use(g, digger)
    play(g, a, b)
    assert g.pending.kind != PICK_CARD
    assert g.draw[:2] == [b, a]  # the last buried is the very bottom
    outcome = [e for e in g.events if e["type"] == "outcome"][-1]
    assert [c["uid"] for c in outcome["buried"]] == [a, b]  # in the order they went under


# -------------------------------------------------------------------------------- arrange

def test_arrange_puts_the_seen_cards_back_in_the_chosen_order(deck):
    pick = Pick(deck)
    weaver, a, b, c, d = pick(id="weaver"), pick(2), pick(3), pick(4), pick(6)
    g = Game.setup(deck, 2, life=[[], []], draw=[weaver, a, b, c, d])
    summon_and_use(g, weaver)
    assert g.pending.kind == PICK_CARD and g.pending.options == (a, b, c)
    assert "number 1" in g.pending.prompt
    no_hidden_card_in_steps(g, [a, b, c])
    g.choose(c)
    assert g.pending.options == (a, b) and "number 2" in g.pending.prompt
    g.choose(a)  # the last one needs no question
    assert g.pending.kind != PICK_CARD
    assert g.draw[-3:] == [b, a, c] and g.draw[-4] == d  # top at the end: c, a, b, then d
    assert dict(g.view(0).draw_known) == {0: c, 1: a, 2: b}


# ----------------------------------------------------------------------------------- mill

def test_mill_discards_the_top_cards_face_up(deck):
    pick = Pick(deck)
    sexton, a, b, c = pick(id="sexton"), pick(2), pick(3), pick(4)
    g = Game.setup(deck, 2, life=[[], []], draw=[sexton, a, b, c])
    summon_and_use(g, sexton)
    assert g.discard[-2:] == [a, b] and g.draw[-1] == c
    assert g.view(1).discard[-2:] == (a, b)  # R11.1: the discard pile is public


def test_mill_reshuffles_the_discard_pile_when_the_draw_deck_runs_out(deck):
    pick = Pick(deck)
    sexton, a = pick(id="sexton"), pick(2)
    g = Game.setup(deck, 2, life=[[], []], draw=[sexton, a], rest="discard")
    ev = summon_and_use(g, sexton)  # mills a; then the Draw Deck is empty
    assert "reshuffle" in types(ev)  # R6.1: the pile became the Draw Deck first...
    assert g.discard[0] == a  # ...but for a, which this mill already moved (R6.2)
    assert len(g.discard) == 2 and len(g.draw) == deck.size - 3


# ------------------------------------------------------------------------------ peek-life

def test_peek_life_shows_the_owner_the_top_of_their_own_life_deck_only(deck):
    pick = Pick(deck)
    hermit, x, y, z = pick(id="hermit"), pick(2), pick(3), pick(4)
    g = Game.setup(deck, 2, life=[[x, y, z], []], draw=[hermit])
    summon_and_use(g, hermit)
    assert g.view(0).life_known[0] == ((0, x), (1, y))  # R2.2 lifted by the card (R13)
    assert g.view(1).life_known == ((), ())


# --------------------------------------------------------------------------- swap-reserve

def test_swap_reserve_exchanges_a_reserve_card_with_another_players(deck):
    pick = Pick(deck)
    thief, mine, theirs, other = pick(id="thief"), pick(2), pick(9), pick(8)
    g = Game.setup(deck, 3, life=[[], [], []], draw=[thief],
                   reserves=[[mine], [theirs], [other]])
    summon_and_use(g, thief)
    assert g.pending.kind == PICK_CARD and g.pending.options == (mine,)
    g.choose(mine)
    assert g.pending.options == (theirs, other) and "exchange" in g.pending.prompt
    g.choose(theirs)
    assert g.reserves == [[theirs], [mine], [other]]


def test_swap_reserve_offers_the_reserve_ability_of_the_card_taken(deck):
    pick = Pick(deck)
    thief, mine, cradle = pick(id="thief"), pick(2), pick(id="cradle")
    g = Game.setup(deck, 2, life=[[], []], draw=[thief], reserves=[[mine], [cradle]])
    summon_and_use(g, thief)
    play(g, mine, cradle)
    assert g.pending.kind == USE and g.pending.card == cradle and g.pending.seat == 0  # R9.3


def test_R9_7_swap_reserve_is_not_offered_when_nobody_else_has_reserves(deck):
    pick = Pick(deck)
    thief, mine = pick(id="thief"), pick(2)
    g = Game.setup(deck, 2, life=[[], []], draw=[thief], reserves=[[mine], []])
    ev = g.choose(REVEAL)
    assert g.pending.kind == SUMMON and g.reserves == [[mine], []]
    assert idle(ev) == [thief]


# --------------------------------------------------------------------------------- puppet

def test_puppet_overrides_who_plays_next(deck):
    pick = Pick(deck)
    puppet, big = pick(id="puppet"), pick(9)
    g = Game.setup(deck, 3, life=[[], [], []], draw=[puppet, big, pick(10)])
    summon_and_use(g, puppet)  # seat 0 summons 5; R5 would give seat 1 (total 0, to the left)
    d = g.pending
    assert d.kind == PICK_SEAT and d.options == (1, 2) and "next turn" in d.prompt
    g.choose(2)
    assert g.pending.seat == 2  # R13: the card overrides R5 once
    g.choose(REVEAL)  # seat 2 summons 9
    assert g.pending.seat == 1  # R5 again: seat 1 has the lowest total


def test_puppet_only_works_as_a_summon_ability():
    text = (DATA / "plain.toml").read_text() + _card("p", "reserve", "puppet")
    with pytest.raises(DeckError, match="puppet.*summon"):
        parse_deck(text, "bad.toml")


# ---------------------------------------------------------------------------------- plant

def test_plant_puts_a_weak_discarded_card_face_up_on_top_of_the_draw_deck(deck):
    pick = Pick(deck)
    tempter, weak, strong = pick(id="tempter"), pick(3), pick(9)
    g = Game.setup(deck, 3, life=[[], [], []], draw=[tempter], discard=[weak, strong])
    summon_and_use(g, tempter)
    d = g.pending
    assert d.kind == PICK_CARD and weak in d.options and strong not in d.options  # at most 4
    g.choose(weak)
    assert g.draw[-1] == weak and weak not in g.discard
    assert [g.view(s).draw_top() for s in range(3)] == [weak, weak, weak]  # everyone knows


# -------------------------------------------------------------------------------- salvage

def test_salvage_on_elimination_asks_which_row_card_to_keep(deck):
    pick = Pick(deck)
    low, mourner, fails, other = pick(1), pick(id="mourner"), pick(4), pick(12)
    g = Game.setup(deck, 2, life=[[pick(0)], [pick(0)]], draw=[low, other, mourner, fails])
    play(g, REVEAL, REVEAL, REVEAL)  # seat 0: 1; seat 1: 12; seat 0 (lowest): mourner
    assert g.rows[0] == [low, mourner]
    ev = g.choose(REVEAL)  # seat 0 (6 < 12) reveals 4: fails (R4.4)
    assert g.pending.kind == USE and g.pending.card == mourner  # R9.4
    fail = [e for e in ev if e["type"] == "fail"][0]
    assert [c["uid"] for c in fail["discarded"]] == [low, mourner]  # the row as it fell
    g.choose(USE_IT)
    d = g.pending
    assert d.kind == PICK_CARD and d.options == (low, mourner) and "reserves" in d.prompt
    done = [e for e in g.choose(low) if e["type"] == "outcome"]
    assert low in g.reserves[0] and mourner not in g.reserves[0]
    assert mourner in g.discard and low not in g.discard  # the rest is discarded
    assert done[0]["kept"]["uid"] == low  # the log says which row card was kept


def test_R9_7_salvage_is_not_offered_to_the_rounds_winner(deck):
    """Salvage acts only for an eliminated player: for the winner it could do nothing."""
    pick = Pick(deck)
    mourner, one, again = pick(id="mourner"), pick(1), pick(1)
    g = Game.setup(deck, 2, life=[[], [pick(0)]], draw=[mourner, one, again])
    ev = play(g, REVEAL, REVEAL, REVEAL)  # seat 0: mourner (5); seat 1: 1, then 1 fails
    assert idle(ev) == [mourner]
    assert mourner not in g.reserves[0] and mourner in g.discard  # R7.4 as usual
    assert "round_end" in types(ev) and not any(e["type"] == "ability" for e in ev)


# ---------------------------------------------------------------------------------- curse

def curse_round(deck, life):
    """Seat 0 summons Revenge (5, damage 1); seats 1 and 2 summon and fail: seat 0 wins the
    round and Revenge's Aftermath is offered (R7.3)."""
    pick = Pick(deck)
    revenge = pick(id="revenge")
    g = Game.setup(deck, 3, life=life(pick),
                   draw=[revenge, pick(1), pick(0), pick(0), pick(1)])
    play(g, REVEAL, REVEAL, REVEAL, REVEAL, REVEAL)  # 0: 5; 1: 1; 2: 0, fails; 1: fails
    assert g.pending.kind == USE and g.pending.card == revenge and g.pending.seat == 0
    return g


def test_curse_deals_damage_to_a_chosen_player_before_the_rounds_damage(deck):
    g = curse_round(deck, lambda pick: [[pick(2)], [pick(6)], [pick(7), pick(8)]])
    g.choose(USE_IT)
    d = g.pending
    assert d.kind == PICK_SEAT and d.options == (1, 2) and "1 damage" in d.prompt
    ev = g.choose(2)
    hits = [(e["type"], e.get("seat", e.get("winner"))) for e in ev
            if e["type"] in ("damage", "round_end")]
    assert hits == [("damage", 2), ("round_end", 0), ("damage", 1), ("damage", 2)]
    assert len(g.reserves[2]) == 2 and g.life[2] == []


def test_curse_can_defeat_and_the_round_damage_then_skips_the_defeated(deck):
    g = curse_round(deck, lambda pick: [[pick(2)], [], [pick(7)]])
    ev = play(g, USE_IT, 1)
    assert g.defeated[1]  # R8.1: damage with an empty Life Deck
    assert [e["seat"] for e in ev if e["type"] == "damage"] == [1, 2]


def test_R9_7_curse_is_not_offered_when_eliminated(deck):
    pick = Pick(deck)
    revenge, fails, big = pick(id="revenge"), pick(3), pick(12)
    g = Game.setup(deck, 2, life=[[pick(0)], [pick(0)]], draw=[revenge, big, fails])
    ev = play(g, REVEAL, REVEAL, REVEAL)  # seat 0: 5; seat 1: 12; seat 0 reveals 3: fails
    assert idle(ev) == [revenge]
    assert g.pending is None or g.pending.kind not in (USE, PICK_SEAT)


# ---------------------------------------------------------------------------------- R11.4

def test_R11_4_a_planted_card_stops_being_public_once_someone_privately_reorders_around_it(
        deck):
    """Ana plants a card face up on the Draw Deck: everyone knows it is on top. Ben then
    arranges the top 3 cards in secret: only he still knows where the planted card is."""
    pick = Pick(deck)
    tempter, weaver, weak = pick(id="tempter"), pick(id="weaver"), pick(3)
    a, b = pick(8), pick(9)
    g = Game.setup(deck, 3, life=[[], [], []], draw=[tempter, a, b], discard=[weak],
                   reserves=[[], [weaver], []], starting_seat=0)
    summon_and_use(g, tempter)
    g.choose(weak)  # planted face up on top
    assert [g.view(s).draw_top() for s in range(3)] == [weak] * 3  # R11.4: public
    assert g.pending.seat == 1 and weaver in g.pending.options
    g.choose(weaver)  # Ben summons The Weaver from reserves
    g.choose(USE_IT)  # and looks at the top 3 cards, then puts them back in his order
    play(g, a, weak)
    assert dict(g.view(1).draw_known) == {0: a, 1: weak, 2: b}  # he knows
    for seat in (0, 2):  # the others no longer know where the planted card is
        assert g.view(seat).draw_known == ()
        assert weak in g.view(seat).unseen()


def test_R11_4_a_planted_card_stays_public_while_it_stays_where_it_was_put(deck):
    """A secret look that leaves the planted card where it is (a bury that puts none of the
    cards under) does not hide it: its place is still known to all."""
    pick = Pick(deck)
    tempter, digger, weak = pick(id="tempter"), pick(id="digger"), pick(3)
    a = pick(8)
    g = Game.setup(deck, 3, life=[[], [], []], draw=[tempter, a], discard=[weak],
                   reserves=[[], [digger], []], starting_seat=0)
    summon_and_use(g, tempter)
    g.choose(weak)
    g.choose(digger)  # Ben summons The Digger: look at the top 2, bury any of them
    g.choose(USE_IT)
    g.choose(DONE)  # he buries none
    assert [g.view(s).draw_top() for s in range(3)] == [weak] * 3
