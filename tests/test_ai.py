"""CPU seats: every agent answers every Decision from its view only (R11), and plays sensibly."""

from __future__ import annotations

import random

import pytest
from helpers import swapped_views

from dread_draw.ai import AGENTS, make_agent
from dread_draw.ai.hard import HardAgent
from dread_draw.ai.policy import card_values, reveal_odds
from dread_draw.ai.value import win_chances
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.rules import (
    KEEP,
    PICK_CARD,
    PICK_SEAT,
    REVEAL,
    SKIP,
    SUMMON,
    USE,
    USE_IT,
    Game,
)
from dread_draw.rules.effects import CURSE, PUPPET, SWAP_GIVE

FAST = {"hard": {"samples": 2}}  # a tiny fixed search schedule keeps the tests quick


def uid(deck, card_id: str, copy: int = 0) -> int:
    """The physical card `copy` of the card with this id."""
    return [c for c in range(deck.size) if deck.card[c].id == card_id][copy]


def by_strength(deck, strength: int, skip: int = 0) -> int:
    """A plain card (no ability) of this strength."""
    return [c for c in range(deck.size)
            if deck.strength[c] == strength and deck.ability[c] is None][skip]


def place_row(g, seat: int, cards) -> None:
    """Move these cards from the Draw Deck into `seat`'s row (every card in one zone, R1.4)."""
    for c in cards:
        g.draw.remove(c)
    g.rows[seat] = list(cards)
    g.totals[seat] = sum(g.deck.strength[c] for c in cards)


def play_game(deck, kinds, seed, check=None):
    m = Match(deck, [SeatSpec(f"S{i}", k) for i, k in enumerate(kinds)], seed, events=False,
              agent_options=FAST)
    while not m.over:
        d = m.game.pending
        option = m.cpu_choice()
        assert option in d.options  # the Decision's options are the single source of truth
        if check:
            check(m)
        m.apply(option)
    return m


@pytest.mark.parametrize("agent", ["easy", "normal", "hard"])
@pytest.mark.parametrize("deck_name", ["plain_deck", "standard_deck"])
def test_every_agent_finishes_games_answering_every_kind_legally(agent, deck_name, request):
    deck = request.getfixturevalue(deck_name)
    games = 2 if agent == "hard" else 12
    kinds_seen = set()
    for seed in range(games):
        players = 2 + seed % 4
        m = play_game(deck, [agent] * players, seed,
                      check=lambda m: kinds_seen.add(m.game.pending.kind))
        assert m.game.winner >= 0
    assert SUMMON in kinds_seen and KEEP in kinds_seen
    if deck_name == "standard_deck" and agent != "hard":
        assert {USE, PICK_CARD, PICK_SEAT} <= kinds_seen


def test_agents_are_registered_by_their_cli_names():
    assert {"random", "easy", "normal", "hard"} <= set(AGENTS)
    assert make_agent("hard", 1, 0, think_ms=50).think_ms == 50


# ------------------------------------------------------------------------ R11: no peeking

@pytest.mark.parametrize("agent", ["easy", "normal"])
def test_R11_agents_decide_the_same_when_the_hidden_cards_are_swapped(agent, standard_deck):
    pairs = swapped_views(standard_deck, 5) + swapped_views(standard_deck, 6, players=2)
    assert len(pairs) > 20
    for seat, real, swapped in pairs:
        a = make_agent(agent, 9, seat).choose(real, real.pending)
        b = make_agent(agent, 9, seat).choose(swapped, swapped.pending)
        assert a == b


def dealt(monkeypatch) -> list:
    """Record every game the hard search deals itself (its rollouts' starting points)."""
    import dread_draw.ai.hard as hard

    deals: list = []
    real = hard.determinize

    def recording(view, rng, unseen=None):
        g = real(view, rng, unseen)
        deals.append((tuple(g.draw), tuple(map(tuple, g.life)), tuple(map(tuple, g.looking))))
        return g

    monkeypatch.setattr(hard, "determinize", recording)
    return deals


def test_a_search_plays_any_run_of_its_samples_as_the_whole_schedule_would(standard_deck):
    """A sample skipped (`skip_determinize`) leaves the search's generator exactly where its
    deal would: runs of samples played apart — in other processes — are the schedule's own
    samples, and add up to the very same search."""
    from dread_draw.ai.hard import plan_search, play_samples, tally
    from dread_draw.rules import determinize, skip_determinize

    for _seat, view, _ in swapped_views(standard_deck, 5, players=3)[:3]:
        dealt, skipped = random.Random(9), random.Random(9)
        unseen = view.unseen()
        for _ in range(3):
            determinize(view, dealt, unseen)
            skip_determinize(skipped, len(unseen))
        assert dealt.getstate() == skipped.getstate()
        for styles in (None, ("normal", "easy", "random")):
            plan = plan_search(view, view.pending, 77, 7, horizon=None, styles=styles)
            whole = play_samples(plan, 0, 7)
            assert play_samples(plan, 0, 3) + play_samples(plan, 3, 5) + \
                play_samples(plan, 5, 7) == whole
            assert tally(plan, whole) == tally(plan, play_samples(plan, 0, 7))


def test_R11_hard_differs_only_through_its_own_seeded_sampling(standard_deck, monkeypatch):
    """Swap the cards the seat cannot see: the search deals itself the very same games (its
    inputs) and makes the same choice."""
    pairs = swapped_views(standard_deck, 7, players=2)[:6] + \
        swapped_views(standard_deck, 8, players=4)[:4]
    assert len(pairs) == 10
    deals = dealt(monkeypatch)
    for _seat, real, swapped in pairs:
        a = HardAgent(random.Random(3), samples=3).choose(real, real.pending)
        seen = deals[:]
        deals.clear()
        b = HardAgent(random.Random(3), samples=3).choose(swapped, swapped.pending)
        assert a == b and seen == deals
        deals.clear()


def test_agents_never_receive_the_game_only_a_view(standard_deck):
    # A view carries no hidden zone: the Draw Deck and Life Decks are only counts (R11.3).
    g = Game(standard_deck, 3, seed=1)
    v = g.view(g.pending.seat)
    assert not hasattr(v, "draw") and not hasattr(v, "life")
    assert v.draw_count == len(g.draw) and list(v.life_counts) == [10, 10, 10]


# -------------------------------------------------------------------- normal: odds and rounds

def test_R11_reveal_odds_count_only_the_cards_this_seat_has_not_seen(plain_deck):
    # Seat 0 has a 9 in its row: only 10s, 11s and 12s beat it (R4.3, strictly greater).
    nine, nine2 = by_strength(plain_deck, 9), by_strength(plain_deck, 9, 1)
    highs = [c for c in range(plain_deck.size) if plain_deck.strength[c] > 9]
    g = Game.setup(plain_deck, 2, life=[[], []], draw=[], discard=highs[:6] + [nine2],
                   rest="draw")
    place_row(g, 0, [nine])
    v = g.view(0)
    unseen = v.unseen()
    assert reveal_odds(v) == pytest.approx((len(highs) - 6) / len(unseen))


def test_R4_5_normal_reveals_with_an_empty_row_since_anything_succeeds(standard_deck):
    abyss = uid(standard_deck, "the-abyss")
    g = Game.setup(standard_deck, 2, life=[[], []], reserves=[[abyss], []])
    assert g.pending.kind == SUMMON and g.pending.options == (REVEAL, abyss)
    assert make_agent("normal").choose(g.view(0), g.pending) == REVEAL


def _facing_a_known_top(deck, top_strength, opponent_row):
    """Seat 0 to play with a 7 in its row and a 12 in reserve, having seen the top card."""
    seven, abyss = by_strength(deck, 7), uid(deck, "the-abyss")
    top = by_strength(deck, top_strength)
    g = Game.setup(deck, 2, life=[[by_strength(deck, 1)], [by_strength(deck, 1, 1)]],
                   draw=[top], reserves=[[abyss], []])
    place_row(g, 0, [seven])
    place_row(g, 1, opponent_row)
    g.knows[0].add(top)
    g.ask(0, SUMMON, (REVEAL, abyss), lambda *a: None)
    return g, abyss


def test_R4_5_normal_spends_a_reserve_card_to_avoid_a_sure_failure_that_hurts(standard_deck):
    hound = uid(standard_deck, "the-hound")  # 3 damage waiting if we fail (R7.1)
    g, abyss = _facing_a_known_top(standard_deck, 3, [by_strength(standard_deck, 2), hound])
    assert make_agent("normal").choose(g.view(0), g.pending) == abyss


def test_R4_5_normal_keeps_its_reserve_when_the_reveal_surely_succeeds(standard_deck):
    hound = uid(standard_deck, "the-hound")
    g, abyss = _facing_a_known_top(standard_deck, 11, [by_strength(standard_deck, 2), hound])
    assert make_agent("normal").choose(g.view(0), g.pending) == REVEAL


def test_R8_3_normal_keeps_its_reserve_when_failing_costs_nothing(standard_deck):
    # The opponent's row deals 0 damage, and 0 damage is no damage.
    sun = uid(standard_deck, "the-sun")  # strength 11, damage 0
    g, abyss = _facing_a_known_top(standard_deck, 3, [sun])
    assert standard_deck.damage[sun] == 0
    assert make_agent("normal").choose(g.view(0), g.pending) == REVEAL


def test_R8_1_normal_keeps_the_strongest_drawn_card(plain_deck):
    low, high = by_strength(plain_deck, 1), by_strength(plain_deck, 11)
    g = Game.setup(plain_deck, 2, life=[[low, high], []])
    g.ask(0, KEEP, (low, high), lambda *a: None)
    assert make_agent("normal").choose(g.view(0), g.pending) == high


# ------------------------------------------------------------------ abilities (R9, R13)

def test_R9_1_normal_declines_a_swap_that_gains_nothing_so_thieves_cannot_loop(standard_deck):
    t1, t2 = uid(standard_deck, "the-thief"), uid(standard_deck, "the-thief", 1)
    g = Game.setup(standard_deck, 2, life=[[], []], reserves=[[t1], [t2]])
    g.ask(0, USE, (USE_IT, SKIP), lambda *a: None, card=t1)
    assert make_agent("normal").choose(g.view(0), g.pending) == SKIP


def test_R9_1_normal_swaps_its_worst_reserve_for_a_better_one(standard_deck):
    thief, moth, abyss = (uid(standard_deck, "the-thief"), uid(standard_deck, "the-moth"),
                          uid(standard_deck, "the-abyss"))
    g = Game.setup(standard_deck, 2, life=[[], []], reserves=[[thief, moth], [abyss]])
    g.ask(0, USE, (USE_IT, SKIP), lambda *a: None, card=thief)
    normal = make_agent("normal")
    assert normal.choose(g.view(0), g.pending) == USE_IT
    g.ask_pick(0, SWAP_GIVE, (thief, moth), lambda *a: None, card=thief)
    # the Thief would play its Reserve ability for the other seat (R9.3): give the Moth
    assert normal.choose(g.view(0), g.pending) == moth


@pytest.mark.parametrize("kind", ["normal", "hard"])
def test_R9_1_a_card_played_twice_this_round_is_not_played_again(standard_deck, kind):
    """Two Thieves could pass cards back and forth for ever (R9.3): past two uses of one
    card's ability in a round, CPU seats decline. The count is the game's own, so a fresh
    agent (a resumed game) declines just the same."""
    thief, moth, abyss = (uid(standard_deck, "the-thief"), uid(standard_deck, "the-moth"),
                          uid(standard_deck, "the-abyss"))
    g = Game.setup(standard_deck, 2, life=[[], []], reserves=[[thief, moth], [abyss]])
    g.ask(0, USE, (USE_IT, SKIP), lambda *a: None, card=thief)
    options = FAST.get(kind, {})
    if kind == "normal":  # a swap worth making (see above)
        assert make_agent(kind, seed=1).choose(g.view(0), g.pending) == USE_IT
    g.uses = {thief: 2}
    assert make_agent(kind, seed=1, **options).choose(g.view(0), g.pending) == SKIP
    g.uses = {moth: 2}  # another card's count does not matter
    if kind == "normal":
        assert make_agent(kind, seed=1).choose(g.view(0), g.pending) == USE_IT


@pytest.mark.parametrize("card, won", [("the-mourner", False), ("death", True)])
def test_R9_4_normal_plays_an_aftermath_only_at_the_moment_its_text_acts(standard_deck,
                                                                         card, won):
    """The Mourner acts only for an eliminated player, Death only for the round's winner:
    the other time, playing it would do nothing, and normal says no."""
    c = uid(standard_deck, card)
    for in_round in (True, False):
        g = Game.setup(standard_deck, 3, life=[[10, 11], [12, 13, 14], [15]])
        g.rows[0], g.in_round[0] = [c], in_round
        g.ask(0, USE, (USE_IT, SKIP), lambda *a: None, card=c)
        expected = USE_IT if in_round == won else SKIP
        assert make_agent("normal", seed=1).choose(g.view(0), g.pending) == expected


def test_R8_1_curse_aims_at_the_player_it_would_defeat(standard_deck):
    death = uid(standard_deck, "death")
    g = Game.setup(standard_deck, 3, life=[[10, 11], [12, 13, 14], []])
    g.ask_pick(0, CURSE, (1, 2), lambda *a: None, card=death, amount=2)
    assert make_agent("normal").choose(g.view(0), g.pending) == 2  # empty Life Deck: defeat


def test_R5_puppet_hands_the_turn_to_the_player_likeliest_to_fail(standard_deck):
    puppet = uid(standard_deck, "the-puppet")
    g = Game.setup(standard_deck, 3, life=[[], [], []])
    rows = (puppet, by_strength(standard_deck, 3), uid(standard_deck, "the-sun"))
    for seat, c in enumerate(rows):
        place_row(g, seat, [c])
    g.ask_pick(0, PUPPET, (1, 2), lambda *a: None, card=puppet)
    assert make_agent("normal").choose(g.view(0), g.pending) == 2  # must beat an 11


# ------------------------------------------------------------------------------------ hard

def test_hard_is_deterministic_for_a_given_seed(standard_deck):
    def choices(seed):
        m = Match(standard_deck, [SeatSpec("a", "hard"), SeatSpec("b", "normal")], seed,
                  events=False, agent_options=FAST)
        m.play_cpus()
        return m.choices

    assert choices(4) == choices(4)


def test_hard_plays_the_same_game_however_slow_the_machine(standard_deck, monkeypatch):
    """The default schedule is a fixed number of samples: a loaded machine (its clock runs
    2 ms per sample, so the schedule takes up to twice its budget) plays the same choices."""
    from dread_draw.ai import hard

    def choices():
        m = Match(standard_deck, [SeatSpec("a", "hard"), SeatSpec("b", "normal")], 6,
                  events=False, agent_options={"hard": {"think_ms": 40}})
        m.play_cpus()
        return m.choices

    monkeypatch.setattr(hard.time, "perf_counter", lambda: 0.0)  # an idle machine, ideally
    idle = choices()
    ticks = iter(range(10**9))
    monkeypatch.setattr(hard.time, "perf_counter", lambda: next(ticks) * 0.002)
    assert choices() == idle


def test_the_omniscient_twin_of_the_benchmark_is_no_cpu_level(standard_deck):
    """The oracle (benchmarks/bench_oracle.py) reads the real game: no level or option of a
    CPU reaches it (R11) — a `deal` option is not heard by `hard`."""
    assert "oracle" not in AGENTS

    def peek(rng):
        raise AssertionError("hard dealt a sample from outside its view")

    m = Match(standard_deck, [SeatSpec("a", "hard"), SeatSpec("b", "normal")], 3,
              events=False, agent_options={"hard": {"samples": 2, "deal": peek}})
    m.play_cpus()
    assert m.over


def test_hard_answers_within_its_thinking_budget(standard_deck, monkeypatch):
    """With the clock on (a live hint), the search stops once its budget has passed, however
    many samples the schedule holds: on a clock where each sample takes 5 ms, a 40 ms budget
    plays at most 9 of them (8 within the budget, and the one that crossed it)."""
    from dread_draw.ai import hard

    agent = make_agent("hard", 1, 0, think_ms=40, clock=True)
    m = Match(standard_deck, [SeatSpec("a", "normal"), SeatSpec("b", "normal")], 2,
              events=False)
    searched = 0
    while not m.over and searched < 8:
        g = m.game
        if len(g.pending.options) > 1 and not hard.worn_out(g.view(g.pending.seat), g.pending):
            view = g.view(g.pending.seat)
            ticks = iter(range(10**9))
            monkeypatch.setattr(hard.time, "perf_counter",
                                lambda ticks=ticks: next(ticks) * 0.005)
            found = agent.search(view, g.pending)
            k = len(found.options)
            assert agent.schedule(k, view.players) > 9  # the schedule alone would go on
            assert 1 <= found.samples <= 9
            assert agent.choose(view, g.pending) in g.pending.options
            searched += 1
        m.apply(m.cpu_choice())
    assert searched


def test_hard_searches_at_most_four_distinct_candidates_including_its_prior(standard_deck):
    from dread_draw.ai.hard import candidates

    options = (REVEAL, *range(20, 30))
    for prior in (REVEAL, 25):
        picked = candidates(standard_deck, options, prior)
        assert len(picked) == 4 == len(set(picked))
        assert prior in picked and REVEAL in picked


def test_R9_5_hard_values_an_always_active_reserve_above_a_card_of_the_same_worth(
        standard_deck):
    """The Veil keeps working from reserves every round (R9.5): a seat that holds it is
    likelier to win than one holding The Widow, of the same rough worth, all else equal."""
    veil, widow = uid(standard_deck, "the-veil"), uid(standard_deck, "the-widow")
    values = card_values(standard_deck)
    assert values[veil] == values[widow]
    for players in (2, 4):
        reserves = [[veil], [widow]] + [[widow]] * (players - 2)
        chances = win_chances(standard_deck, [5] * players, reserves, [False] * players)
        assert chances[0] > chances[1]
