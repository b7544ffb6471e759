"""Text from a deck file or a save is shown only as text, by every command and the table.

A deck whose every text field is hostile — terminal escapes (colour, OSC 8 links, BEL, C1
controls), direction overrides, and Rich markup (``[/]``, ``[link=...]``, ``[bold]``) — and a
save whose player names are just as hostile, through `cards`, `simulate`, `simulate --report`,
`arena`, `replay --print`, `stats`, the error path of each, and the table: the output holds no
escape sequence the program did not put there and no tag was read as markup.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_tui import SIZE, make_app, sync
from typer.testing import CliRunner

from dread_draw.cli import app
from dread_draw.deck.cards import load_deck, parse_deck
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.store.saves import Save
from dread_draw.tui.screens.game_over import GameOver
from dread_draw.tui.screens.handoff import HandOff
from dread_draw.tui.screens.new_game import NewGame
from dread_draw.tui.screens.summary import RoundSummary
from dread_draw.tui.screens.table import TableScreen

ESCAPES = "\x1b[31m\x1b]8;;http://evil.example\x07\x07\x9b2J\x85\u202e\u2066"
SHORT = "\x1b[7m\x1b]8;;h\x07\x07\x9b\x85\u202e"  # for names (60 characters at most)
TAGS = ("[/]", "[/red]", "[link=http://e.x]", "[bold]", "[reverse]")
# Anything that may not reach the terminal from a file: C0 (but line breaks), DEL, C1, bidi.
FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
SEQUENCE = re.compile(r"\x1b(?:\[[0-9;?]*[A-Za-z]|\][^\x07\x1b]*(?:\x07|\x1b\\)|.)")


def toml_str(s: str) -> str:
    """A TOML basic string holding `s` exactly (control characters as \\u escapes)."""
    return json.dumps(s, ensure_ascii=False).replace("\x7f", "\\u007f").translate(
        {c: f"\\u{c:04x}" for c in range(0x80, 0xA0)})


def deck_text(hostile: bool) -> str:
    """25 cards x 4 copies, each with an ability; every text field hostile (or harmless)."""
    def text(s: str, i: int) -> str:
        return f"Mirror [II] {' '.join(TAGS)}x[/link] {ESCAPES} {s} {i}" if hostile \
            else f"Mirror II {s} {i}"

    def name(i: int) -> str:
        return f"[link=x]M[/link] [/] [bold]{SHORT} [II] {i}" if hostile else f"Mirror {i}"

    cards = "".join(
        f'[[card]]\nid = "c{i}"\nname = {toml_str(name(i))}\n'
        f"strength = {i % 13}\ndamage = {i % 4}\ncopies = 4\n"
        f"fortune = {toml_str(text('fortune', i))}\n"
        f'[card.ability]\nwhen = "summon"\neffect = "peek-draw"\ncount = 1\n'
        f"text = {toml_str(text('text', i))}\n\n" for i in range(25))
    deck_name = f"Mirror [II] [/] [bold] [link=x]D[/link]{SHORT}" if hostile else "Mirror II"
    return f"[deck]\nname = {toml_str(deck_name)}\nformat = 1\n\n{cards}"


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """Both decks, and a save folder holding one finished game per deck, played with
    player names a hand-edited save (or an older version) could hold."""
    root = tmp_path_factory.mktemp("hostile")
    for kind, hostile in (("hostile", True), ("harmless", False)):
        path = root / f"{kind}.toml"
        path.write_text(deck_text(hostile), encoding="utf-8")
        deck = load_deck(path)
        match = Match(deck, [SeatSpec("Ana", HUMAN), SeatSpec("Ben", "random")], 3)
        while not match.over:
            match.apply(match.cpu_choice() if match.cpu_to_move()
                        else match.game.pending.options[0])
        data = json.loads(Save.of(match, deck_text=path.read_text()).to_json())
        if hostile:
            data["seats"][0]["name"] = "[/]"
            data["seats"][1] = {"name": f"[link=http://e.x]Ben[/link] [bold]{ESCAPES}",
                                "kind": HUMAN}  # stats shows people's names
        games = root / kind / "games"
        games.mkdir(parents=True)
        (games / "game-20260101-000000-000000.json").write_text(json.dumps(data))
    return root


def commands(root: Path, kind: str) -> dict[str, list[str]]:
    deck = str(root / f"{kind}.toml")
    return {
        "cards": ["cards", "--deck", deck],
        "simulate": ["simulate", "--games", "3", "--players", "2", "--deck", deck],
        "simulate --report": ["simulate", "--report", "--games", "3", "--players", "2",
                              "--deck", deck],
        "arena": ["arena", "--games", "2", "--seats", "random,random", "--deck", deck],
        "replay --print": ["replay", "--print", "--last", "--save-dir", str(root / kind)],
        "stats": ["stats", "--save-dir", str(root / kind)],
    }


def run(args: list[str], term: str) -> str:
    """The command's output as a terminal would get it (Rich forced to think it is one)."""
    env = {"FORCE_COLOR": "1", "TERM": term, "COLUMNS": "500", "NO_COLOR": None}
    r = CliRunner().invoke(app, args, env=env, catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return r.output


SHOWS = {  # what each command shows of the outside text, literally
    "cards": ("Mirror [II]", *TAGS),
    "simulate": ("Mirror [II] [/] [bold] [link=x]D[/link]",),
    "simulate --report": ("Mirror [II] [/] [bold]", "[link=x]M[/link] [/] [bold]"),
    "arena": ("Mirror [II] [/] [bold] [link=x]D[/link]",),
    "replay --print": ("[/] ", "[link=http://e.x]Ben[/link] [bold]", "[II]"),
    "stats": ("[/]", "[link=http://e.x]Ben[/link] [bold]"),
}


@pytest.mark.parametrize("command", list(SHOWS))
def test_every_command_shows_hostile_text_as_text_with_no_style_of_its_own(folder, command):
    """Without colour (a dumb terminal: Rich writes no escape sequence at all) the output holds
    no control character; in colour, it holds no escape sequence that the harmless deck's
    output does not (no link, no style from the file), and every tag is there as text."""
    hostile = commands(folder, "hostile")[command]
    out = run(hostile, "dumb")
    assert not FORBIDDEN.search(out), repr(FORBIDDEN.search(out))
    assert "␛" in out  # the escapes are there, made visible
    ours = set(SEQUENCE.findall(run(commands(folder, "harmless")[command], "xterm-256color")))
    out = run(hostile, "xterm-256color")
    theirs = set(SEQUENCE.findall(out))
    assert theirs <= ours, theirs - ours
    words = " ".join(SEQUENCE.sub("", out).split())  # a title may wrap
    for literal in SHOWS[command]:
        assert literal in words, literal


# --------------------------------------------------------------------------- error paths

def error_cases(root: Path) -> dict[str, tuple[list[str], tuple[str, ...]]]:
    odd = root / "x[" / "]y[bold]" / "["  # paths like x[/]y[bold]/[/red]deck.toml
    odd.mkdir(parents=True, exist_ok=True)
    bad = odd / "red]deck.toml"
    bad.write_text(deck_text(True).replace("strength = 1\n", 'strength = "\\u001b[31m[/]"\n',
                                           1), encoding="utf-8")
    empty = odd / "red]empty[deck].toml"
    empty.write_text('[deck]\nname = "x"\n')
    missing = str(root / "x[/]y[bold]missing.toml")
    saved = str(root / "hostile" / "games" / "game-20260101-000000-000000.json")
    a_file = odd / "]file"
    a_file.write_text("")
    shown = (str(bad), "'\\x1b[31m[/]'")
    return {
        "cards": (["cards", "--deck", str(bad)], shown),
        "cards, no cards": (["cards", "--deck", str(empty)], (str(empty), "[[card]]")),
        "cards, missing": (["cards", "--deck", missing], (missing,)),
        "simulate": (["simulate", "--games", "1", "--deck", str(bad)], shown),
        "simulate --report": (["simulate", "--report", "--games", "1", "--deck", str(bad)],
                              shown),
        "arena": (["arena", "--games", "1", "--deck", str(bad)], shown),
        "play": (["play", "--players", "2", "--cpu", "random", "--deck", str(bad),
                  "--save-dir", str(root / "play")], shown),
        "replay --print": (["replay", "--print", saved, "--deck", str(bad)], shown),
        "replay, missing": (["replay", "--print", missing], (missing,)),
        "stats": (["stats", "--save-dir", str(a_file)], (str(a_file),)),
    }


def test_every_error_message_is_shown_as_text(folder):
    """Paths and values quoted in an error are never read as markup (a path like
    ``x[/]y.toml`` was a MarkupError traceback; ``[[card]]`` vanished from messages)."""
    env = dict(os.environ, FORCE_COLOR="1", TERM="dumb", COLUMNS="500",
               XDG_DATA_HOME=str(folder / "data"), XDG_CONFIG_HOME=str(folder / "cfg"))
    env.pop("NO_COLOR", None)
    for label, (args, literals) in error_cases(folder).items():
        r = subprocess.run([sys.executable, "-m", "dread_draw", *args], capture_output=True,
                           text=True, env=env, stdin=subprocess.DEVNULL)
        out = r.stdout + r.stderr
        assert r.returncode == 2 and "Traceback" not in out, (label, out)
        assert not FORBIDDEN.search(out), (label, out)
        for literal in literals:
            assert literal in out, (label, literal, out)


# ------------------------------------------------------------------------------ the table

def screen_text(app) -> str:
    """Everything the widgets of the screen show, as text."""
    from textual.widgets import Button, Static

    shown = [str(w.render()) for w in app.screen.query(Static)]
    shown += [str(b.label) for b in app.screen.query(Button)]
    return "\n".join(shown)


async def to_game_over(app, pilot) -> list[str]:
    """Answer every question with its first option until the game is over (or the app has
    stopped); what the screen showed at each question, summary and hand-off."""
    seen: list[str] = []
    for _ in range(3000):
        if isinstance(app.screen, GameOver) or not app.is_running:
            break
        if isinstance(app.screen, (HandOff, RoundSummary)):
            seen.append(screen_text(app))
            await pilot.press("enter")
        elif isinstance(app.screen, TableScreen) and app.screen.answer is not None:
            seen.append(screen_text(app))
            await pilot.press("1")
        else:
            await pilot.pause(0.01)
    return seen


@pytest.mark.slow
@sync
async def test_the_table_shows_a_hostile_deck_as_text(folder):
    """A whole game at the table with the hostile deck: the questions, answers, summaries and
    the fortune show every card name and text as written (no crash, no tag read as markup),
    and no control character reaches a widget."""
    fierce = re.sub(r"damage = (\d+)", lambda m: f"damage = {int(m[1]) + 3}",
                    deck_text(True))  # a short game
    deck = parse_deck(fierce, "hostile.toml")
    app = make_app(Match(deck, [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 3))
    async with app.run_test(size=SIZE) as pilot:
        seen = await to_game_over(app, pilot)
        assert isinstance(app.screen, GameOver)
        for _ in range(3):
            await pilot.press("enter")  # read the fortune
        await pilot.pause()
        seen.append(screen_text(app))
    shown = "\n".join(seen)
    assert not FORBIDDEN.search(shown)
    assert "[link=x]M[/link] [/] [bold]␛[7m" in shown  # card names: in questions, rows
    assert "Mirror [II] [/] [/red] [link=http://e.x] [bold] [reverse]x[/link]" in shown


@sync
async def test_the_table_shows_a_save_and_a_deck_error_as_text(folder, tmp_path):
    """The new-game screen's Continue names the saved game's players, and a bad deck path is
    named in the error: both as written, never as markup."""
    from dread_draw.store.saves import SaveDir
    from dread_draw.store.setup import Setup

    saves = SaveDir(tmp_path / "saves")
    saves.ensure()
    data = json.loads((folder / "hostile" / "games" / "game-20260101-000000-000000.json")
                      .read_text())
    data.update(finished=False, winner=-1, choices=data["choices"][:5])
    saves.current.write_text(json.dumps(data))
    missing = str(tmp_path / "x[/]y[bold]missing.toml")
    setup = Setup([SeatSpec("Mara", HUMAN), SeatSpec("Zora", "random")], 5, missing)
    app = make_app(setup=setup, saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Continue: [/], [link=http://e.x]Ben[/link] [bold]…" in screen_text(app)
        await pilot.press("ctrl+s")  # start: a saved game would be replaced, so it asks
        await pilot.pause()
        assert "[/], [link=http://e.x]Ben[/link]" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, NewGame)
        assert f"{missing}: no such deck file." in screen_text(app)


@pytest.mark.slow
@pytest.mark.usefixtures("quick_guards")  # keys come one at a time
@sync
async def test_a_player_named_with_markup_plays_a_whole_game():
    fierce = re.sub(r"damage = (\d+)", lambda m: f"damage = {int(m[1]) + 3}",
                    deck_text(True))  # a short game
    deck = parse_deck(fierce, "hostile.toml")
    seats = [SeatSpec("[/]", HUMAN), SeatSpec("[bold]Ben", HUMAN), SeatSpec("Zora", "random")]
    app = make_app(Match(deck, seats, 3))
    async with app.run_test(size=SIZE) as pilot:
        await to_game_over(app, pilot)
        assert isinstance(app.screen, GameOver)
        assert "[/] wins" in screen_text(app) or "[bold]Ben wins" in screen_text(app)


@sync
async def test_the_replay_viewer_shows_a_hostile_save_as_text(folder):
    from dread_draw.store.saves import SaveDir, open_replay
    from dread_draw.tui.replay import ReplayApp

    save, match, _ = open_replay(SaveDir(folder / "hostile").last(), None)
    app = ReplayApp(save, match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end")
        await pilot.pause()
        shown = screen_text(app)
    assert not FORBIDDEN.search(shown)
    assert "[link=http://e.x]Ben[/link] [bold]␛" in shown and "Mirror [II] [/] [bold]" in shown


@sync
async def test_an_autosave_failure_naming_an_odd_folder_is_shown_as_text(tmp_path):
    """The table's notice that autosave fails names the save folder, which may be any path."""
    from textual.widgets._toast import Toast

    from dread_draw.store.saves import SaveDir

    odd = tmp_path / "x[" / "]y[bold]"
    odd.parent.mkdir()
    odd.write_text("a file, not a folder")
    match = Match(load_deck(Path(__file__).parent / "data" / "plain.toml"),
                  [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 1)
    app = make_app(match, saves=SaveDir(odd))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await pilot.pause()
        toasts = " ".join(str(t.render()) for t in app.screen.query(Toast))
        assert app.is_running and f"{odd}: is a file" in " ".join(toasts.split())
