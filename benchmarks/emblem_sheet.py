"""Card faces, by hand: a sheet of every card's emblem, framed as a card, as an SVG to look at.

    python benchmarks/emblem_sheet.py [--large] [--ascii] [--no-color] [--cells] [--out F.svg]
    rsvg-convert -w 1600 F.svg -o F.png

Each card of the standard deck is drawn as the table draws a large card (strength, damage as
dots and a number, the emblem, the name, the ability's keyword), followed by a few cards of a
custom deck, which get the generic faces. `--no-color` draws it as NO_COLOR does; `--ascii`
with the table's ASCII glyphs; `--large` with the large emblems.

The SVG is Rich's own (`Console.save_svg`, as in the table's snapshot tests), which leaves a
gap between lines and lets the font's fallback glyphs shift a line's cells. `--cells` draws
the same cells the way terminals do instead: every cell on a grid, block and box-drawing
characters drawn as shapes that meet their neighbours, other characters fitted to one cell.
That is the picture to judge the drawings by.
"""

from __future__ import annotations

import argparse
import io
import unicodedata
from xml.sax.saxutils import escape

from rich import box
from rich.align import Align
from rich.cells import cell_len
from rich.console import Console, Group
from rich.panel import Panel
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from dread_draw.base.glyphs import glyphs
from dread_draw.deck.cards import load_deck
from dread_draw.deck.emblems import LARGE_SIZE, SIZE, emblem, tint
from dread_draw.rules.deck import Card

# One way to map the colour roles to colours, for this sheet (the table uses its theme).
COLOURS = {"moon": "#b8c7f0", "sea": "#4fa8b8", "shadow": "#9486b8", "bone": "#e6d9b8",
           "gold": "#e0b341", "fire": "#f0843a", "blood": "#d63a44"}
CUSTOM_IDS = ("the-lighthouse", "grandmother", "the-ninth-wave", "a-broken-key", "the-orchard",
              "sister-ash", "the-well")
FOREGROUND, BACKGROUND = "#d8d8d8", "#1c1b22"


def face(card: Card | None, card_id: str, *, ascii: bool, large: bool, width: int) -> Panel:
    """One card as the table's large card shows it, `width` cells wide."""
    g = glyphs(ascii)
    if card is not None:
        strength, damage = str(card.strength), card.damage
        name, keyword = card.name, card.keyword
    else:
        strength, damage, name, keyword = "?", 0, card_id, "custom deck"
    dots = f"{g.damage * damage if damage else g.no_damage} {damage}"
    head = Text.assemble((strength, "bold"), " " * (width - 4 - len(strength) - len(dots)),
                         (dots, COLOURS["blood"]))
    # Centred as one block: Text(justify="center") would strip each line's trailing spaces
    # and centre the lines one by one, shifting them against each other.
    art = Align.center(Text("\n".join(emblem(card_id, ascii=ascii, large=large)),
                            style=COLOURS[tint(card_id)]))
    title = Text(name, style="bold", overflow="ellipsis", no_wrap=True)
    body = Group(head, Text(""), art, Text(""), title, Text(keyword, style="dim"))
    return Panel(body, box=box.ASCII if ascii else box.ROUNDED, width=width, padding=(0, 1))


def sheet(columns: int, *, ascii: bool, large: bool) -> tuple[Table, int]:
    """The grid of every card, and its width in cells."""
    width = (LARGE_SIZE if large else SIZE)[1] + 6
    cards: list[tuple[Card | None, str]] = [(c, c.id) for c in load_deck().cards]
    cards += [(None, card_id) for card_id in CUSTOM_IDS]
    faces = [face(c, i, ascii=ascii, large=large, width=width) for c, i in cards]
    grid = Table.grid(padding=(0, 1))
    for _ in range(columns):
        grid.add_column()
    for i in range(0, len(faces), columns):
        grid.add_row(*faces[i:i + columns])
    return grid, columns * (width + 1)


# ------------------------------------------------------------------------ cells, as terminals
CELL_W, CELL_H = 10, 20
_QUADRANTS = {"▘": "1000", "▝": "0100", "▀": "1100", "▖": "0010", "▌": "1010", "▞": "0110",
              "▛": "1110", "▗": "0001", "▚": "1001", "▐": "0101", "▜": "1101", "▄": "0011",
              "▙": "1011", "▟": "0111", "█": "1111"}
_LOWER = {"▁": 1, "▂": 2, "▃": 3, "▅": 5, "▆": 6, "▇": 7}  # eighths of a cell, from below
_SHADES = {"░": 0.25, "▒": 0.5, "▓": 0.75}
_ARCS = {"╭": (1, 1), "╮": (-1, 1), "╰": (1, -1), "╯": (-1, -1)}  # towards x, towards y
_STROKE = {"LIGHT": 1.2, "HEAVY": 2.6, "DOUBLE": 1.0}


def _arms(ch: str) -> dict[str, str]:
    """A box-drawing character's arms ("u", "d", "l", "r") and their weight, from its name:
    "BOX DRAWINGS DOWN DOUBLE AND RIGHT SINGLE" -> {"d": "DOUBLE", "r": "LIGHT"}."""
    name = unicodedata.name(ch, "")
    if not name.startswith("BOX DRAWINGS ") or any(w in name for w in ("ARC", "DIAG", "DASH")):
        return {}
    groups = [g.split() for g in name.removeprefix("BOX DRAWINGS ").split(" AND ")]
    weights = {"LIGHT", "HEAVY", "DOUBLE", "SINGLE"}
    default = next((w for g in groups for w in g if w in weights), "LIGHT")
    sides = {"UP": "u", "DOWN": "d", "LEFT": "l", "RIGHT": "r", "HORIZONTAL": "lr",
             "VERTICAL": "ud"}
    arms = {}
    for g in groups:
        weight = next((w for w in g if w in weights), default).replace("SINGLE", "LIGHT")
        for word in g:
            for side in sides.get(word, ""):
                arms[side] = weight
    return arms


def _cell_svg(ch: str, x: int, y: int, colour: str, bold: bool) -> str:
    """One cell's character at column x, line y: blocks and lines as shapes, others as text."""
    left, top, w, h = x * CELL_W, y * CELL_H, CELL_W, CELL_H
    cx, cy = left + w / 2, top + h / 2

    def rect(rx: float, ry: float, rw: float, rh: float, extra: str = "") -> str:
        # a hair wider than the cell, so that neighbouring blocks meet without a seam
        return (f'<rect x="{rx}" y="{ry}" width="{rw + 0.3}" height="{rh + 0.3}" '
                f'fill="{colour}"{extra}/>')

    line = f'stroke="{colour}" fill="none" stroke-width="{_STROKE["LIGHT"]}"'
    if ch in _QUADRANTS:
        return "".join(rect(left + dx * w / 2, top + dy * h / 2, w / 2, h / 2)
                       for bit, (dx, dy) in zip(_QUADRANTS[ch], ((0, 0), (1, 0), (0, 1), (1, 1)),
                                                strict=True) if bit == "1")
    if ch in _LOWER:
        return rect(left, top + h * (8 - _LOWER[ch]) / 8, w, h * _LOWER[ch] / 8)
    if ch in _SHADES:
        return rect(left, top, w, h, f' fill-opacity="{_SHADES[ch]}"')
    if ch in _ARCS:
        sx, sy = _ARCS[ch]
        return (f'<path d="M{cx},{cy + sy * h / 2} L{cx},{cy + sy * w / 2} '
                f'Q{cx},{cy} {cx + sx * w / 2},{cy}" {line}/>')
    if ch in "╱╲╳":
        lines = {"╱": [(left + w, top, left, top + h)], "╲": [(left, top, left + w, top + h)]}
        lines["╳"] = lines["╱"] + lines["╲"]
        return "".join(f'<line x1="{a}" y1="{b}" x2="{c}" y2="{d}" {line}/>'
                       for a, b, c, d in lines[ch])
    if ch in "╎┆┊╌┄┈":
        vertical = ch in "╎┆┊"
        a, b, c, d = (cx, top, cx, top + h) if vertical else (left, cy, left + w, cy)
        return f'<line x1="{a}" y1="{b}" x2="{c}" y2="{d}" {line} stroke-dasharray="3,3"/>'
    arms = _arms(ch)
    if arms:
        out = []
        ends = {"u": (cx, top), "d": (cx, top + h), "l": (left, cy), "r": (left + w, cy)}
        for side, weight in arms.items():
            ex, ey = ends[side]
            offsets = (-2, 2) if weight == "DOUBLE" else (0,)
            for o in offsets:
                ox, oy = (o, 0) if side in "ud" else (0, o)
                out.append(f'<line x1="{cx + ox}" y1="{cy + oy}" x2="{ex + ox}" y2="{ey + oy}" '
                           f'stroke="{colour}" stroke-width="{_STROKE[weight]}" '
                           f'stroke-linecap="square"/>')
        return "".join(out)
    if ch == " ":
        return ""
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{left}" y="{top + h * 0.76}" font-family="DejaVu Sans Mono, monospace" '
            f'font-size="{w * 1.65}" textLength="{w * cell_len(ch)}" '
            f'lengthAdjust="spacingAndGlyphs" fill="{colour}"{weight}>{escape(ch)}</text>')


def cells_svg(lines: list[list[Segment]], width: int, *, no_color: bool) -> str:
    """Rendered lines as a terminal shows them: a grid of `width` cells by len(lines)."""
    body = []
    for y, segments in enumerate(lines):
        x = 0
        for seg in segments:
            style = seg.style
            colour = FOREGROUND
            if style is not None and style.color is not None and not no_color:
                colour = style.color.get_truecolor().hex
            dim = style is not None and bool(style.dim)
            bold = style is not None and bool(style.bold)
            for ch in seg.text:
                glyph = _cell_svg(ch, x, y, colour, bold)
                body.append(f'<g opacity="0.55">{glyph}</g>' if dim and glyph else glyph)
                x += cell_len(ch)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * CELL_W}" '
            f'height="{len(lines) * CELL_H}"><rect width="100%" height="100%" '
            f'fill="{BACKGROUND}"/>{"".join(body)}</svg>')


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--ascii", action="store_true", help="the ASCII emblems and glyphs")
    p.add_argument("--large", action="store_true", help="the large emblems")
    p.add_argument("--no-color", action="store_true", help="as NO_COLOR draws it")
    p.add_argument("--cells", action="store_true", help="draw cells as terminals do")
    p.add_argument("--columns", type=int, default=8)
    p.add_argument("--out", default="emblem_sheet.svg")
    a = p.parse_args()
    grid, width = sheet(a.columns, ascii=a.ascii, large=a.large)
    console = Console(record=True, width=width, file=io.StringIO(), no_color=a.no_color,
                      color_system="truecolor", legacy_windows=False)
    if a.cells:
        lines = console.render_lines(grid, console.options, pad=True)
        with open(a.out, "w", encoding="utf-8") as out:
            out.write(cells_svg(lines, width, no_color=a.no_color))
    else:
        console.print(grid)
        console.save_svg(a.out, title="Dread Draw: card faces")
    print(f"{len(load_deck().cards)} cards and {len(CUSTOM_IDS)} custom cards drawn to {a.out}")


if __name__ == "__main__":
    main()
