"""A pseudo-locale for layout tests: every message in English, accented and 40% longer.

Translations run longer than English (German and French by a third or more) and bring
letters the English never shows. Laying the screens out in the pseudo-locale finds the places
where a longer text is cut without "…" or pushes a widget off the screen, before any real
translation exists; a string that stays plain English on screen was never marked for
translation. Placeholders (``{name}``, ``{n:은}``) and Rich markup tags (``[b]``) are kept
exactly, so the message still fills and styles as it should. Every accented letter is one
terminal cell wide, even on terminals set up for East Asian text.

It is language code `dread_draw.i18n.PSEUDO` ("xx"): `set_language(PSEUDO)` in a test.
Players are never offered it (`choose_language` refuses it).
"""

from __future__ import annotations

import gettext
import math
import re

GROWTH = 0.4
_ACCENTS = str.maketrans(
    "aeioucnyszglrtdhjkwAEIOUCNYSZGLRTDHJKW",
    "âëîöûçñýšžğļŕţďĥĵķŵÅËÎÖÛÇÑÝŠŽĞĻŔŢĎĤĴĶŴ",
)
_VOWELS = set("âëîöûýÅËÎÖÛÝ")
# What must stay as it is: placeholders, and Rich markup tags.
_KEEP = re.compile(r"\{[^{}]*\}|\[/?[A-Za-z#@][^\[\]]*\]|\[/\]")


def pseudo(text: str) -> str:
    """`text` accented and at least 40% longer (placeholders and markup untouched).

    >>> pseudo("{name} takes {n} damage.")
    '{name} ţâââķëëš {n} ďââmââğëë.'
    """
    pieces = _KEEP.split(text)
    kept = _KEEP.findall(text)
    free = sum(len(p) for p in pieces)
    extra = math.ceil(free * GROWTH)
    vowels = sum(ch in _VOWELS for p in pieces for ch in p.translate(_ACCENTS))
    out = []
    for i, piece in enumerate(pieces):
        accented = piece.translate(_ACCENTS)
        grown = []
        for ch in accented:
            grown.append(ch)
            if ch in _VOWELS and extra > 0 and vowels:
                # Spread the growth over the vowels: each one doubles (or more) in turn.
                times = math.ceil(extra / vowels)
                grown.append(ch * times)
                extra -= times
                vowels -= 1
        out.append("".join(grown))
        if i < len(kept):
            out.append(kept[i])
    if extra > 0 and free:
        out.append("~" * extra)  # no vowels to grow: pad at the end
    return "".join(out)


def pseudo_markdown(text: str) -> str:
    """A Markdown document in the pseudo-locale, line by line (its syntax is kept: only
    letters change, and ``#``, ``-`` and ``**`` are not letters)."""
    return "\n".join(pseudo(line) if line.strip() else line for line in text.split("\n"))


class PseudoTranslations(gettext.NullTranslations):
    """Translations that answer every message with its pseudo form."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
