"""A card's face as lines of Rich Text, for a width the widget measured (no Textual here).

Styles, one per screen at a time (the table picks the largest that fits every seat), from
the most room to the least: `GIANT` (numbers, the large emblem, the name), `HUGE` and `LARGE`
(numbers, an emblem, the name), `TALL` and `FRAMED` (numbers and the name, on two lines if it
needs them and the tile has them), `TWO_LINE` (unframed: the numbers, and the name under
them) and `LINE` (one line: the name shortens with "…"). Sizes live in dread_draw.tcss;
the functions here take the width (and height) a widget has and fit the text into it. A
name never loses letters silently: it fits, or it ends with the ellipsis; a card never shows
its numbers without at least the start of its name.
Widths are counted in terminal cells (`rich.cells.cell_len`): Korean takes two per character.
Strength and damage are numbers and dots, never colour alone.
"""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len, get_character_cell_size
from rich.text import Text

from dread_draw.base.glyphs import Glyphs, glyphs
from dread_draw.base.safe_text import clean
from dread_draw.deck.emblems import emblem
from dread_draw.i18n import current_language
from dread_draw.i18n.grammar import without_article
from dread_draw.rules.deck import Deck
from dread_draw.words.narrate import card_name

GIANT, HUGE, LARGE, TALL, FRAMED = "giant", "huge", "large", "tall", "framed"
TWO_LINE, LINE = "two-line", "line"
STYLES = (GIANT, HUGE, LARGE, TALL, FRAMED, TWO_LINE, LINE)  # from the most room to the least
LINES = (TWO_LINE, LINE)  # the unframed styles
EMBLEMED = (GIANT, HUGE, LARGE)  # the styles that draw the card's emblem


def bare_name(deck: Deck, uid: int) -> str:
    """A card's name in the current language without its article: what a small card shows
    before it cuts the name ("Teufel", not "Der Teu…")."""
    return clean(without_article(current_language(), card_name(deck, deck.card[uid])))


def distinguishing(deck: Deck, uid: int) -> int:
    """How many characters of its `bare_name` a card needs to be told from every other card
    of the deck in the current language: its shortest start that no other name starts with
    ("Moo" for Moon among Moth, Mother and Mourner), or the whole name when it is the start of
    another ("Moth"). A shortened name never keeps fewer."""
    return _distinguishing(deck, current_language())[deck.card[uid].id]


@lru_cache(maxsize=16)
def _distinguishing(deck: Deck, language: str) -> dict[str, int]:
    names = {card.id: bare_name(deck, uid) for uid, card in enumerate(deck.card)}
    others = set(names.values())

    def needed(name: str) -> int:
        rest = others - {name}
        return next((n for n in range(1, len(name) + 1)
                     if not any(o.startswith(name[:n]) for o in rest)), len(name))
    return {cid: needed(name) for cid, name in names.items()}


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


def damage_mark(damage: int, g: Glyphs, short: bool = False) -> str:
    """'●●● 3', or '· 0': dots and the number; `short`: one dot and the number ('●3')."""
    if short:
        return f"{g.damage if damage else g.no_damage}{damage}"
    return f"{g.damage * damage} {damage}" if damage else f"{g.no_damage} 0"


def wrap_name(name: str, width: int, lines: int, ellipsis: str = "…") -> list[str]:
    """`name` on at most `lines` lines of `width` cells, broken at spaces; the last line ends
    with `ellipsis` if the rest does not fit.

    >>> wrap_name("The Hanged Man", 10, 2), wrap_name("The Hanged Man", 6, 2)
    (['The Hanged', 'Man'], ['The', 'Hange…'])
    """
    if lines <= 1 or cell_len(name) <= width:
        return [fit(name, width, ellipsis)]
    words = name.split(" ")
    # the longest first line of whole words that fits
    for cut in range(len(words) - 1, 0, -1):
        head = " ".join(words[:cut])
        if cell_len(head) <= width:
            return [head, *wrap_name(" ".join(words[cut:]), width, lines - 1, ellipsis)]
    return [fit(name, width, ellipsis)]


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


def line_face(deck: Deck, uid: int, width: int, height: int, g: Glyphs) -> Text:
    """A one-line tile (two lines if `height` allows): strength, damage and the name without
    "The ". The name keeps as many letters as it can: the damage's dots shrink to one, then
    the name moves to a second line (if there is one), and only then is it cut with "…"; the
    numbers are never shown without at least a letter of the name."""
    card = deck.card[uid]
    short = clean(card_name(deck, card).removeprefix("The "))
    strength = str(card.strength)
    for mark in (damage_mark(card.damage, g), damage_mark(card.damage, g, short=True)):
        head = f"{strength} {mark} "
        if height < 2 and cell_len(head) + cell_len(short) <= width:
            return _line(strength, mark, short)
    if height >= 2:  # the name on its own line, whole if it can be
        mark = damage_mark(card.damage, g)
        if cell_len(f"{strength} {mark}") > width:
            mark = damage_mark(card.damage, g, short=True)
        t = _line(strength, mark, "")
        t.append("\n")
        full = clean(card_name(deck, card))
        t.append(full if cell_len(full) <= width else fit(short, width, g.ellipsis))
        return t
    mark = damage_mark(card.damage, g, short=True)
    rest = width - cell_len(f"{strength} {mark} ")
    if rest >= cell_len(g.ellipsis) + 1:
        return _line(strength, mark, fit(short, rest, g.ellipsis))
    # too narrow for the numbers and a letter: the name alone, shortened
    return Text(fit(short, width, g.ellipsis), no_wrap=True)


def _line(strength: str, mark: str, name: str) -> Text:
    t = Text(no_wrap=True)
    t.append(strength, "bold")
    t.append(" ")
    t.append(mark, "red")
    if name:
        t.append(" ")
        t.append(name)
    return t


def face(deck: Deck, uid: int, style: str, width: int, *, ascii: bool = False,
         large_emblem: bool = False, height: int = 0) -> Text:
    """The inside of a card tile of `style`, `width` cells wide (and `height` lines high, 0:
    the style's least): its lines joined by newlines. `large_emblem`: the 5-line drawing (the
    card reader, the stage, the giant tiles)."""
    g = glyphs(ascii)
    card = deck.card[uid]
    if style in LINES:
        return line_face(deck, uid, width, max(height, 2) if style == TWO_LINE else 1, g)
    t = numbers(deck, uid, width, g)
    emblem_lines = 0
    if style in EMBLEMED:
        big = large_emblem or style == GIANT
        drawing = emblem(card.id, ascii=ascii, large=big)
        emblem_lines = len(drawing)
        for line in drawing:
            t.append("\n")
            t.append(centred(line, width), "dim" if not big else "")
    room = max(1, height - 1 - emblem_lines) if height else 1
    name = clean(card_name(deck, card))
    for line in wrap_name(name, width, room, g.ellipsis):
        t.append("\n")
        t.append(centred(line, width) if style in EMBLEMED else line, "bold")
    return t
