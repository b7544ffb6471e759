"""The guided first game (`dread-draw tutorial`, "Learn to play"): a real game on a fixed deal.

The person plays the standard deck against two `easy` CPUs on a prepared deal — a seed chosen
(by `benchmarks/tutorial_deal.py`) so that everything a first game should meet comes early
and the game is short: a failed reveal, damage and a kept Life Deck card, a summon from the
reserves, an ability of each timing, a defeat and the fortune. Each rule is introduced the
first time it matters (`Lesson`), in one or two short sentences, just before the person does
it or just after it happened; nothing else differs from any game, so it is saved, left and
resumed like one. No Textual here: `tui/coach.py` shows the lessons at the table.

Which lessons are due is worked out from the game alone — its events and the person's pending
decision — so a resumed tutorial knows what was already met: a lesson whose moment is in the
game's past is not told again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dread_draw.deck.cards import Deck, load_deck
from dread_draw.deck.overlays import card_word
from dread_draw.i18n import _, fmt, ngettext
from dread_draw.i18n.grammar import Word
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.rules import KEEP, REVEAL, SUMMON, USE, Event, View, card_to_beat

# The prepared deal: the standard deck, this seed, the person in the first seat against two
# easy CPUs (benchmarks/tutorial_deal.py chose it).
TUTORIAL_SEED = 762
TUTORIAL_CPUS = (("Zora", "easy"), ("Orrin", "easy"))
PERSON = 0  # the person's seat


def tutorial_seats(name: str) -> list[SeatSpec]:
    return [SeatSpec(name, HUMAN)] + [SeatSpec(n, kind) for n, kind in TUTORIAL_CPUS]


def tutorial_match(name: str, deck: Deck | None = None) -> Match:
    """The tutorial's game for the person called `name`."""
    return Match(deck or load_deck(None), tutorial_seats(name), TUTORIAL_SEED)


def is_tutorial(match: Match) -> bool:
    """Is this match the tutorial (a new one or a resumed save)?"""
    return _tutorial_seats(match.seed, match.seats) and match.deck.name == load_deck(None).name


def is_tutorial_save(seed: int, seats: Sequence[SeatSpec], deck_path: str | None) -> bool:
    """Is a save with this seed, these seats and deck (None: the standard one) a tutorial?"""
    return deck_path is None and _tutorial_seats(seed, seats)


def _tutorial_seats(seed: int, seats: Sequence[SeatSpec]) -> bool:
    return (seed == TUTORIAL_SEED and len(seats) == 1 + len(TUTORIAL_CPUS)
            and seats[PERSON].is_human
            and all(s.name == n and s.kind == k
                    for s, (n, k) in zip(seats[1:], TUTORIAL_CPUS, strict=True)))


# ----------------------------------------------------------------------------- lessons

@dataclass(frozen=True)
class Lesson:
    """One thing to learn, and the words for it (a title and one or two sentences)."""

    key: str
    title: str
    text: str


def _uid(card: object) -> int:
    """A card's uid in an event (the log writes a card as a dict with its uid; -1: none)."""
    return card["uid"] if isinstance(card, dict) else -1


def _card(deck: Deck, c: int) -> Word:
    """'The Oracle (strength 6)': the card's name in the language, in every form."""
    card = deck.card[c]
    return card_word(deck, card).labelled(_("{name} (strength {strength})"), "name",
                                          strength=card.strength)


# Lessons on the person's pending decision (just before they do it) -------------------

def _on_decision(view: View, names: Sequence[str]) -> list[Lesson]:
    d = view.pending
    if d is None or d.seat != view.seat:
        return []
    deck = view.deck
    out: list[Lesson] = []
    if d.kind == SUMMON:
        row = view.rows[view.seat]
        if not row:
            out.append(Lesson("summon", _("Summoning"), _(
                "On your turn you summon a card: reveal the top card of the Draw Deck. Your "
                "row is empty, so any card succeeds.")))
        else:
            bar = card_to_beat(view, view.seat)
            out.append(Lesson("escalate", _("Escalating"), fmt(_(
                "To escalate, the next card must be stronger than the last card in your row, "
                "{card}: more than {bar}. An equal or weaker card fails and you are out of "
                "the round."), card=_card(deck, row[-1]), bar=bar)))
        if any(o != REVEAL for o in d.options):
            out.append(Lesson("reserves", _("Your reserves"), _(
                "You may summon a card from your reserves instead of revealing: its strength "
                "is sure, where a reveal is a gamble. Only a reserve card stronger than the "
                "card to beat can be summoned.")))
    elif d.kind == KEEP:
        out.append(Lesson("keep", _("Keeping a card"), _(
            "Damage makes you draw that many cards from your Life Deck. Keep one of them in "
            "your reserves; the others are discarded.")))
    elif d.kind == USE and d.card >= 0:
        when = deck.when[d.card]
        card = _card(deck, d.card)
        if when == "summon":
            out.append(Lesson("ability summon", _("A Summon ability"), fmt(_(
                "{card} has a Summon ability: it may act now because you summoned it. Using "
                "it is up to you: y uses it, n skips it."), card=card)))
        elif when == "reserve":
            out.append(Lesson("ability reserve", _("A Reserve ability"), fmt(_(
                "{card} has a Reserve ability: it may act now because it went to your "
                "reserves. y uses it, n skips it."), card=card)))
        elif when == "aftermath":
            out.append(Lesson("ability aftermath", _("An Aftermath ability"), fmt(_(
                "{card} has an Aftermath ability: it may act now because the round ended for "
                "your row, won or lost. y uses it, n skips it."), card=card)))
    return out


# Lessons on what happened (just after it) ---------------------------------------------

def _on_event(ev: Event, deck: Deck, names: Sequence[str], turns: int) -> list[Lesson]:
    """The lessons `ev` calls for."""
    kind = ev["type"]
    if kind == "fail":
        who = names[ev["seat"]]
        if ev["seat"] == PERSON:
            text = _("Your card was not stronger than the card to beat: the reveal failed. "
                     "You are out of this round, and your row is discarded.")
        else:
            text = fmt(_("{name}'s card was not stronger than the card to beat: the reveal "
                         "failed. {name} is out of this round."), name=who)
        out = [Lesson("failed", _("A failed reveal"), text)]
        c = _uid(ev["card"])
        if c >= 0 and ev["discarded"] and (
                deck.strength[c] == deck.strength[_uid(ev["discarded"][-1])]):
            out.append(Lesson("equal", _("An equal card fails"), fmt(_(
                "{card} was only as strong as the card to beat: a tie fails. A card must be "
                "stronger to succeed."), card=_card(deck, c))))
        return out
    if kind == "damage" and ev["seat"] == PERSON and ev["kept"] is not None:
        drawn, life = len(ev["drawn"]), ev["life"]
        took = fmt(ngettext(
            "You took {n} damage: you drew {n} card from your Life Deck into your reserves.",
            "You took {n} damage: you drew {n} cards from your Life Deck and kept one in your "
            "reserves.", drawn), n=drawn)
        left = fmt(ngettext(
            "{n} card is left in your Life Deck; damage with an empty Life Deck defeats you.",
            "{n} cards are left in your Life Deck; damage with an empty Life Deck defeats you.",
            life), n=life)
        return [Lesson("damage", _("Your first damage"), f"{took} {left}")]  # two sentences
    if kind == "reshuffle":
        return [Lesson("reshuffle", _("A new Draw Deck"), _(
            "The Draw Deck ran out: the discard pile was shuffled to make a new one. Cards "
            "that were discarded can come back."))]
    if kind == "gain_life" and ev["amount"] > 0:
        return [Lesson("gain life", _("Gaining life"), fmt(ngettext(
            "{name} gained {n} life: {n} card from the Draw Deck went face down onto their "
            "Life Deck, one more damage they can take.",
            "{name} gained {n} life: {n} cards from the Draw Deck went face down onto their "
            "Life Deck, more damage they can take.", ev["amount"]),
            name=names[ev["seat"]], n=ev["amount"]))]
    if kind == "turn" and turns == 2:
        return [Lesson("next", _("Who plays next"), _(
            "After every summon, the player still in the round with the lowest row total "
            "plays next. A strong row waits; a weak one must keep going."))]
    if kind == "round_end":
        winner = names[ev["winner"]]
        return [Lesson("round end", _("The end of a round"), fmt(_(
            "{name} is the last player in the round and wins it. Everyone else takes damage: "
            "the total of the damage dots on {name}'s row."), name=winner))]
    if kind in ("summon", "damage"):
        c = _uid(ev["card"] if kind == "summon" else ev.get("kept"))
        if c >= 0 and deck.when[c] == "always":
            return [Lesson("ability always", _("An ability that is always on"), fmt(_(
                "{card} has an ability with no keyword: it is always in effect while the card "
                "is in a row or in reserves, for whoever holds it."),
                card=_card(deck, c)))]
    if kind == "defeated":
        if ev["seat"] == PERSON:
            text = _("You took damage with an empty Life Deck: you are defeated and out of "
                     "the game. Watch how it ends.")
        else:
            text = fmt(_("{name} took damage with an empty Life Deck: {name} is defeated and "
                         "out of the game."), name=names[ev["seat"]])
        return [Lesson("defeat", _("Defeat"), text)]
    if kind == "game_end":
        if ev["fortune"]:
            text = _("The last player standing wins. The cards left in their Life Deck are "
                     "read as their fortune, one at a time: press Enter to turn each card.")
        else:  # R10.2: a fortune only from cards left in the winner's Life Deck
            text = _("The last player standing wins. The cards left in a winner's Life Deck "
                     "are read as their fortune; this time there are none left to read.")
        return [Lesson("fortune", _("The fortune"), text)]
    return []


class _Ties:
    """Follows the round from the events to see a tie for the lowest row (R5.2) when the
    turn passes: each seat still in the round and its row's total."""

    def __init__(self) -> None:
        self.totals: dict[int, int] = {}
        self.attempted = False

    def after(self, ev: Event, n: int, defeated: set[int]) -> bool:
        """Take `ev` in; True when it is a turn given on a tie for the lowest row."""
        kind = ev["type"]
        if kind == "round_start":
            self.totals = {s: 0 for s in range(n) if s not in defeated}
            self.attempted = False
        elif kind == "summon":
            self.totals[ev["seat"]] = ev["row_total"]
            self.attempted = True
        elif kind in ("fail", "defeated"):
            self.totals.pop(ev["seat"], None)
            self.attempted = True
        elif kind == "turn" and self.attempted and len(self.totals) > 1:
            low = min(self.totals.values())
            return sum(1 for t in self.totals.values() if t == low) > 1
        return False


WELCOME = "welcome"


def welcome() -> Lesson:
    """The first tip: the goal of the game first, then how the tutorial goes."""
    return Lesson(WELCOME, _("Learn to play"), _(
        "The goal: be the last player standing, when everyone else has been defeated. This "
        "is a real game against two CPUs; a short tip appears when something first matters "
        "(Enter goes on, ? shows all the rules)."))


def tie_lesson() -> Lesson:
    return Lesson("tie", _("A tie for the lowest row"), _(
        "Rows are tied for the lowest total. The player who just played goes again if they "
        "are one of them; otherwise the first tied player to their left plays."))


class Tutor:
    """Which lessons are due: each once, at the first moment it matters. `due(match)` after
    every move and before every question of the person returns the lessons to tell now."""

    def __init__(self, match: Match) -> None:
        self.names = [s.name for s in match.seats]
        self.deck = match.deck
        self.seen = 0  # events looked at
        self.turns = 0
        self.ties = _Ties()
        self.defeated: set[int] = set()
        self.told: set[str] = set()
        self.resumed = bool(match.choices)
        if self.resumed:  # what the game's past has met is not told again
            self.told.add(WELCOME)
            for lesson in self._from_events(match):
                self.told.add(lesson.key)
            self._past_decisions(match)

    def _from_events(self, match: Match) -> list[Lesson]:
        out = []
        events = match.events
        for ev in events[self.seen:]:
            if ev["type"] == "turn":
                self.turns += 1
            elif ev["type"] == "defeated":
                self.defeated.add(ev["seat"])
            out += _on_event(ev, self.deck, self.names, self.turns)
            if self.ties.after(ev, len(self.names), self.defeated):
                out.append(tie_lesson())  # after "Who plays next", when both are due
        self.seen = len(events)
        return out

    def _past_decisions(self, match: Match) -> None:
        """A resumed game: the decision lessons whose moment is already past."""
        for ev in match.events:
            if ev.get("seat") != PERSON:
                continue
            if ev["type"] == "summon":
                self.told.add("summon")
                if ev["source"] == "reserve":
                    self.told.add("reserves")
                if ev["row_total"] > self.deck.strength[_uid(ev["card"])]:
                    self.told.add("escalate")
            elif ev["type"] == "fail":
                self.told.add("escalate")
            elif ev["type"] == "damage" and ev.get("kept") is not None:
                self.told.add("keep")
            elif ev["type"] == "ability":
                self.told.add("ability " + str(ev["when"]))

    def due(self, match: Match) -> list[Lesson]:
        """The lessons to tell now, each once: what just happened, then what the person is
        about to do."""
        found = [] if WELCOME in self.told else [welcome()]
        found += self._from_events(match)
        d = match.game.pending
        if d is not None and d.seat == PERSON:
            found += _on_decision(match.game.view(PERSON), self.names)
        out = []
        for lesson in found:
            if lesson.key not in self.told:
                self.told.add(lesson.key)
                out.append(lesson)
        return out


ALL_LESSONS = ("welcome", "summon", "escalate", "failed", "next", "tie", "round end",
               "damage", "keep", "reserves", "ability summon", "ability reserve",
               "ability aftermath", "ability always", "reshuffle", "defeat", "fortune")
# Told when they first happen, if they do: a tie with the card to beat, someone gaining life.
WHEN_MET = ("equal", "gain life")
# Lessons that build on another: the first of each pair is told before the second (the
# prepared deal is chosen so that they are, benchmarks/tutorial_deal.py).
BEFORE = (("welcome", "summon"), ("summon", "escalate"), ("next", "tie"),
          ("failed", "equal"), ("round end", "ability aftermath"), ("defeat", "fortune"))


def out_of_order(keys: Sequence[str]) -> list[tuple[str, str]]:
    """The pairs of `BEFORE` told the wrong way round (or the second without the first)."""
    at = {k: i for i, k in reversed(list(enumerate(keys)))}
    return [(a, b) for a, b in BEFORE if b in at and at.get(a, len(keys)) > at[b]]
