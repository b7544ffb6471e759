"""The coach at the table, drawn: the hint dialog (`h`), the review screen and the tutorial's
lessons. What they say comes from the table session (dread_draw/table/session.py: the hint,
the take-back) and `dread_draw.coach`; the table (`tui/screens/`) and the replay
(`tui/replay.py`) only bind the keys, in a few lines marked "coach:".

- `HintDialog`: the session's hint — what `hard` would do in the person's place, from that
  seat's view only (R11), against every seat's level — thought in the coach's worker
  processes, its answer so far shown with a progress bar until it is final; the game
  waits while it is open.
- `ReviewScreen`: a finished game reviewed for a seat (each person in hot-seat), turning
  points first, with a progress bar.
- `TipScreen`: one of the tutorial's lessons (`dread_draw.coach.tutorial`).
"""

from __future__ import annotations

import asyncio
from contextlib import aclosing
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
    Static,
)
from textual.widgets.option_list import Option

from dread_draw.base.safe_text import clean
from dread_draw.coach.grades import Curve, to_retry
from dread_draw.coach.hints import (
    REVIEW_MS,
    Moment,
    Review,
    review_game,
)
from dread_draw.coach.review import (
    SAVE,
    PracticeCoach,
    Reviewable,
    chart_of,
    chart_text,
    practice_copy,
    review_lines,
)
from dread_draw.coach.tutorial import Lesson
from dread_draw.coach.words import (
    graded_moment_text,
)
from dread_draw.deck.cards import Deck
from dread_draw.i18n import N_, _, fmt, ngettext
from dread_draw.play.sim import SeatSpec
from dread_draw.table.session import Session
from dread_draw.tui.widgets.base import AnswerOnce, taken_down

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

    def __init__(self, session: Session, seat: int) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
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

    @work(exclusive=True, group="hint")
    async def think(self) -> None:
        # the seat's view only (R11), every seat's level: the session's one hint
        asked = self.session.think_hint(self.seat)
        if asked is None:  # the game went on before the dialog opened (issue 40)
            self.moved_on()
            return
        async with aclosing(asked.so_far()) as answers:
            async for found in answers:
                if taken_down(self):  # closed while the coach thought (issue 26)
                    return
                self.lines = list(found.lines)
                self.query_one("#hint-thinking").display = False
                bar = self.query_one(ProgressBar)
                bar.update(total=found.schedule, progress=found.deals)
                bar.display = not found.final
                shown = self.lines if found.final else [*self.lines, "", found.progress]
                self.query_one("#hint-body", Static).update(Text("\n".join(shown)))  # outside text
                self.final = found.final
        if not self.final and not taken_down(self):  # the question moved on meanwhile
            self.moved_on()

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
