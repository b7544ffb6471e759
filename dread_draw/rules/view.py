"""A seat's view of the game (R11): everything public, plus what this seat alone has seen.

`Game.view(seat)` is the only way a CPU seat or a screen learns about a game. A View is a
snapshot: immutable values only (tuples, read-only mappings, the immutable Deck), so nothing
reachable from it can change the game, and it stays as it was when the game moves on.
Its fields are derived from the state declaration (`dread_draw.rules.state`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from dread_draw.rules.decision import KEEP, Decision
from dread_draw.rules.deck import Deck
from dread_draw.rules.public import card_to_beat
from dread_draw.rules.state import (
    FRAMES,
    HIDDEN,
    HIDDEN_ZONES,
    PENDING,
    PER_SEAT,
    PILE,
    PRIVATE_ZONES,
    REPLACED,
    RESUME,
    SHARED,
    STATE,
    VALUE,
    ZONES,
    view_fields,
)

Known = tuple[tuple[int, int], ...]  # (depth from the top, uid) of cards in a face-down pile


class View(NamedTuple):
    """What one seat may know (R11). Zones list uids, rows left to right, the discard pile
    bottom to top. Face-down piles are counts, plus the places this seat has seen
    (`draw_known`, `life_known`: pairs of (depth from the top, uid)); others' drawn Life
    Deck cards are counts, plus those this seat knows (`looking_known`)."""

    seat: int
    deck: Deck
    players: int
    draw_count: int
    draw_known: Known
    life_counts: tuple[int, ...]
    life_known: tuple[Known, ...]
    looking: tuple[int, ...]  # this seat's own drawn Life Deck cards (R11.2)
    looking_counts: tuple[int, ...]
    looking_known: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    fortune: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    reserves: tuple[tuple[int, ...], ...]
    in_round: tuple[bool, ...]
    defeated: tuple[bool, ...]
    totals: tuple[int, ...]
    uses: Mapping[int, int]  # optional abilities used this round, per card (public, R9.1)
    round: int
    starting_seat: int
    current: int
    last_winner: int
    quiet_rounds: int
    damaged: bool
    winner: int
    over: bool
    stalemate: bool
    decisions: int
    next_seat: int
    pending: Decision | None  # another seat's pending Decision shows no options
    resume: tuple[Any, ...] | None  # the step taking this seat's answer (see game.py)
    frames: tuple[Any, ...]  # the rules' pending steps (public bookkeeping, see game.py)

    def card_to_beat(self, seat: int | None = None) -> int:
        """R4.2 for `seat` (this view's seat by default), from public information."""
        return card_to_beat(self, self.seat if seat is None else seat)

    def located(self) -> set[int]:
        """Every card whose place this seat knows."""
        seen = set(self.discard).union(self.looking, self.fortune)
        for zone in self.rows + self.reserves + self.looking_known:
            seen.update(zone)
        seen.update(c for _, c in self.draw_known)
        for known in self.life_known:
            seen.update(c for _, c in known)
        return seen

    def unseen(self) -> list[int]:
        """The cards this seat cannot place: each is equally likely in any hidden slot."""
        seen = self.located()
        return [c for c in range(self.deck.size) if c not in seen]

    def draw_top(self) -> int:
        """The top card of the Draw Deck if this seat knows it, else -1."""
        for depth, c in self.draw_known:
            if depth == 0:
                return c
        return -1


if View._fields != view_fields():  # the declaration and the class must agree, field by field
    raise TypeError(f"View's fields {View._fields} differ from the state declaration's "
                    f"{view_fields()}")


def known_places(zone: list[int], knows: set[int]) -> Known:
    """(depth from the top, uid) of the cards of a face-down pile (top at the end) whose
    place is in `knows`, top first."""
    if not knows or knows.isdisjoint(zone):
        return ()
    top = len(zone) - 1
    return tuple((top - i, c) for i, c in enumerate(zone) if c in knows)[::-1]


def snapshot(game: Any, seat: int) -> View:
    """`seat`'s View of `game`, field by field from the state declaration."""
    knows: set[int] = game.knows[seat]
    out: dict[str, Any] = {"seat": seat}
    for name, kind, shown in STATE:
        value = getattr(game, name)
        if kind == VALUE or kind == SHARED:
            out[shown] = value
        elif kind == PER_SEAT or kind == PILE:
            out[shown] = tuple(value)
        elif kind == ZONES:
            out[shown] = tuple(map(tuple, value))
        elif kind == REPLACED:
            out[shown] = MappingProxyType(value)
        elif kind == HIDDEN:
            out[shown + "_count"] = len(value)
            out[shown + "_known"] = known_places(value, knows)
        elif kind == HIDDEN_ZONES:
            out[shown + "_counts"] = tuple(map(len, value))
            out[shown + "_known"] = tuple(known_places(z, knows) for z in value)
        elif kind == PRIVATE_ZONES:
            out[shown] = tuple(value[seat])
            out[shown + "_counts"] = tuple(map(len, value))
            out[shown + "_known"] = tuple(
                () if s == seat or not z else tuple(c for c in z if c in knows)
                for s, z in enumerate(value))
        elif kind == PENDING:
            if value is not None and value.seat != seat:  # R11: not another seat's options
                value = value._replace(options=(), card=value.card if value.kind != KEEP else -1)
            out[shown] = value
        elif kind == RESUME:
            mine = game.pending is not None and game.pending.seat == seat
            out[shown] = value if mine else None
        elif kind == FRAMES:
            out[shown] = tuple(value)
    return View(**out)
