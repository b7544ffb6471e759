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

from dread_draw.rules.game import DONE, PICK_CARD, PICK_SEAT, Game, take_damage

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


# ------------------------------------------------------------- the standard deck's effects
# (issue 3) Each is generic: the deck file gives the numbers; the card text says them.

def _secret_look(g: Game, seat: int, count: int) -> int:
    """`seat` looks at the top `count` cards of the Draw Deck (fewer if it holds fewer) before
    moving some of them where only it sees: other seats lose track of them (R11.2, R11.3).
    Returns how many cards were seen."""
    k = min(count, len(g.draw))
    top = g.draw[len(g.draw) - k:]
    g.look(seat, top)
    for s in range(g.n):
        if s != seat:
            g.knows[s].difference_update(top)
    g.note(seen=[g.ev_card(c) for c in reversed(top)])
    return k


@effect("bury", params={"count": int})
def bury(g: Game, seat: int, card: int, params: Mapping) -> None:
    """Look at the top `count` cards of the Draw Deck, then put any of them, one at a time,
    on the bottom of the Draw Deck."""
    _bury_ask(g, seat, card, _secret_look(g, seat, params["count"]))


def _bury_ask(g: Game, seat: int, card: int, k: int, buried: int = 0) -> None:
    # The step's arguments say "the top k cards" and how many went under, never which cards
    # they are (R11).
    if k:
        g.ask(seat, PICK_CARD, [*reversed(g.draw[-k:]), DONE], _bury_pick, (card, k, buried),
              card=card,
              prompt="Choose a card you saw to put on the bottom of the Draw Deck, or Done.")
    else:
        _bury_done(g, buried)


def _bury_pick(g: Game, seat: int, card: int, k: int, buried: int, chosen: int) -> None:
    if chosen == DONE:
        _bury_done(g, buried)
        return
    g.draw.remove(chosen)
    g.draw.insert(0, chosen)
    _bury_ask(g, seat, card, k - 1, buried + 1)


def _bury_done(g: Game, buried: int) -> None:
    """The log: the cards now at the bottom, first put under first (how many is public)."""
    if g.events is not None:
        g.note(buried=[g.ev_card(c) for c in reversed(g.draw[:buried])])


@effect("arrange", params={"count": int})
def arrange(g: Game, seat: int, card: int, params: Mapping) -> None:
    """Look at the top `count` cards of the Draw Deck and put them back in any order: choose
    the top card first, then the one under it, and so on."""
    _arrange_ask(g, seat, card, _secret_look(g, seat, params["count"]), 0)


def _arrange_ask(g: Game, seat: int, card: int, k: int, placed: int) -> None:
    # The top `placed` cards are already in their chosen order; the next k - placed follow.
    if k - placed >= 2:
        n = len(g.draw)
        g.ask(seat, PICK_CARD, g.draw[n - k:n - placed][::-1], _arrange_pick, (card, k, placed),
              card=card, prompt=f"Put back the cards you saw: choose the card to be "
                                f"number {placed + 1} from the top of the Draw Deck.")


def _arrange_pick(g: Game, seat: int, card: int, k: int, placed: int, chosen: int) -> None:
    g.draw.remove(chosen)
    g.draw.insert(len(g.draw) - placed, chosen)
    _arrange_ask(g, seat, card, k, placed + 1)


@effect("mill", params={"count": int})
def mill(g: Game, seat: int, card: int, params: Mapping) -> None:
    """Discard the top `count` cards of the Draw Deck face up (R6.1 applies)."""
    milled = []
    for _ in range(params["count"]):
        c = g.take_from_draw()
        if c < 0:
            break
        g.discard.append(c)
        milled.append(c)
    g.note(discarded=[g.ev_card(c) for c in milled])


@effect("peek-life", params={"count": int})
def peek_life(g: Game, seat: int, card: int, params: Mapping) -> None:
    """Look at the top `count` cards of your own Life Deck (R2.2: only this card lets you)."""
    life = g.life[seat]
    top = life[len(life) - min(params["count"], len(life)):]
    g.look(seat, top)
    g.note(seen=[g.ev_card(c) for c in reversed(top)])


@effect("swap-reserve")
def swap_reserve(g: Game, seat: int, card: int, params: Mapping) -> None:
    """Swap one of your reserve cards with one of another player's reserve cards. Both
    cards are placed in their new reserves (their Reserve abilities are offered, R9.3)."""
    mine = g.reserves[seat]
    theirs = [c for s in range(g.n) if s != seat for c in g.reserves[s]]
    if mine and theirs:
        g.ask(seat, PICK_CARD, mine, _swap_give, (card,), card=card,
              prompt="Choose one of your reserve cards to give away.")


def _swap_give(g: Game, seat: int, card: int, given: int) -> None:
    theirs = [c for s in range(g.n) if s != seat for c in g.reserves[s]]
    g.ask(seat, PICK_CARD, theirs, _swap_take, (card, given), card=card,
          prompt="Choose another player's reserve card to take in exchange.")


def _swap_take(g: Game, seat: int, card: int, given: int, taken: int) -> None:
    other = next(s for s in range(g.n) if taken in g.reserves[s])
    g.reserves[seat].remove(given)
    g.reserves[other].remove(taken)
    g.note(gave=g.ev_card(given), took=g.ev_card(taken), other=other)
    g.to_reserves(other, given)
    g.to_reserves(seat, taken)


@effect("puppet", timings=("summon",))  # R5 is overridden for the next turn only
def puppet(g: Game, seat: int, card: int, params: Mapping) -> None:
    """Choose another player in the round: they take the next turn (instead of R5)."""
    others = [s for s in range(g.n) if s != seat and g.in_round[s]]
    if others:
        g.ask(seat, PICK_SEAT, others, _puppet_pick, card=card,
              prompt="Choose the player who takes the next turn.")


def _puppet_pick(g: Game, seat: int, chosen: int) -> None:
    g.next_seat = chosen
    g.note(target=chosen)


@effect("plant", optional={"max_strength": int})
def plant(g: Game, seat: int, card: int, params: Mapping) -> None:
    """Put a card of your choice from the discard pile face up on top of the Draw Deck
    (at most `max_strength` strong, if given): every player knows it is there."""
    cap = params.get("max_strength")
    strength = g.deck.strength
    options = [c for c in g.discard if cap is None or strength[c] <= cap]
    if options:
        g.ask(seat, PICK_CARD, options, _plant_pick, card=card,
              prompt="Choose a card from the discard pile to put on top of the Draw Deck.")


def _plant_pick(g: Game, seat: int, chosen: int) -> None:
    g.discard.remove(chosen)
    g.draw.append(chosen)
    for s in range(g.n):
        g.look(s, [chosen])
    g.note(planted=g.ev_card(chosen))


@effect("salvage", timings=("aftermath",), optional={"max_strength": int})
def salvage(g: Game, seat: int, card: int, params: Mapping) -> None:
    """Only if you were eliminated (R4.4): put a card of your choice from your row into your
    reserves instead of discarding it (at most `max_strength` strong, if given)."""
    if g.in_round[seat]:  # the round's winner: nothing happens
        return
    cap = params.get("max_strength")
    strength = g.deck.strength
    options = [c for c in g.rows[seat] if cap is None or strength[c] <= cap]
    if options:
        g.ask(seat, PICK_CARD, options, _salvage_pick, card=card,
              prompt="Choose a card of your row to keep in your reserves.")


def _salvage_pick(g: Game, seat: int, chosen: int) -> None:
    g.rows[seat].remove(chosen)
    g.totals[seat] -= g.deck.strength[chosen]
    g.note(kept=g.ev_card(chosen))
    g.to_reserves(seat, chosen)


@effect("curse", params={"amount": int}, timings=("aftermath",))
def curse(g: Game, seat: int, card: int, params: Mapping) -> None:
    """Only if you won the round (R7.3): choose another player still in the game; they take
    `amount` damage now (R8.1), before the round's damage is dealt."""
    if not g.in_round[seat]:  # eliminated: nothing happens
        return
    victims = [s for s in range(g.n) if s != seat and not g.defeated[s]]
    if victims:
        g.ask(seat, PICK_SEAT, victims, _curse_pick, (params["amount"],), card=card,
              prompt=f"Choose a player to take {params['amount']} damage.")


def _curse_pick(g: Game, seat: int, amount: int, chosen: int) -> None:
    g.note(target=chosen)
    g.push(take_damage, chosen, amount)
