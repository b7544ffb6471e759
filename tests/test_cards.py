"""Deck files (dread_draw/assets/deck-format.md): good files load; bad ones get one clear
message."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from helpers import DATA

from dread_draw.base.errors import DeckError
from dread_draw.deck.cards import (
    MAX_DISTINCT,
    MAX_FILE_BYTES,
    load_deck,
    parse_deck,
    standard_deck_path,
)

GOOD_CARD = """
[[card]]
id = "the-oracle"
name = "The Oracle"
strength = 7
damage = 1
copies = 21
fortune = "What is hidden will be shown."
"""


def deck_with(card: str = GOOD_CARD, extra: str = "") -> str:
    return '[deck]\nname = "T"\nformat = 1\n' + card + extra


def refuse(text: str | bytes) -> str:
    with pytest.raises(DeckError) as e:
        parse_deck(text, "my-deck.toml")
    message = str(e.value)
    assert message.startswith("my-deck.toml")
    assert "\n" not in message.strip()  # one paragraph
    return message


def test_the_standard_deck_loads_from_the_package():
    deck = load_deck()
    assert deck.size == 100 and standard_deck_path().name == "cards.toml"
    assert "dread_draw" in standard_deck_path().parts


def test_a_good_deck_loads_with_copies_as_physical_cards():
    deck = parse_deck(deck_with())
    assert deck.size == 21 and deck.strength[20] == 7 and deck.card[0].name == "The Oracle"


def test_toml_syntax_errors_name_the_line():
    msg = refuse(deck_with() + "\nstrength = = 3\n")
    assert "line" in msg and "TOML" in msg


@pytest.mark.parametrize("field", ["id", "name", "strength", "damage", "copies"])
def test_a_missing_field_is_named(field):
    card = "\n".join(line for line in GOOD_CARD.splitlines() if not line.startswith(field))
    msg = refuse(deck_with(card))
    assert f"`{field}`" in msg and "missing" in msg


def test_a_wrongly_typed_field_names_the_card_and_field():
    msg = refuse(deck_with(GOOD_CARD.replace("strength = 7", 'strength = "seven"')))
    assert "'the-oracle'" in msg and "`strength`" in msg and "whole number" in msg
    assert "line 6" in msg  # where the card starts (its id line)


def test_negative_strength_is_refused():
    msg = refuse(deck_with(GOOD_CARD.replace("strength = 7", "strength = -2")))
    assert "`strength`" in msg and "at least 0" in msg


def test_duplicate_ids_are_refused():
    msg = refuse(deck_with(GOOD_CARD, GOOD_CARD))
    assert "duplicate id 'the-oracle'" in msg


def test_an_unknown_timing_is_refused():
    ability = '[card.ability]\nwhen = "sometimes"\neffect = "gain-life"\ncount = 1\ntext = "x"\n'
    msg = refuse(deck_with(GOOD_CARD + ability))
    assert "`when`" in msg and "sometimes" in msg and "summon" in msg


def test_an_unknown_effect_is_refused_with_the_known_ones():
    ability = '[card.ability]\nwhen = "summon"\neffect = "explode"\ntext = "x"\n'
    msg = refuse(deck_with(GOOD_CARD + ability))
    assert "unknown effect 'explode'" in msg and "peek-draw" in msg


def test_a_missing_effect_parameter_is_named():
    ability = '[card.ability]\nwhen = "summon"\neffect = "peek-draw"\ntext = "x"\n'
    msg = refuse(deck_with(GOOD_CARD + ability))
    assert "`count`" in msg and "missing" in msg and "peek-draw" in msg


def test_an_unexpected_effect_parameter_is_named():
    ability = ('[card.ability]\nwhen = "summon"\neffect = "peek-draw"\ncount = 2\nsize = 3\n'
               'text = "x"\n')
    msg = refuse(deck_with(GOOD_CARD + ability))
    assert "`size`" in msg


def test_too_few_cards_for_two_players_is_refused():
    msg = refuse(deck_with(GOOD_CARD.replace("copies = 21", "copies = 20")))
    assert "20 cards" in msg and "21" in msg


def test_a_deck_too_small_for_the_player_count_is_refused():
    deck = parse_deck(deck_with(), "small.toml")
    deck.check_players(2)
    with pytest.raises(DeckError, match="small.toml: the deck has 21 cards; 3 players need"):
        deck.check_players(3)


def test_missing_and_non_utf8_files_are_refused(tmp_path):
    with pytest.raises(DeckError, match="no such deck file"):
        load_deck(tmp_path / "nope.toml")
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\xff\xfe[deck]")
    with pytest.raises(DeckError, match="not UTF-8"):
        load_deck(bad)
    with pytest.raises(DeckError, match="is a folder"):
        load_deck(tmp_path)


def test_the_test_plain_deck_has_no_abilities():
    deck = load_deck(DATA / "plain.toml")
    assert all(a is None for a in deck.ability)


# ------------------------------------------------------- a deck file is input from strangers

def test_special_files_are_refused_before_they_are_read(tmp_path):
    """A FIFO with no writer, or /dev/zero, would block or fill memory if read."""
    fifo = tmp_path / "deck.toml"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero")):
        with pytest.raises(DeckError, match="device, a pipe or a socket") as e:
            load_deck(path)
        assert str(e.value).startswith(str(path))


def test_a_file_beyond_the_size_limit_is_refused_without_reading_it_all(tmp_path):
    big = tmp_path / "big.toml"
    big.write_text(deck_with(GOOD_CARD.replace('"What is hidden will be shown."',
                                               '"' + "x" * MAX_FILE_BYTES + '"')))
    with pytest.raises(DeckError, match="larger than 1 MB"):
        load_deck(big)
    assert "larger than 1 MB" in refuse(b"#" * (MAX_FILE_BYTES + 1))


@pytest.mark.parametrize("value", [
    "[" * 2000 + "]" * 2000,
    "{a = " * 2000 + "1" + "}" * 2000,
    '[ "]", ' * 2000 + "]" * 2000,  # brackets inside strings do not hide the real ones
    "[ # ]\n" * 2000 + "]" * 2000,
], ids=["arrays", "inline-tables", "brackets-in-strings", "brackets-in-comments"])
def test_deep_nesting_is_refused_before_the_toml_reader_recurses(value):
    msg = refuse(deck_with(extra=f"\n[deck.x]\ny = {value}\n"))
    assert "nested 2000 deep" in msg or "nested 2001 deep" in msg


def test_brackets_inside_strings_and_comments_are_not_nesting():
    text = ("[" * 50) + '\\" ' + ("{" * 50)
    deck = parse_deck(deck_with(GOOD_CARD.replace(
        "What is hidden will be shown.", text) + f"# {'[' * 50}\n[card.ability]\n"
        f"when = 'summon'\neffect = 'puppet'\ntext = '''{'[' * 50}'''\n"))
    assert deck.cards[0].fortune == text.replace('\\"', '"')
    assert deck.cards[0].ability.text == "[" * 50


@pytest.mark.parametrize("field, value, said", [
    ("strength", "9" * 101, "must be at most 99 (from 0 to 99), not a number of"),
    ("damage", "0x" + "f" * 5000, "must be at most 99"),
    ("damage", "100", "not 100"),
    ("copies", "0", "must be at least 1"),
    ("copies", "1000", "at most 999"),
    ("strength", "1e100", "must be a whole number, not 1e+100"),
    ("damage", "9" * 5000, "a number thousands of digits long"),  # beyond Python's ints
], ids=["101-digits", "hex-5000-digits", "100", "no-copies", "1000-copies", "float",
        "5000-digits"])
def test_numbers_beyond_their_bounds_are_refused(field, value, said):
    msg = refuse(deck_with(re.sub(rf"^{field} = .*$", f"{field} = {value}", GOOD_CARD,
                                  flags=re.M)))
    assert said in msg and len(msg) < 300


def test_an_effect_parameter_beyond_its_bounds_is_refused():
    ability = '[card.ability]\nwhen = "summon"\neffect = "peek-draw"\ncount = 100\n'
    assert "field `count` must be at most 99" in refuse(deck_with(GOOD_CARD + ability))


@pytest.mark.parametrize("field, limit", [("name", 60), ("fortune", 1000)])
def test_over_long_text_is_refused(field, limit):
    card = re.sub(rf"^{field} = .*$", f'{field} = "{"x" * (limit + 1)}"', GOOD_CARD, flags=re.M)
    assert f"`{field}` has {limit + 1:,} characters; it may have at most {limit:,}" in refuse(
        deck_with(card))
    parse_deck(deck_with(card.replace("x" * (limit + 1), "x" * limit)))


def test_too_many_card_tables_are_refused_before_any_card_is_built():
    cards = "".join(f'[[card]]\nid = "c{i}"\n' for i in range(MAX_DISTINCT + 1))
    assert "1,001 [[card]] tables; a deck has at most 1,000 different cards" in refuse(
        deck_with(cards))


def test_a_repeated_id_is_located_at_its_own_line():
    msg = refuse(deck_with(GOOD_CARD, GOOD_CARD))
    assert "card #2, line 14" in msg and "card #1 has it too" in msg


def test_control_characters_in_names_and_texts_are_made_visible():
    card = (GOOD_CARD.replace('"The Oracle"', r'"The \u001b[31mOracle\u0007 \u202e"')
            .replace('"What is hidden will be shown."', r'"line one\nline \u009btwo"')
            + '[card.ability]\nwhen = "summon"\neffect = "peek-draw"\ncount = 2\n'
              'text = "look\\u001b]8;;http://x\\u0007"\n')
    deck = parse_deck(deck_with(card).replace('name = "T"', r'name = "T\u001b"'))
    c = deck.cards[0]
    assert c.name == "The ␛[31mOracle␇ \ufffd"
    assert c.fortune == "line one\nline \ufffdtwo"  # line breaks kept in a fortune
    assert c.ability is not None and c.ability.text == "look␛]8;;http://x␇"
    assert deck.name == "T␛"


def test_a_hostile_value_is_shown_short_and_visible_in_the_message():
    msg = refuse(deck_with(GOOD_CARD.replace("strength = 7", 'strength = "\\u001b' + "x" * 500
                                             + '"')))
    assert "\x1b" not in msg and len(msg) < 200


@pytest.mark.parametrize("extra, said", [
    ("\n[x" + ".y" * 30 + "]\n", "a key has more than 20 dotted parts"),
    ("".join(f"\n[t{i}.a.b.c]" for i in range(2_501)), "opens 10,00"),
], ids=["long-dotted-key", "many-tables"])
def test_keys_and_tables_that_would_cost_the_toml_reader_dearly_are_refused(extra, said):
    """A 1 MB dotted key took tomllib gigabytes; a megabyte of small tables, 280 MB."""
    assert said in refuse(deck_with(extra=extra))


@pytest.mark.parametrize("text", [
    'x = ' + '"x\\' * 300_000 + "\n",  # quotes that never close on their line
    'x = ' + '"\\"' * 300_000 + "\\\n",
    '"""' * 200_000 + "\\",
], ids=["open-quotes", "escaped-quotes", "open-triple-quotes"])
def test_unterminated_strings_are_scanned_once(text):
    """The scan for nesting takes each unterminated string once, to its line's end: retried
    from every quote, a 1 MB line of them took minutes (tomllib then names the problem)."""
    assert "not valid TOML" in refuse(text)
