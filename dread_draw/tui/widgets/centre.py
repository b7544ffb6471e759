"""The table's centre: the round, the Draw Deck and the discard pile, and the hidden cards the
seat at the keyboard has seen (R11.2)."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from dread_draw.base.glyphs import glyphs
from dread_draw.base.safe_text import clean
from dread_draw.i18n import _, fmt, ngettext, pgettext
from dread_draw.rules import Deck, PublicView, View
from dread_draw.tui.widgets.base import update_if_changed
from dread_draw.words.narrate import card_label, damage_text


class TableCentre(Static):
    """The shared zones: round, Draw Deck size, discard pile (top card and size), seed; and,
    for the seat at the keyboard only, the hidden cards it has seen (R11.2): places in the
    Draw Deck and in Life Decks."""

    def __init__(self, *, id: str | None = None, ascii: bool = False) -> None:
        super().__init__(id=id)
        self.ascii = ascii  # the damage dots in the glyph set's symbol (dread_draw.base.glyphs)

    def show(self, view: PublicView, seed: int | None, names: list[str], mine: View | None,
             round_over: int | None = None) -> None:
        """The public view's zones; `mine`: the view of the seat at the keyboard, for what
        only it has seen (None: nobody's). `round_over`: the round whose summary is up (the
        table after its damage)."""
        deck = view.deck
        t = Text()
        t.append(fmt(_("Round {n}"), n=view.round) if round_over is None else
                 fmt(_("Round {n} is over"), n=round_over), "bold")
        t.append("\n" + fmt(ngettext("Draw Deck: {n} card", "Draw Deck: {n} cards",
                                       view.draw_count), n=view.draw_count)
                 + "\n")
        if view.discard:
            top = view.discard[-1]
            t.append(fmt(ngettext("Discard: {n} card", "Discard: {n} cards",
                                       len(view.discard)), n=len(view.discard)) + "\n")
            t.append(clean(fmt(_("top: {card}, damage {damage}"), card=card_label(deck, top),
                               damage=damage_text(deck.damage[top], glyphs(self.ascii).damage))))
        else:
            t.append(_("Discard: empty"))
        face_up = set(view.draw_known)  # put face up on the Draw Deck: everyone sees it (R11.4)
        if face_up:
            t.append("\n" + clean(fmt(_("Face up on the Draw Deck: {cards}"), cards=places(
                deck, face_up, view.draw_count)), lines=True))
        if mine is not None:
            alone = tuple(k for k in mine.draw_known if k not in face_up)
            for s, k in [(-1, alone), *enumerate(mine.life_known)]:
                if not k:
                    continue
                size = mine.draw_count if s < 0 else mine.life_counts[s]
                seen = places(deck, k, size)
                if s < 0:
                    said = fmt(_("Only you know, in the Draw Deck: {cards}"), cards=seen)
                elif s == mine.seat:
                    said = fmt(_("Only you know, in your Life Deck: {cards}"), cards=seen)
                else:
                    said = fmt(_("Only you know, in {name}'s Life Deck: {cards}"),
                               name=names[s], cards=seen)
                t.append("\n")
                t.append(clean(said, lines=True), "bold")
        update_if_changed(self, t)  # laid out again: the centre scrolls when it is long


class TurnLine(Static):
    """What the seat to play must beat and why it is that seat's turn (R4.2, R5), on the
    line's two lines: the table sets `said`, the line fits it to its size (`fit_lines`) and
    draws it, again when its size changes."""

    said: reactive[Text] = reactive(Text, repaint=False)  # (update refreshes)
    why = ""  # why it is this seat's turn (`with_why`)

    def show(self, said: Text, why: str) -> None:
        self.why = why
        if said == self.said:
            self._draw()
        self.said = said

    def watch_said(self) -> None:
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        box = self.content_region
        text = with_why(self.said, self.why, box.width, box.height, self.app.console)
        update_if_changed(self, fit_lines(text, box.width, box.height, self.app.console),
                          layout=False)


def with_why(said: Text, why: str, width: int, height: int, console) -> Text:
    """`said`, then `why` (why it is this seat's turn), each whole: `why` after `said` on its
    last line if it fits there, else on a line of its own, else (no room for it whole) left
    out. A clause wrapped into the next line read as two halves of nothing ("... 소환됩니다.
    가장 / 낮은 줄: Ana 0.", "Égalité à / 0 : Ana ..."), and one cut short mid-sentence."""
    def joined(gap: str) -> Text:
        text = said.copy()
        if said.plain:
            text.append(gap)
        text.append(why)
        return text

    if not why:
        return said
    if width <= 0:  # not laid out yet
        return joined("  ")
    lines = len(said.wrap(console, width)) if said.plain else 0
    after = joined("  ")
    if lines and len(after.wrap(console, width)) == lines:
        return after
    below = joined("\n")
    return below if len(below.wrap(console, width)) <= height else said


def fit_lines(text: Text, width: int, height: int, console) -> Text:
    """`text` wrapped to `width`, and if it needs more than `height` lines, its first
    `height` with the last one ending in "…": a long line (a longer language's) is never
    cut silently by the widget's edge."""
    if width <= 0 or height <= 0:
        return text
    lines = text.wrap(console, width)
    if len(lines) <= height:
        return text
    kept = list(lines)[:height]
    last = kept[-1]
    last.rstrip()
    last.truncate(width - 1)
    last.append("…")
    return Text("\n").join(kept)


def ordinal(n: int) -> str:
    """`n` as an ordinal number in the current language ("3rd", « 3e », „3.“, 3번째)."""
    # Translators: an ordinal number, as in "the 4th card from the top" (French "{n}e",
    # German "{n}."); English's own endings (1st, 2nd, 3rd) are worked out in the code.
    pattern = pgettext("ordinal number", "{n}th")
    if pattern != "{n}th":
        return fmt(pattern, n=n)
    return f"{n}" + ("th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th"))


def places(deck: Deck, known: Iterable[tuple[int, int]], size: int) -> str:
    """Cards and where they lie in a pile of `size`: "The Moth (2) on top; The Veil (2) 3rd
    from the top"."""
    return "; ".join(fmt(_("{card} {place}"), card=card_label(deck, c), place=place(d, size))
                     for d, c in sorted(known))


def place(depth: int, size: int) -> str:
    """Where a card lies in a pile of `size`, `depth` cards from the top, in words counted
    from the nearer end: "on top", "3rd from the top", "2nd from the bottom"."""
    if depth == 0:
        return _("on top")
    if depth == size - 1:
        return _("at the bottom")
    if depth < size - 1 - depth:
        return fmt(_("{nth} from the top"), nth=ordinal(depth + 1))
    return fmt(_("{nth} from the bottom"), nth=ordinal(size - depth))
