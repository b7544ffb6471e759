"""Text that wraps without breaking at a no-break space.

French puts a no-break space (U+00A0) before ``: ; ! ?``, so that a line never starts with
one. Rich wraps at any whitespace, the no-break space included, and the table's log showed
lines starting with ": aucun dégât.". `NoBreak` wraps a `Text` with each no-break space held
by a one-cell stand-in that is not whitespace, then puts the space back on each line.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

NBSP = "\u00a0"
_HELD = "\ue000"  # a private-use character: one cell, not whitespace, never in our words


def _swap(text: Text, old: str, new: str) -> Text:
    swapped = text.copy()
    # one character for one: the spans keep their offsets
    swapped.plain = text.plain.replace(old, new)
    swapped.spans = list(text.spans)
    return swapped


class NoBreak:
    """`text`, wrapped by Rich as usual except at a no-break space."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        held = _swap(self.text, NBSP, _HELD)
        lines = held.wrap(console, options.max_width, justify=self.text.justify,
                          overflow=self.text.overflow, no_wrap=self.text.no_wrap)
        for line in lines:
            yield _swap(line, _HELD, NBSP)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)
