"""The project's own error types (defined in the rules core, which raises some of them)."""

from dread_draw.rules.errors import DeckError, DreadDrawError, IllegalChoice

__all__ = ["DeckError", "DreadDrawError", "IllegalChoice"]
