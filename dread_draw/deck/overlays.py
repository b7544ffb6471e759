"""A deck's words in another language: the overlay files beside a deck file.

A deck file (dread_draw/assets/deck-format.md) holds one language. Beside it, ``cards.fr.toml``,
``cards.ko.toml`` … give each card's name, ability text and fortune in another language; the
rules never read them (the deck's numbers and effects are the deck's alone). A deck with no
overlay for a language shows its own text in that language too. The format:

```toml
[overlay]
language = "fr"            # must match the file name
name = "Standard"          # optional: the deck's name in this language

[card.the-fool]            # one table per card id of the deck, every card
name = "Le Mat"
text = "Réserve : gagnez 1 point de vie."   # exactly when the card has ability text
fortune = \"\"\"…\"\"\"         # exactly when the card has a fortune
```

An overlay that cannot be used — not TOML, a card id the deck lacks, a card or field missing,
a field of the wrong type, a file too large — is an `OverlayError` (a `DeckError`) naming
the file and the card.
Every text goes through `safe_text.clean`, as deck text does. This module imports no Textual.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from dread_draw.base.errors import DeckError
from dread_draw.base.files import Unreadable, read_bounded
from dread_draw.base.safe_text import blank, clean
from dread_draw.deck.cards import AFTER_LOAD, Card, Deck, read_toml, unreadable_deck
from dread_draw.i18n import PSEUDO, _, current_language, fmt, pgettext
from dread_draw.i18n.grammar import FORMS, GENDERS, Word, derived, kind


class OverlayError(DeckError):
    """A translation file of a deck that cannot be used: the translation is to mend, not the
    deck (a saved game of the deck goes on once it is mended or removed)."""


MAX_BYTES = 1_000_000  # an overlay of the standard deck is about 15 kB
MAX_LENGTH = {"name": 100, "text": 1_000, "fortune": 2_000}  # characters per field
_FIELDS = ("name", "text", "fortune")


@dataclass(frozen=True, slots=True)
class CardText:
    """The words of one card in one language (the numbers stay the deck's)."""

    name: str
    text: str  # the ability's text, "" for a card without one
    fortune: str
    # The name's forms for sentences (`dread_draw.i18n.grammar`: "acc" → "den Wagen", "de" →
    # "du Mat") and its gender where the overlay gives it; none in the deck's own words.
    forms: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    gender: str = ""


@dataclass(frozen=True, slots=True)
class DeckText:
    """A deck's words in one language: its name and every card's `CardText` by id."""

    language: str
    name: str
    cards: Mapping[str, CardText]
    source: str | None = None  # the overlay file, or None for the deck's own words

    def __getitem__(self, card: Card | str) -> CardText:
        return self.cards[card if isinstance(card, str) else card.id]


def own_text(deck: Deck, language: str = "en") -> DeckText:
    """The deck's own words (cleaned like everything shown from a deck file)."""
    cards = {c.id: CardText(clean(c.name), clean(c.ability.text if c.ability else ""),
                            clean(c.fortune, lines=True)) for c in deck.cards}
    return DeckText(language, clean(deck.name), MappingProxyType(cards))


def overlay_path(deck: Deck, language: str) -> Path | None:
    """Where `deck`'s overlay for `language` would be: ``cards.toml`` → ``cards.fr.toml``
    beside it; None for a deck that is not a file."""
    if deck.path.startswith("<"):
        return None
    path = Path(deck.path)
    return path.with_name(f"{path.stem}.{language}{path.suffix}")


def deck_text(deck: Deck, language: str | None = None) -> DeckText:
    """`deck`'s words in `language` (default: the current one): its overlay if it has one,
    else its own words. The pseudo-locale shows the deck's own words in pseudo form."""
    language = current_language() if language is None else language
    if language == PSEUDO:
        from dread_draw.i18n.pseudo import pseudo

        own = own_text(deck, language)
        return DeckText(language, pseudo(own.name), MappingProxyType({
            cid: CardText(pseudo(t.name), pseudo(t.text), pseudo(t.fortune))
            for cid, t in own.cards.items()}))
    path = overlay_path(deck, language)
    if path is None or not os.path.lexists(path):  # any file there is read like a deck
        return _own(deck, language, deck.path)
    return _load(deck, language, path)


@lru_cache(maxsize=32)
def _own(deck: Deck, language: str, path: str) -> DeckText:
    """`own_text`, built once per deck: the narrator asks for a card's name at every line,
    and cleaning the whole deck's words each time made a card label cost a millisecond."""
    return own_text(deck, language)


@lru_cache(maxsize=32)
def _load(deck: Deck, language: str, path: Path) -> DeckText:
    try:
        source = read_bounded(path, MAX_BYTES)  # the deck file's reader and limits
    except Unreadable as e:
        if e.kind == "too-big":
            raise OverlayError(fmt(_("{file}: an overlay file holds at most {limit} bytes."),
                                   file=str(path), limit=MAX_BYTES)) from None
        raise OverlayError(unreadable_deck(path, e, _("{file}: cannot read the overlay file "
                                                      "({reason})."))) from None
    return parse_overlay(source, deck, language, str(path))


def _line_of(text: str, card_id: str) -> str:
    """'card 'x' (line 12)': where a card's table starts, for an error message."""
    m = re.search(r"^\s*\[\s*card\s*\.\s*[\"']?" + re.escape(card_id) + r"[\"']?\s*\]",
                  text, re.M)
    if m is None:
        return fmt(_("card {id}"), id=repr(clean(card_id)))
    return fmt(_("card {id} (line {line})"), id=repr(card_id),
               line=text.count("\n", 0, m.start()) + 1)


def parse_overlay(source: bytes | str, deck: Deck, language: str,
                  path: str = "<overlay>") -> DeckText:
    """Validate an overlay's text against `deck` and build its `DeckText`."""
    if isinstance(source, str):
        source = source.encode()
    if len(source) > MAX_BYTES:
        raise OverlayError(fmt(_("{file}: an overlay file holds at most {limit} bytes."),
                               file=path, limit=MAX_BYTES))
    try:
        text = source.decode("utf-8")
    except UnicodeDecodeError as e:
        raise OverlayError(fmt(_("{file}: not UTF-8 text (bad byte at offset {offset})."),
                               file=path, offset=e.start)) from None
    # An overlay is shared with its deck, so it is read with the deck file's limits: no
    # nesting, table count or dotted key that would cost tomllib far more than the file's size.
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors save: not text
    data = read_toml(text, path, OverlayError)
    head = data.get("overlay")
    if not isinstance(head, dict) or head.get("language") != language:
        raise OverlayError(fmt(_("{file}: the file must begin with [overlay] and "
                                 "language = \"{language}\"."), file=path, language=language))
    unknown = set(head) - {"language", "name"}
    if unknown:
        raise OverlayError(fmt(_("{file}: [overlay] has no field {field}."),
                               file=path, field=repr(clean(sorted(unknown)[0]))))
    name = head.get("name", deck.name)
    if not isinstance(name, str) or blank(name):
        raise OverlayError(fmt(_("{file}: [overlay] name must be text."), file=path))
    if len(name) > MAX_LENGTH["name"]:
        raise OverlayError(fmt(_("{file}: [overlay] name has {length} characters; a name has "
                                 "at most {limit}."), file=path, length=f"{len(name):,}",
                               limit=MAX_LENGTH["name"]))
    extra = set(data) - {"overlay", "card"}
    if extra:
        raise OverlayError(fmt(_("{file}: unknown table [{table}]; an overlay has [overlay] "
                                 "and [card.<id>] tables."),
                               file=path, table=clean(sorted(extra)[0])))
    tables = data.get("card", {})
    if not isinstance(tables, dict):
        raise OverlayError(fmt(_("{file}: cards are tables named [card.<id>]."), file=path))
    ids = {c.id for c in deck.cards}
    for card_id in tables:
        if card_id not in ids:
            raise OverlayError(fmt(_("{file}: {card}: the deck {deck} has no card with this id."),
                                   file=path, card=_line_of(text, card_id),
                                   deck=repr(clean(deck.name))))
    cards = {c.id: _card(c, tables.get(c.id), text, path, language) for c in deck.cards}
    return DeckText(language, clean(name), MappingProxyType(cards), path)


def _card(card: Card, table: object, text: str, path: str, language: str) -> CardText:
    if table is None:
        raise OverlayError(fmt(_("{file}: card {id} of the deck is missing; add a "
                                 "[card.{id_bare}] table."),
                               file=path, id=repr(card.id), id_bare=card.id))

    def where() -> str:  # for a message only: a search of the file per card is quadratic
        return _line_of(text, card.id)

    if not isinstance(table, dict):
        raise OverlayError(fmt(_("{file}: {card} must be a table."), file=path, card=where()))
    needed = {"name": True, "text": bool(card.ability and card.ability.text),
              "fortune": bool(card.fortune)}
    # A name's grammar (optional; by rule when absent): its forms, and its gender (German;
    # French, Spanish and Portuguese where the article does not tell: "L'Oracle").
    genders = GENDERS.get(language, ())
    grammar = (*FORMS.get(language, ()), *(("gender",) if genders else ()))
    for key in table:
        if key in grammar:
            value = table[key]
            if not isinstance(value, str) or not value.strip() or len(value) > MAX_LENGTH[
                    "name"] or (key == "gender" and value not in genders):
                raise OverlayError(fmt(_("{file}: {card}: field {field} must be {what}."),
                                       file=path, card=where(), field=repr(key),
                                       what=(" ".join(genders) if key == "gender"
                                             else _("the name as a sentence holds it"))))
            continue
        if key not in _FIELDS or not needed[key]:
            reason = {"text": _("the card has no ability text"),
                      "fortune": _("the card has no fortune")}.get(key, _("no such field"))
            raise OverlayError(fmt(_("{file}: {card}: field {field} is not expected here "
                                     "({reason})."),
                                   file=path, card=where(), field=repr(clean(key)), reason=reason))
    words: dict[str, str] = {}
    for key in _FIELDS:
        if not needed[key]:
            words[key] = ""
            continue
        if key not in table:
            raise OverlayError(fmt(_("{file}: {card}: missing field {field}."),
                                   file=path, card=where(), field=repr(key)))
        value = table[key]
        if not isinstance(value, str) or not value.strip():
            raise OverlayError(fmt(_("{file}: {card}: field {field} must be text that is not "
                                     "empty."), file=path, card=where(), field=repr(key)))
        if len(value) > MAX_LENGTH[key]:
            raise OverlayError(fmt(_("{file}: {card}: field {field} holds at most {limit} "
                                     "characters, not {length}."),
                                   file=path, card=where(), field=repr(key), limit=MAX_LENGTH[key],
                                   length=len(value)))
        words[key] = clean(value, lines=key == "fortune")
    forms = {key: clean(table[key]) for key in FORMS.get(language, ()) if key in table}
    return CardText(words["name"], words["text"], words["fortune"], MappingProxyType(forms),
                    table.get("gender", ""))


def card_word(deck: Deck, card: Card, language: str | None = None) -> Word:
    """A card's name in `language` (default: the current one) as a `Word`: its title form,
    and the forms a sentence may ask for (the overlay's, else by rule)."""
    language = current_language() if language is None else language
    return _card_word(deck, card.id, language)


@lru_cache(maxsize=1024)
def _card_word(deck: Deck, card_id: str, language: str) -> Word:
    words = deck_text(deck, language)[card_id]
    forms = derived(language, words.name)
    forms.update(words.forms)
    gender, plural = kind(language, words.name, words.gender)
    return Word(words.name, forms, gender=gender, plural=plural)


def keyword_label(when: str) -> str:
    """An ability's keyword as cards print it, in the current language ("Summon",
    "Always"); "" for a plain card."""
    labels = {
        "summon": pgettext("ability keyword", "Summon"),
        "reserve": pgettext("ability keyword", "Reserve"),
        "aftermath": pgettext("ability keyword", "Aftermath"),
        "always": pgettext("ability keyword", "Always"),
    }
    return labels.get(when, "")


# Every deck loaded has its translation file for the language in use checked at once, like
# the deck itself (a bad one is refused before a game starts, never in its middle).
AFTER_LOAD.append(deck_text)
