"""The arena: rotated seats over the same deals, Wilson intervals, latency, and its command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from dread_draw.cli import app
from dread_draw.play.arena import arena_games, ms_text, rotated, run_arena, wilson


def test_wilson_interval_matches_the_textbook_values():
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0
    lo, hi = wilson(81, 100)
    assert lo < 0.81 < hi and hi - lo < 0.16


def test_every_deal_is_played_under_every_seat_rotation(plain_deck):
    kinds = ["normal", "random", "easy"]
    seatings = [rotated(kinds, i) for i in range(3)]
    for s in range(3):  # every agent sits in every seat once per deal
        assert sorted(row[s] for row in seatings) == sorted(kinds)
    games = list(arena_games(plain_deck, kinds, 6, seed=3))
    assert [g.seats for g in games] == seatings * 2


def test_games_are_rounded_up_to_whole_deals(plain_deck):
    r = run_arena(plain_deck, ["normal", "random", "random"], 7, seed=1)
    assert r.games == 9
    assert r.agents["random"].games == 9 and r.agents["random"].seats == 2
    assert sum(a.wins for a in r.agents.values()) == 9


@pytest.mark.parametrize("deck_name", ["standard_deck", "plain_deck"])
def test_normal_beats_random_heads_up_beyond_par(deck_name, request):
    deck = request.getfixturevalue(deck_name)
    r = run_arena(deck, ["normal", "random"], 300, seed=11)
    lo, _ = wilson(r.agents["normal"].wins, r.games)
    assert lo > 0.5  # par heads-up is 50%


def test_normal_beats_three_randoms_beyond_par(standard_deck):
    r = run_arena(standard_deck, ["normal", "random", "random", "random"], 200, seed=12)
    assert wilson(r.agents["normal"].wins, r.games)[0] > 0.25


def test_normal_beats_easy(standard_deck):
    r = run_arena(standard_deck, ["normal", "easy"], 300, seed=13)
    assert wilson(r.agents["normal"].wins, r.games)[0] > 0.5


def test_workers_give_the_same_results_as_one(plain_deck):
    one = [(g.seats, g.winner) for g in arena_games(plain_deck, ["normal", "easy"], 12, 5)]
    two = [(g.seats, g.winner) for g in arena_games(plain_deck, ["normal", "easy"], 12, 5,
                                                    workers=2)]
    assert one == two


def test_arena_json_has_the_documented_shape():
    res = CliRunner().invoke(app, ["arena", "--seats", "normal,random,normal", "--games", "6",
                                   "--seed", "2", "--json", "--deck", "tests/data/plain.toml"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert set(data) == {"games", "players", "agents"}
    assert data["games"] == 6 and data["players"] == 3
    assert set(data["agents"]) == {"normal", "random"}  # seats pooled under their name
    for a in data["agents"].values():
        assert set(a) == {"games", "wins", "win_rate", "ci95", "latency_ms"}
        assert set(a["latency_ms"]) == {"median", "p95"}
        assert a["ci95"][0] <= a["win_rate"] <= a["ci95"][1]
    assert sum(a["wins"] for a in data["agents"].values()) == 6


def test_latencies_keep_their_hundredths_below_ten_ms():
    """normal answers in hundredths of a millisecond: a table of 0.0 would say nothing."""
    assert [ms_text(x) for x in (0.034, 0.051, 9.994, 12.4, 250.6)] == [
        "0.03", "0.05", "9.99", "12", "251"]


def test_arena_table_names_each_agent():
    res = CliRunner().invoke(app, ["arena", "--seats", "hard,normal", "--games", "2",
                                   "--think-ms", "5"])
    assert res.exit_code == 0, res.output
    assert "hard" in res.stdout and "normal" in res.stdout and "95% interval" in res.stdout


@pytest.mark.parametrize("seats, words", [
    ("normal,nobody", "'nobody' is not a CPU agent"),
    ("normal", "2 to 5"),
    ("human,normal", "'human' is not a CPU agent"),
])
def test_bad_seats_are_refused_clearly(seats, words):
    res = run_cli("arena", "--seats", seats, "--games", "2")
    assert res.returncode == 2
    assert words in res.stderr and "Traceback" not in res.stderr


def test_a_bad_deck_is_refused_clearly(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[deck]\nname = 'x'\n")
    res = run_cli("arena", "--deck", str(bad), "--games", "2")
    assert res.returncode == 2 and "bad.toml" in res.stderr and "Traceback" not in res.stderr


def run_cli(*args: str) -> subprocess.CompletedProcess:
    """The real program, as a person runs it (errors exit 2 with a message, no traceback)."""
    return subprocess.run([sys.executable, "-m", "dread_draw", *args], capture_output=True,
                          text=True)
