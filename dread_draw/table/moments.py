"""The stage's moments: every reveal and every summon from reserves as it happens — the card,
what it had to beat, and the result — and a round's win and a player's defeat. Public facts
only (R11.1: revealed and summoned cards are face up); a Life Deck draw is never one. No
Textual here: the table model (`dread_draw.table.model`) makes them, a screen draws them."""

from __future__ import annotations

from dataclasses import dataclass

from dread_draw.base.safe_text import clean
from dread_draw.deck.cards import Deck
from dread_draw.i18n import _, fmt, ngettext
from dread_draw.rules import Event
from dread_draw.words.narrate import card_label


@dataclass(frozen=True)
class Act:
    """One moment on the stage. `card`: the card shown (-1: none); `beat_card`, `beat`: what
    it had to beat (-1: an empty row); `ok`: summoned; `headline`, `result`: the words."""

    seat: int
    card: int
    headline: str
    result: str
    ok: bool
    beat_card: int = -1
    beat: int = -1
    banner: bool = False  # a round won, a player defeated: shown as a banner


def _bar(ev: Event) -> tuple[int, int]:
    """What a `summon` or `fail` event says its card had to beat: the card (-1: an empty row)
    and the value it counted as (R4.2, always-active cards included), as the game measured
    it — never worked out again here."""
    card = ev.get("beat_card")
    return (-1 if card is None else card["uid"]), ev.get("beat", -1)


def acts(events: list[Event], deck: Deck, names: list[str]) -> list[Act]:
    """The stage's moments among `events` (public facts only)."""
    out: list[Act] = []
    for ev in events:
        kind = ev["type"]
        if kind == "summon":
            seat, uid = ev["seat"], ev["card"]["uid"]
            # the strength inside the sentence ("어머니(8)를 공개합니다"), not after its verb
            who, card = names[seat], clean(card_label(deck, uid))
            head = (fmt(_("{who} summons {card} from reserves"), who=who, card=card)
                    if ev["source"] == "reserve" else
                    fmt(_("{who} reveals {card}"), who=who, card=card))
            result = fmt(_("Summoned: {who}'s row is worth {total}."), who=who,
                         total=ev["row_total"])
            out.append(Act(seat, uid, head, result, True, *_bar(ev)))
        elif kind == "fail":
            seat = ev["seat"]
            who = names[seat]
            lost = len(ev["discarded"])
            if ev["card"] is None:
                head = fmt(_("{who} has no card left to reveal"), who=who)
                uid = -1
            else:
                uid = ev["card"]["uid"]
                head = fmt(_("{who} reveals {card}"), who=who, card=clean(card_label(deck, uid)))
            result = fmt(ngettext("Fails: {who} is out of the round; {n} card is discarded.",
                                  "Fails: {who} is out of the round; {n} cards are discarded.",
                                  lost), who=who, n=lost)
            out.append(Act(seat, uid, head, result, False, *_bar(ev)))
        elif kind == "round_end":
            who = names[ev["winner"]]
            out.append(Act(ev["winner"], -1, fmt(_("{who} wins round {round}!"), who=who,
                                                  round=ev["round"]),
                           fmt(ngettext("{n} damage to every other player.",
                                        "{n} damage to every other player.", ev["damage"]),
                               n=ev["damage"]),
                           True, banner=True))
        elif kind == "defeated":
            who = names[ev["seat"]]
            out.append(Act(ev["seat"], -1, fmt(_("{who} is defeated!"), who=who),
                           _("Their Life Deck is empty: they leave the game."), False,
                           banner=True))
    return out
