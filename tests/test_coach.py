"""The coach: hints from the seat's view only (R11), calibrated chances, reasons as data, the
review of a finished game and `dread-draw review`."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from helpers import DATA, run_cli, swapped_views

from dread_draw.ai import make_agent
from dread_draw.ai.hard import HardAgent, distinct
from dread_draw.coach.hints import (
    AT_STAKE,
    BEATS,
    CHOICE,
    CLEAR,
    PLAY,
    TOP_KNOWN,
    Estimate,
    Moment,
    hint,
    reasons,
    review_game,
    turning_points,
)
from dread_draw.coach.words import hint_lines, option_words, reason_text
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.rules import REVEAL, SUMMON, Game

QUICK = 20  # ms: a tiny budget keeps the tests quick (a hint plays its whole schedule)


def by_strength(deck, strength: int, skip: int = 0) -> int:
    return [c for c in range(deck.size)
            if deck.strength[c] == strength and deck.ability[c] is None][skip]


# ------------------------------------------------------------------------------ hints

def test_R11_a_hint_is_the_same_when_the_seats_unseen_cards_are_dealt_differently(
        standard_deck, monkeypatch):
    """Deal every card the seat cannot see differently: the hint's inputs (the view, and the
    games its search deals itself) and its result are unchanged."""
    import dread_draw.ai.hard as hard

    deals: list = []
    real = hard.determinize

    def recording(view, rng, unseen=None):
        g = real(view, rng, unseen)
        deals.append((tuple(g.draw), tuple(map(tuple, g.life))))
        return g

    monkeypatch.setattr(hard, "determinize", recording)
    pairs = swapped_views(standard_deck, 11, players=3)[:5] + \
        swapped_views(standard_deck, 12, players=2)[:5]
    assert len(pairs) == 10
    for _seat, view, swapped in pairs:
        assert view == swapped  # the hint's input: all it is given
        a = hint(view, view.pending, QUICK, seed=5)
        seen = deals[:]
        deals.clear()
        b = hint(swapped, swapped.pending, QUICK, seed=5)
        assert seen == deals and a == b
        deals.clear()


def test_the_hint_tells_hards_own_search_with_the_same_budget_and_full_rollouts(
        standard_deck):
    """The hard CPU and the hint differ only in budget and in how far their rollouts go (the
    coach's to the end of the game): with the same ones, the hint's chances are hard's own
    estimates, and its best is the option estimated highest (hard, more cautious, plays its
    heuristic's choice unless another beats it clearly)."""
    for _seat, view, _ in swapped_views(standard_deck, 3, players=2)[:8]:
        d = view.pending
        cpu = make_agent("hard", 9, view.seat, think_ms=QUICK, horizon=None,
                         stop_ms=10**6)  # its whole schedule, as the hint's, however loaded
        found = cpu.search(view, d)
        h = hint(view, d, QUICK, seed=9)
        means = {o: found.mean(i) for i, o in enumerate(found.options)}
        assert {e.option: e.chance for e in h.estimates} == {
            o: m for o, m in means.items() if o in {e.option for e in h.estimates}}
        assert h.chance(h.best) == max(e.chance for e in h.estimates)
        if h.best != cpu.choose(view, d):
            assert cpu.choose(view, d) == found.prior  # hard kept to its heuristic


def test_a_hint_gives_a_chance_for_each_option_it_considered(standard_deck):
    pairs = swapped_views(standard_deck, 4, players=3)[:6]
    for _seat, view, _ in pairs:
        h = hint(view, view.pending, QUICK, seed=1)
        options = [e.option for e in h.estimates]
        assert options and set(options) <= set(view.pending.options)
        assert h.best in options
        assert all(0.0 <= e.chance <= 1.0 and e.samples > 0 for e in h.estimates)
        lines = hint_lines(h, standard_deck, ["Ana", "Ben", "Cal"])
        assert sum("(best)" in line for line in lines) == 1


def _reveal_or_reserve(deck):
    """Seat 0 must beat a 7 and holds a 12 in reserve; seat 1's row deals 3 damage."""
    seven, abyss = by_strength(deck, 7), [c for c in range(deck.size)
                                          if deck.card[c].id == "the-abyss"][0]
    hound = [c for c in range(deck.size) if deck.card[c].id == "the-hound"][0]
    g = Game.setup(deck, 2, life=[[1, 2, 3], [4, 5, 6]], reserves=[[abyss], []])
    for seat, cards in ((0, [seven]), (1, [hound])):
        for c in cards:
            g.draw.remove(c)
        g.rows[seat] = list(cards)
        g.totals[seat] = sum(deck.strength[c] for c in cards)
    g.ask(0, SUMMON, (REVEAL, abyss), lambda *a: None)
    return g


def test_the_best_is_the_highest_chance_and_a_near_tie_is_an_overlap_of_intervals(
        standard_deck):
    """The coach never marks "(best)" beside a lower chance, and calls a near-tie only when
    the two chances' 95% intervals overlap: a gap wider than both margins is no tie."""
    told_apart = tied = 0
    for players, seed in ((2, 24), (4, 22)):
        for _seat, view, _ in swapped_views(standard_deck, seed, players=players)[:8]:
            h = hint(view, view.pending, 60, seed=seed)
            best = next(e for e in h.estimates if e.option == h.best)
            assert best.chance == max(e.chance for e in h.estimates)
            for e in h.estimates:
                assert 0 < e.margin < 1
                if e.option != h.best:
                    overlap = e.chance + e.margin >= best.chance - best.margin
                    assert (e.option in h.near) == overlap
                    told_apart += not overlap
                    tied += overlap
            lines = hint_lines(h, standard_deck, ["Ana", "Ben", "Cal", "Dee"])
            (marked,) = [line for line in lines if "(best)" in line]
            assert marked.startswith(option_words(standard_deck, view.pending, h.best,
                                                  ["Ana", "Ben", "Cal", "Dee"]))
    assert told_apart and tied  # the positions hold both


def test_a_hint_shared_among_worker_processes_is_the_single_process_hint_exactly(
        standard_deck):
    """The hint's fixed schedule, shared among worker processes, gives the very numbers one
    process gives: only the waiting differs. While it refines, each answer is from fewer
    deals; the last is the whole schedule's."""
    import asyncio

    from dread_draw.base.runner import Workers
    from dread_draw.coach.hints import Thinking

    async def refined(thinking):
        return [h async for h in thinking.hints(first=0, every=0)]

    pool = Workers(2, preload=["dread_draw.coach.hints"])
    try:
        for players, seed in ((2, 3), (4, 5)):
            levels = ["human", "easy", "normal", "random"][:players]
            for _seat, view, _ in swapped_views(standard_deck, seed, players=players)[:2]:
                d = view.pending
                if view.seat != 0:
                    continue
                alone = hint(view, d, 60, seed=seed, levels=levels)
                assert Thinking(view, d, 60, seed=seed, levels=levels,
                                workers=pool).wait() == alone
                answers = asyncio.run(refined(Thinking(view, d, 60, seed=seed, levels=levels,
                                                       workers=pool)))
                assert answers[-1] == alone and answers[-1].final
                assert all(not h.final and 0 < h.deals < alone.deals for h in answers[:-1])
    finally:
        pool.shutdown()


def test_the_sessions_hint_refines_to_the_very_lines_plain_lines_wait_for(
        standard_deck, monkeypatch):
    """Every front end asks the session: plain lines wait for `hint_lines`, the full table
    shows `think_hint`'s answers as they refine — the last of them is `hint_lines`'s word
    for word (so every front end says the same), the earlier ones say they are an answer so
    far. Each records the hint once per question and saves; a hint whose question has been
    answered meanwhile stops without a word, and none is started for it."""
    import asyncio
    import functools

    import dread_draw.table.session as table_session
    from dread_draw.play.sim import HUMAN
    from dread_draw.table.session import Session

    monkeypatch.setattr(table_session, "HINT_MS", 60)
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "easy"), SeatSpec("Orrin", "hard")]

    def at_anas_choice(seed: int) -> Match | None:
        m = Match(standard_deck, seats, seed=seed)
        m.play_cpus()
        while not m.over and len(m.game.pending.options) == 1:  # Ana's choices with no choice
            m.apply(m.game.pending.options[0])
            m.play_cpus()
        return m if m.to_move() == 0 and len(m.game.pending.options) > 1 else None

    match = next(m for m in map(at_anas_choice, range(40)) if m is not None)
    saved: list[int] = []
    session = Session(match, None, save=lambda: saved.append(len(match.hints)))

    async def answers(asked):
        return [a async for a in asked.so_far()]

    whole = session.hint_lines(0)
    assert whole[0].startswith("The coach would choose: ") and whole[1] == ""
    assert "The coach imitates hard CPUs quickly" in whole[-1]  # the seats' levels
    assert [h.seat for h in match.hints] == [0] and saved == [1]
    asked = session.think_hint(0)
    asked.thinking.hints = functools.partial(asked.thinking.hints, 0, 0)  # every answer
    refined = asyncio.run(answers(asked))
    assert list(refined[-1].lines) == whole and refined[-1].final and not refined[-1].progress
    for so_far in refined[:-1]:
        assert not so_far.final and so_far.lines[0].startswith("So far the coach leans to: ")
        assert so_far.progress.startswith("Still thinking: ")
    assert [h.seat for h in match.hints] == [0] and saved == [1, 1]  # the same question

    late = session.think_hint(0)
    match.apply(match.game.pending.options[0])  # answered before the coach said a word
    assert asyncio.run(answers(late)) == []
    if match.to_move() != 0:
        assert session.think_hint(0) is None


def test_R4_3_the_reason_counts_the_unseen_cards_that_beat_the_card_to_beat(standard_deck):
    g = _reveal_or_reserve(standard_deck)
    view = g.view(0)
    why = {r.code: r for r in reasons(view, g.pending)}
    unseen = view.unseen()
    better = sum(standard_deck.strength[c] > 7 for c in unseen)
    assert why[BEATS].numbers == {"bar": 7, "better": better, "unseen": len(unseen)}
    assert why[AT_STAKE].numbers == {"damage": 3, "life": 3}  # R7.1: the Hound's 3 dots
    text = reason_text(why[BEATS], standard_deck, ["Ana", "Ben"])
    assert text.startswith(f"{better} of the {len(unseen)} cards you have not seen beat")


def test_R11_2_a_top_card_the_seat_saw_is_the_reason_not_the_odds(standard_deck):
    g = _reveal_or_reserve(standard_deck)
    top = g.draw[-1]
    g.knows[0].add(top)
    why = {r.code: r for r in reasons(g.view(0), g.pending)}
    assert BEATS not in why
    assert why[TOP_KNOWN].cards == (top,)
    assert why[TOP_KNOWN].numbers["beats"] == int(standard_deck.strength[top] > 7)
    assert TOP_KNOWN not in {r.code for r in reasons(g.view(1), g.pending._replace(seat=1))}


# ----------------------------------------------------------------------------- reviews

@pytest.fixture(scope="module")
def reviewed(standard_deck):
    """A finished 2-player game of `normal` CPUs, reviewed for seat 0, with every view the
    review's search was given."""
    m = Match(standard_deck, [SeatSpec("Ana", "normal"), SeatSpec("Ben", "normal")], 5)
    m.run()
    given: list = []
    search = HardAgent.search

    def spying(self, view, decision, **kwargs):
        given.append(view)
        return search(self, view, decision, **kwargs)

    HardAgent.search = spying
    try:
        r = review_game(standard_deck, 2, 5, m.choices, 0, budget_ms=QUICK)
    finally:
        HardAgent.search = search
    return m, r, given


def test_R11_a_review_judges_each_decision_from_the_seats_view_at_that_moment(reviewed,
                                                                            standard_deck):
    """Never hindsight: at each of the seat's decisions the search is given exactly what the
    seat could see then — its view of the game replayed to that moment."""
    m, r, given = reviewed
    assert len(given) == len(r.moments) > 10
    for moment, view in zip(r.moments, given, strict=True):
        again = Match.replay(standard_deck, m.seats, 5, m.choices[:moment.at]).game
        assert again.pending.seat == 0 and view == again.view(0)
        assert moment.decision == again.pending


def test_a_review_looks_at_every_real_choice_of_the_seat_and_no_other(reviewed):
    m, r, _ = reviewed
    g = Match.replay(m.deck, m.seats, 5, []).game
    real = []
    for at, option in enumerate(m.choices):
        d = g.pending
        if d.seat == 0 and len(d.options) > 1:
            if len(distinct(g.view(0), d)) > 1:
                real.append(at)
            else:  # copies of one card: one choice, nothing to weigh
                assert len({m.deck.card[o].id for o in d.options}) == 1
        g.choose(option)
    assert [mo.at for mo in r.moments] == real
    for mo in r.moments:
        chosen = m.choices[mo.at]
        assert m.deck.card[mo.chosen].id == m.deck.card[chosen].id if chosen >= 0 \
            else mo.chosen == chosen
    assert r.won == (m.game.winner == 0)


def test_a_review_flags_only_clear_margins_and_turning_points_beyond_the_noise(reviewed):
    _, r, _ = reviewed
    for mo in r.mistakes:
        assert mo.best != mo.chosen and mo.best_chance - mo.chosen_chance >= 0.05
    assert 1 <= len(r.turning_points) <= 3
    swings = [abs(t.swing) for t in r.turning_points]
    assert swings == sorted(swings, reverse=True)
    by_at = {mo.at: mo for mo in r.moments}
    for t in r.turning_points:
        assert abs(t.swing) >= CLEAR
        if t.kind == CHOICE:
            assert by_at[t.at].best != by_at[t.at].chosen and by_at[t.at].clear
        else:  # and every fact it gives goes the swing's way
            assert t.kind == PLAY and t.facts
            assert all((f.code == "won round" or f.code == "defeated" and f.seat != 0)
                       == (t.swing > 0) for f in t.facts)


def _moment(m: Moment, at: int, chance: float, samples: int = 400) -> Moment:
    """`m` moved to place `at`, with one option, chosen and best, at `chance`."""
    return replace(m, at=at, chosen=m.chosen, best=m.chosen, clear=False,
                   estimates=(Estimate(m.chosen, chance, samples),))


def test_a_turning_point_gives_only_facts_that_go_its_way_and_none_within_the_noise(
        reviewed):
    _, r, _ = reviewed
    m = r.moments[0]
    events = [{"type": "damage", "seat": 0, "amount": 2},
              {"type": "round_end", "winner": 0, "damage": 3, "round": 1}]
    # 30% -> 60%: the round won is why; the damage taken on the way is not
    up = turning_points([_moment(m, 0, 0.3), _moment(m, 1, 0.6)], events, [0, 2], 0, False)
    assert [f.code for f in up[0].facts] == ["won round"]
    # 30% -> 60% with only the damage to show for it: no turning point at all
    alone = turning_points([_moment(m, 0, 0.3), _moment(m, 1, 0.6)], events[:1], [0, 1], 0,
                           False)
    assert alone == []
    # 30% -> 33%, or 30% -> 45% from estimates of 20 samples each: noise, not a turning point
    for after, n in [(0.33, 400), (0.45, 20)]:
        assert turning_points([_moment(m, 0, 0.3, n), _moment(m, 1, after, n)], events,
                              [0, 2], 0, False) == []


def test_review_lines_name_each_decisions_question(reviewed, standard_deck):
    from dread_draw.coach.words import moment_text, question_words
    from dread_draw.rules import KEEP, PICK_CARD, TO_TOP, Pick

    m = reviewed[1].moments[0]
    summon = m.decision._replace(kind=SUMMON, options=(REVEAL, 3))
    assert question_words(standard_deck, summon) == (
        "reveal the top card or summon from your reserves")
    keep = m.decision._replace(kind=KEEP)
    assert question_words(standard_deck, keep) == "which drawn card to keep"
    top = m.decision._replace(kind=PICK_CARD, pick=Pick(TO_TOP, "", None))
    assert question_words(standard_deck, top) == "which card goes on top of the Draw Deck"
    line = moment_text(replace(m, decision=keep), standard_deck, ["Ana", "Ben"])
    assert line.startswith(f"Round {m.round}, which drawn card to keep: you chose Keep ")


def test_the_hint_says_what_it_assumes_of_the_other_seats_and_flags_near_ties(standard_deck):
    seats = [SeatSpec("Ana", "human"), SeatSpec("Zora", "easy"), SeatSpec("Orrin", "hard")]
    m = Match(standard_deck, seats, 11)
    ana = make_agent("normal", 11, 0)
    while True:
        d = m.game.pending
        if d.seat == 0 and len(distinct(m.game.view(0), d)) > 1:
            break
        m.apply(ana.choose(m.game.view(0), d) if d.seat == 0 else m.cpu_choice())
    view = m.game.view(0)
    h = hint(view, d, QUICK, seed=11, levels=[s.kind for s in seats])
    assert h.styles == ("normal", "easy", "hard")  # hard: its likeness (ai/hardlike.py)
    lines = hint_lines(h, standard_deck, [s.name for s in seats])
    assert lines[-1] == "Chances assume the other seats play: Zora like easy, Orrin like hard."
    plain = hint(view, d, QUICK, seed=11)
    assert hint_lines(plain, standard_deck, [s.name for s in seats])[-1] == (
        "Chances assume every other seat plays like normal.")
    for e in h.estimates:  # a near-tie is said to be one; a clear gap is not
        said = next(x for x in lines if x.startswith(option_words(standard_deck, d, e.option,
                                                                   ["Ana", "Zora", "Orrin"])))
        assert ("near-tie" in said) == (e.option in h.near)


def test_a_review_is_the_same_every_time(reviewed, standard_deck):
    m, r, _ = reviewed
    assert review_game(standard_deck, 2, 5, m.choices, 0, budget_ms=QUICK) == r


# ------------------------------------------------------------------- dread-draw review

PEOPLE = [SeatSpec("Ana", "human"), SeatSpec("Ben", "normal"), SeatSpec("Cal", "human")]


def _saved(tmp_path, deck_path, *, finish: bool = True, seats=PEOPLE):
    """A game saved as the table saves it: people answer like `normal`."""
    from dread_draw.deck.cards import load_deck
    from dread_draw.store.saves import Autosaver, SaveDir

    folder = SaveDir(tmp_path / "saves")
    m = Match(load_deck(deck_path), seats, 3)
    saver = Autosaver(folder, m).attach()
    people = {s: make_agent("normal", 3, s) for s, spec in enumerate(seats) if spec.is_human}
    while not m.over and (finish or len(m.choices) < 20):
        d = m.game.pending
        agent = people.get(d.seat)
        m.apply(agent.choose(m.game.view(d.seat), d) if agent else m.cpu_choice())
    return folder, saver.archived if finish else folder.current


@pytest.fixture
def deck_path():
    from dread_draw.deck.cards import standard_deck_path

    return standard_deck_path()


def test_review_reviews_each_person_of_a_saved_game_in_turn(capsys, tmp_path, deck_path):
    folder, kept = _saved(tmp_path, deck_path)
    before = (kept.read_bytes(), kept.stat().st_mtime_ns)
    code, out, err = run_cli(capsys, "review", "--last", "--save-dir", str(folder.root),
                             "--think-ms", "5")
    assert code == 0, err
    assert "Ana (seat 1)" in out and "Cal (seat 3)" in out and "Ben (seat 2)" not in out
    assert "decisions with a real choice were looked at" in out
    assert (kept.read_bytes(), kept.stat().st_mtime_ns) == before  # never changes the save
    code, out, err = run_cli(capsys, "review", str(kept), "--seat", "2", "--json",
                             "--think-ms", "5")
    assert code == 0, err
    data = json.loads(out)
    assert [r["name"] for r in data["reviews"]] == ["Ben"] and data["source"] == "save"
    review = data["reviews"][0]
    assert len(review["turning_points"]) <= 3
    for d in review["decisions"]:
        assert {o["option"] for o in d["options"]} >= {d["chosen"], d["best"]}


def test_review_studies_any_seat_of_any_game_of_a_simulate_log(capsys, tmp_path):
    log = tmp_path / "games.jsonl"
    code, _, err = run_cli(capsys, "simulate", "--players", "3", "--games", "3", "--agent",
                           "normal", "--log", str(log))
    assert code == 0, err
    code, out, err = run_cli(capsys, "review", str(log), "--game", "2", "--seat", "3",
                             "--json", "--think-ms", "5")
    assert code == 0, err
    data = json.loads(out)
    assert data["source"] == "log" and data["game"] == 2
    assert data["reviews"][0]["seat"] == 2 and data["reviews"][0]["name"] == "Seat 3"


@pytest.mark.parametrize("case", ["not a save", "no such game", "no such seat", "in progress",
                                  "other deck", "other deck log", "game of a save"])
def test_review_refuses_bad_input_with_one_clear_message_and_exit_2(capsys, tmp_path, case,
                                                                     deck_path):
    plain = DATA / "plain.toml"
    log = tmp_path / "games.jsonl"
    deck_args = ["--deck", str(plain)] if case == "other deck log" else []
    run_cli(capsys, "simulate", "--players", "3", "--games", "2", "--log", str(log), *deck_args)
    if case == "not a save":
        target, args, said = tmp_path / "notes.txt", [], "not a Dread Draw save or event log"
        target.write_text("dear diary\n")
    elif case == "no such game":
        target, args, said = log, ["--game", "9"], "there is no game 9"
    elif case == "no such seat":
        target, args, said = log, ["--seat", "5"], "--seat 5 is not one of them"
    elif case == "in progress":
        _, target = _saved(tmp_path, deck_path, finish=False)
        args, said = [], "still in progress"
    elif case == "other deck":
        _, target = _saved(tmp_path, deck_path)
        args, said = ["--deck", str(plain)], "not with"
    elif case == "other deck log":
        target, args, said = log, [], "played with another deck"
    else:
        _, target = _saved(tmp_path, deck_path)
        args, said = ["--game", "1"], "is a saved game, not an event log"
    code, out, err = run_cli(capsys, "review", str(target), "--think-ms", "5", *args)
    assert code == 2 and out == ""
    assert said in " ".join(err.split()) and str(target) in " ".join(err.split())
    assert "Traceback" not in err
