"""The table model (dread_draw/table/model.py) at its own speed, with no terminal: who is at the
keyboard at every moment, and what each information key would show them (R11); the issue 24
scenarios that live in the model. A few real-terminal tests stay in test_tui*.py."""

from __future__ import annotations

import os
import random
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dread_draw.play.sim import HUMAN, Match, SeatSpec, make_agent
from dread_draw.rules.privacy import cards_in, for_seat
from dread_draw.table.model import (
    HINT,
    INFO_KEYS,
    READER,
    REVIEW,
    TAKE_BACK,
    HandOff,
    HoldOwn,
    Look,
    RoundOver,
    TableModel,
)
from dread_draw.table.session import NETWORK_KEYS
from dread_draw.words.narrate import describe

GAMES = int(os.environ.get("DREAD_MODEL_GAMES", "60"))  # the closing note's count: 2000


class Checker:
    """Drives one hot-seat game through the model as the table does (the same steps, in the
    same order) and, at every state, presses every information key for the keyboard holder."""

    def __init__(self, match: Match, rng: random.Random) -> None:
        self.m = match
        self.rng = rng
        people = [i for i, s in enumerate(match.seats) if s.is_human]
        self.model = TableModel(match, people, hold_own=True, cpu_delay=0.1)
        self.states = self.keys = 0
        self.events_known: dict[int | None, set[int]] = {}
        self.seen_events: dict[int | None, int] = {}
        self.log_checked: dict[int | None, int] = {}
        self.moments: list[object] = []
        self.hints_at_go_on = 0

    # what each reader may know: everything ever public, and (for a seat) what it was told
    def known(self, seat: int | None) -> set[int]:
        got = self.events_known.setdefault(seat, set())
        events = self.m.events
        start = self.seen_events.get(seat, 0)
        for ev in events[start:]:
            got.update(cards_in(for_seat(ev, -1 if seat is None else seat)))
        self.seen_events[seat] = len(events)
        g = self.m.game
        out = set(got)
        pub = g.public_view()
        out.update(pub.discard, pub.fortune, *pub.rows, *pub.reserves)
        out.update(uid for _d, uid in pub.draw_known)
        if seat is not None:
            v = g.view(seat)
            out.update(v.looking, *v.looking_known)
            out.update(uid for _d, uid in v.draw_known)
            for known in v.life_known:
                out.update(uid for _d, uid in known)
            if v.pending is not None and v.pending.seat == seat:
                out.update(o for o in v.pending.options if o >= 0)
        return out

    def hidden_names(self, seat: int | None) -> list[str]:
        deck = self.m.deck
        known = self.known(seat)
        shown = {deck.card[c].name for c in known}
        return sorted({deck.card[c].name for c in range(len(deck.card)) if c not in known}
                      - shown)

    def clean(self, text: str, hidden: list[str], what: str) -> None:
        for name in hidden:
            assert not re.search(re.escape(name) + r"(?!\w)", text), (
                f"{what}: {name} is shown to {self.model.holder} (seed {self.m.seed}):\n{text}")

    def check(self, moment: object | None) -> None:
        """One state: every key pressed for whoever holds the keyboard."""
        model, m = self.model, self.m
        holder = model.holder
        hidden = self.hidden_names(holder)
        self.states += 1
        texts: list[str] = []
        if isinstance(moment, Look):
            assert moment.seat == holder, "a look is shown to the person who looked"
            texts += moment.lines
        if isinstance(moment, (HandOff, RoundOver)) and model.hot_seat:
            assert holder is None, "behind a hand-off or a round's summary: public only"
        if model.asking is not None:
            assert model.asking.seat == holder, "the prompt waits for the keyboard holder"
            if model.asked_here() is not None:
                view = m.game.view(holder)
                question, options = describe(view.pending, view, model.names)
                texts += [question, *(label for _o, label in options)]
        for key in INFO_KEYS:
            self.keys += 1
            info = model.info(key)
            if key in (HINT, TAKE_BACK):
                if info.offered and isinstance(moment, HandOff):
                    # at a hand-off, the person handing the keyboard on may take back their
                    # last choice (it shows nothing: the rule decides, then they are asked)
                    assert key == TAKE_BACK and holder is None
                    assert info.seat == model.at_keyboard != moment.seat
                elif info.offered:  # the coach reads this seat's own view only (R11)
                    d = m.game.pending
                    assert info.seat == holder and d is not None and d.seat == holder
                    assert model.asking is not None and model.asking.kind == "question"
                elif isinstance(moment, HoldOwn):
                    self.hints_at_go_on += key == HINT
                continue
            if key == READER:
                names = {m.deck.card[c].name for c in model.readable()}
                assert not names & set(hidden), f"the card reader may show {names & set(hidden)}"
                continue
            if key == "l":  # the log only grows: its new lines
                done = self.log_checked.get(holder, 0)
                texts += info.text[done:]
                self.log_checked[holder] = len(info.text)
                continue
            texts += info.text
            texts.append(info.line)
        self.clean("\n".join(texts), hidden, f"state {self.states}")

    def present(self, moments) -> None:
        for moment in moments:
            self.moments.append(moment)
            self.check(moment)

    def play(self) -> None:
        m, model = self.m, self.model
        checker = self

        class Seat:
            def __init__(self, seat: int, cpu) -> None:
                self.seat, self.cpu = seat, cpu
                self.reads_view = True

            def choose(self, view, decision):
                checker.present(model.catch_up())
                person = self.cpu is None
                checker.present(model.turn_start(self.seat, person))
                if person:
                    model.asking_now(self.seat)
                    checker.check(None)
                    option = checker.rng.choice(decision.options)
                    model.answered(self.seat)
                else:
                    checker.check(None)
                    option = self.cpu.choose(view, decision)
                model.move_made()
                return option

        m.agents = [Seat(s, a) for s, a in enumerate(m.agents)]
        m.hooks.append(model.moved)
        m.run()
        self.present(model.catch_up())


def table_of(seed: int) -> list[SeatSpec]:
    rng = random.Random(seed)
    n = rng.randint(2, 5)
    people = rng.randint(2, n)  # hot-seat: at least two people
    kinds = [HUMAN] * people + [rng.choice(("random", "easy")) for _ in range(n - people)]
    rng.shuffle(kinds)
    return [SeatSpec(f"P{i}", k) for i, k in enumerate(kinds)]


@pytest.mark.slow
def test_R11_no_key_shows_a_card_the_keyboard_holder_may_not_know(standard_deck):
    """Issue 24: many seeded hot-seat games (2-5 seats, people and CPUs mixed), at every
    state the model passes through and for every information key (h o l d r v u), the text
    it would show names no card that is neither public nor in the holder's own view; a hint
    or take-back is only ever offered for the holder's own question."""
    games = states = keys = looks = holds = 0
    for seed in range(GAMES):
        m = Match(standard_deck, table_of(seed), seed=seed)
        c = Checker(m, random.Random(seed))
        c.play()
        assert m.over
        games += 1
        states += c.states
        keys += c.keys
        looks += sum(isinstance(x, Look) for x in c.moments)
        holds += sum(isinstance(x, HoldOwn) for x in c.moments)
    print(f"\nmodel privacy: {games} games, {states} states, {keys} keys checked; "
          f"{looks} looks, {holds} own failed reveals")
    assert looks and holds, "the games must include looks and own failed reveals"


def test_at_every_looks_go_on_the_table_names_the_looker(standard_deck):
    """Issue 40: while a person reads what only they may read (a look) or their own failed
    reveal, every part of the table names that person — the top bar's "X to play", the
    highlighted seat band "▶ … TO PLAY" and plain lines' `t` — never the next seat, whose
    decision is already pending behind it; many seeded hot-seat games at the model's speed."""
    from dread_draw.lines.plain import table_lines
    from dread_draw.tui.widgets.seats import seat_states

    named = ahead = 0
    for seed in range(GAMES):
        m = Match(standard_deck, table_of(seed), seed=seed)
        c = Checker(m, random.Random(seed))
        model = c.model
        checked = c.check

        def check(moment, model=model, m=m, checked=checked, seed=seed):
            nonlocal named, ahead
            checked(moment)
            if not isinstance(moment, Look | HoldOwn):
                return
            looker = moment.seat
            assert model.to_play() == looker  # the top bar's "X to play" (TableScreen)
            states = seat_states(model.shown(), m.seats, to_play=model.to_play(),
                                 mine=model.mine())
            assert [st.seat for st in states if st.to_play] == [looker], (seed, moment)
            assert table_lines(m, model)[-1] == f"{model.names[looker]} is to play."
            pending = m.game.pending
            ahead += pending is not None and pending.seat != looker  # (what was named before)
            named += 1

        c.check = check
        c.play()
    assert named > 50 and ahead > 10, (named, ahead)


def test_no_hand_off_once_one_person_is_left_in_the_game(standard_deck):
    """Issue 40: once every other person at the keyboard is defeated, the table is the last
    one's — no hand-off screen asks them to take the keyboard from nobody."""
    late = hand_offs = 0
    for seed in range(GAMES):
        m = Match(standard_deck, table_of(seed), seed=seed)
        c = Checker(m, random.Random(seed))
        checked = c.check

        def check(moment, m=m, checked=checked, people=c.model.people):
            nonlocal late, hand_offs
            checked(moment)
            left = [p for p in people if not m.game.defeated[p]]
            if isinstance(moment, HandOff):
                hand_offs += 1
                assert len(left) > 1, f"a hand-off to {moment.name}, the only person left"
            elif len(left) == 1 and moment is None:
                late += 1  # asked while alone: the check above had its chance

        c.check = check
        c.play()
    assert hand_offs and late, (hand_offs, late)


def test_R11_2_once_every_person_is_out_the_table_shows_only_public_cards(standard_deck):
    """R11.2: when every person at a hot-seat keyboard is out of the game (CPUs play on), no
    one person's knowledge stays on screen for the others: at each round's summary and each
    CPU move the keyboard belongs to nobody (a stale "Only you know, in Zora's Life Deck"
    showed at the summary when both people were out)."""
    watched = 0
    for seed in range(GAMES):
        seats = [SeatSpec("Ana", HUMAN), SeatSpec("Ben", HUMAN),
                 SeatSpec("Zora", "easy"), SeatSpec("Orrin", "easy")]
        m = Match(standard_deck, seats, seed=seed)
        c = Checker(m, random.Random(seed))
        checked = c.check

        def check(moment, m=m, c=c, checked=checked):
            nonlocal watched
            checked(moment)
            if all(m.game.defeated[p] for p in c.model.people) and isinstance(moment,
                                                                               RoundOver):
                watched += 1
                assert c.model.holder is None and c.model.mine() is None, (
                    f"seed {m.seed}: {c.model.holder}'s view stays on screen")

        c.check = check
        c.play()
    assert watched, "some games should go on after both people are out"


def test_a_hint_at_someone_elses_go_on_is_refused_not_answered(standard_deck):
    """Scenario 1: at a person's own failed reveal ("Go on") the pending decision is the
    next seat's (another person's Life Deck draw): `h` must not answer it."""
    refused = 0
    for seed in range(1, 13):
        seats = [SeatSpec("Ana", HUMAN), SeatSpec("Ben", HUMAN), SeatSpec("Zora", "normal")]
        m = Match(standard_deck, seats, seed=seed)
        c = Checker(m, random.Random(seed))
        c.play()
        refused += c.hints_at_go_on
    assert refused >= 3, "the games should reach own failed reveals"


def test_a_look_is_shown_to_the_looker_before_the_keyboard_passes_on(standard_deck):
    """Scenario 4: a person's look (The Oracle, Augur, …) is a moment of its own, held for
    that person, before any hand-off, CPU turn or next question."""
    found = 0
    for seed in range(20):
        m = Match(standard_deck, table_of(seed), seed=seed)
        c = Checker(m, random.Random(seed))
        c.play()
        for i, x in enumerate(c.moments):
            if isinstance(x, Look):
                found += 1
                later = c.moments[i + 1:]
                hand = next((j for j, y in enumerate(later) if isinstance(y, HandOff)), None)
                assert hand is None or hand >= 0  # (the look came first, in order)
                assert x.lines and all(x.lines)
    assert found


def test_an_own_failed_reveal_shows_the_round_as_it_stood(standard_deck):
    """Scenario 6: while a person reads their own failed reveal, the table does not already
    show the round's damage or the next player: no one to play, Life Decks as before."""
    checked = 0
    for seed in range(20):
        m = Match(standard_deck, table_of(seed), seed=seed)
        c = Checker(m, random.Random(seed))
        original = c.check

        def check(moment, c=c, original=original):
            nonlocal checked
            if isinstance(moment, HoldOwn) and c.model.frozen is not None:
                shown = c.model.shown()
                assert shown.pending is None  # nobody "to play" yet
                assert shown.rows[moment.seat] == () and not shown.in_round[moment.seat]
                before = c.model.before
                assert before is not None and shown.life_counts == before.life_counts
                checked += 1
            original(moment)

        c.check = check  # type: ignore[method-assign]
        c.play()
    assert checked


def test_an_own_failed_reveal_after_a_reshuffle_still_shows_the_round_as_it_stood(
        standard_deck):
    """Scenario 6 when the fail is not the move's first event: Ana's reveal reshuffles the
    discard pile into the Draw Deck, then fails, and the round ends with its damage. While
    she reads it, the table is the round at her fail: no one to play, the Life Decks before
    the damage, the reshuffled discard pile gone, her row discarded."""
    seed = 25  # (its decision 102: reshuffle, fail, round_end, damage, defeated, damage)
    m = Match(standard_deck, [SeatSpec("Ana", HUMAN), SeatSpec("B", "easy"),
                              SeatSpec("C", "easy")], seed=seed,
              agents={0: make_agent("easy", seed, 0)})
    model = TableModel(m, [0], hold_own=True, cpu_delay=0.1)
    m.hooks.append(model.moved)
    g = m.game
    held = []
    while g.pending is not None:
        d = g.pending
        model.move_made()
        m.apply(m.agents[d.seat].choose(g.view(d.seat), d))  # type: ignore[union-attr]
        for moment in model.catch_up():
            if isinstance(moment, HoldOwn):
                held.append((d.number, model.before, model.shown(), g.public_view()))
    late = [h for h in held if h[0] == 102]
    assert late, "the seed no longer has a fail after a reshuffle: pick another"
    _n, before, shown, after = late[0]
    assert before is not None and shown is not after
    assert shown.pending is None and shown.round == before.round
    assert shown.life_counts == before.life_counts != after.life_counts  # not yet the damage
    assert shown.rows[0] == () and not shown.in_round[0]
    assert not set(before.discard) & set(shown.discard) - set(after.discard)  # reshuffled


def test_the_review_is_not_offered_at_a_network_table_and_waits_for_the_end(standard_deck):
    """`v` asks the model: a network table does not serve it (the host holds the game's
    choices: the join table crashed on it), a local one only once the game is over."""
    m = Match(standard_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "easy")], seed=3)
    net = TableModel(m, [0], served=NETWORK_KEYS)
    assert not net.info(REVIEW).offered and "network table" in net.info(REVIEW).line
    local = TableModel(m, [0])
    assert not local.info(REVIEW).offered and "end of the game" in local.info(REVIEW).line


def test_hints_and_take_backs_are_not_offered_at_a_network_table(standard_deck):
    """Scenario 2: `h` and `u` at a network table (join, the host's own seat) say so in a
    line — they crashed the table (and the host's game) before."""
    m = Match(standard_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "easy")], seed=3)
    model = TableModel(m, [0], served=NETWORK_KEYS)
    model.asking_now(0)
    for key in (HINT, TAKE_BACK):
        info = model.info(key)
        assert not info.offered and "network table" in info.line
    assert model.info("l").offered


@pytest.mark.parametrize("key", ["h", "u"])
def test_the_network_table_keeps_h_and_u_out_of_its_key_bar(key):
    from dread_draw.tui.remote import RemoteTable

    bound = [b for b in RemoteTable.BINDINGS if b.key == key]
    assert bound and not any(b.show for b in bound)
    assert key not in NETWORK_KEYS  # what a session serves at a network table


def test_the_network_game_over_keeps_v_out_of_its_key_bar():
    from dread_draw.tui.remote import RemoteGameOver

    bound = [b for b in RemoteGameOver.BINDINGS if b.key == "v"]
    assert bound and not any(b.show for b in bound)
    assert REVIEW not in NETWORK_KEYS


# ------------------------------------------------- saves after any choices, h, u, quit

@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000),
       actions=st.lists(st.sampled_from(("choose", "choose", "h", "u", "quit")),
                        min_size=1, max_size=40),
       picks=st.randoms(use_true_random=False))
def test_any_choices_hints_take_backs_and_quits_leave_a_save_that_resumes_the_same(
        standard_deck, seed, actions, picks):
    """Issue 24: random sequences of a person's choices, `h`, `u`, quit and resume, driven
    through the table model (it says whether `h` and `u` are the keyboard holder's to press)
    and the autosave: after each, the save resumes to the same position, the same view for
    every seat, the same hints and take-backs."""
    from dread_draw.coach.hints import note_hint
    from dread_draw.coach.takeback import check_take_back, take_back
    from dread_draw.store.saves import Autosaver, SaveDir, resume

    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Ben", HUMAN), SeatSpec("Zora", "easy")]
    with tempfile.TemporaryDirectory() as tmp:
        folder = SaveDir(Path(tmp) / "saves")
        m = Match(standard_deck, seats, seed=seed)
        saver = Autosaver(folder, m).attach()
        saver.save_now()

        def same(a: Match, b: Match) -> None:
            assert a.choices == b.choices and a.game.pending == b.game.pending
            for s in range(len(seats)):  # (the resumed deck is loaded again: an equal copy)
                assert a.game.view(s)._replace(deck=None) == b.game.view(s)._replace(deck=None)
            assert a.hints == b.hints and a.takebacks == b.takebacks

        for action in actions:
            while not m.over and not m.seats[m.to_move()].is_human:
                m.apply(m.cpu_choice())
            if m.over:
                break
            seat = m.to_move()
            model = TableModel(m, [0, 1])
            model.set_holder(seat)
            model.asking_now(seat)
            if action == "choose":
                m.apply(picks.choice(m.game.pending.options))
            elif action == "h":
                info = model.info(HINT)
                assert info.offered and info.seat == seat
                note_hint(m, info.seat)  # what the hint dialog records
                saver.save_now()
            elif action == "u":
                assert model.info(TAKE_BACK).offered
                if check_take_back(m, seat).allowed:
                    take_back(m, seat)
                    model.restart_story()
                    saver.save_now()
            else:  # quit, then resume
                saver.save_now()
                resumed, saver = resume(folder)
                same(resumed, m)
                m = resumed
        saver.save_now()
        if not m.over:
            resumed, _saver = resume(folder)
            same(resumed, m)


def test_the_table_model_loads_without_textual():
    """A plain-text front end drives the same model: importing it loads no Textual."""
    import subprocess
    import sys

    code = ("import sys, dread_draw.table.model; "
            "sys.exit(1 if any(m == 'textual' or m.startswith('textual.') for m in sys.modules)"
            " else 0)")
    assert subprocess.run([sys.executable, "-c", code], env={**os.environ}).returncode == 0
