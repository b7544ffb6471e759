"""`dread-draw cards`: the deck as a Rich table."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table

from dread_draw.cards import load_deck
from dread_draw.errors import DreadDrawError

SORTS = {
    "strength": lambda c: (c.strength, c.name),
    "name": lambda c: c.name.lower(),
    "damage": lambda c: (c.damage, c.strength, c.name),
}


def print_cards(path: Path | None, sort: str) -> None:
    if sort not in SORTS:
        raise DreadDrawError(f"--sort {sort!r}: use one of {', '.join(SORTS)}.")
    deck = load_deck(path)
    t = Table(title=f"{deck.name} deck: {deck.size} cards, {len(deck.cards)} distinct")
    for col in ("name", "strength", "damage", "keyword", "text", "copies"):
        t.add_column(col, justify="right" if col in ("strength", "copies") else "left")
    for c in sorted(deck.cards, key=SORTS[sort]):
        dots = "[red]" + "●" * c.damage + "[/]" + f" {c.damage}"
        text = c.ability.text if c.ability else ""
        t.add_row(c.name, str(c.strength), dots, c.keyword, text, str(c.copies))
    Console().print(t)
