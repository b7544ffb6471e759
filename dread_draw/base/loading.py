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

_held = False  # `hold` turned the collector off, and `release` has not turned it back on
# seconds from a table's first frame to `release`: its first question and the frames after
# it are drawn first (the collector's first pass then walks every object made since `hold`)
RELEASE_AFTER = 0.5


def hold() -> None:
    """No automatic garbage collection until `release` (a collector already off, someone
    else's choice, is left to them)."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def held() -> bool:
    """Is the collector off by `hold`, waiting for `release`?"""
    return _held


def release() -> None:
    """The collector back on, if `hold` turned it off (once; any number of calls)."""
    global _held
    if _held:
        _held = False
        gc.enable()


@contextmanager
def loading() -> Iterator[None]:
    """No automatic garbage collection inside the block (blocks nest; within a `hold`, the
    collector stays off after it)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
