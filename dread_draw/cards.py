"""Deck files: load a TOML deck (the fixed format of DESIGN.md), validate it, and build the
core's immutable `Deck` (`dread_draw.rules.deck`) from it.

This is the loader, outside the rules core: the core never reads a file. Every problem with a
file is a `DeckError` whose message names the file, the card and the field.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from importlib import resources
from itertools import accumulate
from pathlib import Path
from types import MappingProxyType
from typing import Any

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
from dread_draw.safe_text import clean

__all__ = [
    "LIFE_DECK_SIZE", "MAX_CARDS", "MAX_COPIES", "MAX_DEPTH", "MAX_DISTINCT", "MAX_FILE_BYTES",
    "MAX_NAME_CHARS", "MAX_NUMBER", "MAX_PLAYERS", "MAX_TABLES", "MAX_TEXT_CHARS", "MIN_PLAYERS",
    "TIMINGS", "Ability", "Card", "Deck", "check_toml_shape", "load_deck", "parse_deck",
    "read_deck_file", "standard_deck_path",
]

# A deck file comes from strangers: it is read with limits, each far above any honest deck
# (the standard deck is 100 cards in about 25 KB), so that no file can exhaust memory or time.
MAX_FILE_BYTES = 1_000_000
MAX_DEPTH = 20  # arrays and inline tables nested in one another (a deck needs 2)
MAX_CARDS = 10_000  # physical cards (R1.2: the standard deck has 100)
MAX_DISTINCT = 1_000  # [[card]] tables (the standard deck has 41); `cards` prints one row each
MAX_TABLES = 10 * MAX_DISTINCT  # a card opens two ([[card]], [card.ability]), or a few dotted
MAX_COPIES = 999
MAX_NUMBER = 99  # strength, damage and every number an effect takes
MAX_NAME_CHARS = 60  # a card's name and id, the deck's name
MAX_TEXT_CHARS = 1_000  # an ability's text, a fortune
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_ABILITY_KEYS = {"when", "effect", "text"}


def standard_deck_path() -> Path:
    """The standard deck shipped inside the package (works from a checkout and from a wheel)."""
    return Path(str(resources.files("dread_draw") / "assets" / "cards.toml"))


def read_deck_file(path: str | Path) -> bytes:
    """The bytes of a deck file, read with limits: a regular file of at most `MAX_FILE_BYTES`.

    A pipe, a device, a socket or a folder is refused before anything is read from it (the
    file is opened without blocking, so a FIFO with no writer answers at once), and never more
    than `MAX_FILE_BYTES` + 1 bytes are read, whatever the file claims its size to be.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise DeckError(f"{path}: no such deck file.") from None
    except IsADirectoryError:
        raise DeckError(f"{path}: is a folder, not a deck file.") from None
    except OSError as e:
        raise DeckError(f"{path}: cannot read the deck file ({e.strerror or e}).") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise DeckError(f"{path}: is a folder, not a deck file.")
        if not stat.S_ISREG(mode):
            raise DeckError(f"{path}: is not a deck file but a device, a pipe or a socket; give "
                            "the path of a deck file (.toml).")
        with open(fd, "rb", closefd=False) as f:
            source = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise DeckError(f"{path}: cannot read the deck file ({e.strerror or e}).") from None
    finally:
        os.close(fd)
    if len(source) > MAX_FILE_BYTES:
        raise DeckError(_too_big(path))
    return source


def _too_big(path: str | Path) -> str:
    return (f"{path}: the file is larger than {MAX_FILE_BYTES // 1_000_000} MB; a deck file is "
            "far smaller (the standard deck of 100 cards is about 10 KB).")


def load_deck(path: str | Path | None = None) -> Deck:
    """Load and validate a deck file; None loads the standard deck."""
    path = Path(path) if path is not None else standard_deck_path()
    return parse_deck(read_deck_file(path), str(path))


def parse_deck(source: bytes | str, path: str = "<deck>") -> Deck:
    """Validate the text of a deck file and build the Deck; raise DeckError naming what is wrong."""
    if isinstance(source, str):
        source = source.encode("utf-8", "surrogatepass")
    if len(source) > MAX_FILE_BYTES:
        raise DeckError(_too_big(path))
    try:
        text = source.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DeckError(f"{path}: not UTF-8 text (bad byte at offset {e.start}).") from None
    check_toml_shape(text, path)
    try:
        data = tomllib.loads(text)
    except RecursionError:  # only if the count above and tomllib ever disagree
        raise DeckError(f"{path}: lists or tables are nested too deep for a deck file.") from None
    except ValueError as e:  # TOMLDecodeError, or an integer of more than 4,300 digits
        raise DeckError(f"{path}: not valid TOML: {_clip(str(e))}.") from None
    return _build(data, text, source, path)


# Strings and comments, each matched whole, so that the brackets inside them are not counted.
# An unterminated string ends at its line's end (or the file's): every match consumes what it
# scanned, so the scan is linear (tomllib reports the unterminated string itself).
_NOT_STRUCTURE = re.compile(
    r'"""(?:\\.|[^\\])*?\\?(?:"""|\Z)'
    r"|'''.*?(?:'''|\Z)"
    r'|"(?:\\[^\n]|[^"\\\n])*+\\?(?:"|$)'  # one line; a lone \ at its end ends it too
    r"|'[^'\n]*+(?:'|$)"
    r"|#[^\n]*", re.S | re.M)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
# A key of more than MAX_DEPTH dotted parts (a quoted part is blank once strings are blanked;
# possessive, so a near miss is never retried another way).
_HEADER = re.compile(r"^[ \t]*\[", re.M)
_LONG_KEY = re.compile(rf"(?:\.[ \t]*+[\w-]*+[ \t]*+){{{MAX_DEPTH + 1}}}")


def check_toml_shape(text: str, path: str) -> None:
    """Refuse, before tomllib reads it, a TOML text that would cost it far more than its size:
    arrays and inline tables nested deeper than `MAX_DEPTH` (tomllib recurses into each), more
    than `MAX_TABLES` tables (each costs it a kilobyte or so: a megabyte of ``[a.b.c.d]``
    headers took 280 MB and 3 s), or a dotted key of more than `MAX_DEPTH` parts (its
    bookkeeping for a key of n parts grows with n squared: a 1 MB key took gigabytes).
    A deck's overlay files (`dread_draw.overlays`) are read through it too."""
    structure = _NOT_STRUCTURE.sub(" ", text)
    brackets = _NOT_BRACKET.sub("", structure)
    depth = max(accumulate(map(_BRACKET_STEP.__getitem__, brackets)), default=0)
    if depth > MAX_DEPTH:  # a table header such as [[card]] counts 2
        raise DeckError(f"{path}: lists or tables are nested {depth} deep; a deck file needs at "
                        f"most 2, and {MAX_DEPTH} is the limit.")
    tables = (len(_HEADER.findall(structure)) + structure.count(".") + structure.count("{"))
    if tables > MAX_TABLES:
        raise DeckError(f"{path}: the file opens {tables:,} tables (table headers, dotted keys "
                        f"and inline tables); a deck needs two or a few a card, and "
                        f"{MAX_TABLES:,} is the limit.")
    if _LONG_KEY.search(structure):
        raise DeckError(f"{path}: a key has more than {MAX_DEPTH} dotted parts; a deck file "
                        "needs at most 2 (as in [card.ability]).")


def _build(data: dict, text: str, source: bytes, path: str) -> Deck:
    head = data.get("deck", {})
    if not isinstance(head, dict):
        raise DeckError(f"{path}: [deck] must be a table with `name` and `format`.")
    fmt = head.get("format", 1)
    if fmt != 1 or isinstance(fmt, bool):
        raise DeckError(f"{path}: [deck] format = {_show(fmt)} is not supported; this version "
                        "reads 1.")
    name = head.get("name", Path(path).stem[:MAX_NAME_CHARS])
    if not isinstance(name, str):
        raise DeckError(f"{path}: [deck] name must be text, not {_show(name)}.")
    if len(name) > MAX_NAME_CHARS:
        raise DeckError(f"{path}: [deck] name has {len(name):,} characters; a name has at most "
                        f"{MAX_NAME_CHARS}.")
    raw = data.get("card")
    if not isinstance(raw, list) or not raw:
        raise DeckError(f"{path}: no cards: the file needs [[card]] tables.")
    if len(raw) > MAX_DISTINCT:  # refuse before building any card
        raise DeckError(f"{path}: the file has {len(raw):,} [[card]] tables; a deck has at most "
                        f"{MAX_DISTINCT:,} different cards (more of one card: raise its copies).")
    lines = _id_lines(text)
    cards: list[Card] = []
    seen: dict[str, int] = {}
    total = 0
    for i, entry in enumerate(raw, 1):
        card = _card(entry, i, lines, path)
        if card.id in seen:
            raise DeckError(f"{path}: {_where(card.id, i, lines, advance=False)}: duplicate id "
                            f"{card.id!r} (card #{seen[card.id]} has it too).")
        seen[card.id] = i
        total += card.copies
        if total > MAX_CARDS:  # stop at the card that goes over, not after building them all
            raise DeckError(f"{path}: the copies add up to more than {MAX_CARDS:,} cards by "
                            f"card #{i}; a deck holds at most {MAX_CARDS:,}.")
        cards.append(card)
    deck = Deck(clean(name), cards, path, source)
    if deck.size < LIFE_DECK_SIZE * MIN_PLAYERS + 1:
        raise DeckError(
            f"{path}: the copies add up to {deck.size} cards; even 2 players need at least "
            f"{LIFE_DECK_SIZE * MIN_PLAYERS + 1} (10 per Life Deck and one for the Draw Deck)."
        )
    return deck


_ID_LINE = re.compile(r"""^[ \t]*id[ \t]*=[ \t]*["']([a-z0-9-]+)["']""", re.M)


def _id_lines(text: str) -> dict[str, list[int]]:
    """The line of every ``id = "..."`` in the file, per id, found in one pass (so that a
    message can say where a card is without searching the file once per card)."""
    lines: dict[str, list[int]] = {}
    line, pos = 1, 0
    for m in _ID_LINE.finditer(text):
        line += text.count("\n", pos, m.start())
        pos = m.start()
        lines.setdefault(m.group(1), []).append(line)
    return lines


def _where(card_id: object, index: int, lines: dict[str, list[int]], *,
           advance: bool = True) -> str:
    """'card 'x' (card #3, line 12)': locate a card for an error message. Each card takes the
    next line of its id (`advance`), so a repeated id points at its own line."""
    if isinstance(card_id, str) and _ID.match(card_id) and len(card_id) <= MAX_NAME_CHARS:
        found = lines.get(card_id)
        line = f", line {found[0]}" if found else ""
        if found and advance and len(found) > 1:
            found.pop(0)
        return f"card {card_id!r} (card #{index}{line})"
    return f"card #{index}"


def _clip(message: str, chars: int = 200) -> str:
    return clean(message if len(message) <= chars else message[:chars - 3] + "...")


def _show(value: object) -> str:
    """A value from the file as a message shows it: short, and every character visible."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        if abs(value) < 10**15:
            return str(value)
        return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        shown = repr(value if len(value) <= 40 else value[:37] + "...")
        return clean(shown)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return clean(type(value).__name__)


def _field(entry: dict, key: str, kind: type, where: str, path: str, *,
           bounds: tuple[int, int] | None = None, chars: int | None = None) -> Any:
    """`entry[key]`, checked: present, of `kind`, within `bounds` (ints) or `chars` (text)."""
    if key not in entry:
        raise DeckError(f"{path}: {where}: missing field `{key}`.")
    value = entry[key]
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        want = {int: "a whole number", str: "text"}.get(kind, kind.__name__)
        raise DeckError(f"{path}: {where}: field `{key}` must be {want}, not {_show(value)}.")
    if bounds is not None and not bounds[0] <= value <= bounds[1]:
        low, high = bounds
        word = f"at least {low}" if value < low else f"at most {high:,}"
        raise DeckError(f"{path}: {where}: field `{key}` must be {word} (from {low} to "
                        f"{high:,}), not {_show(value)}.")
    if chars is not None and len(value) > chars:
        raise DeckError(f"{path}: {where}: field `{key}` has {len(value):,} characters; it may "
                        f"have at most {chars:,}.")
    return value


def _card(entry: object, index: int, lines: dict[str, list[int]], path: str) -> Card:
    if not isinstance(entry, dict):
        raise DeckError(f"{path}: card #{index}: each [[card]] must be a table.")
    where = _where(entry.get("id"), index, lines)
    cid = _field(entry, "id", str, where, path)
    if len(cid) > MAX_NAME_CHARS or not _ID.match(cid):
        raise DeckError(f"{path}: {where}: field `id` must be kebab-case (like 'the-oracle'), "
                        f"at most {MAX_NAME_CHARS} characters, not {_show(cid)}.")
    name = _field(entry, "name", str, where, path, chars=MAX_NAME_CHARS)
    if not name.strip():
        raise DeckError(f"{path}: {where}: field `name` is empty.")
    strength = _field(entry, "strength", int, where, path, bounds=(0, MAX_NUMBER))
    damage = _field(entry, "damage", int, where, path, bounds=(0, MAX_NUMBER))
    copies = _field(entry, "copies", int, where, path, bounds=(1, MAX_COPIES))
    fortune = ""
    if "fortune" in entry:
        fortune = _field(entry, "fortune", str, where, path, chars=MAX_TEXT_CHARS)
    ability = entry.get("ability")
    if ability is not None:
        ability = _ability(ability, where, path)
    return Card(cid, clean(name), strength, damage, copies, clean(fortune, lines=True), ability)


def _ability(raw: object, where: str, path: str) -> Ability:
    if not isinstance(raw, dict):
        raise DeckError(f"{path}: {where}: `ability` must be a table ([card.ability]).")
    where = f"{where}, ability"
    when = _field(raw, "when", str, where, path)
    if when not in TIMINGS:
        raise DeckError(
            f"{path}: {where}: field `when` is {_show(when)}; use one of {', '.join(TIMINGS)}."
        )
    effect = _field(raw, "effect", str, where, path)
    spec = EFFECTS.get(effect)
    if spec is None:
        known = ", ".join(sorted(EFFECTS))
        raise DeckError(f"{path}: {where}: unknown effect {_show(effect)}; known effects: "
                        f"{known}.")
    if when not in spec.timings:
        raise DeckError(
            f"{path}: {where}: effect {effect!r} cannot be used with when = {when!r}; "
            f"it works with: {', '.join(spec.timings)}."
        )
    text = ""
    if "text" in raw:
        text = _field(raw, "text", str, where, path, chars=MAX_TEXT_CHARS)
    params = {k: v for k, v in raw.items() if k not in _ABILITY_KEYS}
    extra = set(params) - set(spec.params) - set(spec.optional)
    if extra:
        raise DeckError(
            f"{path}: {where}: effect {effect!r} has no parameter "
            f"`{clean(sorted(extra)[0][:40])}`; it takes: "
            f"{', '.join(list(spec.params) + list(spec.optional)) or 'nothing'}."
        )
    for key, kind in {**spec.params, **spec.optional}.items():
        if key in params or key in spec.params:
            _field(params, key, kind, f"{where} (effect {effect!r})", path,
                   bounds=(0, MAX_NUMBER) if kind is int else None,
                   chars=MAX_TEXT_CHARS if kind is str else None)
    return Ability(when, effect, MappingProxyType(params), clean(text, lines=True))
