"""The coach at the table: the hint dialog (`h`), take-backs (`u`) and the review screen.

Everything here asks `dread_draw.coach.hints` / `dread_draw.coach.takeback` for data and says
it with `dread_draw.coach.words`; the table (`tui/screens/`) and the replay (`tui/replay.py`) only
bind the keys, in a few lines marked "coach:".

- `HintDialog`: what `hard` would do in the person's place, from that seat's view only (R11),
  with each option's chance of winning and the reasons; it thinks in a thread behind a
  spinner, the game waits while it is open, and the hint is recorded (`coach.note_hint`) and
  saved.
- `take_back_at_table`: `u` takes back the person's last choice when nothing anyone learned
  changes (`takeback.check_take_back`), rebuilds the table from the rewound match and asks
  again; otherwise it says why not.
- `ReviewScreen`: a finished game reviewed for a seat (each person in hot-seat), turning
  points first, with a progress bar.
- `tutor_step`: the tutorial's lessons (`dread_draw.coach.tutorial`), each when it first matters.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Label, LoadingIndicator, ProgressBar, RichLog, Static

from dread_draw.coach.hints import (
    HINT_MS,
    REVIEW_MS,
    Thinking,
    coach_workers,
    note_hint,
    review_game,
)
from dread_draw.coach.review import SAVE, Reviewable, practice_copy, review_lines
from dread_draw.coach.takeback import check_take_back, take_back
from dread_draw.coach.tutorial import Lesson, Tutor, is_tutorial
from dread_draw.coach.words import hint_heading, hint_lines, hint_progress, take_back_text
from dread_draw.deck.cards import Deck
from dread_draw.i18n import N_, _, fmt
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.rules import Decision
from dread_draw.tui.widgets.base import AnswerOnce, taken_down

# The table (`tui/screens/`'s TableScreen) imports this module, so it is not imported back
# here (no import cycles): a `TableScreen` parameter is typed by this name only.
TableScreen = Any


def _save_now(app: Any) -> None:
    """Save the game at once (a hint or a take-back is not a move: no hook hears it)."""
    saver = getattr(app, "saver", None)
    if saver is not None:
        saver.save_now()


# ----------------------------------------------------------------------------------- hints

class HintDialog(AnswerOnce, ModalScreen[None]):
    """`h` at a person's decision: the coach's choice and the chances, from that seat's
    view only. The game waits (a modal screen) until it is closed. The coach's search runs
    in its worker processes (`coach.hints.Thinking`): the dialog shows its answer so far
    after about 0.3 s, with each chance's margin and a progress bar, and refines it until
    the whole schedule is played — the final numbers are the same on any machine. If the
    question has moved on (the game went on before the dialog opened), it closes itself
    and says so."""

    BINDINGS = [Binding("escape,enter,h", "close", N_("Back to the game"))]
    DEFAULT_CSS = """
    HintDialog { align: center middle; }
    HintDialog #hint-box { width: 76; height: auto; max-height: 90%; border: thick $accent;
                           background: $surface; padding: 1 2; }
    HintDialog #hint-thinking { height: 3; }
    HintDialog #hint-progress { margin: 1 0 0 0; }
    HintDialog .dialog-title { text-style: bold; margin: 0 0 1 0; }
    """

    def __init__(self, match: Match, seat: int, budget_ms: int | None = None) -> None:
        super().__init__()
        self.match = match
        self.seat = seat
        self.budget_ms = budget_ms or HINT_MS
        self.lines: list[str] = []  # what the dialog says, once the coach has answered
        self.final = False  # the whole schedule is played

    def compose(self) -> ComposeResult:
        with Vertical(id="hint-box"):
            yield Label(_("What the coach would do"), classes="dialog-title")
            yield LoadingIndicator(id="hint-thinking")
            yield Static(Text(_("The coach is thinking…")), id="hint-body")
            yield ProgressBar(id="hint-progress", show_eta=False, show_percentage=False)
            yield Button(_("Enter  Back to the game"), id="hint-close", compact=True)

    def on_mount(self) -> None:
        self.think()

    def asked(self) -> Decision | None:
        """The seat's question, if it is still the one pending (else the game moved on)."""
        decision = self.match.game.pending
        return decision if decision is not None and decision.seat == self.seat else None

    @work(exclusive=True, group="hint")
    async def think(self) -> None:
        m, seat = self.match, self.seat
        decision = self.asked()
        if decision is None:  # the game went on before the dialog opened (issue 40)
            self.moved_on()
            return
        view = m.game.view(seat)  # the seat's view only (R11): all the hint ever sees
        thinking = Thinking(view, view.pending or decision, self.budget_ms, seed=m.seed,
                            levels=[s.kind for s in m.seats])  # the seats as they are
        names = [s.name for s in m.seats]
        async for found in thinking.hints():
            if taken_down(self):  # closed while the coach thought (issue 26)
                return
            if self.asked() is not decision:
                self.moved_on()
                return
            if not self.lines:  # the first answer shown: the hint is used
                note_hint(m, seat)  # the save, the replay and stats say hints were used
                _save_now(self.app)
            self.lines = [hint_heading(found, m.deck, names), ""]
            self.lines += hint_lines(found, m.deck, names)
            self.query_one("#hint-thinking").display = False
            bar = self.query_one(ProgressBar)
            bar.update(total=found.schedule, progress=found.deals)
            bar.display = not found.final
            if not found.final:
                self.lines += ["", hint_progress(found)]
            self.query_one("#hint-body", Static).update(Text("\n".join(self.lines)))
        self.final = True

    def moved_on(self) -> None:
        """Close, saying why: the question this hint was for is no longer asked."""
        self.app.notify(_("The game has moved on: that question is no longer asked, so the "
                          "hint is closed."), timeout=5)
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#hint-close")
    def pressed(self) -> None:
        self.dismiss(None)


def warm_coach(table: TableScreen) -> None:
    """Start the coach's worker processes while the table is read, when a person sits at it
    (a hint can be asked): the first hint then answers as fast as the others. After the
    first frames, in a thread: the table's start is not slowed."""
    if any(s.is_human for s in table.match.seats):
        table.set_timer(WARM_AFTER, lambda: threading.Thread(
            target=coach_workers().warm, name="coach-warm", daemon=True).start())


WARM_AFTER = 1.5  # seconds after the table opens


def person_asked(table: TableScreen) -> int:
    """The seat of the person at the keyboard, if the table is asking them a decision now,
    else -1 (a CPU moves, it is over, or the question is not theirs: a "Go on", a look, a
    hand-off). The table model knows who is at the keyboard (dread_draw/table/model.py)."""
    decision = table.model.asked_here()
    return -1 if decision is None else decision.seat


def hint_at_table(table: TableScreen) -> None:
    """`h`: the hint dialog for the person the table is asking; nothing at a CPU's turn."""
    seat = person_asked(table)
    if seat < 0:
        table.notify(_("Hints are for your own decisions: wait for your turn."), timeout=4)
        return
    table.app.push_screen(HintDialog(table.match, seat))


# ------------------------------------------------------------------------------ take-backs

async def take_back_at_table(table: TableScreen) -> bool:
    """`u`: take back the asked person's last choice if the rule allows it (then the table
    is rebuilt from the rewound match and asks again), else say why not. True if taken."""
    seat = person_asked(table)
    names = [s.name for s in table.match.seats]
    if seat < 0:
        table.notify(_("You can take back a choice only when it is your turn."), timeout=4)
        return False
    check = check_take_back(table.match, seat)
    if not check.allowed:
        table.notify(take_back_text(check, names), title=_("Take back"), timeout=6)
        return False
    for worker in list(table.workers):  # the driver is waiting for the old question
        if worker.group == "driver":
            worker.cancel()
    await asyncio.sleep(0.05)  # let it finish before a new driver starts
    if table.gone:  # issue 26: the table was closed meanwhile; its log is gone, its game saved
        return False
    take_back(table.match, seat)
    _save_now(table.app)
    rebuild_table(table)
    table.notify(_("Your last choice was taken back. Choose again."), title=_("Take back"),
                 timeout=4)
    return True


def rebuild_table(table: TableScreen) -> None:
    """The table from the match as it is now (after a take-back): its log told again from
    the start, the round bookkeeping afresh, and the driver started again."""
    table.answer = None
    table.model.restart_story()  # moves of the old driver not yet shown: told afresh
    table.query_one("#log", RichLog).clear()
    table.retell(from_round=False)  # the bounded log: the latest (l: all of it)
    table.show_table()
    table.drive()


# ---------------------------------------------------------------------------------- review

def reviewable_of(deck: Deck, seats: list[SeatSpec], seed: int, choices: list[int],
                  path: Path | None = None) -> Reviewable:
    """A finished game (a match at game over, or a replayed save) to review."""
    return Reviewable(path or Path(""), SAVE, deck, list(seats), seed, list(choices))


class _Stopped(Exception):
    """The review screen was closed while the coach was still thinking."""


class ReviewScreen(AnswerOnce, Screen[None]):
    """"Review" at game over and in the replay: for each person (or the given seats), the
    turning points first, then every decision the coach would have made otherwise by a clear
    margin, each from what that seat knew then. A progress bar while it thinks."""

    BINDINGS = [Binding("escape,q,v", "close", N_("Back"))]
    DEFAULT_CSS = """
    ReviewScreen { padding: 1 2; }
    ReviewScreen #review-title { text-style: bold; margin: 0 0 1 0; }
    ReviewScreen #review-progress { margin: 0 0 1 0; }
    ReviewScreen #review-scroll { height: 1fr; }
    """

    def __init__(self, game: Reviewable, seats: list[int] | None = None,
                 budget_ms: int | None = None) -> None:
        super().__init__()
        self.game = game
        people = [i for i, s in enumerate(game.seats) if s.is_human]
        self.seats = seats if seats is not None else (people or [0])
        self.budget_ms = budget_ms or REVIEW_MS
        self.lines: list[str] = []
        self.done = False  # every seat reviewed
        self.closed = False
        self.tries: list[int] = []  # the turning points' decisions, as numbered (one seat)

    def compose(self) -> ComposeResult:
        yield Label(_("Game review"), id="review-title")
        yield Static(Text(""), id="review-status")
        yield ProgressBar(id="review-progress", show_eta=False)
        with VerticalScroll(id="review-scroll"):
            yield Static(Text(""), id="review-body")
        yield Button(_("Esc  Back"), id="review-close", compact=True)

    def on_mount(self) -> None:
        self.run_review()

    def progress(self, done: int, total: int) -> None:
        """Told by the review's thread after each decision searched."""
        if self.closed:
            raise _Stopped
        self.app.call_from_thread(self.query_one(ProgressBar).update, total=total,
                                  progress=done)

    @work(exclusive=True, group="review")
    async def run_review(self) -> None:
        g = self.game
        status = self.query_one("#review-status", Static)
        for seat in self.seats:
            status.update(Text(fmt(_("Reviewing the decisions of {name}…"),
                                   name=g.names[seat])))
            self.query_one(ProgressBar).update(total=None, progress=0)
            try:
                r = await asyncio.to_thread(
                    review_game, g.deck, len(g.seats), g.seed, g.choices, seat,
                    game_index=g.game_index, budget_ms=self.budget_ms,
                    progress=self.progress, levels=[s.kind for s in g.seats])
            except _Stopped:
                return
            if self.lines:
                self.lines.append("")
            self.lines += review_lines(g, r)
            if len(self.seats) == 1 and hasattr(self.app, "start_match"):  # not the replay's
                self.tries = [t.at for t in r.turning_points]
            if self.tries:
                self.lines += ["", fmt(_("Press 1 to {n} to play that turning point again: a "
                                         "practice copy of the game from that decision, never "
                                         "saved and never in the stats."), n=len(self.tries))]
            self.query_one("#review-body", Static).update(Text("\n".join(self.lines)))
        status.update(Text(_("The review is done.")))
        self.query_one(ProgressBar).display = False
        self.done = True

    def action_close(self) -> None:
        self.closed = True
        self.dismiss(None)

    def on_key(self, event: events.Key) -> None:
        """1 to 3: "try this moment again" (`review.practice_copy`), at the table's app."""
        if not (self.done and event.character and event.character.isdigit()):
            return
        n = int(event.character)
        if 1 <= n <= len(self.tries):
            event.stop()
            self.closed = True
            practice = practice_copy(self.game, self.tries[n - 1])
            self.app.start_match(practice)  # type: ignore[attr-defined]  # DreadDrawApp's

    @on(Button.Pressed, "#review-close")
    def pressed(self) -> None:
        self.action_close()



# -------------------------------------------------------------------------------- tutorial

class TipScreen(AnswerOnce, ModalScreen[None]):
    """One lesson of the tutorial: a title and one or two sentences; Enter goes on."""

    BINDINGS = [Binding("enter,space,escape", "close", N_("Continue"))]
    DEFAULT_CSS = """
    TipScreen { align: center bottom; }
    TipScreen #tip-box { width: 70; height: auto; border: thick $success; background: $surface;
                         padding: 0 2; margin: 0 0 4 0; }
    TipScreen .dialog-title { text-style: bold; }
    """

    def __init__(self, lesson: Lesson) -> None:
        super().__init__()
        self.lesson = lesson

    def compose(self) -> ComposeResult:
        with Vertical(id="tip-box"):
            yield Label(Text(self.lesson.title), classes="dialog-title")
            yield Static(Text(self.lesson.text), id="tip-text")  # card and player names
            yield Button(_("Enter  Continue"), id="tip-close", compact=True)

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#tip-close")
    def pressed(self) -> None:
        self.dismiss(None)


def tutor_for(match: Match) -> Tutor | None:
    """The tutorial's lessons for a tutorial match (new or resumed), else None."""
    return Tutor(match) if is_tutorial(match) else None


async def tutor_step(table: TableScreen) -> None:
    """The table's driver calls this before each question of the person and after each
    move: the lessons due now, one at a time (the game waits)."""
    tutor = getattr(table, "tutor", None)
    if tutor is None:
        return
    for lesson in tutor.due(table.match):
        await table.app.push_screen_wait(TipScreen(lesson))
