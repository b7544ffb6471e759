"""`dread-draw cards`: the deck as a Rich table (name, strength, damage as red dots and a
number, the ability's keyword and text, copies), sorted by strength, name or damage, in the
current language (the deck's overlay for it, dread_draw.deck.overlays)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from dread_draw.base.errors import DreadDrawError
from dread_draw.base.safe_text import plain
from dread_draw.deck.cards import Card, Deck, load_deck
from dread_draw.deck.overlays import CardText, deck_text, keyword_label
from dread_draw.i18n import _, fmt, ngettext, pgettext


def collation_key(name: str) -> str:
    """Names in dictionary order in any of our languages: accents and case do not count
    (Écho sorts with the Es), Hangul sorts by its own code order, which is the dictionary's."""
    bare = "".join(ch for ch in unicodedata.normalize("NFD", name)
                   if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", bare).casefold()


SORTS: dict[str, Callable[[Card, CardText], tuple]] = {
    "strength": lambda c, w: (c.strength, c.damage, collation_key(w.name)),
    "name": lambda c, w: (collation_key(w.name),),
    "damage": lambda c, w: (c.damage, c.strength, collation_key(w.name)),
}


def damage_dots(c: Card) -> Text:
    """Red dots, one per point of damage (R7.1), then the number: '●●● 3'."""
    return Text.assemble(("●" * c.damage, "red"), f" {c.damage}" if c.damage else "0")


def check_sort(sort: str) -> None:
    if sort not in SORTS:
        raise DreadDrawError(fmt(_("--sort {value}: use one of {choices}."),
                                 value=repr(sort), choices=", ".join(SORTS)))


def cards_table(deck: Deck, sort: str = "strength") -> Table:
    check_sort(sort)
    words = deck_text(deck)
    abilities = sum(c.copies for c in deck.cards if c.ability)
    distinct = len(deck.cards)
    # Translators: the title of `dread-draw cards`, e.g. "Standard deck: 100 cards, 41
    # distinct, 63 with an ability"; {cards}, {distinct} and {abilities} are the three
    # counted phrases that follow.
    title = fmt(_("{deck} deck: {cards}, {distinct}, {abilities}"),
                deck=words.name,
                cards=fmt(ngettext("{n} card", "{n} cards", deck.size), n=deck.size),
                distinct=fmt(ngettext("{n} distinct", "{n} distinct", distinct), n=distinct),
                abilities=fmt(ngettext("{n} with an ability", "{n} with an ability",
                                       abilities), n=abilities))
    t = Table(title=Text(title), header_style="bold")
    t.add_column(pgettext("cards table column", "name"), style="bold")
    t.add_column(pgettext("cards table column", "strength"), justify="right")
    t.add_column(pgettext("cards table column", "damage"), no_wrap=True)
    t.add_column(pgettext("cards table column", "keyword"))
    # Fold, not "…": Rich cuts a line of double-width text that fills the column exactly.
    t.add_column(pgettext("cards table column", "text"), ratio=1, overflow="fold")
    t.add_column(pgettext("cards table column", "copies"), justify="right")
    for c in sorted(deck.cards, key=lambda c: SORTS[sort](c, words[c])):
        w = words[c]
        keyword = keyword_label(c.ability.when) if c.ability else ""
        # names and texts from the deck file (or its overlay): text, never markup
        t.add_row(plain(w.name), str(c.strength), damage_dots(c), keyword, plain(w.text),
                  str(c.copies))
    return t


def print_cards(path: Path | None, sort: str) -> None:
    check_sort(sort)  # before reading any file: the option is wrong whatever the deck
    Console().print(cards_table(load_deck(path), sort))
