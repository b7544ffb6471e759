"""The coach's words: hints, review lines and take-back reasons as English sentences.

The coach itself (`dread_draw.coach`, `dread_draw.takeback`) returns data — codes with
numbers, cards and seats — and nothing here decides anything: each sentence is whole, with
named placeholders, so that it can be translated later. Card names and player names come
from outside (a deck file, a save): the sentences are plain text, to be shown as text
(`dread_draw.safe_text`), never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from dread_draw.coach import (
    ABILITY,
    ABILITY_TAKES,
    ANY_CARD,
    AT_STAKE,
    AT_STAKE_SO_FAR,
    BEATS,
    CHOICE,
    DEFEAT_AT_STAKE,
    DEFEATS,
    STRONGEST,
    TOP_KNOWN,
    Fact,
    Hint,
    Moment,
    Reason,
    TurningPoint,
)
from dread_draw.rules import (
    DONE,
    KEEP,
    ORDER,
    PICK_CARD,
    PICK_SEAT,
    REVEAL,
    SUMMON,
    USE,
    USE_IT,
    Decision,
    Deck,
)
from dread_draw.takeback import (
    ALLOWED,
    LOOKED,
    NOTHING,
    OTHER_PERSON,
    OVER,
    REVEALED,
    SHUFFLED,
    TakeBackCheck,
)


def percent(chance: float) -> str:
    """A chance as a whole percentage: '41%'."""
    return f"{round(100 * chance)}%"


def card_words(deck: Deck, c: int) -> str:
    """'The Moon (10)': a card's name and strength."""
    card = deck.card[c]
    return f"{card.name} ({card.strength})"


def option_words(deck: Deck, decision: Decision, option: int, names: Sequence[str]) -> str:
    """A short label for one option of a decision."""
    kind = decision.kind
    if kind == SUMMON:
        if option == REVEAL:
            return "Reveal the top card"
        card = card_words(deck, option)
        return f"Summon {card}"
    if kind == USE:
        ability = deck.card[decision.card].name
        return f"Use {ability}" if option == USE_IT else f"Skip {ability}"
    if kind == KEEP:
        card = card_words(deck, option)
        return f"Keep {card}"
    if kind == ORDER:
        card = card_words(deck, option)
        return f"{card} first"
    if kind == PICK_CARD:
        if option == DONE:
            return "Done"
        return card_words(deck, option)
    if kind == PICK_SEAT:
        return names[option]
    return str(option)


def hint_lines(hint: Hint, deck: Deck, names: Sequence[str]) -> list[str]:
    """'Reveal the top card: 41%', 'Summon The Moon (10): 52% (best)', then the reasons."""
    lines = []
    for e in hint.estimates:
        option = option_words(deck, hint.decision, e.option, names)
        chance = percent(e.chance)
        if e.option == hint.best:
            lines.append(f"{option}: {chance} chance to win the game (best)")
        else:
            lines.append(f"{option}: {chance} chance to win the game")
    return lines + [reason_text(r, deck, names) for r in hint.reasons]


def reason_text(reason: Reason, deck: Deck, names: Sequence[str]) -> str:
    """One reason as a sentence."""
    n = reason.numbers
    code = reason.code
    if code == BEATS:
        card = card_words(deck, reason.cards[0])
        better, unseen = n["better"], n["unseen"]
        return (f"{better} of the {unseen} cards you have not seen beat {card}: a reveal "
                f"succeeds about {percent(better / unseen if unseen else 0)} of the time.")
    if code == ANY_CARD:
        return "Your row is empty: any card succeeds."
    if code == TOP_KNOWN:
        card = card_words(deck, reason.cards[0])
        if n["beats"]:
            return f"You know the top card of the Draw Deck: {card}. It would succeed."
        return f"You know the top card of the Draw Deck: {card}. It would fail."
    if code == AT_STAKE:
        damage, life = n["damage"], n["life"]
        return (f"If you fail, you take {damage} damage; your Life Deck has {life} "
                f"cards left.")
    if code == AT_STAKE_SO_FAR:
        damage, life = n["damage"], n["life"]
        return (f"If you fail, the strongest row still in would deal {damage} damage so far; "
                f"your Life Deck has {life} cards left.")
    if code == DEFEAT_AT_STAKE:
        damage = n["damage"]
        return (f"If you fail, you take {damage} damage with an empty Life Deck: you would "
                f"be defeated.")
    if code == ABILITY:
        the_card = deck.card[reason.cards[0]]
        name, text = the_card.name, the_card.ability.text if the_card.ability else ""
        return f"{name}: {text}"
    if code == ABILITY_TAKES:
        card = deck.card[reason.cards[0]].name
        taken = card_words(deck, reason.cards[1])
        return f"{card} could take {taken}."
    if code == DEFEATS:
        name = names[reason.seats[0]]
        return f"{name} has no Life Deck left: damage defeats them."
    if code == STRONGEST:
        card = card_words(deck, reason.cards[0])
        return f"{card} is the strongest of the cards you drew."
    raise ValueError(f"unknown reason code {code!r}")


def moment_text(m: Moment, deck: Deck, names: Sequence[str]) -> str:
    """A decision the search would have made otherwise, with both estimates."""
    chosen = option_words(deck, m.decision, m.chosen, names)
    best = option_words(deck, m.decision, m.best, names)
    r, was, could = m.round, percent(m.chosen_chance), percent(m.best_chance)
    return (f"Round {r}: you chose {chosen} ({was} chance to win); {best} was better "
            f"({could}).")


def fact_text(fact: Fact, seat: int, names: Sequence[str]) -> str:
    """A public fact of the game, from the reviewed seat's side."""
    n = fact.numbers
    if fact.code == "failed":
        return "Your reveal failed."
    if fact.code == "won round":
        r, damage = n["round"], n["damage"]
        return f"You won round {r}, dealing {damage} damage."
    if fact.code == "lost round":
        name, r, damage = names[fact.seat], n["round"], n["damage"]
        return f"{name} won round {r}, dealing {damage} damage."
    if fact.code == "damage":
        amount = n["amount"]
        return f"You took {amount} damage."
    if fact.code == "defeated":
        if fact.seat == seat:
            return "You were defeated."
        name = names[fact.seat]
        return f"{name} was defeated."
    raise ValueError(f"unknown fact code {fact.code!r}")


def turning_point_text(tp: TurningPoint, moment: Moment, deck: Deck, seat: int,
                       names: Sequence[str]) -> str:
    """A turning point: the move of the chance, and at which choice or what happened."""
    r, before, after = tp.round, percent(tp.before), percent(tp.after)
    if tp.kind == CHOICE:
        chosen = option_words(deck, moment.decision, moment.chosen, names)
        return f"Round {r}: choosing {chosen} took your chance from {before} to {after}."
    chosen = option_words(deck, moment.decision, moment.chosen, names)
    said = " ".join(fact_text(f, seat, names) for f in tp.facts)
    return (f"Round {r}: after you chose {chosen}, your chance went from {before} to {after}. "
            f"Then: {said}")


def take_back_text(check: TakeBackCheck, names: Sequence[str]) -> str:
    """Whether the last choice can be taken back, or why not, for the footer."""
    code = check.code
    if code == ALLOWED:
        return "You can take back your last choice."
    if code == NOTHING:
        return "You have made no choice to take back yet."
    if code == OVER:
        return "The game is over: nothing can be taken back."
    if code == REVEALED:
        return "Your last choice cannot be taken back: a card was revealed since."
    if code == LOOKED:
        return "Your last choice cannot be taken back: a card was looked at since."
    if code == SHUFFLED:
        return "Your last choice cannot be taken back: the Draw Deck was shuffled since."
    if code == OTHER_PERSON:
        name = names[check.other]
        return f"Your last choice cannot be taken back: {name} has chosen since."
    raise ValueError(f"unknown take-back code {code!r}")


def record_lines(names: Sequence[str], hints: Sequence[tuple[int, ...]],
                 takebacks: Sequence[tuple[int, ...]], daily: str | None) -> list[str]:
    """What a game's record says about the coach (the replay names it): each person's hints
    and take-backs, and whether it was a daily deal. Entries are (place, seat, ...)."""
    lines = []
    if daily is not None:
        lines.append(f"This game was the daily deal of {daily}.")
    for seat, name in enumerate(names):
        count = sum(1 for h in hints if h[1] == seat)
        if count:
            lines.append(f"Hints used by {name}: {count}.")
    for seat, name in enumerate(names):
        count = sum(1 for t in takebacks if t[1] == seat)
        if count:
            lines.append(f"Choices taken back by {name}: {count}.")
    return lines
