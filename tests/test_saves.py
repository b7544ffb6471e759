"""Saves: autosave after every decision, exact resume, kept games, stats, and every bad save.

Run as a script, this file is also the headless driver of the kill test: it plays a game
through the same `Autosaver` the table uses, human seats answering from a fixed script, and
can be killed at any instant and started again with ``--resume``.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import app_in_pty, run_cli

from dread_draw.deck.cards import load_deck, standard_deck_path
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.store.saves import (
    FORMAT,
    VERSION,
    Autosaver,
    SaveDir,
    SaveError,
    autosave_new,
    open_save,
    read_save,
    resume,
    stats,
)

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
    folder = SaveDir(tmp_path / "s", keep=2)
    folder.ensure()
    aside = folder.games / "game-20000101-000000-000000.json.bad"
    aside.write_text("{")
    paths = [finished_game(folder, deck_file, seed) for seed in range(3)]
    assert folder.finished() == paths[-2:]
    assert aside.exists()


def test_a_crash_while_writing_leaves_the_previous_save(folder, deck_file, monkeypatch):
    match, _ = start(folder, deck_file)
    play_on(match, stop=5)
    before = folder.current.read_bytes()

    def crash(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", crash)
    saver = match.hooks[0]
    play_on(match, stop=6)  # the game goes on; the write failed
    assert "the disk is full" in saver.error  # (the reason in the player's words)
    assert folder.current.read_bytes() == before
    assert not [p for p in folder.root.iterdir() if p.name.endswith(".tmp")]


def test_any_name_survives_a_save(folder, deck_file):
    """Names come from the keyboard or argv (undecodable bytes become lone surrogates)."""
    seats = [SeatSpec("Zoë 🂡", "human"), SeatSpec("bad\udcff", "human"), SeatSpec('"{x}"')]
    match, saver = start(folder, deck_file, seats=seats)
    play_on(match, stop=3)
    assert saver.error is None
    assert [s.name for s in resume(folder)[0].seats] == ["Zoë 🂡", "bad?", '"{x}"']


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


def test_a_game_in_progress_goes_on_when_only_a_comment_of_its_deck_changed(folder,
                                                                           deck_file):
    """An update that rewords the deck file's notes (as issue 30 did to the standard deck's)
    keeps every card: the game in progress goes on, where it was."""
    in_progress(folder, deck_file)
    before = json.loads(folder.current.read_text())["choices"]
    deck_file.write_text("# reworded notes\n" + deck_file.read_text())
    match, _saver = resume(folder)
    assert not match.over and list(match.choices) == before


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


def test_an_unreadable_save_folder_is_refused_clearly(capsys, folder, deck_file, monkeypatch):
    finished_game(folder, deck_file)

    def denied(self):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "iterdir", denied)
    with pytest.raises(SaveError) as e:
        folder.finished()
    assert e.value.reason == "folder" and "permission denied" in str(e.value)
    code, out, err = run_cli(capsys, "stats", "--save-dir", str(folder.root))
    assert code == 2 and "cannot read the save folder" in " ".join(err.split())


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


def test_replay_log_writes_the_event_log_as_json_lines(capsys, folder, deck_file, tmp_path):
    kept = finished_game(folder, deck_file)
    code, _, err = run_cli(capsys, "replay", str(kept), "--log", str(tmp_path / "game.jsonl"))
    assert code == 0, err
    events = [json.loads(line) for line in (tmp_path / "game.jsonl").read_text().splitlines()]
    assert events[0]["type"] == "game_start" and events[-1]["type"] == "game_end"
    assert events[-1]["winner"] == read_save(kept).winner


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


# ------------------------------------------------------------------------------ the table

async def answer_until(app, pilot, stop) -> None:
    """Play at the table as a person taking the first option, until `stop()` is true."""
    from dread_draw.tui.screens.handoff import HandOff
    from dread_draw.tui.screens.summary import RoundSummary
    from dread_draw.tui.screens.table import TableScreen

    for _ in range(3000):
        if stop():
            return
        screen = app.screen
        if isinstance(screen, HandOff | RoundSummary):
            await pilot.press("enter")
        elif isinstance(screen, TableScreen) and screen.answer is not None:
            await pilot.press("1")
        else:
            await pilot.pause(0.01)
    raise AssertionError("the table never got there")


def table_app(folder: SaveDir, match: Match | None = None):
    from dread_draw.tui.app import make_app

    app = make_app(match, cpu_delay=0, saves=folder)
    app.animation_level = "none"
    return app


def test_the_table_autosaves_and_continue_brings_the_game_back(folder, deck_file):
    from dread_draw.tui.screens.new_game import NewGame
    from dread_draw.tui.screens.table import TableScreen

    match = Match(load_deck(deck_file), SEATS, 5)

    async def play_a_little():
        app = table_app(folder, match)
        async with app.run_test(size=(100, 30)) as pilot:
            await answer_until(app, pilot, lambda: len(match.choices) >= 25)
            assert saved_choices(folder) == len(match.choices)

    async def continue_it():
        app = table_app(folder)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGame)
            assert app.screen.query_one("#continue-row").display
            assert "Ana, Ben, Cal · seed 5" in str(app.screen.query_one("#continue").label)
            await pilot.click("#continue")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert position(app.match) == position(match)

    asyncio.run(play_a_little())
    asyncio.run(continue_it())


def test_the_table_says_when_autosave_fails_and_plays_on(tmp_path, deck_file):
    (tmp_path / "file").write_text("")
    match = Match(load_deck(deck_file), SEATS, 5)
    app = table_app(SaveDir(tmp_path / "file"), match)
    told = []
    app.notify = lambda message, **kw: told.append(message)

    async def go():
        async with app.run_test(size=(100, 30)) as pilot:
            await answer_until(app, pilot, lambda: len(match.choices) >= 5)

    asyncio.run(go())
    assert len(told) == 1 and "not a folder" in told[0]  # said once, not at every decision


@pytest.mark.parametrize("key, kept_aside", [("f", True), ("escape", False)])
def test_a_bad_save_at_continue_asks_start_fresh_or_back(folder, deck_file, key, kept_aside):
    from dread_draw.tui.saved import BadSave
    from dread_draw.tui.screens.new_game import NewGame

    path = in_progress(folder, deck_file)
    path.write_bytes(path.read_bytes()[:-40])  # truncated
    bad = path.read_bytes()

    async def go():
        app = table_app(folder)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert "cannot be read" in str(app.screen.query_one("#continue").label)
            await pilot.click("#continue")
            await pilot.pause()
            assert isinstance(app.screen, BadSave)
            assert "not valid JSON" in str(app.screen.query_one("#bad-save-reason").render())
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, NewGame)
            assert app.screen.query_one("#continue-row").display is not kept_aside

    asyncio.run(go())
    if kept_aside:
        assert not path.exists() and (folder.root / "current.json.bad").read_bytes() == bad
    else:
        assert path.read_bytes() == bad


@pytest.mark.parametrize("how", ["new-game screen", "play flags"])
@pytest.mark.parametrize("key, outcome", [("escape", "kept"), ("y", "replaced"),
                                          ("c", "continued")])
def test_a_new_game_asks_before_taking_a_saved_games_place(folder, deck_file, how, key,
                                                           outcome):
    """Nothing a player did is lost by accident: starting a game while another is saved in
    progress asks first (new game, continue the saved one, or back)."""
    from textual.widgets import Static

    from dread_draw.tui.saved import ReplaceSave
    from dread_draw.tui.screens.new_game import NewGame
    from dread_draw.tui.screens.table import TableScreen

    path = in_progress(folder, deck_file)
    before = path.read_bytes()
    fresh = Match(load_deck(deck_file), SEATS, 99)

    async def go():
        app = table_app(folder, fresh if how == "play flags" else None)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            if how == "new-game screen":
                await pilot.press("ctrl+s")
                await pilot.pause()
            assert isinstance(app.screen, ReplaceSave)
            assert "Ana, Ben, Cal · seed 7" in str(app.screen.query_one("#saved", Static).render())
            await pilot.press(key)
            await pilot.pause()
            if outcome == "kept":
                assert isinstance(app.screen, NewGame)
            else:
                assert isinstance(app.screen, TableScreen)
                assert (app.match.seed == 7) is (outcome == "continued")

    asyncio.run(go())
    if outcome == "replaced":
        assert read_save(folder.current).seed != 7
    else:
        assert read_save(folder.current).seed == 7
    if outcome == "kept":
        assert path.read_bytes() == before


def test_a_new_game_sets_an_unusable_save_aside_before_saving_over_it(folder, deck_file):
    path = in_progress(folder, deck_file)
    edit(path, lambda d: d["choices"].__setitem__(2, 77))
    bad = path.read_bytes()
    autosave_new(folder, Match(load_deck(deck_file), SEATS, 9))  # as the table starts a game
    assert (folder.root / "current.json.bad").read_bytes() == bad
    assert read_save(folder.current).seed == 9


@pytest.mark.parametrize("case", ["bad", "flags", "none"])
def test_play_resume_refuses_clearly_with_exit_2(capsys, folder, deck_file, case):
    args = ["play", "--resume", "--save-dir", str(folder.root)]
    if case == "bad":
        edit(in_progress(folder, deck_file), lambda d: d.update(version=99))
    elif case == "flags":
        args += ["--seed", "3"]
    code, out, err = run_cli(capsys, *args)
    assert code == 2 and "Error:" in err and "Traceback" not in err + out
    assert {"bad": "newer Dread Draw", "flags": "--resume continues",
            "none": "no game in progress"}[case] in " ".join(err.split())


# ------------------------------------------------------------------------ the kill test

def test_killed_at_random_instants_every_resume_ends_as_the_uninterrupted_game(tmp_path,
                                                                              deck_file):
    """A real process autosaving after every decision is SIGKILLed at random instants and
    started again with --resume until the game ends: the kept game must be the same game."""
    whole = Match(load_deck(deck_file), SEATS, 5)
    play_on(whole, script=9)
    rng = random.Random(2026)
    kills = 0
    for run in range(int(os.environ.get("DREAD_DRAW_KILL_RUNS", "1"))):  # more by hand
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
    print(f"{kills} kills")
    assert kills >= 1


def run_in_pty(args: list[str], done, rng: random.Random, kill_after: int | None,
               folder: SaveDir, timeout: float = 240.0) -> bool:
    """Run `dread-draw ARGS` in a pseudo-terminal, typing as a player who always takes the
    first option ("1"), closes round summaries (Escape) and skips CPU turns ("s"). With
    `kill_after`, SIGKILL it a random instant after that many more decisions are saved.
    Returns True when `done()` became true (the game was kept)."""
    proc, master = app_in_pty(args)
    # A lone Escape needs a pause after it, or it reads as Alt+ the next key.
    keys = [("1", 0.03)] * 8 + [("\x1b", 0.2), ("s", 0.03)]
    start, typed, next_key = time.monotonic(), 0, time.monotonic() + 0.5
    base = saved_choices(folder)
    try:
        while proc.poll() is None and time.monotonic() - start < timeout:
            if select.select([master], [], [], 0.01)[0]:
                os.read(master, 1 << 16)  # the screen: drained, not read
            if done():
                return True
            if kill_after is not None and saved_choices(folder) >= base + kill_after:
                time.sleep(rng.uniform(0, 0.02))  # any instant, mid-write included
                return False
            if time.monotonic() >= next_key:
                key, pause = keys[typed % len(keys)]
                os.write(master, key.encode())
                typed += 1
                next_key = time.monotonic() + pause
        raise AssertionError(f"dread-draw {' '.join(args)} exited {proc.returncode} or hung")
    finally:
        proc.kill()
        proc.wait()
        os.close(master)


def saved_choices(folder: SaveDir) -> int:
    try:
        return len(json.loads(folder.current.read_bytes())["choices"])
    except (OSError, ValueError, KeyError):
        return 0


@pytest.mark.slow
def test_a_real_table_killed_at_random_instants_resumes_to_the_same_game(tmp_path):
    """`dread-draw play` in a pseudo-terminal, SIGKILLed at random instants and started
    again with `--resume` until the game ends: the kept game is the very game an
    uninterrupted player would have played (the person always takes the first option the
    table lists, key 1)."""
    from dread_draw.words.narrate import describe

    seats = [SeatSpec("Ana", "human"), SeatSpec("Zora", "random"), SeatSpec("Orrin", "easy")]
    whole = Match(load_deck(), seats, 5)
    while not whole.over:
        if whole.cpu_to_move():
            whole.apply(whole.cpu_choice())
        else:
            d = whole.game.pending
            whole.apply(describe(d, whole.game.view(d.seat), ["Ana", "Zora", "Orrin"])[1][0][0])
    folder = SaveDir(tmp_path / "saves")
    common = ["--cpu-delay", "0", "--save-dir", str(folder.root)]
    args = ["play", "--human", "Ana", "--cpu", "random", "--cpu", "easy", "--seed", "5"]
    rng = random.Random(6)
    wanted = int(os.environ.get("DREAD_DRAW_KILLS", "4"))  # more by hand: DREAD_DRAW_KILLS=30
    kills = 0
    while not run_in_pty(args + common, lambda: bool(folder.finished()), rng,
                         rng.randint(1, 80 // wanted) if kills < wanted else None, folder):
        kills += 1
        args = ["play", "--resume"]
    assert kills == wanted
    save, match, _ = open_save(folder.last())
    assert position(match) == position(whole)


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


def test_stats_name_the_cpu_levels_in_the_players_language(capsys, folder, deck_file):
    """"easy", "normal" were the command line's ids in a French or Korean table (#46); the
    table says the levels as the new-game screen does."""
    finished_game(folder, deck_file)
    code, out, _ = run_cli(capsys, "--lang", "fr", "stats", "--save-dir", str(folder.root))
    assert code == 0 and "facile" in out and "easy" not in out


def test_the_resume_hint_names_the_save_folder_it_was_played_in(tmp_path, monkeypatch):
    """Issue 40: the line printed on leaving a game played with --save-dir DIR says
    `dread-draw play --resume --save-dir DIR` (without it, --resume looks in the usual folder
    and finds nothing); the usual folder needs no flag."""
    from dread_draw.store.saves import SaveDir, autosave_new, save_note

    monkeypatch.setattr("dread_draw.store.saves.default_root", lambda: tmp_path / "usual")
    for root, said in ((tmp_path / "my saves", f"--save-dir '{tmp_path / 'my saves'}'"),
                       (tmp_path / "usual", "`dread-draw play --resume`,")):
        m = Match(load_deck(None), [SeatSpec("Ana", "human"), SeatSpec("Zora", "easy")], 3)
        saver = autosave_new(SaveDir(root), m)
        note = save_note(m, saver)
        assert note is not None and "dread-draw play --resume" in note and said in note, note
