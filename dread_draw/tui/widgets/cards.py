"""Cards on screen: a card tile in the table's style, and the card reader with a card's full
text."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from dread_draw.base.safe_text import clean, plain
from dread_draw.deck.cards import Deck
from dread_draw.deck.emblems import emblem
from dread_draw.deck.overlays import deck_text
from dread_draw.i18n import _, fmt
from dread_draw.tui.cardface import (
    FRAMED,
    GIANT,
    HUGE,
    LARGE,
    LINE,
    LINES,
    SLIM,
    TALL,
    TWO_LINE,
    face,
)
from dread_draw.tui.tiledraw import TileFrames
from dread_draw.words.narrate import ability_text, card_label, damage_text, keyword_of


class CardFocused(Message):
    """A card tile got the focus (or was clicked): show its full text in the reader."""

    def __init__(self, uid: int) -> None:
        self.uid = uid
        super().__init__()


class CardTile(Widget, can_focus=True):
    """One face-up card in the style the table chose for the whole screen (cardface.py):
    `-giant`, `-huge`, `-large` (numbers, an emblem, the full name), `-tall`, framed, `-slim`
    (framed, one line), or `-line` (unframed: one line, or two with `-two`). Its sizes are
    the stylesheet's, grown by the table's plan (widgets/plan.py); the face is fitted to the
    width and height it is given. The card to beat carries the words "to beat" in its frame
    (never a colour alone)."""

    # A click reads a card; it selects no text. (Tiles come and go with every move, and
    # Textual's selection fails on a press that lands on a tile just taken away.)
    ALLOW_SELECT = False

    # the card to beat (its seat's last summoned, while that seat is to play): set by its
    # seat panel, drawn by `watch_to_beat`
    to_beat: reactive[bool] = reactive(False, repaint=False)

    def __init__(self, deck: Deck, uid: int, *, style: str = FRAMED, ascii: bool = False) -> None:
        super().__init__(classes=STYLE_CLASS[style])
        self._styles_cache = TileFrames()  # its frame drawn quickly (tiledraw.py)
        self.deck = deck
        self.uid = uid
        self.style_name = style
        self.ascii = ascii
        self.tooltip = plain(card_label(deck, uid))
        self._frame_words()

    def render(self) -> Text:
        box = self.content_region
        width = box.width or self.size.width
        return face(self.deck, self.uid, self.style_name, max(width, 1), ascii=self.ascii,
                    height=box.height)

    def watch_to_beat(self, on: bool) -> None:
        self.set_class(on, "-to-beat")  # (restyles and refreshes it)
        self._frame_words()

    def on_resize(self) -> None:
        self._frame_words()

    def _frame_words(self) -> None:
        """The ability's keyword in the frame's top and "to beat" in its bottom, each where
        it fits whole (a narrow one-line tile has room for neither: "Summ…" read as
        nothing; the card to beat keeps its double frame)."""
        framed = self.style_name not in LINES
        room = (self.size.width or 99) - 4  # the corners and a space each side
        keyword = keyword_of(self.deck.card[self.uid])
        title = keyword if framed and keyword and cell_len(keyword) <= room else None
        words = _("to beat")
        subtitle = words if framed and self.to_beat and cell_len(words) <= room else None
        # (each set refreshes the tile, changed or not: a resize already did)
        if self.border_title != title:
            self.border_title = title
        if self.border_subtitle != subtitle:
            self.border_subtitle = subtitle

    def on_focus(self) -> None:
        self.post_message(CardFocused(self.uid))

    def on_click(self) -> None:
        self.focus()


STYLE_CLASS = {GIANT: "-giant", HUGE: "-huge", LARGE: "-large", TALL: "-tall", FRAMED: "",
               SLIM: "-slim", TWO_LINE: "-line -two", LINE: "-line"}


class CardReader(Static):
    """The full text of one card: its name in full, numbers, emblem, keyword and ability, and
    its fortune (R10.2). A screen sets `uid` (the card to read, None: none) and `emblem`
    (room for the card's large emblem); the reader draws itself when either changes."""

    uid: reactive[int | None] = reactive(None, repaint=False)  # (update refreshes)
    emblem: reactive[bool] = reactive(False, repaint=False)

    def __init__(self, deck: Deck, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.deck = deck
        self.ascii = ascii
        self._draw()

    def watch_uid(self) -> None:
        self._draw()

    def watch_emblem(self) -> None:
        if self.uid is not None:
            self._draw()

    def _draw(self) -> None:
        uid, deck = self.uid, self.deck
        if uid is None:
            self.update(_("Focus a card (Tab) or click one to read it here."))
            return
        card = deck.card[uid]
        t = Text()
        words = deck_text(deck)[card]  # in the current language
        t.append(clean(words.name), "bold")
        t.append("\n" + fmt(_("strength {strength} · damage {damage}"), strength=card.strength,
                             damage=damage_text(card.damage)))
        if self.emblem:
            for line in emblem(card.id, ascii=self.ascii, large=True):
                t.append("\n  " + line)
        t.append("\n" + clean(ability_text(card, deck), lines=True) + "\n")
        t.append(clean(fmt(_("Fortune: {fortune}"), fortune=words.fortune), lines=True), "italic")
        self.update(t)
