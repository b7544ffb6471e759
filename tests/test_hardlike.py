"""The coach's likeness of `hard` (`dread_draw.ai.hardlike`): it decides from what its seat
may know (R11), and the coach's rollouts play a `hard` seat with it, and only that seat."""

from __future__ import annotations

import random

import dread_draw.ai.hard as hard_module
from dread_draw.ai import make_agent
from dread_draw.ai.hard import HARD, NORMAL, rollout_sight
from dread_draw.ai.hardlike import WEIGHTS, hardlike_answer, summon_features
from dread_draw.ai.policy import view_sight
from dread_draw.coach.hints import hint, styles_of
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.rules import REVEAL, SUMMON, Game, determinize


def summons_with_a_choice(deck, seeds, players=3):
    """(game, view, decision) at every summon offering a reveal and a reserve card, in games
    of `normal` seats."""
    for seed in seeds:
        g = Game(deck, players, seed, events=False)
        agents = [make_agent("normal", seed, s) for s in range(players)]
        while not g.over:
            d = g.pending
            view = g.view(d.seat)
            if d.kind == SUMMON and REVEAL in d.options and len(d.options) > 1:
                yield g, view, d
            g.choose(agents[d.seat].choose(view, d))


def test_the_likeness_of_hard_answers_from_its_seats_view_alone(standard_deck):
    """R11: at a summon, the cards its seat has not seen change nothing: two deals of them
    (as the coach's rollouts make) get the same answer as the seat's view itself."""
    asked = 0
    for g, view, d in summons_with_a_choice(standard_deck, range(12)):
        seat = d.seat
        mine = hardlike_answer(view, seat, d, view_sight(view))
        for k in range(2):
            dealt = determinize(view, random.Random(k))
            assert dealt.draw != g.draw or dealt.life != g.life or k  # really another deal
            assert hardlike_answer(dealt, seat, d, rollout_sight(dealt, seat)) == mine
        asked += 1
    assert asked >= 20


def test_the_likeness_weighs_every_option_of_a_summon(standard_deck):
    """Every option of the summon gets its features, one weight each (no feature is dropped
    silently), and the answer is one of the options."""
    for _g, view, d in summons_with_a_choice(standard_deck, range(3)):
        xs = summon_features(view, d.seat, d.options, view_sight(view), d.options[0])
        assert len(xs) == len(d.options)
        assert {len(x) for x in xs} == {len(WEIGHTS)}
        assert hardlike_answer(view, d.seat, d, view_sight(view)) in d.options


def test_the_coach_plays_a_hard_seat_with_the_likeness_and_no_other_seat(standard_deck,
                                                                        monkeypatch):
    """A hint against a `hard` CPU asks the likeness for that seat's decisions in its
    rollouts, never for the person's or a `normal` CPU's."""
    levels = [HUMAN, "hard", "normal"]
    assert styles_of(levels, 3) == (NORMAL, HARD, NORMAL)
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "hard"), SeatSpec("Orrin", "normal")]
    m = Match(standard_deck, seats, 5, agent_options={"hard": {"samples": 2}})
    ana = make_agent("normal", 5, 0)
    while m.game.pending.seat != 0 or len(m.game.pending.options) < 2:
        d = m.game.pending
        m.apply(ana.choose(m.game.view(0), d) if d.seat == 0 else m.cpu_choice())
    asked: list[int] = []

    def counted(state, seat, decision, sight):
        asked.append(seat)
        return hardlike_answer(state, seat, decision, sight)

    monkeypatch.setattr(hard_module, "hardlike_answer", counted)
    hint(m.game.view(0), m.game.pending, 20, seed=5, levels=levels)
    assert asked and set(asked) == {1}
