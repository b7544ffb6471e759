"""One test per rule and ruling of RULES.md, each on a hand-built position."""

from __future__ import annotations

import pytest
from helpers import Pick, ability_deck, play, types

from dread_draw.rules import (
    KEEP,
    ORDER,
    REVEAL,
    SKIP,
    SUMMON,
    USE,
    USE_IT,
    Game,
    IllegalChoice,
)
from dread_draw.rules.game import STALEMATE_ROUNDS

# --------------------------------------------------------------------------- R1, R2, R12

def test_R1_4_every_card_in_exactly_one_zone_at_setup(plain_deck):
    g = Game(plain_deck, 4, seed=3)
    zones = g.draw + g.discard + [c for z in g.life + g.reserves + g.rows for c in z]
    assert sorted(zones) == list(range(plain_deck.size))


def test_R2_1_each_life_deck_has_ten_cards_and_the_rest_is_the_draw_deck(plain_deck):
    g = Game(plain_deck, 3, seed=1)
    assert [len(z) for z in g.life] == [10, 10, 10]
    assert len(g.draw) == 70 and g.discard == []


def test_R12_1_five_players_leave_fifty_cards_in_the_draw_deck(plain_deck):
    g = Game(plain_deck, 5, seed=1)
    assert sum(map(len, g.life)) == 50 and len(g.draw) == 50


def test_R2_1_the_deal_shuffles_exactly_as_random_shuffle_does():
    """The deal's shuffle is `random.Random.shuffle` written out for speed: the same seed
    must keep dealing the same cards (saves and logs replay from seeds), for every size of
    deck and every generator the game uses (its own, a search's dice)."""
    import random

    from dread_draw.ai.dice import Dice
    from dread_draw.rules.game import _SeededLater, shuffle

    for seed in range(40):
        for size in (0, 1, 2, 3, 7, 64, 65, 100, 257):
            for make in (random.Random, _SeededLater, lambda s: Dice(s, 1, "hard")):
                ours, theirs = list(range(size)), list(range(size))
                a, b = make(seed), make(seed)
                shuffle(a, ours)
                b.shuffle(theirs)
                assert ours == theirs and a.getstate() == b.getstate()


def test_R2_3_the_starting_player_is_random_but_fixed_by_the_seed(plain_deck):
    starts = {Game(plain_deck, 4, seed=s).starting_seat for s in range(40)}
    assert starts == {0, 1, 2, 3}
    assert Game(plain_deck, 4, seed=9).starting_seat == Game(plain_deck, 4, seed=9).starting_seat


def test_R2_2_nobody_has_seen_a_life_deck_card_at_the_start(plain_deck):
    g = Game(plain_deck, 4, seed=2)
    for s in range(4):
        v = g.view(s)
        assert v.life_known == ((), (), (), ()) and v.draw_known == ()


# --------------------------------------------------------------------------------- R3, R4

def test_R3_1_a_round_starts_with_everyone_in_and_empty_rows(plain_deck):
    g = Game(plain_deck, 3, seed=5)
    assert g.in_round == [True, True, True] and g.rows == [[], [], []]
    assert g.pending.kind == SUMMON and g.pending.seat == g.starting_seat  # R3.2


def test_R4_2_with_an_empty_row_any_card_succeeds_even_strength_zero(plain_deck):
    pick = Pick(plain_deck)
    zero = pick(0)
    g = Game.setup(plain_deck, 2, life=[[], []], draw=[zero])
    ev = g.choose(REVEAL)
    assert g.rows[0] == [zero]
    assert [e for e in ev if e["type"] == "summon"][0]["source"] == "draw"


def test_R4_3_a_strictly_greater_card_escalates_to_the_right(plain_deck):
    pick = Pick(plain_deck)
    a, b, c = pick(3), pick(0), pick(5)
    g = Game.setup(plain_deck, 2, life=[[], []], draw=[a, b, c])
    play(g, REVEAL, REVEAL, REVEAL)  # seat 0: 3; seat 1: 0; seat 1 lowest again: 5
    assert g.rows == [[a], [b, c]]
    assert g.totals == [3, 5]


def test_R4_4_equal_strength_fails_discarding_card_and_row(plain_deck):
    pick = Pick(plain_deck)
    low, first, same = pick(0), pick(5), pick(5)
    g = Game.setup(plain_deck, 2, life=[[], []], draw=[first, low, same])
    play(g, REVEAL, REVEAL)  # seat 0: 5, seat 1: 0
    g.choose(REVEAL)  # seat 1 again (lowest): 5 > 0 succeeds
    assert g.rows[1] == [low, same]
    # Now seat 0 (5) is lowest vs seat 1 (5): tie, seat 1 just played -> seat 1 again (R5.2)
    assert g.pending.seat == 1
    equal = [c for c in g.draw if plain_deck.strength[c] == 5]
    g.draw.remove(equal[0])
    g.draw.append(equal[0])  # the next reveal is another 5: equal fails
    ev = g.choose(REVEAL)
    fail = [e for e in ev if e["type"] == "fail"][0]
    assert fail["seat"] == 1 and fail["card"]["uid"] == equal[0]
    assert [c["uid"] for c in fail["discarded"]] == [low, same]
    assert g.rows[1] == [] and not g.in_round[1]
    i = g.discard.index(equal[0])
    assert g.discard[i:i + 3] == [equal[0], low, same]  # the failed card, then the row


def test_R4_5_only_reserve_cards_that_beat_the_row_are_offered(plain_deck):
    pick = Pick(plain_deck)
    first, r_low, r_eq, r_high = pick(6), pick(2), pick(6), pick(9)
    g = Game.setup(plain_deck, 2, life=[[], []], draw=[first, pick(0)],
                   reserves=[[r_low, r_eq, r_high], []])
    assert set(g.pending.options) == {REVEAL, r_low, r_eq, r_high}  # empty row: any reserve


def test_R4_5_reserve_summon_beats_the_last_card_and_reveal_stays_allowed(plain_deck):
    pick = Pick(plain_deck)
    first, r_low, r_eq, r_high = pick(6), pick(2), pick(6), pick(9)
    g = Game.setup(plain_deck, 2, life=[[], []], draw=[pick(1), first, pick(8)],
                   reserves=[[], [r_low, r_eq, r_high]])
    play(g, REVEAL, REVEAL)  # seat 0: 1, seat 1: 6 -> seat 0 (lowest) plays
    play(g, REVEAL)  # seat 0: 8 over 1 -> totals 9 vs 6: seat 1 plays
    assert g.pending.seat == 1
    assert g.pending.options == (REVEAL, r_high)  # R4.5: strictly greater only
    ev = g.choose(r_high)
    assert g.rows[1] == [first, r_high] and r_high not in g.reserves[1]
    assert [e for e in ev if e["type"] == "summon"][0]["source"] == "reserve"


def test_R4_6_reveal_with_no_cards_anywhere_is_a_failure_with_no_card(plain_deck):
    pick = Pick(plain_deck)
    everything = list(range(plain_deck.size))
    a = pick(5)
    life0 = [c for c in everything if c != a][:50]
    life1 = [c for c in everything if c != a][50:]
    g = Game.setup(plain_deck, 2, life=[life0, life1], draw=[a])
    g.choose(REVEAL)  # seat 0 summons the last card; seat 1 must reveal from nothing
    assert g.draw == [] and g.discard == []
    ev = g.choose(REVEAL)
    fail = [e for e in ev if e["type"] == "fail"][0]
    assert fail["seat"] == 1 and fail["card"] is None
    assert "reshuffle" not in types(ev)


def test_choose_refuses_an_illegal_option_and_changes_nothing(plain_deck):
    g = Game(plain_deck, 3, seed=4)
    before = (g.draw[:], [r[:] for r in g.rows], g.pending, g.decisions)
    with pytest.raises(IllegalChoice, match="not a legal answer"):
        g.choose(12345)
    assert (g.draw, g.rows, g.pending, g.decisions) == before


def unchanged(g: Game):
    return (tuple(g.view(s) for s in range(g.n)), list(g.events), g.decisions)


@pytest.mark.parametrize("bad", [9.0, "9", [9], None], ids=["float", "text", "list", "none"])
def test_choose_refuses_anything_but_exactly_an_offered_int_and_changes_nothing(plain_deck,
                                                                                bad):
    """`9.0 == 9` in Python, but 9.0 is not an option: a reserve card's uid given as a float
    once moved into the row as 9.0, then broke the game."""
    deck = plain_deck
    reserve = next(c for c in range(deck.size) if c == 9)
    g = Game.setup(deck, 2, life=[[20], [21]], reserves=[[reserve], []])
    assert g.pending.options == (REVEAL, reserve)
    before = unchanged(g)
    with pytest.raises(IllegalChoice, match="not a legal answer"):
        g.choose(bad)
    assert unchanged(g) == before and g.pending is not None and not g.over
    g.choose(reserve)  # the real option still works
    assert g.rows[0] == [reserve] and type(g.rows[0][0]) is int


@pytest.mark.parametrize("bad", [True, False, 1.0, 0.0])
def test_choose_refuses_a_bool_or_float_for_use_it_or_skip(bad):
    """`True == 1 == USE_IT` and `False == 0 == SKIP`: still not options."""
    deck = ability_deck()
    pick = Pick(deck)
    oracle = pick(id="oracle")
    g = Game.setup(deck, 2, life=[[], []], draw=[oracle, pick(1), pick(2)])
    g.choose(REVEAL)
    assert g.pending.kind == USE and g.pending.options == (USE_IT, SKIP)
    before = unchanged(g)
    with pytest.raises(IllegalChoice):
        g.choose(bad)
    assert unchanged(g) == before


# ------------------------------------------------------------------------------------ R5

def test_R5_1_the_lowest_row_total_plays_next(plain_deck):
    pick = Pick(plain_deck)
    g = Game.setup(plain_deck, 3, life=[[], [], []], draw=[pick(5), pick(3), pick(8)])
    play(g, REVEAL, REVEAL)  # totals 5, 3, 0 -> seat 2
    assert g.pending.seat == 2
    g.choose(REVEAL)  # totals 5, 3, 8 -> seat 1
    assert g.pending.seat == 1


def test_R5_2_a_tied_player_who_just_played_plays_again(plain_deck):
    pick = Pick(plain_deck)
    g = Game.setup(plain_deck, 3, life=[[], [], []], draw=[pick(4), pick(9), pick(4)])
    play(g, REVEAL, REVEAL)  # totals 4, 9, 0 -> seat 2
    g.choose(REVEAL)  # seat 2 gets 4: tied with seat 0 at 4; seat 2 just played -> again
    assert g.totals == [4, 9, 4] and g.pending.seat == 2


def test_R5_2_otherwise_the_first_tied_player_to_the_left_plays(plain_deck):
    pick = Pick(plain_deck)
    g = Game.setup(plain_deck, 4, life=[[], [], [], []], draw=[pick(6)], starting_seat=2)
    g.choose(REVEAL)  # seat 2: 6; seats 3, 0, 1 tie at 0 -> first to the left of 2 is 3
    assert g.pending.seat == 3


def test_R5_2_the_left_search_wraps_around_the_table(plain_deck):
    pick = Pick(plain_deck)
    g = Game.setup(plain_deck, 3, life=[[], [], []], draw=[pick(2), pick(1), pick(7)],
                   starting_seat=1)
    play(g, REVEAL, REVEAL)  # seat 1: 2; seat 2: 1 ... seat 0 at 0 is lowest
    assert g.pending.seat == 0
    g.choose(REVEAL)  # seat 0: 7 -> totals 7, 2, 1 -> seat 2
    assert g.pending.seat == 2


def test_R5_3_an_eliminated_player_is_never_chosen(plain_deck):
    pick = Pick(plain_deck)
    g = Game.setup(plain_deck, 3, life=[[pick(0)], [pick(0)], [pick(0)]],
                   draw=[pick(6), pick(2), pick(3), pick(2)])
    play(g, REVEAL, REVEAL, REVEAL)  # 6, 2, 3 -> seat 1 (2) plays
    g.choose(REVEAL)  # seat 1 reveals 2 over 2: fails, row empty (total 0)
    assert not g.in_round[1] and g.totals[1] == 0
    assert g.pending.seat == 2  # lowest *in the round* is seat 2 (3), not seat 1


# ------------------------------------------------------------------------------------ R6

def test_R6_1_the_discard_pile_is_reshuffled_only_when_a_card_must_be_taken(plain_deck):
    pick = Pick(plain_deck)
    g = Game.setup(plain_deck, 2, life=[[], []], draw=[pick(5)], rest="discard")
    ev = g.choose(REVEAL)
    assert g.draw == [] and "reshuffle" not in types(ev)  # empty, but nothing taken yet
    size = len(g.discard)
    ev = g.choose(REVEAL)
    assert {"type": "reshuffle", "count": size} in ev
    assert types(ev).index("reshuffle") < types(ev).index("summon") or "fail" in types(ev)


def test_R6_2_the_pyre_with_one_card_to_go_discards_it_once(standard_deck):
    """The Pyre (Aftermath: discard the top 2 cards of the Draw Deck) when only the card
    just discarded is left: it is reshuffled once and discarded; the second card it would take
    is that same card, so there is none (R4.6). It used to be reshuffled and discarded twice."""
    deck = standard_deck
    pyre = uid_of(deck, "the-pyre")
    high = next(c for c in range(deck.size) if deck.strength[c] == 12 and not deck.ability[c])
    low = next(c for c in range(deck.size) if deck.strength[c] == 2 and not deck.ability[c])
    rest = [c for c in range(deck.size) if c not in (pyre, high, low)]
    g = Game.setup(deck, 2, life=[[], rest], draw=[pyre, high, low], starting_seat=0)
    play(g, REVEAL, REVEAL, REVEAL)  # Ana: The Pyre (8); Ben: 12; Ana reveals 2: fails
    assert g.pending.kind == USE and g.pending.card == pyre
    assert g.draw == [] and g.discard == [low]
    ev = g.choose(USE_IT)
    done = next(e for e in ev if e["type"] == "outcome")
    assert [c["uid"] for c in done["discarded"]] == [low]
    assert [e["count"] for e in ev if e["type"] == "reshuffle"] == [1]
    assert g.zone_sizes() == deck.size


def test_R6_2_a_reshuffle_in_the_middle_of_an_effect_leaves_out_what_it_moved(plain_deck):
    pick = Pick(plain_deck)
    a, b = pick(4), pick(5)
    others = [c for c in range(plain_deck.size) if c not in (a, b)]
    g = Game.setup(plain_deck, 2, life=[others, []], draw=[a], discard=[b])
    taken = g.take_from_draw()
    g.discard.append(taken)  # as a mill does
    assert g.take_from_draw(moved=[taken]) == b  # the reshuffle left `a` on the pile
    assert g.discard == [a] and g.draw == []
    assert g.take_from_draw(moved=[a, b]) == -1  # nothing else to take (R4.6)
    assert g.take_from_draw() == a  # any other take reshuffles it, as R6.1 says


# ------------------------------------------------------------------------------- R7, R8

def _seat0_wins(deck, damage_cards, life1, *, players=2, life0=None, reserves=None):
    """Seat 0 summons `damage_cards` (increasing strength), then seat 1 fails."""
    pick = Pick(deck)
    for c in damage_cards + [c for z in (life1, life0 or []) for c in z]:
        pick.used.add(c)
    zero = pick(0)
    zero2 = pick(0)
    draw = [damage_cards[0], zero, zero2]
    lives = [life0 or [], life1] + [[] for _ in range(players - 2)]
    g = Game.setup(deck, players, life=lives, draw=draw, reserves=reserves)
    ev = play(g, REVEAL, REVEAL, REVEAL)  # seat 0: card; seat 1: 0, then 0 over 0 fails
    return g, ev


def test_R7_1_R7_2_the_winner_deals_the_damage_of_their_row(plain_deck):
    pick = Pick(plain_deck)
    big = pick(9, 0)  # damage 0: fine, choose one with damage
    pick.used.discard(big)
    hurt = pick(12, 2)
    life1 = [pick(1), pick(2), pick(3)]
    g, ev = _seat0_wins(plain_deck, [hurt], life1)
    end = [e for e in ev if e["type"] == "round_end"][0]
    assert end["winner"] == 0 and end["damage"] == 2
    assert g.pending.kind == KEEP and g.pending.seat == 1  # R8.1: draw 2, keep one
    assert set(g.pending.options) == set(life1[:2])


def test_R7_2_damage_goes_around_the_table_from_the_winners_left(plain_deck):
    pick = Pick(plain_deck)
    hurt = pick(5, 1)
    zeros = [pick(0) for _ in range(3)]
    lives = [[], [pick(1)], [pick(2)], [pick(3)]]
    g = Game.setup(plain_deck, 4, life=lives, draw=[zeros[0], hurt, zeros[1], zeros[2],
                                                     pick(0), pick(0)], starting_seat=2)
    # seat 2: 0; seat 3 (0, first tied to the left): 5 ... etc. play until the round ends
    ev = []
    while g.round == 1:
        ev += g.choose(REVEAL)
    end = [e for e in ev if e["type"] == "round_end"][0]
    w = end["winner"]
    order = [e["seat"] for e in ev if e["type"] == "damage"]
    assert order == [(w + k) % 4 for k in (1, 2, 3)]


def test_R7_3_the_winners_aftermath_comes_before_damage(plain_deck):
    deck = ability_deck()
    pick = Pick(deck)
    victory = pick(id="victory")  # aftermath: gain 2 life (damage 1)
    life1 = [pick(1)]
    g, ev = _seat0_wins(deck, [victory], life1)
    assert g.pending.kind == USE and g.pending.card == victory and g.pending.seat == 0
    ev = g.choose(USE_IT)
    t = types(ev)
    assert t.index("ability") < t.index("gain_life") < t.index("round_end") < t.index("damage")


def test_R7_4_the_winner_discards_their_row_and_starts_the_next_round(plain_deck):
    pick = Pick(plain_deck)
    hurt = pick(5, 1)
    g, ev = _seat0_wins(plain_deck, [hurt], [pick(2)])
    assert g.round == 2 and g.starting_seat == 0 and g.pending.seat == 0
    assert g.rows == [[], []] and hurt in g.discard
    assert {"type": "round_start", "round": 2, "starting_seat": 0, "in_round": [0, 1]} in ev


def test_R8_1_keep_one_drawn_card_in_reserves_and_discard_the_rest(plain_deck):
    pick = Pick(plain_deck)
    hurt = pick(12, 2)
    life1 = [pick(1), pick(2), pick(3)]  # top first
    g, _ = _seat0_wins(plain_deck, [hurt], life1)
    ev = g.choose(life1[1])
    dmg = [e for e in ev if e["type"] == "damage"][0]
    assert dmg["amount"] == 2 and dmg["kept"]["uid"] == life1[1] and dmg["life"] == 1
    assert g.reserves[1] == [life1[1]] and life1[0] in g.discard and g.life[1] == [life1[2]]


def test_R8_1_the_rest_is_discarded_before_the_kept_cards_reserve_ability(standard_deck):
    """The Crow (Reserve: take a card of strength 5 or less from the discard pile) kept from
    a Life Deck draw can take the card discarded with it: the rest goes first."""
    deck = standard_deck
    crow = uid_of(deck, "the-crow")
    hound = uid_of(deck, "the-hound")  # 4, plain: discarded with the Crow
    rat, moth, beggar = (uid_of(deck, k) for k in ("the-rat-king", "the-moth", "the-beggar"))
    g = Game.setup(deck, 2, life=[[], [crow, hound]], draw=[rat, moth, beggar],
                   starting_seat=0)
    play(g, REVEAL, REVEAL, REVEAL)  # Ana: 3 (damage 2); Ben: 2, then 1 fails
    assert g.pending.kind == KEEP and set(g.pending.options) == {crow, hound}
    ev = g.choose(crow)
    damage = next(e for e in ev if e["type"] == "damage")
    assert damage["kept"]["uid"] == crow and hound in g.discard
    assert g.pending.kind == USE and g.pending.card == crow
    g.choose(USE_IT)
    assert hound in g.pending.options  # it may take the card just discarded


def test_R8_1_a_single_drawn_card_is_kept_without_asking(plain_deck):
    pick = Pick(plain_deck)
    hurt = pick(5, 1)
    life1 = [pick(1), pick(2)]
    g, ev = _seat0_wins(plain_deck, [hurt], life1)
    assert g.reserves[1] == [life1[0]] and g.pending.kind == SUMMON


def test_R8_2_running_out_while_drawing_does_not_defeat(plain_deck):
    pick = Pick(plain_deck)
    hurt = pick(12, 2)
    life1 = [pick(1)]  # 2 damage, only 1 card
    g, ev = _seat0_wins(plain_deck, [hurt], life1)
    assert not g.defeated[1] and g.reserves[1] == life1 and g.life[1] == []
    assert "defeated" not in types(ev)


def test_R8_3_zero_damage_is_no_damage(plain_deck):
    pick = Pick(plain_deck)
    harmless = pick(9, 0)
    life1 = [pick(1)]
    g, ev = _seat0_wins(plain_deck, [harmless], life1)
    assert "damage" not in types(ev) and g.life[1] == life1 and g.reserves[1] == []


def test_R8_4_defeat_only_when_damaged_with_an_empty_life_deck(plain_deck):
    pick = Pick(plain_deck)
    hurt, kept, spare = pick(5, 1), pick(8), pick(1)
    zeros = [pick(0) for _ in range(4)]
    g = Game.setup(plain_deck, 3, life=[[spare], [], []], draw=[hurt] + zeros,
                   reserves=[[], [kept], []])
    ev = play(g, REVEAL, REVEAL, REVEAL, REVEAL, REVEAL)  # seats 1 and 2 fail, seat 0 wins
    # Both losers have empty Life Decks: defeated; their reserves go to the discard pile.
    assert g.defeated[1] and g.defeated[2] and kept in g.discard
    assert [e["seat"] for e in ev if e["type"] == "defeated"] == [1, 2]
    assert g.over and g.winner == 0  # R7.5 / R10.1
    assert types(ev)[-1] == "game_end"


def test_R8_5_gaining_life_takes_unseen_cards_from_the_draw_deck(plain_deck):
    deck = ability_deck()
    pick = Pick(deck)
    mother = pick(id="mother")  # Reserve: gain 1 life
    g, _ = _seat0_wins(deck, [pick(5, 1)], [mother])
    top = g.draw[-1]
    assert g.pending.kind == USE and g.pending.card == mother
    ev = g.choose(USE_IT)
    assert {"type": "gain_life", "seat": 1, "amount": 1, "life": 1} in ev
    assert g.life[1] == [top] and top not in g.knows[1]  # face down, unseen


# ------------------------------------------------------------------------------------ R9

def test_R9_1_R9_2_a_summon_ability_is_asked_and_may_be_skipped(plain_deck):
    deck = ability_deck()
    pick = Pick(deck)
    oracle = pick(id="oracle")
    g = Game.setup(deck, 2, life=[[], []], draw=[oracle])
    g.choose(REVEAL)
    assert g.pending.kind == USE and g.pending.card == oracle and g.pending.seat == 0
    ev = g.choose(SKIP)
    ab = [e for e in ev if e["type"] == "ability"][0]
    assert ab["used"] is False and ab["effect"] == "peek-draw" and ab["when"] == "summon"
    assert g.view(0).draw_known == ()


def test_R9_1_abilities_used_this_round_are_counted_for_every_seat_to_see(standard_deck):
    """Which abilities were played this round is public (everyone saw them played); the
    count starts again each round. CPU seats use it to stop Reserve abilities looping."""
    import random

    rng = random.Random(3)
    used_any = False
    for seed in range(6):
        g = Game(standard_deck, 3, seed=seed)
        counted: dict[int, int] = {}
        while not g.over:
            d = g.pending
            option = rng.choice(d.options)
            rnd = g.round
            g.choose(option)
            if g.round != rnd:
                counted = {}
            if d.kind == USE and option == USE_IT and g.round == rnd:
                counted[d.card] = counted.get(d.card, 0) + 1
                used_any = True
            assert g.uses == counted
            for seat in range(g.n):
                assert g.view(seat).uses == counted
    assert used_any


def test_R9_2_summon_ability_from_reserves_too_and_peek_is_private(plain_deck):
    deck = ability_deck()
    pick = Pick(deck)
    oracle = pick(id="oracle")
    g = Game.setup(deck, 2, life=[[], []], draw=[pick(2), pick(3)], reserves=[[oracle], []])
    g.choose(oracle)
    assert g.pending.kind == USE
    ev = g.choose(USE_IT)
    top = g.draw[-1], g.draw[-2]
    assert g.view(0).draw_known == ((0, top[0]), (1, top[1]))  # R11.2: the owner sees them
    assert g.view(1).draw_known == ()  # and nobody else
    seen = [e for e in ev if e["type"] == "outcome"][0]["seen"]  # what the ability did
    assert [c["uid"] for c in seen] == list(top)


def test_R9_3_a_reserve_ability_is_offered_when_kept_from_the_life_deck(plain_deck):
    deck = ability_deck()
    pick = Pick(deck)
    mother = pick(id="mother")
    hurt = pick(5, 1)
    g, ev = _seat0_wins(deck, [hurt], [mother])
    assert g.reserves[1] == [mother]
    assert g.pending.kind == USE and g.pending.seat == 1 and g.pending.card == mother


def test_R9_4_aftermath_on_elimination_is_the_rows_not_the_failed_card(plain_deck):
    deck = ability_deck()
    pick = Pick(deck)
    revenge = pick(id="revenge")  # 4
    victory = pick(id="victory")  # 5, in reserves: must not trigger
    g = Game.setup(deck, 2, life=[[], []], draw=[pick(9), revenge, pick(2)],
                   reserves=[[], [victory]])
    play(g, REVEAL, REVEAL)  # seat 0: 9, seat 1: revenge (4)
    ev = g.choose(REVEAL)  # seat 1 reveals 2 over 4: fails
    assert g.pending.kind == USE and g.pending.card == revenge and g.pending.seat == 1
    fail = [e for e in ev if e["type"] == "fail"][0]  # said before the Aftermath is asked
    assert [c["uid"] for c in fail["discarded"]] == [revenge]
    assert g.rows[1] == [revenge]  # R9.4: the row is still there while its Aftermaths play
    g.choose(SKIP)
    assert g.rows[1] == [] and revenge in g.discard


def test_R9_4_several_aftermaths_their_owner_picks_the_order(plain_deck):
    deck = ability_deck()
    pick = Pick(deck)
    revenge, victory = pick(id="revenge"), pick(id="victory")
    g = Game.setup(deck, 2, life=[[], []], draw=[pick(12), revenge, victory, pick(1)])
    play(g, REVEAL, REVEAL)  # seat 0: 12; seat 1: revenge 4
    g.choose(REVEAL)  # seat 1: victory 5 over 4
    g.choose(SKIP) if g.pending.kind == USE else None
    ev = g.choose(REVEAL)  # seat 1 reveals 1: fails -> two Aftermaths
    assert g.pending.kind == ORDER and set(g.pending.options) == {revenge, victory}
    g.choose(victory)
    assert g.pending.kind == USE and g.pending.card == victory
    ev = g.choose(USE_IT)
    assert g.pending.kind == USE and g.pending.card == revenge
    ev += g.choose(USE_IT)
    gains = [e["amount"] for e in ev if e["type"] == "gain_life"]
    assert gains == [2, 1]


def test_R9_5_always_active_ward_reduces_damage_without_asking(plain_deck):
    deck = ability_deck()
    pick = Pick(deck)
    justice = pick(id="justice")
    hurt = pick(12, 2)
    life1 = [pick(1), pick(2)]
    g, ev = _seat0_wins(deck, [hurt], life1, reserves=[[], [justice]])
    dmg = [e for e in ev if e["type"] == "damage"][0]
    assert dmg["amount"] == 1 and g.reserves[1] == [justice, life1[0]]


def test_R9_5_always_active_lower_bar_changes_what_must_be_beaten(plain_deck):
    deck = ability_deck()
    pick = Pick(deck)
    puppet = pick(id="the-puppet")
    six, five = pick(6), pick(5)
    g = Game.setup(deck, 2, life=[[], []], draw=[six, pick(9), five],
                   reserves=[[puppet], []])
    play(g, REVEAL, REVEAL)  # seat 0: 6; seat 1: 9 -> seat 0
    assert g.card_to_beat(0) == 4  # 6 counts 2 less while The Puppet is in reserves
    g.choose(REVEAL)  # 5 > 4: succeeds
    assert g.rows[0] == [six, five]


def test_R9_5_always_active_bloodlust_adds_damage_when_winning(plain_deck):
    deck = ability_deck()
    pick = Pick(deck)
    dom = pick(id="domination")
    hurt = pick(5, 1)
    g, ev = _seat0_wins(deck, [hurt], [pick(1), pick(2)], reserves=[[dom], []])
    end = [e for e in ev if e["type"] == "round_end"][0]
    assert end["damage"] == 2


def test_scavenge_asks_which_discarded_card_to_take(plain_deck):
    deck = ability_deck()
    pick = Pick(deck)
    vulture = pick(id="vulture")
    d1, d2 = pick(8), pick(3)
    g = Game.setup(deck, 2, life=[[], []], draw=[vulture], discard=[d1, d2])
    g.choose(REVEAL)
    g.choose(USE_IT)
    assert g.pending.kind == "card" and set(g.pending.options) == {d1, d2}
    g.choose(d1)
    assert g.reserves[0] == [d1] and d1 not in g.discard


def uid_of(deck, card_id: str) -> int:
    return next(c for c in range(deck.size) if deck.card[c].id == card_id)


def test_R9_6_a_reserve_ability_is_lost_once_its_card_changed_hands_so_one_fool_gives_one_life(
        standard_deck):
    """Ana's Thief swaps her Fool for Ben's Thief; her new Thief, resolving first (R9.6: the
    acting player first), takes the Fool back. Ben's Fool trigger comes next, but the Fool
    is in Ana's reserves by then: Ben is not asked, the ability is lost. (Ben used to be
    asked, and one Fool gave two players a life each.)"""
    deck = standard_deck
    thief1, thief2 = (c for c in range(deck.size) if deck.card[c].id == "the-thief")
    fool, another_fool = [c for c in range(deck.size) if deck.card[c].id == "the-fool"][:2]
    weak = next(c for c in range(deck.size) if deck.strength[c] == 2 and not deck.ability[c])
    low = next(c for c in range(deck.size) if deck.strength[c] == 1 and not deck.ability[c])
    strong = next(c for c in range(deck.size) if deck.strength[c] == 12 and deck.damage[c])
    g = Game.setup(deck, 2, life=[[thief1], [low]], reserves=[[fool], [thief2]],
                   draw=[weak, strong, another_fool], starting_seat=0)
    play(g, REVEAL, REVEAL, REVEAL)  # Ana 2; Ben 12; Ana reveals the 0-strength Fool: fails
    assert g.pending.kind == USE and g.pending.card == thief1 and g.pending.seat == 0  # kept
    events = play(g, USE_IT, fool, thief2)  # Ana gives her Fool, takes Ben's Thief
    assert g.reserves == [[thief1, thief2], [fool]]
    assert g.pending.kind == USE and (g.pending.seat, g.pending.card) == (0, thief2)
    events += play(g, USE_IT, thief1, fool)  # her new Thief takes the Fool back
    assert g.reserves == [[thief2, fool], [thief1]]
    assert (g.pending.seat, g.pending.card) == (0, fool)  # the Fool, for its new owner
    life = [len(z) for z in g.life]
    events += g.choose(USE_IT)
    assert (g.pending.seat, g.pending.card) == (1, thief1)  # Ben's new Thief: he may swap
    events += g.choose(SKIP)
    asked_about_the_fool = g.pending is not None and g.pending.card == fool
    assert not asked_about_the_fool
    lost = [e for e in events if e["type"] == "ability_lost"]
    assert [(e["seat"], e["card"]["uid"]) for e in lost] == [(1, fool)]
    assert [len(z) for z in g.life] == [life[0] + 1, life[1]] or g.over


def test_R9_6_an_aftermath_whose_card_an_earlier_aftermath_kept_is_lost(standard_deck):
    """Eliminated with The Widow and The Mourner in her row, Ana resolves the Mourner first
    and keeps the Widow in her reserves: the Widow's Aftermath is no longer in the row, so it
    is lost (not asked)."""
    deck = standard_deck
    widow, mourner = uid_of(deck, "the-widow"), uid_of(deck, "the-mourner")
    high = next(c for c in range(deck.size) if deck.strength[c] == 12 and not deck.ability[c])
    low1, low2 = [c for c in range(deck.size) if deck.strength[c] <= 1 and not deck.ability[c]][:2]
    g = Game.setup(deck, 2, life=[[low1], [0]], draw=[widow, high, mourner, low2],
                   starting_seat=0)
    play(g, REVEAL, REVEAL, REVEAL)  # Ana: Widow (4); Ben: 12; Ana: Mourner (5)
    g.choose(REVEAL)  # Ana reveals a 1: eliminated, two Aftermaths trigger
    assert g.pending.kind == ORDER and set(g.pending.options) == {widow, mourner}
    events = play(g, mourner, USE_IT, widow)  # the Mourner first: keep the Widow
    assert widow in g.reserves[0]
    assert [e["card"]["uid"] for e in events if e["type"] == "ability_lost"] == [widow]
    assert not (g.pending and g.pending.kind == USE and g.pending.card == widow)


def test_R9_7_the_gravedigger_is_not_offered_with_an_empty_discard_pile(standard_deck):
    """An optional ability that could do nothing, as anyone can see, is not offered; the
    log says it did nothing."""
    from dread_draw.words.narrate import Narrator

    digger = uid_of(standard_deck, "the-gravedigger")
    g = Game.setup(standard_deck, 2, life=[[0], [1]], draw=[digger])
    assert g.discard == []
    ev = g.choose(REVEAL)
    assert g.pending.kind == SUMMON  # no "use The Gravedigger?" question
    idle = [e for e in ev if e["type"] == "ability_idle"]
    assert [e["card"]["uid"] for e in idle] == [digger] and idle[0]["when"] == "summon"
    assert not any(e["type"] == "ability" for e in ev)
    line = Narrator(standard_deck, ["Ana", "Ben"])(idle[0])
    assert line == "Ana's The Gravedigger has nothing to act on: its Summon ability does nothing."


def test_R9_7_the_gravedigger_is_offered_when_a_card_is_there_to_take(standard_deck):
    digger = uid_of(standard_deck, "the-gravedigger")
    weak = next(c for c in range(standard_deck.size) if standard_deck.strength[c] == 2)
    g = Game.setup(standard_deck, 2, life=[[0], [1]], draw=[digger], discard=[weak])
    g.choose(REVEAL)
    assert g.pending.kind == USE and g.pending.card == digger


def test_R9_7_R13_2_a_look_at_an_empty_draw_deck_is_not_offered_and_reshuffles_nothing():
    deck = ability_deck()
    pick = Pick(deck)
    oracle = pick(id="oracle")
    g = Game.setup(deck, 2, life=[[], []], draw=[], reserves=[[oracle], []], rest="discard")
    assert g.draw == [] and g.discard
    ev = g.choose(oracle)  # summoned from reserves: Summon: look at the top 2 cards
    assert [e["type"] for e in ev if e["type"].startswith("ability")] == ["ability_idle"]
    assert "reshuffle" not in types(ev) and g.draw == []


# ----------------------------------------------------------------------------------- R10

def test_R10_1_R10_2_the_winner_reads_their_whole_life_deck_as_a_fortune(plain_deck):
    pick = Pick(plain_deck)
    hurt = pick(5, 1)
    life0 = [pick(1), pick(2), pick(3)]
    g, ev = _seat0_wins(plain_deck, [hurt], [], life0=life0)
    end = ev[-1]
    assert end["type"] == "game_end" and end["winner"] == 0 and end["rounds"] == 1
    assert sorted(c["uid"] for c in end["fortune"]) == sorted(life0)


def test_R10_3_ten_quiet_rounds_end_the_game_most_life_wins(plain_deck):
    pick = Pick(plain_deck)
    life = [[pick(1)], [pick(1), pick(2)], [pick(2)]]
    harmless = [c for c in range(plain_deck.size)
                if c not in pick.used and plain_deck.damage[c] == 0]
    harmful = [c for c in range(plain_deck.size)
               if c not in pick.used and plain_deck.damage[c] > 0]
    # Only harmless cards circulate; the harmful ones sit in seat 0's reserves, never summoned.
    g = Game.setup(plain_deck, 3, life=life, draw=harmless, reserves=[harmful, [], []])
    while not g.over:
        g.choose(REVEAL if g.pending.kind == "summon" else g.pending.options[0])
    assert g.stalemate and g.round == STALEMATE_ROUNDS
    assert g.winner == 1  # the most Life Deck cards


def test_R10_3_stalemate_ties_go_to_reserves_then_the_last_winners_left():
    from dread_draw.rules.game import stalemate_winner

    class G:  # the tie-break reads only these fields
        n = 4
        last_winner = 2
        defeated = [False, False, False, True]
        life = [[1], [2], [3], []]
        reserves = [[], [], [], []]

    assert stalemate_winner(G) == 2  # all tied: the last winner counts first
    G.reserves = [[5], [], [], []]
    assert stalemate_winner(G) == 0
    G.reserves = [[5], [6], [], []]
    G.last_winner = 3  # defeated seats are skipped; 0 comes before 1 going left of 3
    assert stalemate_winner(G) == 0


def test_R6_1_a_copy_given_an_rng_reshuffles_with_it_and_leaves_the_original(plain_deck):
    import random

    g = Game.setup(plain_deck, 2, life=[[0], [1]], rest="discard")  # empty Draw Deck
    expected = list(g.discard)
    random.Random(7).shuffle(expected)
    c = g.copy(rng=random.Random(7))
    c.choose(REVEAL)
    assert c.draw == expected[:-1]  # the new top card (the end) was revealed
    assert g.draw == [] and len(g.discard) == plain_deck.size - 2


# ----------------------------------------------------------------------------------- R13

@pytest.mark.parametrize("card_id", ["the-augur", "the-drowned", "the-magician"])
def test_R13_2_a_look_at_the_draw_deck_sees_what_it_holds_and_reshuffles_nothing(
        standard_deck, card_id):
    """Looking is not taking: The Augur (look at 3), The Drowned (look at 2, bury) and The
    Magician (look at 3, arrange) with a single card left see that card only; the discard
    pile stays where it is."""
    deck = standard_deck
    card = uid_of(deck, card_id)
    last = next(c for c in range(deck.size) if deck.strength[c] == 2 and not deck.ability[c])
    others = [c for c in range(deck.size) if c not in (card, last)]
    g = Game.setup(deck, 2, life=[[], others[:10]], draw=[last], reserves=[[card], []],
                   discard=others[10:], starting_seat=0)
    pile = list(g.discard)
    if deck.card[card].keyword == "Summon":
        ev = g.choose(card)  # summoned from reserves
    else:  # a Reserve ability: put the card in reserves again, as keeping it would
        g.reserves[0].remove(card)
        g.to_reserves(0, card)
        g.pending, g._resume = None, None
        g._run()
        ev = []
    assert g.pending.kind == USE and g.pending.card == card
    ev += g.choose(USE_IT)
    seen = next(e for e in ev if e["type"] == "outcome")["seen"]
    assert [c["uid"] for c in seen] == [last]
    assert "reshuffle" not in types(ev) and g.discard == pile
    assert g.view(0).draw_known == ((0, last),)


def test_R9_5_cards_label_an_always_active_ability_always(standard_deck):
    """R9.5: an ability with no keyword is always in effect; cards show it as "Always" —
    on the card, in its full text, in `dread-draw cards` and in the rules."""
    from typer.testing import CliRunner

    from dread_draw.cli import app
    from dread_draw.words.narrate import ability_text
    from dread_draw.words.rules_text import rules_markdown

    always = [c for c in standard_deck.cards if c.ability and c.ability.when == "always"]
    assert always
    for card in always:
        assert card.keyword == "Always"
        assert ability_text(card).startswith("Always: ")
    table = CliRunner().invoke(app, ["cards"], env={"COLUMNS": "200"}).output
    assert all("Always" in line for line in table.splitlines() if always[0].name in line)
    assert "**Always**: works all the time" in rules_markdown()
    assert "no keyword on the card" not in rules_markdown()
