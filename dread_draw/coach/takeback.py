"""Taking back a person's last choice — only when that changes nothing anyone learned.

The rule is Board Game Arena's undo policy: a person may take back their last choice as long
as, since they made it, no card was revealed or looked at, nothing was shuffled, and no other
seat has decided. "Revealed" means that someone learned where a card is: turning up a card
everybody already knew (one planted face up on the Draw Deck, R11.4) teaches nobody anything.

"No other seat", CPUs included: a seat decides from what it alone may know (R11.2) — a CPU
that has privately looked at the top of the Draw Deck and then declines to reveal tells the
table that the top card is weak — so a choice seen is something learned, whoever made it.
Only a decision with one option (no choice at all) tells nothing, and does not count.

The CPU seats' forced moves made since are simply dropped: a CPU decides from its
view and its dice, restarted at every decision (`dread_draw.ai.dice`), so when the game goes
on it moves again exactly as it would have. A game is its seed and its choices, so taking
a choice back is replaying the game without it (`Match.rewind`); the save keeps what was
taken back (`Match.takebacks`, the save's ``takebacks``) and still replays exactly.

`check_take_back(match, seat)` says whether `seat` may take its last choice back, as a code
(and the seat of another person who has chosen since) — `coach_words.take_back_text` puts
it in words — and `take_back(match, seat)` does it.
"""

from __future__ import annotations

from dataclasses import dataclass

from dread_draw.base.errors import DreadDrawError
from dread_draw.play.sim import Hint, Match, TakeBack
from dread_draw.rules import Event, Game, View

ALLOWED = "allowed"
NOTHING = "nothing"  # this seat has made no choice yet
OVER = "over"  # the game is over
REVEALED = "revealed"  # a card was turned face up for everyone since
LOOKED = "looked"  # a player privately saw a card since
SHUFFLED = "shuffled"  # the discard pile was shuffled into a new Draw Deck since
OTHER_PERSON = "other person"  # another person at the table has chosen since
OTHER_SEAT = "other seat"  # a CPU seat has chosen since (its choice may tell, R11.2)


@dataclass(frozen=True)
class TakeBackCheck:
    """Whether a take-back is allowed (`code` ALLOWED) or why not (another code); `at` is
    the place in `Match.choices` of the choice it would take back (-1 if none), `other`
    the seat that has chosen since (OTHER_PERSON, OTHER_SEAT)."""

    code: str
    at: int = -1
    other: int = -1

    @property
    def allowed(self) -> bool:
        return self.code == ALLOWED


class TakeBackRefused(DreadDrawError):
    """`take_back` was asked for a choice that cannot be taken back (`check` says why;
    `coach_words.take_back_text` says it in words)."""

    def __init__(self, check: TakeBackCheck) -> None:
        super().__init__(f"that choice cannot be taken back ({check.code})")
        self.check = check


def _public(view: View) -> set[int]:
    """The cards every seat can see: rows, reserves, the discard pile, the fortune."""
    seen = set(view.discard).union(view.fortune)
    for zone in view.rows + view.reserves:
        seen.update(zone)
    return seen


def check_take_back(match: Match, seat: int) -> TakeBackCheck:
    """May `seat` take back its last choice? (See the module docstring for the rule.)"""
    if match.over:
        return TakeBackCheck(OVER)
    game = match.new_game(events=True)
    choosers = []
    chose = []  # whether the decision had more than one option: a choice seen can tell
    for option in match.choices:
        d = game.pending
        assert d is not None
        choosers.append(d.seat)
        chose.append(len(d.options) > 1)
        game.choose(option)
    mine = [i for i, s in enumerate(choosers) if s == seat]
    if not mine:
        return TakeBackCheck(NOTHING)
    at = mine[-1]
    then = match.new_game(events=True)
    for option in match.choices[:at]:
        then.choose(option)
    code = _learned(then, match.game)
    if code is None and any(e["type"] == "reshuffle" for e in _events_since(then, game)):
        code = SHUFFLED
    if code is not None:
        return TakeBackCheck(code, at)
    for s, real in zip(choosers[at + 1:], chose[at + 1:], strict=True):
        if s != seat and real:  # R11.2: another seat's choice may tell what it alone saw
            return TakeBackCheck(OTHER_PERSON if match.seats[s].is_human else OTHER_SEAT,
                                 at, s)
    return TakeBackCheck(ALLOWED, at)


def _events_since(then: Game, now: Game) -> list[Event]:
    """The events `now` (a replay recording events) has past the position `then`."""
    assert then.events is not None and now.events is not None
    return now.events[len(then.events):]


def _learned(then: Game, now: Game) -> str | None:
    """REVEALED if a card nobody could place then is public now, LOOKED if some seat alone
    now knows where a card is that it did not know then, else None."""
    looked = False
    for s in range(now.n):
        before, after = then.view(s), now.view(s)
        new = after.located() - before.located()
        if not new:
            continue
        if new & _public(after):
            return REVEALED
        looked = True
    return LOOKED if looked else None


def take_back(match: Match, seat: int) -> TakeBackCheck:
    """Take back `seat`'s last choice, and every forced CPU move made since (they will be
    made again as the game goes on). Raises `TakeBackRefused` when the rule does not allow it.
    The match's hooks are not told: save the match afterwards (`Autosaver.save_now`)."""
    check = check_take_back(match, seat)
    if not check.allowed:
        raise TakeBackRefused(check)
    choice = match.choices[check.at]
    match.rewind(check.at)
    # The coach's records stay (the save and `stats` still say hints and take-backs were
    # used), but none may lie past the new last choice: a save holding one would not load.
    # A record of a decision taken back moves to the decision asked again.
    at = check.at
    hints: list[Hint] = []
    for h in match.hints:
        moved = Hint(min(h.at, at), h.seat)
        if moved not in hints:
            hints.append(moved)
    match.hints = hints
    match.takebacks = [t._replace(at=min(t.at, at)) for t in match.takebacks]
    match.takebacks.append(TakeBack(at, seat, choice))
    return check
