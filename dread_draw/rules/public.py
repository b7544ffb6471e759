"""The rules that read only public facts (R11.1), written once: the card to beat (R4.2), who
plays next (R5), the damage of a winning row (R7.1), and the always-active amounts behind
them (R9.5).

The game applies them, a seat's view answers with them, and the CPU predicts with them: each
takes a `PublicState` — a `Game` or a `View`, which both have these fields.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from dread_draw.rules.deck import Deck
from dread_draw.rules.registry import BEAT, DEAL, WARD, hook_amounts


class PublicState(Protocol):
    """What a `Game` and every `View` of it share: the public facts of R11.1."""

    @property
    def deck(self) -> Deck: ...
    @property
    def players(self) -> int: ...
    @property
    def rows(self) -> Sequence[Sequence[int]]: ...
    @property
    def reserves(self) -> Sequence[Sequence[int]]: ...
    @property
    def discard(self) -> Sequence[int]: ...
    @property
    def in_round(self) -> Sequence[bool]: ...
    @property
    def defeated(self) -> Sequence[bool]: ...
    @property
    def totals(self) -> Sequence[int]: ...
    @property
    def next_seat(self) -> int: ...
    @property
    def draw_count(self) -> int: ...
    @property
    def life_counts(self) -> Sequence[int]: ...
    @property
    def uses(self) -> Mapping[int, int]: ...


_LAST: list[Any] = [None, None]  # the last deck asked about and its amounts: one game at a time


def always_amount(deck: Deck, row: Sequence[int], reserves: Sequence[int], hook: str) -> int:
    """R9.5: the sum of the always-active amounts for `hook` of a seat's row and reserves."""
    if not deck.has_always:
        return 0
    if _LAST[0] is not deck:
        _LAST[:] = deck, hook_amounts(deck)
    cards, amounts = _LAST[1][hook]
    total = 0
    if not cards.isdisjoint(row):
        total += sum(map(amounts.__getitem__, row))
    if not cards.isdisjoint(reserves):
        total += sum(map(amounts.__getitem__, reserves))
    return total


def card_to_beat(state: PublicState, seat: int) -> int:
    """R4.2: the strength a summon must exceed: the last card of the row, less the seat's
    always-active BEAT amounts; -1 with an empty row (anything succeeds)."""
    row = state.rows[seat]
    if not row:
        return -1
    deck = state.deck
    beat = deck.strength[row[-1]]
    if deck.has_always:
        beat -= always_amount(deck, row, state.reserves[seat], BEAT)
    return beat


def round_damage(state: PublicState, seat: int) -> int:
    """R7.1: the damage `seat`'s row deals if it wins the round: its cards' damage, plus the
    seat's always-active DEAL amounts, never below 0."""
    deck = state.deck
    row = state.rows[seat]
    damage = sum(map(deck.damage.__getitem__, row))
    if deck.has_always:
        damage += always_amount(deck, row, state.reserves[seat], DEAL)
    return max(0, damage)


def ward(state: PublicState, seat: int) -> int:
    """R9.5: how much less damage `seat` takes (its always-active WARD amounts)."""
    return always_amount(state.deck, state.rows[seat], state.reserves[seat], WARD)


def next_to_play(state: PublicState, seat: int) -> int:
    """R5: who takes the turn after `seat`'s summon attempt; -1 if the round is over (R3.3:
    at most one player left in it).

    An ability's choice of the next player (`next_seat`, R13) comes first if that player is
    still in the round. Otherwise the lowest row total plays (R5.1): `seat` itself if it is
    tied for lowest and still in (R5.2), else the first tied player to its left.
    """
    in_round = state.in_round
    n = len(in_round)
    if sum(in_round) <= 1:
        return -1
    forced = state.next_seat
    if forced >= 0 and in_round[forced]:
        return forced
    totals = state.totals
    best, low = -1, -1
    if in_round[seat]:
        best, low = seat, totals[seat]
    for k in range(1, n + 1):  # to the left, around the table
        s = (seat + k) % n
        if in_round[s] and (best < 0 or totals[s] < low):
            best, low = s, totals[s]
    return best
