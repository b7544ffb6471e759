"""The daily deal (the same seed for everyone on a UTC day), and what a save records for the
coach: hints, take-backs and the daily deal, as optional fields old saves do without."""

from __future__ import annotations

import json
from datetime import date

import pytest
from helpers import run_cli

from dread_draw.ai import make_agent
from dread_draw.coach.daily import (
    DAILY_OPTIONS,
    DEALT,
    PAST,
    PLAYED,
    REHEARSED,
    DailyBook,
    daily_record,
    daily_seed,
    daily_setup,
)
from dread_draw.coach.hints import hint, note_hint
from dread_draw.play.sim import Hint, Match, TakeBack
from dread_draw.store.saves import (
    ASSISTED,
    LOST,
    WON,
    Autosaver,
    Save,
    SaveDir,
    SaveError,
    Stats,
    continue_label,
    parse_save,
    read_save,
    saved_game_line,
    stats,
)

DAY = date(2026, 12, 3)


def test_the_daily_seed_is_the_same_all_day_for_everyone_and_new_each_day():
    assert daily_seed(DAY) == daily_seed(date(2026, 12, 3))
    seeds = {daily_seed(date(2026, 1, 1).fromordinal(date(2026, 1, 1).toordinal() + i))
             for i in range(366)}
    assert len(seeds) == 366 and all(0 <= s < 2**48 for s in seeds)


def test_the_daily_deal_seats_the_person_against_three_hard_cpus():
    setup = daily_setup(DAY, "Ana")
    assert setup.seed == daily_seed(DAY) and setup.label == "2026-12-03"
    assert [s.kind for s in setup.seats] == ["human", "hard", "hard", "hard"]
    assert setup.seats[0].name == "Ana"
    names = [s.name for s in daily_setup(DAY, "Zora").seats]
    assert len(set(names)) == 4  # a person called like a CPU keeps their name alone


def test_the_streak_counts_days_won_in_a_row_up_to_today_or_yesterday():
    d = date.fromordinal
    t = DAY.toordinal()
    won = [(d(t - 3), WON), (d(t - 2), WON), (d(t - 1), WON)]
    assert daily_record(won, DAY).streak == 3  # today's deal is still to play
    assert daily_record(won + [(DAY, WON)], DAY).streak == 4
    assert daily_record(won + [(DAY, LOST)], DAY).streak == 0  # lost today
    assert daily_record([(d(t - 2), WON)], DAY).streak == 0  # a day missed
    again = daily_record(won + [(d(t - 1), LOST)], DAY)  # a second try does not count
    assert again.days[d(t - 1)] == WON and again.streak == 3


def test_a_win_with_hints_or_take_backs_is_assisted_and_no_part_of_the_streak():
    d = date.fromordinal
    t = DAY.toordinal()
    helped = [(d(t - 2), WON), (d(t - 1), ASSISTED), (DAY, WON)]
    assert daily_record(helped, DAY).streak == 1
    seats = daily_setup(DAY, "Ana").seats
    for hints, takebacks, result in [([Hint(3, 0)], [], ASSISTED),
                                     ([], [TakeBack(2, 0, 5)], ASSISTED),
                                     ([Hint(3, 1)], [], WON),  # a CPU seat's: not hers
                                     ([], [], WON)]:
        s = Stats()
        s.add(Save(seed=1, seats=seats, choices=[], deck_name="Standard", deck_hash="0" * 64,
                   finished=True, winner=0, hints=hints, takebacks=takebacks,
                   daily=DAY.isoformat()))
        assert s.daily == [(DAY.isoformat(), result)]


def _daily_game(folder: SaveDir, standard_deck, day: date, *, hints: bool = False):
    setup = daily_setup(day, "Ana")
    m = Match(standard_deck, setup.seats, setup.seed, agent_options={"hard": {"samples": 1}})
    m.daily = setup.label
    saver = Autosaver(folder, m).attach()
    person = make_agent("normal", setup.seed, 0)
    while not m.over:
        d = m.game.pending
        if d.seat == 0:
            view = m.game.view(0)
            if hints and len(d.options) > 1 and not m.hints:
                hint(view, d, 5, seed=setup.seed)
                note_hint(m, 0)
                note_hint(m, 0)  # once per decision
            m.apply(person.choose(view, d))
        else:
            m.apply(m.cpu_choice())
    return m, saver.archived


def test_stats_show_each_days_result_and_the_streak(standard_deck, tmp_path, capsys):
    folder = SaveDir(tmp_path / "saves")
    games = [_daily_game(folder, standard_deck, date(2026, 12, day)) for day in (1, 2)]
    kept = [read_save(path) for _, path in games]
    assert [k.daily for k in kept] == ["2026-12-01", "2026-12-02"]
    result = stats(folder)
    assert result.daily == [("2026-12-01", WON if kept[0].winner == 0 else LOST),
                            ("2026-12-02", WON if kept[1].winner == 0 else LOST)]
    code, out, _ = run_cli(capsys, "stats", "--save-dir", str(folder.root))
    assert code == 0 and "Daily deal" in out and "2026-12-02" in out
    assert "Current streak:" in out


def test_a_game_with_hints_says_so_in_its_save_its_replay_and_stats(standard_deck, tmp_path,
                                                                     capsys):
    folder = SaveDir(tmp_path / "saves")
    m, path = _daily_game(folder, standard_deck, DAY, hints=True)
    assert len(m.hints) == 1 and m.hints[0].seat == 0
    assert read_save(path).hints == m.hints
    assert stats(folder).coached["Ana"] == [1, 0]
    code, out, _ = run_cli(capsys, "replay", "--print", str(path))
    assert code == 0 and "Hints used by Ana: 1." in out.splitlines()[:3]
    assert "This game was the daily deal of 2026-12-03." in out


def _a_save(standard_deck) -> dict:
    m = Match(standard_deck, daily_setup(DAY, "Ana").seats, 1)
    from dread_draw.store.saves import Save

    return json.loads(Save.of(m).to_json())


def test_an_older_save_without_the_coachs_fields_still_loads(standard_deck):
    data = _a_save(standard_deck)
    assert not {"hints", "takebacks", "daily"} & set(data)  # written only when they say so
    save = parse_save(json.dumps(data))
    assert (save.hints, save.takebacks, save.daily) == ([], [], None)


@pytest.mark.parametrize("field, value", [
    ("hints", [{"at": -1, "seat": 0}]), ("hints", [{"at": 0, "seat": 9}]),
    ("hints", ["3"]), ("takebacks", [{"at": 0, "seat": 0}]), ("daily", "2026-13-45"),
    ("daily", 20261203), ("hints", {"at": 0}),
])
def test_a_bad_coach_field_is_refused_naming_the_field(standard_deck, field, value):
    data = _a_save(standard_deck)
    data[field] = value
    with pytest.raises(SaveError) as e:
        parse_save(json.dumps(data), "saved.json")
    assert f'"{field}"' in str(e.value) and "saved.json" in str(e.value)


def test_play_daily_deals_todays_seed_to_the_last_person_against_three_hard(monkeypatch):
    from dread_draw.coach.daily import today
    from dread_draw.commands.play import daily_match
    from dread_draw.play.sim import HUMAN, SeatSpec
    from dread_draw.store.setup import Setup

    last = Setup([SeatSpec("Zora", "normal"), SeatSpec("Ana", HUMAN)], 5, "my.toml")
    match, setup = daily_match(last)
    assert match.seed == setup.seed == daily_seed(today())
    assert match.daily == today().isoformat()
    assert [(s.name, s.kind) for s in match.seats][0] == ("Ana", HUMAN)
    assert [s.kind for s in match.seats[1:]] == ["hard"] * 3
    assert match.deck.name == "Standard" and setup.deck is None  # everyone's cards


@pytest.mark.parametrize("extra", [["--seed", "3"], ["--players", "2"], ["--resume"],
                                   ["--cpu", "easy"]])
def test_play_daily_refuses_other_seats_or_seeds_clearly(capsys, extra):
    code, out, err = run_cli(capsys, "play", "--daily", *extra)
    assert code == 2
    assert "--daily deals today's cards" in out + err
    assert "Traceback" not in out + err


def test_the_table_says_it_is_the_daily_deal_but_not_its_seed_until_the_end():
    import asyncio

    from dread_draw.commands.play import daily_match
    from dread_draw.store.setup import Setup
    from dread_draw.tui.app import make_app

    match, setup = daily_match(Setup.default())

    async def run() -> list[str]:
        app = make_app(match, setup=setup, cpu_delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.2)
            top = str(app.screen.query_one("#topbar").render())
            return [n.message for n in app._notifications] + [top]

    said = asyncio.run(run())
    assert said[-1].startswith("DREAD DRAW")  # the top bar, where other games show it
    assert any(f"The daily deal of {match.daily}" in m for m in said)
    assert not any(str(match.seed) in m for m in said)  # with it, --seed deals every card


# ------------------------------------------------------ the loopholes of the daily deal

def _play_daily(monkeypatch, folder: SaveDir, day: date):
    """`play --daily` on `day` in `folder`: the app it would run (not run)."""
    from dread_draw.commands import play as app_module
    from dread_draw.store.setup import Setup

    ran = []
    monkeypatch.setattr("dread_draw.coach.daily.today", lambda: day)
    monkeypatch.setattr("dread_draw.tui.app.run_table", lambda app, **_: ran.append(app))
    app_module.play_daily(folder, Setup.default(),
                          app_module.FrontEnd(None, False, None, folder, {"cpu_delay": 0}))
    return ran[0]


def _started_daily(folder: SaveDir, day: date, choices: int) -> Match:
    """A daily deal of `day` dealt in `folder`, `choices` choices in, then quit."""
    from dread_draw.coach.daily import note_daily
    from dread_draw.commands.play import daily_match
    from dread_draw.store.setup import Setup

    m, _setup = daily_match(Setup.default(), day)
    m.agents[1:] = [make_agent("hard", m.seed, i, samples=1) for i in (1, 2, 3)]
    note_daily(folder.root, m)
    Autosaver(folder, m).attach()
    person = make_agent("normal", m.seed, 0)
    while len(m.choices) < choices:
        d = m.game.pending
        m.apply(person.choose(m.game.view(0), d) if d.seat == 0 else m.cpu_choice())
    return m


def test_quitting_the_daily_keeps_it_to_continue_never_dealt_fresh(monkeypatch, tmp_path):
    folder = SaveDir(tmp_path / "saves")
    m = _started_daily(folder, DAY, 6)
    app = _play_daily(monkeypatch, folder, DAY)
    again = app.first_match
    assert again.choices == m.choices and again.daily == DAY.isoformat()  # where she was
    assert app.first_saver is not None  # and still saved: no dialog offers a new deal
    assert again.agent_options == DAILY_OPTIONS  # its CPUs keep the fixed schedule


def test_a_deal_dealt_once_is_only_practice_afterwards_and_never_saved(monkeypatch, tmp_path):
    folder = SaveDir(tmp_path / "saves")
    _started_daily(folder, DAY, 3)
    folder.current.unlink()  # given up (or replaced by another game)
    app = _play_daily(monkeypatch, folder, DAY)
    practice = app.first_match
    assert practice.practice == PLAYED and practice.daily is None
    assert practice.seed == daily_seed(DAY) and app.saves is None  # never touches the folder


def test_an_earlier_days_deal_is_practice_when_the_clock_is_turned_back(monkeypatch, tmp_path):
    folder = SaveDir(tmp_path / "saves")
    DailyBook(folder.root).note(date(2026, 12, 5), DEALT)
    app = _play_daily(monkeypatch, folder, DAY)
    assert app.first_match.practice == PAST and app.first_match.daily is None
    fresh = _play_daily(monkeypatch, SaveDir(tmp_path / "other"), DAY)
    assert fresh.first_match.daily == DAY.isoformat() and not fresh.first_match.practice


def test_a_daily_seed_played_with_seed_makes_that_days_deal_practice(monkeypatch, tmp_path):
    import asyncio

    from dread_draw.tui.app import make_app

    folder = SaveDir(tmp_path / "saves")
    monkeypatch.setattr("dread_draw.coach.daily.today", lambda: DAY)
    tomorrow = date(2026, 12, 4)
    m = Match(load_standard(), daily_setup(tomorrow, "Ana").seats, daily_seed(tomorrow))

    async def run() -> None:  # `play --seed <tomorrow's daily seed>`
        app = make_app(m, cpu_delay=0, saves=folder)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.1)
            app.exit()

    asyncio.run(run())
    app = _play_daily(monkeypatch, folder, tomorrow)
    assert app.first_match.practice == REHEARSED


def load_standard():
    from dread_draw.deck.cards import load_deck

    return load_deck(None)


def test_play_daily_takes_the_save_folders_lock(capsys, tmp_path):
    other = SaveDir(tmp_path / "saves")
    other.lock()  # another window plays in this folder
    try:
        code, out, err = run_cli(capsys, "play", "--daily", "--save-dir", str(other.root))
    finally:
        other.unlock()
    assert code == 2 and "another window" in out + err and "Traceback" not in out + err


def test_the_daily_cpus_play_their_whole_schedule_however_slow_the_clock(monkeypatch):
    """Two machines, one loaded (its clock runs 50 ms per sample), make the same search."""
    from dread_draw.ai import hard

    setup = daily_setup(DAY, "Ana")
    m = Match(load_standard(), setup.seats, setup.seed)
    while True:  # the first CPU decision with a real choice
        d = m.game.pending
        if d.seat != 0 and len(hard.distinct(m.game.view(d.seat), d)) > 1:
            break
        m.apply(d.options[0] if d.seat == 0 else m.cpu_choice())
    view = m.game.view(d.seat)

    def agent(**options):
        return make_agent("hard", setup.seed, d.seat, **options)

    idle = agent(**DAILY_OPTIONS["hard"]).search(view, d)
    ticks = iter(range(10**6))
    monkeypatch.setattr(hard.time, "perf_counter", lambda: next(ticks) * 0.05)
    loaded = agent(**DAILY_OPTIONS["hard"]).search(view, d)
    timed = agent().search(view, d)  # a CPU on the clock cuts its search short
    k = len(idle.options)
    assert loaded.samples == idle.samples == agent().schedule(k, 4)
    assert loaded.totals == idle.totals and loaded.choice() == idle.choice()
    assert timed.samples < idle.samples


def test_the_continue_label_names_the_daily_deals_day_not_its_seed(tmp_path):
    folder = SaveDir(tmp_path / "saves")
    m = _started_daily(folder, DAY, 2)
    for said in (continue_label(folder), saved_game_line(folder)):
        assert said is not None and DAY.isoformat() in said and str(m.seed) not in said
