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

Young collections (generations 0 and 1) run as Python schedules them: they take a
millisecond or two.
"""

from __future__ import annotations

import gc

FULL_EVERY = 1000  # young collections between two automatic full ones (Python's default: 10)


class Pauses:
    """The collector's settings for one app's run (`start` on mount, `stop` on the way out)."""

    def __init__(self) -> None:
        self.saved: tuple[int, int, int] | None = None

    def start(self) -> None:
        if self.saved is not None:
            return
        t0, t1, _t2 = self.saved = gc.get_threshold()
        gc.freeze()
        gc.set_threshold(t0, t1, FULL_EVERY)

    def stop(self) -> None:
        if self.saved is None:
            return
        gc.set_threshold(*self.saved)
        gc.unfreeze()
        self.saved = None


def collect() -> None:
    """A full collection now (at a round's end, while nobody waits on a key)."""
    gc.collect()
