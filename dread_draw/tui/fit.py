"""Which card style the table draws in: the largest in which every seat's row and reserves fit
on one line and every seat fits in the height — one style for the whole table. The styles'
sizes are read from the stylesheet (dread_draw.tcss) through the table's hidden probes, never
repeated here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.css.scalar import Scalar
from textual.screen import Screen
from textual.widgets import Label

from dread_draw.tui.cardface import LINE, STYLES, TWO_LINE
from dread_draw.tui.widgets.cards import CardTile
from dread_draw.tui.widgets.seats import SeatState


def style_sizes(screen: Screen[Any]) -> dict[str, tuple[int, int]]:
    """Each card style's (width, height) with its margin, and the reserves mark's width
    (key ""), from the table's probes (`#probes`)."""
    def cells(scalar: Scalar | None) -> int:
        return int(scalar.value) if scalar is not None else 0

    sizes = {}
    for tile in screen.query_one("#probes").query(CardTile):
        st = tile.styles
        sizes[tile.style_name] = (cells(st.width) + st.margin.right,
                                  cells(st.height) + st.margin.bottom)
    mark = screen.query_one("#probes .reserve-mark", Label).styles
    sizes[""] = (cells(mark.width) + mark.margin.left + mark.margin.right, 0)
    return sizes


def largest_style(screen: Screen[Any], states: Sequence[SeatState], current: str) -> str:
    """The largest card style in which every seat of the table's `#play` fits (`current`
    until it is laid out)."""
    play = screen.query_one("#play")
    width, height = play.size
    if not width:
        return current
    band = screen.query_one("#centre-band").styles.min_height
    turn = screen.query_one("#turn").styles.height
    room = height - int(band.value if band else 0) - int(turn.value if turn else 0)
    sizes = style_sizes(screen)
    for style in STYLES:
        wide = all(fits(st, style, sizes, width) for st in states)
        tall = len(states) * (1 + sizes[style][1]) <= room
        if wide and tall:
            return style
    # too long for every style: unframed tiles share the line, on two lines if they fit
    return TWO_LINE if len(states) * (1 + sizes[TWO_LINE][1]) <= room else LINE


def fits(st: SeatState, style: str, sizes: dict[str, tuple[int, int]], width: int) -> bool:
    """Whether a seat's row and reserves fit on one line of `width` in `style`."""
    tile_w = sizes[style][0]
    return tile_w * (max(len(st.row), 1) + max(len(st.reserves), 1)) + sizes[""][0] + 2 \
        <= width
