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
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import (
    Button,
    Label,
    LoadingIndicator,
    OptionList,
    ProgressBar,
    RichLog,
    Static,
)
from textual.widgets.option_list import Option

from dread_draw.base.safe_text import clean
from dread_draw.coach.grades import Curve, to_retry
from dread_draw.coach.hints import (
    HINT_MS,
    REVIEW_MS,
    Moment,
    Review,
    hint,
    note_hint,
    review_game,
)
from dread_draw.coach.review import (
    SAVE,
    Practice,
    Reviewable,
    chart_of,
    chart_text,
    practice_copy,
    review_lines,
    verdict,
)
from dread_draw.coach.takeback import check_take_back, take_back
from dread_draw.coach.tutorial import Lesson, Tutor, is_tutorial
from dread_draw.coach.words import (
    graded_moment_text,
    hint_lines,
    option_words,
    take_back_text,
    verdict_text,
)
from dread_draw.deck.cards import Deck
from dread_draw.i18n import N_, _, fmt, ngettext
from dread_draw.play.sim import Match, SeatSpec
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
    view only. The game waits (a modal screen) until it is closed."""

    BINDINGS = [Binding("escape,enter,h", "close", N_("Back to the game"))]
    DEFAULT_CSS = """
    HintDialog { align: center middle; }
    HintDialog #hint-box { width: 76; height: auto; max-height: 90%; border: thick $accent;
                           background: $surface; padding: 1 2; }
    HintDialog #hint-thinking { height: 3; }
    HintDialog .dialog-title { text-style: bold; margin: 0 0 1 0; }
    """

    def __init__(self, match: Match, seat: int, budget_ms: int | None = None) -> None:
        super().__init__()
        self.match = match
        self.seat = seat
        self.budget_ms = budget_ms or HINT_MS
        self.lines: list[str] = []  # what the dialog says, once the coach has answered

    def compose(self) -> ComposeResult:
        with Vertical(id="hint-box"):
            yield Label(_("What the coach would do"), classes="dialog-title")
            yield LoadingIndicator(id="hint-thinking")
            yield Static(Text(_("The coach is thinking…")), id="hint-body")
            yield Button(_("Enter  Back to the game"), id="hint-close", compact=True)

    def on_mount(self) -> None:
        self.think()

    @work(exclusive=True, group="hint")
    async def think(self) -> None:
        m, seat = self.match, self.seat
        view = m.game.view(seat)  # the seat's view only (R11): all the hint ever sees
        decision = view.pending
        assert decision is not None and decision.seat == seat
        found = await asyncio.to_thread(hint, view, decision, self.budget_ms, seed=m.seed,
                                        levels=[s.kind for s in m.seats])  # seats as they are
        note_hint(m, seat)  # the save, the replay and stats say hints were used
        _save_now(self.app)
        names = [s.name for s in m.seats]
        best = option_words(m.deck, decision, found.best, names)
        self.lines = [fmt(_("The coach would choose: {option}."), option=best), ""]
        self.lines += hint_lines(found, m.deck, names, [s.kind for s in m.seats])
        if taken_down(self):  # closed while the coach thought (issue 26)
            return
        self.query_one("#hint-thinking").display = False
        self.query_one("#hint-body", Static).update(Text("\n".join(self.lines)))  # outside text

    def action_close(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#hint-close")
    def pressed(self) -> None:
        self.dismiss(None)


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


class ChanceChart(Static):
    """The review's chart (`coach.chart`): every seat's chance of winning over the game, a
    band per seat, turning points marked; drawn again at each width (taller bands when the
    screen has room)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(Text(""), **kwargs)
        self.game: Reviewable | None = None
        self.curve: Curve | None = None
        self.reviews: list[Review] = []

    def show(self, game: Reviewable, curve: Curve, reviews: list[Review]) -> None:
        self.game, self.curve, self.reviews = game, curve, list(reviews)
        self.refresh(layout=True)

    def _lines(self, width: int) -> list[str]:
        if self.game is None or self.curve is None:
            return []
        roomy = self.app.size.height >= 40 if self.is_attached else False
        return chart_text(self.game, self.curve, self.reviews, width, 3 if roomy else 1)

    def render(self) -> Text:
        return Text("\n".join(self._lines(max(20, self.size.width))), no_wrap=True)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(self._lines(max(20, width)))


class ReviewScreen(AnswerOnce, Screen[None]):
    """"Review" at game over and in the replay: the chart of every seat's chance first, then
    for each person (or the given seats) their accuracy, the turning points and every
    decision classed inaccuracy, mistake or blunder, each judged from what that seat knew
    then; at the table, each mistake and blunder can be played again (1 to 9, or the list).
    A progress bar while it thinks."""

    BINDINGS = [Binding("escape,q,v", "close", N_("Back"))]
    DEFAULT_CSS = """
    ReviewScreen { padding: 1 2; }
    ReviewScreen #review-title { text-style: bold; margin: 0 0 1 0; }
    ReviewScreen #review-progress { margin: 0 0 1 0; }
    ReviewScreen #review-scroll { height: 1fr; }
    ReviewScreen #review-chart { margin: 0 0 1 0; }
    ReviewScreen #review-retry { height: auto; max-height: 12; margin: 1 0 0 0; }
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
        self.tries: list[int] = []  # the mistakes' and blunders' decisions, as numbered
        self.moments: dict[int, Moment] = {}  # by decision: what each try plays again
        self.reviews: list[Review] = []
        self.curve: Curve | None = None

    def compose(self) -> ComposeResult:
        yield Label(_("Game review"), id="review-title")
        yield Static(Text(""), id="review-status")
        yield ProgressBar(id="review-progress", show_eta=False)
        with VerticalScroll(id="review-scroll"):
            yield ChanceChart(id="review-chart")
            yield Static(Text(""), id="review-body")
            retry = OptionList(id="review-retry")
            retry.display = False
            yield retry
        yield Button(_("Esc  Back"), id="review-close", compact=True)

    def on_mount(self) -> None:
        self.run_review()

    def progress(self, done: int, total: int) -> None:
        """Told by the review's thread after each decision searched."""
        if self.closed:
            raise _Stopped
        self.app.call_from_thread(self._advance, done, total)

    def _advance(self, done: int, total: int) -> None:
        for bar in self.query(ProgressBar).results(ProgressBar):  # gone once closed
            bar.update(total=total, progress=done)

    @work(exclusive=True, group="review")
    async def run_review(self) -> None:
        g = self.game
        status = self.query_one("#review-status", Static)
        chart = self.query_one(ChanceChart)
        status.update(Text(_("Drawing the chart of the game…")))
        try:
            self.curve = await asyncio.to_thread(chart_of, g, self.progress)
        except _Stopped:
            return
        if taken_down(self):
            return
        chart.show(g, self.curve, [])
        retries: list[tuple[int, Moment]] = []  # (seat, moment)
        for seat in self.seats:
            status.update(Text(fmt(_("Reviewing the decisions of {name}…"),
                                   name=g.names[seat])))
            self._advance(0, 0)
            try:
                r = await asyncio.to_thread(
                    review_game, g.deck, len(g.seats), g.seed, g.choices, seat,
                    game_index=g.game_index, budget_ms=self.budget_ms,
                    progress=self.progress, levels=[s.kind for s in g.seats])
            except _Stopped:
                return
            if taken_down(self):
                return
            self.reviews.append(r)
            chart.show(g, self.curve, self.reviews)
            if self.lines:
                self.lines.append("")
            self.lines += review_lines(g, r)
            if hasattr(self.app, "start_match"):  # the table's app, not the replay's
                retries += [(seat, m) for m in to_retry(r.moments)]
            self.query_one("#review-body", Static).update(Text("\n".join(self.lines)))
        self.tries = [m.at for _seat, m in retries]
        self.moments = {m.at: m for _seat, m in retries}
        if retries:
            names = [clean(n) for n in g.names]
            self.lines += ["", fmt(ngettext(
                "Press {n} to play that mistake again, or choose it below: a practice copy of "
                "the game at that decision, with the cards you could not see dealt anew; "
                "never saved and never in the stats.",
                "Press 1 to {n} to play a mistake again, or choose it below: a practice copy "
                "of the game at that decision, with the cards you could not see dealt anew; "
                "never saved and never in the stats.", min(len(retries), 9)),
                n=min(len(retries), 9))]
            self.query_one("#review-body", Static).update(Text("\n".join(self.lines)))
            retry = self.query_one("#review-retry", OptionList)
            for i, (seat, m) in enumerate(retries, 1):
                label = graded_moment_text(m, g.deck, names)
                if len(self.seats) > 1:
                    label = fmt(_("{name}: {text}"), name=names[seat], text=label)
                retry.add_option(Option(Text(f"{i}. {label}" if i <= 9 else label),
                                        id=str(m.at)))
            retry.display = True
        status.update(Text(_("The review is done.")))
        self.query_one(ProgressBar).display = False
        self.done = True

    def action_close(self) -> None:
        self.closed = True
        self.dismiss(None)

    def on_key(self, event: events.Key) -> None:
        """1 to 9: play that mistake again (`review.practice_copy`), at the table's app."""
        if not (self.done and event.character and event.character.isdigit()):
            return
        n = int(event.character)
        if 1 <= n <= min(len(self.tries), 9):
            event.stop()
            self.try_again(self.tries[n - 1])

    @on(OptionList.OptionSelected, "#review-retry")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        if self.done and event.option.id is not None:
            self.try_again(int(event.option.id))

    def try_again(self, at: int) -> None:
        """A practice copy of the game at decision `at`, the hidden cards dealt anew; the
        coach's verdict on the new choice is told when it is made."""
        self.closed = True
        practice = practice_copy(self.game, at)
        practice.coach = PracticeCoach(self.moments[at], practice, self.budget_ms)
        self.app.start_match(practice)  # type: ignore[attr-defined]  # DreadDrawApp's

    @on(Button.Pressed, "#review-close")
    def pressed(self) -> None:
        self.action_close()


class PracticeCoach:
    """A practice's coach at the table, in the tutorial's place (`tutor_for`): once the
    decision played again is answered, `due` gives the coach's verdict on the new choice
    (`review.verdict`, from the same view) as a notice the person reads before the game goes
    on; again after each take-back and new choice."""

    def __init__(self, moment: Moment, practice: Practice, budget_ms: int) -> None:
        self.moment = moment
        self.view = practice.game.view(moment.decision.seat)  # the seat's, before it chooses
        self.levels = [s.kind for s in practice.seats]
        self.names = [clean(s.name) for s in practice.seats]
        self.seed = practice.seed
        self.budget_ms = budget_ms
        self.judged = False  # the practised decision's current answer has its verdict

    def due(self, match: Match) -> list[Lesson]:
        if not match.choices:  # not answered yet, or taken back: the next answer is judged
            self.judged = False
            return []
        if self.judged:
            return []
        self.judged = True
        v = verdict(self.moment, self.view, match.choices[0], self.budget_ms, self.seed,
                    self.levels)  # searches only an option the review did not weigh
        return [Lesson(VERDICT, _("The coach"),
                       verdict_text(v, self.moment.decision, match.deck, self.names))]


VERDICT = "verdict"  # the practice's notice (a `TipScreen`)


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


def tutor_for(match: Match) -> Tutor | PracticeCoach | None:
    """The tutorial's lessons for a tutorial match (new or resumed), a practice's coach for
    a mistake played again, else None."""
    if isinstance(match, Practice):
        return match.coach
    return Tutor(match) if is_tutorial(match) else None


async def tutor_step(table: TableScreen) -> None:
    """The table's driver calls this before each question of the person and after each
    move: the lessons due now, one at a time (the game waits)."""
    tutor = getattr(table, "tutor", None)
    if tutor is None:
        return
    # a practice's verdict may search an option the review did not weigh: not on the loop
    due = (await asyncio.to_thread(tutor.due, table.match) if isinstance(tutor, PracticeCoach)
           else tutor.due(table.match))
    for lesson in due:
        await table.app.push_screen_wait(TipScreen(lesson))
