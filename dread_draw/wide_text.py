"""Wide glyphs (Korean syllables take two cells) wrapped without losing a syllable.

Rich wraps a text at word boundaries and then drops the spaces that stick out past the width,
but it counts characters instead of cells there (`Text.rstrip_end`), so a Korean line that
fills its width exactly keeps its trailing space, is one cell too wide, and is cut with "…" -
the last syllable of the line goes. Typer draws every `--help` table this way, and so do the
table's Rich texts. `install()` puts a cell-counting `rstrip_end` in its place; it changes
nothing for text whose characters are one cell each.
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text

_TRAILING_SPACE = re.compile(r"\s+$")


def rstrip_end(self: Text, size: int) -> None:
    """Remove the whitespace at the end of the text that goes past `size` cells."""
    excess = cell_len(self.plain) - size
    if excess > 0:
        trailing = _TRAILING_SPACE.search(self.plain)
        if trailing is not None:  # whitespace is one cell a character
            self.right_crop(min(len(trailing.group(0)), excess))


def install() -> None:
    """Wrap by cells from now on (idempotent)."""
    Text.rstrip_end = rstrip_end  # type: ignore[method-assign]


install()
