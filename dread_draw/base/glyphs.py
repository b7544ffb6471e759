"""The table's symbols, and an ASCII set for terminals that draw them two cells wide.

Unicode leaves the width of some symbols "ambiguous": one cell on most terminals, two on
terminals set up for Chinese, Japanese or Korean (a common setting for Korean players), where
a row of ``●●●`` then pushes everything after it out of line. The table draws its symbols from
one `Glyphs` set: `UNICODE` (the look of the game) or `ASCII` (a setting and ``--ascii``,
for such terminals), so a widget asks for ``glyphs.damage``, never writes "●" itself.

Box drawing (``─ │ ┌``, Rich tables' and Textual's borders) is ambiguous too: in ASCII mode
a Rich table wants ``box=rich.box.ASCII`` and a Textual widget ``border: ascii``. Width is
counted in cells (`rich.cells.cell_len`), never with `len()`: "…" and "..." differ by two.
This module imports nothing outside the standard library.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class Glyphs:
    """One set of the table's symbols (each a short string)."""

    damage: str  # one point of damage, a card's red dot: "●●● 3"
    no_damage: str  # a card without damage, where the dots would be
    life: str  # one card left in a Life Deck: "■■■■□□ 4"
    life_gone: str  # one card gone from a Life Deck
    to_play: str  # marks the seat whose turn it is
    rule: str  # one cell of a horizontal rule: "── Round 3"
    ellipsis: str  # a text cut short
    separator: str  # between items on one line: "round 3 · seed 7"
    bar: str  # a thin vertical bar


UNICODE = Glyphs(damage="●", no_damage="·", life="■", life_gone="□", to_play="▶", rule="─",
                 ellipsis="…", separator="·", bar="▏")
ASCII = Glyphs(damage="*", no_damage=".", life="#", life_gone="-", to_play=">", rule="-",
               ellipsis="...", separator="|", bar="|")


def glyphs(ascii: bool = False) -> Glyphs:
    """The set to draw with: `ASCII` when asked for, else `UNICODE`."""
    return ASCII if ascii else UNICODE


def ambiguous(text: str) -> list[str]:
    """The characters of `text` whose width depends on the terminal (East Asian Ambiguous),
    each once, in order: what an ASCII mode must avoid.

    >>> ambiguous("DREAD DRAW · round 3 ●● 2")
    ['·', '●']
    """
    found: list[str] = []
    for ch in text:
        if unicodedata.east_asian_width(ch) == "A" and ch not in found:
            found.append(ch)
    return found


def replace_ambiguous(text: str) -> str:
    """`text` with each of the table's Unicode symbols swapped for its ASCII one (for text
    built before the choice was known, such as a saved label); other characters unchanged."""
    swap = {getattr(UNICODE, f.name): getattr(ASCII, f.name) for f in fields(Glyphs)}
    return "".join(swap.get(ch, ch) for ch in text)
