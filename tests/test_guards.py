"""Every command guarded alike (issue 26): one table lists every command of the Typer app and
what it must do — take the save folder's lock where it writes games, read every file it is
given through the bounded reader (a FIFO is refused at once, never waited on), and exit
non-zero after a crash — so a new command without an entry fails here. Then a test per
finding of the issue."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import typer.main
from helpers import run_cli
from textual import events

from dread_draw import cli
from dread_draw.base.errors import DeckError
from dread_draw.deck.cards import load_deck, parse_deck
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.store.saves import Save, SaveDir, SaveError, parse_save

DATA = Path(__file__).parent / "data"
PLAIN = DATA / "plain.toml"
STANDARD = Path(cli.__file__).parent / "assets" / "cards.toml"


@dataclass(frozen=True)
class Guard:
    body: str  # the function the command hands its work to (where a crash is injected)
    writes: bool = False  # writes games: takes the save folder's lock
    locked_run: tuple[str, ...] = ()  # a run that would write (refused while the lock is held)
    reads: tuple[tuple[str, ...], ...] = ()  # runs that read a file given as {fifo}
    args: tuple[str, ...] = ()  # what the command needs to get to its body


COMMANDS: dict[str, Guard] = {
    "simulate": Guard("dread_draw.commands.simulate.simulate",
                      reads=(("simulate", "--games", "1", "--deck", "{fifo}"),)),
    "arena": Guard("dread_draw.play.arena.arena_command",
                   reads=(("arena", "--games", "2", "--deck", "{fifo}"),)),
    "play": Guard("dread_draw.commands.play.play_command", writes=True,
                  locked_run=("play", "--human", "Ana", "--cpu", "easy"),
                  reads=(("play", "--human", "Ana", "--cpu", "easy", "--deck", "{fifo}"),
                         ("play", "--resume"))),  # current.json is the FIFO
    "tutorial": Guard("dread_draw.commands.play.tutorial_command", writes=True,
                      locked_run=("tutorial",)),
    "rules": Guard("dread_draw.words.rules_text.print_rules"),
    "cards": Guard("dread_draw.commands.cards.print_cards", reads=(("cards", "--deck", "{fifo}"),)),
    "replay": Guard("dread_draw.commands.replay.replay_command",
                    reads=(("replay", "--print", "{fifo}"),
                           ("replay", "--print", "--last", "--deck", "{fifo}"))),
    "review": Guard("dread_draw.commands.review.review_command", reads=(("review", "{fifo}"),)),
    # each table is a `play`
    "serve": Guard("dread_draw.commands.serve.serve_command", writes=True),
    "host": Guard("dread_draw.commands.net.host_command", writes=True,
                  locked_run=("host", "--port", "0", "--cpu", "easy", "--start-after", "0"),
                  reads=(("host", "--port", "0", "--deck", "{fifo}"),)),
    "join": Guard("dread_draw.commands.net.join_command",
                  args=("127.0.0.1:1", "--code", "ABCD", "--name", "Ana")),
    "stats": Guard("dread_draw.commands.stats.stats_command", reads=(("stats",),)),  # a kept FIFO
    "deck new": Guard("dread_draw.commands.deck.new_command", args=("x.toml",)),
    "deck check": Guard("dread_draw.commands.deck.check_command", args=("x.toml",),
                        reads=(("deck", "check", "{fifo}"),)),
}


def commands(group=None, prefix: str = "") -> dict[str, object]:
    """Every command of the app, a group's as "group sub", with its callback."""
    group = group or typer.main.get_command(cli.app)
    found: dict[str, object] = {}
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        if hasattr(command, "commands"):
            found |= commands(command, f"{prefix}{name} ")
        else:
            found[prefix + name] = command.callback
    return found


def test_the_table_lists_every_command_and_each_goes_through_the_guards():
    """A new command must get an entry here, and be declared with @guarded."""
    found = commands()
    assert sorted(found) == sorted(COMMANDS)
    for name, callback in found.items():
        body = getattr(callback, "__wrapped__", callback)  # Typer's own wrapper, if any
        guarded = next((f for f in (callback, body) if hasattr(f, "writes")), None)
        assert guarded is not None, f"{name} is not @guarded"
        assert (guarded.writes is not None) == COMMANDS[name].writes, name


def folder_with_fifo(tmp_path: Path) -> tuple[Path, Path]:
    """A save folder whose game in progress and one kept game are FIFOs, and a FIFO."""
    root = tmp_path / "saves"
    (root / "games").mkdir(parents=True)
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    os.mkfifo(root / "current.json")
    os.mkfifo(root / "games" / "game-20260101-000000-000000.json")
    return root, fifo


def dread_draw(*args: str, env: dict | None = None, timeout: float = 60
               ) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dread_draw", *args], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, env=env, timeout=timeout)


def env_for(tmp_path: Path) -> dict:
    return dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"),
                XDG_CONFIG_HOME=str(tmp_path / "cfg"), PYTHONPATH=os.pathsep.join(sys.path))


@pytest.mark.parametrize("name", sorted(n for n, g in COMMANDS.items() if g.reads))
def test_every_file_a_command_reads_is_bounded_a_fifo_is_refused_at_once(tmp_path, name):
    """Real processes (a hang would be a timeout here, not a stuck suite): each file the
    command is given, or finds in the save folder, is a FIFO with no writer."""
    root, fifo = folder_with_fifo(tmp_path)
    for run in COMMANDS[name].reads:
        args = [a.replace("{fifo}", str(fifo)) for a in run]
        args += ["--save-dir", str(root)] if name in ("play", "replay", "stats") else []
        r = dread_draw(*args, env=env_for(tmp_path), timeout=30)
        said = " ".join((r.stdout + r.stderr).split())
        assert "Traceback" not in said, said
        if name == "stats":  # a kept file it cannot read is skipped, and said
            assert r.returncode == 0 and "Skipped" in said and "pipe" in said, said
        else:
            assert r.returncode == 2 and "pipe" in said, (args, said)


@pytest.mark.parametrize("name", sorted(n for n, g in COMMANDS.items() if g.locked_run))
def test_every_command_that_writes_games_is_refused_while_another_window_holds_the_folder(
        capsys, tmp_path, name):
    root = tmp_path / "saves"
    other = SaveDir(root)
    other.lock()  # another window's table (a second open file: the OS lock refuses this one)
    try:
        code, out, err = run_cli(capsys, *COMMANDS[name].locked_run, "--save-dir", str(root))
    finally:
        other.unlock()
    assert code == 2 and "another window" in " ".join(err.split()), err
    assert not (root / "current.json").exists()


def test_serve_tables_are_play_on_the_session_folder_so_they_take_its_lock(tmp_path):
    pytest.importorskip("textual_serve")
    from dread_draw.web.serve import play_command

    line = play_command(tmp_path / "web" / "s1", resume=True)
    assert " play " in line and "--save-dir" in line and str(tmp_path / "web" / "s1") in line


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_crash_in_any_command_exits_non_zero(capsys, monkeypatch, tmp_path, name):
    """A crash injected where the command hands over its work: exit 1, the traceback kept
    for the bug report, and a command that writes games says its saves are kept."""
    if name == "serve":
        pytest.importorskip("textual_serve")
    module, _, attr = COMMANDS[name].body.rpartition(".")
    __import__(module)

    def crash(*args, **kwargs):
        raise RuntimeError("injected")

    monkeypatch.setattr(sys.modules[module], attr, crash)
    extra = ("--save-dir", str(tmp_path)) if COMMANDS[name].writes else ()
    code, out, err = run_cli(capsys, *name.split(), *COMMANDS[name].args, *extra)
    assert code == 1 and "RuntimeError: injected" in err
    assert "stopped on an unexpected error" in err
    assert ("are kept" in " ".join(err.split())) == COMMANDS[name].writes


# ------------------------------------------------------------------ 1. the lock, everywhere

def test_finding_1_daily_deal_and_tutorial_take_the_lock_and_a_lock_that_cannot_open_refuses(
        capsys, tmp_path):
    root = tmp_path / "saves"
    other = SaveDir(root)
    other.lock()
    try:
        for args in (("play", "--daily"), ("tutorial",)):
            code, _, err = run_cli(capsys, *args, "--save-dir", str(root))
            assert code == 2 and "another window" in " ".join(err.split())
    finally:
        other.unlock()
    (root / ".lock").unlink()
    (root / ".lock").mkdir()  # a folder where the lock file goes
    code, _, err = run_cli(capsys, "play", "--human", "Ana", "--cpu", "easy", "--save-dir",
                           str(root))
    assert code == 2 and "lock file cannot be opened" in " ".join(err.split())


def test_finding_1_a_write_into_a_folder_another_table_holds_is_refused_not_done(tmp_path):
    """The backstop under every command: SaveDir.write takes the lock for the write."""
    deck = load_deck(PLAIN)
    match = Match(deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 3)
    mine, other = SaveDir(tmp_path / "s"), SaveDir(tmp_path / "s")
    other.lock()
    with pytest.raises(SaveError, match="another window"):
        mine.write(mine.current, Save.of(match))
    assert not mine.current.exists()
    other.unlock()
    mine.write(mine.current, Save.of(match))  # free again: written, and the lock let go
    other.lock()


# ------------------------------------------------------------- 2. deck translation files

def broken_overlay(tmp_path: Path) -> Path:
    deck = tmp_path / "mydeck.toml"
    deck.write_text(PLAIN.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "mydeck.fr.toml").write_text('[overlay]\nlanguage = "fr"\nx = [[[\n',
                                             encoding="utf-8")
    return deck


def test_finding_2_a_bad_translation_file_is_refused_at_load_like_a_deck(capsys, tmp_path):
    deck = broken_overlay(tmp_path)
    for args in (("cards",), ("play", "--human", "Ana", "--cpu", "easy"),
                 ("simulate", "--games", "1")):
        extra = ("--save-dir", str(tmp_path / "s")) if args[0] == "play" else ()
        code, out, err = run_cli(capsys, *args, "--deck", str(deck), "--lang", "fr", *extra)
        assert code == 2 and "mydeck.fr.toml" in err and "Traceback" not in err + out
    assert not (tmp_path / "s" / "current.json").exists()


def saved_with_broken_overlay(tmp_path: Path) -> tuple[Path, SaveDir]:
    """A deck, a game of it saved, then its French translation file broken."""
    deck = broken_overlay(tmp_path)
    (tmp_path / "mydeck.fr.toml").rename(tmp_path / "later.toml")  # fine while it was saved
    match = Match(load_deck(deck), [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 3)
    folder = SaveDir(tmp_path / "s")
    folder.write(folder.current, Save.of(match))
    (tmp_path / "later.toml").rename(tmp_path / "mydeck.fr.toml")
    return deck, folder


def test_finding_2_resuming_in_that_language_is_refused_clearly_not_a_crash(
        capsys, monkeypatch, tmp_path):
    deck, folder = saved_with_broken_overlay(tmp_path)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    code, out, err = run_cli(capsys, "play", "--resume", "--save-dir", str(folder.root),
                             "--deck", str(deck))
    assert code == 2 and "mydeck.fr.toml" in err and "Traceback" not in err + out
    assert folder.current.exists()  # the save is kept


# ------------------------------------------------------------------- 3. exit codes (TUI)

@pytest.mark.parametrize("args", [("play", "--daily"), ("tutorial",), ("replay", "--last")])
def test_finding_3_a_table_that_stopped_on_an_error_exits_non_zero(
        capsys, monkeypatch, tmp_path, args):
    """Textual catches a crash inside the app and returns from run(); these three commands
    then returned 0. The crash is injected as Textual reports it: the app's return code."""
    from textual.app import App

    def crashed(self, *a, **k):
        self._return_code = 1

    monkeypatch.setattr(App, "run", crashed)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    folder = SaveDir(tmp_path / "s")
    if args[0] == "replay":
        match = Match(load_deck(), [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 7)
        while not match.over:
            match.apply(match.cpu_choice() if match.cpu_to_move()
                        else match.game.pending.options[0])
        folder.archive(Save.of(match))
    code, _, _ = run_cli(capsys, *args, "--save-dir", str(folder.root))
    assert code == 1


# ------------------------------------------------------------------ 4. unbounded readers

def test_finding_4_devices_are_refused_before_reading(capsys, tmp_path):
    code, _, err = run_cli(capsys, "replay", "--print", "/dev/zero")
    assert code == 2 and "/dev/zero" in err and "device" in err
    folder = tmp_path / "s"
    folder.mkdir()
    (folder / "current.json").symlink_to("/dev/zero")
    code, _, err = run_cli(capsys, "play", "--resume", "--save-dir", str(folder))
    assert code == 2 and "device" in err
    code, _, err = run_cli(capsys, "review", "/dev/zero")
    assert code == 2 and "device" in err


# ---------------------------------------------------------------------------- 5. workers

def test_finding_5_workers_are_bounded_by_the_cores_and_by_the_batches(capsys, monkeypatch):
    code, _, err = run_cli(capsys, "simulate", "--games", "2",
                           "--workers", str(cli.cpu_cores() + 1))
    assert code == 2 and "--workers" in err and str(cli.cpu_cores()) in err
    code, _, err = run_cli(capsys, "arena", "--games", "2", "--workers", "100000000")
    assert code == 2 and "--workers" in err
    from dread_draw.base import runner

    started: list[int] = []
    monkeypatch.setattr(runner, "_pool", lambda work, total, size, workers: (
        started.append(workers) or iter([work(s, min(total, s + size))
                                         for s in range(0, total, size)])))
    assert list(runner.run_batches(lambda a, b: (a, b), 2, workers=200, batch=1)) == [
        (0, 1), (1, 2)]
    assert started == [2]  # two games, two batches: two workers, not 200


# ---------------------------------------------------------- 6. the start-up race, mashed

KEYS = [*"uoldgy123456789nsq?", "enter", "space", "escape", "tab"]  # h: a hint is slow
CHARS = {"enter": "\r", "space": " ", "escape": "\x1b", "tab": "\t"}


async def mash_at_start_up(seed: int) -> BaseException | None:
    from dread_draw.tui.app import make_app

    rng = random.Random(seed)
    match = Match(load_deck(), [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], seed)
    app = make_app(match, animate=False, cpu_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        for _ in range(30):  # posted at once: they arrive while the screens start and stop
            key = rng.choice(KEYS)
            app.post_message(events.Key(key, CHARS.get(key, key)))
            if rng.random() < 0.3:
                await asyncio.sleep(0)
        await pilot.pause(0.2)
    return app._exception


@pytest.mark.slow
def test_finding_6_keys_mashed_while_the_table_starts_never_crash_it():
    """Keys typed before a screen's widgets are mounted (or after they are taken down)
    reached its actions: NoMatches '#log', 'OddsLine', 'PromptBar', '#discard-heading'
    (7 of 40 runs of this test before the fix). Many start-ups, each mashed."""
    async def many() -> list[tuple[int, BaseException]]:
        found = []
        for seed in range(12):
            try:
                problem = await mash_at_start_up(seed)
            except Exception as e:  # noqa: BLE001  # what run_test re-raises from the app
                problem = e
            if problem is not None:
                found.append((seed, problem))
        return found

    assert asyncio.run(many()) == []


# ------------------------------------------------------------------- 7. replay --log

def test_finding_7_replay_log_into_an_unwritable_place_is_a_clear_error(capsys, tmp_path):
    folder = SaveDir(tmp_path / "s")
    match = Match(load_deck(PLAIN), [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 3)
    while not match.over:
        match.apply(match.cpu_choice() if match.cpu_to_move() else match.game.pending.options[0])
    folder.archive(Save.of(match))
    for place in ("/proc/x.jsonl", str(tmp_path / "nowhere" / "x.jsonl")):
        code, out, err = run_cli(capsys, "replay", "--last", "--save-dir", str(folder.root),
                                 "--log", place)
        assert code == 2 and "Traceback" not in err + out and "x.jsonl" in err


# ------------------------------------------------------------------------ 8. smaller

def deck_text(name: str = "Plain (tests)", card_id: str = "the-fool", bom: bool = False
              ) -> str:
    text = PLAIN.read_text(encoding="utf-8")
    text = text.replace('name = "Plain (tests)"', f"name = {json.dumps(name)}", 1)
    text = text.replace('id = "the-fool"', f"id = {json.dumps(card_id)}", 1)
    return ("\ufeff" if bom else "") + text


def test_finding_8_emoji_codes_in_a_deck_name_are_shown_as_written(capsys, tmp_path):
    deck = tmp_path / "emoji.toml"
    deck.write_text(deck_text(":smile: Deck"), encoding="utf-8")
    for args in (("simulate", "--games", "2", "--players", "2"),
                 ("arena", "--games", "2")):
        code, out, _ = run_cli(capsys, *args, "--deck", str(deck))
        assert code == 0 and ":smile: Deck" in out and "😄" not in out


def test_finding_8_zero_width_names_newline_ids_bom_empty_paths_and_think_ms(
        capsys, tmp_path):
    for name in ("\u200b", "\u200b\u200d\u2060", "\u00ad"):
        code, _, err = run_cli(capsys, "play", "--human", name, "--cpu", "easy")
        assert code == 2 and "empty" in err
        with pytest.raises(DeckError, match="empty"):
            parse_deck(deck_text(name))
    with pytest.raises(DeckError, match="kebab-case"):
        parse_deck(deck_text(card_id="c1\n"))
    assert parse_deck(deck_text(bom=True).encode("utf-8")).name == "Plain (tests)"  # BOM: read
    for option in ("--save-dir", "--deck"):
        code, _, err = run_cli(capsys, "stats" if option == "--save-dir" else "cards",
                               option, "")
        assert code == 2 and option in err
    code, _, err = run_cli(capsys, "stats", "--save-dir=")
    assert code == 2
    match = Match(load_deck(PLAIN), [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "hard")], 3)
    saved = json.loads(Save.of(match).to_json())
    saved["agent_options"] = {"hard": {"think_ms": 10**6}}
    with pytest.raises(SaveError, match="agent_options"):
        parse_save(json.dumps(saved))
    saved["agent_options"] = {"hard": {"think_ms": 300}}
    assert parse_save(json.dumps(saved)).seed == 3


# ------------------------------------------------------------- issue 45: the inputs left

def one_clear_line(code: int, out: str, err: str) -> str:
    """The message of a refusal: exit 2, one line on stderr, no traceback."""
    assert code == 2, (code, out, err)
    assert "Traceback" not in out + err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


LONG = "a" * 300  # a file or folder name: the system allows 255 bytes


@pytest.mark.parametrize("args", [
    ("simulate", "--games", "1", "--log", LONG),
    ("replay", "--last", "--log", LONG),
    ("stats", "--save-dir", f"{{tmp}}/{LONG}"),
    ("play", "--resume", "--save-dir", f"{{tmp}}/{LONG}"),
    ("deck", "new", f"{LONG}.toml"),
    ("host", "--port", "0", "--cpu", "easy", "--save-dir", f"{{tmp}}/{LONG}"),
    ("review", f"{{tmp}}/{LONG}/game.json"),
])
def test_a_name_longer_than_the_system_allows_is_one_clear_error(capsys, tmp_path,
                                                                monkeypatch, args):
    """Issue 45: "File name too long" ended in a traceback (exit 1)."""
    monkeypatch.chdir(tmp_path)
    said = one_clear_line(*run_cli(capsys, *(a.format(tmp=tmp_path) for a in args)))
    assert "a file or folder name may be at most 255 bytes long; this one has" in said
    assert said.startswith("Error: aaaa") and len(said) < 200  # the name, shortened


def test_a_whole_path_longer_than_the_system_allows_is_one_clear_error(capsys, tmp_path):
    deep = tmp_path.joinpath(*["b" * 200] * 25, "games.jsonl")  # every name short enough
    said = one_clear_line(*run_cli(capsys, "simulate", "--games", "1", "--log", str(deep)))
    assert "the path is too long for this computer" in said


@pytest.mark.parametrize("args", [
    ("join", "192.168..1", "--code", "ABCD", "--name", "Ana"),
    ("join", "192.168..1:7777", "--code", "ABCD", "--name", "Ana"),
    ("serve", "--host", "192.168..1", "--port", "0"),
    ("serve", "--host", f"{'x' * 64}.example", "--port", "0"),
])
def test_a_mistyped_host_name_is_one_clear_error(capsys, tmp_path, monkeypatch, args):
    """Issue 45: `192.168..1` ended in the name lookup's UnicodeError (exit 1)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    said = one_clear_line(*run_cli(capsys, *args))
    assert "not an address" in said and ("192.168..1" in said or "x" * 64 in said)


@pytest.mark.parametrize(("args", "option"), [
    (("play", "--human", "Ana", "--cpu", "easy", "--cpu-delay", "nan"), "--cpu-delay nan"),
    (("tutorial", "--cpu-delay", "NaN"), "--cpu-delay nan"),
    (("host", "--port", "0", "--start-after", "nan"), "--start-after nan"),
    (("serve", "--port", "0", "--idle-minutes", "nan"), "--idle-minutes nan"),
    (("serve", "--port", "0", "--idle-minutes", "inf"), "--idle-minutes inf"),
    (("host", "--port", "0", "--cpu-delay", "inf"), "--cpu-delay inf"),
])
def test_nan_and_inf_are_refused_by_the_bounds(capsys, tmp_path, monkeypatch, args, option):
    """Issue 45: NaN passed every bound (nan > 60 is false) and, for --idle-minutes, turned
    the idle close off."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    said = one_clear_line(*run_cli(capsys, *args))
    assert said.startswith(f"Error: {option}: give a plain number")


def test_a_huge_idle_time_is_refused_like_the_other_waits(capsys):
    said = one_clear_line(*run_cli(capsys, "serve", "--idle-minutes", "1e9"))
    assert "more than anyone would wait for" in said


def test_a_broken_translation_file_is_blamed_on_resume_not_the_deck(capsys, monkeypatch,
                                                                    tmp_path):
    """Issue 45: resuming (without --deck) in the language of a broken translation file said
    the deck file could no longer be read, and told the player to put the old deck back."""
    _deck, folder = saved_with_broken_overlay(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    said = one_clear_line(*run_cli(capsys, "play", "--resume", "--save-dir", str(folder.root),
                                   "--lang", "fr"))
    assert "mydeck.fr.toml" in said and "fichier de traduction réparé, ou retiré" in said
    assert "deck file back" not in said and "l'ancien fichier de deck" not in said
    assert folder.current.exists()  # the save is kept


def test_a_translation_files_deck_name_has_a_length_limit(capsys, tmp_path):
    """Issue 45: a 900,000-character deck name in a translation file was accepted and
    printed."""
    deck = tmp_path / "big.toml"
    deck.write_text(STANDARD.read_text(encoding="utf-8"), encoding="utf-8")
    french = (STANDARD.parent / "cards.fr.toml").read_text(encoding="utf-8")
    assert french.count('\nname = "Standard"\n') == 1
    (tmp_path / "big.fr.toml").write_text(
        french.replace('\nname = "Standard"\n', f'\nname = "{"N" * 900_000}"\n'),
        encoding="utf-8")
    said = one_clear_line(*run_cli(capsys, "cards", "--deck", str(deck), "--lang", "fr"))
    assert "big.fr.toml" in said and "900,000" in said and "NNNN" not in said


def test_a_number_of_thousands_of_digits_in_a_deck_is_said_plainly(capsys, tmp_path):
    """Issue 45: the error told players to call sys.set_int_max_str_digits()."""
    deck = tmp_path / "huge.toml"
    deck.write_text(PLAIN.read_text(encoding="utf-8").replace(
        "strength = ", f"strength = {'9' * 5000}\nx = ", 1), encoding="utf-8")
    said = one_clear_line(*run_cli(capsys, "cards", "--deck", str(deck)))
    line = 1 + PLAIN.read_text(encoding="utf-8").split("strength = ")[0].count("\n")
    assert f"huge.toml, line {line}: a number thousands of digits long" in said
    assert "sys." not in said and "set_int_max_str_digits" not in said


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM ends a Windows process at once")
def test_a_killed_simulate_log_leaves_no_hidden_file_behind(tmp_path):
    """Issue 45: `kill` (SIGTERM) during `simulate --log` left its hidden temporary file
    (5 kills in 8); it now stops as Ctrl+C does, and the file is removed."""
    import signal
    import time

    log = tmp_path / "games.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "dread_draw", "simulate", "--games",
                             "100000", "--log", str(log)], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env_for(tmp_path))
    try:
        deadline = time.monotonic() + 60
        while not any(p.name.startswith(".games.jsonl.") for p in tmp_path.iterdir()):
            assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
            time.sleep(0.05)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130, (out, err)  # as after Ctrl+C
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []
    assert not log.exists() and "Traceback" not in out + err
