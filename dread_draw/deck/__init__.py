"""Deck files: the loader, its translations (overlays) and the cards' emblems."""

# Whatever loads a deck (through `dread_draw.deck.cards`) imports this package first: the
# translation files beside a deck are checked with it (overlays registers that check).
from dread_draw.deck import overlays as _overlays  # noqa: F401
