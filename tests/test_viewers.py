"""The views a player opens from the table: the full log (`l`), the discard pile (`d`) and the
odds line (`o`) — what each shows, that each shows only what the person at the keyboard may
know (R11), and that the game waits while one is open.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from helpers import swapped_views as _swapped_views
from test_tui import make_app, sync, until_asked, until_screen
from test_tui import (
    test_the_game_waits_while_a_player_reads_a_screen_over_the_table as waits_while_covered,
)
from test_tui_privacy import ever_public, named_deck, private_cards, screen_text  # noqa: F401
from test_tui_snapshots import advance, app_for, human_asked
from textual.widgets import OptionList

from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.rules import KEEP, SUMMON, Game
from dread_draw.store.setup import Setup, load_setup, save_odds, save_setup
from dread_draw.tui.screens.dialogs import ConfirmQuit, HelpScreen
from dread_draw.tui.screens.handoff import HandOff
from dread_draw.tui.screens.summary import RoundSummary
from dread_draw.tui.screens.table import TableScreen
from dread_draw.tui.viewers import (
    MARK,
    DiscardViewer,
    FullLog,
    LogViewer,
    OddsLine,
    discard_entries,
    log_lines,
)
from dread_draw.tui.widgets.cards import CardReader
from dread_draw.words.narrate import Narrator
from dread_draw.words.odds import odds_sentence, reveal_count

pytestmark = pytest.mark.usefixtures("quick_guards")


@pytest.fixture(scope="module")
def secret_deck(named_deck):  # noqa: F811  (the fixture imported above)
    """The standard deck, one name per physical card (test_tui_privacy.named_deck)."""
    return named_deck

ODDS = re.compile(r"beats (\d+) with (\d+) of (\d+) unseen cards? \((\d+)%\)")


def played(deck, seats, seed: int, until=lambda m: m.over) -> Match:
    """A match played by the CPU rules for every seat (people too) until `until` holds."""
    match = Match(deck, seats, seed=seed)
    while not until(match):
        match.apply(cpu_answers(match))
    return match


def cpu_answers(match: Match) -> int:
    """What `normal` would answer for the seat to move (people included)."""
    from dread_draw.ai import make_agent

    seat = match.to_move()
    return make_agent("normal", 1, seat).choose(match.game.view(seat), match.game.pending)


# ------------------------------------------------------------------------------- the log

HOT_SEAT = [SeatSpec("Ana", HUMAN), SeatSpec("Ben", HUMAN), SeatSpec("Zora", "normal")]


def test_R11_2_the_full_log_names_the_readers_own_private_cards_and_nobody_elses(
        standard_deck):
    """The log for Ana names what Ana drew and saw; every line about anyone else is the
    table's public sentence, word for word."""
    match = Match(standard_deck, HOT_SEAT, seed=3)
    while not match.over:
        match.apply(cpu_answers(match))
    names = [s.name for s in HOT_SEAT]
    for seat in (0, 1):
        public, mine = Narrator(standard_deck, names), Narrator(standard_deck, names, mine=seat)
        told = []
        own_private = 0
        for ev in match.events:
            line, said = public(ev), mine(ev)
            if ev.get("seat") == seat and ev["type"] in ("damage", "outcome"):
                own_private += said != line
            else:
                assert said == line, f"{names[seat]}'s log names what only another saw: {said}"
            if said:
                told.append(("round" if ev["type"] == "round_start" else
                             "mine" if ev.get("seat", ev.get("winner")) == seat else "", said))
        assert own_private, "the game had no private draw or peek to name: proves nothing"
        assert log_lines(match.events, standard_deck, names, seat) == told
    everyone = Narrator(standard_deck, names)
    assert [said for _, said in log_lines(match.events, standard_deck, names, None)] == [
        line for line in map(everyone, match.events) if line]


def test_the_full_log_heads_each_round_and_marks_own_moves_with_a_character(plain_deck):
    match = played(plain_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 4)
    lines = log_lines(match.events, plain_deck, ["Ana", "Zora"], 0)
    rounds = [said for kind, said in lines if kind == "round"]
    assert len(rounds) == match.game.round
    assert all(said.startswith(f"── Round {r}: ") for r, said in enumerate(rounds, 1))
    assert any(kind == "mine" for kind, _ in lines) and any(kind == "" for kind, _ in lines)


@sync
async def test_l_opens_the_whole_log_with_the_newest_line_in_view_and_closes(plain_deck):
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"), SeatSpec("Orrin", "random")]
    match = advance(Match(plain_deck, seats, seed=21),
                    lambda m: m.game.round >= 4 and human_asked(SUMMON)(m))
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_asked(app, pilot)
        await pilot.press("l")
        await until_screen(app, pilot, LogViewer)
        await pilot.pause(0.1)
        log = app.screen.query_one(FullLog)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y  # newest in view
        last = app.screen.lines[-1][1]
        assert last[:30] in screen_text(app).replace("\n", " ")
        assert f"Lines marked {MARK} are Ana's." in screen_text(app)
        await pilot.press("home")
        await pilot.pause(0.05)
        assert log.scroll_y == 0
        await pilot.press("pagedown", "down")
        await pilot.pause(0.05)
        assert log.scroll_y > 1
        await pilot.press("end")
        await pilot.pause(0.05)
        assert log.scroll_y == log.max_scroll_y
        await pilot.press("l")
        await pilot.pause(0.05)
        assert isinstance(app.screen, TableScreen)
        await pilot.press("l")
        await until_screen(app, pilot, LogViewer)
        await pilot.press("escape")
        await pilot.pause(0.05)
        assert isinstance(app.screen, TableScreen)


# ---------------------------------------------------------------------- the discard pile

def test_R11_1_the_discard_viewer_lists_exactly_the_discard_pile(standard_deck):
    match = played(standard_deck, HOT_SEAT, 5, lambda m: len(m.game.discard) >= 25)
    pile = match.game.view(0).discard
    in_order = discard_entries(standard_deck, pile, grouped=False)
    assert [c for c, _ in in_order] == list(pile)
    assert "(the top card)" in str(in_order[-1][1])
    grouped = discard_entries(standard_deck, pile, grouped=True)
    ids = Counter(standard_deck.card[c].id for c in pile)
    assert len(grouped) == len(ids) < len(pile)  # the standard deck has copies
    for c, label in grouped:
        card = standard_deck.card[c]
        assert str(label).lstrip().startswith(f"{ids[card.id]}× {card.name} ({card.strength})")
    strengths = [standard_deck.strength[c] for c, _ in grouped]
    assert strengths == sorted(strengths, reverse=True)


@sync
async def test_d_shows_the_pile_grouped_or_in_order_and_reads_the_card_under_the_cursor(
        standard_deck):
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "normal"), SeatSpec("Orrin", "normal")]
    match = played(standard_deck, seats, 5, lambda m: len(m.game.discard) >= 12
                   and m.seats[m.to_move()].is_human and m.game.pending.kind == SUMMON)
    app = make_app(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await until_asked(app, pilot)
        await pilot.press("d")
        await until_screen(app, pilot, DiscardViewer)
        viewer = app.screen
        pile = match.game.discard
        assert [c for c, _ in discard_entries(standard_deck, pile, grouped=True)] == viewer.cards
        assert {standard_deck.card[c].id for c in viewer.cards} == {
            standard_deck.card[c].id for c in pile}
        reader = viewer.query_one(CardReader)
        assert reader.uid == viewer.cards[0]
        await pilot.press("down")
        assert reader.uid == viewer.cards[1]
        await pilot.press("g")
        assert viewer.cards == list(pile)
        assert reader.uid == pile[-1]  # in order: the cursor on the top card
        assert viewer.query_one(OptionList).option_count == len(pile)
        await pilot.press("d")
        await pilot.pause(0.05)
        assert isinstance(app.screen, TableScreen)


# ------------------------------------------------------- the game waits; keys over a viewer

@pytest.mark.parametrize("key, cover", [("l", LogViewer), ("d", DiscardViewer)])
def test_the_game_waits_while_the_log_or_the_discard_pile_is_open(plain_deck, key, cover):
    """Issue 12's promise, as for the help and the quit question: opened while a CPU is
    thinking, no CPU moves until it is closed, then the CPUs play on."""
    waits_while_covered(plain_deck, key, cover)


@sync
@pytest.mark.parametrize("key, cover", [("l", LogViewer), ("d", DiscardViewer)])
async def test_help_and_quit_work_over_a_viewer(plain_deck, key, cover):
    match = advance(Match(plain_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 2),
                    lambda m: m.game.round >= 2 and human_asked(SUMMON)(m))
    app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_asked(app, pilot)
        await pilot.press(key)
        await until_screen(app, pilot, cover)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, cover)
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("n")
        assert isinstance(app.screen, cover)
        await pilot.press("escape")
        await pilot.pause(0.05)
        assert isinstance(app.screen, TableScreen) and app.return_code is None


# ------------------------------------------------------------------------------- the odds

def test_R11_the_odds_line_counts_the_seats_unseen_cards_as_the_normal_cpu(standard_deck):
    """The numbers are the count from the seat's view (every card it cannot place, those
    stronger than its card to beat), and stay the same when what it cannot see is dealt
    differently (as the CPU's R11 tests swap the hidden cards)."""
    pairs = _swapped_views(standard_deck, 5) + _swapped_views(standard_deck, 6, players=2)
    counted = 0
    for seat, real, swapped in pairs:
        said = odds_sentence(real)
        assert said == odds_sentence(swapped)
        m = ODDS.search(said or "")
        if m is None:
            continue
        bar, n, total, percent = map(int, m.groups())
        unseen = [c for c in range(standard_deck.size) if c not in real.located()]
        assert bar == real.card_to_beat(seat) and total == len(unseen)
        assert n == sum(standard_deck.strength[c] > bar for c in unseen)
        assert percent == round(100 * n / total) or (percent in (1, 99) and 0 < n < total)
        counted += 1
    assert counted > 10


def test_the_odds_say_nothing_untrue_at_a_life_deck_keep_or_out_of_the_round(plain_deck):
    match = played(plain_deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"),
                                SeatSpec("Orrin", "random")], 9,
                   lambda m: m.game.pending.kind == KEEP)
    keeper = match.game.pending.seat
    assert odds_sentence(match.game.view(keeper)) is None
    g = match.game
    out = [s for s in range(3) if not g.in_round[s] and not g.defeated[s]]
    assert all(odds_sentence(g.view(s)) is None for s in out)


def test_R4_2_the_odds_with_an_empty_row_or_a_known_top_card(plain_deck):
    g = Game(plain_deck, 2, seed=1)
    view = g.view(g.pending.seat)
    assert view.rows[view.seat] == ()
    assert odds_sentence(view) == "Your row is empty: any card you reveal succeeds."
    count = reveal_count(view)
    assert count is not None and count.beats == count.total == len(view.unseen())


@sync
async def test_o_toggles_the_odds_line_and_the_setting_is_remembered(plain_deck, tmp_path):
    settings = tmp_path / "last-setup.json"
    remembered = Setup([SeatSpec("Mara", HUMAN), SeatSpec("Zora", "random")], 1)
    save_setup(settings, remembered)
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")]
    match = advance(Match(plain_deck, seats, seed=2),
                    lambda m: m.game.round >= 2 and human_asked(SUMMON)(m)
                    and bool(m.game.rows[0]))
    app = make_app(match, cpu_delay=0, settings=settings, setup=Setup(seats, 2))
    app.animation_level = "none"
    async with app.run_test(size=(100, 30)) as pilot:
        await until_asked(app, pilot)
        line = app.screen.query_one(OddsLine)
        assert not line.display  # off by default
        await pilot.press("o")
        await pilot.pause(0.05)
        assert line.display and line.line == odds_sentence(match.game.view(0))
        assert ODDS.search(screen_text(app))
    data = json.loads(settings.read_text(encoding="utf-8"))
    assert data["odds"] is True and data["seats"] == [["Mara", HUMAN], ["Zora", "random"]]
    assert load_setup(settings).odds
    # the next game opens with the line on
    match2 = advance(Match(plain_deck, seats, seed=2),
                     lambda m: m.game.round >= 2 and human_asked(SUMMON)(m))
    app2 = make_app(match2, cpu_delay=0, settings=settings)
    async with app2.run_test(size=(100, 30)) as pilot:
        await until_asked(app2, pilot)
        assert app2.screen.query_one(OddsLine).display
        await pilot.press("o")
    assert not load_setup(settings).odds


def test_an_older_settings_file_without_the_odds_still_loads(tmp_path):
    settings = tmp_path / "last-setup.json"
    settings.write_text(json.dumps({"seats": [["Mara", HUMAN], ["Zora", "easy"]],
                                    "deck": None}), encoding="utf-8")
    setup = load_setup(settings)
    assert [s.name for s in setup.seats] == ["Mara", "Zora"] and setup.odds is False
    save_odds(settings, True)
    setup = load_setup(settings)
    assert [s.name for s in setup.seats] == ["Mara", "Zora"] and setup.odds is True
    settings.write_text("not json", encoding="utf-8")
    save_odds(settings, True)
    assert load_setup(settings).odds is True  # the default seats, the setting kept


# --------------------------------------------------------------- hot-seat privacy (R11.2)

@pytest.mark.slow
@sync
@pytest.mark.parametrize("seed", [2])  # draws and peeks for both people (seed 1 too: 40 s)
async def test_R11_2_the_log_viewer_and_odds_line_never_show_the_other_persons_cards(
        secret_deck, seed):
    """Two people and a CPU, the odds line on: at every question the person who took the
    keyboard opens the log; neither it nor the odds line ever names a card only the other
    person may know — before their hand-off or after the keyboard passes back — and behind
    a hand-off or a round summary the odds line is hidden."""
    match = Match(secret_deck, HOT_SEAT, seed=seed)
    app = make_app(match)
    app.setup.odds = True
    names = [s.name for s in HOT_SEAT]
    opened = shown = asked = 0
    last: int | None = None
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(3000):
            screen = app.screen
            table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
            odds = table.query_one(OddsLine)
            if match.over:
                break
            if isinstance(screen, (HandOff, RoundSummary)):
                assert not odds.display and table.viewer is None
                if screen.ready:
                    await pilot.press("enter")
                else:
                    await pilot.pause(0.02)
                continue
            if not (isinstance(screen, TableScreen) and screen.answer is not None):
                await pilot.pause(0.01)
                continue
            holder = table.viewer
            # the person the prompt waits for holds the keyboard: the question's seat, or
            # the person reading their own failed reveal or look (issue 24)
            assert table.model.asking is not None and holder == table.model.asking.seat
            if odds.display:
                shown += 1
                assert odds.line == odds_sentence(match.game.view(holder))
            asked += 1
            if holder == last and asked % 4:  # the log at each change of hands, and now and then
                await pilot.press("1")
                await pilot.pause(0.01)
                continue
            last = holder
            await pilot.press("l")
            await until_screen(app, pilot, LogViewer)
            opened += 1
            viewer = app.screen
            assert viewer.seat == holder
            assert viewer.lines == log_lines(match.events, secret_deck, names, holder)
            whole = "\n".join(said for _, said in viewer.lines) + "\n" + screen_text(app)
            public = ever_public(match)
            other = 1 - holder
            for c in private_cards(match, other, public):
                name = secret_deck.card[c].name
                assert not re.search(re.escape(name) + r"(?!\w)", whole), (
                    f"{name}, known only to {names[other]}, shown to {names[holder]}")
            await pilot.press("escape")
            await pilot.pause(0.01)
            await pilot.press("1")
            await pilot.pause(0.01)
    assert match.over and opened > 10 and shown > 5, (opened, shown)


# ------------------------------------------------------------------------------ snapshots

SIZES = [(80, 24), (200, 60), (120, 40)]  # ids size0, size1, size2


def snapshot_match(standard_deck) -> Match:
    """Round 3 of a four-player game, Ana to reveal over The Cradle: draws, peeks and
    abilities in the log, two dozen cards in the discard pile."""
    seats = [SeatSpec("Ana", HUMAN)] + [SeatSpec(n, "normal") for n in ("Zora", "Orrin", "Vesna")]
    return advance(Match(standard_deck, seats, seed=21),
                   lambda m: m.game.round >= 3 and human_asked(SUMMON)(m)
                   and bool(m.game.rows[0]))


def opened(*keys: str):
    async def run_before(pilot) -> None:
        await until_asked(pilot.app, pilot)
        for key in keys:
            await pilot.press(key)
        await pilot.pause(0.2)
    return run_before


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_the_full_log(snap_compare, standard_deck, size):
    assert snap_compare(app_for(snapshot_match(standard_deck)), terminal_size=size,
                        run_before=opened("l"))


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_the_discard_pile(snap_compare, standard_deck, size):
    assert snap_compare(app_for(snapshot_match(standard_deck)), terminal_size=size,
                        run_before=opened("d", "down", "down"))


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_the_discard_pile_in_order(snap_compare, standard_deck, size):
    assert snap_compare(app_for(snapshot_match(standard_deck)), terminal_size=size,
                        run_before=opened("d", "g"))


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_the_odds_line(snap_compare, standard_deck, size):
    app = app_for(snapshot_match(standard_deck))
    app.setup.odds = True  # as remembered (pressing o would also show a passing notice)
    assert snap_compare(app, terminal_size=size, run_before=opened())
