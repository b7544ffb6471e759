"""A card's face as lines of Rich Text, for a width the widget measured (no Textual here).

Three styles, one per screen at a time (the table picks the largest that fits every seat):
`LARGE` (numbers, an emblem, the full name), `FRAMED` (numbers and the name) and `LINE` (one
line). Sizes live in dread_draw.tcss; the functions here take the width a widget has and fit
the text into it. A name never loses letters silently: it fits, or it ends with the ellipsis.
Widths are counted in terminal cells (`rich.cells.cell_len`): Korean takes two per character.
Strength and damage are numbers and dots, never colour alone.
"""

from __future__ import annotations

from rich.cells import cell_len, get_character_cell_size
from rich.text import Text

from dread_draw.emblems import emblem
from dread_draw.glyphs import Glyphs, glyphs
from dread_draw.narrate import card_name
from dread_draw.rules.deck import Deck
from dread_draw.safe_text import clean

LARGE, FRAMED, LINE = "large", "framed", "line"
STYLES = (LARGE, FRAMED, LINE)  # from the most room to the least


def fit(text: str, width: int, ellipsis: str = "…") -> str:
    """`text` if it fits in `width` cells, else cut at a character boundary and ended with
    `ellipsis` (the whole result at most `width` cells).

    >>> fit("The Gravedigger", 15), fit("The Gravedigger", 10), fit("무덤지기의 삽", 7)
    ('The Gravedigger', 'The Grave…', '무덤지…')
    """
    if cell_len(text) <= width:
        return text
    room = width - cell_len(ellipsis)
    if room <= 0:
        return ellipsis[:max(width, 0)]
    out, used = [], 0
    for ch in text:
        w = get_character_cell_size(ch)
        if used + w > room:
            break
        out.append(ch)
        used += w
    return "".join(out).rstrip() + ellipsis


def damage_mark(damage: int, g: Glyphs) -> str:
    """'●●● 3', or '· 0': dots and the number."""
    return f"{g.damage * damage} {damage}" if damage else f"{g.no_damage} 0"


def numbers(deck: Deck, uid: int, width: int, g: Glyphs) -> Text:
    """Strength at the left (bold), damage dots and number at the right, in `width` cells."""
    strength = str(deck.strength[uid])
    dmg = damage_mark(deck.damage[uid], g)
    if cell_len(strength) + 1 + cell_len(dmg) > width:
        dmg = str(deck.damage[uid])
    gap = max(1, width - cell_len(strength) - cell_len(dmg))
    return Text.assemble((strength, "bold"), " " * gap, (dmg, "red"), no_wrap=True)


def centred(line: str, width: int) -> str:
    """`line` padded to sit in the middle of `width` cells, as one block (emblems.py)."""
    pad = max(0, (width - cell_len(line)) // 2)
    return " " * pad + line


def face(deck: Deck, uid: int, style: str, width: int, *, ascii: bool = False,
         large_emblem: bool = False) -> Text:
    """The inside of a card tile of `style`, `width` cells wide: its lines joined by newlines.
    `large_emblem`: the 5-line drawing (the card reader, the stage)."""
    g = glyphs(ascii)
    card = deck.card[uid]
    name = fit(clean(card_name(deck, card)), width, g.ellipsis)
    if style == LINE:
        head = f"{card.strength} {damage_mark(card.damage, g)} "
        rest = width - cell_len(head)
        if rest < cell_len(g.ellipsis) + 1:  # no room for a letter and "…": numbers alone
            return Text(fit(head.rstrip(), width, g.ellipsis), no_wrap=True)
        short = fit(clean(card_name(deck, card).removeprefix("The ")), rest, g.ellipsis)
        t = Text(no_wrap=True)
        t.append(str(card.strength), "bold")
        t.append(" ")
        t.append(damage_mark(card.damage, g), "red")
        t.append(" ")
        t.append(short)
        return t
    t = numbers(deck, uid, width, g)
    if style == LARGE:
        for line in emblem(card.id, ascii=ascii, large=large_emblem):
            t.append("\n")
            t.append(centred(line, width), "dim" if not large_emblem else "")
    t.append("\n")
    t.append(centred(name, width) if style == LARGE else name, "bold")
    return t
