"""The stage: the middle of the table, where every reveal and every summon from reserves is
shown as it happens — the card, what it had to beat, and the result — and where a round's win
and a player's defeat are announced. It shows only public facts (R11.1: revealed and summoned
cards are face up); a Life Deck draw is never put on it.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Static

from dread_draw.base.safe_text import clean
from dread_draw.deck.cards import Deck
from dread_draw.i18n import _, fmt
from dread_draw.table.moments import Act
from dread_draw.tui.cardface import LARGE, face
from dread_draw.tui.widgets.centre import fit_lines
from dread_draw.words.narrate import card_name, keyword_of


class StageCard(Widget):
    """The card on the stage, framed like a tile: the small emblem on a middling stage, the
    large one (`-big`) when the stage has the room. Sizes are the stylesheet's."""

    ALLOW_SELECT = False

    def __init__(self, deck: Deck, *, ascii: bool = False) -> None:
        super().__init__(id="stage-card")
        self.deck = deck
        self.ascii = ascii
        self.uid = -1

    def show(self, uid: int) -> None:
        self.uid = uid
        self.border_title = (keyword_of(self.deck.card[uid]) or None) if uid >= 0 else None
        self.refresh()

    def render(self) -> RenderableType:
        if self.uid < 0:
            return Text("")
        box = self.content_region
        return face(self.deck, self.uid, LARGE, max(box.width, 1), ascii=self.ascii,
                    large_emblem=self.has_class("-big"), height=box.height)


class StageWords(Static):
    """The stage's words, fitted to the room beside the card: a moment longer than its lines
    (a narrow stage, a longer language) ends with "…", never cut silently."""

    def __init__(self) -> None:
        super().__init__(id="stage-words")
        self.said = Text()

    def say(self, said: Text) -> None:
        self.said = said
        self._draw()

    def on_resize(self) -> None:
        self._draw()
        self.call_after_refresh(self._draw)  # (again once the layout has settled)

    def _draw(self) -> None:
        if not self.is_attached:
            return
        box = self.content_region
        self.update(fit_lines(self.said, box.width, box.height, self.app.console)
                    if box.width and box.height else self.said, layout=False)


class Stage(Horizontal):
    """The last moment (an `Act`), drawn as big as the stage allows: the card's face (a
    `StageCard`, larger on a larger stage) beside the words, or the words alone on a small
    table. The words have their own column: they wrap there, never over the card."""

    BIG = (10, 70)  # (lines, cells) from which the card has the large emblem
    TALL = (7, 60)  # from which the card is shown at all

    def __init__(self, deck: Deck, *, id: str | None = None, ascii: bool = False) -> None:
        super().__init__(id=id)
        self.deck = deck
        self.ascii = ascii
        self.act: Act | None = None

    def compose(self):
        yield StageCard(self.deck, ascii=self.ascii)
        yield StageWords()

    def play(self, act: Act | None) -> None:
        self.act = act
        self.set_class(act is not None and not act.ok, "-fail")
        self.set_class(act is not None and act.banner, "-banner")
        self.refresh_act()

    def on_resize(self) -> None:
        self.refresh_act()
        self.call_after_refresh(self.refresh_act)  # (again once the layout has settled)

    def on_mount(self) -> None:
        self.refresh_act()

    def refresh_act(self) -> None:
        if not self.is_mounted or not self.is_attached:
            return
        act = self.act
        card = self.query_one(StageCard)
        h, w = self.size.height, self.size.width
        shown = act is not None and act.card >= 0 and h >= self.TALL[0] and w >= self.TALL[1]
        card.set_class(h >= self.BIG[0] and w >= self.BIG[1], "-big")
        card.display = shown
        if shown and act is not None:
            card.show(act.card)
        self.query_one(StageWords).say(self.draw(act))

    def beat_words(self, act: Act) -> str:
        if act.beat_card < 0:
            return _("It had an empty row to beat: any card is summoned.")
        name = clean(card_name(self.deck, self.deck.card[act.beat_card]))
        strength = self.deck.strength[act.beat_card]
        if strength == act.beat:
            return fmt(_("It had to beat {card} ({strength})."), card=name, strength=strength)
        return fmt(_("It had to beat {card} ({strength}), counting as {beat}."), card=name,
                   strength=strength, beat=act.beat)

    def draw(self, act: Act | None) -> Text:
        """The words of the moment."""
        if act is None:
            return Text(_("Reveals and summons appear here as they happen."), style="dim")
        words = Text()
        words.append(act.headline, "bold")  # (with the card's strength in it)
        beat = "" if act.banner else self.beat_words(act)
        if beat:
            words.append("\n")
            words.append(beat)
        words.append("\n")
        words.append(act.result, "bold reverse" if not act.ok or act.banner else "bold")
        return words
