"""Card faces: every card of the standard deck has its own emblem, the same size as all the
others, drawn only with characters every terminal shows one cell wide, and in ASCII too; a card
of another deck always gets the same generic face."""

from __future__ import annotations

import doctest
import os
import subprocess
import sys
import tomllib
from importlib import resources

import pytest
from rich.cells import cell_len

from dread_draw.base.glyphs import ambiguous
from dread_draw.deck import emblems
from dread_draw.deck.cards import load_deck
from dread_draw.deck.emblems import LARGE_SIZE, SIZE, TINTS, emblem, tint

STANDARD = [card.id for card in load_deck().cards]
VARIANTS = [(ascii, large) for ascii in (False, True) for large in (False, True)]
DATA = tomllib.loads((resources.files("dread_draw") / "assets" / "emblems.toml")
                    .read_text(encoding="utf-8"))
CUSTOM = [f"custom-card-{n}" for n in range(200)]

# Box drawing, block elements, and the geometric shapes and stars that common terminal fonts
# (DejaVu Sans Mono, Menlo, Consolas, Cascadia) draw one cell wide and never as an emoji.
ALLOWED = ({chr(c) for c in range(0x2500, 0x25A0)} | set("◆◇○●◐◑◒◓◢◣◤◥▲▼△▽◀▶")
           | set("✦✶†☾·") | {" "})


def generic_faces(ascii: bool, large: bool) -> set[tuple[str, ...]]:
    return {emblem(card_id, ascii=ascii, large=large) for card_id in CUSTOM}


def test_the_examples_in_the_docstrings_hold():
    result = doctest.testmod(emblems)
    assert result.failed == 0 and result.attempted > 0


def test_every_standard_card_has_an_emblem_of_its_own_in_both_alphabets_and_sizes():
    assert len(STANDARD) == 41
    assert set(DATA["emblem"]) == set(STANDARD)  # a mistyped id would fall back to a generic
    for ascii, large in VARIANTS:
        generic = generic_faces(ascii, large)
        for card_id in STANDARD:
            assert emblem(card_id, ascii=ascii, large=large) not in generic, card_id


@pytest.mark.parametrize("ascii, large", VARIANTS)
def test_all_emblems_have_one_size_and_every_line_is_exactly_that_many_cells(ascii, large):
    height, width = LARGE_SIZE if large else SIZE
    for card_id in STANDARD + CUSTOM:
        lines = emblem(card_id, ascii=ascii, large=large)
        assert len(lines) == height, card_id
        assert [cell_len(line) for line in lines] == [width] * height, card_id


def test_the_large_emblem_fits_a_large_card_and_the_small_one_fits_inside_it():
    assert SIZE[0] < LARGE_SIZE[0] and SIZE[1] < LARGE_SIZE[1] <= 15


@pytest.mark.parametrize("large", [False, True])
def test_the_drawings_use_only_characters_every_terminal_draws_one_cell_wide(large):
    for card_id in STANDARD + CUSTOM:
        for line in emblem(card_id, large=large):
            assert set(line) <= ALLOWED, (card_id, sorted(set(line) - ALLOWED))
            assert all(cell_len(ch) == 1 for ch in line), card_id


@pytest.mark.parametrize("large", [False, True])
def test_the_ascii_drawings_are_plain_ascii(large):
    for card_id in STANDARD + CUSTOM:
        for line in emblem(card_id, ascii=True, large=large):
            assert line.isascii() and line.isprintable() and not ambiguous(line), card_id


@pytest.mark.parametrize("ascii, large", VARIANTS)
def test_no_two_standard_cards_share_a_drawing(ascii, large):
    drawings = [emblem(card_id, ascii=ascii, large=large) for card_id in STANDARD]
    assert len(set(drawings)) == len(drawings)
    assert all(any(line.strip() for line in d) for d in drawings)  # none is blank


@pytest.mark.parametrize("ascii, large", VARIANTS)
def test_every_emblem_sits_in_the_middle_of_its_box(ascii, large):
    # A card centres the emblem's box; a drawing off-centre inside it looks misplaced.
    for card_id in STANDARD + CUSTOM:
        lines = emblem(card_id, ascii=ascii, large=large)
        left = min(len(line) - len(line.lstrip(" ")) for line in lines)
        right = min(len(line) - len(line.rstrip(" ")) for line in lines)
        assert abs(left - right) <= 1, (card_id, left, right)


def test_a_card_of_another_deck_gets_a_generic_face_always_the_same_one():
    assert emblem("the-lighthouse") == emblem("the-lighthouse")
    assert tint("the-lighthouse") == tint("the-lighthouse") in TINTS
    # Several faces, all of them used, so that a custom deck's cards do not all look alike.
    faces = generic_faces(False, False)
    assert len(faces) == len(DATA["generic"]) >= 4
    # One card, one face, in every size and alphabet (the variants of one generic face).
    for card_id in CUSTOM[:20]:
        index = sorted(faces).index(emblem(card_id))
        same = [c for c in CUSTOM if sorted(faces).index(emblem(c)) == index]
        assert len({emblem(c, ascii=True, large=True) for c in same}) == 1


def test_a_custom_card_keeps_its_face_from_one_run_to_the_next():
    # Python's own hash() of a string changes with every run; the pick must not.
    code = ("from dread_draw.deck.emblems import emblem; "
            "print([emblem(f'custom-card-{n}') for n in range(12)])")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env={**os.environ, "PYTHONHASHSEED": seed}).stdout
            for seed in ("1", "2", "3")}
    assert len(runs) == 1
    assert runs.pop().strip() == repr([emblem(f"custom-card-{n}") for n in range(12)])


def test_every_emblem_has_a_colour_role_from_the_list():
    assert {tint(card_id) for card_id in STANDARD} <= set(TINTS)
    assert len({tint(card_id) for card_id in STANDARD}) == len(TINTS)  # every role is used


def test_a_drawing_too_wide_or_of_the_wrong_height_is_refused_with_its_name():
    good = {key: "\n".join(["x"] * (5 if key.startswith("large") else 3))
            for key in ("art", "ascii", "large", "large_ascii")}
    emblems._parse("emblem.ok", {**good, "tint": "moon"})
    with pytest.raises(ValueError, match=r"\[emblem\.wide\] art: .* wider than 9 cells"):
        emblems._parse("emblem.wide", {**good, "tint": "moon", "art": "x\n" + "█" * 10 + "\nx"})
    with pytest.raises(ValueError, match=r"\[emblem\.short\] large: 4 lines, not 5"):
        emblems._parse("emblem.short", {**good, "tint": "moon", "large": "x\nx\nx\nx"})
    with pytest.raises(ValueError, match=r"\[emblem\.pink\]: tint"):
        emblems._parse("emblem.pink", {**good, "tint": "pink"})
