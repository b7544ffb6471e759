"""A deck's words in six languages: the overlay files beside the deck, and `dread-draw cards`
in each language."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dread_draw import i18n
from dread_draw.base.errors import DeckError
from dread_draw.cli import app
from dread_draw.commands.cards import collation_key
from dread_draw.deck.cards import load_deck, standard_deck_path
from dread_draw.deck.overlays import (
    MAX_BYTES,
    deck_text,
    keyword_label,
    overlay_path,
    own_text,
    parse_overlay,
)
from dread_draw.i18n import PSEUDO, translations
from dread_draw.i18n.tools import TRANSLATED

PLAIN = Path(__file__).parent / "data" / "plain.toml"
runner = CliRunner()
# Each edition's keyword for each timing, as its catalogue says it: a card's text starts with
# the keyword it is played by.
TIMINGS = {"summon": "Summon", "reserve": "Reserve", "aftermath": "Aftermath",
           "always": "Always"}


def keyword(language: str, when: str) -> str:
    return translations(language).pgettext("ability keyword", TIMINGS[when])


def numbers(text: str) -> list[int]:
    return sorted(int(n) for n in re.findall(r"\d+", text))


# ---------------------------------------------------------------------- the standard deck

@pytest.mark.parametrize("language", TRANSLATED)
def test_every_card_of_the_standard_deck_has_its_words_in_every_language(standard_deck,
                                                                         language):
    words = deck_text(standard_deck, language)
    assert words.source == str(overlay_path(standard_deck, language))
    assert len(words.cards) == len(standard_deck.cards) == 41
    names = set()
    for card in standard_deck.cards:
        w = words[card]
        assert w.name and w.name != card.name
        assert bool(w.text) == bool(card.ability and card.ability.text), card.id
        assert bool(w.fortune) == bool(card.fortune), card.id
        assert w.fortune.count("\n") == card.fortune.count("\n"), card.id  # same verse shape
        names.add(w.name)
    assert len(names) == 41  # no two cards share a name


@pytest.mark.parametrize("language", TRANSLATED)
def test_ability_texts_say_what_the_card_does_with_its_keyword_and_numbers(standard_deck,
                                                                           language):
    words = deck_text(standard_deck, language)
    for card in standard_deck.cards:
        if not card.ability:
            continue
        text = words[card].text
        word = keyword(language, card.ability.when)
        assert text.startswith(word) and text[len(word):].lstrip("\u00a0 ")[0] == ":", (
            card.id, text)
        # Every number of the English text is there, and no other number but a "1" where
        # the English says "a card" (Korean counts it: 카드 1장).
        english = numbers(card.ability.text)
        params = {v for v in card.ability.params.values() if isinstance(v, int)}
        assert set(english) <= params | {1}, card.id  # the deck's own text is consistent
        translated = numbers(text)
        assert all(n in translated for n in english), (card.id, text)
        assert set(translated) <= set(english) | {1}, (card.id, text)


def test_cards_with_one_effect_read_alike_within_a_language(standard_deck):
    """The same effect and numbers are worded the same way on every card that has them."""
    for language in TRANSLATED:
        words = deck_text(standard_deck, language)
        seen: dict[tuple, str] = {}
        for card in standard_deck.cards:
            if card.ability:
                key = (card.ability.when, card.ability.effect,
                       tuple(sorted(card.ability.params.items())))
                assert seen.setdefault(key, words[card].text) == words[card].text, card.id


def test_the_keyword_column_uses_each_editions_words():
    """The `cards` table's keyword column says the catalogue's keyword (whose words are the
    edition's: tests/test_i18n.py checks them against docs/glossary/)."""
    for language in TRANSLATED:
        i18n.set_language(language)
        for when in TIMINGS:
            assert keyword_label(when) == keyword(language, when)
    i18n.set_language("en")
    assert [keyword_label(w) for w in ("summon", "reserve", "aftermath", "always", "")] == [
        "Summon", "Reserve", "Aftermath", "Always", ""]


def test_the_current_language_picks_the_overlay(standard_deck):
    i18n.set_language("de")
    assert deck_text(standard_deck)["the-fool"].name == "Der Narr"
    i18n.set_language("ko")
    assert deck_text(standard_deck)["the-moon"].name == "달"


def test_the_pseudo_locale_shows_the_decks_own_words_stretched(standard_deck):
    words = deck_text(standard_deck, PSEUDO)
    assert len(words["the-oracle"].name) > len("The Oracle") != words["the-oracle"].name
    assert "3" in words["the-oracle"].text


# ---------------------------------------------------------------------- decks without overlays

def test_a_deck_without_overlays_shows_its_own_words_in_every_language(plain_deck, tmp_path):
    copy = tmp_path / "cards.toml"
    shutil.copy(standard_deck_path(), copy)  # the standard deck, without its overlays
    deck = load_deck(copy)
    for language in i18n.LANGUAGES:
        assert deck_text(deck, language) == own_text(deck, language)
        assert deck_text(deck, language)["the-fool"].name == "The Fool"
        assert deck_text(plain_deck, language) == own_text(plain_deck, language)
    r = runner.invoke(app, ["cards", "--deck", str(copy), "--lang", "fr"])
    assert r.exit_code == 0 and "The Fool" in r.output and "Le Mat" not in r.output
    assert "force" in r.output  # the headings are still French


def test_a_decks_own_words_are_cleaned_as_deck_text_is(tmp_path):
    path = tmp_path / "deck.toml"
    path.write_text(PLAIN.read_text().replace('name = "The Moth"', 'name = "Moth\\u001b[31m"',
                                              1))
    words = own_text(load_deck(path))
    assert any("␛[31m" in w.name for w in words.cards.values())


# ---------------------------------------------------------------------- bad overlays

@pytest.fixture
def deck_dir(tmp_path):
    """The standard deck and its French overlay, copied where a test may break them."""
    shutil.copy(standard_deck_path(), tmp_path / "cards.toml")
    french = standard_deck_path().with_name("cards.fr.toml").read_text(encoding="utf-8")
    (tmp_path / "cards.fr.toml").write_text(french, encoding="utf-8")
    return tmp_path


def broken(deck_dir: Path, old: str, new: str) -> str:
    """The message of the error the French overlay gives once `old` is replaced by `new`."""
    path = deck_dir / "cards.fr.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DeckError) as e:
        deck_text(load_deck(deck_dir / "cards.toml"), "fr")
    message = str(e.value)
    assert message.startswith(str(path)) and "\n" not in message
    return message


def test_an_overlay_naming_an_unknown_card_is_an_error_naming_it(deck_dir):
    message = broken(deck_dir, "[card.the-moon]", "[card.the-moon]\n\n[card.the-spoon]")
    assert "'the-spoon'" in message and "line" in message and "no card with this id" in message


def test_an_overlay_missing_a_card_is_an_error_naming_it(deck_dir):
    message = broken(deck_dir, "[card.the-moon]", "[card.the-moon-x]")
    assert "'the-moon-x'" in message  # the unknown id is found first
    path = deck_dir / "cards.fr.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index("[card.the-moon-x]")
    path.write_text(text[:start] + text[text.index("[card.", start + 1):], encoding="utf-8")
    with pytest.raises(DeckError) as e:
        deck_text(load_deck(deck_dir / "cards.toml"), "fr")
    assert "'the-moon' of the deck is missing" in str(e.value)
    assert "[card.the-moon]" in str(e.value)


@pytest.mark.parametrize("old, new, words", [
    ('name = "La Lune"\n', "", ["'the-moon' (line", "missing field 'name'"]),
    ('text = "Réserve\u00a0: gagnez 1 point de vie."\n', "",
     ["'the-fool' (line", "missing field 'text'"]),
    ('name = "La Lune"\n', 'name = "La Lune"\ntext = "Rien."\n',
     ["'the-moon'", "field 'text' is not expected here", "no ability text"]),
    ('name = "La Lune"\n', 'name = "La Lune"\ncolour = "blanc"\n',
     ["'the-moon'", "field 'colour'", "no such field"]),
    ('name = "La Lune"', "name = 10", ["'the-moon'", "field 'name' must be text"]),
    ('name = "La Lune"', 'name = "  "', ["'the-moon'", "field 'name' must be text"]),
    ('name = "La Lune"', f'name = "{"L" * 101}"', ["'the-moon'", "at most 100", "not 101"]),
    ('name = "La Lune"', 'name = "La Lune', ["not valid TOML", "line"]),
    ('language = "fr"', 'language = "de"', ['language = "fr"']),
    ('name = "Standard"', 'name = "Standard"\nauthor = "x"', ["[overlay] has no field 'author'"]),
    ("[card.the-fool]", "[extra]\nx = 1\n\n[card.the-fool]", ["unknown table [extra]"]),
])
def test_a_broken_overlay_is_an_error_naming_the_file_card_and_field(deck_dir, old, new, words):
    message = broken(deck_dir, old, new)
    for w in words:
        assert w in message, message


def test_an_overlay_that_is_not_utf8_or_too_large_is_an_error(standard_deck, tmp_path):
    with pytest.raises(DeckError, match="not UTF-8"):
        parse_overlay(b'[overlay]\nlanguage = "fr"\nname = "\xff"\n', standard_deck, "fr",
                      "x.toml")
    big = tmp_path / "cards.toml"
    shutil.copy(standard_deck_path(), big)
    (tmp_path / "cards.ko.toml").write_bytes(b"#" * (MAX_BYTES + 1))
    with pytest.raises(DeckError, match=f"at most {MAX_BYTES} bytes"):
        deck_text(load_deck(big), "ko")


@pytest.mark.parametrize("head, words", [
    ("x = " + "[" * 3000 + "]" * 3000 + "\n", ["nested 3000 deep"]),
    ("x = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n", ["nested 3000 deep"]),
    ("x = " + "9" * 5000 + "\n", ["line 4: a number thousands of digits long"]),
    ("a" + ".a" * 20_000 + " = 1\n", ["tables", "10,000 is the limit"]),
], ids=["arrays-3000-deep", "tables-3000-deep", "int-5000-digits", "dotted-key"])
def test_an_overlay_is_read_with_the_deck_files_limits(deck_dir, head, words):
    """An overlay travels with its deck, from strangers: what the deck loader refuses with a
    message (issue 19), the overlay loader refuses too, never with a traceback."""
    path = deck_dir / "cards.fr.toml"
    message = broken(deck_dir, "[overlay]", head + "[overlay]")
    for w in words:
        assert w in message, message
    r = subprocess.run([sys.executable, "-m", "dread_draw", "cards", "--lang", "fr", "--deck",
                        str(deck_dir / "cards.toml")], capture_output=True, text=True,
                       encoding="utf-8", env={**os.environ, "COLUMNS": "300"}, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert str(path) in r.stderr


def test_overlay_text_is_shown_only_as_text(deck_dir, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    path = deck_dir / "cards.fr.toml"
    text = path.read_text(encoding="utf-8").replace(
        'name = "La Lune"', 'name = "La Lune\\u001b]8;;http://x\\u0007[red]"', 1)
    path.write_text(text, encoding="utf-8")
    words = deck_text(load_deck(deck_dir / "cards.toml"), "fr")
    assert words["the-moon"].name == "La Lune␛]8;;http://x␇[red]"
    r = runner.invoke(app, ["cards", "--deck", str(deck_dir / "cards.toml"), "--lang", "fr"])
    assert "La Lune␛]8;;http://x␇[red]" in r.output  # the markup is shown, not applied


# ---------------------------------------------------------------------- `dread-draw cards`

def test_cards_in_french_shows_french_headings_names_and_texts(monkeypatch):
    monkeypatch.setenv("COLUMNS", "250")  # each text on one line
    r = runner.invoke(app, ["cards", "--lang", "fr"])
    assert r.exit_code == 0, r.output
    assert "Deck Standard\u00a0: 100 cartes, 41 différentes" in r.output
    for heading in ("nom", "force", "dégâts", "mot-clé", "texte", "exemplaires"):
        assert heading in r.output
    for words in ("Le Mat", "La Lune", "La Tour", "Après-Coup",
                  "Invocation\u00a0: regardez les 3 cartes du dessus du Deck de Pioche."):
        assert words in r.output
    assert "The Fool" not in r.output and "strength" not in r.output


def test_cards_sorts_by_the_names_of_the_language(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    r = runner.invoke(app, ["cards", "--lang", "de", "--sort", "name"])
    names = re.findall(r"│ (D(?:er|ie|as) [A-ZÄÖÜ]\w+)", r.output)
    assert names[:3] == ["Das Gericht", "Das Orakel", "Der Abgrund"]
    assert len(names) > 30 and names == sorted(names, key=collation_key)


def test_the_language_comes_from_the_environment_when_not_given():
    env = {k: v for k, v in os.environ.items() if k not in i18n.ENVIRONMENT}
    env["LANG"] = "fr_FR.UTF-8"
    env["COLUMNS"] = "200"
    r = subprocess.run([sys.executable, "-m", "dread_draw", "cards"], env=env,
                       capture_output=True, text=True, encoding="utf-8")
    assert r.returncode == 0 and "Le Mat" in r.stdout and "exemplaires" in r.stdout
    env["LANG"], env["LANGUAGE"] = "fr_FR.UTF-8", "ko"
    r = subprocess.run([sys.executable, "-m", "dread_draw", "cards", "--sort", "name"],
                       env=env, capture_output=True, text=True, encoding="utf-8")
    assert "바보" in r.stdout and "수량" in r.stdout
    r = subprocess.run([sys.executable, "-m", "dread_draw", "cards", "--lang", "es"], env=env,
                       capture_output=True, text=True, encoding="utf-8")
    assert "El Loco" in r.stdout


def test_an_unknown_language_exits_2_listing_the_six():
    r = subprocess.run([sys.executable, "-m", "dread_draw", "cards", "--lang", "xx"],
                       capture_output=True, text=True, encoding="utf-8")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    for code in i18n.LANGUAGES:
        assert code in r.stderr


def test_a_broken_overlay_exits_2_with_one_clear_paragraph(deck_dir):
    path = deck_dir / "cards.fr.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('name = "La Lune"\n', "", 1),
                    encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "dread_draw", "cards", "--lang", "fr", "--deck",
                        str(deck_dir / "cards.toml")], capture_output=True, text=True,
                       encoding="utf-8", env={**os.environ, "COLUMNS": "300"})
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert str(path) in r.stderr and "'the-moon'" in r.stderr
    assert "champ 'name'" in r.stderr  # the error speaks the chosen language


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_cards_at_80_columns_shows_every_text_whole(monkeypatch, standard_deck, language):
    """Nothing is cut with "…", Korean's double-width text included."""
    monkeypatch.setenv("COLUMNS", "80")
    r = runner.invoke(app, ["cards", "--lang", language])
    assert r.exit_code == 0 and "…" not in r.output
    flat = " ".join(r.output.split())
    words = deck_text(standard_deck, language)
    for card in standard_deck.cards:
        for word in words[card].text.split():
            assert word in flat, (card.id, word)
