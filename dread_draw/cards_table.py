"""`dread-draw cards`: the deck as a Rich table (name, strength, damage as red dots and a
number, the ability's keyword and text, copies), sorted by strength, name or damage."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from dread_draw.cards import Card, Deck, load_deck
from dread_draw.errors import DreadDrawError
from dread_draw.safe_text import markup_safe, plain

SORTS = {
    "strength": lambda c: (c.strength, c.damage, c.name),
    "name": lambda c: c.name.lower(),
    "damage": lambda c: (c.damage, c.strength, c.name),
}


def damage_dots(c: Card) -> Text:
    """Red dots, one per point of damage (R7.1), then the number: '●●● 3'."""
    return Text.assemble(("●" * c.damage, "red"), f" {c.damage}" if c.damage else "0")


def check_sort(sort: str) -> None:
    if sort not in SORTS:
        raise DreadDrawError(f"--sort {sort!r}: use one of {', '.join(SORTS)}.")


def cards_table(deck: Deck, sort: str = "strength") -> Table:
    check_sort(sort)
    abilities = sum(c.copies for c in deck.cards if c.ability)
    t = Table(title=f"{markup_safe(deck.name)} deck: {deck.size} cards, {len(deck.cards)} "
                    f"distinct, {abilities} with an ability", header_style="bold")
    t.add_column("name", style="bold", no_wrap=True)
    t.add_column("strength", justify="right")
    t.add_column("damage", no_wrap=True)
    t.add_column("keyword")
    t.add_column("text", ratio=1)
    t.add_column("copies", justify="right")
    for c in sorted(deck.cards, key=SORTS[sort]):
        text = c.ability.text if c.ability else ""
        t.add_row(plain(c.name), str(c.strength), damage_dots(c), c.keyword,
                  plain(text, lines=True), str(c.copies))
    return t


def print_cards(path: Path | None, sort: str) -> None:
    check_sort(sort)  # before reading any file: the option is wrong whatever the deck
    Console().print(cards_table(load_deck(path), sort))
