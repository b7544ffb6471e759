"""Deck files: the loader, its translations (overlays) and the cards' emblems."""
