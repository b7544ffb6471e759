"""The heuristics the CPU seats share: reveal odds, what a card is worth, and an answer to
every Decision kind.

The functions read a *state* that is either a `View` (what a seat may know, R11) or a full
`Game` (a determinized sample inside the `hard` search): both are a `PublicState`, and the
rules they predict with — the card to beat, who plays next, a row's damage — are the rules
core's own (`dread_draw.rules.public`). What differs — the odds of a reveal, and whether the
top card of the Draw Deck is known — comes in a `Sight`, so the same rules of thumb serve
`easy`, `normal` and the search's rollouts, and nothing here can peek.

Abilities are judged by what their effect declares where it is registered
(`dread_draw.rules.registry`): what choosing a card or a player does (TAKE, GIVE, TO_TOP,
TO_BOTTOM, HARM, HELP, NEXT_TURN), the options it would offer when they are public, whether
it discards the top of the Draw Deck, the life it gains. Never by its name, never by words:
an effect registered later is played by every CPU level without a change here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from dread_draw.rules import (
    DONE,
    EFFECTS,
    GIVE,
    HARM,
    HELP,
    KEEP,
    MAX_PLAYERS,
    NEXT_TURN,
    ORDER,
    PICK_CARD,
    PICK_SEAT,
    REVEAL,
    SKIP,
    SUMMON,
    TAKE,
    TO_BOTTOM,
    TO_TOP,
    USE,
    USE_IT,
    Ability,
    Decision,
    Deck,
    EffectSpec,
    PublicState,
    View,
    card_beats,
    card_to_beat,
    damage_taken,
    next_to_play,
    reveal_chance,
    reveal_pool,
    round_damage,
    would_beat,
)

HOOK_WORTH = {"ward": 3.0, "beat": 2.0, "deal": 1.5}  # always-active amounts, per point

Odds = Callable[[int], float]


@dataclass(frozen=True, slots=True)
class Sight:
    """What the deciding seat can count on beyond the public state: ``odds(bar)``, the chance
    that a reveal beats `bar` (from the cards the seat cannot place, in a view or a rollout),
    and the top card of the Draw Deck if it knows it (-1 if not)."""

    odds: Odds
    top: int = -1


def view_sight(view: View) -> Sight:
    """Odds counted from the cards `view.seat` has not seen (R11): every unseen card is
    equally likely to be on top of the Draw Deck, unless this seat saw the top card (the
    rules core's `reveal_pool` and `reveal_chance`)."""
    deck = view.deck
    top, pool = reveal_pool(view)
    return Sight(lambda bar: reveal_chance(deck, top, pool, bar), top)


def reveal_odds(view: View) -> float:
    """The chance that revealing beats this seat's card to beat (R4.3)."""
    return view_sight(view).odds(view.card_to_beat(view.seat))


# ------------------------------------------------------------------------ what things are worth

def _spec(ability: Ability | None) -> EffectSpec | None:
    return EFFECTS.get(ability.effect) if ability is not None else None


def ability_bonus(deck: Deck, c: int) -> float:
    """What a card's ability adds to its worth as a reserve card (R9.3, R9.5)."""
    a = deck.ability[c]
    if a is None:
        return 0.0
    raw = a.params.get("amount", a.params.get("count", 1))
    amount = raw if isinstance(raw, int | float) else 1
    spec = _spec(a)
    if a.when == "always":  # active while in reserves (R9.5)
        return HOOK_WORTH.get(spec.hook if spec and spec.hook else "", 1.5) * amount
    gains = spec is not None and spec.gains_life is not None
    if a.when == "reserve":  # plays the moment it is kept (R9.3)
        return 2.5 * amount if gains else 1.0
    if a.when == "summon":
        return 2.0 * amount if gains else 1.0
    return 0.5


@lru_cache(maxsize=16)
def card_values(deck: Deck) -> tuple[float, ...]:
    """Every card's worth as a future summon: strength beats bars, damage hurts when it wins,
    and its ability helps (decks are immutable, so this is computed once per deck)."""
    return tuple(deck.strength[c] + 0.5 * deck.damage[c] + ability_bonus(deck, c)
                 for c in range(deck.size))


@lru_cache(maxsize=16)
def _orders(deck: Deck) -> tuple[list[int], list[int], list[int], list[int]]:
    """Every card's place in four orders (lists: their `__getitem__` is a fast key): by
    worth, ties to the lower card first (for `max`) or last (for `min`), and the same by
    strength — `max(cards, key=_orders(deck)[0].__getitem__)` picks what
    ``max(cards, key=lambda c: (values[c], -c))`` picks, without a Python call per card."""
    values = card_values(deck)

    def places(key: Callable[[int], tuple[float, int]]) -> list[int]:
        place = [0] * deck.size
        for i, c in enumerate(sorted(range(deck.size), key=key)):
            place[c] = i
        return place

    strength = deck.strength
    return (places(lambda c: (values[c], -c)), places(lambda c: (values[c], c)),
            places(lambda c: (strength[c], -c)), places(lambda c: (strength[c], c)))


def fragility(life: int) -> float:
    """How much one Life card matters: more as the Life Deck runs low (R8.1)."""
    return 1.0 + 4.0 / (life + 1)


def failure_cost(state: PublicState, seat: int) -> float:
    """What dropping out of the round now costs `seat`, in Life-card units (R4.4, R7, R8).

    Failing hands the round to the others: the damage of the likely winner's row (exact
    heads-up, since the one other player wins at once), worse the closer `seat` is to
    defeat; plus the damage this seat's own row would no longer deal.
    """
    in_round = state.in_round
    n = len(in_round)
    around = _OTHERS[n][seat]
    others = [s for s in around if in_round[s]]
    if not others:
        return 0.0
    if len(others) == 1:
        taken: int | float = round_damage(state, others[0])  # (an int, as dealt: compiled too)
    else:  # the others' rows keep growing before one of them wins
        taken = max(round_damage(state, s) for s in others) + 0.5
    taken = damage_taken(state, seat, taken)
    lives = state.life_counts
    life = lives[seat]
    if taken > 0 and life == 0:
        return 20.0  # R8.1: damage with an empty Life Deck is defeat
    hurt = min(taken, life) * fragility(life)
    own = round_damage(state, seat)
    if not own:  # nothing more to lose (and the search asks this thousands of times)
        return hurt
    defeated = state.defeated
    victims = [s for s in around if not defeated[s]]
    dealt = own * 0.5 * sum([fragility(lives[s]) for s in victims])
    return hurt + dealt / len(others)


# _OTHERS[players][seat]: every other seat, in order
_OTHERS = [[tuple(s for s in range(n) if s != seat) for seat in range(n)]
           for n in range(MAX_PLAYERS + 1)]


def threat(state: PublicState, s: int) -> tuple[bool, int, int]:
    """How dangerous seat `s` is: in the round with a big row, then the most Life left."""
    return (state.in_round[s], state.totals[s] + round_damage(state, s), state.life_counts[s])


# ------------------------------------------------------------------------------ the answers

def summon_choice(state: PublicState, seat: int, options: Sequence[int], sight: Sight, *,
                  caution: float = 1.0) -> int:
    """R4.1/R4.5: reveal, or spend the weakest reserve card that beats the bar when the risk
    of failing (weighed by what the round is worth, `failure_cost`) outweighs the card."""
    reserves = list(options)
    if REVEAL in reserves:
        reserves.remove(REVEAL)
    if not reserves:
        return REVEAL
    odds = sight.odds(card_to_beat(state, seat))
    if odds >= 0.999:
        return REVEAL
    values = card_values(state.deck)
    cheapest = reserves[0] if len(reserves) == 1 else min(  # (worth, then card)
        reserves, key=_orders(state.deck)[1].__getitem__)
    risk = (1.0 - odds) * failure_cost(state, seat) * caution
    # With three or more still in, someone else may yet fail first: keep cards longer
    # (tuned by arena runs, 2000 games each).
    scale = 0.35 if sum(state.in_round) <= 2 else 0.6
    return cheapest if risk > scale * values[cheapest] + 0.5 else REVEAL


def keep_choice(state: PublicState, options: Sequence[int]) -> int:
    """R8.1: keep the drawn Life Deck card worth most in reserves."""
    return max(options, key=_orders(state.deck)[0].__getitem__)  # (worth, then -card)


REPEATS = 2  # uses of one card's ability per round before we call it a loop and stop


def worn_out(state: PublicState, decision: Decision) -> bool:
    """Has this optional ability been played `REPEATS` times this round already? Then every
    CPU seat declines it, whatever a search says (a loop guard, not a judgement).

    Abilities can feed each other (a Reserve ability that moves cards into reserves, R9.3);
    the count is the game's public one, so a resumed game decides as the uninterrupted one
    would, and two seats can never pass cards back and forth for ever."""
    return decision.kind == USE and state.uses.get(decision.card, 0) >= REPEATS


def use_choice(state: PublicState, seat: int, decision: Decision, sight: Sight) -> int:
    """R9.1: play an optional ability unless what its effect declares says it would not help:
    it gives away more than it takes, it would discard a top card that helps us, or it would
    put on top of the Draw Deck a card that cannot help us when we reveal next."""
    c = decision.card
    a = state.deck.ability[c] if c >= 0 else None
    spec = _spec(a)
    if a is None or spec is None:
        return USE_IT
    if worn_out(state, decision):
        return SKIP
    params = a.params
    deck = state.deck
    if spec.discards_top and sight.top >= 0:
        nxt = next_to_play(state, seat)
        if nxt >= 0:  # keep a top card we know helps us; otherwise stir the deck
            good = card_beats(deck, sight.top, card_to_beat(state, nxt))
            return SKIP if good == (nxt == seat) else USE_IT
    gained, given, gives = 0.0, 0.0, False
    values = card_values(deck)
    for pick in spec.picks:
        if pick.candidates is None:
            continue
        options = pick.candidates(state, seat, c, params)
        if not options:
            return SKIP  # nothing to choose from: it would do nothing
        if pick.does == GIVE:
            gives = True
            given = min(values[x] for x in options)
        elif pick.does == TAKE:
            gained = max(values[x] for x in options)
        elif pick.does == TO_TOP and next_to_play(state, seat) == seat:  # only a card that
            # ... beats our own bar is worth planting
            if not any(would_beat(state, seat, x) for x in options):
                return SKIP
    if gives:  # an exchange: only for a better card than the one we part with
        return USE_IT if gained - given > 0.5 else SKIP
    return USE_IT


def _stack_top_for(state: PublicState, seat: int, options: Sequence[int], *,
                   hurt: bool) -> int:
    """Of cards that may go on top of the Draw Deck, the one worst (``hurt``) or best for
    the next revealer's card to beat."""
    deck = state.deck
    nxt = next_to_play(state, seat)
    bar = card_to_beat(state, nxt if nxt >= 0 else seat)
    beats = [c for c in options if card_beats(deck, c, bar)]
    misses = [c for c in options if c not in beats]
    weakest, strongest = _orders(deck)[3].__getitem__, _orders(deck)[2].__getitem__
    if hurt:
        return min(misses or options, key=weakest)
    return min(beats, key=weakest) if beats else max(options, key=strongest)


def pick_card(state: PublicState, seat: int, decision: Decision, sight: Sight) -> int:
    """An ability's card parameter, by what choosing does (its `Pick`): the best card to take,
    the least to give away, the card that suits us on top of the Draw Deck, or whether to
    bury the top card we saw."""
    deck = state.deck
    cards = list(decision.options)
    if DONE in cards:
        cards.remove(DONE)
    if not cards:
        return decision.options[0]
    does = decision.pick.does if decision.pick is not None else TAKE
    if does == TO_TOP:  # what the next revealer will find on top
        return _stack_top_for(state, seat, cards, hurt=next_to_play(state, seat) != seat)
    if does == TO_BOTTOM:  # options: the seen cards, top first; bury the top or stop
        nxt = next_to_play(state, seat)
        top = cards[0]
        good = card_beats(deck, top, card_to_beat(state, nxt if nxt >= 0 else seat))
        helps_us = good == (nxt == seat or nxt < 0)
        return DONE if helps_us and DONE in decision.options else top
    values = card_values(deck)
    if does == GIVE:
        # a card with a Reserve ability would play for its new owner (R9.3): keep those
        return min(cards, key=lambda c: (deck.when[c] == "reserve", values[c], c))
    return max(cards, key=_orders(deck)[0].__getitem__)  # (worth, then -card)


def pick_seat(state: PublicState, seat: int, decision: Decision, sight: Sight) -> int:
    """An ability's player parameter, by what choosing does: the next turn to the player
    likeliest to fail; damage to a player it would defeat, else the one with the most Life
    and the biggest threat; a gain to this seat; otherwise the biggest threat."""
    opts = decision.options
    lives = state.life_counts
    does = decision.pick.does if decision.pick is not None else ""
    if does == NEXT_TURN:
        return min(opts, key=lambda s: (sight.odds(card_to_beat(state, s)), -s))
    if does == HARM:
        return max(opts, key=lambda s: (lives[s] == 0, lives[s], threat(state, s), -s))
    if does == HELP and seat in opts:
        return seat
    others = [s for s in opts if s != seat] or list(opts)
    return max(others, key=lambda s: (threat(state, s), -s))


def order_choice(state: PublicState, decision: Decision) -> int:
    """R9.4: resolve Aftermaths weakest first (a stable, public order)."""
    return min(decision.options, key=_orders(state.deck)[1].__getitem__)  # (worth, card)


def answer(state: PublicState, seat: int, decision: Decision, sight: Sight, *,
           caution: float = 1.0) -> int:
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
        return use_choice(state, seat, decision, sight)
    if kind == ORDER:
        return order_choice(state, decision)
    if kind == PICK_CARD:
        return pick_card(state, seat, decision, sight)
    if kind == PICK_SEAT:
        return pick_seat(state, seat, decision, sight)
    return opts[0]  # a kind added later: the first legal option is always legal
