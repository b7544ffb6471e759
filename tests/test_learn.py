"""Learning from every game: the review's chart, accuracy and classes, every mistake played
again with a verdict, ratings among friends, the standings by place, an honest daily."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from helpers import run_cli

from dread_draw.ai import make_agent
from dread_draw.coach import grades
from dread_draw.coach.daily import daily_setup, is_days_deal
from dread_draw.coach.grades import (
    AS_GOOD,
    BLUNDER,
    INACCURACY,
    MISTAKE,
    WORSE,
    accuracy,
    chance_curve,
    decision_accuracy,
    grade,
    to_retry,
)
from dread_draw.coach.hints import CLEAR, Estimate, Moment, review_game
from dread_draw.coach.review import Practice, Reviewable, practice_copy, verdict
from dread_draw.coach.takeback import check_take_back, take_back
from dread_draw.play.places import places, standing_lines
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.rules import SUMMON, Decision
from dread_draw.store import ratings
from dread_draw.store.saves import Autosaver, Save, SaveDir, autosave_new, stats

# ---------------------------------------------------------------------- classes, accuracy


def moment(best: float, chosen: float, clear: bool = True, at: int = 0) -> Moment:
    d = Decision(seat=0, kind=SUMMON, options=(-1, 5), number=at)
    return Moment(at, 1, d, -1, (Estimate(-1, chosen, 100), Estimate(5, best, 100)), 5, clear)


def test_a_decision_is_classed_by_the_chance_of_winning_it_lost():
    """docs/REVIEW.md: an inaccuracy from 5 points, a mistake from 10, a blunder from 20;
    a difference within the estimates' noise is no loss at all."""
    assert grade(moment(0.50, 0.47)) == ""
    assert grade(moment(0.50, 0.44)) == INACCURACY
    assert grade(moment(0.50, 0.40)) == MISTAKE
    assert grade(moment(0.50, 0.30)) == BLUNDER
    assert grade(moment(0.50, 0.10, clear=False)) == ""  # not told apart from the best
    assert grades.loss(moment(0.50, 0.10, clear=False)) == 0


def test_accuracy_is_100_for_the_coachs_play_and_falls_with_the_chance_lost():
    assert decision_accuracy(0) == 100
    assert 79 < decision_accuracy(5) < 80 and 63 < decision_accuracy(10) < 64
    assert decision_accuracy(100) == 0
    assert accuracy([moment(0.5, 0.5, clear=False)] * 3) == 100
    assert accuracy([moment(0.5, 0.5, clear=False), moment(0.5, 0.3)]) == pytest.approx(
        (100 + decision_accuracy(20)) / 2)
    assert accuracy([]) is None


def test_every_mistake_and_blunder_is_offered_once_in_the_games_order():
    ms = [moment(0.5, 0.2, at=9), moment(0.5, 0.45, at=3), moment(0.5, 0.38, at=5),
          moment(0.5, 0.2, at=9), moment(0.5, 0.5, clear=False, at=1)]
    assert [m.at for m in to_retry(ms)] == [5, 9]


# --------------------------------------------------------------------------------- chart

def finished(deck, seats, seed: int) -> Match:
    m = Match(deck, [SeatSpec(s.name, "normal" if s.is_human else s.kind) for s in seats], seed)
    m.run()
    return Match.replay(deck, seats, seed, m.choices)


def test_the_chart_has_every_seats_chance_at_each_real_decision_and_ends_with_the_winner(
        standard_deck):
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "easy"), SeatSpec("Orrin", "normal")]
    m = finished(standard_deck, seats, 11)
    curve = chance_curve(standard_deck, [s.kind for s in seats], 11, m.choices, samples=8)
    assert curve.points[-1].chances == tuple(float(s == m.game.winner) for s in range(3))
    for p in curve.points:
        assert sum(p.chances) == pytest.approx(1.0)
        assert all(0 <= c <= 1 for c in p.chances)
    rounds = [p.round for p in curve.points]
    assert rounds == sorted(rounds) and rounds[-1] == m.game.round
    again = chance_curve(standard_deck, [s.kind for s in seats], 11, m.choices, samples=8)
    assert again == curve  # the same chart for the same game


# ---------------------------------------------------------------------- review --json, lines

def test_review_json_carries_the_curve_the_classes_and_the_accuracy(standard_deck, tmp_path,
                                                                   capsys):
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")]
    m = finished(standard_deck, seats, 5)
    folder = SaveDir(tmp_path / "saves")
    folder.archive(Save.of(m))
    code, out, _err = run_cli(capsys, "review", "--last", "--save-dir", str(folder.root),
                              "--json", "--think-ms", "40")
    assert code == 0
    data = json.loads(out)
    points = data["curve"]["points"]
    assert points[-1]["chances"][m.game.winner] == 1 and len(points) > 2
    r = data["reviews"][0]
    assert 0 <= r["accuracy"] <= 100 and set(r["classes"]) == {INACCURACY, MISTAKE, BLUNDER}
    assert all(d["class"] in ("", INACCURACY, MISTAKE, BLUNDER) for d in r["decisions"])
    assert r["retry"] == [d["at"] for d in r["decisions"] if d["class"] in (MISTAKE, BLUNDER)]
    code, out, _err = run_cli(capsys, "review", "--last", "--save-dir", str(folder.root),
                              "--think-ms", "40", "--lang", "de")
    assert "Gewinnchance, Entscheidung für Entscheidung" in out and "Genauigkeit von Ana" in out
    assert "▲" in out and "Runde" in out


# ------------------------------------------------------------------- practice and verdict

def reviewable(deck, seats, m: Match) -> Reviewable:
    return Reviewable(Path(""), "save", deck, seats, m.seed, list(m.choices))


def test_a_practice_redeals_what_the_seat_could_not_see_and_keeps_what_it_saw(standard_deck):
    """A practice of the decision, not of a known future: the seat's view is the very same,
    the hidden cards are dealt anew; a take-back rewinds to the practised decision at most."""
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "normal"), SeatSpec("Orrin", "easy")]
    m = finished(standard_deck, seats, 21)
    game = reviewable(standard_deck, seats, m)
    at = next(i for i in range(20, len(m.choices))
              if Match.replay(standard_deck, seats, 21, m.choices[:i]).game.pending.seat == 0)
    real = Match.replay(standard_deck, seats, 21, m.choices[:at])
    draws = set()
    for seed in range(6):
        p = practice_copy(game, at, seed=seed)
        assert isinstance(p, Practice) and p.practice and p.at == at and not p.choices
        assert p.game.view(0) == real.game.view(0)
        assert p.events == real.events  # the past as it was told
        draws.add(tuple(p.game.draw))
    assert len(draws) > 1, "the Draw Deck is dealt anew"
    assert tuple(real.game.draw) not in draws or len(draws) == 6
    p.apply(p.game.pending.options[0])
    while p.cpu_to_move():
        p.apply(p.cpu_choice())
    if not p.over and check_take_back(p, 0).allowed:
        take_back(p, 0)
        assert p.game.view(0) == real.game.view(0) and not p.choices


def test_the_verdict_says_as_good_as_the_best_or_how_many_points_worse(standard_deck):
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")]
    m = finished(standard_deck, seats, 5)
    r = review_game(standard_deck, 2, 5, m.choices, 0, budget_ms=40,
                    levels=[s.kind for s in seats])
    spread = max(r.moments, key=lambda x: max(e.chance for e in x.estimates)
                 - min(e.chance for e in x.estimates))
    view = Match.replay(standard_deck, seats, 5, m.choices[:spread.at]).game.view(0)
    best = verdict(spread, view, spread.best)
    assert best.code == AS_GOOD and best.points == 0
    worst = min(spread.estimates, key=lambda e: e.chance)
    v = verdict(spread, view, worst.option)
    gap = round(100 * (spread.best_chance - worst.chance))
    assert (v.code, v.points) == ((WORSE, gap) if gap >= 100 * CLEAR else (AS_GOOD, gap))


# ---------------------------------------------------------------------------- standings

def test_R10_the_standings_are_by_place_later_defeats_placed_higher(standard_deck):
    seats = [SeatSpec(n, "random") for n in ("Ana", "Ben", "Cy", "Di")]
    for seed in range(1, 30):
        m = Match(standard_deck, seats, seed)
        m.run()
        placed = places(m.game, m.events)
        fell = {}
        rnd = 0
        for ev in m.events:
            rnd = ev.get("round", rnd) if ev["type"] in ("round_start", "round_end") else rnd
            if ev["type"] == "defeated":
                fell[ev["seat"]] = rnd
        assert placed[m.game.winner] == 1
        for a in fell:
            for b in fell:
                assert (placed[a] < placed[b]) == (fell[a] > fell[b])  # same round: a tie
        lines = standing_lines(m)
        order = [next(s for s in range(4) if f" {seats[s].name} (" in line) for line in lines]
        assert [placed[s] for s in order] == sorted(placed)
        assert lines[0].startswith("  1. ")


# ------------------------------------------------------------------------------ ratings

def play_people(folder: SaveDir, deck, seed: int, names=("Ana", "Ben"), cpu="normal",
                **marks) -> Autosaver:
    seats = [SeatSpec(n, HUMAN) for n in names] + [SeatSpec("Zora", cpu)]
    m = Match(deck, seats, seed)
    for k, v in marks.items():
        setattr(m, k, v)
    people = [make_agent("normal", seed, 0), make_agent("easy", seed, 1)]
    saver = autosave_new(folder, m)
    while not m.over:
        d = m.game.pending
        m.apply(people[d.seat].choose(m.game.view(d.seat), d) if d.seat < len(names)
                else m.cpu_choice())
    return saver


def test_two_people_playing_three_games_see_their_ratings_change(standard_deck, tmp_path,
                                                                 capsys):
    folder = SaveDir(tmp_path / "saves")
    changes = [play_people(folder, standard_deck, seed).rated for seed in (1, 2, 3)]
    for game in changes:
        assert [c.name for c in game] == ["Ana", "Ben"]  # each person, not the CPU
    rated = ratings.load(folder.root)
    assert len(rated.games) == 3 and set(rated.players) == {"Ana", "Ben"}
    assert any(c.delta != 0 for game in changes for c in game)
    assert rated.players["Ana"].mu == pytest.approx(changes[-1][0].after)
    assert ratings.history(rated, "Ben")[1:] == [ratings.shown(g[1].after) for g in changes]
    record = ratings.head_to_head(rated)[("Ana", "Ben")]
    assert record.games == 3 and sum(record.ahead) == 3
    code, out, _err = run_cli(capsys, "stats", "--save-dir", str(folder.root))
    assert code == 0
    assert "Ratings among friends" in out and "Head to head" in out
    assert ratings.number(ratings.shown(rated.players["Ana"].mu)) in out
    assert "normal 1,500" in out  # the anchor beside them


def test_a_cpu_levels_anchor_never_moves_and_a_game_is_rated_once(standard_deck, tmp_path):
    folder = SaveDir(tmp_path / "saves")
    saver = play_people(folder, standard_deck, 4, names=("Ana",), cpu="hard")
    rated = ratings.load(folder.root)
    assert ratings.rate(rated, saver.match) == []  # already rated
    assert ratings.ANCHORS["hard"] > ratings.ANCHORS["normal"] > ratings.ANCHORS["easy"] > (
        ratings.ANCHORS["random"])
    assert ratings.nearest_level(ratings.ANCHORS["easy"] + 0.1) == "easy"
    assert set(rated.players) == {"Ana"}


def test_daily_and_practice_games_do_not_count(standard_deck, tmp_path):
    folder = SaveDir(tmp_path / "saves")
    assert play_people(folder, standard_deck, 5, names=("Ana",), daily="2026-12-01").rated == []
    m = Match(standard_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 6)
    m.practice = "moment"
    assert not ratings.counts(m)
    assert not (folder.root / ratings.FILE).exists() or not ratings.load(folder.root).games


def test_a_kept_game_missed_by_a_crash_is_rated_with_the_next(standard_deck, tmp_path):
    """Killed between keeping a game and rating it: the next kept game rates both."""
    folder = SaveDir(tmp_path / "saves")
    saver = play_people(folder, standard_deck, 7)
    (folder.root / ratings.FILE).unlink()  # as if the table died before the ratings
    play_people(folder, standard_deck, 8)
    assert len(ratings.load(folder.root).games) == 2
    assert saver.archived is not None


def test_an_unreadable_ratings_file_is_set_aside_and_the_ratings_start_again(tmp_path):
    root = tmp_path / "saves"
    root.mkdir()
    (root / ratings.FILE).write_text("{not json", encoding="utf-8")
    rated = ratings.load(root)
    assert rated.players == {} and rated.problem and "ratings.json.bad" in rated.problem
    assert (root / "ratings.json.bad").read_text(encoding="utf-8") == "{not json"


# -------------------------------------------------------------------------- honest daily

def test_a_forged_daily_streak_is_refused(standard_deck, tmp_path, capsys):
    """Three games against one `random` CPU labelled with three dates are no 3-day streak:
    `stats` counts a daily result only for the day's own seed, seats and levels."""
    folder = SaveDir(tmp_path / "saves")
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")]
    for day in (1, 2, 3):
        m = Match(standard_deck, seats, day)
        while not m.over:  # Ana plays well against a random CPU
            d = m.game.pending
            m.apply(make_agent("normal", day, 0).choose(m.game.view(0), d) if d.seat == 0
                    else m.cpu_choice())
        save = Save.of(m)
        save.daily = date(2026, 12, day).isoformat()
        save.winner = 0  # even a win written in by hand
        folder.archive(save)
    result = stats(folder, is_days_deal)
    assert result.daily == [] and result.refused == 3
    assert stats(folder).daily  # the label alone would have counted
    code, out, _err = run_cli(capsys, "stats", "--save-dir", str(folder.root))
    assert code == 0 and "Current streak" not in out and "not that day's deal" in out
    real = daily_setup(date(2026, 12, 1), "Ana")
    assert is_days_deal("2026-12-01", real.seed, real.seats)
    assert not is_days_deal("2026-12-02", real.seed, real.seats)  # another day's seed
    assert not is_days_deal("2026-12-01", real.seed,
                            [real.seats[0], *[SeatSpec(s.name, "random")
                                              for s in real.seats[1:]]])


@pytest.mark.parametrize("lang", ["en", "fr", "es", "de", "pt", "ko"])
def test_the_review_shows_the_chart_the_accuracy_and_the_classes_in_every_language(
        standard_deck, lang):
    from dread_draw.coach.chart import MARK
    from dread_draw.coach.review import chart_of, chart_text, review_lines
    from dread_draw.coach.words import grade_word
    from dread_draw.i18n import set_language

    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"), SeatSpec("Orrin", "easy")]
    m = finished(standard_deck, seats, 9)
    game = reviewable(standard_deck, seats, m)
    r = review_game(standard_deck, 3, 9, m.choices, 0, budget_ms=40,
                    levels=[s.kind for s in seats])
    set_language(lang)
    try:
        chart = chart_text(game, chart_of(game), [r], 80)
        lines = review_lines(game, r)
        words = {code: grade_word(code) for code in (INACCURACY, MISTAKE, BLUNDER)}
    finally:
        set_language("en")
    english = {"en": None}.get(lang, "Chance of winning")
    assert all(len(line) <= 80 for line in chart[1:-3])
    assert any(MARK in line for line in chart[1:]) == bool(r.turning_points)
    if english:
        assert not chart[0].startswith(english) and "Accuracy of" not in "\n".join(lines)
        assert set(words.values()).isdisjoint({"Inaccuracy", "Mistake", "Blunder"})
    said = "\n".join(lines)
    assert "100" in said  # the accuracy, out of 100
    for m_ in r.moments:
        if grade(m_):
            assert words[grade(m_)] in said


def test_the_charts_round_numbers_never_run_together():
    from dread_draw.coach.chart import chart_lines
    from dread_draw.coach.grades import Curve, Point

    points = tuple(Point(i, r, (0.5, 0.5)) for i, r in enumerate([1, 1, 2, 3, 4, 5, 5, 5, 5]))
    ruler = chart_lines(Curve(points, 0), ["Ana", "Zora"], 30)[-1]
    numbers = ruler.split()[1:]
    assert all(len(n) == 1 for n in numbers) and numbers[0] == "1"
