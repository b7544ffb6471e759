"""The project's own error types: messages written for people, shown without a traceback.

They live in the rules core because the core raises two of them (a deck it cannot deal, an
option a Decision does not offer); every other layer imports them from here (or from
`dread_draw.base.errors`, which is the same classes). Pure Python even in the compiled core
(setup.py): other layers subclass these, and read `template` from the class's default.
"""


from typing import Any, Self


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for it)
    """Mark words for players for translation, leaving them as they are: the rules core
    speaks English and imports no translation; what shows the words translates them
    (``python -m dread_draw.i18n`` finds them by this name)."""
    return message


class DreadDrawError(Exception):
    """Anything the player or a file got wrong; the CLI prints it and exits with code 2.

    One raised by the rules core is made with `said`: it keeps its English `template`
    (marked with `N_`) and the `values` that fill it, so the CLI says it in the player's
    language (`dread_draw.cli`); ``str(error)`` is the English sentence."""

    template: str | None = None
    values: dict[str, Any] = {}

    @classmethod
    def said(cls, template: str, **values: Any) -> Self:
        error = cls(template.format(**values))
        error.template, error.values = template, values
        return error


class DeckError(DreadDrawError):
    """A deck file that cannot be used: names the file, the card and the field."""


class IllegalChoice(DreadDrawError):
    """An option that the pending Decision does not offer; the game is left unchanged."""
