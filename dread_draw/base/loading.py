"""Start-up without the garbage collector in the way (issue 41).

Loading a command's modules and building its first screen makes a few hundred thousand
objects that all live on (classes, functions, the deck, the widgets), and Python's cyclic
collector walked them again and again as they piled up: about a tenth of the time from
`dread-draw play` to the table's first frame, for no garbage. `loading()` holds automatic
collections off for a block; `hold()` until `release()` — just after the table's first
frames, or the command's end. Nothing is lost: the collector runs again after, and finds
whatever cycles were left meanwhile. The table then keeps what it loaded out of the
collector's sight (`tui.pauses`).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# seconds from a table's first frame to `release`: its first question and the frames after
# it are drawn first (the collector's first pass then walks every object made since `hold`)
RELEASE_AFTER = 0.5


class CollectorHold:
    """Automatic garbage collection off from `start` to `end` — only if it was on: a
    collector already off, someone else's choice, is left to them (and `end` leaves it
    off). Used for the start-up here, and for a key's frame (`tui.pauses`)."""

    def __init__(self) -> None:
        self.on = False  # `start` turned the collector off, and `end` has not turned it back

    def start(self) -> bool:
        """The collector off, if it is on; whether this hold is on now."""
        if not self.on and gc.isenabled():
            gc.disable()
            self.on = True
        return self.on

    def end(self) -> None:
        """The collector back on, if `start` turned it off (once; any number of calls)."""
        if self.on:
            self.on = False
            gc.enable()


_START = CollectorHold()  # the command's start, until just after the table's first frames


def hold() -> None:
    """No automatic garbage collection until `release` (see `CollectorHold`)."""
    _START.start()


def held() -> bool:
    """Is the collector off by `hold`, waiting for `release`?"""
    return _START.on


def release() -> None:
    """The collector back on, if `hold` turned it off (once; any number of calls)."""
    _START.end()


@contextmanager
def loading() -> Iterator[None]:
    """No automatic garbage collection inside the block (blocks nest; within a `hold`, the
    collector stays off after it)."""
    block = CollectorHold()
    block.start()
    try:
        yield
    finally:
        block.end()
