"""A card tile's frame drawn quickly around its lines (issue 41).

Textual draws every line of a widget through its styles (`StylesCache.render_line`): the
border's pieces, the padding, the colours blended and the opacity worked out again for each
line, ~40 µs a line. A grown card tile at 200x60 is 14-21 lines high, and a key that
re-plans the table resizes 5-10 of them: 5-7 ms of that key's frame went on their frames.

`TileFrames` lets Textual draw a tile's rules (its top and bottom lines, the keyword and
"to beat" in them) and the first line of its inside, and keeps that line's left and right
edge pieces for the other inside lines of the same drawing: each is the tile's line of text
between the two pieces, which is what Textual's own `render_line` makes of it when the
widget has no padding at its sides, no outline, hatch, tint or text opacity (the
stylesheet's tiles; a widget with any of them is drawn by Textual, line by line). The
opacity of a seat out of the round is blended into the text as Textual does
(`_apply_opacity`). Each drawing checks its first inside line put together so against the
one Textual drew; where they differ (another Textual), Textual draws every line of that
drawing.

`PATCHED` names the part of Textual this follows, with a hash of the source it was written
against (tests/test_patched_internals.py fails when an installed Textual's differs), and
tests/test_tui_layout.py checks that tiles of every look are drawn cell for cell, style for
style, as Textual draws them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual._opacity import _apply_opacity
from textual._styles_cache import StylesCache
from textual.strip import Strip
from textual.style import Style as VisualStyle

# What this follows: (module, name) -> a hash of the source checked against (textual
# 8.2.8; tests/test_patched_internals.py).
PATCHED = {
    ("textual._styles_cache", "StylesCache.render_line"): "27e8d802a40398b2",
}


@dataclass
class _Drawing:
    """One drawing of a tile: its inside lines (`first` to `end`); once Textual has drawn
    the first, its edge pieces and the inside's background (`inner`, for a short line)."""

    first: int
    end: int
    edges: tuple[Segment | None, Segment | None] | None = None
    inner: Style | None = None


class TileFrames(StylesCache):
    """A card tile's styles cache (see the module's docstring). Each drawing checks its
    first inside line, as Textual drew it, against the same line put together here: where
    they differ (another Textual, another look), Textual draws every line."""

    def __init__(self) -> None:
        super().__init__()
        # this drawing's lines; False: Textual draws every line
        self._drawing: _Drawing | bool | None = None

    def render(self, *args: Any, **kwargs: Any) -> list[Strip]:
        self._drawing = None  # (the styles, the colours and the size may have changed)
        return super().render(*args, **kwargs)

    def render_line(self, styles: Any, y: int, size: Any, content_size: Any, padding: Any,
                    base_background: Any, background: Any, render_content_line: Any,
                    *rest: Any) -> Strip:
        # rest: border_title, border_subtitle, opacity, ansi_theme (and native_ansi, newer)
        drawing = self._drawing
        if drawing is None:
            drawing = self._drawing = _begin(styles, size, content_size, padding)
        if not (isinstance(drawing, _Drawing) and drawing.first <= y < drawing.end):
            return super().render_line(styles, y, size, content_size, padding,
                                       base_background, background, render_content_line,
                                       *rest)
        if drawing.edges is not None:
            return _line(drawing, render_content_line(y - drawing.first), content_size.width,
                         size.width, base_background, rest[2])
        # the first inside line: Textual's, and its edges kept if the line checks out
        strip = super().render_line(styles, y, size, content_size, padding, base_background,
                                    background, render_content_line, *rest)
        segments = list(strip)
        border = styles.border
        drawing.edges = (segments[0] if border[3][0] and segments else None,
                         segments[-1] if border[1][0] and segments else None)
        drawing.inner = VisualStyle(background=base_background + background).rich_style
        ours = _line(drawing, render_content_line(y - drawing.first), content_size.width,
                     size.width, base_background, rest[2])
        if list(ours) != segments:
            self._drawing = False
        return strip


def _line(drawing: _Drawing, text: Strip, inside: int, width: int, base_background: Any,
          opacity: float) -> Strip:
    """An inside line: its text, padded to the inside's width, blended as a dimmer seat's
    tiles are, between the edge pieces."""
    left, right = drawing.edges or (None, None)
    line = list(text.adjust_cell_length(inside, drawing.inner))
    if opacity != 1.0:
        line = list(_apply_opacity(line, base_background, opacity))
    if left is not None:
        line.insert(0, left)
    if right is not None:
        line.append(right)
    return Strip(line, width)


def _begin(styles: Any, size: Any, content_size: Any, padding: Any) -> _Drawing | bool:
    """A drawing's inside lines, if each may be the tile's text between two edge pieces;
    False: Textual draws every line itself."""
    _top, pad_right, _bottom, pad_left = padding
    outline = styles.outline
    if pad_left or pad_right or any(edge[0] for edge in outline) \
            or styles.text_opacity != 1.0 or styles.tint.a \
            or (styles.has_rule("hatch") and styles.hatch != "none"):
        return False
    gutter = styles.gutter
    return _Drawing(gutter.top, min(size.height - gutter.bottom,
                                    gutter.top + content_size.height))
