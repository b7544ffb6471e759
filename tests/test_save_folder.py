"""One save folder, one table: a second `play` on a folder in use is refused (or offered a
separate folder), a killed table leaves no stale lock and no temporary files behind, and a
name the command line accepts is a name its save accepts."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from test_tui import SIZE, make_app, sync

from dread_draw.base.errors import DreadDrawError
from dread_draw.commands.play import play_command, seats_from_flags
from dread_draw.deck.cards import load_deck
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.store.saves import Save, SaveDir, SaveError, parse_save, separate_folder
from dread_draw.store.setup import Setup
from dread_draw.tui import app as table
from dread_draw.tui.saved import FolderInUse
from dread_draw.tui.screens.dialogs import HelpScreen
from dread_draw.tui.screens.new_game import NewGame
from dread_draw.tui.screens.table import TableScreen

PLAIN = Path(__file__).parent / "data" / "plain.toml"
HOLD = ("import sys, time\nfrom dread_draw.store.saves import SaveDir\n"
        "SaveDir(sys.argv[1]).lock()\nprint('locked', flush=True)\ntime.sleep(120)\n")


def dread_draw(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dread_draw", *args], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, env=env, timeout=60)


def finished_game(folder: SaveDir) -> Path:
    deck = load_deck(PLAIN)
    match = Match(deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 3)
    while not match.over:
        match.apply(match.cpu_choice() if match.cpu_to_move() else match.game.pending.options[0])
    folder.ensure()
    return folder.archive(Save.of(match))


def test_a_second_table_on_a_folder_in_use_is_refused_and_a_killed_one_leaves_it_free(
        tmp_path):
    """Two real processes: one holds the folder, as a table does; `play --resume` and a
    `play` that starts at once are refused (exit 2, one message), `replay` and `stats` are
    not; after kill -9 of the holder the folder is free at once."""
    saves = SaveDir(tmp_path / "saves")
    finished_game(saves)
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "cfg"))
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(saves.root)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        for args in (["--resume"], ["--human", "Ben", "--cpu", "easy"]):
            r = dread_draw("play", *args, "--save-dir", str(saves.root), env=env)
            assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
            assert "being played in another window" in r.stderr
            assert str(saves.root) in " ".join(r.stderr.split())
        assert dread_draw("replay", "--print", "--last", "--save-dir", str(saves.root),
                          env=env).returncode == 0
        assert dread_draw("stats", "--save-dir", str(saves.root), env=env).returncode == 0
        with pytest.raises(SaveError, match="another window"):
            SaveDir(saves.root).lock()
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait()
    SaveDir(saves.root).lock()  # no stale lock: the OS let go with the process


def test_the_lock_is_one_per_folder_and_a_separate_folder_is_fresh_and_taken(tmp_path):
    first = SaveDir(tmp_path / "saves")
    first.lock()
    with pytest.raises(SaveError) as e:
        SaveDir(tmp_path / "saves").lock()
    assert e.value.reason == "busy"
    busy_sibling = SaveDir(tmp_path / "saves-2")
    busy_sibling.lock()  # another second table already plays there
    (tmp_path / "saves-3").mkdir()
    (tmp_path / "saves-3" / "current.json").write_text("{}")  # a game in progress: not fresh
    other = separate_folder(SaveDir(tmp_path / "saves"))
    assert other.root == tmp_path / "saves-4"
    with pytest.raises(SaveError):
        SaveDir(other.root).lock()
    first.unlock()
    SaveDir(tmp_path / "saves").lock()


def test_play_on_a_folder_in_use_opens_the_new_game_screen_with_a_separate_folder(
        tmp_path, monkeypatch):
    busy = SaveDir(tmp_path / "saves")
    busy.lock()
    opened = []
    monkeypatch.setattr(table.DreadDrawApp, "run", lambda app: opened.append(app))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    play_command(players=None, humans=[], cpus=[], seed=1, deck=None, cpu_delay=0,
                       save_dir=busy.root)
    assert opened[0].saves.root == busy.root
    assert opened[0].separate.root == tmp_path / "saves-2"


@sync
async def test_the_table_offers_a_separate_folder_or_to_quit(tmp_path):
    busy = SaveDir(tmp_path / "saves")
    busy.lock()
    separate = separate_folder(busy)
    setup = Setup([SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 5, str(PLAIN))
    app = make_app(setup=setup, saves=SaveDir(busy.root), separate=separate)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FolderInUse)
        said = " ".join(str(app.screen.query_one("#folder-in-use").render()).split())
        assert str(busy.root) in said and str(separate.root) in said
        await pilot.press("question_mark")  # the help, as on every dialog, then back here
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, FolderInUse)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, NewGame) and app.saves is separate
        await pilot.press("ctrl+s")
        for _ in range(100):
            if isinstance(app.screen, TableScreen):
                break
            await pilot.pause(0.01)
        assert separate.has_current() and not busy.has_current()
    app = make_app(setup=setup, saves=SaveDir(busy.root), separate=separate)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running and not busy.has_current()


def test_the_folders_owner_removes_temporary_files_a_killed_autosave_left(tmp_path):
    saves = SaveDir(tmp_path / "saves")
    saves.ensure()
    ours = [saves.root / ".current.json.k2j_x9ab.tmp",
            saves.games / ".game-20260101-120000-000001.json.a1b2c3d4.tmp"]
    theirs = [saves.root / "notes.tmp", saves.root / ".current.json.bak",
              saves.games / ".other.json.a1b2c3d4.tmp"]
    for path in ours + theirs:
        path.write_text("half a save")
    SaveDir(saves.root).finished()  # reading the folder (replay, stats) removes nothing
    assert all(p.exists() for p in ours)
    saves.lock()
    assert not any(p.exists() for p in ours) and all(p.exists() for p in theirs)


def test_a_temporary_file_left_by_a_killed_autosave_is_of_the_naming_removed(tmp_path):
    """The naming `remove_stale_temp` knows is the one atomic_write gives a save."""
    from dread_draw.base import files

    saves = SaveDir(tmp_path / "saves")
    saves.ensure()
    made = []
    real = files.tempfile.mkstemp

    def mkstemp(**kw):
        fd, name = real(**kw)
        made.append(Path(name))
        os.close(fd)
        raise KeyboardInterrupt  # killed mid-write: the file stays (kill -9 runs no cleanup)

    with pytest.MonkeyPatch.context() as m:
        m.setattr(files.tempfile, "mkstemp", mkstemp)
        with pytest.raises(KeyboardInterrupt):
            files.atomic_write(saves.current, ["{}"])
    assert made[0].exists() and made[0].parent == saves.root
    saves.lock()
    assert not made[0].exists()


# -------------------------------------------------------------------------------- names

@pytest.mark.parametrize("name, said", [
    ("", "cannot be empty"), ("   ", "cannot be empty"),
    ("x" * 101, "at most 100 characters"), ("A\x1b[31mB", "control characters")],
    ids=["empty", "blank", "101-characters", "escape"])
def test_a_name_the_save_would_refuse_is_refused_on_the_command_line(name, said, tmp_path):
    with pytest.raises(DreadDrawError, match=said):
        seats_from_flags(None, [name], ["random"])
    data = json.loads(Save.of(Match(load_deck(PLAIN), [SeatSpec("Ana", HUMAN),
                                                       SeatSpec("Zora", "random")], 1)).to_json())
    data["seats"][0]["name"] = name
    if "\x1b" not in name:  # a save from before this rule is read with the escape made visible
        with pytest.raises(SaveError, match=said):
            parse_save(json.dumps(data), "s.json")


def test_a_refused_name_is_one_message_and_exit_2(tmp_path):
    r = dread_draw("play", "--human", " ", "--cpu", "random", "--save-dir", str(tmp_path))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "--human ' ': a name cannot be empty." in r.stderr
    assert not (tmp_path / "current.json").exists()
