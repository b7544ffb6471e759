"""The end of a game as every front end tells it (no Textual): who won, and the fortune read
card by card (R10.2) — or why the game stopped without an end (a network table's host)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dread_draw.deck.cards import Deck
from dread_draw.deck.overlays import deck_text
from dread_draw.i18n import _, fmt
from dread_draw.table.seam import TableMatch
from dread_draw.words.narrate import card_label, fortune_part


@dataclass(frozen=True)
class Ending:
    """`over`: the game ended (else it stopped: the host ended it, or the table cannot go
    on); `winner` and `line`: who won, in words; `fortune`: the winner's Life Deck read card
    by card, one line a card ("The present: The Moth (2). …"), or `no_fortune`, the line
    saying there is none; `review`: the table offers a review of the game."""

    over: bool
    winner: int
    line: str
    fortune: tuple[str, ...]
    no_fortune: str
    review: bool


def ending_of(match: TableMatch, names: Sequence[str], review: bool) -> Ending:
    """How `match` ended, in words for its table."""
    g = match.game
    if not g.over:
        return Ending(False, -1, "", (), "", False)
    return ending_words(match.deck, g.winner, g.fortune, names, review)


def ending_words(deck: Deck, winner: int, fortune: Sequence[int], names: Sequence[str],
                 review: bool) -> Ending:
    """A game won by `winner`, whose Life Deck reads `fortune` (R10.2), in words."""
    who = names[winner]
    text = deck_text(deck)
    read = tuple(
        f"{fortune_part(i)}: {card_label(deck, uid)}. "
        + " ".join(text[deck.card[uid]].fortune.split())  # one line per card
        for i, uid in enumerate(fortune))
    empty = "" if read else fmt(_("{name}'s Life Deck is empty: there is no fortune to "
                                  "read."), name=who)
    return Ending(True, winner, fmt(_("{name} wins the game."), name=who), read, empty, review)
