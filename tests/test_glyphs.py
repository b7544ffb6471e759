"""An ASCII glyph set for terminals that draw East Asian ambiguous symbols two cells wide."""

from __future__ import annotations

import doctest
from dataclasses import fields

from rich.cells import cell_len

from dread_draw.base import glyphs
from dread_draw.base.glyphs import ASCII, UNICODE, ambiguous, replace_ambiguous


def test_the_ascii_set_has_only_ascii_and_nothing_ambiguous():
    for f in fields(ASCII):
        value = getattr(ASCII, f.name)
        assert value and value.isascii() and not ambiguous(value), f.name


def test_the_unicode_set_holds_the_ambiguous_symbols_the_table_draws():
    drawn = "".join(getattr(UNICODE, f.name) for f in fields(UNICODE))
    assert set("·●■▶─…▏") <= set(drawn)
    # Each of them is ambiguous: the reason for an ASCII set.
    assert ambiguous(drawn) == list(dict.fromkeys(drawn))


def test_each_symbol_keeps_its_width_in_ascii_but_the_ellipsis():
    for f in fields(UNICODE):
        if f.name != "ellipsis":
            assert cell_len(getattr(ASCII, f.name)) == cell_len(getattr(UNICODE, f.name))
    assert cell_len(ASCII.ellipsis) == 3  # widths are counted in cells, never assumed


def test_a_line_built_with_unicode_symbols_reads_in_ascii():
    line = "▶ Ana  ●●● 3  ■■■□□ 3 · round 2 …"
    assert replace_ambiguous(line) == "> Ana  *** 3  ###-- 3 | round 2 ..."
    assert not ambiguous(replace_ambiguous(line))
    assert glyphs.glyphs(ascii=True) is ASCII and glyphs.glyphs() is UNICODE


def test_the_examples_in_the_docstrings_hold():
    result = doctest.testmod(glyphs)
    assert result.failed == 0 and result.attempted > 0
