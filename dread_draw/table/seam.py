"""What a table plays: the one typed seam between a table session and its match (no Textual).

A table plays either a local `Match` (dread_draw/play/sim.py: the game is here, with its seed
and its choices) or one seat of a hosted game, `RemoteMatch` (dread_draw/net/remote.py: only
what the host sent this seat, R11). Both are a `TableMatch`: the session, the model, the
conductor and every front end read a match through these protocols only, and mypy checks
that both kinds fit them (no `Any` on this seam). What only a local match can do — a hint,
a take-back, a review, the tutorial — the session asks of a `Match` itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Sized
from typing import Protocol, runtime_checkable

from dread_draw.play.sim import Agent, SeatSpec
from dread_draw.rules import Decision, Deck, Event, PublicView, View


class TableGame(Protocol):
    """What a table reads of a game: a seat's view, the public view and the public facts
    (a local `Game`, or a network seat's `SeatGame`, which holds that seat's view only)."""

    def view(self, seat: int) -> View: ...

    def public_view(self) -> PublicView: ...

    @property
    def pending(self) -> Decision | None: ...

    @property
    def over(self) -> bool: ...

    @property
    def winner(self) -> int: ...

    @property
    def round(self) -> int: ...

    @property
    def stalemate(self) -> bool: ...

    @property
    def defeated(self) -> Sequence[bool]: ...

    @property
    def in_round(self) -> Sequence[bool]: ...

    @property
    def fortune(self) -> Sequence[int]: ...

    @property
    def life(self) -> Sequence[Sized]: ...


class TableMove(Protocol):
    """One answered decision (or a network update) as the table hears it: the seat that
    moved, the decision it answered (None: nobody at this table was asked) and its events."""

    @property
    def seat(self) -> int: ...

    @property
    def decision(self) -> Decision | None: ...

    @property
    def events(self) -> Sequence[Event]: ...


TableHook = Callable[[object, TableMove], None]  # (the match, the move)


class TableMatch(Protocol):
    """A match as a table plays it: its seats and deck, the log so far, the game to read,
    the seats' agents (the conductor seats its own), hooks told of every move, and `play()`,
    the one driver loop (`Match.play`, or a network seat's `RemoteMatch.play`)."""

    agents: list[Agent | None]

    @property
    def deck(self) -> Deck: ...

    @property
    def seats(self) -> Sequence[SeatSpec]: ...

    @property
    def seed(self) -> int | None: ...

    @property
    def daily(self) -> str | None: ...

    @property
    def events(self) -> list[Event]: ...

    @property
    def game(self) -> TableGame: ...

    def to_move(self) -> int: ...

    def add_hook(self, hook: TableHook) -> None: ...

    def remove_hook(self, hook: TableHook) -> None: ...

    async def play(self) -> None: ...


@runtime_checkable
class Watcher(Protocol):
    """A seat's agent that also follows the moves of others (a network table's seat: shown
    while others decide)."""

    async def watch(self) -> None: ...
