"""The coach's words: hints, review lines and take-back reasons as sentences.

The coach itself (`dread_draw.coach.hints`, `dread_draw.coach.takeback`) returns data — codes with
numbers, cards and seats — and nothing here decides anything: each sentence is whole, with
named placeholders, translated in the current language (`dread_draw.i18n`); a card's name
and ability text are the deck's words in that language (its overlay). Card names and player
names come from outside (a deck file, a save): the sentences are plain text, to be shown as text
(`dread_draw.base.safe_text`), never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from dread_draw.coach.grades import AS_GOOD, BLUNDER, INACCURACY, MISTAKE, Verdict, grade, loss
from dread_draw.coach.hints import (
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
from dread_draw.coach.takeback import (
    ALLOWED,
    LOOKED,
    NOTHING,
    OTHER_PERSON,
    OTHER_SEAT,
    OVER,
    REVEALED,
    SHUFFLED,
    TakeBackCheck,
)
from dread_draw.deck.overlays import card_word, deck_text
from dread_draw.i18n import _, fmt, level_word, ngettext, pgettext
from dread_draw.i18n import percent as percentage
from dread_draw.i18n.grammar import Word
from dread_draw.rules import (
    DONE,
    GIVE,
    HARM,
    KEEP,
    NEXT_TURN,
    ORDER,
    PICK_CARD,
    PICK_SEAT,
    REVEAL,
    SUMMON,
    TO_BOTTOM,
    TO_TOP,
    USE,
    USE_IT,
    Decision,
    Deck,
)


def percent(chance: float) -> str:
    """A chance as a whole percentage: '41%'."""
    return percentage(round(100 * chance))


def card_name(deck: Deck, c: int) -> Word:
    """A card's name in the current language (the deck's overlay, if it has one), with its
    forms for sentences (`dread_draw.i18n.grammar`)."""
    return card_word(deck, deck.card[c])


def card_words(deck: Deck, c: int) -> Word:
    """'The Moon (10)': a card's name and strength."""
    return card_name(deck, c).labelled(_("{card} ({strength})"), strength=deck.card[c].strength)


def option_words(deck: Deck, decision: Decision, option: int, names: Sequence[str]) -> str:
    """A short label for one option of a decision."""
    kind = decision.kind
    if kind == SUMMON:
        if option == REVEAL:
            return _("Reveal the top card")
        return fmt(_("Summon {card}"), card=card_words(deck, option))
    if kind == USE:
        card = card_name(deck, decision.card)
        return fmt(_("Use {card}") if option == USE_IT else _("Skip {card}"), card=card)
    if kind == KEEP:
        return fmt(_("Keep {card}"), card=card_words(deck, option))
    if kind == ORDER:
        return fmt(_("{card} first"), card=card_words(deck, option))
    if kind == PICK_CARD:
        if option == DONE:
            return _("Done")
        return card_words(deck, option)
    if kind == PICK_SEAT:
        return names[option]
    return str(option)


def question_words(deck: Deck, decision: Decision) -> str:
    """The question a decision asks, in a few words: "which card goes on top of the Draw
    Deck", "reveal or summon from your reserves", ..."""
    kind = decision.kind
    if kind == SUMMON:
        return _("reveal the top card or summon from your reserves")
    if kind == USE:
        return fmt(_("use the ability of {card} or skip it"),
                   card=card_name(deck, decision.card))
    if kind == KEEP:
        return _("which drawn card to keep")
    if kind == ORDER:
        return _("which Aftermath ability goes first")
    does = decision.pick.does if decision.pick is not None else ""
    stop = DONE in decision.options
    if kind == PICK_CARD:
        if does == TO_TOP:
            return _("which card goes on top of the Draw Deck")
        if does == TO_BOTTOM:
            return (_("which card goes to the bottom of the Draw Deck, or stop") if stop
                    else _("which card goes to the bottom of the Draw Deck"))
        if does == GIVE:
            return _("which card to give away")
        return _("which card to take")
    if kind == PICK_SEAT:
        if does == HARM:
            return _("who takes the damage")
        if does == NEXT_TURN:
            return _("who takes the next turn")
        return _("which player to choose")
    return _("what to do")


def assumption_text(styles: Sequence[str], seat: int, names: Sequence[str],
                    levels: Sequence[str] = ()) -> str:
    """The one line saying how the chances assume the other seats play; with the seats'
    `levels`, it also says that a `hard` CPU is played by a quick likeness of its search
    (`dread_draw.ai.hardlike`), weaker than it, and that the chances are corrected for that
    (`dread_draw.coach.calibration`; docs/REVIEW.md has the figures)."""
    others = [s for s in range(len(styles)) if s != seat]
    if len({styles[s] for s in others}) <= 1:
        line = fmt(_("Chances assume every other seat plays like {level}."),
                   level=level_word(styles[others[0]] if others else "normal"))
    else:
        who = ", ".join(fmt(_("{name} like {level}"), name=names[s],
                               level=level_word(styles[s]))
                        for s in others)
        line = fmt(_("Chances assume the other seats play: {who}."), who=who)
    if any(levels[s] == "hard" for s in others if s < len(levels)):
        line += " " + fmt(_("The coach imitates {hard} CPUs quickly, which makes them "
                            "weaker; the chances are lowered to make up for it, as measured in "
                            "real games."), hard=level_word("hard"))
    return line


def hint_heading(hint: Hint, deck: Deck, names: Sequence[str]) -> str:
    """'The coach would choose: Reveal the top card.' — or, while it is still thinking,
    what it leans to so far."""
    best = option_words(deck, hint.decision, hint.best, names)
    if hint.final:
        return fmt(_("The coach would choose: {option}."), option=best)
    return fmt(_("So far the coach leans to: {option}."), option=best)


def hint_progress(hint: Hint) -> str:
    """'Still thinking: 40% of the deals played.'"""
    done = 100 * hint.deals / hint.schedule if hint.schedule else 100.0
    # Translators: the coach plays many deals of the cards a player cannot see; this says
    # how many of them it has played so far, as a percentage ("40%")
    return fmt(_("Still thinking: {progress} of the deals played."),
               progress=percentage(int(done)))


def hint_lines(hint: Hint, deck: Deck, names: Sequence[str], levels: Sequence[str] = ()
               ) -> list[str]:
    """'Reveal the top card: 41% ±4% chance to win the game', 'Summon The Moon (10): 52%
    ±4% chance to win the game (best)', then the reasons and the line saying what the
    chances assume. The best is the highest chance; an option whose interval overlaps the
    best one's is flagged as a near-tie. With the seats' `levels`, the last line
    also says how a `hard` CPU is played and that the chances allow for it."""
    lines = []
    for e in hint.estimates:
        option = option_words(deck, hint.decision, e.option, names)
        chance = percent(e.chance)
        margin = percent(e.margin)
        if e.option == hint.best:
            # Translators: {margin}: how far the chance may be off, either way (a 95%
            # interval: "41% ±4%" means between 37% and 45%)
            lines.append(fmt(_("{option}: {chance} ±{margin} chance to win the game (best)"),
                             option=option, chance=chance, margin=margin))
        elif e.option in hint.near:
            lines.append(fmt(_("{option}: {chance} ±{margin} chance to win the game (a "
                               "near-tie with the best: too close to tell apart)"),
                             option=option, chance=chance, margin=margin))
        else:
            lines.append(fmt(_("{option}: {chance} ±{margin} chance to win the game"),
                             option=option, chance=chance, margin=margin))
    lines += [reason_text(r, deck, names) for r in hint.reasons]
    if hint.styles:
        lines.append(assumption_text(hint.styles, hint.seat, names, levels))
    return lines


def reason_text(reason: Reason, deck: Deck, names: Sequence[str]) -> str:
    """One reason as a sentence."""
    n = reason.numbers
    code = reason.code
    if code == BEATS:
        better, unseen = n["better"], n["unseen"]
        return fmt(ngettext(
            "{better} of the {unseen} card you have not seen beats {card}: a reveal succeeds "
            "about {chance} of the time.",
            "{better} of the {unseen} cards you have not seen beat {card}: a reveal succeeds "
            "about {chance} of the time.", unseen),
            better=better, unseen=unseen, card=card_words(deck, reason.cards[0]),
            chance=percent(better / unseen if unseen else 0))
    if code == ANY_CARD:
        return _("Your row is empty: any card succeeds.")
    if code == TOP_KNOWN:
        card = card_words(deck, reason.cards[0])
        if n["beats"]:
            return fmt(_("You know the top card of the Draw Deck: {card}. It would succeed."),
                       card=card)
        return fmt(_("You know the top card of the Draw Deck: {card}. It would fail."),
                   card=card)
    if code == AT_STAKE:
        damage, life = n["damage"], n["life"]
        return fmt(ngettext(
            "If you fail, you take {damage} damage; cards left in your Life Deck: {life}.",
            "If you fail, you take {damage} damage; cards left in your Life Deck: {life}.",
            damage), damage=damage, life=life)
    if code == AT_STAKE_SO_FAR:
        damage, life = n["damage"], n["life"]
        return fmt(ngettext(
            "If you fail, the strongest row still in would deal {damage} damage so far; cards "
            "left in your Life Deck: {life}.",
            "If you fail, the strongest row still in would deal {damage} damage so far; cards "
            "left in your Life Deck: {life}.", damage), damage=damage, life=life)
    if code == DEFEAT_AT_STAKE:
        damage = n["damage"]
        return fmt(ngettext(
            "If you fail, you take {damage} damage with an empty Life Deck: you would lose "
            "the game.",
            "If you fail, you take {damage} damage with an empty Life Deck: you would lose "
            "the game.", damage), damage=damage)
    if code == ABILITY:
        the_card = deck.card[reason.cards[0]]
        words = deck_text(deck)[the_card]
        return fmt(_("{card}: {text}"), card=words.name, text=words.text)
    if code == ABILITY_TAKES:
        return fmt(_("{card} could take {taken}."), card=card_name(deck, reason.cards[0]),
                   taken=card_words(deck, reason.cards[1]))
    if code == DEFEATS:
        return fmt(_("{name} has no Life Deck left: damage puts them out of the game."),
                   name=names[reason.seats[0]])
    if code == STRONGEST:
        return fmt(_("{card} is the strongest of the cards you drew."),
                   card=card_words(deck, reason.cards[0]))
    raise ValueError(f"unknown reason code {code!r}")


def moment_text(m: Moment, deck: Deck, names: Sequence[str]) -> str:
    """A decision the search would have made otherwise: its question, both options and
    both estimates."""
    chosen = option_words(deck, m.decision, m.chosen, names)
    best = option_words(deck, m.decision, m.best, names)
    return fmt(_("Round {round}, {question}: you chose {chosen} ({was} chance to win); "
                 "{best} was better ({could})."), round=m.round,
               question=question_words(deck, m.decision), chosen=chosen,
               was=percent(m.chosen_chance), best=best, could=percent(m.best_chance))


def fact_text(fact: Fact, seat: int, names: Sequence[str]) -> str:
    """A public fact of the game, from the reviewed seat's side."""
    n = fact.numbers
    if fact.code == "failed":
        return _("Your reveal failed.")
    if fact.code == "won round":  # (no damage is said in words, not as the number 0)
        if not n["damage"]:
            return fmt(_("You won round {round}, without dealing damage."), round=n["round"])
        return fmt(ngettext("You won round {round}, dealing {damage} damage.",
                            "You won round {round}, dealing {damage} damage.", n["damage"]),
                   round=n["round"], damage=n["damage"])
    if fact.code == "lost round":
        if not n["damage"]:
            return fmt(_("{name} won round {round}, without dealing damage."),
                       name=names[fact.seat], round=n["round"])
        return fmt(ngettext("{name} won round {round}, dealing {damage} damage.",
                            "{name} won round {round}, dealing {damage} damage.", n["damage"]),
                   name=names[fact.seat], round=n["round"], damage=n["damage"])
    if fact.code == "damage":
        return fmt(ngettext("You took {amount} damage.", "You took {amount} damage.",
                            n["amount"]), amount=n["amount"])
    if fact.code == "defeated":
        if fact.seat == seat:
            return _("You lost the game.")
        return fmt(_("{name} lost the game."), name=names[fact.seat])
    raise ValueError(f"unknown fact code {fact.code!r}")


def turning_point_text(tp: TurningPoint, moment: Moment, deck: Deck, seat: int,
                       names: Sequence[str]) -> str:
    """A turning point: the move of the chance, and at which choice or what happened."""
    before, after = percent(tp.before), percent(tp.after)
    chosen = option_words(deck, moment.decision, moment.chosen, names)
    question = question_words(deck, moment.decision)
    if tp.kind == CHOICE:
        return fmt(_("Round {round}, {question}: choosing {chosen} took your chance from "
                     "{before} to {after}."), round=tp.round, question=question,
                   chosen=chosen, before=before, after=after)
    said = " ".join(fact_text(f, seat, names) for f in tp.facts)
    return fmt(_("Round {round}, {question}: after you chose {chosen}, your chance went from "
                 "{before} to {after}. Then: {said}"), round=tp.round, question=question,
               chosen=chosen, before=before, after=after, said=said)


def take_back_text(check: TakeBackCheck, names: Sequence[str]) -> str:
    """Whether the last choice can be taken back, or why not, for the footer."""
    code = check.code
    if code == ALLOWED:
        return _("You can take back your last choice.")
    if code == NOTHING:
        return _("You have made no choice to take back yet.")
    if code == OVER:
        return _("The game is over: nothing can be taken back.")
    if code == REVEALED:
        return _("Your last choice cannot be taken back: a card was revealed since.")
    if code == LOOKED:
        return _("Your last choice cannot be taken back: a card was looked at since.")
    if code == SHUFFLED:
        return _("Your last choice cannot be taken back: the Draw Deck was shuffled since.")
    if code in (OTHER_PERSON, OTHER_SEAT):
        return fmt(_("Your last choice cannot be taken back: {name} has chosen since."),
                   name=names[check.other])
    raise ValueError(f"unknown take-back code {code!r}")


def record_lines(names: Sequence[str], hints: Sequence[tuple[int, ...]],
                 takebacks: Sequence[tuple[int, ...]], daily: str | None) -> list[str]:
    """What a game's record says about the coach (the replay names it): each person's hints
    and take-backs, and whether it was a daily deal. Entries are (place, seat, ...)."""
    lines = []
    if daily is not None:
        lines.append(fmt(_("This game was the daily deal of {day}."), day=daily))
    for seat, name in enumerate(names):
        count = sum(1 for h in hints if h[1] == seat)
        if count:
            lines.append(fmt(_("Hints used by {name}: {n}."), name=name, n=count))
    for seat, name in enumerate(names):
        count = sum(1 for t in takebacks if t[1] == seat)
        if count:
            lines.append(fmt(_("Choices taken back by {name}: {n}."), name=name, n=count))
    return lines


def grade_word(code: str) -> str:
    """A decision's class (`grades.grade`) as a word: "Blunder", "Mistake", "Inaccuracy"."""
    if code == BLUNDER:
        return pgettext("review class", "Blunder")
    if code == MISTAKE:
        return pgettext("review class", "Mistake")
    if code == INACCURACY:
        return pgettext("review class", "Inaccuracy")
    raise ValueError(f"unknown class {code!r}")


def accuracy_text(name: str, score: float | None) -> str:
    """'Accuracy of Ana: 87 out of 100.' (None: no decision with a real choice)."""
    if score is None:
        return fmt(_("Accuracy of {name}: no decision with a real choice to judge."),
                   name=name)
    return fmt(_("Accuracy of {name}: {score} out of 100 (100: every decision as good as the "
                 "coach's best)."), name=name, score=round(score))


def grades_text(moments: Sequence[Moment]) -> str:
    """'2 inaccuracies, 1 mistake, 0 blunders.'"""
    counts = {INACCURACY: 0, MISTAKE: 0, BLUNDER: 0}
    for m in moments:
        code = grade(m)
        if code:
            counts[code] += 1
    i, k, b = counts[INACCURACY], counts[MISTAKE], counts[BLUNDER]
    return fmt(_("{inaccuracies} · {mistakes} · {blunders}."),
               inaccuracies=fmt(ngettext("{n} inaccuracy", "{n} inaccuracies", i), n=i),
               mistakes=fmt(ngettext("{n} mistake", "{n} mistakes", k), n=k),
               blunders=fmt(ngettext("{n} blunder", "{n} blunders", b), n=b))


def graded_moment_text(m: Moment, deck: Deck, names: Sequence[str]) -> str:
    """'Mistake (12 points): Round 3, …': a decision with its class and the chance it
    lost."""
    lost = round(loss(m))
    return fmt(ngettext("{grade} ({n} point): {text}", "{grade} ({n} points): {text}", lost),
               grade=grade_word(grade(m)), n=lost, text=moment_text(m, deck, names))


def verdict_text(v: Verdict, decision: Decision, deck: Deck, names: Sequence[str]) -> str:
    """What the coach says of a choice made again in practice."""
    chosen = option_words(deck, decision, v.option, names)
    if v.code == AS_GOOD:
        return fmt(_("{option}: as good as the best ({chance} chance to win). In the game, "
                     "your choice had {before}."), option=chosen, chance=percent(v.chance),
                   before=percent(v.before))
    best = option_words(deck, decision, v.best, names)
    return fmt(ngettext(
        "{option}: still {n} point worse than the best, {best} ({chance} against {could}). "
        "In the game, your choice had {before}.",
        "{option}: still {n} points worse than the best, {best} ({chance} against {could}). "
        "In the game, your choice had {before}.", v.points),
        option=chosen, n=v.points, best=best, chance=percent(v.chance),
        could=percent(v.best_chance), before=percent(v.before))
