"""The daily deal (the same seed for everyone on a UTC day), and what a save records for the
coach: hints, take-backs and the daily deal, as optional fields old saves do without."""

from __future__ import annotations

import json
from datetime import date

import pytest
from helpers import run_cli

from dread_draw.ai import make_agent
from dread_draw.coach import hint, note_hint
from dread_draw.daily import daily_record, daily_seed, daily_setup
from dread_draw.saves import Autosaver, SaveDir, SaveError, parse_save, read_save, stats
from dread_draw.sim import Match

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
    won = [(d(t - 3), True), (d(t - 2), True), (d(t - 1), True)]
    assert daily_record(won, DAY).streak == 3  # today's deal is still to play
    assert daily_record(won + [(DAY, True)], DAY).streak == 4
    assert daily_record(won + [(DAY, False)], DAY).streak == 0  # lost today
    assert daily_record([(d(t - 2), True)], DAY).streak == 0  # a day missed
    again = daily_record(won + [(d(t - 1), False)], DAY)  # a second try does not count
    assert again.days[d(t - 1)] is True and again.streak == 3


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
                hint(view, d, 5, seed=setup.seed, clock=False)
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
    assert result.daily == [("2026-12-01", kept[0].winner == 0),
                            ("2026-12-02", kept[1].winner == 0)]
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
    from dread_draw.saves import Save

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
    from dread_draw.daily import today
    from dread_draw.sim import HUMAN, SeatSpec
    from dread_draw.tui.app import daily_match
    from dread_draw.tui.setup import Setup

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


def test_the_table_says_it_is_the_daily_deal_and_shows_its_seed():
    import asyncio

    from dread_draw.tui.app import daily_match, make_app
    from dread_draw.tui.setup import Setup

    match, setup = daily_match(Setup.default())

    async def run() -> list[str]:
        app = make_app(match, setup=setup, cpu_delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.2)
            return [n.message for n in app._notifications]

    said = asyncio.run(run())
    assert any(f"The daily deal of {match.daily}" in m and f"seed {match.seed}" in m
               for m in said)
