"""`dread-draw play --plain` (issue 32): the game in plain lines for a screen reader.

The whole-game test drives a real subprocess through pipes (stdin not a terminal, NO_COLOR
set) as two people and a CPU would, answering each question it is asked, then checks the
output against the saved game: nothing but text, every event of the log and every question
as a line, and each person's private cards only after their own hand-off line."""

from __future__ import annotations

import asyncio
import io
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

from dread_draw.deck.cards import load_deck
from dread_draw.lines.plain import PlainTable
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.store.saves import SaveDir, autosave_new, open_replay
from dread_draw.table.model import offers_hidden_cards
from dread_draw.words.narrate import Narrator, describe

ROOT = Path(__file__).resolve().parents[1]
ESCAPES = re.compile(r"[\x00-\x09\x0b-\x1f\x7f\x9b]")  # ESC, CSI, CR, BEL ... (not \n)
BOX = re.compile("[\u2500-\u257f]")
HAND_OFF = re.compile(r"^Pass the keyboard to (\w+)\.")
ANSWER = re.compile(r"^Your answer \((?:1-)?(\d+)\):$")  # one answer: "(1):"


def drive(tmp_path: Path, seed: int, pick: random.Random) -> tuple[list[str], int]:
    """Play a whole game of Ann, Bob and a CPU through `play --plain`, answering as a
    person would: a number after each question, Enter after each hand-off and look."""
    env = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT),
           "XDG_CONFIG_HOME": str(tmp_path / "cfg"), "LANGUAGE": "en", "LANG": "C.UTF-8"}
    env.pop("DREAD_DRAW_LANG", None)
    p = subprocess.Popen(
        [sys.executable, "-m", "dread_draw", "play", "--plain", "--human", "Ann", "--human",
         "Bob", "--cpu", "easy", "--seed", str(seed), "--save-dir", str(tmp_path / "saves")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        cwd=tmp_path)
    assert p.stdin is not None and p.stdout is not None
    lines: list[str] = []
    for raw in p.stdout:
        line = raw.decode("utf-8").rstrip("\n")
        lines.append(line)
        asked = ANSWER.match(line)
        if asked:
            p.stdin.write(f"{pick.randint(1, int(asked[1]))}\n".encode())
            p.stdin.flush()
        elif line.endswith("press Enter when you are ready.") or line == "Press Enter to go on.":
            p.stdin.write(b"\n")
            p.stdin.flush()
    p.stdin.close()
    code = p.wait(timeout=60)
    return lines, code


def test_a_whole_hot_seat_game_in_plain_lines(tmp_path: Path) -> None:
    lines, code = drive(tmp_path, seed=3, pick=random.Random(1))
    assert code == 0
    raw = "\n".join(lines)
    assert not ESCAPES.search(raw), "no escape sequence, no carriage return"
    assert not BOX.search(raw), "no box drawing"
    assert "Ann wins the game." in lines or "Bob wins the game." in lines or any(
        line.endswith("wins the game.") for line in lines)

    # the finished game, kept like any other: every event of its log is a line
    kept = sorted((tmp_path / "saves" / "games").glob("game-*.json"))
    assert len(kept) == 1
    save, match, _note = open_replay(kept[0], None)
    names = save.names
    said = Narrator(match.deck, names)
    told = [BOX.sub("", t).strip() for t in filter(None, map(said, match.events))]
    assert len(told) > 50
    at = 0
    for sentence in told:  # in order, each on a line of its own
        assert sentence in lines[at:], sentence
        at = lines.index(sentence, at) + 1

    # every question a person was asked is a line, its answers numbered below it, in order;
    # a person's private cards come only after their own hand-off line (R11.2)
    replayed = Match(match.deck, match.seats, match.seed)
    game = replayed.game
    at = 0
    hidden_asked = 0
    for option in match.choices:
        d = game.pending
        assert d is not None
        if match.seats[d.seat].is_human:
            view = game.view(d.seat)
            question, labels = describe(d, view, names)
            at = lines.index(question, at)
            for i, (_o, label) in enumerate(labels, 1):
                assert lines[at + i] == f"{i}. {label}"
            if offers_hidden_cards(view):
                hidden_asked += 1
                holder = keyboard_before(lines, at, names)
                assert holder == names[d.seat], (question, holder)
            at += 1
        game.choose(option)
    assert hidden_asked >= 2, "the game drew cards from a person's Life Deck"
    # nobody else's turn in between: what a look showed is read by the looker
    for i, line in enumerate(lines):
        if line.startswith("Only ") and line.endswith(" may read this:"):
            who = line[len("Only "):-len(" may read this:")]
            assert keyboard_before(lines, i, names) == who


def keyboard_before(lines: list[str], at: int, names: list[str]) -> str | None:
    """Who holds the keyboard at line `at`: the person of the last hand-off line or the last
    question answered before it (None: the last hand-off went to nobody we can tell)."""
    for line in reversed(lines[:at]):
        m = HAND_OFF.match(line)
        if m:
            return m[1]
        for name in names:
            if line.startswith((f"{name}, your turn", f"{name}: ", f"{name}, you drew")):
                return name
    return None


# ---------------------------------------------------------------------- commands, saves

def plain_game(tmp_path: Path, typed: str) -> tuple[list[str], Match]:
    """A table of one person against a CPU, played in-process with `typed` as its input."""
    match = Match(load_deck(None), [SeatSpec("Ann", HUMAN), SeatSpec("Zora", "easy")], 5)
    folder = SaveDir(tmp_path / "saves")
    saver = autosave_new(folder, match)
    out = io.StringIO()
    PlainTable(match, saver, inp=io.StringIO(typed), out=out).play()
    return out.getvalue().splitlines(), match


def test_commands_answer_in_lines_and_quit_asks_first(tmp_path: Path) -> None:
    lines, match = plain_game(tmp_path, "?\no\nd\nt\nl\nu\nq\n\n1\nq\ny\n")
    text = "\n".join(lines)
    assert "Type the number of an answer" in text  # ?
    assert any(line.startswith(("Your row is empty", "A reveal", "No card")) for line in lines)
    assert "The discard pile is empty." in lines  # d, before any card is discarded
    assert any(line.startswith("Ann: ") and "Life Deck" in line for line in lines)  # t
    assert "The game so far:" in lines and "End of the log." in lines  # l
    assert "You can take back a choice only when it is your turn." not in lines
    assert lines.count("Quit the game in progress?") == 2  # asked each time
    assert "Keep playing" in lines  # the first q: Enter keeps playing
    assert len(match.choices) >= 1  # ... and the game went on
    assert any("current.json" in line for line in lines)  # where it is saved
    assert not match.over


def test_quit_answers_to_the_languages_own_yes(tmp_path: Path) -> None:
    """In French the question says to type "o" (oui), and "o" quits; "y" quits too."""
    from dread_draw import i18n

    i18n.set_language("fr")
    for typed in ("q\no\n", "q\ny\n"):
        lines, match = plain_game(tmp_path / typed[2], typed)
        assert "Tapez o puis Entrée pour quitter, ou juste Entrée pour continuer à jouer." in (
            lines), lines
        assert "Continuer à jouer" not in lines and not match.over  # it quit, not kept playing


def test_take_back_then_resume_where_it_was(tmp_path: Path) -> None:
    lines, match = plain_game(tmp_path, "1\n1\nu\n")
    # u answers in a line: taken back, or why not (here a card was revealed since)
    assert any("taken back" in line for line in lines)
    saved = json.loads((tmp_path / "saves" / "current.json").read_text())
    assert saved["choices"] == match.choices
    # --resume: the same game, from where it stands, in plain lines
    env = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT),
           "XDG_CONFIG_HOME": str(tmp_path / "cfg"), "LANGUAGE": "en"}
    got = subprocess.run(
        [sys.executable, "-m", "dread_draw", "play", "--plain", "--resume", "--save-dir",
         str(tmp_path / "saves")], input=b"q\ny\n", capture_output=True, env=env, timeout=60)
    out = got.stdout.decode()
    assert got.returncode == 0, got.stderr.decode()
    assert "Your answer (1" in out and "\x1b" not in out
    again = json.loads((tmp_path / "saves" / "current.json").read_text())
    assert again["choices"][:len(match.choices)] == match.choices


def test_plain_is_remembered_until_no_plain(tmp_path: Path, monkeypatch) -> None:
    from dread_draw.commands import play
    from dread_draw.store.setup import load_setup

    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
           "LANGUAGE": "en"}
    args = [sys.executable, "-m", "dread_draw", "play", "--players", "2", "--save-dir",
            str(tmp_path / "saves")]
    got = subprocess.run([*args, "--plain"], input=b"q\ny\n", capture_output=True, env=env,
                         timeout=60, check=True)
    # its first line says that it is remembered, and how to go back to the table
    assert got.stdout.decode().splitlines()[0] == (
        "Plain lines, remembered for the next game. To play at the full table again: "
        "dread-draw play --no-plain")
    settings = tmp_path / "cfg" / "dread-draw" / "last-setup.json"
    assert load_setup(settings).plain
    # remembered: no flag plays in plain lines again (a table would need a terminal)
    got = subprocess.run(args, input=b"q\ny\n", capture_output=True, env=env, timeout=60)
    assert b"Your answer (1" in got.stdout and b"\x1b" not in got.stdout
    # --no-plain forgets it once the table opens (here: a table that runs nothing)
    monkeypatch.setattr(play, "settings_path", lambda: settings)
    opened = []
    monkeypatch.setattr("dread_draw.tui.app.run_table", opened.append)
    play.play_command(players=2, humans=[], cpus=[], seed=1, deck=None, cpu_delay=0,
                      save_dir=tmp_path / "saves2", plain=False)
    assert opened and not load_setup(settings).plain


def test_a_first_plain_game_with_no_seats_plays_and_a_failed_run_remembers_nothing(
        tmp_path: Path) -> None:
    """`play --plain` as the very first command (no settings yet, no seats given) plays the
    new-game screen's default game; a run that fails (a bad flag) remembers nothing, so bare
    `play` still opens the table's new-game screen."""
    from dread_draw.store.setup import load_setup

    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CONFIG_HOME": str(tmp_path / "cfg"),
           "LANGUAGE": "en", "NO_COLOR": "1"}
    settings = tmp_path / "cfg" / "dread-draw" / "last-setup.json"
    play = [sys.executable, "-m", "dread_draw", "play", "--save-dir", str(tmp_path / "s")]
    failed = subprocess.run([*play, "--plain", "--players", "2", "--cpu", "nobody"],
                            capture_output=True, env=env, timeout=60)
    assert failed.returncode == 2 and b"no such CPU level" in failed.stderr + failed.stdout
    assert not load_setup(settings).plain  # nothing remembered
    got = subprocess.run([*play, "--plain"], input=b"q\ny\n", capture_output=True, env=env,
                         timeout=60)
    out = got.stdout.decode()
    assert got.returncode == 0, got.stderr.decode()
    assert "Your answer (1" in out and "a game needs" not in out + got.stderr.decode()
    seats = json.loads((tmp_path / "s" / "current.json").read_text())["seats"]
    assert len(seats) == 4 and [s["kind"] for s in seats].count("human") == 1  # the default
    assert load_setup(settings).plain


def test_tutorial_plain_reads_its_lessons_as_lines(tmp_path: Path) -> None:
    env = {**os.environ, "NO_COLOR": "1", "PYTHONPATH": str(ROOT),
           "XDG_CONFIG_HOME": str(tmp_path / "cfg"), "LANGUAGE": "en"}
    got = subprocess.run(
        [sys.executable, "-m", "dread_draw", "tutorial", "--plain", "--save-dir",
         str(tmp_path / "saves")], input=b"\n" * 6 + b"q\ny\n", capture_output=True, env=env,
        timeout=60)
    out = got.stdout.decode()
    assert got.returncode == 0, got.stderr.decode()
    lines = out.splitlines()
    assert "Learn to play" in lines  # the first lesson's title, then its text, then a wait
    assert lines[lines.index("Learn to play") + 2] == "Press Enter to go on."
    assert not ESCAPES.search(out.replace("\n", "")) and not BOX.search(out)


def test_u_at_a_hand_off_takes_back_the_choice_of_the_person_handing_on() -> None:
    """Issue 40: at a hot-seat hand-off the person who just chose may still press u; the
    rule decides (here Ben's skipped ability at seed 2: nothing was learned since), and the
    question is asked again — before, the hand-off followed at once and ignored u."""
    prompt = re.compile(r"^Your answer \((?:1-)?(\d+)\):$")

    class Typing:
        def __init__(self, out: io.StringIO, rng: random.Random) -> None:
            self.out, self.rng, self.handed = out, rng, 0

        async def get(self) -> str:
            await asyncio.sleep(0)
            last = self.out.getvalue().splitlines()[-1]
            asked = prompt.match(last)
            if asked:
                return str(self.rng.randint(1, int(asked[1])))
            if last.endswith("press Enter when you are ready.") and self.handed < 3:
                self.handed += 1
                return "u"
            return ""

        def drain(self) -> None:
            pass

    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Ben", HUMAN), SeatSpec("Zora", "easy")]
    match = Match(load_deck(None), seats, 2)
    out = io.StringIO()
    table = PlainTable(match, None, out=out)
    table.lines = Typing(out, random.Random(2))
    table.play()
    lines = out.getvalue().splitlines()
    assert match.over and [t.seat for t in match.takebacks] == [1]
    at = lines.index("Your last choice was taken back. Choose again.")
    assert lines[at - 1] == "Pass the keyboard to Ana. Ana, press Enter when you are ready."
    assert lines[at + 1].startswith("Ben: use The Weaver's ability?")  # asked again
    refused = [line for line in lines if line.startswith("Your last choice cannot be taken back")]
    assert len(refused) == 2  # the other two hand-offs: u says why not, and the game goes on
