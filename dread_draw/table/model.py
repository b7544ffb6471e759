"""The table model: what a table of Dread Draw is doing and, above all, **who is at the
keyboard** — with no Textual in it, so that any front end (the Textual table, a plain-text
one) renders the same model and sends it the same keys.

A front end drives it in two ways:

- **moments** (`catch_up`, `turn_start`): what to show next, one `Moment` at a time — a line
  for the log, a moment on the stage, a person's own failed reveal to read ("Go on"), a look
  only the looker may read, a round over, a hand-off, a question. The front end shows each
  and, for those that wait for a person, waits before asking for the next; the model moves
  the keyboard between them (R11.2).
- **information keys** (`info`): `h` hint, `o` odds, `l` log, `d` discard, `r` the card
  reader, `v` review, `u` take-back — each answered on behalf of the person at the keyboard,
  from that person's own view, or from the public view when nobody holds it (a hand-off, a
  CPU's turn, the "Go on" of another seat, a round's summary in hot-seat). A key the table
  cannot serve says so in a line; nothing else.

Who may set what: only the model sets `holder` (the seat at the keyboard), `asking` (what
the table waits for) and `frozen` (the table as it stands while a person reads their own
failed reveal); a front end reads them and calls the model's steps. The match itself is
changed only by its driver (`Match.play`) and by a take-back (`take_back`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from dread_draw.i18n import _
from dread_draw.rules import KEEP, PICK_CARD, Decision, Event, PublicView, View
from dread_draw.rules.privacy import cards_in, for_seat
from dread_draw.table.moments import Act, acts
from dread_draw.table.seam import TableMatch, TableMove
from dread_draw.table.story import ToldLog
from dread_draw.table.turn import TurnTracker
from dread_draw.words.narrate import Narrator, RoundReport, RoundTracker, card_label

# What the table waits for (`Asking.kind`)
QUESTION = "question"  # a person's decision
GO_ON = "go on"  # a person reads their own failed reveal
LOOK = "look"  # a person reads what their ability let them see

# The information keys (`TableModel.info`)
HINT, ODDS, LOG, DISCARD, READER, REVIEW, TAKE_BACK = "h", "o", "l", "d", "r", "v", "u"
INFO_KEYS = (HINT, ODDS, LOG, DISCARD, READER, REVIEW, TAKE_BACK)


def offers_hidden_cards(view: View) -> bool:
    """Whether the question on offer is a choice among cards that lie nowhere on the table
    (drawn from a Life Deck, looked at on the Draw Deck): only this seat may see them."""
    d = view.pending
    if d is None or d.kind not in (KEEP, PICK_CARD):
        return False
    public = set(view.discard).union(*view.rows, *view.reserves)
    return any(o >= 0 and o not in public for o in d.options)


def tells_more(ev: Event) -> bool:
    """Whether `ev` names cards that the other seats are not told (R11: what only its
    own seat may read, a look). An outcome all may know — a card put face up on the Draw
    Deck, a discard, a swap, a count of cards — is in the log for everyone and waits for
    nobody."""
    return sorted(cards_in(ev)) != sorted(cards_in(for_seat(ev, -1)))


@dataclass(frozen=True)
class Asking:
    """What the table waits for from the person in `seat`."""

    seat: int
    kind: str  # QUESTION, GO_ON or LOOK


# ---------------------------------------------------------------------------- moments

@dataclass(frozen=True)
class Moment:
    """Something to show; the front end shows it and asks the model for the next."""


@dataclass(frozen=True)
class Told(Moment):
    """A line for the log; `mine`: it tells a move of a person at this table."""

    line: str
    mine: bool


@dataclass(frozen=True)
class Staged(Moment):
    """A moment on the stage (public facts only)."""

    act: Act


@dataclass(frozen=True)
class HoldOwn(Moment):
    """The person in `seat` reads their own failed reveal, then goes on (Enter). While it
    waits the table shows `TableModel.frozen`: the round as it stood at the reveal, not yet
    its damage or the next player."""

    seat: int
    act: Act


@dataclass(frozen=True)
class Look(Moment):
    """What the person in `seat` just saw with an ability (their own view only): shown to
    them at once, and the keyboard does not pass on until they have read it (Enter)."""

    seat: int
    lines: tuple[str, ...]


@dataclass(frozen=True)
class RoundOver(Moment):
    """A round ended: its summary, read by everyone (public only). `alone`: seconds after
    which it goes on by itself (a table of CPUs only), else None."""

    report: RoundReport
    alone: float | None


@dataclass(frozen=True)
class HandOff(Moment):
    """Pass the keyboard to the person in `seat` (R11.2); nothing private is on screen."""

    seat: int
    name: str


@dataclass(frozen=True)
class Redraw(Moment):
    """Draw the table as it is now; `settle`: and wait until it is on the screen (a move is
    painted before the CPUs' moves after it are worked out). Not before a person's question,
    which comes at once and is painted with it."""

    settle: bool = True


@dataclass(frozen=True)
class Collect(Moment):
    """A round went by unseen (skipping): a good time to collect its garbage."""


# ------------------------------------------------------------------------- information

@dataclass(frozen=True)
class Info:
    """The model's answer to an information key. `offered`: the key does something here
    (else `line` says why not, in words); `seat`: the person it answers for (None: the
    public view); `text`: what it would show, for front ends that show text."""

    key: str
    offered: bool
    line: str = ""
    seat: int | None = None
    text: tuple[str, ...] = ()


@dataclass
class TableModel:
    """A table's state machine and its keyboard (see the module docstring).

    `served`: the information keys this table offers (a network table does not offer the
    hint and the take-back: the host alone holds the game); `hold_own`: a person's own
    failed reveal waits for them ("Go on"); `people`: the seats played at this keyboard;
    `round_pause`: seconds a round's summary stays before the table goes on by itself (a
    network table's, the host's choice; None: until a person goes on, or a short pause at a
    table of CPUs only)."""

    match: TableMatch
    people: list[int]
    hold_own: bool = True
    cpu_delay: float = 0.8
    round_pause: float | None = None
    served: tuple[str, ...] = INFO_KEYS
    holder: int | None = None
    asking: Asking | None = None
    frozen: PublicView | None = None
    at_keyboard: int | None = None  # the last person known to hold it (answered, took it)
    skipping: bool = False
    paced: bool = False
    before: PublicView | None = None  # the table before the move being made
    before_number: int = -1  # the number of that move's decision
    moves: deque[tuple[TableMove, bool, PublicView | None]] = field(
        default_factory=deque)
    listeners: list[Callable[[], None]] = field(default_factory=list)  # holder changes
    handing: int | None = None  # a hand-off to this seat is on screen

    def __post_init__(self) -> None:
        self.names = [s.name for s in self.match.seats]
        if len(self.people) == 1:
            self.holder = self.people[0]  # one person: always at the keyboard
        self.narrate = Narrator(self.match.deck, self.names)
        self.rounds = RoundTracker(self.match.deck)
        self.turns = TurnTracker()
        self.round_winner = -1
        self.winning_row: tuple[int, ...] = ()
        self.told = ToldLog(self.match.deck, self.names)  # `l`'s lines, told once per reader

    # ------------------------------------------------------------------ the keyboard

    @property
    def hot_seat(self) -> bool:
        """More than one person shares this keyboard and it is not the last one's: what one
        may see is hidden from the others (R11.2). Once only one person is left in the game,
        the table is theirs; once none is, everyone watches the CPUs and sees public cards."""
        defeated = self.match.game.defeated
        left = sum(not defeated[p] for p in self.people)
        return len(self.people) > 1 and left != 1

    def to_play(self) -> int:
        """The seat the table names as the one to play (-1: nobody): while a person reads
        what only they may read (a look, their own failed reveal), that person — the next
        one is named only once the keyboard passes — else the seat whose decision waits."""
        a = self.asking
        if a is not None and a.kind in (GO_ON, LOOK):
            return a.seat
        d = self.match.game.pending
        return -1 if d is None else d.seat

    def set_holder(self, seat: int | None) -> None:
        """The keyboard changes hands; the front end is told (what only the last person
        could see goes: the card reader's card, the odds line)."""
        if seat != self.holder:
            self.holder = seat
            for listener in list(self.listeners):
                listener()

    def mine(self) -> View | None:
        """The view of the person at the keyboard (None: nobody: public only)."""
        return None if self.holder is None else self.match.game.view(self.holder)

    def shown(self) -> PublicView:
        """The public table as the screen shows it now: as it stood at a person's failed
        reveal while they read it (`frozen`), else as it is."""
        return self.frozen if self.frozen is not None else self.match.game.public_view()

    def asked_here(self) -> Decision | None:
        """The decision the person at the keyboard is being asked now, if any."""
        a = self.asking
        d = self.match.game.pending
        if a is None or a.kind != QUESTION or a.seat != self.holder or d is None or (
                d.seat != a.seat):
            return None
        return d

    def private_to(self, seat: int) -> bool:
        """Whether `seat` has something only it may see (R11.2) right now: not a card face
        up on the Draw Deck (R11.4), which everyone sees."""
        view = self.match.game.view(seat)
        face_up = set(self.match.game.public_view().draw_known)
        return bool(view.looking or set(view.draw_known) - face_up or any(view.life_known)
                    or offers_hidden_cards(view))

    # --------------------------------------------------------------------- the story

    def note(self, ev: Event) -> tuple[str | None, RoundReport | None]:
        """One event told: its log line, and the round's report if it ended one."""
        line = self.narrate(ev)
        self.turns.feed(ev)
        if ev["type"] == "round_end":
            self.round_winner = ev["winner"]
            self.winning_row = tuple(c["uid"] for c in ev.get("row") or ())
        elif ev["type"] == "round_start":
            self.round_winner = -1
        return line, self.rounds.feed(ev)

    def mine_line(self, ev: Event) -> bool:
        return ev.get("seat") in self.people and len(self.people) < len(self.names)

    def restart_story(self) -> None:
        """After a take-back: the story is told afresh from the rewound match."""
        self.moves.clear()
        self.asking = None
        self.frozen = None
        self.narrate = Narrator(self.match.deck, self.names)
        self.rounds = RoundTracker(self.match.deck)
        self.turns = TurnTracker()
        self.round_winner = -1
        self.winning_row = ()

    # ------------------------------------------------------------- the driver's steps

    def moved(self, match: object, move: TableMove) -> None:
        """`Match.play`'s hook: a move was made; it is shown before the next seat is asked."""
        # (else: a move nobody was asked; a network seat's update after others' moves)
        fresh = move.decision is not None and self.before_number == move.decision.number
        self.moves.append((move, self.paced,
                           self.before if fresh else None))

    def move_made(self) -> None:
        """Called as a seat's answer goes back to the match: the table as it stood (for a
        failed reveal's "Go on"; what a reveal had to beat, its events carry)."""
        g = self.match.game
        self.before = g.public_view() if self.hold_own else None
        self.before_number = -1 if g.pending is None else g.pending.number

    def catch_up(self) -> Iterator[Moment]:
        """The moves made since the last look, one by one; between them the keyboard goes
        back to nobody in hot-seat (R11.2: hidden again before the next seat moves)."""
        while self.moves:
            move, paced, before = self.moves.popleft()
            yield from self.show_move(move, before)
            if self.hot_seat and self.match.to_move() != self.holder:
                self.set_holder(None)
            if paced or self.match.seats[move.seat].is_human:
                yield Redraw()

    def show_move(self, move: TableMove, before: PublicView | None) -> Iterator[Moment]:
        m = self.match
        mover = move.seat
        person = m.seats[mover].is_human and mover in self.people
        events = list(move.events)
        moments = acts(events, m.deck, self.names)
        shown = 0
        for ev in events:
            line, report = self.note(ev)
            if line:
                yield Told(line, self.mine_line(ev))
            if person and ev["type"] == "outcome" and ev.get("seat") == mover and (
                    not self.skipping) and tells_more(ev):
                yield from self.look(mover, ev)
            if ev["type"] in ("summon", "fail", "round_end", "defeated") and shown < len(
                    moments):
                act = moments[shown]
                shown += 1
                yield Staged(act)
                if (not act.ok and not act.banner and act.seat == mover and person
                        and self.hold_own and not self.skipping):
                    # the table as it stood at the fail: before the move, with what the
                    # move did first (a reshuffle, say) — not yet the round's damage or
                    # the next player, even when the fail is not the move's first event
                    self.frozen = None if before is None else _at_fail(
                        _before_fail(before, events[:events.index(ev)],
                                     m.game.public_view()), ev)
                    self.asking = Asking(mover, GO_ON)
                    try:
                        yield HoldOwn(mover, act)
                    finally:
                        self.asking = None
                        self.frozen = None
            if report is not None and self.skipping:
                yield Collect()
            if report is not None and not self.skipping:
                if self.hot_seat:  # everyone reads the summary: public cards only
                    self.set_holder(None)
                alone = self.round_pause if self.round_pause is not None else (
                    None if self.people else 4 * self.cpu_delay)  # CPUs only: it goes on
                yield RoundOver(report, alone)
                yield Redraw()

    def look(self, seat: int, ev: Event) -> Iterator[Moment]:
        """What `seat`'s ability let them see, told to them (their own view: R11.2) before
        the keyboard can pass on."""
        line = Narrator(self.match.deck, self.names, mine=seat)(ev)
        if not line:
            return
        if self.holder != seat:  # (they just answered: they hold it)
            self.set_holder(seat)
        self.asking = Asking(seat, LOOK)
        try:
            yield Look(seat, (line,))
        finally:
            self.asking = None

    def turn_start(self, seat: int, person: bool) -> Iterator[Moment]:
        """Before `seat` is asked: a person takes the keyboard (after a hand-off if
        something only they may see would show, R11.2); a CPU's turn is public in
        hot-seat."""
        if not person:
            self.asking = None
            return
        self.skipping = False
        if self.holder != seat and self.hot_seat:
            self.set_holder(None)  # nothing of the last person's on screen behind it
            if self.private_to(seat):
                yield Redraw()
                self.handing = seat
                try:
                    yield HandOff(seat, self.names[seat])
                finally:
                    self.handing = None
                self.at_keyboard = seat
        self.set_holder(seat)
        yield Redraw(settle=False)  # the question comes next, in the same frame

    def asking_now(self, seat: int) -> None:
        self.asking = Asking(seat, QUESTION)

    def withdrawn(self) -> None:
        """The question was withdrawn before an answer (a network table's update with news:
        it is asked again if still pending)."""
        self.asking = None

    def answered(self, seat: int) -> None:
        self.asking = None
        self.at_keyboard = seat

    def new_person(self, seat: int) -> bool:
        """Whether the question goes to someone who did not answer the last one (the prompt
        guards against a double press then)."""
        return self.hot_seat and seat != self.at_keyboard

    # ------------------------------------------------------------ information keys

    def info(self, key: str) -> Info:
        """An information key pressed now, answered for the person at the keyboard."""
        if key not in self.served:
            return Info(key, False, _not_served(key))
        seat = self.holder
        m = self.match
        if key == HINT:
            d = self.asked_here()
            if d is None:
                return Info(key, False, _("Hints are for your own decisions: wait for your "
                                          "turn."))
            return Info(key, True, seat=d.seat)
        if key == TAKE_BACK:
            if self.asked_here() is not None:
                return Info(key, True, seat=seat)
            if self.handing is not None and self.at_keyboard is not None and (
                    self.at_keyboard != self.handing):
                # the person handing the keyboard on may still take back what they chose
                return Info(key, True, seat=self.at_keyboard)
            return Info(key, False, _("You can take back a choice only when it is your "
                                      "turn."))
        if key == ODDS:
            from dread_draw.words.odds import odds_sentence

            view = self.mine()
            said = odds_sentence(view) if view is not None else None
            return Info(key, True, seat=seat, text=(said,) if said else ())
        if key == LOG:
            lines = self.told.lines(m.events, seat)
            return Info(key, True, seat=seat, text=tuple(t for _k, t in lines))
        if key == DISCARD:
            return Info(key, True, seat=None,
                        text=tuple(card_label(m.deck, c) for c in self.shown().discard))
        if key == REVIEW:
            if not m.game.over:
                return Info(key, False, _("The review comes at the end of the game."))
            return Info(key, True, seat=seat)
        if key == READER:
            return Info(key, True, seat=seat)
        raise ValueError(f"not an information key: {key!r}")

    def readable(self) -> set[int]:
        """The cards the card reader may show now: every public card, and the private
        cards of the person at the keyboard (their view)."""
        pub = self.shown()
        cards = set(pub.discard).union(*pub.rows, *pub.reserves)
        cards.update(uid for _depth, uid in pub.draw_known)  # face up on it (R11.4)
        cards.update(pub.fortune)
        view = self.mine()
        if view is not None:
            cards.update(_private_cards(view))
        return cards


def _private_cards(view: View) -> set[int]:
    """The cards `view`'s seat knows that are not on the table."""
    out: set[int] = set(view.looking)
    out.update(uid for _depth, uid in view.draw_known)
    for known in view.life_known:
        out.update(uid for _depth, uid in known)
    for known_drawn in view.looking_known:
        out.update(known_drawn)
    d = view.pending
    if d is not None and d.seat == view.seat and d.kind in (KEEP, PICK_CARD):
        out.update(o for o in d.options if o >= 0)
    return out


def _at_fail(before: PublicView, ev: Event) -> PublicView:
    """The table as it stands at a failed reveal: as before the move, the seat out of the
    round with its row and the failed card on the discard pile — not yet the round's end,
    its damage or the next player (issue 24)."""
    seat = ev["seat"]
    gone = [c["uid"] for c in ev.get("discarded") or ()]
    if ev.get("card") is not None and ev["card"]["uid"] not in gone:
        gone.append(ev["card"]["uid"])
    rows = tuple(() if s == seat else r for s, r in enumerate(before.rows))
    totals = tuple(0 if s == seat else t for s, t in enumerate(before.totals))
    in_round = tuple(False if s == seat else r for s, r in enumerate(before.in_round))
    return before._replace(rows=rows, totals=totals, in_round=in_round,
                           discard=(*before.discard, *gone), pending=None)


def _before_fail(before: PublicView, prior: Sequence[Event], now: PublicView) -> PublicView:
    """The table as it stood before the move (`before`), with the public effects of the
    move's events up to a fail (`prior`): a reshuffle (the discard pile goes into the Draw
    Deck, but for the cards that stay: those still on it `now`), a summon, another fail.
    What else a move did before its fail stays as it was before the move."""
    at = before
    for ev in prior:
        kind = ev["type"]
        if kind == "reshuffle":
            still = set(now.discard)
            at = at._replace(discard=tuple(c for c in at.discard if c in still),
                             draw_count=ev["count"])
        elif kind == "summon":
            seat, uid = ev["seat"], ev["card"]["uid"]
            rows = tuple((*r, uid) if s == seat else r for s, r in enumerate(at.rows))
            reserves = at.reserves
            if ev.get("source") == "reserve":
                reserves = tuple(tuple(c for c in r if c != uid) if s == seat else r
                                 for s, r in enumerate(at.reserves))
            totals = tuple(ev["row_total"] if s == seat else t for s, t in enumerate(at.totals))
            at = at._replace(rows=rows, reserves=reserves, totals=totals)
        elif kind == "fail":
            at = _at_fail(at, ev)
    return at


def _not_served(key: str) -> str:
    if key == HINT:
        return _("Hints are not offered at a network table.")
    if key == REVIEW:
        return _("The review is not offered at a network table.")
    return _("Take-backs are not offered at a network table.")
