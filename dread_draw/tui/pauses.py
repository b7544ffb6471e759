"""Python's full garbage collections, kept out of the table's key presses (issue 14).

A full collection walks every object alive; at a long evening's table (Textual's caches of
laid-out lines, the log's) that took 100–800 ms, inside one key press in four. So, while an
app runs:

- what is alive when it starts (modules, the deck, the stylesheet: never garbage) is frozen,
  out of the collector's sight (`gc.freeze`), so a full collection walks only the table;
- automatic full collections are made rare (`FULL_EVERY`), and one is made at each round's
  end instead, while the round's summary is read (`collect`): cyclic garbage lives at most a
  round, and memory stays flat over a game;
- on the way out the collector is set back as it was.

Young collections (generations 0 and 1) run as Python schedules them — except while a key
is being answered: from a person's answer to the first frame that shows it (`hold_young`,
`release_young`), they wait. Drawing the move makes garbage (laid-out lines, styles), and
at 200x60 a key met two or three young collections, 4–8 ms of its frame (issue 41); held,
they run just after the frame is painted, the same work where nobody waits on it.

A frame painted is handed to Textual's writer thread, which writes it to the terminal once
it holds the interpreter's lock. Python hands the lock over every 5 ms, and not inside a
collection: a frame reached the terminal 5-13 ms after it was painted (median 7 ms at
200x60, measured in tmux). While an app runs, the lock changes hands every `SWITCH` seconds,
and a key's held collections wait `WRITER_FIRST` more after the paint, so the frame is
written first (paint to terminal at 200x60: median 7.2 -> 2.1 ms, the app's own stamps).
"""

from __future__ import annotations

import asyncio
import gc
import sys
from typing import TYPE_CHECKING

from dread_draw.base.loading import CollectorHold

if TYPE_CHECKING:
    from textual.screen import Screen

FULL_EVERY = 1000  # young collections between two automatic full ones (Python's default: 10)
SWITCH = 0.0005  # seconds between two hand-overs of the interpreter's lock (Python's: 0.005)


class Pauses:
    """The collector's settings for one app's run (`start` on mount, `stop` on the way out)."""

    def __init__(self) -> None:
        self.saved: tuple[int, int, int] | None = None
        self.switch = 0.0

    def start(self) -> None:
        if self.saved is not None:
            return
        t0, t1, _t2 = self.saved = gc.get_threshold()
        gc.freeze()
        gc.set_threshold(t0, t1, FULL_EVERY)
        self.switch = sys.getswitchinterval()
        sys.setswitchinterval(min(SWITCH, self.switch))

    def stop(self) -> None:
        release_young()  # (a key's hold, if the app ends inside one)
        if self.saved is None:
            return
        gc.set_threshold(*self.saved)
        gc.unfreeze()
        sys.setswitchinterval(self.switch)
        self.saved = None


def collect() -> None:
    """A full collection now (at a round's end, while nobody waits on a key)."""
    gc.collect()


HOLD_AT_MOST = 0.25  # seconds a key holds the young collections at most (a frame never came)
WRITER_FIRST = 0.004  # seconds the held collections wait after the paint: the frame is written
_key = CollectorHold()  # a person's answer, until the frame that shows it
_deadline: asyncio.TimerHandle | None = None  # the key's hold ends then at the latest
_ending = False  # the hold ends at the next paint (`release_after_paint` was called)


def hold_young() -> None:
    """A person's answer is being played and drawn: no collection until `release_young`
    (the frame showing it is painted), or `HOLD_AT_MOST` seconds. Nothing if the collector
    is off for another reason (it is not ours to turn on then)."""
    global _deadline, _ending
    _ending = False
    if _deadline is not None:
        _deadline.cancel()
    elif not _key.start():
        return
    _deadline = asyncio.get_running_loop().call_later(HOLD_AT_MOST, release_young)


def release_after_paint(screen: Screen) -> None:
    """The answer being held is on its way to `screen` (one of its moments is being shown):
    the hold ends once the screen is painted — the frame that shows the answer."""
    global _ending
    if _deadline is not None and not _ending:
        _ending = True
        screen.call_after_refresh(release_soon)


def release_soon() -> None:
    """The hold ends `WRITER_FIRST` seconds from now (the frame painted is written then) —
    this hold: a next key's, begun meanwhile, ends with its own frame."""
    held = _deadline
    if held is not None:
        asyncio.get_running_loop().call_later(WRITER_FIRST, release_young, held)


def release_young(hold: asyncio.TimerHandle | None = None) -> None:
    """The collector as it was before `hold_young` (idempotent); `hold`: only if it is still
    that key's hold."""
    global _deadline
    if _deadline is None or (hold is not None and hold is not _deadline):
        return
    _deadline.cancel()
    _deadline = None
    _key.end()
