"""How much of the screen the cards take: the share of its cells that card tiles and the
stage's card cover, frames included (issue 31: at 200x60 a mid-round table of five should be
a table of cards, not a form). Layout tests and the report read it; the table never does."""

from __future__ import annotations

from textual.errors import NoWidget
from textual.screen import Screen
from textual.widget import Widget

from dread_draw.tui.stage import StageCard
from dread_draw.tui.widgets.cards import CardTile

CARDS = (CardTile, StageCard)


def is_card(widget: Widget) -> bool:
    return isinstance(widget, CARDS) or any(isinstance(a, CARDS) for a in widget.ancestors)


def card_cells(screen: Screen) -> int:
    """The cells of `screen` on which a card (its face or its frame) is drawn: what the
    compositor shows at each cell, so cards scrolled away or covered count for nothing."""
    width, height = screen.size
    covered = 0
    for y in range(height):
        for x in range(width):
            try:
                widget, _region = screen.get_widget_at(x, y)
            except NoWidget:
                continue
            covered += is_card(widget)
    return covered


def card_coverage(screen: Screen) -> float:
    """The share (0 to 1) of the screen's cells covered by cards and their frames."""
    width, height = screen.size
    return card_cells(screen) / max(width * height, 1)
