"""The table's layout at 80x24, 120x40 and 200x60 (issue: a real card table): every card name
of the standard deck fits its tile or ends with an ellipsis, nothing is drawn off the screen,
one card style is used per screen, and at 200x60 the play area is most of the screen."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from test_tui import sync, until_asked
from test_tui_snapshots import advance, human_asked

from dread_draw.rules import SUMMON
from dread_draw.sim import HUMAN, Match, SeatSpec
from dread_draw.tui.app import DreadDrawApp
from dread_draw.tui.cardface import LARGE, LINE, STYLES, face, fit
from dread_draw.tui.widgets import CardTile, SeatPanel

SIZES = [(80, 24), (120, 40), (200, 60)]


def test_a_name_fits_or_ends_with_an_ellipsis_counted_in_cells():
    assert fit("The Gravedigger", 15) == "The Gravedigger"
    assert fit("The Gravedigger", 8) == "The Gra…"
    korean = "무덤 파는 사람"  # two cells a character
    cut = fit(korean, 9)
    assert cut.endswith("…") and cell_len(cut) <= 9 and korean.startswith(cut[:-1])


def name_shown(deck, uid: int, style: str, width: int) -> str:
    lines = face(deck, uid, style, width).plain.split("\n")
    assert all(cell_len(line) <= width for line in lines), lines  # nothing drawn past the tile
    return lines[-1].strip()


def check_name(deck, uid: int, style: str, width: int) -> None:
    full = deck.card[uid].name
    if style == LINE:
        full = full.removeprefix("The ")
    shown = name_shown(deck, uid, style, width)
    if style == LINE:
        shown = shown.split(" ", 3)[-1]  # after "strength dots damage"
    assert shown == full or (shown.endswith("…") and full.startswith(shown[:-1].rstrip())), (
        f"{full!r} is shown as {shown!r} in a {style} tile {width} cells wide")


@sync
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_standard_card_laid_out_at_each_size(standard_deck, size):
    """At each size: the table picks one card style for every seat; every card of the
    standard deck, drawn in each style at the width its tile has in the stylesheet, shows its
    whole name or a cut one ending with "…"; no widget of the table lies off the screen; at
    200x60 the cards are large and the play area is most of the screen."""
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random"), SeatSpec("Orrin", "random"),
             SeatSpec("Vesna", "random")]
    match = advance(Match(standard_deck, seats, seed=21),
                    lambda m: m.game.round >= 3 and human_asked(SUMMON)(m)
                    and sum(map(len, m.game.rows)) >= 3)
    app = DreadDrawApp(match, cpu_delay=0)
    app.animation_level = "none"
    async with app.run_test(size=size) as pilot:
        await until_asked(app, pilot)
        await pilot.pause(0.1)
        table = app.screen
        tiles = [t for t in table.query(CardTile) if t.parent is not None
                 and t.parent.id != "probes"]
        styles = {t.style_name for t in tiles}
        assert len(styles) == 1, styles  # one card style per screen
        probes = {t.style_name: t for t in table.query_one("#probes").query(CardTile)}
        for style in STYLES:
            st = probes[style].styles
            border = 0 if style == LINE else 2
            width = int(st.width.value) - border
            for uid in range(standard_deck.size):
                check_name(standard_deck, uid, style, width)
        for tile in tiles:  # and as drawn on the table
            check_name(standard_deck, tile.uid, tile.style_name, tile.content_region.width)
        screen = table.region
        for widget in [*table.query(SeatPanel), *tiles, *table.query("#stage, #turn, #prompt, "
                                                                    "#reader, #log, #topbar")]:
            assert screen.contains_region(widget.region), (widget, widget.region, screen)
        if size == (200, 60):
            assert styles == {LARGE}
            play = table.query_one("#play").region
            assert play.area > 0.6 * screen.area
