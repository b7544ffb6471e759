"""`dread-draw simulate` and friends, as a person at a terminal would run them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from dread_draw.cli import app
from dread_draw.deck.cards import load_deck
from dread_draw.play.sim import replay_log

runner = CliRunner()
REQUIRED = {
    "game_start": {"game", "seed", "players", "deck_size", "life", "draw", "starting_seat"},
    "round_start": {"round", "starting_seat", "in_round"},
    "turn": {"seat"},
    "summon": {"seat", "card", "source", "row_total"},
    "fail": {"seat", "card", "discarded"},
    "ability": {"seat", "card", "when", "effect", "used"},
    "outcome": {"seat", "card", "effect"},  # what an ability did (its own event, issue 13)
    "ability_idle": {"seat", "card", "when", "effect"},  # R9.7: it could do nothing
    "ability_lost": {"seat", "card", "when", "effect"},  # R9.6: its card moved away first
    "reshuffle": {"count"},
    "round_end": {"round", "winner", "damage"},
    "damage": {"seat", "amount", "drawn", "kept", "life"},
    "gain_life": {"seat", "amount", "life"},
    "defeated": {"seat"},
    "game_end": {"winner", "rounds", "fortune"},
}


def simulate(*args: str):
    return runner.invoke(app, ["simulate", *args], catch_exceptions=False)


def test_simulate_prints_a_summary_table():
    r = simulate("--players", "3", "--games", "20", "--seed", "4")
    assert r.exit_code == 0, r.output
    for words in ("20 games", "rounds per game (median)", "rounds per game (90th percentile)",
                  "decisions per game", "wins, seat 1", "wins, seat 3", "games per second"):
        assert words in r.output


def test_the_log_has_the_required_events_and_fields(tmp_path):
    log = tmp_path / "games.jsonl"
    assert simulate("--games", "30", "--log", str(log)).exit_code == 0
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert sum(e["type"] == "game_start" for e in events) == 30
    seen = set()
    for e in events:
        assert e["type"] in REQUIRED, f"unexpected event type {e['type']}"
        assert REQUIRED[e["type"]] <= set(e), e
        seen.add(e["type"])
    assert {"game_start", "round_start", "turn", "summon", "fail", "round_end", "damage",
            "game_end"} <= seen
    card = next(e["card"] for e in events if e["type"] == "summon")
    assert {"id", "strength", "damage"} <= set(card)


def test_same_arguments_same_log_byte_for_byte_with_any_workers(tmp_path):
    a, b, c = (tmp_path / f"{x}.jsonl" for x in "abc")
    assert simulate("--games", "12", "--seed", "9", "--log", str(a)).exit_code == 0
    assert simulate("--games", "12", "--seed", "9", "--log", str(b)).exit_code == 0
    assert simulate("--games", "12", "--seed", "9", "--log", str(c),
                    "--workers", "2").exit_code == 0
    assert a.read_bytes() == b.read_bytes() == c.read_bytes()


def test_a_logged_game_replays_to_the_same_events(tmp_path):
    log = tmp_path / "g.jsonl"
    simulate("--games", "3", "--players", "4", "--log", str(log))
    games, current = [], []
    for line in log.read_text().splitlines():
        e = json.loads(line)
        current.append(e)
        if e["type"] == "game_end":
            games.append(current)
            current = []
    deck = load_deck()
    for events in games:
        m = replay_log(deck, events)
        assert m.game.winner == events[-1]["winner"]
        assert [json.loads(json.dumps(e)) for e in m.events[:-1]] == events[:-1]


@pytest.mark.parametrize("args, words", [
    (["--players", "6"], "--players"),
    (["--players", "1"], "--players"),
    (["--games", "-3"], "--games"),
    (["--deck", "/no/such/deck.toml"], "no such deck file"),
    (["--log", "/no/such/folder/g.jsonl"], "does not exist"),
    (["--agent", "genius"], "not a CPU agent"),
])
def test_bad_arguments_exit_2_with_a_clear_message(args, words, tmp_path):
    cmd = [sys.executable, "-m", "dread_draw", "simulate", "--games", "2", *args]
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 2
    assert words in r.stderr + r.stdout
    assert "Traceback" not in r.stderr


def test_a_failed_run_leaves_no_half_written_log(tmp_path):
    log = tmp_path / "g.jsonl"
    log.write_text("old\n")
    r = subprocess.run([sys.executable, "-m", "dread_draw", "simulate", "--agent", "genius",
                        "--log", str(log)], capture_output=True, text=True)
    assert r.returncode == 2 and log.read_text() == "old\n"
    assert list(tmp_path.iterdir()) == [log]


def test_every_command_has_help():
    for command in ("simulate", "play", "cards", "rules"):
        r = runner.invoke(app, [command, "--help"])
        assert r.exit_code == 0 and "Usage" in r.output


def test_cards_prints_every_card_with_damage_as_a_number():
    r = runner.invoke(app, ["cards", "--sort", "name"])
    assert r.exit_code == 0
    deck = load_deck()
    for card in deck.cards:
        assert card.name in r.output


# ------------------------------------------------------------------ starting it (issue 30)

def test_bare_dread_draw_opens_the_new_game_screen_like_play(monkeypatch):
    """Like posting, harlequin or frogmouth: the program's name alone opens the app (it used
    to print the help and exit 2)."""
    import dread_draw.commands.play as play_body

    calls = []
    monkeypatch.setattr(play_body, "play_command", lambda **kw: calls.append(kw))
    r = runner.invoke(app, [])
    assert r.exit_code == 0, r.output
    assert len(calls) == 1
    seats = {k: calls[0][k] for k in ("players", "humans", "cpus", "resume_saved", "daily")}
    assert seats == {"players": None, "humans": [], "cpus": [], "resume_saved": False,
                     "daily": False}  # nothing given: the new-game screen, not a quick start


def test_help_lists_play_first_with_short_placeholders():
    r = runner.invoke(app, ["--help"], env={"COLUMNS": "200"})
    commands = [line.split()[1] for line in r.output.split("Commands")[1].splitlines()
                if len(line.split()) > 1 and line.split()[1].isalpha()]
    assert commands[:2] == ["play", "tutorial"], commands
    for command in commands:
        text = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"}).output
        options = [line for line in text.splitlines() if line.startswith("│ --")]
        assert not [line for line in options if " <" in line], command  # "<int range>"
    play_help = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"}).output
    assert "--players" in play_help and " N " in play_help and "SECONDS" in play_help
