"""Deck files (DESIGN.md, fixed format): good files load; bad ones get one clear message."""

from __future__ import annotations

import pytest
from helpers import DATA

from dread_draw.cards import load_deck, parse_deck, standard_deck_path
from dread_draw.errors import DeckError

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


def refuse(text: str) -> str:
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
