"""The effect registry: every `effect = "..."` name a deck file may use, with everything the
rest of the program needs to know about it, declared in one place (docs/DESIGN.md principle 14).

An effect is registered once, with:

- what it does: ``run(game, seat, card, params)`` for a triggered effect (Summon, Reserve,
  Aftermath; R9.2–R9.4), which may ask its player for parameters through `game.ask(...)`;
  or, for an always-active effect (R9.5), the *hook* its `amount` feeds: ``beat`` (the card
  to beat counts this much less, R4.2), ``ward`` (its owner takes this much less damage,
  R8.1) or ``deal`` (its owner's winning row deals this much more, R7.1);
- its parameters and the timings it fits (the deck loader checks files against them);
- what a CPU needs to judge it, as facts, never words: the `Pick`s it may ask (what choosing
  does: TAKE, GIVE, TO_TOP, …; and, when they are public, the options it would offer),
  whether it discards the top of the Draw Deck, which parameter is the life it gains;
- when it could do nothing, as anyone can see (R9.7): then it is not offered;
- what the narrator needs to tell what it did: a `Tell` for each kind of `outcome` event it
  emits (what an ability did is its own event, complete when emitted: see game.py);
- the fields of its `outcome` events and what the other seats receive of each (R11):
  SHOWN (whole), COUNTED (only how many cards) or SECRET (nothing) — the network sends
  each seat exactly that (`dread_draw.rules.privacy`), and a field not declared is never
  sent (tests/test_effect_contract.py checks every registered effect against all this).

Contract for steps: arguments carry seats, numbers and public cards only — never a card
hidden from some seat — so that a seat's view can hold the pending steps (see game.py).
The card text in the deck file must say exactly what the effect does (R13).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from dread_draw.rules.decision import Pick
from dread_draw.rules.deck import Deck

if TYPE_CHECKING:  # only for annotations: the game imports this registry
    from dread_draw.rules.game import Game
    from dread_draw.rules.public import PublicState

TRIGGERED = ("summon", "reserve", "aftermath")
BEAT, WARD, DEAL = "beat", "ward", "deal"  # the always-active hooks (R9.5)
HOOKS = (BEAT, WARD, DEAL)
SHOWN, COUNTED, SECRET = "shown", "counted", "secret"  # an outcome field, for other seats
SHARES = (SHOWN, COUNTED, SECRET)

Run = Callable[["Game", int, int, Mapping[str, object]], None]
CanAct = Callable[["PublicState", int, int, Mapping[str, object]], bool]


@dataclass(frozen=True)
class Tell:
    """How the narrator tells one kind of `outcome` event of an effect — the one holding the
    field `on` — as whole sentences.

    `public` is said during a game (None: nothing beyond "X uses The Card"); `revealed` in a
    replay of a finished game, where every card may be named (None: the same as `public`).
    Placeholders: ``{who}``, the player who used the ability; ``{field}``, a field of the
    event — a card is named, a list of cards listed, a seat named if the field is in
    `seats`, a number written; ``{field_count}``, how many cards a list field holds. A
    sentence for everyone names only public cards (R11.2): a private field appears there
    only as its count. `nothing`: the sentence, for everyone, when the field `on` holds no
    card ("{who} puts none of them …"): a language says "none" with a negative sentence of
    its own ("n'en met aucune", "no pone ninguna"), never by putting "no card" in the
    positive one (None: nothing is said then).
    """

    public: str | None
    revealed: str | None = None
    on: str = ""
    seats: tuple[str, ...] = ()
    nothing: str | None = None


@dataclass(frozen=True)
class EffectSpec:
    """One registered effect (see the module docstring)."""

    name: str
    params: Mapping[str, type]
    timings: tuple[str, ...]
    run: Run | None = None
    hook: str | None = None
    optional: Mapping[str, type] = field(default_factory=dict)
    picks: tuple[Pick, ...] = ()
    can_act: CanAct | None = None
    discards_top: bool = False
    gains_life: str | None = None
    tells: tuple[Tell, ...] = ()
    outcome: Mapping[str, str] | None = None  # outcome field -> SHOWN/COUNTED/SECRET (None:
    # not declared, so nothing beyond who used which card is sent to other seats)

    def shared(self, share: str) -> frozenset[str]:
        """The outcome fields other seats receive as `share` (SHOWN, COUNTED, SECRET)."""
        return frozenset(k for k, v in (self.outcome or {}).items() if v == share)

    def tell(self, event: Mapping[str, object]) -> Tell | None:
        """How to tell this `outcome` event of the effect (None: it has no words)."""
        return next((t for t in self.tells if t.on in event), None)

    def value(self, params: Mapping[str, object]) -> int:
        """An always-active effect's amount for its hook."""
        amount = params["amount"]
        assert isinstance(amount, int)
        return amount

    def could_act(self, state: PublicState, seat: int, card: int,
                  params: Mapping[str, object]) -> bool:
        """R9.7: could using it now do anything, as anyone can see? Its own test if it
        declares one; else every pick whose options are public must have one."""
        if self.can_act is not None:
            return self.can_act(state, seat, card, params)
        for p in self.picks:  # (a loop, not all(...): asked at every offer of an ability)
            if p.candidates is not None and not p.candidates(state, seat, card, params):
                return False
        return True


EFFECTS: dict[str, EffectSpec] = {}


def effect(name: str, *, params: Mapping[str, type] | None = None,
           optional: Mapping[str, type] | None = None, timings: tuple[str, ...] = TRIGGERED,
           picks: tuple[Pick, ...] = (), can_act: CanAct | None = None,
           discards_top: bool = False, gains_life: str | None = None,
           tell: Tell | tuple[Tell, ...] = (),
           outcome: Mapping[str, str] | None = None) -> Callable[[Run], Run]:
    """Register a triggered effect: ``run(game, seat, card, params)`` and its declarations
    (`outcome`: each field of its outcome events and what other seats get of it; ``{}``: it
    emits none)."""
    assert outcome is None or set(outcome.values()) <= set(SHARES), f"{name}: {outcome}"

    def register(fn: Run) -> Run:
        EFFECTS[name] = EffectSpec(name, dict(params or {}), tuple(timings), run=fn,
                                   optional=dict(optional or {}), picks=picks, can_act=can_act,
                                   discards_top=discards_top, gains_life=gains_life,
                                   tells=tell if isinstance(tell, tuple) else (tell,),
                                   outcome=None if outcome is None else dict(outcome))
        return fn

    return register


def always(name: str, hook: str) -> None:
    """Register an always-active effect (R9.5) with an `amount` for `hook`."""
    assert hook in HOOKS, f"unknown hook {hook!r}"
    EFFECTS[name] = EffectSpec(name, {"amount": int}, ("always",), hook=hook, outcome={})


@lru_cache(maxsize=32)
def hook_amounts(deck: Deck) -> Mapping[str, tuple[frozenset[int], tuple[int, ...]]]:
    """Per hook, the uids with an always-active amount for it, and every uid's amount (0 for
    most): computed once per deck, so the rules never scan abilities while they play (decks
    are immutable)."""
    table = {hook: [0] * deck.size for hook in HOOKS}
    for uid, ability in enumerate(deck.ability):
        if ability is not None and ability.when == "always":
            spec = EFFECTS[ability.effect]
            if spec.hook is not None:
                table[spec.hook][uid] += spec.value(ability.params)
    return {hook: (frozenset(u for u, a in enumerate(amounts) if a), tuple(amounts))
            for hook, amounts in table.items()}
