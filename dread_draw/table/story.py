"""The game so far as a table tells it to one reader (no Textual): `l`'s whole log, naming
the reader's own private cards (R11.2: they saw them) and nobody else's."""

from __future__ import annotations

from collections.abc import Iterable

from dread_draw.deck.cards import Deck
from dread_draw.rules import Event
from dread_draw.words.narrate import Narrator


def whose(ev: Event) -> int | None:
    """The seat an event is about: who moved, took damage, won."""
    seat = ev.get("seat", ev.get("winner"))
    return seat if isinstance(seat, int) else None


def log_lines(events: Iterable[Event], deck: Deck, names: list[str],
              seat: int | None) -> list[tuple[str, str]]:
    """The game so far as the table tells it, for the person in `seat` (None: nobody in
    particular, public only): (kind, sentence) pairs, kind "round" for a round's heading,
    "mine" for that person's own moves, "" for the rest. Their own private cards are named
    (R11.2: they saw them); nobody else's ever are."""
    out: list[tuple[str, str]] = []
    _tell(Narrator(deck, names, mine=seat), events, seat, out)
    return out


def _tell(narrate: Narrator, events: Iterable[Event], seat: int | None,
          out: list[tuple[str, str]]) -> None:
    for ev in events:
        line = narrate(ev)
        if not line:
            continue
        if ev["type"] == "round_start":
            out.append(("round", line))
        else:
            out.append(("mine" if seat is not None and whose(ev) == seat else "", line))


class ToldLog:
    """`log_lines`, told once per reader: `l` opened again narrates only the events since
    (a long game's log opens at once). A new event list (a take-back deals the game again)
    is told afresh."""

    def __init__(self, deck: Deck, names: list[str]) -> None:
        self.deck, self.names = deck, names
        self.told: dict[int | None, tuple[list[Event], Narrator, list[tuple[str, str]]]] = {}
        self.count: dict[int | None, int] = {}

    def lines(self, events: list[Event], seat: int | None) -> list[tuple[str, str]]:
        got = self.told.get(seat)
        done = self.count.get(seat, 0)
        if got is None or got[0] is not events or done > len(events):
            got = (events, Narrator(self.deck, self.names, mine=seat), [])
            self.told[seat] = got
            done = 0
        _tell(got[1], events[done:], seat, got[2])
        self.count[seat] = len(events)
        return list(got[2])
