"""The odds line: the chance that a reveal succeeds, in words, from one seat's view (R11).

It counts exactly as the `normal` CPU does, by asking the rules core (`reveal_pool`,
`count_beating`, `card_beats` in `dread_draw.rules.public`): every card the seat has not seen
is equally likely to be on top of the Draw Deck, unless the seat knows the top card; with the
Draw Deck empty, a reveal takes from the discard pile, shuffled first (R6.1). The line is for a
seat still in a round that is being played; anywhere else (a Life Deck draw, a round's end, out
of the round) it says nothing rather than something untrue.
No Textual here: the table shows the sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from dread_draw.deck.overlays import card_word
from dread_draw.i18n import _, fmt, ngettext
from dread_draw.rules import KEEP, View, card_beats, count_beating, reveal_pool


@dataclass(frozen=True, slots=True)
class RevealCount:
    """What a reveal by `view.seat` would meet: the card to beat (-1: an empty row), the top
    card if the seat knows it (-1 if not), how many of the possible cards beat the card to
    beat, out of how many, and whether those are the discard pile (the Draw Deck is empty)."""

    bar: int
    top: int
    beats: int
    total: int
    reshuffle: bool

    @property
    def percent(self) -> int:
        """The chance in whole percent; never 0 or 100 unless it is certain."""
        if self.total == 0:
            return 0
        p = round(100 * self.beats / self.total)
        if 0 < self.beats < self.total:
            p = min(max(p, 1), 99)
        return p


def reveal_count(view: View) -> RevealCount | None:
    """The count for `view.seat`'s next reveal; None when no reveal is coming in a round
    being played (the seat is out of it, the round is over, a Life Deck draw is asked)."""
    seat = view.seat
    if view.over or view.defeated[seat] or not view.in_round[seat] or sum(view.in_round) < 2:
        return None
    if view.pending is not None and view.pending.kind == KEEP:
        return None
    bar = view.card_to_beat(seat)
    top, pool = reveal_pool(view)
    return RevealCount(bar, top, count_beating(view.deck, pool, bar), len(pool),
                       view.draw_count == 0)


def odds_sentence(view: View) -> str | None:
    """The odds line for `view.seat`, e.g. "A reveal beats 8 with 31 of 43 unseen cards
    (72%)."; None when there is nothing true to say (see `reveal_count`)."""
    count = reveal_count(view)
    if count is None:
        return None
    if count.top >= 0:
        card = view.deck.card[count.top]
        if card_beats(view.deck, count.top, count.bar):
            said = _("You know the top card of the Draw Deck, {card} ({strength}): a reveal "
                     "succeeds.")
        else:
            said = _("You know the top card of the Draw Deck, {card} ({strength}): a reveal "
                     "does not beat {bar}.")
        # the card's name in the language (its deck's overlay), in the form the sentence asks
        return fmt(said, card=card_word(view.deck, card), strength=card.strength, bar=count.bar)
    if count.total == 0:
        return _("No card is left to reveal: a reveal fails.")
    if count.bar < 0:
        return _("Your row is empty: any card you reveal succeeds.")
    if count.reshuffle:
        said = ngettext("The Draw Deck is empty, so the discard pile is shuffled first: a "
                        "reveal beats {bar} with {n} of {total} card ({percent}%).",
                        "The Draw Deck is empty, so the discard pile is shuffled first: a "
                        "reveal beats {bar} with {n} of {total} cards ({percent}%).",
                        count.total)
    else:
        said = ngettext("A reveal beats {bar} with {n} of {total} unseen card ({percent}%).",
                        "A reveal beats {bar} with {n} of {total} unseen cards ({percent}%).",
                        count.total)
    return fmt(said, bar=count.bar, n=count.beats, total=count.total, percent=count.percent)
