"""The command line speaks the chosen language all through (#46): Typer's and Click's own
words ("Usage:", "Options", "Show this message and exit.", their error messages and "Try …
for help"), the placeholders of --help, the reasons the operating system and the TOML
parser give, and the `deck` commands, which take --lang before or after `deck`; `deck new`
writes the standard deck's translation files beside the new deck."""

from __future__ import annotations

import errno
import re

import pytest
from helpers import run_cli
from proofread import english

from dread_draw import i18n

TRANSLATED = ("fr", "es", "de", "pt", "ko")
# "Usage:" and the options panel's title in each language
USAGE = {"fr": "Utilisation :", "es": "Uso:", "de": "Aufruf:", "pt": "Uso:", "ko": "사용법:"}
OPTIONS = {"fr": "Options", "es": "Opciones", "de": "Optionen", "pt": "Opções", "ko": "옵션"}


def said(text: str) -> str:
    """Rich's panels and wrapping taken away: the words, one space apart."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


@pytest.mark.parametrize("language", TRANSLATED)
def test_help_is_in_the_language_with_its_placeholders_and_typers_words(capsys, language):
    code, out, _err = run_cli(capsys, "--lang", language, "play", "--help")
    words = said(out)
    assert code == 0
    assert USAGE[language] in words.replace("\u00a0", " ") and OPTIONS[language] in words
    assert "Show this message and exit." not in words
    assert language == "fr" or "[OPTIONS]" not in words  # (French writes [OPTIONS] too)
    assert not [f for f in english(language, words) if "Usage" in f or "NAME" in f
                or "LEVEL" in f or "FILE" in f], words
    placeholders = {"fr": ("NOM", "NIVEAU", "FICHIER"), "es": ("NOMBRE", "NIVEL", "ARCHIVO"),
                    "de": ("NAME", "STUFE", "DATEI"), "pt": ("NOME", "NÍVEL", "ARQUIVO"),
                    "ko": ("이름", "수준", "파일")}[language]
    for word in placeholders:
        assert word in words, (word, words)


@pytest.mark.parametrize("language", TRANSLATED)
def test_help_with_lang_after_the_command_says_typers_words_in_the_language(capsys, language):
    """`dread-draw play --help --lang de`: --help is eager, so the help is drawn before the
    command reads its --lang; Typer's own words ("Options", "[default: 0.8]") are in the
    language all the same, as the help texts are."""
    code, out, _err = run_cli(capsys, "play", "--help", "--lang", language)
    words = said(out)
    assert code == 0
    assert OPTIONS[language] in words and USAGE[language] in words.replace("\u00a0", " ")
    assert "[default:" not in words, words


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_bad_value_is_refused_in_the_language_with_the_way_to_help(capsys, language):
    code, _out, err = run_cli(capsys, "--lang", language, "play", "--players", "9")
    words = said(err)
    assert code == 2
    assert "dread-draw play --help" in words
    assert not english(language, words), words
    assert "9" in words and "5" in words
    assert "x<=" not in words and "<=x" not in words, words  # Click's notation, said in words


@pytest.mark.parametrize("args, said_in_english", [
    (("play", "--players", "1"), "1 is less than 2."),
    (("play", "--players", "6"), "6 is more than 5."),
    (("simulate", "--games", "0"), "0 is less than 1."),
])
def test_a_number_out_of_its_range_says_which_bound_it_crossed(capsys, args, said_in_english):
    code, _out, err = run_cli(capsys, "--lang", "en", *args)
    assert code == 2
    assert said_in_english in said(err), said(err)


def test_english_stays_english_after_another_language_in_the_same_process(capsys):
    run_cli(capsys, "--lang", "de", "play", "--help")
    code, out, _err = run_cli(capsys, "--lang", "en", "play", "--help")
    assert code == 0 and "Usage:" in out and "Options" in out and "Optionen" not in out


@pytest.mark.parametrize("language, reason", [
    ("fr", "permission refusée"), ("es", "permiso denegado"), ("de", "Zugriff verweigert"),
    ("pt", "permissão negada"), ("ko", "권한이 없음"),
])
def test_the_operating_systems_reason_is_said_in_the_language(language, reason):
    from dread_draw.base.reasons import os_reason

    i18n.set_language(language)
    assert os_reason(PermissionError(errno.EACCES, "Permission denied")) == reason
    unknown = os_reason(OSError(errno.EIO + 1000, "Something odd"))
    assert "Something odd" not in unknown and unknown  # named by its code, never in English
    i18n.set_language("en")


@pytest.mark.parametrize("language, words", [
    ("fr", "il manque « = » après une clé, ligne 2, colonne"),
    ("de", "nach einem Schlüssel fehlt „=“, Zeile 2, Spalte"),
    ("ko", "키 뒤에 '='가 없음, 2번째 줄"),
])
def test_a_deck_files_toml_error_is_said_in_the_language(capsys, tmp_path, language, words):
    deck = tmp_path / "mine.toml"
    deck.write_text('[deck]\nname "Mine"\n', encoding="utf-8")
    code, _out, err = run_cli(capsys, "--lang", language, "deck", "check", str(deck))
    assert code == 2
    assert words.replace(" ", "") in said(err).replace("\u00a0", " ").replace(" ", ""), err
    assert "Expected" not in err and "key/value" not in err


@pytest.mark.parametrize("args", [
    ("--lang", "de", "deck", "check"), ("deck", "--lang", "de", "check"),
    ("deck", "check", "--lang", "de"),
])
def test_deck_check_answers_in_the_language_given_before_or_after_deck(capsys, tmp_path,
                                                                         args):
    code, _out, err = run_cli(capsys, *args, str(tmp_path / "none.toml"))
    assert code == 2 and "Diese Deckdatei gibt es nicht" in said(err), err


def test_deck_new_writes_the_translation_files_so_the_table_names_the_cards_in_german(
        capsys, tmp_path):
    """`deck new --lang de`: a German player starting from it sees Der Narr, not The Fool;
    the new deck and its five translation files check clean."""
    from dread_draw.deck.cards import load_deck
    from dread_draw.deck.overlays import deck_text
    from dread_draw.words.narrate import card_label

    mine = tmp_path / "mine.toml"
    code, out, err = run_cli(capsys, "deck", "new", str(mine), "--lang", "de")
    assert code == 0, err
    assert "geschrieben" in said(out)
    for language in TRANSLATED:
        assert (tmp_path / f"mine.{language}.toml").is_file(), language
    i18n.set_language("de")
    deck = load_deck(mine)
    fool = next(u for u in range(deck.size) if deck.card[u].id == "the-fool")
    assert str(card_label(deck, fool)) == "Der Narr (0)"
    assert deck_text(deck).name == "Mein Deck"
    i18n.set_language("ko")
    assert deck_text(load_deck(mine)).name == "내 덱"
    i18n.set_language("en")
    assert load_deck(mine).name == "My deck"
    # never overwrites: a translation file in the way refuses the whole deck
    other = tmp_path / "other.toml"
    (tmp_path / "other.fr.toml").write_text("# mine\n", encoding="utf-8")
    code, _out, err = run_cli(capsys, "--lang", "ko", "deck", "new", str(other))
    assert code == 2 and not other.exists() and "other.fr.toml" in err
    assert "파일이 이미 있습니다" in said(err)


def test_a_saves_json_error_is_said_in_the_language(capsys, tmp_path):
    bad = tmp_path / "game.json"
    bad.write_text('{"format": "dread-draw-save", "version" 1}', encoding="utf-8")
    code, _out, err = run_cli(capsys, "--lang", "fr", "replay", str(bad))
    assert code == 2 and "il manque « : » après une clé" in said(err), err
    assert "Expecting" not in err


def test_reports_name_the_deck_and_the_cpu_levels_in_the_language(capsys):
    """`simulate` and `arena` headers said "random", "Standard" in a Korean table (#46)."""
    code, out, _err = run_cli(capsys, "--lang", "ko", "simulate", "--games", "2", "--players",
                              "2")
    assert code == 0 and "무작위" in out and "덱 기본" in out and "random" not in out
    code, out, _err = run_cli(capsys, "--lang", "ko", "arena", "--games", "2", "--seats",
                              "easy,normal")
    assert code == 0 and "쉬움" in out and "보통" in out and "easy" not in out
