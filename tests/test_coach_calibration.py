"""The coach's correction against `hard` seats (`dread_draw.coach.calibration`): its rollouts
play a `hard` seat by a likeness weaker than `hard`, so its chances against `hard` seats are
shifted down by a measured amount — never changing which option the coach prefers, fading to
nothing as the game ends, only for `hard` seats, from public facts alone (R11)."""

from __future__ import annotations

import pytest

from dread_draw.ai import make_agent
from dread_draw.ai.hard import distinct
from dread_draw.coach import calibration
from dread_draw.coach.calibration import (
    HARD_SHIFT,
    corrected,
    game_left,
    hard_seats,
    shift_of,
)
from dread_draw.coach.hints import hint, review_game
from dread_draw.play.sim import HUMAN, Match, SeatSpec

QUICK = 20  # ms: a tiny budget keeps the tests quick (a hint plays its whole schedule)
AGAINST_HARD = [HUMAN, "hard", "hard"]


def at_a_real_choice(deck, levels: list[str], seed: int, skip: int = 0) -> Match:
    """A game of the person (seat 0, played by `normal`) against CPUs of `levels`, at the
    person's decision with a real choice after `skip` of them."""
    seats = [SeatSpec(f"S{i}", kind) for i, kind in enumerate(levels)]
    m = Match(deck, seats, seed, events=False, agent_options={"hard": {"samples": 2}})
    person = make_agent("normal", seed, 0)
    while True:
        d = m.game.pending
        if d.seat == 0 and len(distinct(m.game.view(0), d)) > 1:
            if skip == 0:
                return m
            skip -= 1
        m.apply(person.choose(m.game.view(0), d) if d.seat == 0 else m.cpu_choice())


def test_the_correction_is_fitted_and_lowers_the_chances_against_hard():
    assert all(k > 0 for k in HARD_SHIFT)  # benchmarks/fit_hardcal.py
    assert corrected(0.5, 1.0) < 0.5 and corrected(0.02, 1.0) < 0.02
    assert corrected(0.5, 2.0) < corrected(0.5, 1.0) and corrected(0.5, 0.0) == 0.5
    ladder = [i / 100 for i in range(101)]
    shifted = [corrected(p, 1.5) for p in ladder]
    assert shifted == sorted(shifted) and len(set(shifted)) == len(ladder)  # strictly rising


def test_a_hint_against_hard_seats_keeps_the_searchs_order_and_choice(standard_deck,
                                                                      monkeypatch):
    """The same shift for every option: the coach's choice, its near-ties and the order of
    its chances are the uncorrected search's, only the chances read lower."""
    for seed, skip in ((3, 0), (8, 2), (21, 1)):
        m = at_a_real_choice(standard_deck, AGAINST_HARD, seed, skip)
        view, d = m.game.view(0), m.game.pending
        told = hint(view, d, QUICK, seed=seed, levels=AGAINST_HARD)
        with monkeypatch.context() as patch:
            patch.setattr(calibration, "HARD_SHIFT", (0.0, 0.0))
            raw = hint(view, d, QUICK, seed=seed, levels=AGAINST_HARD)
        assert told.best == raw.best and told.near == raw.near
        assert [e.option for e in told.estimates] == [e.option for e in raw.estimates]
        pairs = list(zip(told.estimates, raw.estimates, strict=True))
        for a, b in pairs:
            for c, e in pairs:
                assert (a.chance < c.chance) == (b.chance < e.chance)  # the same order
            if 0 < b.chance < 1:
                assert a.chance < b.chance  # lower against `hard`
                assert a.chance - a.margin < a.chance + a.margin  # an interval still


def test_the_correction_fades_to_nothing_as_the_game_ends(standard_deck):
    m = Match(standard_deck, [SeatSpec(f"S{i}", "normal") for i in range(3)], 4,
              events=False)
    left = [game_left(m.game.view(0))]
    while not m.over:
        m.apply(m.cpu_choice())
        left.append(game_left(m.game.view(0)))
    assert left[0] == 1.0 and left[-1] == 0.0  # R10.1: one player left
    assert all(0.0 <= x <= 1.0 for x in left)
    end = m.game.view(0)
    assert shift_of(end, 0, AGAINST_HARD) == 0.0
    assert corrected(0.37, shift_of(end, 0, AGAINST_HARD)) == 0.37
    assert left[-2] < left[0]  # the last decision weighs less than the first


def test_only_hard_seats_bring_the_correction(standard_deck, monkeypatch):
    levels = [HUMAN, "normal", "easy"]
    m = at_a_real_choice(standard_deck, levels, 6)
    view, d = m.game.view(0), m.game.pending
    assert shift_of(view, 0, levels) == 0.0 and shift_of(view, 0, None) == 0.0
    told = hint(view, d, QUICK, seed=6, levels=levels)
    monkeypatch.setattr(calibration, "HARD_SHIFT", (0.0, 0.0))
    raw = hint(view, d, QUICK, seed=6, levels=levels)
    assert told == raw
    # a seat's own level does not count: a `hard` seat reviewed among `normal` ones
    assert hard_seats(["hard", "normal", "normal"], 0) == 0
    assert hard_seats(["hard", "normal", "hard"], 0) == 1
    assert shift_of(view, 0, [HUMAN, "hard", "hard"]) == pytest.approx(
        2 * shift_of(view, 0, [HUMAN, "hard", "normal"]))


def test_the_correction_reads_public_facts_only(standard_deck):
    """R11: the seat's view and the public view (no private card at all) weigh the same."""
    m = at_a_real_choice(standard_deck, AGAINST_HARD, 12, 3)
    g = m.game
    assert 0 < shift_of(g.view(0), 0, AGAINST_HARD) == shift_of(g.public_view(), 0,
                                                                 AGAINST_HARD)


def test_a_review_against_hard_seats_finds_the_same_mistakes(standard_deck, monkeypatch):
    """The review's chances are corrected like the hint's; what it calls a mistake is the
    search's own finding, the same with or without the correction."""
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "hard")]
    m = Match(standard_deck, seats, 9, agent_options={"hard": {"samples": 2}})
    ana = make_agent("easy", 9, 0)  # an easy player makes mistakes to find
    while not m.over:
        d = m.game.pending
        m.apply(ana.choose(m.game.view(0), d) if d.seat == 0 else m.cpu_choice())
    levels = [s.kind for s in seats]

    def review():
        return review_game(standard_deck, 2, 9, m.choices, 0, budget_ms=QUICK, levels=levels)

    told = review()
    monkeypatch.setattr(calibration, "HARD_SHIFT", (0.0, 0.0))
    raw = review()
    assert [x.at for x in told.mistakes] == [x.at for x in raw.mistakes]
    assert [x.best for x in told.moments] == [x.best for x in raw.moments]
    lowered = [(a.best_chance, b.best_chance) for a, b in zip(told.moments, raw.moments,
                                                              strict=True)
               if 0 < b.best_chance < 1]
    assert lowered and all(a < b for a, b in lowered)
