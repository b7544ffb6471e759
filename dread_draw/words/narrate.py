"""Words for the table: cards, seats and events as plain sentences (no Textual here).

The game log says what happened in sentences a newcomer can follow ("Mara reveals The
Puppet (7) over Justice (4): summoned."). It reads only the public fields of the events:
the event log is omniscient (docs/DESIGN.md), so cards drawn from a Life Deck or seen by a peek
are never named here (R11.2) — only how many there were — except in a replay of a finished
game, where everything is revealed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from dread_draw.deck.cards import Card, Deck
from dread_draw.deck.overlays import card_word, deck_text, keyword_label
from dread_draw.i18n import _, fmt, listing, ngettext, placeholders
from dread_draw.i18n.grammar import Word
from dread_draw.rules import (
    DONE,
    EFFECTS,
    KEEP,
    ORDER,
    PICK_CARD,
    PICK_SEAT,
    REVEAL,
    SUMMON,
    USE,
    Decision,
    Event,
    View,
)

DOT = "●"
PIP_FULL, PIP_EMPTY = "■", "□"


def card_name(deck: Deck, card: Card) -> Word:
    """A card's name in the current language (its deck's overlay, else its own), with the
    forms a sentence may ask for (`dread_draw.i18n.grammar`)."""
    return card_word(deck, card)


def card_label(deck: Deck, uid: int) -> Word:
    """'The Puppet (7)': a card's name (in the current language) and strength, in every
    form of the name ("den Wagen (9)"); a Korean particle after it follows the name."""
    card = deck.card[uid]
    # Translators: a card's name and its strength, "The Puppet (7)"
    return card_name(deck, card).labelled(_("{card} ({strength})"), strength=card.strength)


def damage_text(damage: int, dot: str = DOT) -> str:
    """Red dots *and* a number, never the colour alone: '●● 2', or '0' for none; `dot`: the
    dot of another glyph set ('** 2' in ASCII)."""
    return f"{dot * damage} {damage}" if damage else "0"


def life_pips(count: int, width: int = 10, full: str = PIP_FULL, empty: str = PIP_EMPTY) -> str:
    """A Life Deck as pips and a number: '■■■■■■□□□□ 6' (an overflow shows '+'); `full` and
    `empty`: the pips of another glyph set ('######---- 6' in ASCII)."""
    shown = min(count, width)
    more = "+" if count > width else ""
    return f"{full * shown}{empty * (width - shown)}{more} {count}"


def card_choice(deck: Deck, card: Card) -> str:
    """A card offered as a choice, with what a player weighs: "The Crow (4, damage 1,
    Summon)". Its damage is a count in a sentence's words ("2 dégâts", "1 punto de daño"),
    and a card without damage says so in words ("aucun dégât", "sin daño")."""
    words = {"card": card_name(deck, card), "strength": card.strength,
             "damage": card.damage, "keyword": keyword_of(card)}
    if card.ability and card.damage:
        # Translators: a card to choose: "The Crow (4, damage 1, Summon)"; say the damage
        # as a count ("1 dégât", "2 puntos de daño").
        return fmt(ngettext("{card} ({strength}, damage {damage}, {keyword})",
                            "{card} ({strength}, damage {damage}, {keyword})", card.damage),
                   **words)
    if card.ability:
        # Translators: a card to choose that deals no damage: "The Fool (0, damage 0,
        # Summon)"; say it in words ("aucun dégât", "sin daño").
        return fmt(_("{card} ({strength}, damage 0, {keyword})"), **words)
    if card.damage:
        # Translators: a card to choose: "The Moth (2, damage 1)"; say the damage as a count.
        return fmt(ngettext("{card} ({strength}, damage {damage})",
                            "{card} ({strength}, damage {damage})", card.damage), **words)
    # Translators: a card to choose that deals no damage: "The Cradle (1, damage 0)"; say it
    # in words ("aucun dégât", "sin daño").
    return fmt(_("{card} ({strength}, damage 0)"), **words)


def keyword_of(card: Card) -> str:
    """The card's ability keyword in the current language ("" for a plain card)."""
    return keyword_label(card.ability.when) if card.ability else ""


def ability_text(card: Card, deck: Deck | None = None) -> str:
    """'Summon: look at …': the keyword, then the card's text (which may already say it), in
    the current language when `deck` is given (its overlay), else in the deck's own words."""
    if card.ability is None:
        return _("No ability.")
    text = deck_text(deck)[card].text if deck is not None else card.ability.text
    keyword = keyword_of(card)
    if text.lower().startswith(keyword.lower()):
        return text
    # Translators: an ability's keyword, then its text: "Summon: look at the top 3 cards."
    return fmt(_("{keyword}: {text}"), keyword=keyword, text=text)


def discard_text(deck: Deck, discard: Sequence[int]) -> str:
    """'Discard: 12, top The Crow (4), damage ● 1' (the pile is public, R11.1)."""
    if not discard:
        return _("Discard: empty")
    top = discard[-1]
    # Translators: the discard pile: how many cards, the top card, its damage (red dots).
    return fmt(_("Discard: {n}, top {card}, damage {damage}"), n=len(discard),
               card=card_label(deck, top), damage=damage_text(deck.damage[top]))


def fortune_part(index: int) -> str:
    """R10.2: the first card read is the present, the second the near future, then beyond."""
    parts = (_("The present"), _("The near future"), _("The distant future"))
    return parts[min(index, 2)]


def fortune_lines(deck: Deck, fortune: Sequence[int]) -> list[str]:
    """R10.2: the winner's fortune read out, a line a card, in the order read ("The present:
    The Fool (0). You will step off the cliff laughing…"), for the lines front ends."""
    text = deck_text(deck)
    # Translators: one card of the winner's fortune: which part it tells, the card, its words
    return [fmt(_("{part}: {card}. {fortune}"), part=fortune_part(i), card=card_label(deck, uid),
                fortune=" ".join(text[deck.card[uid]].fortune.split()))
            for i, uid in enumerate(fortune)]


def _card(ev_card: Event, deck: Deck) -> Word:
    return card_label(deck, ev_card["uid"])


def _cards(ev_cards: list[Event], deck: Deck) -> Word:
    """Cards as the language lists them ("The Fool (0), Death (13) and The Sun (11)"). A
    sentence about no card is a sentence of its own (a negative one: "n'en met aucune"), so
    an empty list is never put in a sentence."""
    return listing([_card(c, deck) for c in ev_cards])


def _pick_pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)"
                              for i, p in enumerate(parts)))


def prompt_text(decision: Decision) -> str:
    """An ability's question in the current language: the rules core fills its `Pick`'s
    English prompt with numbers; the numbers are read back and the translation filled."""
    prompt: str = decision.prompt
    pick = decision.pick
    if not prompt or pick is None:
        return prompt
    found = _pick_pattern(pick.prompt).fullmatch(prompt)
    if found is None:
        return prompt
    return fmt(_(pick.prompt), **found.groupdict())


@dataclass
class Narrator:
    """Turns events into log sentences, one event at a time, as they come; remembers each
    row's last card for 'over …'. Sentences are in the current language, looked up as each
    event is told (the events themselves hold no words).

    `reveal`: the game is over (a replay), so the private cards — Life Deck draws, peeks —
    are named too. `mine`: the seat of the person reading, whose own private cards are
    named (R11.2: they saw them), and nobody else's. What an ability did is its own
    `outcome` event, told in the words its effect registered (`dread_draw.rules.registry.Tell`)."""

    deck: Deck
    names: list[str]
    reveal: bool = False
    mine: int | None = None
    tops: dict[int, Event] = field(default_factory=dict)

    def __call__(self, ev: Event) -> str | None:
        kind = ev["type"]
        handler = getattr(self, "_" + kind, None)
        return handler(ev) if handler else None

    def name(self, seat: int) -> str:
        return self.names[seat]

    def reveals(self, ev: Event) -> bool:
        """Whether the private cards of `ev` may be named: a finished game's, or the
        reader's own (their draw, what their ability let them see)."""
        return self.reveal or (self.mine is not None and ev["seat"] == self.mine)

    def _game_start(self, ev: Event) -> str:
        return fmt(ngettext(
            "A new game: {players} players, {n} card in the Draw Deck; {name} starts.",
            "A new game: {players} players, {n} cards in the Draw Deck; {name} starts.",
            ev["draw"]), players=len(self.names), n=ev["draw"],
            name=self.name(ev["starting_seat"]))

    def _round_start(self, ev: Event) -> str:
        self.tops.clear()
        return "── " + fmt(_("Round {round}: {name} starts."), round=ev["round"],
                           name=self.name(ev["starting_seat"]))

    def _summon(self, ev: Event) -> str:
        seat, card = ev["seat"], ev["card"]
        before = self.tops.get(seat)
        self.tops[seat] = card
        words = {"who": self.name(seat), "card": _card(card, self.deck),
                 "total": ev["row_total"]}
        if before:
            words["over"] = _card(before, self.deck)
        reserve = ev["source"] == "reserve"
        if reserve and before:
            text = _("{who} summons {card} from reserves over {over}: summoned (row {total}).")
        elif reserve:
            text = _("{who} summons {card} from reserves: summoned (row {total}).")
        elif before:
            text = _("{who} reveals {card} over {over}: summoned (row {total}).")
        else:
            text = _("{who} reveals {card}: summoned (row {total}).")
        return fmt(text, **words)

    def _fail(self, ev: Event) -> str:
        seat = ev["seat"]
        who = self.name(seat)
        before = self.tops.pop(seat, None)
        lost = len(ev["discarded"])
        if ev["card"] is None:
            if lost:
                return fmt(ngettext(
                    "{who} has no card left to reveal: out of the round, {n} card discarded.",
                    "{who} has no card left to reveal: out of the round, {n} cards discarded.",
                    lost), who=who, n=lost)
            return fmt(_("{who} has no card left to reveal: out of the round."), who=who)
        card = _card(ev["card"], self.deck)
        if before:
            against = _card(before, self.deck)
            if lost:
                return fmt(ngettext(
                    "{who} reveals {card} against {over}: it fails, out of the round, {n} card "
                    "discarded.",
                    "{who} reveals {card} against {over}: it fails, out of the round, {n} cards "
                    "discarded.", lost), who=who, card=card, over=against, n=lost)
            return fmt(_("{who} reveals {card} against {over}: it fails, out of the round."),
                       who=who, card=card, over=against)
        if lost:
            return fmt(ngettext(
                "{who} reveals {card}: it fails, out of the round, {n} card discarded.",
                "{who} reveals {card}: it fails, out of the round, {n} cards discarded.", lost),
                who=who, card=card, n=lost)
        return fmt(_("{who} reveals {card}: it fails, out of the round."), who=who, card=card)

    def _ability(self, ev: Event) -> str:
        who = self.name(ev["seat"])
        card = self.deck.card[ev["card"]["uid"]]
        name = card_name(self.deck, card)
        if not ev["used"]:
            return fmt(_("{who} does not use {card}'s {keyword} ability."), who=who,
                       card=name, keyword=keyword_of(card))
        return fmt(_("{who} uses {card}: {text}"), who=who, card=name,
                   text=ability_text(card, self.deck))

    def _ability_idle(self, ev: Event) -> str:
        """R9.7: an ability that could do nothing was not offered."""
        card = self.deck.card[ev["card"]["uid"]]
        return fmt(_("{who}'s {card} has nothing to act on: its {keyword} ability does "
                     "nothing."), who=self.name(ev["seat"]), card=card_name(self.deck, card),
                   keyword=keyword_of(card))

    def _ability_lost(self, ev: Event) -> str:
        """R9.6: the card left the place where its ability triggered before its turn."""
        card = self.deck.card[ev["card"]["uid"]]
        words = {"who": self.name(ev["seat"]), "card": card_name(self.deck, card),
                 "keyword": keyword_of(card)}
        if ev["when"] == "reserve":
            return fmt(_("{card} is no longer in {who}'s reserves: its {keyword} ability is "
                         "lost."), **words)
        return fmt(_("{card} is no longer in {who}'s row: its {keyword} ability is lost."),
                   **words)

    def _outcome(self, ev: Event) -> str | None:
        """What an ability did, in the words its effect registered: the sentence for
        everyone, or in a replay the one that names the private cards too (R11.2)."""
        spec = EFFECTS.get(ev["effect"])
        tell = spec.tell(ev) if spec is not None else None
        if tell is None:
            return None
        if ev.get(tell.on) == []:  # no card: a negative sentence of its own
            text = tell.nothing
        else:
            text = (tell.revealed or tell.public) if self.reveals(ev) else tell.public
        if text is None:
            return None
        words: dict[str, object] = {"who": self.name(ev["seat"])}
        said = placeholders(text)  # (a card this seat may not know is None: never named)
        for key, value in ev.items():
            if key not in said and f"{key}_count" not in said:
                continue
            if key in tell.seats:
                words[key] = self.name(value)
            elif isinstance(value, list):
                if key in said:
                    words[key] = _cards(value, self.deck) if value else ""
                words[f"{key}_count"] = len(value)
            elif isinstance(value, dict):
                words[key] = _card(value, self.deck)
            else:
                words[key] = str(value)
        return fmt(_(text), **words)

    def _reshuffle(self, ev: Event) -> str:
        return fmt(ngettext(
            "The discard pile is shuffled into a new Draw Deck ({n} card).",
            "The discard pile is shuffled into a new Draw Deck ({n} cards).", ev["count"]),
            n=ev["count"])

    def _round_end(self, ev: Event) -> str:
        self.tops.clear()
        dmg, row = ev["damage"], ev.get("row")
        words = {"who": self.name(ev["winner"]), "round": ev["round"], "n": dmg}
        # (the damage is counted: "1 dégât", "3 dégâts")
        if row:
            words["row"] = _cards(row, self.deck)
            if dmg:
                return fmt(ngettext(
                    "{who} wins round {round} with {row}: {n} damage to every other player.",
                    "{who} wins round {round} with {row}: {n} damage to every other player.",
                    dmg), **words)
            return fmt(_("{who} wins round {round} with {row}: no damage."), **words)
        if row is not None:
            if dmg:
                return fmt(ngettext(
                    "{who} wins round {round} with an empty row: {n} damage to every other "
                    "player.",
                    "{who} wins round {round} with an empty row: {n} damage to every other "
                    "player.", dmg), **words)
            return fmt(_("{who} wins round {round} with an empty row: no damage."), **words)
        if dmg:  # a log from before rows were written
            return fmt(ngettext("{who} wins round {round}: {n} damage to every other player.",
                                "{who} wins round {round}: {n} damage to every other player.",
                                dmg), **words)
        return fmt(_("{who} wins round {round}: no damage."), **words)

    def _damage(self, ev: Event) -> str:
        who = self.name(ev["seat"])
        drawn = len(ev["drawn"])
        n = ev["amount"]
        if not drawn:
            return fmt(ngettext("{who} takes {n} damage with an empty Life Deck.",
                                "{who} takes {n} damage with an empty Life Deck.", n),
                       who=who, n=n)
        words = {"who": who, "n": n, "drawn": drawn, "life": ev["life"],
                 "kept": _card(ev["kept"], self.deck), "rest": drawn - 1}
        if drawn == 1:
            return fmt(ngettext(
                "{who} takes {n} damage: draws {drawn} from the Life Deck, keeps {kept} in "
                "reserve ({life} left).",
                "{who} takes {n} damage: draws {drawn} from the Life Deck, keeps {kept} in "
                "reserve ({life} left).", n), **words)
        if self.reveals(ev):  # the game is over, or the reader's own draw
            others = [c for c in ev["drawn"] if c["uid"] != ev["kept"]["uid"]]
            words["others"] = _cards(others, self.deck)
            return fmt(ngettext(
                "{who} takes {n} damage: draws {drawn} from the Life Deck, keeps {kept} in "
                "reserve, discards {others} ({life} left).",
                "{who} takes {n} damage: draws {drawn} from the Life Deck, keeps {kept} in "
                "reserve, discards {others} ({life} left).", n), **words)
        return fmt(ngettext(
            "{who} takes {n} damage: draws {drawn} from the Life Deck, keeps {kept} in "
            "reserve, discards {rest} ({life} left).",
            "{who} takes {n} damage: draws {drawn} from the Life Deck, keeps {kept} in "
            "reserve, discards {rest} ({life} left).", n), **words)

    def _gain_life(self, ev: Event) -> str:
        # the count is the life gained (its own plural: "1 point de vie", "2 points de vie");
        # the Life Deck's size is a number after a colon, which no language inflects
        return fmt(ngettext("{who} gains {amount} life (Life Deck: {n}).",
                            "{who} gains {amount} life (Life Deck: {n}).", ev["amount"]),
                   who=self.name(ev["seat"]), amount=ev["amount"], n=ev["life"])

    def _defeated(self, ev: Event) -> str:
        return fmt(_("{who} is defeated and leaves the game."), who=self.name(ev["seat"]))

    def _game_end(self, ev: Event) -> str:
        words = {"who": self.name(ev["winner"]), "n": ev["rounds"]}
        if ev.get("stalemate"):
            return fmt(ngettext(
                "Nobody has taken damage for 10 rounds: a stalemate. {who} wins the game after "
                "{n} round, with the most cards left.",
                "Nobody has taken damage for 10 rounds: a stalemate. {who} wins the game after "
                "{n} rounds, with the most cards left.", ev["rounds"]), **words)
        return fmt(ngettext("{who} wins the game after {n} round.",
                            "{who} wins the game after {n} rounds.", ev["rounds"]), **words)


@dataclass(frozen=True)
class LifeChange:
    """One change to a seat's Life Deck in a round: damage (`amount` > 0 taken, R8.1) or life
    gained (`gained`, R8.5), with the Life Deck's size before and after. `by`: the (seat, card)
    whose Aftermath dealt the damage (R7.3), None for the round's own damage; `early`: dealt
    before the round's damage (an Aftermath's)."""

    seat: int
    before: int
    after: int
    amount: int = 0
    gained: int = 0
    by: tuple[int, int] | None = None
    early: bool = False


@dataclass
class RoundReport:
    """What one round did (the summary's data, no Textual): who won, the damage, and every
    change to a Life Deck in the round — an Aftermath's damage before the round's, life
    gained — in the order it happened, each with the Life Deck's size before and after, so
    that the numbers add up."""

    round: int
    winner: int
    damage: int
    changes: list[LifeChange] = field(default_factory=list)
    defeated: list[int] = field(default_factory=list)
    row: str | None = None  # the winning row's cards, in words ("": empty; None: not logged)
    deck: Deck | None = field(default=None, repr=False, compare=False)  # names the cards

    @property
    def hits(self) -> list[LifeChange]:
        """The damage taken, in order (an Aftermath's first)."""
        return [c for c in self.changes if c.amount > 0]

    def lines(self, names: list[str]) -> list[str]:
        deck = self.deck
        who = names[self.winner]
        words = {"who": who, "round": self.round, "row": self.row}
        if self.row:
            head = fmt(_("Round {round}: {who} wins with {row}."), **words)
        elif self.row is not None:
            head = fmt(_("Round {round}: {who} wins with an empty row."), **words)
        else:
            head = fmt(_("Round {round}: {who} wins."), **words)
        if not self.damage:  # no damage is said in words, not as the number 0
            out = [head, fmt(_("{who}'s row deals no damage."), who=who)]
        else:
            out = [head, fmt(ngettext("{who}'s row deals {n} damage to each other player.",
                                      "{who}'s row deals {n} damage to each other player.",
                                      self.damage), who=who, n=self.damage)]
            if not self.hits and not self.defeated:
                out.append(_("Nobody takes any damage."))
        for c in self.changes:
            # the count is the damage (or life): its own plural; the Life Deck's sizes are
            # numbers after an arrow, which no language inflects
            n = c.amount or c.gained
            values = {"who": names[c.seat], "n": n, "before": c.before, "after": c.after}
            if c.gained:
                out.append(fmt(ngettext("{who} gains {n} life (Life Deck {before} → {after}).",
                                        "{who} gains {n} life (Life Deck {before} → {after}).",
                                        n), **values))
            elif c.early and c.by is not None and deck is not None:
                owner, card = c.by
                out.append(fmt(ngettext(
                    "Before the round's damage, {owner}'s {card} deals {who} {n} damage "
                    "(Life Deck {before} → {after}).",
                    "Before the round's damage, {owner}'s {card} deals {who} {n} damage "
                    "(Life Deck {before} → {after}).", n),
                    owner=names[owner], card=card_name(deck, deck.card[card]), **values))
            elif c.early:
                out.append(fmt(ngettext(
                    "Before the round's damage, {who} takes {n} damage (Life Deck {before} → "
                    "{after}).",
                    "Before the round's damage, {who} takes {n} damage (Life Deck {before} → "
                    "{after}).", n), **values))
            else:
                out.append(fmt(ngettext(
                    "{who} takes {n} damage (Life Deck {before} → {after}).",
                    "{who} takes {n} damage (Life Deck {before} → {after}).", n), **values))
        for seat in self.defeated:
            out.append(fmt(_("{who} is defeated."), who=names[seat]))
        return out


class RoundTracker:
    """Collects a round's changes to the Life Decks from its start; `feed` returns the
    finished RoundReport once the round's damage is all dealt (at the next round_start or at
    game_end), else None."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.report: RoundReport | None = None
        self.early: list[LifeChange] = []  # changes before the round ended (Aftermaths...)
        self.early_defeated: list[int] = []
        self.cursed: dict[int, tuple[int, int]] = {}  # seat -> the (seat, card) that chose it

    def feed(self, ev: Event) -> RoundReport | None:
        kind, report = ev["type"], self.report
        if kind == "round_end":
            row = ev.get("row")
            self.report = RoundReport(ev["round"], ev["winner"], ev["damage"],
                                      changes=self.early, defeated=self.early_defeated,
                                      row=(None if row is None
                                           else _cards(row, self.deck) if row else ""),
                                      deck=self.deck)
            self.early, self.early_defeated = [], []
        elif kind == "outcome" and isinstance(ev.get("target"), int):
            self.cursed[ev["target"]] = (ev["seat"], ev["card"]["uid"])
        elif kind == "damage":
            lost = len(ev["drawn"])
            change = LifeChange(ev["seat"], ev["life"] + lost, ev["life"], amount=ev["amount"],
                                by=None if report is not None else self.cursed.pop(
                                    ev["seat"], None),
                                early=report is None)
            (report.changes if report is not None else self.early).append(change)
        elif kind == "gain_life":
            change = LifeChange(ev["seat"], ev["life"] - ev["amount"], ev["life"],
                                gained=ev["amount"])
            (report.changes if report is not None else self.early).append(change)
        elif kind == "defeated":
            (report.defeated if report is not None else self.early_defeated).append(ev["seat"])
        elif kind in ("round_start", "game_end"):
            self.early, self.early_defeated, self.cursed = [], [], {}
            if report is not None:
                self.report = None
                return report
        return None


def round_reports(events: Iterable[Event], deck: Deck) -> list[RoundReport]:
    """The round summaries of a stream of events (from a round's start: a round whose start
    is not among them may miss the damage its Aftermaths dealt): the data each summary shows,
    without Textual."""
    tracker = RoundTracker(deck)
    return [r for r in map(tracker.feed, events) if r is not None]


def zone_of(view: View, uid: int, names: Sequence[str]) -> str:
    """Where a card the seat can see lies, in words."""
    if uid in view.discard:
        return _("the discard pile")
    if uid in view.looking:
        return _("your drawn cards")
    for s in range(view.players):
        own = s == view.seat
        if uid in view.rows[s]:
            return _("your row") if own else fmt(_("{who}'s row"), who=names[s])
        if uid in view.reserves[s]:
            return _("your reserves") if own else fmt(_("{who}'s reserves"), who=names[s])
    if any(c == uid for _c, c in view.draw_known):
        return _("the Draw Deck")
    return _("a Life Deck")


def pick_card_labels(options: Sequence[int], view: View, names: Sequence[str],
                     card_option: Callable[[int], str]) -> list[tuple[int, str]]:
    """One entry per different choice: copies of a card in the same zone are the same choice
    to a player, so only the first is offered; strongest first; the zone is named when the
    options lie in several; `Done` last."""
    deck = view.deck
    seen: dict[tuple[str, str], int] = {}
    for o in options:
        if o == DONE:
            continue
        seen.setdefault((deck.card[o].id, zone_of(view, o, names)), o)
    zones = {z for _id, z in seen}
    entries = sorted(seen.items(),
                     key=lambda kv: (-deck.strength[kv[1]], card_name(deck, deck.card[kv[1]])))
    labels = [(o, fmt(_("{card} in {zone}"), card=card_option(o), zone=zone)
               if len(zones) > 1 else card_option(o))
              for (_id, zone), o in entries]
    return labels + [(DONE, _("Done"))] * (DONE in options)


def reader_tip(decision: Decision) -> str:
    """The sentence a table with a card reader adds to a question whose cards are read
    there (the drawn Life Deck cards, the Aftermath cards of one's row); "" for the rest
    and for a table without one (plain lines, the console)."""
    if decision.kind == KEEP:
        return _("The reader shows the card under focus; Tab reads the next.")
    if decision.kind == ORDER:
        return _("(Tab to a card in your row to read it.)")
    return ""


def describe(decision: Decision, view: View, names: Sequence[str]
             ) -> tuple[str, list[tuple[int, str]]]:
    """The question a Decision asks its seat, and a label for each legal option — exactly
    the Decision's options, in order (docs/DESIGN.md principle 2). Every kind is handled.
    The same words at every table (a table with a card reader adds `reader_tip`)."""
    deck = view.deck
    who = names[decision.seat]
    kind = decision.kind

    def card_option(c: int) -> str:
        return card_choice(deck, deck.card[c])

    if kind == SUMMON:
        row = view.rows[decision.seat]
        beat = view.card_to_beat(decision.seat)
        if row and any(o != REVEAL for o in decision.options):
            q = fmt(_("{who}, your turn. Beat {card}: strength over {beat}. Reveal the top "
                      "card, or summon a reserve card that beats it."),
                    who=who, card=card_label(deck, row[-1]), beat=beat)
        elif row:  # no reserve card to summon: only the reveal is on offer
            q = fmt(_("{who}, your turn. Beat {card}: strength over {beat}. Reveal the top "
                      "card."), who=who, card=card_label(deck, row[-1]), beat=beat)
        else:
            q = fmt(_("{who}, your turn. Your row is empty: any card succeeds."), who=who)
        labels = [(o, _("Reveal the top card") if o == REVEAL
                   else fmt(_("Summon {card}"), card=card_option(o)))
                  for o in decision.options]
        return q, labels
    if kind == USE:
        card = deck.card[decision.card]
        words = {"who": who, "card": card_name(deck, card), "text": ability_text(card, deck)}
        if card.ability is None or card.ability.when != "aftermath":
            q = fmt(_("{who}: use {card}'s ability? {text}"), **words)
        elif view.in_round[decision.seat]:  # R9.4: say which of its two moments this is
            q = fmt(_("{who}: you won the round. Use {card}'s ability? {text}"), **words)
        else:
            q = fmt(_("{who}: you are out of the round. Use {card}'s ability? {text}"),
                    **words)
        return q, [(o, _("Use it") if o else _("Skip it")) for o in decision.options]
    if kind == KEEP:
        n = len(decision.options)
        q = fmt(ngettext(
            "{who}, you drew {n} card from your Life Deck (only you see it). Keep it in "
            "your reserves.",
            "{who}, you drew {n} cards from your Life Deck (only you see them). Keep one "
            "in your reserves; the others are discarded.", n), who=who, n=n)
        # Copies of one card are one choice (whichever is kept, the rest are discarded).
        copies = Counter(deck.card[o].id for o in decision.options)
        first: dict[str, int] = {}
        for o in decision.options:
            first.setdefault(deck.card[o].id, o)
        return q, [(o, fmt(_("Keep {card} ×{copies}"), card=card_option(o), copies=copies[i])
                    if copies[i] > 1 else fmt(_("Keep {card}"), card=card_option(o)))
                   for i, o in first.items()]
    if kind == ORDER:
        q = fmt(_("{who}: several Aftermath abilities trigger. Which resolves first?"), who=who)
        return q, [(o, card_option(o)) for o in decision.options]
    if kind == PICK_CARD:
        q = fmt(_("{who}: {question}"), who=who,
                question=prompt_text(decision) or _("choose a card."))
        return q, pick_card_labels(decision.options, view, names, card_option)
    if kind == PICK_SEAT:
        q = fmt(_("{who}: {question}"), who=who,
                question=prompt_text(decision) or _("choose a player."))
        return q, [(o, names[o]) for o in decision.options]
    return fmt(_("{who}: choose."), who=who), [(o, str(o)) for o in decision.options]
