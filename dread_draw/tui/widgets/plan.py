"""How the seats' cards are laid out in the room the stage leaves them (issue 42), worked out
with no Textual: one card style for the whole table, the size of its tiles grown to fill the
room, and for each seat whether its reserves sit beside its row or on a line of their own
under it (two rows of cards), and — for the one-line styles (`CHIPS`) — each tile's width.

The stage keeps its room first: the table passes the seats only the height the stage leaves.
Each framed style whose every seat fits has its tiles grown, up to the stylesheet's
`max-width` and `max-height` for the style, until the seats fill their height or a row its
width; the one that then shows the most card wins. One-line tiles get the width that shows
their whole name when the line has it, and never less than their numbers and enough
letters to tell the card from every other
(`cardface.line_widths`): a row that cannot have that goes on two lines, reserves under it.

Framed tiles mostly keep their size while a round's rows fill (issue 41: a key is painted
at once): they are planned with room for one card more in every row where that shows
nearly as much card (`HEADROOM`, `ROOMY`), and a plan that still holds every seat stays as
it is (`_holds`) unless a new one would show much more card (`STAY`: the rows emptied at a
round's end, more room) — so most summons mount one tile and resize none, where every card
played used to resize and redraw every tile.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal, overload

from dread_draw.tui.cardface import CHIPS, STYLES

MARGIN = 1  # between two tiles (the stylesheet's CardTile margin)


@dataclass(frozen=True)
class StyleSize:
    """A card style's tile, from the stylesheet: its `least` (width, height) and the `most`
    it may grow to, without the margin."""

    least: tuple[int, int]
    most: tuple[int, int]


@dataclass(frozen=True)
class SeatPlan:
    """One seat: `stacked`: its reserves on a line under its row; `widths`: each tile's
    width, the row's then the reserves' (the one-line styles); `tile`: the width of its
    framed tiles (all of the plan's height); `mark`: the width of the "reserves" mark."""

    stacked: bool
    widths: tuple[int, ...]
    mark: int
    bare: bool = False  # no card at all: its one line says "empty" and "none"
    tile: int = 0  # framed: its tiles' width (0: the plan's)

    def height(self, tile: int) -> int:
        """Its lines with tiles `tile` lines high: the head line, and the cards'."""
        return 1 + (1 if self.bare else (2 if self.stacked else 1) * tile)


Bands = tuple[tuple[int, ...], ...]  # the seats side by side in each band, top to bottom


@dataclass(frozen=True)
class Plan:
    """The table's cards: their `style`, the `tile` (least width, height) of a framed tile
    (a seat with few cards may have wider ones: `SeatPlan.tile`), each seat's plan, and
    the `bands` of seats side by side (one seat a band: one column of seats; the top half
    and the bottom half side by side: `columns`)."""

    style: str
    tile: tuple[int, int]
    seats: tuple[SeatPlan, ...]
    bands: Bands

    @property
    def columns(self) -> bool:
        return any(len(band) > 1 for band in self.bands)

    def height(self) -> int:
        """The lines the seats take: in each band, its tallest seat's head line and lines
        of cards."""
        return sum(max(self.seats[s].height(self.tile[1]) for s in band)
                   for band in self.bands)


@dataclass(frozen=True)
class Seat:
    """What a seat holds: its row and its reserves (card uids)."""

    row: tuple[int, ...]
    reserves: tuple[int, ...]


# (uid, style) -> (least, wanted) width of an unframed tile (cardface.line_widths)
LineWidths = Callable[[int, str], tuple[int, int]]


COLUMNS_FROM = 150  # cells of play area from which the seats may sit in two columns
GAP = 1  # between two seats side by side (their margin, which widgets/seats.py sets)
STAY = 1.25  # how much more card another arrangement of seats or style must show
SLACK = 2  # lines a larger style than the table's must leave free to be taken
TALLEST = 9  # a grown tile's height is at most this many tenths of its width (cells)
WIDEST = 40  # and its width at most this many tenths of its height


def plan_table(seats: Sequence[Seat], width: int, height: int,
               sizes: dict[str, StyleSize], mark: tuple[int, int],
               line_widths: LineWidths, spare: int = 0, was: Plan | None = None,
               keep: bool = True) -> Plan:
    """Of the framed styles in which every seat fits `width` and all of them `height`, their
    tiles grown to the room, the one that shows the most card; else the unframed styles,
    the larger first. `mark`: the "reserves" mark's (least, wanted) width, margin
    included. Too little room for every style: the smallest, with `spare` more lines (the
    stage's, on a small screen) for rows that need two lines, and the rows that still do
    not fit squeezed onto one — and when even that is too tall (a tall question under a
    small table), every seat on one line all the same: the table draws every seat. `was`:
    the plan the table shows now; what the table shows
    changes no more than it must (`STAY`, `SLACK`): seats do not jump from one place to
    another, nor cards from one style to another, with every card played or every line the
    prompt takes or gives back; and while `was` still holds the seats its tiles keep their
    size (`keep`: `was` was planned for this width)."""
    alone: Bands = tuple((s,) for s in range(len(seats)))
    arrangements = [alone]
    top = (len(seats) + 1) // 2  # (the table's top and bottom halves)
    if width >= COLUMNS_FROM and len(seats) > 2:
        arrangements.append((tuple(range(top)), tuple(range(top, len(seats)))))
    order = STYLES.index(was.style) if was is not None else len(STYLES)

    def room(style: str) -> int:  # a larger style than the table's: only with lines to spare
        return height - (SLACK if STYLES.index(style) < order else 0)

    def shown(plan: Plan) -> float:  # the most card on the screen (of equals: the larger
        same = [was is not None and was.columns == plan.columns,  # style, the same seats)
                was is not None and was.style == plan.style]
        return _area(plan, seats) * STAY ** sum(same) + sum(same)

    # the rows as they are, and as they may soon be (one card more each): the latter when
    # it shows nearly as much card (`ROOMY`)
    best = None
    for future in ([Seat(s.row + (-1,) * more, s.reserves) for s in seats]
                   for more in range(HEADROOM + 1)):
        framed = [plan for style in STYLES if style not in CHIPS
                  for plan in _framed(future, width, room(style), style, sizes[style],
                                      mark[1], arrangements)]
        if not framed:
            break
        choice = _bared(max(framed, key=shown), seats)
        if best is None:
            best = first = choice
        elif _area(choice, seats) * ROOMY >= _area(first, seats):
            best = choice
    if best is not None:
        if keep and was is not None and _holds(was, seats, width, height, mark[1]):
            kept = _bared(was, seats)  # (a seat's first card, or its last one gone)
            if _area(best, seats) <= STAY * _area(kept, seats):
                return kept
        return best
    line_widths = functools.cache(line_widths)  # (each card's, asked once a style)
    for style in CHIPS:
        plan = _chips(seats, width, room(style), style, mark, line_widths)
        if plan is not None:
            return plan
    return _chips(seats, width, height, CHIPS[-1], mark, line_widths, squeezed=True,
                  spare=spare)


HEADROOM = 1  # framed tiles are planned for rows this many cards longer than they are,
ROOMY = 1.25  # when that shows at most this much less card than the rows as they are


def _bared(plan: Plan, seats: Sequence[Seat]) -> Plan:
    """`plan` for `seats` as they are: a seat with no card at all on its one line of words
    (planned with a card to come: `HEADROOM`)."""
    bare = [_bare(seat) for seat in seats]
    if all(sp.bare == b for sp, b in zip(plan.seats, bare, strict=True)):
        return plan
    return replace(plan, seats=tuple(
        replace(sp, bare=b, stacked=sp.stacked and not b) if sp.bare != b else sp
        for sp, b in zip(plan.seats, bare, strict=True)))


def _holds(plan: Plan, seats: Sequence[Seat], width: int, height: int, mark: int) -> bool:
    """Whether the framed `plan` still holds `seats` in `width` by `height`: every seat's
    tiles on its line or lines as planned (a seat planned on one line still fits it), and
    all of them in the height."""
    if plan.style in CHIPS or len(plan.seats) != len(seats):
        return False
    room = _seat_widths(plan.bands, width)
    for seat, sp, seat_width in zip(seats, plan.seats, room, strict=True):
        if not _bare(seat) and not _fits(len(seat.row), len(seat.reserves), seat_width, mark,
                                         (sp.tile or plan.tile[0]) + MARGIN, sp.stacked):
            return False
    return _bared(plan, seats).height() <= height


PLACEHOLDER = 7  # "empty" or "none" where a row or the reserves have no card, its margin


def _fits(row: int, res: int, width: int, mark: int, tile: int, stacked: bool) -> bool:
    """Whether `row` and `res` tiles `tile` wide (margin counted) and the mark fit a seat
    `width` wide, beside each other or the reserves under the row (an empty row or empty
    reserves: a word, `PLACEHOLDER`)."""
    row_w = row * tile or PLACEHOLDER
    res_w = (res * tile or PLACEHOLDER) + mark
    return max(row_w, res_w) <= width if stacked else row_w + res_w <= width


def _framed(seats: Sequence[Seat], width: int, height: int, style: str, size: StyleSize,
            mark: int, arrangements: list[Bands]) -> list[Plan]:
    """Framed tiles of `style`, grown to the room, in each arrangement of seats and each
    way of the seats' lines that fits: each seat's reserves beside its row if they fit
    there, else under it; or every seat's under it."""
    plans = []
    for bands in arrangements:
        room = _seat_widths(bands, width)
        must = []
        for seat, seat_width in zip(seats, room, strict=True):
            row, res, step = len(seat.row), len(seat.reserves), size.least[0] + MARGIN
            if _fits(row, res, seat_width, mark, step, stacked=False):
                must.append(False)
            elif _fits(row, res, seat_width, mark, step, stacked=True):
                must.append(True)
            else:
                break
        else:
            for stacked in (must, [True] * len(seats)):
                plan = _grown(seats, room, height, style, size, stacked, mark, bands)
                if plan is not None:
                    plans.append(plan)
    return plans


def _seat_widths(bands: Bands, width: int) -> list[int]:
    """Each seat's width: its band's, shared with the seats beside it."""
    out = {s: (width - GAP * (len(band) - 1)) // len(band) if len(band) > 1 else width
           for band in bands for s in band}
    return [out[s] for s in sorted(out)]


def _grown(seats: Sequence[Seat], room: list[int], height: int, style: str, size: StyleSize,
           stacked: list[bool], mark: int, bands: Bands) -> Plan | None:
    """The tiles grown: as tall as the height and the narrowest seat's cards allow (a card,
    not a pillar: `TALLEST`), then each seat's as wide as its own line allows (not a strip:
    `WIDEST`) — a seat with few cards is not held back by a crowded one."""
    fit = [min(size.most[0], _widest(seat, width, mark, stack))
           for seat, width, stack in zip(seats, room, stacked, strict=True)]
    narrowest = min((w for w, seat in zip(fit, seats, strict=True) if not _bare(seat)),
                    default=size.least[0])
    if narrowest < size.least[0]:
        return None
    # the seats' height at tiles `tall` high: in each band, its head line and its tallest
    # seat's lines of tiles (a band of seats with no card: their line of words)
    lines = [max((2 if stacked[s] else 1) for s in band if not _bare(seats[s])) if any(
        not _bare(seats[s]) for s in band) else 0 for band in bands]
    words = sum(1 for n in lines if not n)
    tall = min(size.most[1], narrowest * TALLEST // 10)
    if sum(lines):
        tall = min(tall, (height - len(bands) - words) // sum(lines))
    if tall < size.least[1]:
        return None
    plans = tuple(SeatPlan(stack and not _bare(seat), (), mark, _bare(seat),
                           max(narrowest, min(wide, tall * WIDEST // 10)))
                  for seat, stack, wide in zip(seats, stacked, fit, strict=True))
    return Plan(style, (narrowest, tall), plans, bands)


def _widest(seat: Seat, width: int, mark: int, stacked: bool) -> int:
    """The widest tiles (without their margin) a seat's line or lines can hold: `_fits`
    worked out."""
    row, res = len(seat.row), len(seat.reserves)
    if stacked:
        return min(width // row if row else width,
                   (width - mark) // res if res else width) - MARGIN
    free = width - mark - (0 if row else PLACEHOLDER) - (0 if res else PLACEHOLDER)
    return (free // (row + res) if row + res else width) - MARGIN


def _bare(seat: Seat) -> bool:
    return not seat.row and not seat.reserves


def _area(plan: Plan, seats: Sequence[Seat]) -> int:
    """The cells of the screen the plan's cards take."""
    return plan.tile[1] * sum((sp.tile or plan.tile[0]) * (len(s.row) + len(s.reserves))
                              for s, sp in zip(seats, plan.seats, strict=True))


@overload
def _chips(seats: Sequence[Seat], width: int, height: int, style: str,
           mark: tuple[int, int], line_widths: LineWidths,
           squeezed: Literal[True], spare: int = 0) -> Plan: ...


@overload
def _chips(seats: Sequence[Seat], width: int, height: int, style: str,
           mark: tuple[int, int], line_widths: LineWidths,
           squeezed: Literal[False] = False, spare: int = 0) -> Plan | None: ...


def _chips(seats: Sequence[Seat], width: int, height: int, style: str,
           mark: tuple[int, int], line_widths: LineWidths,
           squeezed: bool = False, spare: int = 0) -> Plan | None:
    """Tiles of one of the `CHIPS` styles, each as wide as its whole name when the line has
    room, never less than its least (numbers and a name that tells it apart). A seat whose
    names are not all whole on one line puts its reserves on a line of their own while the
    height allows (the seats in turn), or must, its least being too wide for one line.
    None: the seats do not fit `height` so (`squeezed`, the last resort: a row whose least
    is too wide for one line may take `spare` lines more for its second, and the rows that
    still do not fit are squeezed onto one line, their tiles below their least; a plan
    even where the seats' lines are more than the height: each seat then on one line)."""
    tall = CHIP_LINES[style]
    lines = len(seats) * (1 + tall) - (tall - 1) * sum(map(_bare, seats))  # (no card: words)
    plans = []
    for seat in seats:
        row_cards = [line_widths(uid, style) for uid in seat.row] or [EMPTY]
        res_cards = [line_widths(uid, style) for uid in seat.reserves] or [EMPTY]
        beside = _share(row_cards + res_cards, width, mark)
        top, bottom = _share(row_cards, width, (0, 0)), _share(res_cards, width, mark)
        room = height + (spare if beside is None else 0)  # (the stage's lines: if it must)
        two = (top[0] + bottom[0], bottom[1], top[2] and bottom[2]) if (
            top is not None and bottom is not None and lines + tall <= room) else None
        if beside is not None and (beside[2] or two is None or not two[2]):
            widths, mark_width, stacked = beside[0], beside[1], False
        elif two is not None:
            widths, mark_width, stacked = two[0], two[1], True
            lines += tall
        elif squeezed:
            widths, mark_width, stacked = _squeezed(row_cards + res_cards, width, mark), \
                mark[0], False
        else:
            return None
        # the placeholders' widths out: the tiles' only
        rows = len(row_cards)
        widths = (widths[:rows] if seat.row else ()) + (widths[rows:] if seat.reserves else ())
        plans.append(SeatPlan(stacked, widths, mark_width, _bare(seat)))
    if lines > height and not squeezed:
        return None
    return Plan(style, (0, tall), tuple(plans), tuple((s,) for s in range(len(seats))))


def _squeezed(cards: list[tuple[int, int]], width: int, mark: tuple[int, int]
              ) -> tuple[int, ...]:
    """Tiles below their least width, sharing one line in proportion to it (each keeps at
    least its numbers' room and a letter: cardface cuts the name shorter)."""
    room = width - mark[0] - MARGIN * len(cards)
    total = sum(least for least, _want in cards)
    return tuple(max(SQUEEZED, least * room // total) for least, _want in cards)


SQUEEZED = 7  # "12 ●1 …": the least a squeezed tile keeps


EMPTY = (6, 6)  # "empty", "none": a placeholder's width
CHIP_LINES = dict(zip(CHIPS, (3, 2, 1), strict=True))  # each chip style's height


def _share(cards: list[tuple[int, int]], width: int,
           mark: tuple[int, int]) -> tuple[tuple[int, ...], int, bool] | None:
    """The widths of tiles on one line of `width` (margins counted), the mark's, and whether
    every name is whole: each tile its least, then the tiles more, in turn, up to their
    wanted width, then the mark its wanted width ("res…" only for names that need the
    room). None: their least is too wide."""
    widths = [least for least, _want in cards]
    free = width - sum(widths) - MARGIN * len(cards) - mark[0]
    if free < 0:
        return None
    while free > 0:
        grew = False
        for i, (_least, want) in enumerate(cards):
            if free > 0 and widths[i] < want:
                widths[i] += 1
                free -= 1
                grew = True
        if not grew:
            break
    whole = all(w >= want for w, (_least, want) in zip(widths, cards, strict=True))
    return tuple(widths), mark[0] + min(free, mark[1] - mark[0]), whole
