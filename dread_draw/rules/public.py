"""The rules that read only public facts (R11.1), written once: the card to beat (R4.2),
whether a card beats it (R4.3), the cards a reveal may take as a seat knows them (R4.3, R6.1,
R11), who plays next (R5), the damage of a winning row (R7.1) and the damage a seat would
take from it (R7.2, R8.3), and the always-active amounts behind them (R9.5).

The game applies them, a seat's view answers with them, and everyone else asks them — the
odds line, every CPU level, the coach: none of them compares a strength with a card to beat
itself, so a change to one of these rules is one edit here. Each takes a `PublicState` — a
`Game` or a `View`, which both have these fields — or a deck and cards.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, Protocol, overload

from dread_draw.rules.deck import MAX_PLAYERS, Deck
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


class SeatKnowledge(PublicState, Protocol):
    """A seat's view (`View`): the public facts, and what this seat alone has seen."""

    @property
    def seat(self) -> int: ...
    def draw_top(self) -> int: ...
    def unseen(self) -> Sequence[int]: ...


_LAST: list[Any] = [None, None]  # the last deck asked about and its amounts: one game at a time


def always_amount(deck: Deck, row: Sequence[int], reserves: Sequence[int], hook: str) -> int:
    """R9.5: the sum of the always-active amounts for `hook` of a seat's row and reserves."""
    if _LAST[0] is not deck:
        if not deck.has_always:
            return 0
        _LAST[:] = deck, hook_amounts(deck)
    cards: frozenset[int]
    amounts: tuple[int, ...]
    cards, amounts = _LAST[1][hook]
    if cards.isdisjoint(row):
        if cards.isdisjoint(reserves):
            return 0  # (most often: no always-active card of this hook in play)
        return sum(map(amounts.__getitem__, reserves))
    total = sum(map(amounts.__getitem__, row))
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


def beats(strength: int, bar: int) -> bool:
    """R4.3: a card of `strength` succeeds over the card to beat `bar` (`card_to_beat`, every
    always-active modifier already in it) only if strictly greater (R4.4: equal fails). An
    empty row's bar is -1: any card succeeds (R4.2).

    The one place this comparison is written: the game, the odds line, every CPU and the coach
    all ask it (through the functions below), so changing R4.3 is this one line."""
    return strength > bar


def card_beats(deck: Deck, card: int, bar: int) -> bool:
    """R4.3 for card `card` of `deck` against the card to beat `bar`."""
    return beats(deck.strength[card], bar)


def would_beat(state: PublicState, seat: int, card: int) -> bool:
    """Would `card`, summoned by `seat` now, beat its card to beat? (R4.2, R4.3, R4.5)"""
    return beats(state.deck.strength[card], card_to_beat(state, seat))


@lru_cache(maxsize=32)
def _beating(deck: Deck, test: Callable[[int, int], bool]) -> tuple[frozenset[int], ...]:
    """``_beating(deck, beats)[bar + 1]``: the cards that beat `bar`, for bars -1 to the
    deck's highest strength (keyed by the test too, so a changed R4.3 is never answered from
    an old table)."""
    top = max(deck.strength, default=0)
    return tuple(frozenset(c for c, s in enumerate(deck.strength) if test(s, bar))
                 for bar in range(-1, top + 1))


def count_beating(deck: Deck, pool: Iterable[int], bar: int) -> int:
    """How many cards of `pool` (distinct cards) beat `bar` (R4.3)."""
    table = _beating(deck, beats)
    if -1 <= bar < len(table) - 1:
        return len(table[bar + 1].intersection(pool))  # (a set's own loop: inside the search)
    strength = deck.strength
    return sum(1 for c in pool if beats(strength[c], bar))


def every_card_beats(deck: Deck, bar: int) -> bool:
    """Does every card of `deck` beat `bar` (R4.3)? (An empty row's bar, -1, most often: a
    reveal then succeeds whatever it takes, R4.2.)"""
    table = _beating(deck, beats)
    if -1 <= bar < len(table) - 1:
        return len(table[bar + 1]) == deck.size
    return all(beats(s, bar) for s in deck.strength)


def beat_chance(deck: Deck, pool: Collection[int], bar: int) -> float:
    """The chance that a card drawn at random from `pool` beats `bar` (R4.3); 0 from an empty
    pool (R4.6: a reveal with no card at all fails)."""
    if not pool:
        return 0.0
    return count_beating(deck, pool, bar) / len(pool)


def reveal_chance(deck: Deck, top: int, pool: Collection[int], bar: int) -> float:
    """The chance that a reveal beats `bar`: certain either way when the seat knows the top
    card `top` (-1 if not), else `beat_chance` over the cards it may be."""
    if top >= 0:
        return 1.0 if card_beats(deck, top, bar) else 0.0
    return beat_chance(deck, pool, bar)


def reveal_pool(view: SeatKnowledge) -> tuple[int, Sequence[int]]:
    """What a reveal takes, as `view.seat` may know it (R11): the top card of the Draw Deck if
    this seat saw it (else -1), and the cards it may be, each equally likely — the cards
    this seat has not seen, or the discard pile when the Draw Deck is empty (R6.1: it is
    shuffled into a new one first)."""
    top = view.draw_top() if view.draw_count else -1
    pool = view.discard if view.draw_count == 0 else view.unseen()
    return top, pool


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


@overload
def damage_taken(state: PublicState, seat: int, amount: int) -> int: ...
@overload
def damage_taken(state: PublicState, seat: int, amount: float) -> float: ...
def damage_taken(state: PublicState, seat: int, amount: Any) -> Any:
    """R7.2, R9.5, R8.3: the damage `seat` takes from a winning row dealing `amount` — less
    its always-active WARD amounts, 0 meaning none (`amount` may be an estimate: a float,
    and is then answered as one). (Overloads, not a constrained type variable: mypyc, which
    may compile this core, cannot check one; `Any` keeps an int an int when compiled.)"""
    if state.deck.has_always:
        amount -= ward(state, seat)
    return max(0, amount)


def next_to_play(state: PublicState, seat: int) -> int:
    """R5: who takes the turn after `seat`'s summon attempt; -1 if the round is over (R3.3:
    at most one player left in it).

    An ability's choice of the next player (`next_seat`, R13) comes first if that player is
    still in the round. Otherwise the lowest row total plays (R5.1): `seat` itself if it is
    tied for lowest and still in (R5.2), else the first tied player to its left.
    """
    in_round = state.in_round
    if in_round.count(True) <= 1:  # (a list's own count: this runs after every summon)
        return -1
    forced = state.next_seat
    if forced >= 0 and in_round[forced]:
        return forced
    totals = state.totals
    best, low = -1, -1
    for s in _AROUND[len(in_round)][seat]:  # `seat` itself, then to its left
        if in_round[s] and (best < 0 or totals[s] < low):
            best, low = s, totals[s]
    return best


# _AROUND[players][seat]: `seat`, then the seats to its left, around the table
_AROUND = [[tuple((seat + k) % n for k in range(n)) for seat in range(n)]
           for n in range(MAX_PLAYERS + 1)]
