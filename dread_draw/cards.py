"""Deck files: load a TOML deck (the fixed format of DESIGN.md), validate it, and index its cards.

A `Deck` is immutable. Its physical cards are the integers ``0 .. size-1`` (a card with
``copies = 3`` gives three consecutive integers); the rules core stores only these integers
and reads a card's numbers from the per-card tuples here (`strength`, `damage`, `ability`).
Every problem with a file is a `DeckError` whose message names the file, the card and the field.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import MappingProxyType

from dread_draw.errors import DeckError

LIFE_DECK_SIZE = 10  # R2.1
MIN_PLAYERS, MAX_PLAYERS = 2, 5  # R1.1
MAX_CARDS = 10_000  # far above any playable deck (R1.2: the standard deck has 100)
TIMINGS = ("summon", "reserve", "aftermath", "always")  # R9
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_ABILITY_KEYS = {"when", "effect", "text"}


@dataclass(frozen=True, slots=True)
class Ability:
    """One card's ability: when it is played (R9), which effect, its parameters, its text."""

    when: str
    effect: str
    params: Mapping[str, object]
    text: str


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

    @property
    def keyword(self) -> str:
        """The ability's keyword as printed ("Summon", "Always"), or "" for a plain card."""
        return self.ability.when.capitalize() if self.ability else ""


class Deck:
    """A validated deck: its distinct cards and the per-physical-card lookups the rules use."""

    __slots__ = (
        "name", "path", "cards", "card", "strength", "damage", "ability", "when", "size",
        "content_hash", "has_always",
    )

    def __init__(self, name: str, cards: list[Card], path: str = "<memory>", source: bytes = b""):
        self.name = name
        self.path = path
        self.cards: tuple[Card, ...] = tuple(cards)
        # Per physical card (uid): its Card, strength, damage, ability and the ability's timing.
        self.card: tuple[Card, ...] = tuple(c for c in cards for _ in range(c.copies))
        self.strength: tuple[int, ...] = tuple(c.strength for c in self.card)
        self.damage: tuple[int, ...] = tuple(c.damage for c in self.card)
        self.ability: tuple[Ability | None, ...] = tuple(c.ability for c in self.card)
        self.when: tuple[str | None, ...] = tuple(a.when if a else None for a in self.ability)
        self.size = len(self.card)
        self.has_always = any(w == "always" for w in self.when)
        self.content_hash = hashlib.sha256(source or _canonical(cards)).hexdigest()

    def check_players(self, players: int) -> None:
        """Refuse a player count this deck cannot deal (R2.1: 10 each and a Draw Deck)."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise DeckError(f"Dread Draw is for 2 to 5 players, not {players}.")
        need = LIFE_DECK_SIZE * players + 1
        if self.size < need:
            raise DeckError(
                f"{self.path}: the deck has {self.size} cards; {players} players need at least "
                f"{need} (10 per Life Deck and one for the Draw Deck). Add copies or cards."
            )

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {self.size} cards, {len(self.cards)} distinct)"


def _canonical(cards: list[Card]) -> bytes:
    return repr([(c.id, c.strength, c.damage, c.copies, c.ability) for c in cards]).encode()


def standard_deck_path() -> Path:
    """The standard deck shipped inside the package (works from a checkout and from a wheel)."""
    return Path(str(resources.files("dread_draw") / "assets" / "cards.toml"))


def load_deck(path: str | Path | None = None) -> Deck:
    """Load and validate a deck file; None loads the standard deck."""
    path = Path(path) if path is not None else standard_deck_path()
    try:
        source = path.read_bytes()
    except FileNotFoundError:
        raise DeckError(f"{path}: no such deck file.") from None
    except IsADirectoryError:
        raise DeckError(f"{path}: is a folder, not a deck file.") from None
    except OSError as e:
        raise DeckError(f"{path}: cannot read the deck file ({e.strerror or e}).") from None
    return parse_deck(source, str(path))


def parse_deck(source: bytes | str, path: str = "<deck>") -> Deck:
    """Validate the text of a deck file and build the Deck; raise DeckError naming what is wrong."""
    if isinstance(source, str):
        source = source.encode()
    try:
        text = source.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DeckError(f"{path}: not UTF-8 text (bad byte at offset {e.start}).") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise DeckError(f"{path}: not valid TOML: {e}.") from None
    return _build(data, text, source, path)


def _build(data: dict, text: str, source: bytes, path: str) -> Deck:
    head = data.get("deck", {})
    if not isinstance(head, dict):
        raise DeckError(f"{path}: [deck] must be a table with `name` and `format`.")
    fmt = head.get("format", 1)
    if fmt != 1:
        raise DeckError(f"{path}: [deck] format = {fmt!r} is not supported; this version reads 1.")
    name = head.get("name", Path(path).stem)
    if not isinstance(name, str):
        raise DeckError(f"{path}: [deck] name must be text.")
    raw = data.get("card")
    if not isinstance(raw, list) or not raw:
        raise DeckError(f"{path}: no cards: the file needs [[card]] tables.")
    cards, seen = [], set()
    for i, entry in enumerate(raw, 1):
        card = _card(entry, i, text, path)
        if card.id in seen:
            raise DeckError(f"{path}: {_where(card.id, i, text)}: duplicate id {card.id!r}.")
        seen.add(card.id)
        cards.append(card)
    total = sum(c.copies for c in cards)
    if total > MAX_CARDS:
        raise DeckError(f"{path}: the copies add up to {total} cards; a deck holds at most "
                        f"{MAX_CARDS}.")
    deck = Deck(name, cards, path, source)
    if deck.size < LIFE_DECK_SIZE * MIN_PLAYERS + 1:
        raise DeckError(
            f"{path}: the copies add up to {deck.size} cards; even 2 players need at least "
            f"{LIFE_DECK_SIZE * MIN_PLAYERS + 1} (10 per Life Deck and one for the Draw Deck)."
        )
    return deck


def _where(card_id: object, index: int, text: str) -> str:
    """'card 'x' (card #3, line 12)': locate a card for an error message."""
    line = ""
    if isinstance(card_id, str):
        m = re.search(r'^\s*id\s*=\s*["\']' + re.escape(card_id) + r'["\']', text, re.M)
        if m:
            line = f", line {text.count(chr(10), 0, m.start()) + 1}"
        return f"card {card_id!r} (card #{index}{line})"
    return f"card #{index}"


def _field(entry: dict, key: str, kind: type, where: str, path: str, *, minimum=None):
    if key not in entry:
        raise DeckError(f"{path}: {where}: missing field `{key}`.")
    value = entry[key]
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        want = {int: "a whole number", str: "text"}.get(kind, kind.__name__)
        raise DeckError(f"{path}: {where}: field `{key}` must be {want}, not {value!r}.")
    if minimum is not None and value < minimum:
        raise DeckError(f"{path}: {where}: field `{key}` must be at least {minimum}, not {value}.")
    return value


def _card(entry: object, index: int, text: str, path: str) -> Card:
    if not isinstance(entry, dict):
        raise DeckError(f"{path}: card #{index}: each [[card]] must be a table.")
    where = _where(entry.get("id"), index, text)
    cid = _field(entry, "id", str, where, path)
    if not _ID.match(cid):
        raise DeckError(f"{path}: {where}: field `id` must be kebab-case (like 'the-oracle').")
    name = _field(entry, "name", str, where, path)
    if not name.strip():
        raise DeckError(f"{path}: {where}: field `name` is empty.")
    strength = _field(entry, "strength", int, where, path, minimum=0)
    damage = _field(entry, "damage", int, where, path, minimum=0)
    copies = _field(entry, "copies", int, where, path, minimum=1)
    if copies > MAX_CARDS:  # a typo like 1000000000 must not freeze the program
        raise DeckError(f"{path}: {where}: field `copies` is {copies}; a deck holds at most "
                        f"{MAX_CARDS} cards.")
    fortune = entry.get("fortune", "")
    if not isinstance(fortune, str):
        raise DeckError(f"{path}: {where}: field `fortune` must be text.")
    ability = entry.get("ability")
    if ability is not None:
        ability = _ability(ability, where, path)
    return Card(cid, name, strength, damage, copies, fortune, ability)


def _ability(raw: object, where: str, path: str) -> Ability:
    from dread_draw.rules.effects import EFFECTS  # the vocabulary lives with the rules

    if not isinstance(raw, dict):
        raise DeckError(f"{path}: {where}: `ability` must be a table ([card.ability]).")
    where = f"{where}, ability"
    when = _field(raw, "when", str, where, path)
    if when not in TIMINGS:
        raise DeckError(
            f"{path}: {where}: field `when` is {when!r}; use one of {', '.join(TIMINGS)}."
        )
    effect = _field(raw, "effect", str, where, path)
    spec = EFFECTS.get(effect)
    if spec is None:
        known = ", ".join(sorted(EFFECTS))
        raise DeckError(f"{path}: {where}: unknown effect {effect!r}; known effects: {known}.")
    if when not in spec.timings:
        raise DeckError(
            f"{path}: {where}: effect {effect!r} cannot be used with when = {when!r}; "
            f"it works with: {', '.join(spec.timings)}."
        )
    text = raw.get("text", "")
    if not isinstance(text, str):
        raise DeckError(f"{path}: {where}: field `text` must be text.")
    params = {k: v for k, v in raw.items() if k not in _ABILITY_KEYS}
    for key, kind in spec.params.items():
        _field(params, key, kind, f"{where} (effect {effect!r})", path,
               minimum=0 if kind is int else None)
    extra = set(params) - set(spec.params) - set(spec.optional)
    if extra:
        raise DeckError(
            f"{path}: {where}: effect {effect!r} has no parameter `{sorted(extra)[0]}`; "
            f"it takes: {', '.join(list(spec.params) + list(spec.optional)) or 'nothing'}."
        )
    for key, kind in spec.optional.items():
        if key in params:
            _field(params, key, kind, f"{where} (effect {effect!r})", path,
                   minimum=0 if kind is int else None)
    return Ability(when, effect, MappingProxyType(params), text)
