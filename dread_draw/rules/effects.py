"""The effect vocabulary: every `effect = "..."` name a deck file may use, and what it does.

An effect is a small, generic, parameterized function registered with `@effect`. Triggered
effects (Summon, Reserve, Aftermath; R9.2–R9.4) have ``run(game, seat, card, params)``;
they may ask their player for parameters through `game.ask(...)` with a step function that
receives the answer. Always-active effects (R9.5) have no `run`: they feed a named *hook*
that the rules read where it matters (`Game.modifier`):

- ``beat``: the card to beat counts this much less (R4.2) for the owner;
- ``ward``: the owner takes this much less damage (R8.1);
- ``deal``: the owner deals this much more damage when winning a round (R7.1).

Contract for steps: arguments carry seats, numbers and public cards only — never a card
hidden from some seat — so that a seat's view can hold the pending steps (see game.py).
The card text in the deck file must say exactly what the effect does (R13).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from dread_draw.rules.game import PICK_CARD, Game

TRIGGERED = ("summon", "reserve", "aftermath")


@dataclass(frozen=True)
class EffectSpec:
    """One effect: its parameters (name -> type), the timings it fits, and what it does."""

    name: str
    params: dict[str, type]
    timings: tuple[str, ...]
    run: Callable | None = None
    hook: str | None = None
    optional: dict[str, type] = field(default_factory=dict)

    def value(self, params: Mapping) -> int:
        """An always-active effect's amount for its hook."""
        return params["amount"]


EFFECTS: dict[str, EffectSpec] = {}


def modifier(deck, row, reserves, hook: str) -> int:
    """Sum of the always-active amounts (R9.5) for `hook` among a seat's row and reserves."""
    total = 0
    for zone in (row, reserves):
        for c in zone:
            if deck.when[c] == "always":
                a = deck.ability[c]
                spec = EFFECTS[a.effect]
                if spec.hook == hook:
                    total += spec.value(a.params)
    return total


def effect(name: str, *, params: dict | None = None, optional: dict | None = None,
           timings=TRIGGERED):
    """Register a triggered effect: ``run(game, seat, card, params)``."""

    def register(fn):
        EFFECTS[name] = EffectSpec(name, params or {}, tuple(timings), run=fn,
                                   optional=optional or {})
        return fn

    return register


def always(name: str, hook: str) -> None:
    """Register an always-active effect (R9.5) with an `amount` for `hook`."""
    EFFECTS[name] = EffectSpec(name, {"amount": int}, ("always",), hook=hook)


# ------------------------------------------------------------------------ triggered effects

@effect("peek-draw", params={"count": int})
def peek_draw(g: Game, seat: int, card: int, params: Mapping) -> None:
    """Look at the top `count` cards of the Draw Deck; only this seat sees them (R11.2)."""
    top = g.draw[-params["count"]:] if params["count"] else []
    g.look(seat, top)
    g.note(seen=[g.ev_card(c) for c in reversed(top)])


@effect("gain-life", params={"count": int})
def gain_life(g: Game, seat: int, card: int, params: Mapping) -> None:
    """Gain `count` life (R8.5)."""
    g.gain_life(seat, params["count"])


@effect("scavenge", optional={"max_strength": int})
def scavenge(g: Game, seat: int, card: int, params: Mapping) -> None:
    """Put a card of your choice from the discard pile into your reserves (at most
    `max_strength` strong, if given)."""
    cap = params.get("max_strength")
    strength = g.deck.strength
    options = [c for c in g.discard if cap is None or strength[c] <= cap]
    if options:
        g.ask(seat, PICK_CARD, options, _scavenge_pick, card=card,
              prompt="Choose a card from the discard pile to put in your reserves.")


def _scavenge_pick(g: Game, seat: int, chosen: int) -> None:
    g.discard.remove(chosen)
    g.note(took=g.ev_card(chosen))
    g.to_reserves(seat, chosen)


# --------------------------------------------------------------------- always-active effects

always("ward", "ward")
always("lower-bar", "beat")
always("bloodlust", "deal")
