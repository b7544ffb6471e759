"""Deck files: load a TOML deck (the fixed format of DESIGN.md), validate it, and build the
core's immutable `Deck` (`dread_draw.rules.deck`) from it.

This is the loader, outside the rules core: the core never reads a file. Every problem with a
file is a `DeckError` whose message names the file, the card and the field.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from pathlib import Path
from types import MappingProxyType

from dread_draw.errors import DeckError
from dread_draw.rules.deck import (
    LIFE_DECK_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TIMINGS,
    Ability,
    Card,
    Deck,
)
from dread_draw.rules.registry import EFFECTS  # the vocabulary lives with the rules

__all__ = [
    "LIFE_DECK_SIZE", "MAX_CARDS", "MAX_PLAYERS", "MIN_PLAYERS", "TIMINGS", "Ability", "Card",
    "Deck", "load_deck", "parse_deck", "standard_deck_path",
]

MAX_CARDS = 10_000  # far above any playable deck (R1.2: the standard deck has 100)
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_ABILITY_KEYS = {"when", "effect", "text"}


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
