"""The stage: the middle of the table, where every reveal and every summon from reserves is
shown as it happens — the card, what it had to beat, and the result — and where a round's win
and a player's defeat are announced. It shows only public facts (R11.1: revealed and summoned
cards are face up); a Life Deck draw is never put on it.
"""

from __future__ import annotations

from rich.box import ASCII, ROUNDED
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from dread_draw.cards import Deck
from dread_draw.i18n import _, fmt
from dread_draw.narrate import card_name, keyword_of
from dread_draw.safe_text import clean
from dread_draw.table.moments import UNKNOWN, Act, acts, before_move
from dread_draw.tui.cardface import LARGE, face

__all__ = ["UNKNOWN", "Act", "Stage", "acts", "before_move"]

CARD_WIDTH = 15  # the inside of the stage's card: the large tile's (dread_draw.tcss)


class Stage(Static):
    """The last moment (an `Act`), drawn as big as the stage's height allows: the card's face
    beside the words, or the words alone on a small table."""

    def __init__(self, deck: Deck, *, id: str | None = None, ascii: bool = False) -> None:
        super().__init__(id=id)
        self.deck = deck
        self.ascii = ascii
        self.act: Act | None = None

    def play(self, act: Act | None) -> None:
        self.act = act
        self.set_class(act is not None and not act.ok, "-fail")
        self.set_class(act is not None and act.banner, "-banner")
        self.refresh_act()

    def on_resize(self) -> None:
        self.refresh_act()

    def refresh_act(self) -> None:
        self.update(self.draw(self.act), layout=False)

    def beat_words(self, act: Act) -> str:
        if act.beat_card == UNKNOWN:
            return ""
        if act.beat_card < 0:
            return _("It had an empty row to beat: any card is summoned.")
        name = clean(card_name(self.deck, self.deck.card[act.beat_card]))
        strength = self.deck.strength[act.beat_card]
        if strength == act.beat:
            return fmt(_("It had to beat {card} ({strength})."), card=name, strength=strength)
        return fmt(_("It had to beat {card} ({strength}), counting as {beat}."), card=name,
                   strength=strength, beat=act.beat)

    def draw(self, act: Act | None) -> RenderableType:
        if act is None:
            return Text(_("Reveals and summons appear here as they happen."), style="dim")
        words = Text()
        words.append(act.headline, "bold")
        if act.card >= 0:
            words.append(f" ({self.deck.strength[act.card]})", "bold")
        beat = "" if act.banner else self.beat_words(act)
        if beat:
            words.append("\n")
            words.append(beat)
        words.append("\n")
        words.append(act.result, "bold reverse" if not act.ok or act.banner else "bold")
        tall = self.size.height >= 7 and self.size.width >= 60  # room for the card's face
        if act.card < 0 or not tall:
            return words
        card = Panel(face(self.deck, act.card, LARGE, CARD_WIDTH, ascii=self.ascii),
                     box=ASCII if self.ascii else ROUNDED, width=CARD_WIDTH + 2,
                     title=keyword_of(self.deck.card[act.card]) or None, padding=0)
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=CARD_WIDTH + 2)
        grid.add_column(ratio=1)
        grid.add_row(card, Group(Text(""), words))
        return grid
