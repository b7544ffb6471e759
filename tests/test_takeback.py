"""Take-backs: a person's last choice comes back only when that changes nothing anyone learned
(no card revealed or looked at, nothing shuffled, no other seat's choice since); the save
records it and still replays exactly; stats mark the game."""

from __future__ import annotations

import pytest
from helpers import run_cli

from dread_draw.ai import make_agent
from dread_draw.coach.takeback import (
    ALLOWED,
    LOOKED,
    NOTHING,
    OTHER_PERSON,
    OTHER_SEAT,
    OVER,
    REVEALED,
    SHUFFLED,
    TakeBackRefused,
    check_take_back,
    take_back,
)
from dread_draw.coach.words import take_back_text
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.rules import REVEAL, SUMMON
from dread_draw.store.saves import Autosaver, SaveDir, read_save, resume, stats

SEATS = [SeatSpec("Ana", "human"), SeatSpec("Ben", "human"), SeatSpec("Zora", "normal")]


def people(seed: int) -> dict:
    """The people's answers: `normal`'s, from their own views."""
    return {s: make_agent("normal", seed, s) for s, spec in enumerate(SEATS) if spec.is_human}


def step(m: Match, answers: dict) -> None:
    d = m.game.pending
    a = answers.get(d.seat)
    m.apply(a.choose(m.game.view(d.seat), d) if a else m.cpu_choice())


def checks(deck, seeds=range(8)):
    """(match copy, person to move, check) at every person's decision of a few games."""
    for seed in seeds:
        m = Match(deck, SEATS, seed)
        answers = people(seed)
        while not m.over:
            d = m.game.pending
            if m.seats[d.seat].is_human:
                yield m, d.seat, check_take_back(m, d.seat)
            step(m, answers)


def test_a_person_with_no_choice_yet_has_nothing_to_take_back(standard_deck):
    m = Match(standard_deck, SEATS, 1)
    seat = m.game.pending.seat
    assert check_take_back(m, seat).code == NOTHING


def test_a_take_back_is_allowed_exactly_when_nothing_was_learned_since(standard_deck):
    """BGA's rule, checked against what happened: when allowed, no event since the choice
    revealed, showed or shuffled a card, and no other person chose; when refused for a
    reason, that reason is true."""
    seen = set()
    for m, seat, check in checks(standard_deck):
        seen.add(check.code)
        if check.code == NOTHING:
            continue
        since = Match.replay(m.deck, m.seats, m.seed, m.choices)
        before = Match.replay(m.deck, m.seats, m.seed, m.choices[:check.at])
        events = since.events[len(before.events):]
        kinds = {e["type"] for e in events}
        if check.code == ALLOWED:
            assert before.game.pending.seat == seat
            g = before.game  # no other seat has made a choice since (R11.2: it may tell)
            for option in m.choices[check.at:]:
                d = g.pending
                assert d.seat == seat or len(d.options) == 1
                g.choose(option)
            assert "reshuffle" not in kinds and "damage" not in kinds and "fail" not in kinds
            for e in events:  # a revealed card was one everybody knew (R11.4: planted)
                if e["type"] == "summon" and e["source"] == "draw":
                    assert all(e["card"]["uid"] in before.game.view(s).located()
                               for s in range(len(SEATS)))
            assert not any(e["type"] == "outcome" and e.get("seen") for e in events)
        elif check.code == REVEALED:
            assert kinds & {"summon", "fail", "damage", "outcome"}
        elif check.code == LOOKED:
            assert any(e["type"] in ("outcome", "damage") for e in events)
        elif check.code == SHUFFLED:
            assert "reshuffle" in kinds
        elif check.code == OTHER_PERSON:
            assert m.seats[check.other].is_human and check.other != seat
        elif check.code == OTHER_SEAT:
            assert not m.seats[check.other].is_human
    assert {ALLOWED, REVEALED, OTHER_PERSON, OTHER_SEAT} <= seen


def test_a_cpus_choice_since_forbids_a_take_back_it_may_have_told_something():
    """Seed 1045, Ana against three `normal` CPUs: after Ana's choice, Orrin, who had
    privately seen the top of the Draw Deck, summons from his reserves rather than reveal;
    Ana may infer that the top card is weak, so her choice cannot come back (R11.2). No card
    was revealed or looked at since: before, this take-back was allowed."""
    from dread_draw.deck.cards import load_deck

    seats = [SeatSpec("Ana", "human")] + [SeatSpec(n, "normal")
                                          for n in ("Zora", "Orrin", "Vesna")]
    m = Match(load_deck(None), seats, 1045)
    ana = make_agent("normal", 1045, 0)
    while len(m.choices) < 147:
        d = m.game.pending
        m.apply(ana.choose(m.game.view(0), d) if d.seat == 0 else m.cpu_choice())
    check = check_take_back(m, 0)
    assert (check.code, check.at, check.other) == (OTHER_SEAT, 145, 2)
    before = Match.replay(m.deck, seats, 1045, m.choices[:146]).game
    d = before.pending
    assert d.seat == 2 and d.kind == SUMMON and REVEAL in d.options
    assert m.choices[146] != REVEAL and before.draw[-1] in before.knows[2]  # it knew, declined
    assert take_back_text(check, [s.name for s in seats]).endswith("Orrin has chosen since.")
    with pytest.raises(TakeBackRefused):
        take_back(m, 0)


def test_taking_back_returns_to_that_decision_and_the_game_goes_on_as_before(standard_deck):
    """The CPUs' dice restart at each decision: making the same choice again replays the
    game exactly as it was; the take-back is recorded."""
    done = 0
    for m, seat, check in checks(standard_deck):
        if not check.allowed or done >= 5:
            continue
        choices = list(m.choices)
        answered = Match.replay(m.deck, m.seats, m.seed, choices[:check.at]).game.pending
        taken = choices[check.at]
        take_back(m, seat)
        assert m.choices == choices[:check.at] and m.game.pending == answered
        assert m.takebacks[-1] == (check.at, seat, taken)
        m.apply(taken)
        while len(m.choices) < len(choices):
            m.apply(m.cpu_choice() if m.cpu_to_move() else choices[len(m.choices)])
        assert m.choices == choices
        done += 1
    assert done == 5


def test_a_refused_take_back_says_why_in_words(standard_deck):
    names = [s.name for s in SEATS]
    words = {}
    for m, seat, check in checks(standard_deck, range(4)):
        words.setdefault(check.code, take_back_text(check, names))
        if not check.allowed and check.code != NOTHING:
            with pytest.raises(TakeBackRefused):
                take_back(m, seat)
    assert words[REVEALED] == "Your last choice cannot be taken back: a card was revealed since."
    assert words[OTHER_PERSON].endswith("Ben has chosen since.") or \
        words[OTHER_PERSON].endswith("Ana has chosen since.")


def test_nothing_can_be_taken_back_once_the_game_is_over(standard_deck):
    m = Match(standard_deck, [SeatSpec("Ana", "normal"), SeatSpec("Ben", "normal")], 2)
    m.run()
    assert check_take_back(m, 0).code == OVER


def test_the_save_records_take_backs_replays_exactly_and_stats_mark_the_game(
        standard_deck, tmp_path, capsys):
    folder = SaveDir(tmp_path / "saves")
    m = Match(standard_deck, SEATS, 4)
    saver = Autosaver(folder, m).attach()
    answers = people(4)
    took = False
    while not m.over:
        d = m.game.pending
        if not took and m.seats[d.seat].is_human and check_take_back(m, d.seat).allowed:
            take_back(m, d.seat)
            saver.save_now()
            took = True
            resumed, _ = resume(folder)  # the save replays to this very position
            assert resumed.choices == m.choices and resumed.game.pending == m.game.pending
            assert resumed.takebacks == m.takebacks
        step(m, answers)
    assert took
    kept = read_save(saver.archived)
    assert kept.takebacks == m.takebacks and len(kept.takebacks) == 1
    result = stats(folder)
    who = SEATS[kept.takebacks[0].seat].name
    assert result.coached[who][1] == 1
    code, out, _ = run_cli(capsys, "stats", "--save-dir", str(folder.root))
    assert code == 0 and "with take-backs" in out
    code, out, _ = run_cli(capsys, "replay", "--print", str(saver.archived))
    assert code == 0 and f"Choices taken back by {who}: 1." in out


def test_a_hint_then_a_take_back_leaves_a_save_that_resumes(standard_deck, tmp_path):
    """Issue 24, scenario 3: choose, `h` at the next question, `u`, quit: the hint was
    recorded after the last choice kept, and the save would not load ("may be truncated")."""
    from dread_draw.coach.hints import note_hint

    folder = SaveDir(tmp_path / "saves")
    tried = 0
    for seed in range(12):
        m = Match(standard_deck, SEATS, seed)
        saver = Autosaver(folder, m).attach()
        answers = people(seed)
        while not m.over:
            d = m.game.pending
            if m.seats[d.seat].is_human and check_take_back(m, d.seat).allowed:
                note_hint(m, d.seat)  # h at this question, then u
                take_back(m, d.seat)
                note_hint(m, m.to_move())  # and h again at the question asked again
                take_back_again = check_take_back(m, m.to_move())
                if take_back_again.allowed:
                    take_back(m, m.to_move())  # two take-backs in a row
                saver.save_now()
                resumed, _ = resume(folder)  # raised SaveError before
                assert resumed.choices == m.choices
                assert resumed.game.pending == m.game.pending
                assert resumed.hints == m.hints and resumed.takebacks == m.takebacks
                assert all(h.at <= len(m.choices) for h in m.hints)
                tried += 1
                break
            step(m, answers)
        if tried >= 3:
            break
    assert tried >= 3
