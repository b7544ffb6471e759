"""Where each seat finished a game: the standings by place (the game-over screen, the plain
lines, the ratings).

R10.1: the last player remaining wins (first place). The others are placed by when they were
defeated (R8.1): a later defeat is a better place, and players defeated by the same round's
damage share a place. After a stalemate (R10.3) the players still in the game follow the
winner by the cards left in their Life Deck, then in their reserves (as R10.3 picks the
winner); an equal count shares a place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dread_draw.i18n import _, fmt, level_word, ngettext
from dread_draw.play.sim import Match
from dread_draw.rules import Event, Game


def places(game: Game | Any, events: Sequence[Event]) -> list[int]:
    """Each seat's place (1 = the winner; seats that share a place share its number, and
    the next place skips: 1, 2, 2, 4), from a finished game and its events. Only public
    facts are read (the winner, who was defeated, the sizes of the Life Decks and reserves),
    so a network seat's game (`net.remote.SeatGame`) serves as well as the host's."""
    if not game.over:
        raise ValueError("only a finished game has places")
    n = len(game.defeated)
    fell = defeat_rounds(events)
    key: dict[int, tuple[int, int, int]] = {}
    for s in range(n):
        if s == game.winner:
            key[s] = (0, 0, 0)
        elif s in fell:
            key[s] = (2, -fell[s], 0)
        else:  # still in the game after a stalemate
            key[s] = (1, -len(game.life[s]), -len(game.reserves[s]))
    return [1 + sum(1 for t in range(n) if key[t] < key[s]) for s in range(n)]


def by_place(places_: Sequence[int]) -> list[int]:
    """The seats ordered by place, seat order within a shared place."""
    return sorted(range(len(places_)), key=lambda s: (places_[s], s))


def standing_lines(match: Match | Any) -> list[str]:
    """The standings of a finished game by place, one line each: '  1. Zora (CPU normal):
    the winner, 3 cards left in the Life Deck', '  2. Ana (human): defeated in round 7'
    (after a stalemate, the cards each still had). Names as they are: clean them to show."""
    g = match.game
    placed = places(g, match.events)
    fell = defeat_rounds(match.events)
    out = []
    for s in by_place(placed):
        spec = match.seats[s]
        n = len(g.life[s])
        if s == g.winner:
            state = fmt(ngettext("the winner, {n} card left in the Life Deck",
                                 "the winner, {n} cards left in the Life Deck", n), n=n)
        elif g.defeated[s]:
            state = fmt(_("defeated in round {n}"), n=fell[s]) if s in fell else _("defeated")
        else:
            state = fmt(ngettext("{n} card left in the Life Deck",
                                 "{n} cards left in the Life Deck", n), n=n)
        kind = _("human") if spec.is_human else fmt(_("CPU {level}"),
                                                     level=level_word(spec.kind))
        line = fmt(_("{name} ({kind}): {state}"), name=spec.name, kind=kind, state=state)
        # Translators: one numbered line of a list: "  1. Ana summoned Death…".
        out.append(fmt(_("  {i}. {text}"), i=placed[s], text=line))
    return out


def defeat_rounds(events: Sequence[Event]) -> dict[int, int]:
    """The round in which each defeated seat was defeated (from the event log)."""
    rnd, fell = 0, {}
    for ev in events:
        if ev["type"] in ("round_start", "round_end"):
            rnd = ev["round"]
        elif ev["type"] == "defeated":
            fell[ev["seat"]] = rnd
    return fell
