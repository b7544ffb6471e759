"""Views a player opens from the table: the whole log (`l`), the discard pile (`d`), and the
odds line (`o`) above the prompt.

Each view is a dialog over the table, so the game waits while it is open (the table pauses
under any screen) and `?` and `q` work over it as everywhere. Each shows only what the
person at the keyboard may know (R11): the log is narrated by the table's own narrator from
the event list, naming that person's private cards (their draws, their peeks) and nobody
else's; the discard pile is public (R11.1); the odds are counted from that seat's view.
"""

from __future__ import annotations

from collections import Counter

from rich._wrap import divide_line
from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.geometry import Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import OptionList, Static

from dread_draw.base.glyphs import glyphs
from dread_draw.base.safe_text import clean, plain
from dread_draw.deck.cards import Deck
from dread_draw.i18n import N_, _, fmt, ngettext
from dread_draw.rules import View
from dread_draw.store.setup import save_odds
from dread_draw.table.seam import TableMatch
from dread_draw.table.story import ToldLog, log_lines, whose
from dread_draw.tui.widgets.base import AnswerOnce, Dialog, TooSmall, taken_down
from dread_draw.tui.widgets.cards import CardReader
from dread_draw.tui.widgets.keybar import KeyBar
from dread_draw.words.narrate import card_label, damage_text
from dread_draw.words.odds import odds_sentence

FIGURE = "\u2007"  # a space as wide as a digit, which a list keeps (it strips plain spaces)
MARK = glyphs().to_play  # marks the reader's own moves in the log (bold too: not colour alone)

__all__ = ["ToldLog", "log_lines", "whose"]  # (dread_draw.table.story's, said here too)


# ------------------------------------------------------------------------------ the log

class FullLog(ScrollView, can_focus=True):
    """The whole log, wrapped to the width it has (again after a resize), newest at the
    bottom. Its own moves and round headings take their look from viewers.tcss.

    A virtual list: the lines are wrapped as plain words (cheap), and only the lines in
    sight are drawn, so a long game's log opens as fast as a short one's (issue 14)."""

    COMPONENT_CLASSES = {"full-log--mine", "full-log--round"}

    def __init__(self, entries: list[tuple[str, str]], **kw) -> None:
        super().__init__(**kw)
        self.entries = entries
        self.lines: list[tuple[str, str]] = []  # (kind, text) of each screen line
        self.written_at = 0

    def on_resize(self, event: Resize) -> None:
        if event.size.width and event.size.width != self.written_at:
            self.fill()

    def fill(self) -> None:
        """Wrap every entry for the width it has now, and show the newest."""
        self.written_at = self.size.width
        width = max(self.size.width - 1, 10)  # a column for the scrollbar, from the start
        pad = " " * cell_len(MARK)
        lines: list[tuple[str, str]] = []
        for kind, line in self.entries:
            line = clean(line, lines=True)  # names from outside: shown only as text
            if kind == "round":
                if lines:
                    lines.append(("", ""))
                text = line
            else:
                text = (f"{MARK} " if kind == "mine" else f"{pad} ") + line
            for part in text.split("\n"):
                offsets = [0, *divide_line(part, width, fold=True), len(part)]
                lines.extend((kind, part[a:b].rstrip()) for a, b in zip(offsets, offsets[1:],
                                                                        strict=False) if b > a)
        self.lines = lines
        self.virtual_size = Size(width, len(lines))
        self.refresh()
        self.call_after_refresh(self.scroll_end, animate=False)  # once the lines are laid

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = y + scroll_y
        width = self.size.width
        base = self.rich_style
        if not 0 <= index < len(self.lines):
            return Strip.blank(width, base)
        kind, text = self.lines[index]
        style = base
        if kind == "mine":
            style = base + self.get_component_rich_style("full-log--mine")
        elif kind == "round":
            style = base + self.get_component_rich_style("full-log--round")
        strip = Strip([Segment(text, style)], cell_len(text))
        return strip.crop_extend(scroll_x, scroll_x + width, base)


class LogViewer(AnswerOnce, Dialog[None]):
    """`l`: the whole game so far, scrollable, the newest line in view when it opens."""

    BINDINGS = [Binding("escape,l", "close", N_("Close"))]

    def __init__(self, match: TableMatch, seat: int | None, told: ToldLog | None = None) -> None:
        """`seat`: the person at the keyboard (None: nobody in particular, public only).
        `told`: the table's lines already told (None: told here)."""
        super().__init__()
        self.names = [s.name for s in match.seats]
        self.seat = seat
        self.lines = (told.lines(match.events, seat) if told is not None
                      else log_lines(match.events, match.deck, self.names, seat))
        self.hot_seat = sum(s.is_human for s in match.seats) > 1

    def compose(self) -> ComposeResult:
        with Vertical(id="full-log-box"):
            yield Static(self.heading(), id="full-log-heading")
            yield FullLog(self.lines, id="full-log")
        yield KeyBar()
        yield TooSmall()

    def heading(self) -> Text:
        t = Text(_("The game so far, the newest at the bottom."), "bold")
        if self.seat is not None:
            t.append(" ")
            t.append_text(plain(fmt(_("Lines marked {mark} are {name}'s."), mark=MARK,
                                    name=self.names[self.seat])))
        elif self.hot_seat:
            t.append(" ")
            t.append(_("Cards only one player has seen are not named while the keyboard "
                       "passes between players."))
        return t

    def on_mount(self) -> None:
        if taken_down(self):  # issue 26: closed by a key typed as it opened
            return
        self.query_one(FullLog).focus()

    def action_close(self) -> None:
        self.dismiss(None)


# ---------------------------------------------------------------------- the discard pile

def discard_entries(deck: Deck, pile: tuple[int, ...], grouped: bool) -> list[tuple[int, Text]]:
    """The discard pile (R11.1: public) as (card, label) lines: grouped by card with a
    count, strongest first; or every card in the order discarded, the top card last."""
    if grouped:
        first: dict[str, int] = {}
        for c in pile:
            first.setdefault(deck.card[c].id, c)
        counts = Counter(deck.card[c].id for c in pile)
        order = sorted(first.values(), key=lambda c: (-deck.strength[c], deck.card[c].name))
        width = len(str(max(counts.values(), default=1)))
        return [(c, plain(f"{counts[deck.card[c].id]:{FIGURE}>{width}}× {card_label(deck, c)}  "
                          f"{damage_text(deck.damage[c])}")) for c in order]
    width = len(str(len(pile)))
    out = []
    for i, c in enumerate(pile, 1):
        label = plain(f"{i:{FIGURE}>{width}}. {card_label(deck, c)}  "
                      f"{damage_text(deck.damage[c])}")
        if i == len(pile):
            label.append("  ")
            label.append(_("(the top card)"), "italic")
        out.append((c, label))
    return out


class DiscardViewer(AnswerOnce, Dialog[None]):
    """`d`: every card in the discard pile, grouped by card or in the order discarded (`g`
    switches), the card under the cursor read in full beside the list."""

    BINDINGS = [Binding("escape,d", "close", N_("Close")),
                Binding("g", "regroup", N_("Grouped / in order"))]

    def __init__(self, deck: Deck, pile: tuple[int, ...]) -> None:
        super().__init__()
        self.deck, self.pile = deck, pile
        self.grouped = True
        self.cards: list[int] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="discard-box"):
            yield Static(id="discard-heading")
            with Horizontal(id="discard-body"):
                yield OptionList(id="discard-list")
                yield CardReader(self.deck, id="discard-reader")
        yield KeyBar()
        yield TooSmall()

    def on_mount(self) -> None:
        if taken_down(self):  # issue 26: closed by a key typed as it opened
            return
        self.fill()

    def heading(self) -> str:
        n = len(self.pile)
        if not n:
            return _("The discard pile is empty.")
        if self.grouped:
            return fmt(ngettext("The discard pile: {n} card, grouped by card, strongest first.",
                                "The discard pile: {n} cards, grouped by card, strongest "
                                "first.", n), n=n)
        return fmt(ngettext("The discard pile: {n} card, in the order discarded.",
                            "The discard pile: {n} cards, in the order discarded, the top "
                            "card last.", n), n=n)

    def fill(self) -> None:
        """The list in the current order; the cursor on the first card (grouped) or on the
        top card (in order), read at once."""
        self.query_one("#discard-heading", Static).update(self.heading())
        entries = discard_entries(self.deck, self.pile, self.grouped)
        self.cards = [c for c, _ in entries]
        menu = self.query_one(OptionList)
        menu.clear_options()
        menu.add_options([label for _, label in entries])
        menu.display = bool(entries)
        if entries:
            menu.highlighted = 0 if self.grouped else len(entries) - 1
            menu.focus()
        self.query_one(CardReader).uid = self.cards[menu.highlighted or 0] if entries else None

    @on(OptionList.OptionHighlighted)
    def read(self, event: OptionList.OptionHighlighted) -> None:
        if 0 <= event.option_index < len(self.cards):
            self.query_one(CardReader).uid = self.cards[event.option_index]

    def action_regroup(self) -> None:
        self.grouped = not self.grouped
        self.fill()

    def action_close(self) -> None:
        self.dismiss(None)


# ------------------------------------------------------------------------ the odds line

class OddsLine(Static):
    """`o`: above the prompt, the odds of a reveal for the person at the keyboard, from that
    seat's view only (R11), counted as the `normal` CPU counts. Off by default; the setting
    is the player's (`Setup.odds`), remembered in the settings file."""

    # what it says (None: hidden); set by `show`, drawn by `watch_line`
    line: reactive[str | None] = reactive(None, repaint=False)  # (update refreshes)

    @property
    def on(self) -> bool:
        return bool(self.app.setup.odds)  # type: ignore[attr-defined]  # DreadDrawApp

    def show(self, view: View | None) -> None:
        """The line for `view`'s seat; hidden with no view (nobody holds the keyboard, or
        it is changing hands) or when there is nothing true to say."""
        self.line = odds_sentence(view) if view is not None and self.on else None

    def watch_line(self, line: str | None) -> None:
        if line is not None:
            self.update(plain(line))
        self.display = line is not None

    def toggle(self) -> None:
        """Turn the line on or off, and remember it for the next games."""
        app = self.app
        app.setup.odds = not self.on  # type: ignore[attr-defined]  # DreadDrawApp
        save_odds(app.settings, app.setup.odds)  # type: ignore[attr-defined]
        app.notify(_("Odds on: shown above the question for the person at the keyboard.")
                   if self.on else _("Odds off."), timeout=3)
