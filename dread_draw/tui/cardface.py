"""A card's face as lines of Rich Text, for a width the widget measured (no Textual here).

Styles, one per screen at a time (the table plans them: dread_draw/tui/widgets/plan.py),
from the most room to the least: `GIANT` (numbers, the large emblem, the name, and grown,
the ability), `HUGE` and `LARGE` (numbers, an emblem, the name), `TALL` and `FRAMED` (numbers
and the name, on two lines if it needs them and the tile has them), `SLIM` (framed, one line:
numbers and name), `TWO_LINE` (unframed: the numbers, and the name under them) and `LINE`
(one line). Sizes live in dread_draw.tcss; the functions here take the width (and height) a
widget has and fit the text into it. A name never loses letters silently: it fits whole, or
without its article, or it ends with the ellipsis after at least the letters that tell it
from every other card of the deck (`distinguishing`); the numbers are always shown.
Widths are counted in terminal cells (`rich.cells.cell_len`): Korean takes two per character.
Strength and damage are numbers and dots, never colour alone.
"""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len, get_character_cell_size
from rich.text import Text

from dread_draw.base.glyphs import Glyphs, glyphs
from dread_draw.base.safe_text import clean
from dread_draw.deck.emblems import LARGE_SIZE, SIZE, emblem
from dread_draw.deck.overlays import deck_text
from dread_draw.i18n import current_language
from dread_draw.i18n.grammar import without_article
from dread_draw.rules.deck import Deck
from dread_draw.words.narrate import card_name, keyword_of

GIANT, HUGE, LARGE, TALL, FRAMED = "giant", "huge", "large", "tall", "framed"
SLIM, TWO_LINE, LINE = "slim", "two-line", "line"
# from the most room to the least
STYLES = (GIANT, HUGE, LARGE, TALL, FRAMED, SLIM, TWO_LINE, LINE)
LINES = (TWO_LINE, LINE)  # the unframed styles
CHIPS = (SLIM, TWO_LINE, LINE)  # the styles whose tiles are each as wide as their own name
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


def line_widths(deck: Deck, uid: int, style: str, ascii: bool = False) -> tuple[int, int]:
    """The (least, wanted) width in cells of a tile of `style` (one of `CHIPS`) for a card:
    wanted shows its whole name (without its article) and its numbers, least the numbers and
    just enough letters to tell it from every other card of the deck, then "…"; its frame
    counted."""
    return _line_widths(deck, uid, style, ascii, current_language())


@lru_cache(maxsize=4096)
def _line_widths(deck: Deck, uid: int, style: str, ascii: bool,
                 language: str) -> tuple[int, int]:
    # (`language` keys the cache: the names measured are the current language's)
    g = glyphs(ascii)
    card = deck.card[uid]
    bare = bare_name(deck, uid)
    strength = str(card.strength)
    full_mark, short_mark = damage_mark(card.damage, g), damage_mark(card.damage, g, short=True)
    least_name = min(cell_len(bare), cell_len(bare[:distinguishing(deck, uid)])
                     + cell_len(g.ellipsis))
    if style in (LINE, SLIM):
        frame = 2 if style == SLIM else 0
        return (cell_len(f"{strength} {short_mark} ") + least_name + frame,
                cell_len(f"{strength} {full_mark} {bare}") + frame)
    return (max(cell_len(f"{strength} {short_mark}"), least_name),
            max(cell_len(f"{strength} {full_mark}"), cell_len(bare)))


def line_face(deck: Deck, uid: int, width: int, height: int, g: Glyphs) -> Text:
    """A one-line tile (two lines if `height` allows): strength, damage and the name. The
    name keeps as many letters as it can: the article goes (one line: always), the damage's
    dots shrink to one, then the name moves to a second line (if there is one), and only then
    is it cut with "…" — never below the letters that tell it from every other card, given
    the width `line_widths` asks for. The numbers are always shown."""
    card = deck.card[uid]
    bare = bare_name(deck, uid)
    strength = str(card.strength)
    marks = (damage_mark(card.damage, g), damage_mark(card.damage, g, short=True))
    if height >= 2:  # the numbers, and the name on its own line
        mark = marks[0] if cell_len(f"{strength} {marks[0]}") <= width else marks[1]
        t = _line(strength, mark, "")
        t.append("\n")
        t.append(whole_or_cut(deck, uid, width, g.ellipsis)[0])
        return t
    for mark in marks:
        if cell_len(f"{strength} {mark} {bare}") <= width:
            return _line(strength, mark, bare)
    rest = width - cell_len(f"{strength} {marks[1]} ")
    return _line(strength, marks[1], fit(bare, max(rest, cell_len(g.ellipsis)), g.ellipsis))


def whole_or_cut(deck: Deck, uid: int, width: int, ellipsis: str = "…",
                 lines: int = 1) -> list[str]:
    """A card's name on at most `lines` lines of `width` cells: whole with its article if it
    fits, else whole without it, else without it and cut with `ellipsis`."""
    full = clean(card_name(deck, deck.card[uid]))
    bare = bare_name(deck, uid)
    out = wrap_name(full, width, lines, ellipsis)
    if out[-1].endswith(ellipsis) and not full.endswith(ellipsis):
        out = wrap_name(bare, width, lines, ellipsis)
    return out


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
         height: int = 0) -> Text:
    """The inside of a card tile of `style`, `width` cells wide (and `height` lines high, 0:
    the style's least): its lines joined by newlines. Framed: the numbers; for the styles
    with an emblem, the largest emblem the room holds; the name (on two lines if it needs
    them and the room has them); and on a tile with lines to spare, the card's ability."""
    g = glyphs(ascii)
    card = deck.card[uid]
    if style in (*LINES, SLIM):
        return line_face(deck, uid, width, max(height, 2) if style == TWO_LINE else 1, g)
    t = numbers(deck, uid, width, g)
    room = max(1, height - 1) if height else 1  # the lines under the numbers
    drawing: tuple[str, ...] = ()
    if style in EMBLEMED:
        for large in (True, False):
            lines, cells = LARGE_SIZE if large else SIZE
            if room >= lines + 1 and width >= cells:
                drawing = emblem(card.id, ascii=ascii, large=large)
                break
    name = whole_or_cut(deck, uid, width, g.ellipsis, lines=min(room - len(drawing), 2))
    body = [(centred(line, width), "" if len(drawing) == LARGE_SIZE[0] else "dim")
            for line in drawing]
    body += [(centred(line, width) if style in EMBLEMED else line, "bold") for line in name]
    # on a tall tile, under a blank line each: the card's ability, then its fortune (R10.2)
    for words, look, least in ((ability_words(deck, uid) if card.ability else "", "dim", 2),
                               (clean(deck_text(deck)[card].fortune, lines=True), "dim italic", 3)):
        spare = room - len(body) - 1
        if spare < least or not words:
            continue
        body.append(("", ""))
        body += [(centred(line, width) if style in EMBLEMED else line, look)
                 for line in fit_lines_plain(words, width, spare, g.ellipsis)]
    # on a tile taller than its face, the face in the middle of the room under the numbers
    for line, style_of in [("", "")] * ((room - len(body)) // 2) + body:
        t.append("\n")
        t.append(line, style_of)
    return t


def ability_words(deck: Deck, uid: int) -> str:
    """A card's ability in the current language without its keyword, which the tile's frame
    already shows ("look at the top 2 cards…", not "Reserve: look at…")."""
    card = deck.card[uid]
    text = clean(deck_text(deck)[card].text)
    keyword = keyword_of(card)
    if keyword and text.lower().startswith(keyword.lower()):
        text = text[len(keyword):].lstrip(" :\u00a0\u202f")
    return text


def fit_lines_plain(text: str, width: int, lines: int, ellipsis: str = "…") -> list[str]:
    """`text` wrapped at spaces to `width` cells, on at most `lines` lines, the last ending
    with `ellipsis` if the rest does not fit."""
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines:
        line = words.pop(0)
        while words and cell_len(f"{line} {words[0]}") <= width:
            line += " " + words.pop(0)
        out.append(line if cell_len(line) <= width else fit(line, width, ellipsis))
    if words and out:  # more than the lines hold
        out[-1] = fit(out[-1] + " " + " ".join(words), width, ellipsis)
    return out
