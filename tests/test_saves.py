"""Saves: autosave after every decision, exact resume, kept games, stats, and every bad save.

Run as a script, this file is also the headless driver of the kill test: it plays a game
through the same `Autosaver` the table uses, human seats answering from a fixed script, and
can be killed at any instant and started again with ``--resume``.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from dread_draw.cards import load_deck, standard_deck_path
from dread_draw.cli import main
from dread_draw.saves import (
    FORMAT,
    VERSION,
    Autosaver,
    SaveDir,
    SaveError,
    open_save,
    read_save,
    resume,
    stats,
)
from dread_draw.sim import Match, SeatSpec

DATA = Path(__file__).parent / "data"
SEATS = [SeatSpec("Ana", "human"), SeatSpec("Ben", "random"), SeatSpec("Cal", "easy")]


def scripted(match: Match, script: int) -> int:
    """A human's answer that depends only on the script and the decision's number, so a
    resumed game gets the same answers as an uninterrupted one."""
    options = match.game.pending.options
    return options[random.Random(f"{script}/{match.game.decisions}").randrange(len(options))]


def play_on(match: Match, script: int = 0, stop: int | None = None) -> None:
    """Play until the end (or until `stop` choices are made): CPUs by agent, humans by script."""
    while not match.over and (stop is None or len(match.choices) < stop):
        option = match.cpu_choice() if match.cpu_to_move() else scripted(match, script)
        match.apply(option)


def position(match: Match) -> dict:
    """Everything about a position: every zone, the prompt, the score and the log."""
    g = match.game
    return {
        "draw": g.draw, "discard": g.discard, "life": g.life, "reserves": g.reserves,
        "rows": g.rows, "looking": g.looking, "pending": g.pending, "round": g.round,
        "winner": g.winner, "fortune": g.fortune, "knows": g.knows, "events": match.events,
        "choices": match.choices,
    }


@pytest.fixture
def deck_file(tmp_path):
    """A copy of the plain deck in a file the test may change."""
    path = tmp_path / "deck.toml"
    path.write_bytes((DATA / "plain.toml").read_bytes())
    return path


@pytest.fixture
def folder(tmp_path):
    return SaveDir(tmp_path / "saves")


def start(folder: SaveDir, deck_path: Path, seed: int = 7, seats=SEATS) -> tuple[Match, Autosaver]:
    match = Match(load_deck(deck_path), seats, seed)
    return match, Autosaver(folder, match).attach()


def finished_game(folder: SaveDir, deck_path: Path, seed: int = 7) -> Path:
    match, saver = start(folder, deck_path, seed)
    play_on(match)
    assert saver.archived is not None
    return saver.archived


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    """Run `dread-draw ARGS` in-process as `main()` would: (exit code, stdout, stderr)."""
    old = sys.argv
    sys.argv = ["dread-draw", *args]
    try:
        main()
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 0
    finally:
        sys.argv = old
    out, err = capsys.readouterr()
    return code, out, err


# --------------------------------------------------------------------- autosave and resume

def test_every_autosave_resumes_to_the_exact_position(folder, deck_file):
    match, _ = start(folder, deck_file)
    checked = 0
    while not match.over:
        play_on(match, stop=len(match.choices) + 7)
        if match.over:
            break
        resumed, _ = resume(folder)
        assert position(resumed) == position(match)
        assert resumed.to_move() == match.to_move()
        checked += 1
    assert checked >= 3


def test_a_resumed_game_ends_as_the_uninterrupted_one(folder, deck_file, tmp_path):
    whole = Match(load_deck(deck_file), SEATS, 11)
    play_on(whole, script=3)
    match, _ = start(folder, deck_file, seed=11)
    play_on(match, script=3, stop=len(whole.choices) // 2)
    resumed, _ = resume(folder)  # a new process would start here
    play_on(resumed, script=3)
    assert position(resumed) == position(whole)


def test_a_finished_game_is_kept_and_the_save_in_progress_removed(folder, deck_file):
    kept = finished_game(folder, deck_file)
    assert not folder.has_current()
    assert folder.finished() == [kept]
    save = read_save(kept)
    assert save.finished and save.choices and save.deck_text is not None


def test_only_the_last_games_are_kept_and_bad_files_never_pruned(tmp_path, deck_file):
    folder = SaveDir(tmp_path / "s", keep=3)
    folder.ensure()
    aside = folder.games / "game-20000101-000000-000000.json.bad"
    aside.write_text("{")
    paths = [finished_game(folder, deck_file, seed) for seed in range(5)]
    assert folder.finished() == paths[-3:]
    assert aside.exists()


def test_a_crash_while_writing_leaves_the_previous_save(folder, deck_file, monkeypatch):
    match, _ = start(folder, deck_file)
    play_on(match, stop=5)
    before = folder.current.read_bytes()

    def crash(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", crash)
    saver = match.listeners[0]
    play_on(match, stop=6)  # the game goes on; the write failed
    assert "No space left on device" in saver.error
    assert folder.current.read_bytes() == before
    assert not [p for p in folder.root.iterdir() if p.name.endswith(".tmp")]


def test_saves_go_to_xdg_data_home(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert SaveDir().root == tmp_path / "xdg" / "dread-draw"


def test_a_save_killed_after_being_kept_is_not_lost(folder, deck_file):
    kept = finished_game(folder, deck_file)
    folder.current.write_bytes(kept.read_bytes())  # as if killed before current.json went
    with pytest.raises(SaveError) as e:
        resume(folder)
    assert e.value.reason == "finished"
    assert folder.finished() == [kept] and not folder.has_current()


# --------------------------------------------------------------------------- bad saves

def edit(path: Path, change) -> bytes:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path.read_bytes()


def in_progress(folder, deck_file, choices: int = 10) -> Path:
    match, _ = start(folder, deck_file)
    play_on(match, stop=choices)
    return folder.current


def refused(folder, reason: str, **kwargs) -> SaveError:
    """resume() refuses with this reason, names the file, and leaves the file untouched."""
    before = folder.current.read_bytes() if folder.current.exists() else None
    with pytest.raises(SaveError) as e:
        resume(folder, **kwargs)
    assert e.value.reason == reason
    assert str(folder.current) in str(e.value)
    assert "\n" not in str(e.value)
    if before is not None:
        assert folder.current.read_bytes() == before
    return e.value


def test_a_truncated_save_is_refused(folder, deck_file):
    path = in_progress(folder, deck_file)
    path.write_bytes(path.read_bytes()[:100])
    assert "not valid JSON" in str(refused(folder, "bad"))


def test_a_hand_edited_field_is_refused_naming_the_field(folder, deck_file):
    edit(in_progress(folder, deck_file), lambda d: d.update(seed="seven"))
    assert '"seed"' in str(refused(folder, "bad"))


def test_a_save_from_a_newer_version_asks_for_an_upgrade(folder, deck_file):
    edit(in_progress(folder, deck_file), lambda d: d.update(version=VERSION + 1))
    assert "newer" in str(refused(folder, "newer"))


def test_choices_illegal_when_replayed_are_refused(folder, deck_file):
    edit(in_progress(folder, deck_file), lambda d: d["choices"].__setitem__(3, 999))
    assert "choice 4 of" in str(refused(folder, "illegal"))


def test_a_result_the_choices_do_not_give_is_refused(folder, deck_file):
    edit(in_progress(folder, deck_file), lambda d: d.update(finished=True, winner=0))
    refused(folder, "illegal")


def test_a_save_from_another_deck_is_refused(folder, deck_file):
    in_progress(folder, deck_file)
    err = refused(folder, "other-deck", deck=standard_deck_path())
    assert "not with" in str(err)


def test_a_deck_changed_between_save_and_resume_is_refused(folder, deck_file):
    in_progress(folder, deck_file)
    deck_file.write_text(deck_file.read_text().replace("strength = 0", "strength = 1", 1))
    assert "has changed since" in str(refused(folder, "deck-changed"))


def test_a_deck_deleted_between_save_and_resume_is_refused(folder, deck_file):
    in_progress(folder, deck_file)
    deck_file.unlink()
    refused(folder, "deck-changed")


def test_a_finished_game_replays_from_its_own_copy_of_a_changed_deck(folder, deck_file):
    kept = finished_game(folder, deck_file)
    deck_file.write_text(deck_file.read_text().replace("strength = 0", "strength = 1", 1))
    save, match, note = open_save(kept)
    assert "copy of the deck kept in the save" in note
    assert match.over and match.game.winner == save.winner


def test_no_save_in_a_missing_folder(tmp_path):
    folder = SaveDir(tmp_path / "nowhere")
    refused(folder, "missing")
    assert folder.finished() == []


def test_a_save_folder_that_is_a_file_is_refused(tmp_path, deck_file):
    (tmp_path / "file").write_text("not a folder")
    folder = SaveDir(tmp_path / "file")
    with pytest.raises(SaveError) as e:
        folder.finished()
    assert e.value.reason == "folder"
    match = Match(load_deck(deck_file), SEATS, 1)
    saver = Autosaver(folder, match).attach()  # the game still starts; the problem is shown
    assert "folder" in saver.error


def test_a_bad_save_is_set_aside_never_overwritten(folder, deck_file):
    path = in_progress(folder, deck_file)
    path.write_text("{")
    first = folder.set_aside()
    path.write_text("[")
    second = folder.set_aside()
    assert (first.name, second.name) == ("current.json.bad", "current.json.bad.1")
    assert (first.read_text(), second.read_text()) == ("{", "[")


# --------------------------------------------------------------------- stats and the CLI

def test_stats_count_games_per_player_and_per_cpu_level(folder, deck_file):
    saves = [read_save(finished_game(folder, deck_file, seed)) for seed in range(4)]
    (folder.games / "game-20990101-000000-000000.json").write_text("{")  # one bad kept file
    result = stats(folder)
    assert result.games == 4 and len(result.problems) == 1
    ana_won = sum(s.winner == 0 for s in saves)
    assert result.players == {"Ana": [4, ana_won]}
    assert result.cpus["random"] == [4, sum(s.winner == 1 for s in saves)]
    assert result.cpus["easy"] == [4, sum(s.winner == 2 for s in saves)]


def test_stats_command_prints_the_tables(capsys, folder, deck_file):
    finished_game(folder, deck_file)
    code, out, _ = run_cli(capsys, "stats", "--save-dir", str(folder.root))
    assert code == 0 and "Ana" in out and "easy" in out


def test_replay_print_tells_the_game_in_sentences(capsys, folder, deck_file):
    kept = finished_game(folder, deck_file)
    save = read_save(kept)
    code, out, err = run_cli(capsys, "replay", "--print", str(kept))
    assert code == 0, err
    lines = out.splitlines()
    assert "starts" in lines[0]
    assert f"{save.names[save.winner]} wins the game" in lines[-1]
    code, last, _ = run_cli(capsys, "replay", "--print", "--last", "--save-dir", str(folder.root))
    assert code == 0 and last == out


@pytest.mark.parametrize("case", ["truncated", "newer", "in-progress", "not-json", "no-file",
                                  "folder-is-file", "other-deck"])
def test_cli_bad_input_is_one_clear_message_and_exit_2(capsys, tmp_path, folder, deck_file,
                                                         case):
    path = in_progress(folder, deck_file)
    args = ["replay", "--print", str(path)]
    if case == "truncated":
        path.write_bytes(path.read_bytes()[:-30])
    elif case == "newer":
        edit(path, lambda d: d.update(version=VERSION + 5))
    elif case == "not-json":
        path.write_bytes(b"\x00\xff garbage")
    elif case == "no-file":
        args = ["replay", "--print", str(tmp_path / "missing.json")]
    elif case == "folder-is-file":
        (tmp_path / "f").write_text("")
        args = ["stats", "--save-dir", str(tmp_path / "f")]
    elif case == "other-deck":
        kept = finished_game(SaveDir(tmp_path / "other"), deck_file)
        args = ["replay", "--print", str(kept), "--deck", str(load_deck().path)]
    before = path.read_bytes()
    code, out, err = run_cli(capsys, *args)
    assert code == 2
    assert "Error" in err and "Traceback" not in err + out
    assert path.read_bytes() == before  # never deleted, never changed


def test_save_format_is_plain_json_with_its_version(folder, deck_file):
    data = json.loads(in_progress(folder, deck_file).read_text())
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["seats"][0] == {"name": "Ana", "kind": "human"}
    assert len(data["choices"]) == 10 and len(data["deck"]["hash"]) == 64


# ------------------------------------------------------------------------ the kill test

def test_killed_at_random_instants_every_resume_ends_as_the_uninterrupted_game(tmp_path,
                                                                              deck_file):
    """A real process autosaving after every decision is SIGKILLed at random instants and
    started again with --resume until the game ends: the kept game must be the same game."""
    whole = Match(load_deck(deck_file), SEATS, 5)
    play_on(whole, script=9)
    rng = random.Random(2026)
    kills = 0
    for run in range(2):
        folder = SaveDir(tmp_path / f"run{run}")
        args = [sys.executable, __file__, "--save-dir", str(folder.root), "--deck", str(deck_file),
                "--seed", "5", "--script", "9"]
        first = True
        while not folder.finished():
            proc = subprocess.Popen(args + ([] if first else ["--resume"]),
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            first = False
            assert proc.stdout.readline() == b"playing\n", proc.stderr.read().decode()
            try:  # a few decisions take ~10 ms each (the fsync): kill within the first dozens
                proc.wait(timeout=rng.uniform(0.0, 0.25))
            except subprocess.TimeoutExpired:
                proc.kill()
                kills += 1
            proc.wait()
            assert proc.returncode in (0, -9), proc.stderr.read().decode()
            proc.stdout.close()
            proc.stderr.close()
        save, match, _ = open_save(folder.last())
        assert position(match) == position(whole)
    assert kills >= 2


def drive(argv: list[str]) -> None:
    """The headless driver: python tests/test_saves.py --save-dir D --deck P --seed S ..."""
    import argparse

    p = argparse.ArgumentParser()
    for name in ("--save-dir", "--deck"):
        p.add_argument(name)
    for name in ("--seed", "--script"):
        p.add_argument(name, type=int, default=0)
    p.add_argument("--resume", action="store_true")
    a = p.parse_args(argv)
    folder = SaveDir(a.save_dir)
    if a.resume and folder.has_current():
        match, _ = resume(folder)
    else:
        match, _ = start(folder, Path(a.deck), a.seed)
    print("playing", flush=True)
    play_on(match, script=a.script)


if __name__ == "__main__":
    drive(sys.argv[1:])
