"""The table's layout at 80x24, 120x40 and 200x60 (issues 31 and 42), measured on positions of
real seeded games (dread_draw/tui/widgets/measure.py): every reveal on the stage framed with
its sentence whole from 120x40, every card with its numbers and enough of its name to tell it
apart, nothing drawn off the screen or cut without "…", and the cards growing with the window.

And in the pseudo-locale (every message accented and 40% longer, `dread_draw.i18n.pseudo`) at
80x24 — the table mid-round, the new-game screen, a Life Deck keep prompt, game over with a
fortune: no text is cut without "…", no widget lies outside the screen (`layout_problems`)."""

from __future__ import annotations

import asyncio
import re
import statistics

import pytest
from rich.cells import cell_len
from rich.segment import ControlType
from rich.text import Text
from test_tui import make_app, sync, until_asked, until_screen
from test_tui_privacy import screen_text
from test_tui_snapshots import (
    busy_five,
    fortune_read,
    game_over,
    keep_prompt,
    mid_round,
)
from textual.containers import ScrollableContainer
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Input, RichLog

from dread_draw import i18n
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.store.setup import Setup
from dread_draw.tui.cardface import fit
from dread_draw.tui.screens.game_over import GameOver
from dread_draw.tui.screens.new_game import NewGame
from dread_draw.tui.screens.summary import RoundSummary
from dread_draw.tui.screens.table import TableScreen
from dread_draw.tui.widgets.keybar import KeyBar
from dread_draw.tui.widgets.measure import Position, play_positions, screen_cells, squashed

SIZES = [(80, 24), (120, 40), (200, 60)]


def test_a_name_fits_or_ends_with_an_ellipsis_counted_in_cells():
    assert fit("The Gravedigger", 15) == "The Gravedigger"
    assert fit("The Gravedigger", 8) == "The Gra…"
    korean = "무덤 파는 사람"  # two cells a character
    cut = fit(korean, 9)
    assert cut.endswith("…") and cell_len(cut) <= 9 and korean.startswith(cut[:-1])


# ------------------------------------------------------- the tables people play, measured

# Real seeded games through the app (dread_draw/tui/widgets/measure.py; as
# benchmarks/bench_layout.py plays many more): (seats, seed), measured once a round in rounds
# 1 to 3 at every size the tests look at.
GAMES = [(3, 2), (5, 1)]
ROUNDS = 3


def positions(size: tuple[int, int], game: tuple[int, int]) -> list[Position]:
    """The game's positions at `size`, each looked at for a widget off the screen or a text
    cut without "…" (`layout_problems`)."""
    seats, seed = game
    out = asyncio.run(play_positions(size, seats, seed, ROUNDS, look=layout_problems))
    assert len(out) >= 2, out  # (the game reached its rounds)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}seats-seed{g[1]}")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_laid_out_on_real_games(size, game):
    """Issue 42, at the positions of real seeded games (one test a size and game: the games
    are the costly part):

    - every card on the table shows its strength and damage, and its name whole or cut with
      "…" after at least the letters that tell it from every other card of the deck, its
      article dropped first (at 80x24 tiles read "F…", "Mo…", "Devil" without a number);
      "res…" only for a row that needs the room;
    - from 120x40, every reveal on the stage is a framed card with its sentence whole: what
      happened, what it had to beat, the result (at 120x40 with three seats and framed cards
      in the rows it was one cut line);
    - nothing lies off the screen and no text is cut without "…";
    - at 200x60 the cards are a large share of the screen (issue 31; they grow with the
      window: test_card_layout.py; benchmarks/bench_layout.py measures many more games)."""
    seen = positions(size, game)
    for p in seen:
        assert p.names and not [n for n in p.names if n.faults], p
        assert p.reserves_cut == 0, p
        assert not p.problems, (p.seats, p.round, p.problems)
    shown = [p for p in seen if p.stage is not None and p.stage.reveal]
    assert shown, seen
    for p in shown:
        if size >= (120, 40):
            assert p.stage.framed and p.stage.whole, p
        else:  # (no room for the card at 80x24: the measure can tell a card not framed)
            assert not p.stage.framed, p
    if size == (200, 60):
        assert statistics.mean(p.coverage for p in seen) > COVERED, seen


COVERED = 0.2  # the share of cards these early rounds reach at 200x60 (~0.15 before issue 42)


# ------------------------------------------------------------------ any screen's layout

def scroller(widget: Widget) -> Widget | None:
    """The scrolling container `widget` sits in, if any (its content may lie outside the
    screen and be scrolled into sight)."""
    return next((a for a in widget.ancestors if isinstance(a, ScrollableContainer)), None)


def layout_problems(app) -> list[str]:
    """What is wrong with the layout of the screen on top, in words: a widget outside the
    screen (in a scrolling container: outside it sideways), or a text cut without "…" —
    every text of a widget that is wholly in sight must be shown whole (wrapped as it may
    be), or be cut with "…". Text in cells, never in characters (Korean takes two)."""
    screen = app.screen
    area = screen.region
    grid = screen_cells(app)
    drawn_at = screen._compositor.visible_widgets  # widget: (region, the part in sight)
    problems = []
    for w in screen.walk_children(with_self=False):
        region = w.region
        if not w.display or region.area == 0:
            continue  # not shown (or inside something not shown)
        box = scroller(w)
        if box is None and not area.contains_region(region):
            problems.append(f"{w!r} at {region} lies outside the screen {area}")
        elif region.x < area.x or region.right > area.right:
            problems.append(f"{w!r} at {region} lies outside the screen sideways")
        if w.children or isinstance(w, (RichLog, Input)) or w.id == "probes":
            continue  # containers, a log or a field that scroll its text: not one text
        seen = drawn_at.get(w)
        if seen is None or not seen[1].contains_region(seen[0]) or any(
                a.id == "probes" for a in w.ancestors):
            continue  # (partly) scrolled out of sight: its text cannot all be in sight
        if w.max_scroll_y > 0 or w.max_scroll_x > 0:
            continue  # its text is longer than its room, and scrolls (a scroll bar shows)
        drawn = w.render()
        if not isinstance(drawn, (str, Text, Content)):
            continue  # a drawing (a table of cells, an emblem): no one text to look for
        full = squashed(drawn if isinstance(drawn, str) else drawn.plain)
        c = w.content_region
        shown = "".join("".join(grid[y][c.x:c.right]) for y in range(c.y, c.bottom))
        if full and full not in squashed(shown) and "…" not in shown:
            problems.append(f"{w!r} shows {shown.strip()!r} of {str(drawn)!r}")
    return problems


def test_layout_problems_finds_a_text_cut_without_an_ellipsis():
    """The check itself can fail: a label narrower than its text is cut."""
    from textual.app import App
    from textual.widgets import Label

    class Narrow(App):
        CSS = "Label { width: 12; height: 1; }"

        def compose(self):
            yield Label("a text longer than its label", id="cut")
            yield Label("fits")

    async def run():
        app = Narrow()
        async with app.run_test(size=(40, 5)) as pilot:
            await pilot.pause()
            return layout_problems(app)

    import asyncio
    problems = asyncio.run(run())
    assert len(problems) == 1 and "id='cut'" in problems[0], problems


@sync
@pytest.mark.parametrize("where", ["table", "new game", "keep prompt", "game over"])
async def test_pseudo_locale_at_80x24_nothing_cut_and_nothing_off_screen(standard_deck,
                                                                         plain_deck, where):
    """Every screen laid out with every message 40% longer and accented: no text is cut
    without "…" and no widget lies outside the screen; and every word is a translated one
    (no line of plain English letters, which would be a message never marked)."""
    i18n.set_language(i18n.PSEUDO)
    if where == "new game":
        setup = Setup([SeatSpec("Mara", HUMAN), SeatSpec("Ben", HUMAN),
                       SeatSpec("Zora", "random"), SeatSpec("Orrin", "random")], 4242)
        app = make_app(setup=setup)
    else:
        match = {"table": lambda: mid_round(standard_deck),
                 "keep prompt": lambda: keep_prompt(plain_deck),
                 "game over": lambda: game_over(plain_deck)}[where]()
        app = make_app(match)
    async with app.run_test(size=(80, 24)) as pilot:
        if where == "new game":
            await until_screen(app, pilot, NewGame)
        elif where == "game over":
            await fortune_read(pilot)
            assert isinstance(app.screen, GameOver)
        else:
            await until_asked(app, pilot)
        await pilot.pause(0.2)
        problems = layout_problems(app)
        assert not problems, "\n".join(problems)


def test_a_turn_line_too_long_for_its_lines_ends_with_an_ellipsis():
    """The line under the seats (what to beat, who plays next) has two lines: a longer
    language's sentence that needs three is shortened with "…", never cut at the edge;
    counted in cells, so Korean fits too."""
    from rich.cells import cell_len
    from rich.console import Console
    from rich.text import Text

    from dread_draw.tui.widgets.centre import fit_lines

    console = Console(width=200)
    for words in ("Égalité à 0 : Ben a joué en dernier et rejoue la manche suivante. " * 3,
                  "민준은 마지막으로 플레이했으므로 다시 플레이합니다. " * 4):
        lines = fit_lines(Text(words), 40, 2, console).plain.split("\n")
        assert len(lines) == 2 and lines[-1].endswith("…")
        assert all(cell_len(line) <= 40 for line in lines)
    short = fit_lines(Text("Lowest row total: Zora 4."), 40, 2, console)
    assert short.plain == "Lowest row total: Zora 4."


@sync
async def test_the_log_wraps_its_lines_again_when_the_window_is_resized(standard_deck):
    """Issue 31: after a resize the log kept its old wrapping (lines cut at the new width,
    or half its width empty). Wider, then narrower: every line fits the log's width, the
    wide log uses its width, and not a word is lost."""
    app = make_app(mid_round(standard_deck), cpu_delay=0)
    app.animation_level = "none"
    async with app.run_test(size=(120, 40)) as pilot:
        await until_asked(app, pilot)
        log = app.screen.query_one("#log", RichLog)

        def lines() -> list[str]:
            return [strip.text.rstrip() for strip in log.lines]

        before = lines()
        assert len(before) > 5
        for size in [(200, 60), (80, 24), (120, 40)]:
            await pilot.resize_terminal(*size)
            await pilot.pause(0.2)
            width = log.scrollable_content_region.width
            now = lines()
            assert all(cell_len(line) <= width for line in now), (size, width, now)
            assert squashed(" ".join(now)) == squashed(" ".join(before)), size
            if size == (200, 60):  # wider: fewer lines, some of them longer than before
                assert len(now) < len(before)
                assert max(map(cell_len, now)) > max(map(cell_len, before))


@sync
@pytest.mark.parametrize("language", ["en", "fr", "es", "de", "pt", "ko"])
async def test_every_key_has_a_word_at_80x24(standard_deck, language):
    """Issue 31: at 80 columns the key bar showed bare "h", "l", "d", "o". Every key keeps a
    word in every language — shorter words, or the bar's second line — and the table's
    layout holds with it."""
    i18n.set_language(language)
    app = make_app(busy_five(standard_deck), cpu_delay=0)
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await until_asked(app, pilot)
        await pilot.pause(0.1)
        bar = app.screen.query_one(KeyBar)
        lines, _spacing = bar.layout_keys(bar.size.width)
        keys = [key for line in lines for key in line]
        assert len(keys) >= 8 and all(word for _key, word in keys), keys
        shown = screen_text(app).split("\n")[24 - len(lines):24]
        for _key, word in keys:
            assert any(word in line for line in shown), (word, shown)
        assert not layout_problems(app), layout_problems(app)


@sync
async def test_a_syllable_over_a_widget_edge_stays_whole_under_an_overlay():
    """A toast or dialog lying over two widgets is cut at their edge when the screen is
    drawn; a two-cell syllable straddling that edge used to become two spaces (the daily
    notice read "게임:   늘은" for "게임: 오늘은" at 120x40)."""
    from textual.app import App, ComposeResult
    from textual.containers import Horizontal
    from textual.widgets import Static

    from dread_draw.tui import widechars

    widechars.install()
    text = "가나다라마바사아자차카타"

    class Layers(App):
        CSS = """
        Screen { layers: below above; }
        Horizontal { layer: below; }
        #left { width: 11; }
        #right { width: 1fr; }
        #overlay { layer: above; width: 30; height: 1; }
        """

        def compose(self) -> ComposeResult:
            with Horizontal():
                yield Static("x" * 11, id="left")
                yield Static("y" * 20, id="right")
            yield Static(text, id="overlay")

    app = Layers()
    async with app.run_test(size=(40, 3)) as pilot:
        await pilot.pause()
        first_line = app.screen._compositor.render_strips()[0].text
    assert first_line.startswith(text), first_line


@pytest.mark.parametrize("language, width", [("en", 58), ("fr", 64), ("ko", 64), ("ko", 58)])
def test_why_it_is_a_seats_turn_is_never_split_between_two_lines(language, width):
    """The turn line says what the seat must beat, then why it is its turn (R5): on the same
    line when it fits there, else on a line of its own, never broken in the middle ("...
    소환됩니다.  가장 / 낮은 줄: Ana 0." at 100 columns; "Égalité à / 0 : ..."). The widths
    are the turn line's at 80 and 100 columns."""
    from rich.console import Console

    from dread_draw import i18n
    from dread_draw.i18n import _, fmt
    from dread_draw.tui.widgets.centre import fit_lines, with_why

    i18n.set_language(language)
    console = Console(width=200)
    beat = Text(fmt(_("{who}'s row is empty: any card is summoned."), who="Ana"))
    for why in (fmt(_("Lowest row total: {who} {total}."), who="Ana", total=0),
                fmt(_("Tied at {total}: {who} is the first to {last}'s left."), who="Ana",
                    total=0, last="Orrin")):
        shown = fit_lines(with_why(beat, why, width, 2, console), width, 2, console)
        lines = [line.plain.strip() for line in shown.wrap(console, width)]
        assert len(lines) <= 2 and "…" not in shown.plain
        assert lines[0].startswith(beat.plain)
        assert lines[-1].endswith(why), lines  # whole, on one line


def test_why_it_is_a_seats_turn_is_left_out_whole_rather_than_cut():
    """When what the seat must beat already fills the turn line's two lines, the reason is
    left out whole (French at 80 columns read "Égalité à 0 : Ana est la première personne
    à…"); on a wide line both are on one."""
    from rich.console import Console

    from dread_draw.tui.widgets.centre import fit_lines, with_why

    console = Console(width=200)
    beat = Text("La rangée d'Ana est vide : n'importe quelle carte est invoquée.")
    why = "Égalité à 0 : Ana est la première personne à gauche d'Orrin."
    for width, shown in ((58, beat.plain), (130, f"{beat.plain}  {why}")):
        text = fit_lines(with_why(beat, why, width, 2, console), width, 2, console)
        assert " ".join(text.plain.split()) == " ".join(shown.split())


@pytest.mark.parametrize("language", ["en", "fr", "de", "ko"])
def test_a_seat_head_keeps_a_gap_between_the_name_and_the_life_deck(language):
    """A seat's head reads "Ana  life ■■■": a gap after the name in every language, at the
    head's every width (kind shown or not), short and long names; and in a screenshot too,
    where each run of text takes the cells it takes on the terminal (Rich's SVG squeezed a
    Korean run into one cell a syllable) and starts with a visible character (librsvg drops
    leading spaces): the head read "Ana생명", "Analife"."""
    import html
    import io

    from rich.console import Console

    from dread_draw import i18n
    from dread_draw.base import wide_text
    from dread_draw.i18n import _
    from dread_draw.play.sim import SeatSpec
    from dread_draw.tui.widgets.seats import SeatState, head_text

    wide_text.install()  # (as the app does)
    i18n.set_language(language)
    life = _("life {pips}").split("{pips}")[0].strip()
    for name in ("Ana", "아나", "김서연하늘별빛"):
        for width in (50, 64, 100):  # the head's three layouts
            state = SeatState(0, SeatSpec(name, "normal"), 7, (1, 2), (), 9, "in the round",
                              True, 2)
            console = Console(record=True, width=width, file=io.StringIO())
            console.print(head_text(state, width), no_wrap=True, crop=True)
            line = console.export_text(clear=False)
            assert f"{name} " in line and f" {life} " in line, line
            runs = [(float(x), float(length), html.unescape(text).replace("\xa0", " "))
                    for x, length, text in
                    re.findall(r'<text [^>]*x="([0-9.]+)"[^>]*textLength="([0-9.]+)"[^>]*>'
                               r"([^<]+)</text>", console.export_svg()) if text.strip()]
            cell = {round(length / cell_len(text), 6) for _x, length, text in runs}
            assert len(cell) == 1, runs  # one width a cell, whatever the characters
            # librsvg drops the spaces a run starts with: none does, and the name ends a
            # cell or more before the life word starts
            assert not any(text.startswith(" ") for _x, _length, text in runs), runs
            x_name, length_name, _text = next(r for r in runs if r[2] == name)
            x, _length, text = next(r for r in runs if f"{life} " in r[2])
            x_life = x + min(cell) * cell_len(text[:text.index(f"{life} ")])
            assert x_life >= x_name + length_name + min(cell), runs


@sync
async def test_a_dialogs_key_bar_covers_the_key_bar_under_it_whole():
    """A dialog over a screen whose key bar takes two lines (a long language at 80 columns)
    shows its own keys, and none of the keys beneath through its shade: a round summary's
    one line left the table's first line of keys in sight ("s Weiter h Tipp …" over
    "⏎ Weiter")."""
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.screen import ModalScreen, Screen

    class Busy(Screen):
        BINDINGS = [Binding(key, "app.bell", f"a long word for the key {key}") for key in "abcd"]

        def compose(self) -> ComposeResult:
            yield KeyBar()

    class Over(ModalScreen):
        BINDINGS = [Binding("enter", "app.pop_screen", "Continue")]

        def compose(self) -> ComposeResult:
            yield KeyBar()

    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(Busy())
        await pilot.pause()
        under = app.screen.query_one(KeyBar)
        assert under.size.height == 2
        await app.push_screen(Over())
        await pilot.pause()
        over = app.screen.query_one(KeyBar)
        assert "Continue" in str(over.render()) and "long word" not in str(over.render())
        assert over.size.height == under.size.height


class Terminal:
    """The cells a terminal shows, from the frames the app writes (Textual's full and
    partial updates: cursor moves and text), to compare with what the app means to show."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells = [[("", None)] * width for _ in range(height)]

    def watching(self, app) -> Terminal:
        """This terminal, fed every frame `app` writes from now on."""
        display = app._display

        def shown(screen, update) -> None:
            if update is not None:
                self.write(update, app.console)
            display(screen, update)

        app._display = shown
        return self

    def write(self, update, console) -> None:
        x = y = 0
        for segment in console.render(update):
            if segment.control:
                for code in segment.control:
                    if code[0] == ControlType.CURSOR_MOVE_TO:
                        x, y = code[1], code[2]
                continue
            for char in segment.text:
                if char == "\n":
                    continue
                cells = cell_len(char)
                if 0 <= y < self.height and 0 <= x < self.width:
                    self.cells[y][x] = (char, segment.style)
                    if cells == 2 and x + 1 < self.width:
                        self.cells[y][x + 1] = ("", segment.style)
                x += cells

    def lines(self) -> list[str]:
        return ["".join(char for char, _style in row) for row in self.cells]


@sync
async def test_the_terminal_shows_what_the_table_means_after_every_partial_update(
        standard_deck):
    """Each frame writes only the cells that changed (and, issue 41, draws only the widgets
    those cells touch): what a terminal shows after a game's many frames is, cell for cell
    and style for style, the table drawn whole at that moment."""
    seats = [SeatSpec("Ana", HUMAN)] + [SeatSpec(n, "random") for n in ("Zora", "Orrin",
                                                                         "Vesna")]
    app = make_app(Match(standard_deck, seats, seed=7))
    terminal = Terminal(200, 60).watching(app)
    async with app.run_test(size=(200, 60)) as pilot:
        compared = 0
        while compared < 30:
            table = app.screen
            if not (isinstance(table, TableScreen) and table.answer is not None
                    or isinstance(table, RoundSummary | GameOver)):
                await pilot.pause(0.01)
                continue
            await pilot.pause()
            whole = Terminal(200, 60)
            whole.write(app.screen._compositor.render_full_update(), app.console)
            assert terminal.lines() == whole.lines()
            assert terminal.cells == whole.cells
            compared += 1
            if isinstance(table, GameOver):
                break
            await pilot.press("1" if isinstance(table, TableScreen) else "enter")
            await pilot.pause()
        assert compared >= 20


@sync
async def test_a_partial_update_leaves_the_widgets_it_does_not_touch_as_they_are():
    """A change to part of a container draws the container there and nothing else: the
    widget lying on it, untouched, is neither drawn again nor painted over by the
    container's line (issue 41: untouched widgets are skipped, their cells kept)."""
    from textual.app import App, ComposeResult
    from textual.containers import Horizontal
    from textual.geometry import Region
    from textual.widgets import Static

    from dread_draw.tui import widechars

    widechars.install()

    class Table(App):
        CSS = "#card { width: 12; margin: 0 0 0 20; }"

        def compose(self) -> ComposeResult:
            with Horizontal(id="box"):
                yield Static("Gravedigger", id="card")

    app = Table()
    terminal = Terminal(40, 3).watching(app)
    async with app.run_test(size=(40, 3)) as pilot:
        await pilot.pause()
        assert "Gravedigger" in terminal.lines()[0]
        card = app.query_one("#card")
        drawn = card.render_lines
        redrawn = []
        card.render_lines = lambda crop: redrawn.append(crop) or drawn(crop)  # type: ignore
        app.query_one("#box").refresh(Region(0, 0, 5, 1))  # its left end only
        await pilot.pause()
        assert not redrawn  # the card is not drawn again
        assert "Gravedigger" in terminal.lines()[0]  # nor painted over


@sync
async def test_a_box_laid_out_anew_inline_arranges_what_it_holds_anew():
    """The seats of a half side by side, or a seat's reserves under its row, are set on
    their box inline (widgets/base.set_layout): what the box holds moves at once."""
    from textual.app import App, ComposeResult
    from textual.containers import Vertical
    from textual.widgets import Static

    from dread_draw.tui.widgets.base import set_layout

    class Half(App):
        CSS = "Static { width: 10; }"

        def compose(self) -> ComposeResult:
            with Vertical(id="half"):
                yield Static("Ana")
                yield Static("Zora")

    app = Half()
    async with app.run_test(size=(40, 5)) as pilot:
        half = app.query_one("#half")
        assert [w.region.offset for w in half.children] == [(0, 0), (0, 1)]
        set_layout(half, "horizontal")
        await pilot.pause()
        assert [w.region.offset for w in half.children] == [(0, 0), (10, 0)]
        set_layout(half, "vertical")
        await pilot.pause()
        assert [w.region.offset for w in half.children] == [(0, 0), (0, 1)]


@sync
@pytest.mark.parametrize(("size", "ascii"), [((200, 60), False), ((80, 24), False),
                                             ((120, 40), True)])
async def test_a_card_tile_is_drawn_cell_for_cell_as_textual_draws_it(standard_deck, size,
                                                                      ascii):
    """A tile's inside lines are its text between the edge pieces Textual drew for its first
    one (issue 41, tui/tiledraw.py): every tile of a game, in every look it takes — the card
    to beat, focused, a seat out of the round (dimmer), ASCII frames, one-line tiles — is
    drawn exactly as Textual's own styles draw any widget, style for style."""
    from textual._styles_cache import StylesCache
    from textual.geometry import Region

    from dread_draw.tui.tiledraw import TileFrames
    from dread_draw.tui.widgets.cards import CardTile
    from dread_draw.tui.widgets.seats import SeatPanel

    def drawn(tile: CardTile, cache) -> list[list]:
        return [list(strip) for strip in cache.render_widget(tile, Region(0, 0, *tile.size))]

    seats = [SeatSpec("Ana", HUMAN)] + [SeatSpec(n, "random") for n in ("Zora", "Orrin",
                                                                         "Vesna")]
    app = make_app(Match(standard_deck, seats, seed=7), ascii=ascii)
    looks: set[tuple] = set()
    quick: list[bool] = []  # each drawing: its inside lines put together quickly
    async with app.run_test(size=size) as pilot:
        positions = 0
        for _ in range(3000):  # (a table that stops asking fails below, not hangs)
            if positions == 6:
                break
            table = app.screen
            if isinstance(table, RoundSummary):
                await pilot.press("enter")
            if not (isinstance(table, TableScreen) and table.answer is not None):
                await pilot.pause(0.01)
                continue
            positions += 1
            tiles = [tile for tile in table.query(CardTile)
                     if tile.region.area and tile.parent and tile.parent.id != "probes"]
            for tile in tiles[::3]:  # (a seat's first, its fourth...: the looks, quicker)
                panel = next(a for a in tile.ancestors if isinstance(a, SeatPanel))
                for look in ("as it is", "to beat", "focused", "out"):
                    if look == "to beat":
                        tile.to_beat = not tile.to_beat
                    elif look == "focused":
                        tile.focus()
                    elif look == "out":
                        panel.toggle_class("-out")
                    await pilot.pause()
                    frames = TileFrames()
                    assert drawn(tile, frames) == drawn(tile, StylesCache()), (
                        tile.style_name, tuple(tile.size), look)
                    quick.append(frames._drawing is not False)
                    looks.add((tile.style_name, look))
                panel.toggle_class("-out")
                tile.to_beat = not tile.to_beat
            table.set_focus(None)
            await pilot.pause()
            await pilot.press("1")
    assert positions == 6, "the table stopped asking"
    assert looks, "no card tile was drawn"
    assert {look for _style, look in looks} == {"as it is", "to beat", "focused", "out"}
    assert all(quick)  # (none left to Textual: the quick way is the one checked)
