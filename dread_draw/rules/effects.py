"""The effect vocabulary of the standard deck (issue 3): each effect is generic — the deck
file gives the numbers, the card text says them (R13) — and registered once, with what it
does, what a CPU needs to judge it, when it could do nothing (R9.7) and how its outcome is
told (see `dread_draw.rules.registry`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from dread_draw.rules.decision import (
    DONE,
    GIVE,
    HARM,
    NEXT_TURN,
    TAKE,
    TO_BOTTOM,
    TO_TOP,
    Pick,
)
from dread_draw.rules.deck import Deck
from dread_draw.rules.errors import N_
from dread_draw.rules.game import Game, outcome, take_damage
from dread_draw.rules.public import PublicState
from dread_draw.rules.registry import (
    BEAT,
    COUNTED,
    DEAL,
    SECRET,
    SHOWN,
    WARD,
    Tell,
    always,
    effect,
)


def _int(params: Mapping[str, object], key: str) -> int:
    value = params[key]
    assert isinstance(value, int)
    return value


def _cap(params: Mapping[str, object]) -> int | None:
    """The optional `max_strength` parameter: a chosen card may be at most this strong."""
    cap = params.get("max_strength")
    assert cap is None or isinstance(cap, int)
    return cap


def _looks_at_draw(state: PublicState, seat: int, card: int,
                   params: Mapping[str, object]) -> bool:
    """R9.7, R13.2: a look at the Draw Deck sees only what it holds: nothing when empty."""
    return state.draw_count > 0 and _int(params, "count") > 0


def _takes_from_draw(state: PublicState, seat: int, card: int,
                     params: Mapping[str, object]) -> bool:
    """R9.7: taking cards needs a card in the Draw Deck or one to reshuffle (R6.1, R4.6)."""
    return state.draw_count + len(state.discard) > 0 and _int(params, "count") > 0


def _weak_enough(state: PublicState, cards: Sequence[int],
                 params: Mapping[str, object]) -> list[int]:
    cap = _cap(params)
    if cap is None:
        return list(cards)
    # (a set's own test, no Python loop: R9.7 searches the pile at every offer, R13)
    return list(filter(_at_most(state.deck, cap).__contains__, cards))


@lru_cache(maxsize=64)
def _at_most(deck: Deck, cap: int) -> frozenset[int]:
    """The cards of `deck` at most `cap` strong."""
    return frozenset(c for c, strength in enumerate(deck.strength) if strength <= cap)


# --------------------------------------------------------------------- always-active effects

always("ward", WARD)
always("lower-bar", BEAT)
always("bloodlust", DEAL)


# ------------------------------------------------------------------------- looking at cards

@effect("peek-draw", params={"count": int}, can_act=_looks_at_draw, outcome={"seen": SECRET},
        tell=Tell(None, revealed=N_("{who} sees {seen}."), on="seen"))
def peek_draw(g: Game, seat: int, card: int, params: Mapping[str, object]) -> None:
    """Look at the top `count` cards of the Draw Deck; only this seat sees them (R11.2)."""
    count = _int(params, "count")
    top = g.draw[-count:] if count else []
    g.look(seat, top)
    if g.events is not None:
        outcome(g, seat, card, seen=g.ev_cards(reversed(top)))


def _looks_at_own_life(state: PublicState, seat: int, card: int,
                       params: Mapping[str, object]) -> bool:
    """R9.7: nothing to look at in an empty Life Deck."""
    return state.life_counts[seat] > 0 and _int(params, "count") > 0


@effect("peek-life", params={"count": int}, can_act=_looks_at_own_life,
        outcome={"seen": SECRET}, tell=Tell(None, revealed=N_("{who} sees {seen}."), on="seen"))
def peek_life(g: Game, seat: int, card: int, params: Mapping[str, object]) -> None:
    """Look at the top `count` cards of your own Life Deck (R2.2: only this card lets you)."""
    life = g.life[seat]
    top = life[len(life) - min(_int(params, "count"), len(life)):]
    g.look(seat, top)
    if g.events is not None:
        outcome(g, seat, card, seen=g.ev_cards(reversed(top)))


def _secret_look(g: Game, seat: int, card: int, count: int) -> int:
    """`seat` looks at the top `count` cards of the Draw Deck (fewer if it holds fewer, R13.2)
    before perhaps moving some of them where only it sees. Returns how many it saw."""
    k = min(count, len(g.draw))
    top = g.draw[len(g.draw) - k:]
    g.look(seat, top)
    if g.events is not None:
        outcome(g, seat, card, seen=g.ev_cards(reversed(top)))
    return k


def _secretly_moved(g: Game, seat: int, cards: list[int]) -> None:
    """`seat` moves cards it alone saw: the other seats no longer know where any of them is
    (R11.3), even one they knew, a planted card included (R11.4)."""
    for s in range(g.n):
        if s != seat:
            g.knows[s].difference_update(cards)


SEEN = Tell(None, revealed=N_("{who} sees {seen}."), on="seen")

# The steps' arguments say "the top k cards" and how many went under, never which cards they
# are (R11).
BURY = Pick(TO_BOTTOM, N_("Choose a card you saw to put on the bottom of the Draw Deck, "
                          "or Done."))


@effect("bury", params={"count": int}, picks=(BURY,), can_act=_looks_at_draw,
        outcome={"seen": SECRET, "buried": COUNTED},
        tell=(SEEN, Tell(N_("{who} puts {buried_count} of them on the bottom of the Draw "
                            "Deck."),
                         revealed=N_("{who} puts {buried} on the bottom of the Draw Deck."),
                         on="buried",
                         nothing=N_("{who} puts none of them on the bottom of the Draw Deck."))))
def bury(g: Game, seat: int, card: int, params: Mapping[str, object]) -> None:
    """Look at the top `count` cards of the Draw Deck, then put any of them, one at a time,
    on the bottom of the Draw Deck."""
    _bury_ask(g, seat, card, _secret_look(g, seat, card, _int(params, "count")))


def _bury_ask(g: Game, seat: int, card: int, k: int, buried: int = 0) -> None:
    if k:
        g.ask_pick(seat, BURY, [*reversed(g.draw[-k:]), DONE], _bury_pick, (card, k, buried),
                   card=card)
    else:
        _bury_done(g, seat, card, buried)


def _bury_pick(g: Game, seat: int, card: int, k: int, buried: int, chosen: int) -> None:
    if chosen == DONE:
        _bury_done(g, seat, card, buried)
        return
    # which of the seen cards went under is private: none of them has a known place now
    _secretly_moved(g, seat, g.draw[len(g.draw) - k:] + g.draw[:buried])
    g.draw.remove(chosen)
    g.draw.insert(0, chosen)
    _bury_ask(g, seat, card, k - 1, buried + 1)


def _bury_done(g: Game, seat: int, card: int, buried: int) -> None:
    """The outcome: the cards now at the bottom, first put under first (how many is
    public)."""
    if g.events is not None:
        outcome(g, seat, card, buried=g.ev_cards(reversed(g.draw[:buried])))


ARRANGE = Pick(TO_TOP, N_("Put back the cards you saw: choose the card to be number {number} "
                          "from the top of the Draw Deck."))


@effect("arrange", params={"count": int}, picks=(ARRANGE,), can_act=_looks_at_draw,
        outcome={"seen": SECRET, "order": SECRET},
        tell=(SEEN, Tell(None, revealed=N_("{who} puts them back as {order}, top first."),
                         on="order")))
def arrange(g: Game, seat: int, card: int, params: Mapping[str, object]) -> None:
    """Look at the top `count` cards of the Draw Deck and put them back in any order: choose
    the top card first, then the one under it, and so on."""
    _arrange_ask(g, seat, card, _secret_look(g, seat, card, _int(params, "count")), 0)


def _arrange_ask(g: Game, seat: int, card: int, k: int, placed: int) -> None:
    # The top `placed` cards are already in their chosen order; the next k - placed follow.
    n = len(g.draw)
    if k - placed >= 2:
        g.ask_pick(seat, ARRANGE, g.draw[n - k:n - placed][::-1], _arrange_pick,
                   (card, k, placed), card=card, number=placed + 1)
    elif g.events is not None:  # the outcome: the new order, top first
        outcome(g, seat, card, order=g.ev_cards(reversed(g.draw[n - k:])))


def _arrange_pick(g: Game, seat: int, card: int, k: int, placed: int, chosen: int) -> None:
    _secretly_moved(g, seat, g.draw[len(g.draw) - k:])  # the new order is private
    g.draw.remove(chosen)
    g.draw.insert(len(g.draw) - placed, chosen)
    _arrange_ask(g, seat, card, k, placed + 1)


# ------------------------------------------------------------------------- moving cards

@effect("gain-life", params={"count": int}, gains_life="count", can_act=_takes_from_draw,
        outcome={})  # what it did is the game's own `gain_life` event
def gain_life(g: Game, seat: int, card: int, params: Mapping[str, object]) -> None:
    """Gain `count` life (R8.5)."""
    g.gain_life(seat, _int(params, "count"))


@effect("mill", params={"count": int}, discards_top=True, can_act=_takes_from_draw,
        outcome={"discarded": SHOWN},
        tell=Tell(N_("Discarded from the Draw Deck: {discarded}."), on="discarded"))
def mill(g: Game, seat: int, card: int, params: Mapping[str, object]) -> None:
    """Discard the top `count` cards of the Draw Deck face up (R6.1 applies; R6.2: never the
    same card twice)."""
    milled: list[int] = []
    for _ in range(_int(params, "count")):
        c = g.take_from_draw(milled)
        if c < 0:
            break
        g.discard.append(c)
        milled.append(c)
    if g.events is not None:
        outcome(g, seat, card, discarded=g.ev_cards(milled))


def _discarded_up_to_cap(state: PublicState, seat: int, card: int,
                         params: Mapping[str, object]) -> list[int]:
    return _weak_enough(state, state.discard, params)


SCAVENGE = Pick(TAKE, N_("Choose a card from the discard pile to put in your reserves."),
                _discarded_up_to_cap)


@effect("scavenge", optional={"max_strength": int}, picks=(SCAVENGE,), outcome={"took": SHOWN},
        tell=Tell(N_("{who} takes {took} from the discard pile into reserves."), on="took"))
def scavenge(g: Game, seat: int, card: int, params: Mapping[str, object]) -> None:
    """Put a card of your choice from the discard pile into your reserves (at most
    `max_strength` strong, if given)."""
    options = _discarded_up_to_cap(g, seat, card, params)
    if options:
        g.ask_pick(seat, SCAVENGE, options, _scavenge_pick, (card,), card=card)


def _scavenge_pick(g: Game, seat: int, card: int, chosen: int) -> None:
    g.discard.remove(chosen)
    outcome(g, seat, card, took=g.ev_card(chosen))
    g.to_reserves(seat, chosen)


PLANT = Pick(TO_TOP, N_("Choose a card from the discard pile to put on top of the Draw Deck."),
             _discarded_up_to_cap)


@effect("plant", optional={"max_strength": int}, picks=(PLANT,), outcome={"planted": SHOWN},
        tell=Tell(N_("{who} puts {planted} face up on top of the Draw Deck."), on="planted"))
def plant(g: Game, seat: int, card: int, params: Mapping[str, object]) -> None:
    """Put a card of your choice from the discard pile face up on top of the Draw Deck
    (at most `max_strength` strong, if given): every player knows it is there."""
    options = _discarded_up_to_cap(g, seat, card, params)
    if options:
        g.ask_pick(seat, PLANT, options, _plant_pick, (card,), card=card)


def _plant_pick(g: Game, seat: int, card: int, chosen: int) -> None:
    g.discard.remove(chosen)
    g.draw.append(chosen)
    for s in range(g.n):
        g.look(s, [chosen])
    outcome(g, seat, card, planted=g.ev_card(chosen))


def _own_reserves(state: PublicState, seat: int, card: int,
                  params: Mapping[str, object]) -> Sequence[int]:
    return state.reserves[seat]


def _others_reserves(state: PublicState, seat: int, card: int,
                     params: Mapping[str, object]) -> list[int]:
    return [c for s, zone in enumerate(state.reserves) if s != seat for c in zone]


SWAP_GIVE = Pick(GIVE, N_("Choose one of your reserve cards to give away."), _own_reserves)
SWAP_TAKE = Pick(TAKE, N_("Choose another player's reserve card to take in exchange."),
                 _others_reserves)


@effect("swap-reserve", picks=(SWAP_GIVE, SWAP_TAKE),
        outcome={"gave": SHOWN, "took": SHOWN, "other": SHOWN},
        tell=Tell(N_("{who} gives {gave} to {other} for {took}."), on="gave",
                  seats=("other",)))
def swap_reserve(g: Game, seat: int, card: int, params: Mapping[str, object]) -> None:
    """Swap one of your reserve cards with one of another player's reserve cards. Both
    cards are placed in their new reserves (their Reserve abilities are offered, R9.3)."""
    mine = _own_reserves(g, seat, card, params)
    if mine and _others_reserves(g, seat, card, params):
        g.ask_pick(seat, SWAP_GIVE, mine, _swap_give, (card,), card=card)


def _swap_give(g: Game, seat: int, card: int, given: int) -> None:
    theirs = _others_reserves(g, seat, card, {})
    g.ask_pick(seat, SWAP_TAKE, theirs, _swap_take, (card, given), card=card)


def _swap_take(g: Game, seat: int, card: int, given: int, taken: int) -> None:
    other = next(s for s in range(g.n) if taken in g.reserves[s])
    g.reserves[seat].remove(given)
    g.reserves[other].remove(taken)
    outcome(g, seat, card, gave=g.ev_card(given), took=g.ev_card(taken), other=other)
    g.reserves[other].append(given)
    g.reserves[seat].append(taken)
    g.trigger(seat, ((seat, taken), (other, given)), "reserve")  # R9.3, in R9.6's order


def _row_up_to_cap_if_eliminated(state: PublicState, seat: int, card: int,
                                 params: Mapping[str, object]) -> list[int]:
    if state.in_round[seat]:  # the round's winner: nothing to keep
        return []
    return _weak_enough(state, state.rows[seat], params)


SALVAGE = Pick(TAKE, N_("Choose a card of your row to keep in your reserves."),
               _row_up_to_cap_if_eliminated)


@effect("salvage", timings=("aftermath",), optional={"max_strength": int}, picks=(SALVAGE,),
        outcome={"kept": SHOWN},
        tell=Tell(N_("{who} keeps {kept} from the row in reserves."), on="kept"))
def salvage(g: Game, seat: int, card: int, params: Mapping[str, object]) -> None:
    """Only if you were eliminated (R4.4): put a card of your choice from your row into your
    reserves instead of discarding it (at most `max_strength` strong, if given)."""
    options = _row_up_to_cap_if_eliminated(g, seat, card, params)
    if options:
        g.ask_pick(seat, SALVAGE, options, _salvage_pick, (card,), card=card)


def _salvage_pick(g: Game, seat: int, card: int, chosen: int) -> None:
    g.rows[seat].remove(chosen)
    g.totals[seat] -= g.deck.strength[chosen]
    outcome(g, seat, card, kept=g.ev_card(chosen))
    g.to_reserves(seat, chosen)


# ----------------------------------------------------------------------- choosing a player

def _others_in_round(state: PublicState, seat: int, card: int,
                     params: Mapping[str, object]) -> list[int]:
    return [s for s in range(state.players) if s != seat and state.in_round[s]]


PUPPET = Pick(NEXT_TURN, N_("Choose the player who takes the next turn."), _others_in_round)


@effect("puppet", timings=("summon",), picks=(PUPPET,),  # R5 is overridden for one turn
        outcome={"target": SHOWN},
        tell=Tell(N_("{target} takes the next turn."), on="target", seats=("target",)))
def puppet(g: Game, seat: int, card: int, params: Mapping[str, object]) -> None:
    """Choose another player in the round: they take the next turn (instead of R5)."""
    others = _others_in_round(g, seat, card, params)
    if others:
        g.ask_pick(seat, PUPPET, others, _puppet_pick, (card,), card=card)


def _puppet_pick(g: Game, seat: int, card: int, chosen: int) -> None:
    g.next_seat = chosen
    outcome(g, seat, card, target=chosen)


def _victims_if_won(state: PublicState, seat: int, card: int,
                    params: Mapping[str, object]) -> list[int]:
    if not state.in_round[seat]:  # eliminated: nothing happens
        return []
    return [s for s in range(state.players) if s != seat and not state.defeated[s]]


CURSE = Pick(HARM, N_("Choose a player to take {amount} damage."), _victims_if_won)


@effect("curse", params={"amount": int}, timings=("aftermath",), picks=(CURSE,),
        outcome={"target": SHOWN},
        tell=Tell(N_("{who} chooses {target}."), on="target", seats=("target",)))
def curse(g: Game, seat: int, card: int, params: Mapping[str, object]) -> None:
    """Only if you won the round (R7.3): choose another player still in the game; they take
    `amount` damage now (R8.1), before the round's damage is dealt."""
    victims = _victims_if_won(g, seat, card, params)
    if victims:
        amount = _int(params, "amount")
        g.ask_pick(seat, CURSE, victims, _curse_pick, (card, amount), card=card, amount=amount)


def _curse_pick(g: Game, seat: int, card: int, amount: int, chosen: int) -> None:
    outcome(g, seat, card, target=chosen)
    g.push(take_damage, chosen, amount)
