"""Words for the table: cards, seats and events as plain sentences (no Textual here).

The game log says what happened in sentences a newcomer can follow ("Mara reveals The
Puppet (7) over Justice (4): summoned."). It reads only the public fields of the events:
the event log is omniscient (DESIGN.md), so cards drawn from a Life Deck or seen by a peek
are never named here (R11.2) — only how many there were — except in a replay of a finished
game, where everything is revealed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from dread_draw.cards import Deck
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
)

DOT = "●"
PIP_FULL, PIP_EMPTY = "■", "□"
ROUND_PARTS = ("the present", "the near future", "the distant future")


def card_label(deck: Deck, uid: int) -> str:
    """'The Puppet (7)': a card's name and strength."""
    card = deck.card[uid]
    return f"{card.name} ({card.strength})"


def damage_text(damage: int) -> str:
    """Red dots *and* a number, never the colour alone: '●● 2', or '0' for none."""
    return f"{DOT * damage} {damage}" if damage else "0"


def life_pips(count: int, width: int = 10) -> str:
    """A Life Deck as pips and a number: '■■■■■■□□□□ 6' (an overflow shows '+')."""
    shown = min(count, width)
    more = "+" if count > width else ""
    return f"{PIP_FULL * shown}{PIP_EMPTY * (width - shown)}{more} {count}"


def ability_text(card) -> str:
    """'Summon: look at …': the keyword, then the card's text (which may already say it)."""
    if card.ability is None:
        return "No ability."
    text = card.ability.text
    if text.lower().startswith(card.keyword.lower()):
        return text
    return f"{card.keyword}: {text}"


def discard_text(deck: Deck, discard) -> str:
    """'Discard: 12, top The Crow (4), damage ● 1' (the pile is public, R11.1)."""
    if not discard:
        return "Discard: empty"
    top = discard[-1]
    return (f"Discard: {len(discard)}, top {card_label(deck, top)}, "
            f"damage {damage_text(deck.damage[top])}")


def fortune_part(index: int) -> str:
    """R10.2: the first card read is the present, the second the near future, then beyond."""
    return ROUND_PARTS[min(index, 2)].capitalize()


def _card(ev_card: dict | None, deck: Deck) -> str:
    return "no card" if ev_card is None else card_label(deck, ev_card["uid"])


def counted(n: int, word: str) -> str:
    """'1 card', '3 cards'."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def _cards(ev_cards: list, deck: Deck) -> str:
    return ", ".join(_card(c, deck) for c in ev_cards) or "no card"


@dataclass
class Narrator:
    """Turns events into log sentences, one event at a time, as they come; remembers each
    row's last card for 'over …'.

    `reveal`: the game is over (a replay), so the private cards — Life Deck draws, peeks —
    are named too. `mine`: the seat of the person reading, whose own private cards are
    named (R11.2: they saw them), and nobody else's. What an ability did is its own
    `outcome` event, told in the words its effect registered (`dread_draw.rules.registry.Tell`)."""

    deck: Deck
    names: list[str]
    reveal: bool = False
    mine: int | None = None
    tops: dict[int, dict] = field(default_factory=dict)

    def __call__(self, ev: dict) -> str | None:
        kind = ev["type"]
        handler = getattr(self, "_" + kind, None)
        return handler(ev) if handler else None

    def name(self, seat: int) -> str:
        return self.names[seat]

    def reveals(self, ev: dict) -> bool:
        """Whether the private cards of `ev` may be named: a finished game's, or the
        reader's own (their draw, what their ability let them see)."""
        return self.reveal or (self.mine is not None and ev["seat"] == self.mine)

    def _game_start(self, ev: dict) -> str:
        return (f"A new game: {len(self.names)} players, {ev['draw']} cards in the Draw Deck; "
                f"{self.name(ev['starting_seat'])} starts.")

    def _round_start(self, ev: dict) -> str:
        self.tops.clear()
        return f"── Round {ev['round']}: {self.name(ev['starting_seat'])} starts."

    def _summon(self, ev: dict) -> str:
        seat, card = ev["seat"], ev["card"]
        before = self.tops.get(seat)
        self.tops[seat] = card
        who = self.name(seat)
        what = _card(card, self.deck)
        if ev["source"] == "reserve":
            verb = f"{who} summons {what} from reserves"
        else:
            verb = f"{who} reveals {what}"
        over = f" over {_card(before, self.deck)}" if before else ""
        return f"{verb}{over}: summoned (row {ev['row_total']})."

    def _fail(self, ev: dict) -> str:
        seat = ev["seat"]
        who = self.name(seat)
        before = self.tops.pop(seat, None)
        lost = len(ev["discarded"])
        tail = f"eliminated, {counted(lost, 'card')} discarded." if lost else "eliminated."
        if ev["card"] is None:
            return f"{who} has no card left to reveal: {tail}"
        over = f" against {_card(before, self.deck)}" if before else ""
        return f"{who} reveals {_card(ev['card'], self.deck)}{over}: it fails, {tail}"

    def _ability(self, ev: dict) -> str:
        who = self.name(ev["seat"])
        card = self.deck.card[ev["card"]["uid"]]
        if not ev["used"]:
            return f"{who} does not use {card.name}'s {card.keyword} ability."
        return f"{who} uses {card.name}: {ability_text(card)}"

    def _ability_idle(self, ev: dict) -> str:
        """R9.7: an ability that could do nothing was not offered."""
        card = self.deck.card[ev["card"]["uid"]]
        return (f"{self.name(ev['seat'])}'s {card.name} has nothing to act on: its "
                f"{card.keyword} ability does nothing.")

    def _ability_lost(self, ev: dict) -> str:
        """R9.6: the card left the place where its ability triggered before its turn."""
        card = self.deck.card[ev["card"]["uid"]]
        where = "reserves" if ev["when"] == "reserve" else "row"
        return (f"{card.name} is no longer in {self.name(ev['seat'])}'s {where}: its "
                f"{card.keyword} ability is lost.")

    def _outcome(self, ev: dict) -> str | None:
        """What an ability did, in the words its effect registered: the sentence for
        everyone, or in a replay the one that names the private cards too (R11.2)."""
        spec = EFFECTS.get(ev["effect"])
        tell = spec.tell(ev) if spec is not None else None
        if tell is None:
            return None
        text = (tell.revealed or tell.public) if self.reveals(ev) else tell.public
        if text is None:
            return None
        words: dict[str, str] = {"who": self.name(ev["seat"])}
        for key, value in ev.items():
            if key in tell.seats:
                words[key] = self.name(value)
            elif isinstance(value, list):
                words[key] = _cards(value, self.deck)
                words[f"{key}_count"] = str(len(value)) if value else "none"
            elif isinstance(value, dict):
                words[key] = _card(value, self.deck)
            else:
                words[key] = str(value)
        return text.format_map(words)

    def _reshuffle(self, ev: dict) -> str:
        cards = counted(ev["count"], "card")
        return f"The discard pile is shuffled into a new Draw Deck ({cards})."

    def _round_end(self, ev: dict) -> str:
        self.tops.clear()
        dmg = ev["damage"]
        row = row_words(ev.get("row"), self.deck)
        hits = f"{dmg} damage to every other player" if dmg else "no damage"
        return f"{self.name(ev['winner'])} wins round {ev['round']}{row}: {hits}."

    def _damage(self, ev: dict) -> str:
        who = self.name(ev["seat"])
        drawn = len(ev["drawn"])
        if not drawn:
            return f"{who} takes {ev['amount']} damage with an empty Life Deck."
        kept = _card(ev["kept"], self.deck)
        rest = drawn - 1
        tossed = f", discards {rest}" if rest else ""
        if self.reveals(ev) and rest:  # the game is over, or the reader's own draw
            others = [c for c in ev["drawn"] if c["uid"] != ev["kept"]["uid"]]
            tossed = f", discards {_cards(others, self.deck)}"
        return (f"{who} takes {ev['amount']} damage: draws {drawn} from the Life Deck, keeps "
                f"{kept} in reserve{tossed} ({ev['life']} left).")

    def _gain_life(self, ev: dict) -> str:
        return (f"{self.name(ev['seat'])} gains {ev['amount']} life "
                f"({counted(ev['life'], 'card')} in the Life Deck).")

    def _defeated(self, ev: dict) -> str:
        return f"{self.name(ev['seat'])} is defeated and leaves the game."

    def _game_end(self, ev: dict) -> str:
        who, rounds = self.name(ev["winner"]), ev["rounds"]
        if ev.get("stalemate"):
            return (f"Nobody has taken damage for 10 rounds: a stalemate. {who} wins the game "
                    f"after {rounds} rounds, with the most cards left.")
        return f"{who} wins the game after {rounds} rounds."


@dataclass
class RoundReport:
    """What one round did: who won, the damage, and who took how much (for the summary)."""

    round: int
    winner: int
    damage: int
    hits: list[tuple[int, int, int]] = field(default_factory=list)  # (seat, amount, life left)
    defeated: list[int] = field(default_factory=list)
    row: str = ""  # the winning row, in words

    def lines(self, names: list[str]) -> list[str]:
        who = names[self.winner]
        out = [f"Round {self.round}: {who} wins{self.row}.",
               f"{who}'s row deals {self.damage} damage to each other player."]
        if not self.hits and not self.defeated:
            out.append("Nobody takes any damage.")
        for seat, amount, life in self.hits:
            out.append(f"{names[seat]} takes {amount} damage: {counted(life, 'card')} left "
                       "in the Life Deck.")
        for seat in self.defeated:
            out.append(f"{names[seat]} is defeated.")
        return out


def row_words(row: list | None, deck: Deck) -> str:
    """' with The Cradle (1), The Tempter (6)': the row that won a round."""
    if row is None:  # a log from before rows were written
        return ""
    return f" with {_cards(row, deck)}" if row else " with an empty row"


class RoundTracker:
    """Collects a round's damage; `feed` returns the finished RoundReport once the round's
    damage is all dealt (at the next round_start or at game_end), else None."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.report: RoundReport | None = None

    def feed(self, ev: dict) -> RoundReport | None:
        kind, report = ev["type"], self.report
        if kind == "round_end":
            self.report = RoundReport(ev["round"], ev["winner"], ev["damage"],
                                      row=row_words(ev.get("row"), self.deck))
        elif report is not None and kind == "damage":
            report.hits.append((ev["seat"], ev["amount"], ev["life"]))
        elif report is not None and kind == "defeated":
            report.defeated.append(ev["seat"])
        elif report is not None and kind in ("round_start", "game_end"):
            self.report = None
            return report
        return None


def zone_of(view, uid: int, names: list[str]) -> str:
    """Where a card the seat can see lies, in words."""
    if uid in view.discard:
        return "the discard pile"
    if uid in view.looking:
        return "your drawn cards"
    for s in range(view.players):
        own = s == view.seat
        if uid in view.rows[s]:
            return "your row" if own else f"{names[s]}'s row"
        if uid in view.reserves[s]:
            return "your reserves" if own else f"{names[s]}'s reserves"
    if any(c == uid for _, c in view.draw_known):
        return "the Draw Deck"
    return "a Life Deck"


def pick_card_labels(options, view, names, card_option) -> list[tuple[int, str]]:
    """One entry per different choice: copies of a card in the same zone are the same choice
    to a player, so only the first is offered; strongest first; the zone is named when the
    options lie in several; `Done` last."""
    deck = view.deck
    seen: dict[tuple[str, str], int] = {}
    for o in options:
        if o == DONE:
            continue
        seen.setdefault((deck.card[o].id, zone_of(view, o, names)), o)
    zones = {z for _, z in seen}
    entries = sorted(seen.items(), key=lambda kv: (-deck.strength[kv[1]], deck.card[kv[1]].name))
    labels = [(o, card_option(o) + (f" in {zone}" if len(zones) > 1 else ""))
              for (_, zone), o in entries]
    return labels + [(DONE, "Done")] * (DONE in options)


def describe(decision, view, names: list[str]) -> tuple[str, list[tuple[int, str]]]:
    """The question a Decision asks its seat, and a label for each legal option — exactly
    the Decision's options, in order (STYLE.md principle 2). Every kind is handled."""
    deck = view.deck
    who = names[decision.seat]
    kind = decision.kind

    def card_option(c: int) -> str:
        card = deck.card[c]
        key = f", {card.keyword}" if card.keyword else ""
        return f"{card.name} ({card.strength}, damage {card.damage}{key})"

    if kind == SUMMON:
        row = view.rows[decision.seat]
        beat = view.card_to_beat(decision.seat)
        if row:
            q = (f"{who}, your turn. Beat {card_label(deck, row[-1])}: strength over {beat}. "
                 "Reveal the top card, or summon a reserve card that beats it.")
        else:
            q = f"{who}, your turn. Your row is empty: any card succeeds."
        labels = [(o, "Reveal the top card" if o == REVEAL else f"Summon {card_option(o)}")
                  for o in decision.options]
        return q, labels
    if kind == USE:
        card = deck.card[decision.card]
        if card.keyword != "Aftermath":
            q = f"{who}: use {card.name}'s ability? {ability_text(card)}"
        elif view.in_round[decision.seat]:  # R9.4: say which of its two moments this is
            q = f"{who}: you won the round. Use {card.name}'s ability? {ability_text(card)}"
        else:
            q = (f"{who}: you are out of the round. Use {card.name}'s ability? "
                 f"{ability_text(card)}")
        return q, [(o, "Use it" if o else "Skip it") for o in decision.options]
    if kind == KEEP:
        q = (f"{who}, you drew {len(decision.options)} cards from your Life Deck (only you see "
             "them). Keep one in your reserves; the others are discarded. The reader shows "
             "the card under focus; Tab reads the next.")
        # Copies of one card are one choice (whichever is kept, the rest are discarded).
        copies = Counter(deck.card[o].id for o in decision.options)
        first: dict[str, int] = {}
        for o in decision.options:
            first.setdefault(deck.card[o].id, o)
        return q, [(o, f"Keep {card_option(o)}" + (f" ×{copies[i]}" if copies[i] > 1 else ""))
                   for i, o in first.items()]
    if kind == ORDER:
        q = (f"{who}: several Aftermath abilities trigger. Which resolves first? "
             "(Tab to a card in your row to read it.)")
        return q, [(o, card_option(o)) for o in decision.options]
    if kind == PICK_CARD:
        q = f"{who}: {decision.prompt or 'choose a card.'}"
        return q, pick_card_labels(decision.options, view, names, card_option)
    if kind == PICK_SEAT:
        q = f"{who}: {decision.prompt or 'choose a player.'}"
        return q, [(o, names[o]) for o in decision.options]
    return f"{who}: choose.", [(o, str(o)) for o in decision.options]
