"""The table's two guiding lines, in words (no Textual here): what the seat to play must beat
(R4.2, with the always-active cards that change it, R9.5) and who plays next and why (R5).

Both read only public facts (a `PublicState`: a View or a Game) and call the one
implementation of each rule in `dread_draw.rules.public`; they never decide a rule again.
"""

from __future__ import annotations

from dataclasses import dataclass

from dread_draw.base.safe_text import clean
from dread_draw.i18n import _, fmt
from dread_draw.rules import Event
from dread_draw.rules.public import PublicState, card_to_beat, next_to_play
from dread_draw.rules.registry import BEAT, hook_amounts
from dread_draw.words.narrate import card_name


def beat_modifiers(state: PublicState, seat: int) -> list[tuple[int, int]]:
    """(uid, amount) of the always-active cards in `seat`'s row and reserves that make its
    card to beat count less (a positive amount) or more (R9.5)."""
    deck = state.deck
    if not deck.has_always:
        return []
    cards, amounts = hook_amounts(deck)[BEAT]
    return [(c, amounts[c]) for c in (*state.rows[seat], *state.reserves[seat])
            if c in cards and amounts[c]]


def beat_line(state: PublicState, seat: int, names: list[str], you: bool = False) -> str:
    """"Ana must beat The Pyre (8): a card over 8 is summoned." With modifiers: "Ana must
    beat The Pyre (8); The Lantern makes it count 1 less: over 7." (R4.2, R9.5)"""
    who = names[seat]
    row = state.rows[seat]
    if not row:
        return fmt(_("{who}'s row is empty: any card is summoned."), who=who)
    deck = state.deck
    top = row[-1]
    beat = card_to_beat(state, seat)
    mods = beat_modifiers(state, seat)
    card = clean(card_name(deck, deck.card[top]))
    strength = deck.strength[top]
    if not mods or beat == strength:
        return fmt(_("{who} must beat {card} ({strength}): a card over {beat} is summoned."),
                   who=who, card=card, strength=strength, beat=beat)
    by = ", ".join(clean(card_name(deck, deck.card[c])) for c, _n in mods)
    change = strength - beat
    if change > 0:
        return fmt(_("{who} must beat {card} ({strength}); {by} makes it count {n} less: "
                     "over {beat}."), who=who, card=card, strength=strength, by=by, n=change,
                   beat=beat)
    return fmt(_("{who} must beat {card} ({strength}); {by} makes it count {n} more: "
                 "over {beat}."), who=who, card=card, strength=strength, by=by, n=-change,
               beat=beat)


@dataclass
class TurnTracker:
    """Remembers, from the public events, whose summon attempt came last this round (R5
    decides the next player from it)."""

    last: int = -1
    starter: int = -1

    def feed(self, ev: Event) -> None:
        kind = ev["type"]
        if kind == "round_start":
            self.last, self.starter = -1, ev["starting_seat"]
        elif kind in ("summon", "fail") and ev.get("source", "reveal") != "ability":
            self.last = ev["seat"]
        elif kind == "round_end":
            self.last = -1


def next_line(state: PublicState, to_play: int, names: list[str], turns: TurnTracker) -> str:
    """Why `to_play` plays now (R5): "Lowest row total: Zora 4.", "Tied at 6: Ana played last
    and goes again.", "Tied at 6: Zora is the first to Ana's left.", "The Crow chose Zora.",
    "Zora starts the round." Empty when the reason cannot be told from public facts."""
    if to_play < 0:
        return ""
    who = names[to_play]
    last = turns.last
    if last < 0:
        if turns.starter == to_play:
            return fmt(_("{who} starts the round."), who=who)
        return ""
    if next_to_play(state, last) != to_play:
        return ""  # mid-turn (an ability's question): the last attempt's seat still moves
    forced = state.next_seat
    if forced >= 0 and state.in_round[forced] and forced == to_play:
        return fmt(_("An ability gave {who} the next turn."), who=who)
    total = state.totals[to_play]
    tied = [s for s, inn in enumerate(state.in_round) if inn and state.totals[s] == total]
    if len(tied) == 1:
        return fmt(_("Lowest row total: {who} {total}."), who=who, total=total)
    if to_play == last:
        return fmt(_("Tied at {total}: {who} played last and goes again."), who=who,
                   total=total)
    return fmt(_("Tied at {total}: {who} is the first to {last}'s left."), who=who,
               total=total, last=names[last])
