"""The project's own error types: messages written for people, shown without a traceback.

They live in the rules core because the core raises two of them (a deck it cannot deal, an
option a Decision does not offer); every other layer imports them from here (or from
`dread_draw.errors`, which is the same classes).
"""


class DreadDrawError(Exception):
    """Anything the player or a file got wrong; the CLI prints it and exits with code 2."""


class DeckError(DreadDrawError):
    """A deck file that cannot be used: names the file, the card and the field."""


class IllegalChoice(DreadDrawError):
    """An option that the pending Decision does not offer; the game is left unchanged."""
