"""Six languages, second pass: every word a player reads outside the table screens — the
narration (the table's log, round summaries, `replay --print`), the CLI's messages and
`--help` — comes from the catalogues, and saves stay language-neutral."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import run_cli

from dread_draw import i18n
from dread_draw.deck.cards import load_deck
from dread_draw.i18n import LANGUAGES, PSEUDO
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.store.saves import Save, SaveDir
from dread_draw.words.narrate import Narrator, RoundTracker

# Letters the pseudo-locale always accents: a narrated line with one of them left plain holds
# words that never went through a catalogue. Names are built from the other letters.
PLAIN_LETTERS = re.compile(r"[aeioucnyszglrtdhjkwAEIOUCNYSZGLRTDHJKW]")
NAMES = ["Bxm", "Pfv", "Mqb"]  # no letter the pseudo-locale accents


def played(deck, names, seed: int = 11) -> Match:
    match = Match(deck, [SeatSpec(names[0], "easy"), SeatSpec(names[1], "normal"),
                         SeatSpec(names[2], "random")], seed)
    while not match.over:
        match.apply(match.cpu_choice())
    return match


@pytest.fixture(scope="module")
def standard_game():
    deck = load_deck()
    return deck, played(deck, NAMES)


def told(match: Match, names: list[str]) -> list[str]:
    say = Narrator(match.deck, names, reveal=True)
    tracker = RoundTracker(match.deck)
    lines = [line for line in map(say, match.events) if line]
    for ev in match.events:
        report = tracker.feed(ev)
        if report is not None:
            lines += report.lines(names)
    return lines


def test_every_narrated_line_of_a_whole_game_goes_through_the_catalogue(standard_game):
    """In the pseudo-locale every message is accented: an English letter left plain in a
    line (names use none) is a sentence, a word or a card name that was never translated."""
    deck, match = standard_game
    i18n.set_language(PSEUDO)
    lines = told(match, NAMES)
    assert len(lines) > 50
    kinds = {ev["type"] for ev in match.events}
    assert {"summon", "fail", "round_end", "damage", "game_end", "outcome"} <= kinds
    untranslated = [line for line in lines if PLAIN_LETTERS.search(line)]
    assert not untranslated, untranslated[:5]


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_no_narrated_line_stays_english_in_any_language(standard_game, language):
    deck, match = standard_game
    english = told(match, NAMES)
    i18n.set_language(language)
    translated = told(match, NAMES)
    assert len(translated) == len(english)
    same = [e for e, t in zip(english, translated, strict=True) if e == t]
    assert not same, same[:5]


@pytest.mark.parametrize("name, subject, topic", [
    ("민준", "민준이", "민준은"),   # a final consonant: 이, 은
    ("지우", "지우가", "지우는"),   # a vowel: 가, 는
    ("Bob", "Bob이", "Bob은"),
    ("Ana", "Ana가", "Ana는"),
])
def test_korean_particles_follow_the_players_name(plain_deck, name, subject, topic):
    i18n.set_language("ko")
    say = Narrator(plain_deck, [name, "CPU 2"])
    starts = say({"type": "round_start", "round": 1, "starting_seat": 0})
    assert f"{subject} 먼저 시작합니다" in starts
    defeated = say({"type": "defeated", "seat": 0})
    assert defeated.startswith(topic + " ")


def test_a_game_saved_in_french_replays_in_korean_and_its_save_holds_no_words(tmp_path,
                                                                               capsys):
    deck = load_deck()
    folders = {}
    for language in ("fr", "en"):
        i18n.set_language(language)
        folder = SaveDir(tmp_path / language)
        folder.ensure()
        folders[language] = folder.archive(Save.of(played(deck, ["Ana", "민준", "지우"], 5)))
    french, english = (json.loads(folders[x].read_text(encoding="utf-8"))
                       for x in ("fr", "en"))
    for stamp in ("started", "saved"):
        french.pop(stamp, None), english.pop(stamp, None)
    assert french == english  # the language leaves no trace in a save
    code, out, err = run_cli(capsys, "replay", "--print", str(folders["fr"]), "--lang", "ko")
    assert code == 0, err
    lines = out.splitlines()
    assert "새 게임" in lines[0] and "게임에서 승리합니다" in lines[-1]
    code, english_out, _err = run_cli(capsys, "replay", "--print", str(folders["fr"]),
                                      "--lang", "en")
    assert "A new game" in english_out.splitlines()[0]


@pytest.mark.parametrize("command", [["rules"], ["cards"], ["stats"], ["replay", "--print"],
                                     ["simulate"], ["play"], ["host"], ["arena"]])
def test_an_unknown_language_is_refused_with_the_six_listed(capsys, command):
    code, out, err = run_cli(capsys, *command, "--lang", "xx")
    assert code == 2 and "Traceback" not in err
    for language in LANGUAGES:
        assert f"{language} (" in err
    assert "한국어" in err and "Français" in err


def test_join_takes_lang_too(capsys):
    code, _out, err = run_cli(capsys, "join", "localhost", "--code", "x", "--name", "Ana",
                              "--lang", "xx")
    assert code == 2 and "한국어" in err


def test_help_in_french_is_french(capsys):
    code, out, _err = run_cli(capsys, "--lang", "fr", "--help")
    assert code == 0
    flat = " ".join(out.split())
    assert "le jeu de cartes de divination" in flat
    assert "Affiche les règles de Dread Draw." in flat
    code, out, _err = run_cli(capsys, "replay", "--help", "--lang", "fr")
    flat = " ".join(out.split())
    assert "Affiche plutôt le journal en texte." in flat
    assert "Print the log as text instead." not in flat


def test_help_follows_the_environment_without_lang(capsys, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "de")
    code, out, _err = run_cli(capsys, "cards", "--help")
    assert code == 0 and "Zeigt das Deck als Tabelle." in " ".join(out.split())


def test_errors_from_the_rules_core_are_said_in_the_players_language(capsys, tmp_path):
    code, _out, err = run_cli(capsys, "simulate", "--deck",
                              str(Path(__file__).parent / "data" / "plain.toml"),
                              "--players", "5", "--games", "1", "--lang", "fr")
    assert code == 0, err
    small = tmp_path / "small.toml"
    small.write_text('[deck]\nname = "Small"\n\n[[card]]\nid = "a"\nname = "A"\nstrength = 1\n'
                     'damage = 1\ncopies = 30\n', encoding="utf-8")
    code, _out, err = run_cli(capsys, "simulate", "--deck", str(small), "--players", "4",
                              "--lang", "fr")
    assert code == 2 and "Deck de Vie" in err and "Traceback" not in err


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_a_cpu_level_is_a_word_of_the_players_language_wherever_a_seat_is_named(language):
    """The new-game screen's seat kinds, a seat's head and the coach's assumption name a CPU's
    level in the player's language ("Ordinateur · facile"), never the command line's
    `easy`/`hard`/`random`, which stay as they are for `--cpu`."""
    from dread_draw.coach.words import assumption_text
    from dread_draw.tui.screens.new_game import kind_options
    from dread_draw.tui.widgets.seats import kind_label

    i18n.set_language(language)
    try:
        commands = ("easy", "hard", "random")
        shown = [label for label, _kind in kind_options()[1:]]
        shown += [kind_label(SeatSpec("Zora", level)) for level in commands]
        shown.append(assumption_text(["normal", "easy", "hard"], 0, ["A", "B", "C"]))
        for text in shown:
            words = set(re.findall(r"\w+", text))
            assert not words & set(commands), (language, text)
        assert len({i18n.level_word(level) for level in ("random", "easy", "normal", "hard")}) \
            == 4
    finally:
        i18n.set_language("en")


def command_paths() -> list[tuple[str, ...]]:
    """Every command and subcommand of `dread-draw`, as the words typed before --help."""
    import typer.main

    from dread_draw.cli import app

    paths: list[tuple[str, ...]] = [()]
    todo = [((), typer.main.get_command(app))]
    while todo:
        path, command = todo.pop()
        for name, sub in getattr(command, "commands", {}).items():
            paths.append((*path, name))
            todo.append(((*path, name), sub))
    return paths


def help_sources(path: tuple[str, ...]) -> str:
    """The help texts of the command at `path`, in the current language (with its
    subcommands' and options'), joined: an ellipsis in them is meant."""
    import typer.main

    from dread_draw.cli import app

    command = typer.main.get_command(app)
    for name in path:
        command = command.commands[name]
    texts = [command.help or ""]
    texts += [getattr(p, "help", None) or "" for p in command.params]
    texts += [sub.help or "" for sub in getattr(command, "commands", {}).values()]
    return " ".join(i18n._(t) for t in texts if t)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_no_help_screen_is_cut_at_80_columns(capsys, monkeypatch, language):
    """At 80 columns every --help screen, in every language, says its sentences whole: an
    ellipsis the help texts do not hold is a word cut to fit (Korean syllables are two cells
    wide; "기본값은 기 …" for "기본값은 기본")."""
    monkeypatch.setenv("COLUMNS", "80")
    for path in command_paths():
        code, out, _err = run_cli(capsys, "--lang", language, *path, "--help")
        assert code == 0, path
        i18n.set_language(language)
        meant = help_sources(path).count("…")
        cut = [line for line in out.splitlines() if "…" in line]
        assert len(cut) <= meant, (path, cut)
