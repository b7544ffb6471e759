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
"""

from __future__ import annotations

import re

from rich import _wrap
from rich.cells import cell_len
from rich.text import Text

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


def install() -> None:
    """Wrap by cells, and never at a no-break space, from now on (idempotent)."""
    Text.rstrip_end = rstrip_end  # type: ignore[method-assign]
    if isinstance(getattr(_wrap, "re_word", None), re.Pattern):  # the words `divide_line` reads
        _wrap.re_word = _WORD


install()
