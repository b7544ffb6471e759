"""Card faces: the small drawing (an emblem) each card shows on the table's large cards and in
the card reader, read from the data file `assets/emblems.toml`.

Every card of the standard deck has its own emblem; a card of another deck gets one of a few
generic faces, always the same one for the same card id. Each emblem comes in two sizes
(`SIZE` and `LARGE_SIZE`, lines by cells) and two alphabets: box-drawing, block and
geometric characters, each one cell wide, and plain ASCII for terminals that draw those two
cells wide (the table's ASCII mode, see `dread_draw.base.glyphs`). Every line of an emblem is
exactly the emblem's width in cells. An emblem reads without colour; its tint (one of `TINTS`) is a
colour role that a stylesheet may map to a theme colour. This module imports no Textual.

Centre an emblem as one block (Rich's `Align.center`, Textual's `text-align: center`): Rich's
`Text(justify="center")` strips each line's trailing spaces and centres the lines one by one,
which shifts them against each other.
"""

from __future__ import annotations

import tomllib
import zlib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from rich.cells import cell_len

__all__ = ["LARGE_SIZE", "SIZE", "TINTS", "emblem", "tint"]

SIZE = (3, 9)  # lines, cells: the emblem of a large card
LARGE_SIZE = (5, 13)  # lines, cells: for the card reader and very large cards
# Colour roles, from cold to warm: pale moonlight, deep water, dim grey-violet, old bone,
# gold, fire, blood.
TINTS = ("moon", "sea", "shadow", "bone", "gold", "fire", "blood")

# The four drawings of an emblem: the key in the data file for each (ascii, large) choice.
_DRAWINGS = {(False, False): "art", (True, False): "ascii",
             (False, True): "large", (True, True): "large_ascii"}


@dataclass(frozen=True, slots=True)
class _Face:
    drawings: dict[tuple[bool, bool], tuple[str, ...]]  # (ascii, large) -> lines
    tint: str


def emblem(card_id: str, *, ascii: bool = False, large: bool = False) -> tuple[str, ...]:
    """The lines of the emblem of the card `card_id`, each exactly the emblem's width in cells
    (`SIZE`, or `LARGE_SIZE` if `large`); in plain ASCII if `ascii`.

    >>> emblem("the-moon") == emblem("the-moon", ascii=False, large=False)
    True
    >>> [len(emblem(i, large=True)) for i in ("the-sun", "a-card-of-my-own")]
    [5, 5]
    """
    return _face(card_id).drawings[ascii, large]


def tint(card_id: str) -> str:
    """The colour role of the card's emblem, one of `TINTS` (a hint: the drawing never
    depends on it)."""
    return _face(card_id).tint


def _face(card_id: str) -> _Face:
    cards, generic = _book()
    found = cards.get(card_id)
    if found is not None:
        return found
    # A stable pick (crc32, not hash(), which changes with every run): one id, one face.
    return generic[zlib.crc32(card_id.encode("utf-8")) % len(generic)]


@cache
def _book() -> tuple[dict[str, _Face], tuple[_Face, ...]]:
    """The data file, read once: the standard cards' faces by id, and the generic faces."""
    path = resources.files("dread_draw") / "assets" / "emblems.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    cards = {key: _parse(f"emblem.{key}", entry) for key, entry in data["emblem"].items()}
    generic = tuple(_parse(f"generic.{key}", entry)
                    for key, entry in sorted(data["generic"].items(), key=lambda kv: int(kv[0])))
    return cards, generic


def _parse(where: str, entry: dict[str, str]) -> _Face:
    """One table of the data file; a drawing whose lines are too many, too few or too wide is
    a mistake in the file, named by its table and key. Lines are padded with spaces to the
    emblem's width (so that an editor that strips trailing spaces changes nothing)."""
    if entry.get("tint") not in TINTS:
        raise ValueError(f"emblems.toml [{where}]: tint must be one of {', '.join(TINTS)}.")
    drawings: dict[tuple[bool, bool], tuple[str, ...]] = {}
    for (ascii, large), key in _DRAWINGS.items():
        height, width = LARGE_SIZE if large else SIZE
        lines = entry[key].removesuffix("\n").split("\n")
        if len(lines) != height:
            raise ValueError(f"emblems.toml [{where}] {key}: {len(lines)} lines, not {height}.")
        for line in lines:
            if cell_len(line) > width:
                raise ValueError(f"emblems.toml [{where}] {key}: {line!r} is wider than "
                                 f"{width} cells.")
        drawings[ascii, large] = tuple(line + " " * (width - cell_len(line)) for line in lines)
    return _Face(drawings, entry["tint"])
