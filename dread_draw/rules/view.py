"""A seat's view of the game (R11): everything public, plus what this seat alone has seen.

`Game.view(seat)` is the only way a CPU seat or a screen learns about a game. A View is a
snapshot: immutable values only (tuples, read-only mappings, the immutable Deck), so nothing
reachable from it can change the game, and it stays as it was when the game moves on.
Its fields are derived from the state declaration (`dread_draw.rules.state`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
    public_fields,
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

    def __reduce__(self) -> tuple[Any, ...]:
        """A view pickles (the coach's search plays its samples in other processes): its
        read-only mappings as plain dicts, read-only again when rebuilt."""
        return (_unpickle_view, (tuple(dict(v) if type(v) is MappingProxyType else v
                                       for v in self),))


def _unpickle_view(fields: tuple[Any, ...]) -> View:
    return View._make(MappingProxyType(v) if f in _READ_ONLY else v
                      for f, v in zip(View._fields, fields, strict=True))


_READ_ONLY = frozenset(shown for _, kind, shown in STATE if kind == REPLACED)

if View._fields != view_fields():  # the declaration and the class must agree, field by field
    raise TypeError(f"View's fields {View._fields} differ from the state declaration's "
                    f"{view_fields()}")


class PublicView(NamedTuple):
    """What someone who holds no seat may know (R11.1): every row and reserve, the discard
    pile, the sizes of the Draw Deck, of every Life Deck and of every seat's drawn cards, the
    fortune once it is read (R10.2), the round's bookkeeping, and whose Decision is pending
    (not its options). No seat's private cards (R11.2), nothing unknown to all (R11.3); of
    the Draw Deck's places, only those every seat knows (R11.4: a card put face up on it).

    A table renders its public parts from this, and a seat's private cards from that seat's
    own `View` only (`Game.public_view`)."""

    deck: Deck
    players: int
    draw_count: int
    draw_known: Known
    life_counts: tuple[int, ...]
    looking_counts: tuple[int, ...]
    discard: tuple[int, ...]
    fortune: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]
    reserves: tuple[tuple[int, ...], ...]
    in_round: tuple[bool, ...]
    defeated: tuple[bool, ...]
    totals: tuple[int, ...]
    uses: Mapping[int, int]
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
    pending: Decision | None  # whose Decision, of what kind: no options (R11)

    def card_to_beat(self, seat: int) -> int:
        """R4.2 for `seat`, from public information."""
        return card_to_beat(self, seat)


if PublicView._fields != public_fields():  # the declaration and the class agree, in order
    raise TypeError(f"PublicView's fields {PublicView._fields} differ from the state "
                    f"declaration's {public_fields()}")


def _public_from_view() -> dict[str, Callable[[View], Any]]:
    """Per PublicView field, how it is read from a seat's View (from the declaration)."""
    out: dict[str, Callable[[View], Any]] = {}
    for _name, kind, shown in STATE:
        if kind == HIDDEN:  # a view cannot tell which known places every seat knows
            out[f"{shown}_known"] = lambda view: ()
        elif kind == PENDING:
            out[shown] = lambda view: public_pending(view.pending)
    return out


_FROM_VIEW = _public_from_view()


def public_of(view: View) -> PublicView:
    """The public part of one seat's view (for a table that holds nothing else: a joined
    network game), field by field from the state declaration. The Draw Deck's known places
    are left out: a view cannot tell which of them every seat knows."""
    return PublicView._make(_FROM_VIEW[f](view) if f in _FROM_VIEW else getattr(view, f)
                            for f in PublicView._fields)


def public_pending(pending: Decision | None) -> Decision | None:
    """A pending Decision as everyone sees it: whose and what kind, no options (R11)."""
    return _pending_for(pending, -1)


def public_knowledge(knows: list[set[int]]) -> set[int]:
    """The hidden cards whose place every seat knows (R11.4)."""
    return set.intersection(*knows) if knows else set()


def known_places(zone: list[int], knows: set[int]) -> Known:
    """(depth from the top, uid) of the cards of a face-down pile (top at the end) whose
    place is in `knows`, top first."""
    if not knows:
        return ()
    hits = knows.intersection(zone)
    if not hits:
        return ()
    top = len(zone) - 1
    return tuple(sorted([(top - zone.index(c), c) for c in hits]))


def _others_known(zones: list[list[int]], knows: set[int], seat: int
                  ) -> tuple[tuple[int, ...], ...]:
    """Per seat, the cards of its private zone that `seat` knows (none of its own: it sees
    those whole)."""
    return tuple(() if s == seat or not z or knows.isdisjoint(z)
                 else tuple(c for c in z if c in knows) for s, z in enumerate(zones))


def _pending_for(pending: Decision | None, seat: int) -> Decision | None:
    """Another seat's pending Decision shows no options (R11), nor which drawn card it is
    about."""
    if pending is None or pending.seat == seat:
        return pending
    return pending._replace(options=(), card=pending.card if pending.kind != KEEP else -1)


def _resume_for(game: Any, seat: int) -> Any:
    pending = game.pending
    return game._resume if pending is not None and pending.seat == seat else None


# The kinds of field every reader sees as they are (a seat's View and the PublicView alike):
# the expression that copies each one out of the game `g`.
_OPEN_FIELDS: dict[str, Callable[[str, str], list[tuple[str, str]]]] = {
    VALUE: lambda name, shown: [(shown, f"g.{name}")],
    SHARED: lambda name, shown: [(shown, f"g.{name}")],
    PER_SEAT: lambda name, shown: [(shown, f"tuple(g.{name})")],
    PILE: lambda name, shown: [(shown, f"tuple(g.{name})")],
    ZONES: lambda name, shown: [(shown, f"tuple(map(tuple, g.{name}))")],
    REPLACED: lambda name, shown: [(shown, f"MappingProxyType(g.{name})")],
}


def _compile() -> Callable[[Any, int], View]:
    """`snapshot(game, seat)`, written out field by field from the state declaration (one
    expression per View field: building a view is on every CPU decision's path)."""
    by_kind: dict[str, Callable[[str, str], list[tuple[str, str]]]] = {
        **_OPEN_FIELDS,
        HIDDEN: lambda name, shown: [(f"{shown}_count", f"len(g.{name})"),
                                     (f"{shown}_known", f"known_places(g.{name}, knows)")],
        HIDDEN_ZONES: lambda name, shown: [
            (f"{shown}_counts", f"tuple(map(len, g.{name}))"),
            (f"{shown}_known", f"tuple([known_places(z, knows) for z in g.{name}])")],
        PRIVATE_ZONES: lambda name, shown: [
            (shown, f"tuple(g.{name}[seat])"),
            (f"{shown}_counts", f"tuple(map(len, g.{name}))"),
            (f"{shown}_known", f"_others_known(g.{name}, knows, seat)")],
        PENDING: lambda name, shown: [(shown, f"_pending_for(g.{name}, seat)")],
        RESUME: lambda name, shown: [(shown, "_resume_for(g, seat)")],
        FRAMES: lambda name, shown: [(shown, f"tuple(g.{name})")],
    }
    fields = {"seat": "seat"}
    for name, kind, shown in STATE:
        if kind in by_kind:
            fields.update(by_kind[kind](name, shown))
    args = ",\n        ".join(f"{fields[f]}" for f in View._fields)
    source = (f"def snapshot(g, seat):\n    knows = g.knows[seat]\n"
              f"    return new(View, (\n        {args}))\n")
    scope: dict[str, Any] = {
        "View": View, "new": tuple.__new__, "MappingProxyType": MappingProxyType,
        "known_places": known_places, "_others_known": _others_known,
        "_pending_for": _pending_for, "_resume_for": _resume_for,
    }
    exec(compile(source, "<dread_draw.rules.view.snapshot>", "exec"), scope)
    made: Callable[[Any, int], View] = scope["snapshot"]
    made.__doc__ = "`seat`'s View of `game`, field by field from the state declaration."
    return made


snapshot = _compile()


def _compile_public() -> Callable[[Any], PublicView]:
    """`public_snapshot(game)`: the PublicView, written out from the state declaration."""
    by_kind: dict[str, Callable[[str, str], list[tuple[str, str]]]] = {
        **_OPEN_FIELDS,
        HIDDEN: lambda name, shown: [
            (f"{shown}_count", f"len(g.{name})"),
            (f"{shown}_known", f"known_places(g.{name}, public_knowledge(g.knows))")],
        HIDDEN_ZONES: lambda name, shown: [(f"{shown}_counts", f"tuple(map(len, g.{name}))")],
        PRIVATE_ZONES: lambda name, shown: [(f"{shown}_counts", f"tuple(map(len, g.{name}))")],
        PENDING: lambda name, shown: [(shown, f"public_pending(g.{name})")],
    }
    fields: dict[str, str] = {}
    for name, kind, shown in STATE:
        if kind in by_kind:
            fields.update(by_kind[kind](name, shown))
    args = ",\n        ".join(fields[f] for f in PublicView._fields)
    source = f"def public_snapshot(g):\n    return new(PublicView, (\n        {args}))\n"
    scope: dict[str, Any] = {
        "PublicView": PublicView, "new": tuple.__new__, "MappingProxyType": MappingProxyType,
        "known_places": known_places, "public_knowledge": public_knowledge,
        "public_pending": public_pending,
    }
    exec(compile(source, "<dread_draw.rules.view.public_snapshot>", "exec"), scope)
    made: Callable[[Any], PublicView] = scope["public_snapshot"]
    made.__doc__ = "The game's PublicView, field by field from the state declaration."
    return made


public_snapshot = _compile_public()
