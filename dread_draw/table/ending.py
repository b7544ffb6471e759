"""The end of a game as every front end tells it (no Textual): who won, the standings by
place, each person's new rating, and the fortune read card by card (R10.2) — or why the game
stopped without an end (a network table's host)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from dread_draw.deck.cards import Deck
from dread_draw.i18n import _, fmt
from dread_draw.play.places import standing_lines
from dread_draw.table.seam import TableMatch
from dread_draw.words.narrate import fortune_lines


@dataclass(frozen=True)
class Ending:
    """`over`: the game ended (else it stopped: the host ended it, or the table cannot go
    on); `winner` and `line`: who won, in words; `fortune`: the winner's Life Deck read card
    by card, one line a card ("The present: The Moth (2). …"), or `no_fortune`, the line
    saying there is none; `review`: the table offers a review of the game; `standings`:
    every seat by place, a line each (`play.places`); `ratings`: each person's new rating
    and its change, when the game was rated (`store.ratings`)."""

    over: bool
    winner: int
    line: str
    fortune: tuple[str, ...]
    no_fortune: str
    review: bool
    standings: tuple[str, ...] = ()
    ratings: tuple[str, ...] = ()


def ending_of(match: TableMatch, names: Sequence[str], review: bool,
              rated: Sequence[str] = ()) -> Ending:
    """How `match` ended, in words for its table; `rated`: each person's rating change, in
    words, when the game was rated."""
    g = match.game
    if not g.over:
        return Ending(False, -1, "", (), "", False)
    ending = ending_words(match.deck, g.winner, g.fortune, names, review)
    return replace(ending, standings=tuple(standing_lines(match)), ratings=tuple(rated))


def ending_words(deck: Deck, winner: int, fortune: Sequence[int], names: Sequence[str],
                 review: bool) -> Ending:
    """A game won by `winner`, whose Life Deck reads `fortune` (R10.2), in words."""
    who = names[winner]
    read = tuple(fortune_lines(deck, fortune))  # one line per card
    empty = "" if read else fmt(_("{name}'s Life Deck is empty: there is no fortune to "
                                  "read."), name=who)
    return Ending(True, winner, fmt(_("{name} wins the game."), name=who), read, empty, review)
