"""What a player sees of the table, measured from the screen as drawn (issue 42): the share of
the screen in cards, whether the stage shows a reveal framed with its sentence whole, and
whether every card on the table shows its numbers and enough of its name to be told from
every other card of the deck; and `play_positions`, which plays a seeded game through the
real app and measures it at a position in each round. The layout tests and
`benchmarks/bench_layout.py` read it; the table never does.

Everything is read from the cells the terminal would show (the compositor's last frame), not
from what a widget meant to draw: a name cut by a widget's edge is a cut name."""

from __future__ import annotations

import io
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from textual.errors import NoWidget
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget

from dread_draw.base.safe_text import clean
from dread_draw.deck.cards import Deck
from dread_draw.tui.cardface import bare_name, distinguishing
from dread_draw.tui.stage import Stage, StageCard, StageWords
from dread_draw.tui.widgets.cards import CardTile
from dread_draw.words.narrate import card_name

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


def screen_cells(app) -> list[list[str]]:
    """The terminal as a grid of cells, as the app would draw it now: the screen on top
    and, dimmed behind a dialog, the screens under it; a two-cell character, then "" for
    its second cell."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True,
                      legacy_windows=False, color_system=None)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True))
    grid = []
    for line in console.export_text().split("\n")[:height]:
        row: list[str] = []
        for ch in line:
            row.append(ch)
            if cell_len(ch) == 2:
                row.append("")
        grid.append((row + [" "] * width)[:width])
    return grid


def lines_in(grid: list[list[str]], region: Region) -> list[str]:
    """The text of `region`'s cells, a line each."""
    return ["".join(grid[y][region.x:region.right]) for y in range(region.y, region.bottom)
            if 0 <= y < len(grid)]


def squashed(text: str) -> str:
    return "".join(text.split())


# "6 ●1 Oracle", "12 ●● 2", "6          · 0": the strength, the damage's dots, its number
NUMBERS = re.compile(r"^\s*(\d+)\s+[^\d\s]*\s?(\d+)(?=\s|$)")


@dataclass(frozen=True)
class NameShown:
    """How a card tile shows its card, read from the screen: `numbers` (its strength and
    damage, both right), `name` (the name as shown, "" if none found), and what is wrong
    with it (`faults`, in words; none: fine)."""

    uid: int
    numbers: bool
    name: str
    faults: tuple[str, ...]


def name_shown(tile: CardTile, grid: list[list[str]]) -> NameShown:
    """What `tile` shows on the screen, judged (`judged`)."""
    return judged(tile.deck, tile.uid, lines_in(grid, tile.content_region))


def judged(deck: Deck, uid: int, lines: list[str]) -> NameShown:
    """The inside of a card tile as shown (`lines`), judged: its numbers, and its name whole
    or cut with "…" after at least the letters that tell it from every other card of the
    deck (`cardface.distinguishing`), the article dropped before a letter of the name is."""
    lines = [line.rstrip() for line in lines]
    faults = []
    first = NUMBERS.match(lines[0]) if lines else None
    numbers = bool(first) and first is not None and (
        int(first.group(1)), int(first.group(2))) == (deck.strength[uid], deck.damage[uid])
    if not numbers:
        faults.append("no number")
    rest = [lines[0][first.end():] if first else lines[0], *lines[1:]] if lines else []
    # (the ASCII glyph set's ellipsis is "...": read as one)
    rest = [re.sub(r"\.\.\.$", "…", line.strip()) for line in rest if line.strip()]
    full = clean(card_name(deck, deck.card[uid]))
    bare = bare_name(deck, uid)
    shown = ""
    # the name: one to three lines in a row (an emblem may be above, the ability under it);
    # whole if it is there whole, else the longest start of it
    for i in range(len(rest)):
        for n in range(1, 4):
            said = " ".join(rest[i:i + n])
            cut = said.removesuffix("…").rstrip()
            if said in (full, bare):
                shown = said
                break
            if cut and any(name.startswith(cut) for name in (full, bare)) and (
                    shown not in (full, bare) and len(said) > len(shown)):
                shown = said
        if shown in (full, bare):
            break
    if not shown:
        faults.append("no name")
    elif shown not in (full, bare):
        cut = shown.removesuffix("…").rstrip()
        if not shown.endswith("…"):
            faults.append("cut without …")
        kept = cut if bare.startswith(cut) else cut[len(full) - len(bare):]
        if full != bare and not bare.startswith(cut):
            faults.append("article kept in a cut name")
        if len(kept) < distinguishing(deck, uid):
            faults.append("cut below its distinguishing length")
    return NameShown(uid, numbers, shown, tuple(faults))


def table_tiles(screen: Screen) -> list[CardTile]:
    """The card tiles of the table in sight (not the stylesheet's probes)."""
    return [t for t in screen.query(CardTile) if t.display and t.region.area
            and not any(a.id == "probes" for a in t.ancestors)]


def reserve_marks_cut(screen: Screen, grid: list[list[str]]) -> int:
    """Seats whose "reserves" mark is cut ("res…") while their line has room beside it."""
    cut = 0
    for mark in screen.query(".seat .reserve-mark"):
        if not mark.display or not mark.region.area:
            continue
        if "…" not in "".join(lines_in(grid, mark.content_region)):
            continue
        cards = next((a for a in mark.ancestors if isinstance(a, Widget)
                      and a.has_class("seat-cards")), mark)
        line = lines_in(grid, Region(cards.region.x, mark.region.y, cards.region.width, 1))[0]
        free = len(line) - len(line.rstrip())
        cut += free > 4
    return cut


@dataclass(frozen=True)
class StageShot:
    """The stage as drawn: whether its moment is a reveal (a card turned face up: a summon
    or a failed reveal), whether the card is framed whole on the screen, whether the
    moment's sentence (what happened, what it had to beat, the result) is whole, and the
    stage's height in lines."""

    reveal: bool
    framed: bool
    whole: bool
    lines: int


def stage_shot(screen: Screen, grid: list[list[str]]) -> StageShot | None:
    """How the stage shows its moment now (None: no stage on this screen)."""
    stages = list(screen.query(Stage))
    if not stages:
        return None
    stage = stages[0]
    act = stage.act
    reveal = act is not None and act.card >= 0 and not act.banner
    card = stage.query_one(StageCard)
    framed = bool(card.display and card.region.area and stage.region.contains_region(
        card.region) and card.region.height >= 4 and card.uid == (act.card if act else -1))
    words = stage.query_one(StageWords)
    said = squashed(stage.draw(act).plain)
    shown = squashed("".join(lines_in(grid, words.content_region))) if words.region.area else ""
    return StageShot(reveal, framed, said in shown, stage.content_region.height)


@dataclass(frozen=True)
class Position:
    """One screen of a seeded game, measured: the terminal's `size`, the game's seat count,
    seed and round, the share of the screen in cards, the card style, the stage, each card
    tile's numbers and name, and the "reserves" marks cut with room beside them."""

    size: tuple[int, int]
    seats: int
    seed: int
    round: int
    coverage: float
    style: str
    stage: StageShot | None
    names: tuple[NameShown, ...]
    reserves_cut: int
    problems: tuple[str, ...] = ()  # what `play_positions`'s `look` found wrong, in words


NAMES = ("Ana", "Zora", "Orrin", "Vesna", "Tobin")


async def play_positions(size: tuple[int, int], seats: int, seed: int, rounds: int = 8,
                         shots: str | None = None,
                         look: Callable[[Any], list[str]] | None = None) -> list[Position]:
    """A seeded game of the standard deck played through the real app at `size` (headless):
    Ana (seat 0) is a person whose answers a seeded `easy` CPU picks and the keys give, the
    other seats `easy` CPUs, paced 0.01 s so that Ana's own failed reveal is held on the
    stage as in play. In each of its first `rounds` rounds, the first time the table asks
    Ana something (a decision, or "Go on" under her failed reveal) with two cards or more in
    the rows, the settled screen is measured (and saved as an SVG in the folder `shots`;
    and looked at by `look`, which says what is wrong with the app's screen)."""
    from dread_draw.ai import make_agent
    from dread_draw.deck.cards import load_deck
    from dread_draw.i18n import current_language
    from dread_draw.play.sim import HUMAN, Match, SeatSpec
    from dread_draw.tui.app import make_app
    from dread_draw.tui.screens.game_over import GameOver
    from dread_draw.tui.screens.handoff import HandOff
    from dread_draw.tui.screens.summary import RoundSummary
    from dread_draw.tui.screens.table import TableScreen

    specs = [SeatSpec(NAMES[0], HUMAN)] + [SeatSpec(n, "easy") for n in NAMES[1:seats]]
    match = Match(load_deck(), specs, seed=seed)
    ana = make_agent("easy", seed, 0)
    app = make_app(match, cpu_delay=0.01, animate=False)
    out: list[Position] = []
    done: set[int] = set()
    async with app.run_test(size=size) as pilot:
        for _ in range(20000):
            screen = app.screen
            g = match.game
            if isinstance(screen, GameOver) or g.over or g.defeated[0] or g.round > rounds:
                break
            if isinstance(screen, (RoundSummary, HandOff)):
                await (pilot.press("enter") if screen.ready else pilot.pause(0.02))
                continue
            if not (isinstance(screen, TableScreen) and screen.answer is not None):
                await pilot.pause(0.01)
                continue
            if g.round not in done and sum(map(len, g.rows)) >= 2:
                done.add(g.round)
                grid = await settled(app, pilot)
                if screen.answer is not None:
                    out.append(replace(measured(screen, grid, size, seats, seed),
                                       problems=tuple(look(app)) if look else ()))
                    if shots:
                        app.save_screenshot(f"{size[0]}x{size[1]}-{seats}seats-seed{seed}-"
                                            f"round{g.round}-{current_language()}.svg", shots)
            options = screen.query_one("#prompt").options  # type: ignore[attr-defined]
            if len(options) == 1 or g.pending is None or g.pending.seat != 0:
                await pilot.press("enter" if len(options) == 1 else "1")
                continue
            choice = ana.choose(g.view(0), g.pending)
            index = options.index(choice) if choice in options else 0
            if index < 9:
                await pilot.press(str(index + 1))
            else:
                screen.answered(choice)
            await pilot.pause(0)
    return out


async def settled(app, pilot, limit: float = 10.0) -> list[list[str]]:
    """The screen's cells once two looks 0.1 s apart find the same (at most `limit` s: on a
    loaded machine a new layout can take seconds to be painted)."""
    last: list[list[str]] | None = None
    end = time.perf_counter() + limit
    while True:
        await pilot.pause(0.1)
        grid = screen_cells(app)
        if grid == last or time.perf_counter() > end:
            return grid
        last = grid


def measured(table, grid: list[list[str]], size: tuple[int, int], seats: int,
             seed: int) -> Position:
    """The table's screen measured."""
    return Position(size, seats, seed, table.match.game.round, card_coverage(table),
                    table.query_one("#play").card_style, stage_shot(table, grid),
                    tuple(name_shown(tile, grid) for tile in table_tiles(table)),
                    reserve_marks_cut(table, grid))
