"""The review's chart as lines of text: each seat's chance of winning over the game.

One band per seat, drawn with block characters (eight heights a row, `height` rows a band)
from the start on the left to the end on the right, its chance at the start and at the end
beside it; under a reviewed seat's band, ``▲`` marks its turning points; the last line
numbers the rounds where each begins. Nothing is told by colour: the same lines serve the
table (`tui/coach.py`'s `ChanceChart`), `dread-draw review` and the browser. A sentence per
seat (`curve_summary`) says the same for a screen reader.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.cells import cell_len, set_cell_size

from dread_draw.coach.grades import Curve
from dread_draw.i18n import _, fmt
from dread_draw.i18n import percent as percentage

BLOCKS = " ▁▂▃▄▅▆▇█"
MARK = "▲"
NAME_CELLS = 12  # a seat's name column, at most


def _pct(chance: float) -> str:
    return percentage(round(100 * chance))


def columns(curve: Curve, width: int) -> list[int]:
    """For each of `width` columns, the index of the point it shows: points spread over the
    width (each point as wide as it can be) or, when there are more points than columns,
    the last point of each column's share."""
    n = len(curve.points)
    if n == 0 or width <= 0:
        return []
    if n >= width:
        return [(c + 1) * n // width - 1 for c in range(width)]
    return [c * n // width for c in range(width)]


def chart_lines(curve: Curve, names: Sequence[str], width: int, *, height: int = 1,
                marks: Mapping[int, Sequence[int]] | None = None) -> list[str]:
    """The chart in `width` cells: a band of `height` rows per seat, a line of ``▲`` under
    each seat in `marks` (seat -> the decisions, as places in the choices, of its turning
    points), and the line of rounds."""
    marks = marks or {}
    label = min(NAME_CELLS, max((cell_len(n) for n in names), default=4)) + 1
    end_cells = 5  # " 100%"
    plot = max(8, width - label - 2 * end_cells - 2)
    cols = columns(curve, plot)
    pts = curve.points
    out: list[str] = []
    pad = " " * label
    for seat, name in enumerate(names):
        values = [pts[i].chances[seat] for i in cols]
        for row in range(height - 1, -1, -1):  # the top row first
            cells = []
            for v in values:
                level = round(v * 8 * height) - 8 * row
                cells.append(BLOCKS[max(0, min(8, level))])
            if row == height - 1:
                head = set_cell_size(name, label)
                first = _pct(pts[0].chances[seat]).rjust(end_cells)
            else:
                head, first = pad, " " * end_cells
            last = _pct(pts[-1].chances[seat]).ljust(end_cells) if row == 0 else ""
            out.append(f"{head}{first} {''.join(cells)} {last}".rstrip())
        if seat in marks:
            at = set(marks[seat])
            line = [" "] * plot
            for c, i in enumerate(cols):
                start = pts[i - 1].at + 1 if i > 0 else 0
                if any(start <= a <= pts[i].at for a in at) and (c == 0 or cols[c - 1] != i):
                    line[c] = MARK
            out.append(f"{pad}{' ' * end_cells} {''.join(line)}".rstrip())
    rounds = [" "] * plot
    last_round = 0
    c = 0
    while c < plot:
        r = pts[cols[c]].round
        if r != last_round:
            text = str(r)
            # a space on either side: rounds 4 and 5 side by side never read as 45
            if all(ch == " " for ch in rounds[max(0, c - 1):c + len(text) + 1]):
                rounds[c:c + len(text)] = list(text)
            last_round = r
        c += 1
    word = set_cell_size(_("Round"), label + end_cells)
    out.append(f"{word} {''.join(rounds)}".rstrip())
    return out


def curve_summary(curve: Curve, names: Sequence[str]) -> list[str]:
    """Each seat's chance in a sentence: at the start, at its highest (and in which round),
    and at the end."""
    out = []
    for seat, name in enumerate(names):
        values = curve.of(seat)
        top = max(range(len(values)), key=lambda i: values[i])
        out.append(fmt(_("{name}: {start} at the start, highest {high} in round {round}, "
                         "{end} at the end."), name=name, start=_pct(values[0]),
                       high=_pct(values[top]), round=curve.points[top].round,
                       end=_pct(values[-1])))
    return out
