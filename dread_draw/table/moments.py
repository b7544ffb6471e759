"""The stage's moments: every reveal and every summon from reserves as it happens — the card,
what it had to beat, and the result — and a round's win and a player's defeat. Public facts
only (R11.1: revealed and summoned cards are face up); a Life Deck draw is never one. No
Textual here: the table model (`dread_draw.table.model`) makes them, a screen draws them."""

from __future__ import annotations

from dataclasses import dataclass

from dread_draw.cards import Deck
from dread_draw.i18n import _, fmt, ngettext
from dread_draw.narrate import card_name
from dread_draw.rules.public import PublicState, card_to_beat
from dread_draw.safe_text import clean


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


def before_move(state: PublicState) -> list[tuple[int, int]]:
    """Per seat, (the last card of its row, the value to beat, R4.2) before a move: what a
    reveal in that move had to beat."""
    return [(row[-1] if row else -1, card_to_beat(state, s)) for s, row in enumerate(state.rows)]


UNKNOWN = -2  # a `beat_card` not known (a resumed game's last moment): not said


def acts(events: list[dict], deck: Deck, names: list[str],
         beats: list[tuple[int, int]] | None = None) -> list[Act]:
    """The stage's moments among `events` (public facts only). `beats`: `before_move` of the
    position the events start from (None: not known, and not said)."""
    beats = [(UNKNOWN, -1)] * len(names) if beats is None else list(beats)
    out: list[Act] = []
    for ev in events:
        kind = ev["type"]
        if kind == "round_start":
            beats = [(-1, -1)] * len(names)  # every row starts empty
        elif kind == "summon":
            seat, uid = ev["seat"], ev["card"]["uid"]
            who, card = names[seat], clean(card_name(deck, deck.card[uid]))
            head = (fmt(_("{who} summons {card} from reserves"), who=who, card=card)
                    if ev["source"] == "reserve" else
                    fmt(_("{who} reveals {card}"), who=who, card=card))
            top, beat = beats[seat] if seat < len(beats) else (-1, -1)
            result = fmt(_("Summoned: {who}'s row is worth {total}."), who=who,
                         total=ev["row_total"])
            out.append(Act(seat, uid, head, result, True, top, beat))
            beats[seat] = (uid, deck.strength[uid])  # a second summon in the same move
        elif kind == "fail":
            seat = ev["seat"]
            who = names[seat]
            lost = len(ev["discarded"])
            top, beat = beats[seat] if seat < len(beats) else (-1, -1)
            if ev["card"] is None:
                head = fmt(_("{who} has no card left to reveal"), who=who)
                uid = -1
            else:
                uid = ev["card"]["uid"]
                head = fmt(_("{who} reveals {card}"), who=who,
                           card=clean(card_name(deck, deck.card[uid])))
            result = fmt(ngettext("Fails: {who} is out of the round; {n} card is discarded.",
                                  "Fails: {who} is out of the round; {n} cards are discarded.",
                                  lost), who=who, n=lost)
            out.append(Act(seat, uid, head, result, False, top, beat))
            beats[seat] = (-1, -1)
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
