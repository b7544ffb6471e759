"""The stage: the middle of the table, where every reveal and every summon from reserves is
shown as it happens — the card, what it had to beat, and the result — and where a round's win
and a player's defeat are announced. It shows only public facts (R11.1: revealed and summoned
cards are face up); a Life Deck draw is never put on it.
"""

from __future__ import annotations

from rich.cells import cell_len
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
from dread_draw.tui.widgets.base import set_classes, sized
from dread_draw.tui.widgets.centre import fit_lines
from dread_draw.words.narrate import card_name, keyword_of


class StageCard(Widget):
    """The card on the stage, framed like a tile: the small emblem on a middling stage, the
    large one (`-big`) when the stage has the room, and bigger still (its ability under its
    name) on a bigger stage, up to the stylesheet's max-width and max-height."""

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
                    height=box.height)


class StageWords(Static):
    """The stage's words, fitted to the room beside the card: the whole moment if it fits,
    else its shorter tellings in turn (`Stage.tellings`), and what still does not fit ends
    with "…", never cut silently."""

    def __init__(self) -> None:
        super().__init__(id="stage-words")
        self.tellings: list[Text] = [Text()]

    def say(self, *tellings: Text) -> None:
        self.tellings = list(tellings)
        self._draw()

    def on_resize(self) -> None:
        self._draw()
        self.call_after_refresh(self._draw)  # (again once the layout has settled)

    def _draw(self) -> None:
        if not self.is_attached:
            return
        box = self.content_region
        if not (box.width and box.height):
            self.update(self.tellings[0], layout=False)
            return
        console = self.app.console
        said = next((t for t in self.tellings if len(t.wrap(console, box.width)) <= box.height),
                    self.tellings[-1])
        self.update(fit_lines(said, box.width, box.height, console), layout=False)


class Stage(Horizontal):
    """The last moment (an `Act`), drawn as big as the stage allows: the card's face (a
    `StageCard`, larger on a larger stage) beside the words, or the words alone on a small
    table. The words have their own column: they wrap there, never over the card."""

    BIG = (9, 70)  # (lines, cells) from which the card has the large emblem
    TALL = (5, 60)  # from which the card is shown at all (its numbers and name, framed)

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
        set_classes(self, {"-fail": act is not None and not act.ok,  # (one restyle)
                           "-banner": act is not None and act.banner})
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
        words = self.query_one(StageWords)
        tellings = self.tellings(act)
        said = tellings[0]
        h, w = self.size.height, self.size.width
        shown = act is not None and act.card >= 0 and h >= self.TALL[0] and w >= self.TALL[1]
        big = h >= self.BIG[0] and w >= self.BIG[1]
        card.set_class(big, "-big")
        card.display = shown
        room = self.content_region.width
        if shown and act is not None:
            card.show(act.card)
            if big:  # grown with the stage, its words keep their column
                most = card.styles.max_width, card.styles.max_height
                tall = min(int(most[1].value) if most[1] else self.BIG[0], h)
                wide = min(int(most[0].value) if most[0] else 23, round(tall * 2.3),
                           room - self.WORDS - 2)
                sized(card, max(wide, 23), max(tall, self.BIG[0]))
            else:
                sized(card, None, min(h, int(card.styles.max_height.value)
                                      if card.styles.max_height else 7))
            width = card.styles.width
            room -= int(width.value if width else 17) + card.styles.margin.right  # and margin
        # the card and its words as one block in the middle of the stage
        natural = max((cell_len(line) for line in said.plain.split("\n")), default=0)
        sized(words, max(min(natural + 1, room), 1), None)
        words.say(*tellings)

    WORDS = 36  # cells the words keep beside a grown card

    def beat_words(self, act: Act) -> str:
        if act.beat_card < 0:
            return _("It had an empty row to beat: any card is summoned.")
        name = clean(card_name(self.deck, self.deck.card[act.beat_card]))
        strength = self.deck.strength[act.beat_card]
        if strength == act.beat:
            return fmt(_("It had to beat {card} ({strength})."), card=name, strength=strength)
        return fmt(_("It had to beat {card} ({strength}), counting as {beat}."), card=name,
                   strength=strength, beat=act.beat)

    def draw(self, act: Act | None, parts: str = "hbr") -> Text:
        """The words of the moment: its headline (`h`, with the card's strength in it), what
        it had to beat (`b`) and the result (`r`), those of `parts` in that order."""
        if act is None:
            return Text(_("Reveals and summons appear here as they happen."), style="dim")
        said = [(act.headline, "bold")] if "h" in parts else []
        beat = "" if act.banner else self.beat_words(act)
        if beat and "b" in parts:
            said.append((beat, ""))
        if "r" in parts:
            said.append((act.result, "bold reverse" if not act.ok or act.banner else "bold"))
        return Text("\n").join(Text(words, style) for words, style in said)

    def tellings(self, act: Act | None) -> list[Text]:
        """The moment told whole, then shorter for a stage with fewer lines: without what it
        had to beat, then in one sentence — the result of a summon (its card is on the
        table, last in its row), the card of a failed reveal (gone to the discard pile)."""
        if act is None:
            return [self.draw(act)]
        short = "r" if act.ok and not act.banner else "h"
        return [self.draw(act), self.draw(act, "hr"), self.draw(act, short)]
