"""The heuristics the CPU seats share: reveal odds, what a card is worth, who plays next, and an
answer to every Decision kind.

The functions read a *state* that is either a `View` (what a seat may know, R11) or a full
`Game` (a determinized sample inside the `hard` search): both have ``rows``, ``reserves``,
``totals``, ``in_round``, ``defeated``, ``discard``, ``next_seat``, ``deck`` and
``card_to_beat(seat)``. What differs — Life Deck sizes and the odds of a reveal — comes in a
`Sight`, so the same rules of thumb serve `easy`, `normal` and the search's rollouts, and
nothing here can peek.

Known effects (rules/effects.py) get a heuristic by name; an effect added later gets the
generic answer: use an optional ability (it is optional, so presumably it helps), take the
best card unless the prompt says the card goes away, and aim at the biggest threat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dread_draw.rules import (
    DONE,
    KEEP,
    ORDER,
    PICK_CARD,
    PICK_SEAT,
    REVEAL,
    SKIP,
    SUMMON,
    USE,
    USE_IT,
)
from dread_draw.rules.effects import EFFECTS, modifier

_SELF_WORDS = ("yourself", "your own", "gain", "heal", "protect")
_GIVE_AWAY_WORDS = ("discard", "lose", "give", "bottom", "sacrifice")
HOOK_WORTH = {"ward": 3.0, "beat": 2.0, "deal": 1.5}  # always-active amounts, per point


@dataclass
class Sight:
    """What the deciding seat can count on: Life Deck sizes, and ``odds(bar)``, the chance
    that a reveal beats `bar` (from unseen cards for a view, the sampled deck in a rollout)."""

    lives: Sequence[int]
    odds: Callable[[int], float]


def pool_odds(pool: Sequence[int], strength: Sequence[int], bar: int) -> float:
    if not pool:
        return 0.0  # R4.6: no card at all is a failure
    return sum(1 for c in pool if strength[c] > bar) / len(pool)


def view_sight(view) -> Sight:
    """Odds counted from the cards `view.seat` has not seen (R11): every unseen card is
    equally likely to be on top of the Draw Deck, unless this seat saw the top card."""
    strength = view.deck.strength
    top = view.draw_top() if view.draw_count else -1
    pool = view.discard if view.draw_count == 0 else view.unseen()  # R6.1: reshuffle first

    def odds(bar: int) -> float:
        if top >= 0:
            return 1.0 if strength[top] > bar else 0.0
        return pool_odds(pool, strength, bar)

    return Sight(view.life_counts, odds)


def reveal_odds(view) -> float:
    """The chance that revealing beats this seat's card to beat (R4.3)."""
    return view_sight(view).odds(view.card_to_beat(view.seat))


# ------------------------------------------------------------------------ what things are worth

def ability_bonus(deck, c: int) -> float:
    """What a card's ability adds to its worth as a reserve card (R9.3, R9.5)."""
    a = deck.ability[c]
    if a is None:
        return 0.0
    amount = a.params.get("amount", a.params.get("count", 1))
    amount = amount if isinstance(amount, int | float) else 1
    spec = EFFECTS.get(a.effect)
    if a.when == "always":  # active while in reserves (R9.5)
        return HOOK_WORTH.get(spec.hook if spec else None, 1.5) * amount
    if a.when == "reserve":  # plays the moment it is kept (R9.3)
        return 2.5 * amount if a.effect == "gain-life" else 1.0
    if a.when == "summon":
        return 2.0 * amount if a.effect == "gain-life" else 1.0
    return 0.5


@lru_cache(maxsize=16)
def card_values(deck) -> tuple[float, ...]:
    """Every card's worth as a future summon: strength beats bars, damage hurts when it wins,
    and its ability helps (decks are immutable, so this is computed once per deck)."""
    return tuple(deck.strength[c] + 0.5 * deck.damage[c] + ability_bonus(deck, c)
                 for c in range(deck.size))


def card_value(deck, c: int) -> float:
    return card_values(deck)[c]


def row_damage(state, seat: int) -> int:
    """The damage `seat` would deal if its row won now (R7.1), with always-active bonuses."""
    deck = state.deck
    dmg = sum(deck.damage[c] for c in state.rows[seat])
    if deck.has_always:
        dmg += modifier(deck, state.rows[seat], state.reserves[seat], "deal")
    return max(0, dmg)


def ward(state, seat: int) -> int:
    deck = state.deck
    if not deck.has_always:
        return 0
    return modifier(deck, state.rows[seat], state.reserves[seat], "ward")


def fragility(life: int) -> float:
    """How much one Life card matters: more as the Life Deck runs low (R8.1)."""
    return 1.0 + 4.0 / (life + 1)


def failure_cost(state, seat: int, lives) -> float:
    """What dropping out of the round now costs `seat`, in Life-card units (R4.4, R7, R8).

    Failing hands the round to the others: the damage of the likely winner's row (exact
    heads-up, since the one other player wins at once), worse the closer `seat` is to
    defeat; plus the damage this seat's own row would no longer deal.
    """
    n = len(state.rows)
    others = [s for s in range(n) if s != seat and state.in_round[s]]
    if not others:
        return 0.0
    if len(others) == 1:
        taken = row_damage(state, others[0])
    else:  # the others' rows keep growing before one of them wins
        taken = max(row_damage(state, s) for s in others) + 0.5
    taken = max(0.0, taken - ward(state, seat))
    life = lives[seat]
    if taken > 0 and life == 0:
        return 20.0  # R8.1: damage with an empty Life Deck is defeat
    hurt = min(taken, life) * fragility(life)
    victims = [s for s in range(n) if s != seat and not state.defeated[s]]
    dealt = row_damage(state, seat) * 0.5 * sum(fragility(lives[s]) for s in victims)
    return hurt + dealt / len(others)


def next_player(state, seat: int) -> int:
    """Who takes the next turn after `seat`'s attempt (R5), or -1 if the round is over."""
    n = len(state.rows)
    in_round = state.in_round
    if sum(in_round) <= 1:
        return -1
    if state.next_seat >= 0 and in_round[state.next_seat]:
        return state.next_seat
    best, low = -1, None
    if in_round[seat]:
        best, low = seat, state.totals[seat]
    for k in range(1, n + 1):
        s = (seat + k) % n
        if in_round[s] and (low is None or state.totals[s] < low):
            best, low = s, state.totals[s]
    return best


def threat(state, s: int, lives) -> tuple:
    """How dangerous seat `s` is: in the round with a big row, then the most Life left."""
    return (state.in_round[s], state.totals[s] + row_damage(state, s), lives[s])


# ------------------------------------------------------------------------------ the answers

def summon_choice(state, seat: int, options, sight: Sight, *, caution: float = 1.0) -> int:
    """R4.1/R4.5: reveal, or spend the weakest reserve card that beats the bar when the risk
    of failing (weighed by what the round is worth, `failure_cost`) outweighs the card."""
    reserves = [c for c in options if c != REVEAL]
    if not reserves:
        return REVEAL
    odds = sight.odds(state.card_to_beat(seat))
    if odds >= 0.999:
        return REVEAL
    deck = state.deck
    cheapest = min(reserves, key=lambda c: (card_value(deck, c), c))
    risk = (1.0 - odds) * failure_cost(state, seat, sight.lives) * caution
    # With three or more still in, someone else may yet fail first: keep cards longer
    # (tuned by arena runs, 2000 games each).
    scale = 0.35 if sum(state.in_round) <= 2 else 0.6
    return cheapest if risk > scale * card_value(deck, cheapest) + 0.5 else REVEAL


def keep_choice(state, options) -> int:
    """R8.1: keep the drawn Life Deck card worth most in reserves."""
    deck = state.deck
    return max(options, key=lambda c: (card_value(deck, c), -c))


REPEATS = 2  # uses of one card's ability per round before we call it a loop and stop


def _use(state, seat: int, decision, sight: Sight) -> int:
    """R9.1: play an optional ability unless, for an effect we know, it would not help.

    Abilities can feed each other (a Reserve ability that moves cards into reserves, R9.3):
    past `REPEATS` uses of a card's ability in a round (the game's public count, so a resumed
    game decides as the uninterrupted one would) we decline, so that two seats can never pass
    cards back and forth for ever."""
    c = decision.card
    a = state.deck.ability[c] if c >= 0 else None
    if a is None:
        return USE_IT
    if worn_out(state, decision):
        return SKIP
    return _use_effect(state, seat, a, sight)


def worn_out(state, decision) -> bool:
    """Has this optional ability been played `REPEATS` times this round already? Then every
    CPU seat declines it, whatever a search says (a loop guard, not a judgement)."""
    return decision.kind == USE and state.uses.get(decision.card, 0) >= REPEATS


def _use_effect(state, seat: int, a, sight: Sight) -> int:
    deck = state.deck
    # R9.4: an Aftermath plays both when its owner is eliminated and when they win; these
    # effects do something at only one of the two (their text says which), so the other
    # time there is nothing to gain by playing them
    if a.effect == "salvage" and state.in_round[seat]:
        return SKIP
    if a.effect == "curse" and not state.in_round[seat]:
        return SKIP
    if a.effect == "swap-reserve":  # only worth it for a better card than our worst
        mine = [x for x in state.reserves[seat]]
        theirs = [x for s, z in enumerate(state.reserves) if s != seat for x in z]
        if not mine or not theirs:
            return SKIP
        gain = (max(card_value(deck, x) for x in theirs)
                - min(card_value(deck, x) for x in mine))
        return USE_IT if gain > 0.5 else SKIP
    if a.effect == "mill":  # keep a top card we know helps us; otherwise stir the deck
        nxt = next_player(state, seat)
        top = _known_top(state, seat)
        if top >= 0 and nxt >= 0:
            good = deck.strength[top] > state.card_to_beat(nxt)
            return SKIP if good == (nxt == seat) else USE_IT
        return USE_IT
    if a.effect == "plant":
        nxt = next_player(state, seat)
        cap = a.params.get("max_strength")
        pool = [x for x in state.discard if cap is None or deck.strength[x] <= cap]
        if nxt == seat:  # only plant a card that beats our own bar
            return USE_IT if any(deck.strength[x] > state.card_to_beat(seat) for x in pool) \
                else SKIP
        return USE_IT
    return USE_IT


def _known_top(state, seat: int) -> int:
    """The top card of the Draw Deck if `seat` knows it (a view), or -1."""
    top = getattr(state, "draw_top", None)
    if top is not None:
        return top() if state.draw_count else -1
    return -1


def _stack_top_for(state, seat: int, options, *, hurt: bool) -> int:
    """Of cards that may go on top of the Draw Deck, the one worst (``hurt``) or best for
    the next revealer's card to beat."""
    deck = state.deck
    nxt = next_player(state, seat)
    bar = state.card_to_beat(nxt if nxt >= 0 else seat)
    beats = [c for c in options if deck.strength[c] > bar]
    misses = [c for c in options if deck.strength[c] <= bar]
    if hurt:
        return min(misses or options, key=lambda c: (deck.strength[c], c))
    return min(beats, key=lambda c: (deck.strength[c], c)) if beats else \
        max(options, key=lambda c: (deck.strength[c], -c))


def pick_card(state, seat: int, decision, sight: Sight) -> int:
    """An ability's card parameter, by effect where we know it; otherwise take the best card
    unless the prompt says it goes away from this seat (then the least)."""
    deck = state.deck
    cards = [c for c in decision.options if c != DONE]
    if not cards:
        return decision.options[0]
    a = deck.ability[decision.card] if decision.card >= 0 else None
    effect = a.effect if a is not None else ""
    nxt = next_player(state, seat)
    if effect in ("plant", "arrange"):  # what the next revealer will find on top
        return _stack_top_for(state, seat, cards, hurt=nxt != seat)
    if effect == "bury":  # options: the seen cards, top first; bury the top or stop
        top = cards[0]
        good = deck.strength[top] > state.card_to_beat(nxt if nxt >= 0 else seat)
        helps_us = good == (nxt == seat or nxt < 0)
        return DONE if helps_us and DONE in decision.options else top
    prompt = decision.prompt.lower()
    own = [c for c in cards if c in state.reserves[seat] or c in state.rows[seat]]
    if any(w in prompt for w in _GIVE_AWAY_WORDS) and (own or "your" in prompt):
        # a card with a Reserve ability would play for its new owner (R9.3): keep those
        return min(own or cards,
                   key=lambda c: (deck.when[c] == "reserve", card_value(deck, c), c))
    return max(cards, key=lambda c: (card_value(deck, c), -c))


def pick_seat(state, seat: int, decision, sight: Sight) -> int:
    """An ability's player parameter: this seat for a helpful prompt; for a turn (puppet) the
    player likeliest to fail; for damage (curse) a kill, else the biggest threat."""
    opts = decision.options
    lives = sight.lives
    a = state.deck.ability[decision.card] if decision.card >= 0 else None
    effect = a.effect if a is not None else ""
    if effect == "puppet":
        return min(opts, key=lambda s: (sight.odds(state.card_to_beat(s)), -s))
    if effect == "curse":
        return max(opts, key=lambda s: (lives[s] == 0, lives[s], threat(state, s, lives), -s))
    prompt = decision.prompt.lower()
    if seat in opts and any(w in prompt for w in _SELF_WORDS):
        return seat
    others = [s for s in opts if s != seat] or list(opts)
    return max(others, key=lambda s: (threat(state, s, lives), -s))


def order_choice(state, decision) -> int:
    """R9.4: resolve Aftermaths weakest first (a stable, public order)."""
    deck = state.deck
    return min(decision.options, key=lambda c: (card_value(deck, c), c))


def answer(state, seat: int, decision, sight: Sight, *, caution: float = 1.0) -> int:
    """The shared answer to any Decision."""
    kind = decision.kind
    opts = decision.options
    if len(opts) == 1:
        return opts[0]
    if kind == SUMMON:
        return summon_choice(state, seat, opts, sight, caution=caution)
    if kind == KEEP:
        return keep_choice(state, opts)
    if kind == USE:
        return _use(state, seat, decision, sight)
    if kind == ORDER:
        return order_choice(state, decision)
    if kind == PICK_CARD:
        return pick_card(state, seat, decision, sight)
    if kind == PICK_SEAT:
        return pick_seat(state, seat, decision, sight)
    return opts[0]  # a kind added later: the first legal option is always legal
