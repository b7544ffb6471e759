"""Deck files: load a TOML deck (the format of dread_draw/assets/deck-format.md), validate it,
and build the core's immutable `Deck` (`dread_draw.rules.deck`) from it.

This is the loader, outside the rules core: the core never reads a file. Every problem with a
file is a `DeckError` whose message names the file, the card and the field.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Callable
from importlib import resources
from itertools import accumulate
from pathlib import Path
from types import MappingProxyType
from typing import Any

from dread_draw.base.errors import DeckError
from dread_draw.base.files import Unreadable, read_bounded
from dread_draw.base.reasons import toml_reason
from dread_draw.base.safe_text import blank, clean
from dread_draw.i18n import _, fmt
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
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*\Z")  # \Z: not before a final newline, as $ is
_ABILITY_KEYS = {"when", "effect", "text"}
# Every key a deck file may hold (assets/deck-format.md); any other is a typo, refused by name.
_TOP_KEYS = ("deck", "card")
_DECK_KEYS = ("name", "format")
_CARD_KEYS = ("id", "name", "strength", "damage", "copies", "fortune", "ability")


def nearest(key: str, known: Any) -> str | None:
    """The known key `key` was most likely meant to be (a typo's fix), or None."""
    found = difflib.get_close_matches(key, list(known), n=1, cutoff=0.6)
    return found[0] if found else None


def _refuse_unknown(table: dict[str, Any], known: tuple[str, ...], path: str, where: str) -> None:
    """Refuse the first key of `table` not in `known`, naming it, where it is, and the known
    key it most likely meant (a misspelt `[card.abilty]` used to load a card with no
    ability)."""
    unknown = sorted(str(k) for k in table if k not in known)
    if not unknown:
        return
    key = unknown[0]
    near = nearest(key, known)
    words = {"file": path, "where": where, "key": clean(key[:40]), "near": near,
             "known": ", ".join(known)}
    if near is not None:
        raise DeckError(fmt(_("{file}: {where}: unknown key `{key}`; did you mean `{near}`? "
                              "Known keys here: {known}."), **words))
    raise DeckError(fmt(_("{file}: {where}: unknown key `{key}`; known keys here: {known}."),
                        **words))


def standard_deck_path() -> Path:
    """The standard deck shipped inside the package (works from a checkout and from a wheel)."""
    return Path(str(resources.files("dread_draw") / "assets" / "cards.toml"))


def deck_format_path() -> Path:
    """The description of the deck file's format, shipped beside the standard deck (a player
    who installed with pipx or uv has no source folder to read it in)."""
    return Path(str(resources.files("dread_draw") / "assets" / "deck-format.md"))


def read_deck_file(path: str | Path) -> bytes:
    """The bytes of a deck file, read with limits: a regular file of at most `MAX_FILE_BYTES`.

    A pipe, a device, a socket or a folder is refused before anything is read from it (the
    file is opened without blocking, so a FIFO with no writer answers at once), and never more
    than `MAX_FILE_BYTES` + 1 bytes are read, whatever the file claims its size to be.
    """
    try:
        return read_bounded(path, MAX_FILE_BYTES)
    except Unreadable as e:
        raise DeckError(unreadable_deck(path, e, _("{file}: cannot read the deck file "
                                                   "({reason})."))) from None


def unreadable_deck(path: str | Path, e: Unreadable, cannot: str) -> str:
    """What is wrong with a deck file, or a deck's translation file, that cannot be read
    (`cannot`: the words for any other error, with {file} and {reason})."""
    if e.kind == "missing":
        return fmt(_("{file}: no such deck file."), file=path)
    if e.kind == "folder":
        return fmt(_("{file}: is a folder, not a deck file."), file=path)
    if e.kind == "special":
        return fmt(_("{file}: is not a deck file but a device, a pipe or a socket; "
                     "give the path of a deck file (.toml)."), file=path)
    if e.kind == "too-big":
        return _too_big(path)
    return fmt(cannot, file=path, reason=e.reason)


def _too_big(path: str | Path) -> str:
    return fmt(_("{file}: the file is larger than {limit} MB; a deck file is far smaller (the "
                 "standard deck of 100 cards is about 10 KB)."), file=path,
               limit=MAX_FILE_BYTES // 1_000_000)


# Checks run on every deck loaded, after its own: each raises DeckError on a problem.
AFTER_LOAD: list[Callable[[Deck], object]] = []


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
        raise DeckError(fmt(_("{file}: not UTF-8 text (bad byte at offset {offset})."),
                            file=path, offset=e.start)) from None
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors save: not text
    data = read_toml(text, path)
    deck = _build(data, text, source, path)
    # The deck's translation file for the language in use (mydeck.fr.toml beside it) is
    # checked now, like the deck: a bad one is refused here, never in the middle of a game.
    # (dread_draw.deck.overlays registers that check: it reads decks, so the loader cannot
    # import it; the deck package does, for everything that loads a deck.)
    for check in AFTER_LOAD:
        check(deck)
    return deck


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


_HUGE_NUMBER = re.compile(r"[0-9_]{4000,}")  # Python reads no integer of more than 4,300 digits


def read_toml(text: str, path: str, error: type[DeckError] = DeckError) -> dict[str, Any]:
    """The data of a deck's TOML text (a deck file, or a translation file: `error` is its
    error type), read within the deck file's limits (`check_toml_shape`); `error`, naming
    `path`, if it cannot be read."""
    try:
        check_toml_shape(text, path)
    except DeckError as e:
        raise error(str(e)) from None
    try:
        return tomllib.loads(text)
    except RecursionError:  # only if the count above and tomllib ever disagree
        raise error(fmt(_("{file}: lists or tables are nested too deep for a deck file."),
                        file=path)) from None
    except tomllib.TOMLDecodeError as e:
        raise error(fmt(_("{file}: not valid TOML: {reason}."), file=path,
                        reason=toml_reason(e))) from None
    except ValueError:  # Python's own limit on an integer's digits (its words name a call)
        huge = _HUGE_NUMBER.search(text)
        line = text.count("\n", 0, huge.start()) + 1 if huge else 0
        raise error(fmt(_("{file}, line {line}: a number thousands of digits long; the numbers "
                          "of a deck are at most {most}."), file=path, line=line,
                        most=MAX_NUMBER)) from None


def check_toml_shape(text: str, path: str) -> None:
    """Refuse, before tomllib reads it, a TOML text that would cost it far more than its size:
    arrays and inline tables nested deeper than `MAX_DEPTH` (tomllib recurses into each), more
    than `MAX_TABLES` tables (each costs it a kilobyte or so: a megabyte of ``[a.b.c.d]``
    headers took 280 MB and 3 s), or a dotted key of more than `MAX_DEPTH` parts (its
    bookkeeping for a key of n parts grows with n squared: a 1 MB key took gigabytes).
    A deck's overlay files (`dread_draw.deck.overlays`) are read through it too."""
    structure = _NOT_STRUCTURE.sub(" ", text)
    brackets = _NOT_BRACKET.sub("", structure)
    depth = max(accumulate(map(_BRACKET_STEP.__getitem__, brackets)), default=0)
    if depth > MAX_DEPTH:  # a table header such as [[card]] counts 2
        raise DeckError(fmt(_("{file}: lists or tables are nested {depth} deep; a deck file "
                              "needs at most 2, and {limit} is the limit."), file=path,
                            depth=depth, limit=MAX_DEPTH))
    tables = (len(_HEADER.findall(structure)) + structure.count(".") + structure.count("{"))
    if tables > MAX_TABLES:
        raise DeckError(fmt(_("{file}: the file opens {tables} tables (table headers, dotted "
                              "keys and inline tables); a deck needs two or a few a card, and "
                              "{limit} is the limit."), file=path, tables=f"{tables:,}",
                            limit=f"{MAX_TABLES:,}"))
    if _LONG_KEY.search(structure):
        raise DeckError(fmt(_("{file}: a key has more than {limit} dotted parts; a deck file "
                              "needs at most 2 (as in [card.ability])."), file=path,
                            limit=MAX_DEPTH))


def _build(data: dict[str, Any], text: str, source: bytes, path: str) -> Deck:
    # Translators: where in a deck file: its top level, outside any table.
    _refuse_unknown(data, _TOP_KEYS, path, _("the top of the file"))
    head = data.get("deck", {})
    if not isinstance(head, dict):
        raise DeckError(fmt(_("{file}: [deck] must be a table with `name` and `format`."),
                            file=path))
    _refuse_unknown(head, _DECK_KEYS, path, "[deck]")
    version = head.get("format", 1)
    if version != 1 or isinstance(version, bool):
        raise DeckError(fmt(_("{file}: [deck] format = {value} is not supported; this version "
                              "reads 1."), file=path, value=_show(version)))
    name = head.get("name", Path(path).stem[:MAX_NAME_CHARS])
    if not isinstance(name, str):
        raise DeckError(fmt(_("{file}: [deck] name must be text, not {value}."), file=path,
                            value=_show(name)))
    if blank(name):
        raise DeckError(fmt(_("{file}: {card}: field `name` is empty."), file=path,
                            card="[deck]"))
    if len(name) > MAX_NAME_CHARS:
        raise DeckError(fmt(_("{file}: [deck] name has {length} characters; a name has at "
                              "most {limit}."), file=path, length=f"{len(name):,}",
                            limit=MAX_NAME_CHARS))
    raw = data.get("card")
    if not isinstance(raw, list) or not raw:
        raise DeckError(fmt(_("{file}: no cards: the file needs [[card]] tables."), file=path))
    if len(raw) > MAX_DISTINCT:  # refuse before building any card
        raise DeckError(fmt(_("{file}: the file has {count} [[card]] tables; a deck has at "
                              "most {limit} different cards (more of one card: raise its "
                              "copies)."), file=path, count=f"{len(raw):,}",
                            limit=f"{MAX_DISTINCT:,}"))
    lines = _id_lines(text)
    cards: list[Card] = []
    seen: dict[str, int] = {}
    total = 0
    for i, entry in enumerate(raw, 1):
        card = _card(entry, i, lines, path)
        if card.id in seen:
            raise DeckError(fmt(_("{file}: {card}: duplicate id {id} (card #{other} has it "
                                  "too)."), file=path, card=_where(card.id, i, lines,
                                                                   advance=False),
                                id=repr(card.id), other=seen[card.id]))
        seen[card.id] = i
        total += card.copies
        if total > MAX_CARDS:  # stop at the card that goes over, not after building them all
            raise DeckError(fmt(_("{file}: the copies add up to more than {limit} cards by "
                                  "card #{index}; a deck holds at most {limit}."), file=path,
                                limit=f"{MAX_CARDS:,}", index=i))
        cards.append(card)
    deck = Deck(clean(name), cards, path, source)
    if deck.size < LIFE_DECK_SIZE * MIN_PLAYERS + 1:
        raise DeckError(fmt(
            _("{file}: the copies add up to {size} cards; even 2 players need at least {need} "
              "(10 per Life Deck and one for the Draw Deck)."), file=path, size=deck.size,
            need=LIFE_DECK_SIZE * MIN_PLAYERS + 1))
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
        line: int | None = found[0] if found else None
        if found and advance and len(found) > 1:
            found.pop(0)
        if line is None:
            return fmt(_("card {id} (card #{index})"), id=repr(card_id), index=index)
        return fmt(_("card {id} (card #{index}, line {line})"), id=repr(card_id), index=index,
                   line=line)
    return fmt(_("card #{index}"), index=index)


def _show(value: object) -> str:
    """A value from the file as a message shows it: short, and every character visible."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        if abs(value) < 10**15:
            return str(value)
        return fmt(_("a number of about {digits} digits"),
                   digits=f"{int(value.bit_length() * 0.30103) + 1:,}")
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        shown = repr(value if len(value) <= 40 else value[:37] + "...")
        return clean(shown)
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("a table")
    return clean(type(value).__name__)


def _field(entry: dict[str, Any], key: str, kind: type, where: str, path: str, *,
           bounds: tuple[int, int] | None = None, chars: int | None = None) -> Any:
    """`entry[key]`, checked: present, of `kind`, within `bounds` (ints) or `chars` (text)."""
    if key not in entry:
        raise DeckError(fmt(_("{file}: {card}: missing field `{field}`."), file=path,
                            card=where, field=key))
    value = entry[key]
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        if kind is int:
            text = _("{file}: {card}: field `{field}` must be a whole number, not {value}.")
        elif kind is str:
            text = _("{file}: {card}: field `{field}` must be text, not {value}.")
        else:
            text = _("{file}: {card}: field `{field}` must be a {kind}, not {value}.")
        raise DeckError(fmt(text, file=path, card=where, field=key, kind=kind.__name__,
                            value=_show(value)))
    if bounds is not None and not bounds[0] <= value <= bounds[1]:
        low, high = bounds
        text = (_("{file}: {card}: field `{field}` must be at least {low} (from {low} to "
                  "{high}), not {value}.") if value < low else
                _("{file}: {card}: field `{field}` must be at most {high} (from {low} to "
                  "{high}), not {value}."))
        raise DeckError(fmt(text, file=path, card=where, field=key, low=low,
                            high=f"{high:,}", value=_show(value)))
    if chars is not None and len(value) > chars:
        raise DeckError(fmt(_("{file}: {card}: field `{field}` has {length} characters; it "
                              "may have at most {limit}."), file=path, card=where, field=key,
                            length=f"{len(value):,}", limit=f"{chars:,}"))
    return value


def _card(entry: object, index: int, lines: dict[str, list[int]], path: str) -> Card:
    if not isinstance(entry, dict):
        raise DeckError(fmt(_("{file}: card #{index}: each [[card]] must be a table."),
                            file=path, index=index))
    where = _where(entry.get("id"), index, lines)
    _refuse_unknown(entry, _CARD_KEYS, path, where)
    cid = _field(entry, "id", str, where, path)
    if len(cid) > MAX_NAME_CHARS or not _ID.match(cid):
        raise DeckError(fmt(_("{file}: {card}: field `id` must be kebab-case (like "
                              "'the-oracle'), at most {limit} characters, not {value}."),
                            file=path, card=where, limit=MAX_NAME_CHARS, value=_show(cid)))
    name = _field(entry, "name", str, where, path, chars=MAX_NAME_CHARS)
    if blank(name):  # spaces or zero-width characters only: nothing to show
        raise DeckError(fmt(_("{file}: {card}: field `name` is empty."), file=path,
                            card=where))
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
        raise DeckError(fmt(_("{file}: {card}: `ability` must be a table ([card.ability])."),
                            file=path, card=where))
    # Translators: where in a deck file: "card 'the-oracle' (card #3, line 12), ability".
    where = fmt(_("{card}, ability"), card=where)
    when = _field(raw, "when", str, where, path)
    if when not in TIMINGS:
        raise DeckError(fmt(_("{file}: {card}: field `when` is {value}; use one of {known}."),
                            file=path, card=where, value=_show(when), known=", ".join(TIMINGS)))
    effect = _field(raw, "effect", str, where, path)
    spec = EFFECTS.get(effect)
    if spec is None:
        known = ", ".join(sorted(EFFECTS))
        raise DeckError(fmt(_("{file}: {card}: unknown effect {value}; known effects: "
                              "{known}."), file=path, card=where, value=_show(effect),
                            known=known))
    if when not in spec.timings:
        raise DeckError(fmt(_("{file}: {card}: effect {effect} cannot be used with when = "
                              "{when}; it works with: {known}."), file=path, card=where,
                            effect=repr(effect), when=repr(when),
                            known=", ".join(spec.timings)))
    text = ""
    if "text" in raw:
        text = _field(raw, "text", str, where, path, chars=MAX_TEXT_CHARS)
    params = {k: v for k, v in raw.items() if k not in _ABILITY_KEYS}
    extra = set(params) - set(spec.params) - set(spec.optional)
    if extra:
        names = [*_ABILITY_KEYS, *spec.params, *spec.optional]
        near = nearest(sorted(extra)[0], names)
        if near is not None:
            _refuse_unknown(raw, tuple(sorted(names)), path, where)
        takes = ", ".join(list(spec.params) + list(spec.optional))
        words = {"file": path, "card": where, "effect": repr(effect),
                 "param": clean(sorted(extra)[0][:40]), "known": takes}
        if takes:
            raise DeckError(fmt(_("{file}: {card}: effect {effect} has no parameter `{param}`; "
                                  "it takes: {known}."), **words))
        raise DeckError(fmt(_("{file}: {card}: effect {effect} has no parameter `{param}`; it "
                              "takes nothing."), **words))
    for key, kind in {**spec.params, **spec.optional}.items():
        if key in params or key in spec.params:
            at = fmt(_("{card} (effect {effect})"), card=where, effect=repr(effect))
            _field(params, key, kind, at, path,
                   bounds=(0, MAX_NUMBER) if kind is int else None,
                   chars=MAX_TEXT_CHARS if kind is str else None)
    return Ability(when, effect, MappingProxyType(params), clean(text, lines=True))
