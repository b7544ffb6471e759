"""The cards as values: `Card`, its `Ability`, and the `Deck` the rules deal from (R1.2).

A deck file is read outside the core (`dread_draw.deck.cards` builds these from TOML); the core
only ever sees these immutable values. A deck's physical cards are the integers
``0 .. size-1`` (a card with ``copies = 3`` gives three consecutive integers, its *uids*); the
rules store only these integers and read a card's numbers from the per-uid tuples of the Deck.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NoReturn

from dread_draw.rules.errors import N_, DeckError

LIFE_DECK_SIZE = 10  # R2.1
MIN_PLAYERS, MAX_PLAYERS = 2, 5  # R1.1
TIMINGS = ("summon", "reserve", "aftermath", "always")  # R9


@dataclass(frozen=True, slots=True)
class Ability:
    """One card's ability: when it is played (R9), which effect, its parameters, its text."""

    when: str
    effect: str
    params: Mapping[str, object]
    text: str

    def __post_init__(self) -> None:
        if not isinstance(self.params, MappingProxyType):  # read-only, whoever built it
            object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    def __reduce__(self) -> tuple[Any, ...]:  # a mapping proxy cannot be pickled; its dict can
        return (Ability, (self.when, self.effect, dict(self.params), self.text))


@dataclass(frozen=True, slots=True)
class Card:
    """One distinct card of a deck (a `[[card]]` table), shared by all its copies."""

    id: str
    name: str
    strength: int
    damage: int
    copies: int
    fortune: str
    ability: Ability | None = None

    def __reduce__(self) -> tuple[Any, ...]:  # rebuilt through its constructor: a compiled
        # core's frozen Card has no other way back (worker processes get whole decks)
        return (Card, (self.id, self.name, self.strength, self.damage, self.copies,
                       self.fortune, self.ability))

    @property
    def keyword(self) -> str:
        """The ability's keyword as cards print it: "Summon", "Reserve", "Aftermath", or
        "Always" for an always-active ability (R9.5); "" for a plain card."""
        return self.ability.when.capitalize() if self.ability else ""


class Deck:
    """A validated deck: its distinct cards and the per-physical-card lookups the rules use.

    Immutable: the rules, every copy of a game and every view share one Deck, so nothing
    reachable from a view can change how the game is played.
    """

    __slots__ = (
        "name", "path", "cards", "card", "strength", "damage", "ability", "when", "size",
        "content_hash", "has_always", "aftermath_cards",
    )
    name: str
    path: str
    cards: tuple[Card, ...]
    card: tuple[Card, ...]
    strength: tuple[int, ...]
    damage: tuple[int, ...]
    ability: tuple[Ability | None, ...]
    when: tuple[str | None, ...]
    size: int
    content_hash: str
    has_always: bool
    aftermath_cards: frozenset[int]

    def __init__(self, name: str, cards: list[Card] | tuple[Card, ...], path: str = "<memory>",
                 source: bytes = b"", *, content_hash: str | None = None) -> None:
        per_uid = tuple(c for c in cards for _ in range(c.copies))
        abilities = tuple(c.ability for c in per_uid)
        when = tuple(a.when if a else None for a in abilities)
        content_hash = content_hash or hashlib.sha256(source or _canonical(cards)).hexdigest()
        for field, value in (
            ("name", name), ("path", path), ("cards", tuple(cards)),
            # Per physical card (uid): its Card, strength, damage, ability and the timing.
            ("card", per_uid), ("strength", tuple(c.strength for c in per_uid)),
            ("damage", tuple(c.damage for c in per_uid)), ("ability", abilities),
            ("when", when), ("size", len(per_uid)),
            ("has_always", any(w == "always" for w in when)), ("content_hash", content_hash),
            # the uids with an Aftermath ability: a row without one (most rows) is one test
            ("aftermath_cards", frozenset(c for c, w in enumerate(when) if w == "aftermath")),
        ):
            object.__setattr__(self, field, value)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a Deck cannot be changed (tried to set {name!r})")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a Deck cannot be changed (tried to delete {name!r})")

    def __reduce__(self) -> tuple[Any, ...]:  # worker processes get the very same deck
        return (_rebuild, (self.name, self.cards, self.path, self.content_hash))

    def check_players(self, players: int) -> None:
        """Refuse a player count this deck cannot deal (R2.1: 10 each and a Draw Deck)."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise DeckError.said(N_("Dread Draw is for 2 to 5 players, not {players}."),
                                 players=players)
        need = LIFE_DECK_SIZE * players + 1
        if self.size < need:
            raise DeckError.said(
                N_("{file}: the deck has {size} cards; {players} players need at least {need} "
                   "(10 per Life Deck and one for the Draw Deck). Add copies or cards."),
                file=self.path, size=self.size, players=players, need=need)

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {self.size} cards, {len(self.cards)} distinct)"


def _rebuild(name: str, cards: tuple[Card, ...], path: str, content_hash: str) -> Deck:
    """The deck a worker process receives: the same one every time it receives it (decks are
    immutable), so what is computed once per deck (`functools.lru_cache` on a Deck) stays
    computed across the searches it is sent for."""
    key = (name, path, content_hash)
    deck = _REBUILT.get(key)
    if deck is None or deck.cards != cards:
        deck = _REBUILT[key] = Deck(name, cards, path, content_hash=content_hash)
    return deck


_REBUILT: dict[tuple[str, str, str], Deck] = {}


def _canonical(cards: list[Card] | tuple[Card, ...]) -> bytes:
    return repr([(c.id, c.strength, c.damage, c.copies, c.ability) for c in cards]).encode()
