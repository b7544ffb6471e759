"""What of the event log one seat may receive (R11): the one place that decides it.

The log is omniscient (docs/DESIGN.md): `damage.drawn` names the cards a player drew from their
Life Deck, an `outcome` may name cards its player alone saw (`seen`, `buried`, `order`), and
`game_start` carries the seed, from which the whole deal follows. `for_seat(event, seat)`
is the event as `seat` may see it:

- the events whose every field is public (R11.1) pass as they are;
- `game_start` loses its seed (R11.3: nobody may know the order of the decks);
- `damage`: its player gets it whole (R11.2, their own draw); the others see how many cards
  were drawn (`drawn` holds null for each card) and the card kept, which goes to the
  reserves face up;
- `outcome`: its player gets it whole; the others get what its effect declares where it is
  registered (`EffectSpec.outcome`, `dread_draw.rules.registry`): a SHOWN field whole, a
  COUNTED one as how many (a list of nulls), and nothing else — a SECRET field, a field not
  declared, every field of an effect that declares none;
- an event of a type not known here passes as its type alone (a new kind of event stays
  private until it is declared here).
"""

from __future__ import annotations

from typing import Any

from dread_draw.rules import EFFECTS, Event
from dread_draw.rules.registry import COUNTED, SHOWN

PUBLIC = frozenset({
    "round_start", "turn", "summon", "fail", "ability", "ability_idle", "ability_lost",
    "reshuffle", "round_end", "gain_life", "defeated", "game_end",
})  # every field public (R11.1: rows, reserves, the discard pile, revealed cards, counts)
SECRET_START = frozenset({"seed"})  # game_start: the seed decides every hidden card
OUTCOME_PUBLIC = frozenset({"type", "seat", "card", "effect"})  # who used which ability
KNOWN = PUBLIC | {"game_start", "damage", "outcome"}


def outcome_fields(effect: str) -> tuple[frozenset[str], frozenset[str]]:
    """(fields anyone may see, fields of which only the count is public) of an effect's
    `outcome` events, as the effect declares them (nothing, for an effect not known)."""
    spec = EFFECTS.get(effect)
    if spec is None:
        return frozenset(), frozenset()
    return spec.shared(SHOWN), spec.shared(COUNTED)


def for_seat(event: Event, seat: int) -> Event:
    """`event` as `seat` may see it (a new dict when anything is held back; the event
    itself is never changed)."""
    kind = event["type"]
    if kind in PUBLIC:
        return event
    if kind == "game_start":
        return {k: v for k, v in event.items() if k not in SECRET_START}
    if kind == "damage":
        if event["seat"] == seat:
            return event
        kept = event["kept"]
        uid = None if kept is None else kept["uid"]
        return {**event, "drawn": [c if c is not None and c["uid"] == uid else None
                                   for c in event["drawn"]]}
    if kind == "outcome":
        if event["seat"] == seat:
            return event
        shown, counted = outcome_fields(event["effect"])
        out: Event = {}
        for key, value in event.items():
            if key in OUTCOME_PUBLIC or key in shown:
                out[key] = value
            elif key in counted:
                out[key] = [None] * len(value) if isinstance(value, list) else None
        return out
    return {"type": kind}


def cards_in(value: Any) -> list[int]:
    """Every card uid named anywhere in an event (or any JSON value): the `uid` of each card
    object (docs/DESIGN.md writes cards as objects)."""
    found: list[int] = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if "uid" in v and type(v["uid"]) is int:
                found.append(v["uid"])
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return found
