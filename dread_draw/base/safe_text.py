"""Text from outside the program — a deck file, a save, a typed name — shown only as text.

A deck is shared between strangers and a save can be edited by hand, so their names and texts
may hold terminal control characters (ESC sequences, BEL, OSC links) or Rich markup
(``[/]``, ``[link=...]``). Nothing of that may reach the terminal or restyle the table:

- `clean(s)` replaces every control character with a visible stand-in (``␛`` for ESC, ``␇``
  for BEL, ``�`` for C1 controls and Unicode's direction overrides), keeping line breaks and
  tabs only where asked;
- `markup_safe(s)` is `clean` plus Rich markup escaping, for a string that goes inside a Rich
  markup string (``Console.print``, a Rich ``Table`` cell given as a string);
- `plain(s, style)` is a Rich `Text` of the cleaned string. A `Text` is never parsed as markup,
  by Rich or by Textual: give Textual widgets (``Static``, ``Label``, ``Button``, ``notify``)
  `Text` objects, never strings, when they hold outside text (Textual's own markup reads
  ``[II]`` as a style).

Names people type follow one rule, `name_problem`, used where a name is typed (the new-game
screen, ``--human``) and where a save is read, so a name the game accepts is one its save
accepts.
"""

from __future__ import annotations

import re
import unicodedata

from rich.markup import escape
from rich.text import Text

from dread_draw.i18n import N_, _, fmt

MAX_NAME = 100  # characters in a player's name (the save reader's limit too)

# Unicode's bidirectional overrides and isolates can reorder what follows them on screen.
_BIDI = {0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069}


# The same characters as `_unsafe`, for a scan in C: most text has none (on every label).
_ANY_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f" + "".join(map(chr, sorted(_BIDI))) + "]")
_ANY_UNSAFE_LINES = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f"
                               + "".join(map(chr, sorted(_BIDI))) + "]")


def _stand_in(code: int) -> str:
    if code < 0x20:
        return chr(0x2400 + code)  # Unicode's "control pictures": ␀ … ␟ (␛ for ESC)
    if code == 0x7F:
        return "\u2421"  # ␡
    return "\ufffd"  # C1 controls and direction overrides: the replacement character


def _unsafe(code: int, keep: frozenset[int]) -> bool:
    return ((code < 0x20 and code not in keep) or 0x7F <= code <= 0x9F or code in _BIDI)


def clean(s: str, *, lines: bool = False) -> str:
    """`s` with every control character made visible (line breaks kept when `lines`).

    >>> clean("A\\x1b[31mB\\x07")
    'A␛[31mB␇'
    """
    if (_ANY_UNSAFE_LINES if lines else _ANY_UNSAFE).search(s) is None:
        return s
    keep = frozenset((0x0A,)) if lines else frozenset()
    return "".join(_stand_in(ord(ch)) if _unsafe(ord(ch), keep) else ch for ch in s)


def markup_safe(s: str, *, lines: bool = False) -> str:
    """`clean(s)` with Rich markup escaped: safe inside a markup string.

    >>> markup_safe("[link=x]A[/]")
    '\\\\[link=x]A\\\\[/]'
    """
    return escape(clean(s, lines=lines))


def plain(s: str, style: str = "", *, lines: bool = False) -> Text:
    """A Rich Text of the cleaned string: shown exactly, never read as markup."""
    return Text(clean(s, lines=lines), style=style)


def blank(s: str) -> bool:
    """Whether `s` shows nothing: only spaces, zero-width and other format characters, or
    combining marks with nothing to combine with.

    >>> blank("\u200b\u200d\u2060"), blank(" a ")
    (True, False)
    """
    return all(unicodedata.category(ch) in _SHOWS_NOTHING for ch in s)


_SHOWS_NOTHING = {"Zs", "Zl", "Zp", "Cc", "Cf", "Mn", "Me"}


NAME_FAULTS = {
    "name-empty": N_("a name cannot be empty"),
    "name-long": N_("a name has at most {limit} characters, not {length}"),
    "name-control": N_("a name cannot hold control characters"),
    "name-wide": N_("a name takes at most {limit} columns on the table, not {width}"),
}
"""Why a name cannot be used, by id: the host sends the id and the numbers, and each
player reads the words in their own language (dread_draw/net/protocol.py)."""

Fault = tuple[str, dict[str, int]]  # (an id of NAME_FAULTS, its numbers)


def name_fault(name: str) -> Fault | None:
    """Why `name` cannot be a player's name, as (id, numbers), or None if it can."""
    if blank(name):
        return "name-empty", {}
    if len(name) > MAX_NAME:
        return "name-long", {"limit": MAX_NAME, "length": len(name)}
    if clean(name) != name:
        return "name-control", {}
    return None


def fault_text(fault: Fault | None) -> str | None:
    """A name fault in the player's words."""
    return None if fault is None else fmt(_(NAME_FAULTS[fault[0]]), **fault[1])


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name, in words, or None if it can.

    >>> name_problem("   ")
    'a name cannot be empty'
    >>> name_problem("Ana") is None
    True
    """
    return fault_text(name_fault(name))


NAME_CELLS = 20  # columns a name may take on a table (a wide character takes two)
# Letters of other scripts drawn like Latin ones: two names that differ only by these look
# the same on a table (Cyrillic and Greek capitals and small letters)
_LOOKALIKE = str.maketrans("АВЕКМНОРСТХаеорсухіјѕԁԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧορν",
                           "ABEKMHOPCTXaeopcyxijsdqwABEZHIKMNOPTYXopv")


def normal_name(name: str) -> str:
    """A player's name as a table shows it: NFKC, without format and zero-width characters
    (U+200B, joiners, direction marks…), its spaces single, trimmed.

    >>> normal_name("  Ana\\u200b ") == "Ana" and normal_name("Ｂｅｎ") == "Ben"
    True
    """
    text = unicodedata.normalize("NFKC", name)
    text = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return " ".join(text.split())


def name_key(name: str) -> str:
    """What two names that look alike have in common (compare seats' names with it)."""
    return normal_name(name).translate(_LOOKALIKE).casefold()


def name_too_wide(name: str) -> Fault | None:
    """Why a (normalised) name is too wide for a table, or None."""
    from rich.cells import cell_len

    width = cell_len(name)
    if width > NAME_CELLS:
        return "name-wide", {"limit": NAME_CELLS, "width": width}
    return None
