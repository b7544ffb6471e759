"""Text wrapped as each language writes it: a Korean line keeps its last syllable, and a line
never starts with the ":" a French no-break space holds.

Rich wraps a text at word boundaries and then drops the spaces that stick out past the width,
but it counts characters instead of cells there (`Text.rstrip_end`), so a Korean line that
fills its width exactly keeps its trailing space, is one cell too wide, and is cut with "…" -
the last syllable of the line goes. Typer draws every `--help` table this way, and so do the
table's Rich texts. `install()` puts a cell-counting `rstrip_end` in its place; it changes
nothing for text whose characters are one cell each.

Rich (and Textual, which wraps with Rich's `divide_line`) also breaks a line at any whitespace,
the no-break space (U+00A0) included, so French ": ; ! ?" could start a line (the game review
showed ": après votre choix …"). `install()` makes a no-break space part of the word around
it, as its name says (the table's log, the review, every help screen).

A screenshot (Rich's `Console.export_svg`, which Textual's screenshots and our SVG snapshots
use) gives each run of text a `textLength` of one cell a character, so a Korean run, two
cells a syllable, is squeezed into half its room: its spaces vanish ("Ana생명" for the seat
head "Ana   생명", Rich issue 2742, open in 15.0); and librsvg, which draws our pictures, drops
the spaces a run starts with ("Analife" in English). `install()` makes every run as long as
the cells it takes on the terminal, starting at its first visible character.

`PATCHED` names what `install` replaces, with a hash of the source it was written against;
tests/test_patched_internals.py fails when an installed Rich's differs.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

from rich import _wrap
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

# (module, name) -> a hash of the source checked against (rich 15.0.0): what `install`
# replaces (`Text.rstrip_end`, `_wrap.re_word`, read by `divide_line`) or wraps (`export_svg`,
# whose SVG `_SVG_RUN` reads).
PATCHED = {
    ("rich.text", "Text.rstrip_end"): "8cb3866f9569be69",
    ("rich._wrap", "re_word"): "19da2ac0d7d389ff",
    ("rich._wrap", "divide_line"): "1f6dfb354b1af7ac",
    ("rich.console", "Console.export_svg"): "1771d1af78144897",
}
_TRAILING_SPACE = re.compile(r"\s+$")
# A word and the spaces after it, as Rich's `_wrap.re_word`, with a no-break space inside it.
_WORD = re.compile(r"[^\S\u00a0]*(?:[^\s]|\u00a0)+[^\S\u00a0]*")


def rstrip_end(self: Text, size: int) -> None:
    """Remove the whitespace at the end of the text that goes past `size` cells."""
    excess = cell_len(self.plain) - size
    if excess > 0:
        trailing = _TRAILING_SPACE.search(self.plain)
        if trailing is not None:  # whitespace is one cell a character
            self.right_crop(min(len(trailing.group(0)), excess))


# A run of text in Rich's SVG: its x, its `textLength` (one cell a character there), its text
# (spaces written as no-break spaces) split into the spaces before, the rest, the spaces after.
_SVG_RUN = re.compile(r'(<text [^>]*?x=")([0-9.e+-]+)("[^>]*?textLength=")([0-9.e+-]+)("[^>]*>)'
                      r"((?:&#160;|\xa0)*)([^<]*?)((?:&#160;|\xa0)*)(</text>)")


def svg_in_cells(svg: str) -> str:
    """`svg` (Rich's export) with each run of text as long as the cells it takes, and its
    spaces at either end left out (its x moved past those before): librsvg drops a run's
    leading no-break spaces, which put every seat head's words against its name ("Analife")."""
    def run(m: re.Match[str]) -> str:
        start, x, mid, length, tag, before, text, after, end = m.groups()
        chars = len(html.unescape(before + text + after))
        cells = cell_len(html.unescape(text))
        if not cells:  # (a line's end, "\n", is a run of no cells)
            return m.group(0)
        cell = float(length) / chars
        spaces = len(html.unescape(before))
        return (f"{start}{float(x) + cell * spaces:g}{mid}{cell * cells:g}{tag}{text}{end}")
    return _SVG_RUN.sub(run, svg)


def _export_svg_in_cells(export: Callable[..., str]) -> Callable[..., str]:
    def export_svg(self: Console, *args: Any, **kwargs: Any) -> str:
        return svg_in_cells(export(self, *args, **kwargs))
    export_svg.in_cells = True  # type: ignore[attr-defined]
    return export_svg


def install() -> None:
    """Wrap by cells, and never at a no-break space, and draw screenshots by cells, from now
    on (idempotent)."""
    Text.rstrip_end = rstrip_end  # type: ignore[method-assign]
    if isinstance(getattr(_wrap, "re_word", None), re.Pattern):  # the words `divide_line` reads
        _wrap.re_word = _WORD
    if not getattr(Console.export_svg, "in_cells", False):
        Console.export_svg = _export_svg_in_cells(Console.export_svg)  # type: ignore[method-assign]


install()
