"""The table: a front end of the table session (dread_draw/table/session.py). It draws the
table model (dread_draw/table/model.py) and forwards keys; the session's conductor plays the
match through its one driver loop (docs/DESIGN.md principle 6) and calls this screen to show
each moment and ask a person's questions, and the session answers the coach's keys. Hot-seat
privacy (R11.2) keeps a seat's private cards behind a hand-off."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, RichLog, Static

from dread_draw.base.glyphs import glyphs
from dread_draw.base.safe_text import clean, plain
from dread_draw.coach.tutorial import Lesson
from dread_draw.i18n import N_, _, fmt
from dread_draw.rules import SKIP, USE, USE_IT, PublicView
from dread_draw.table.asking import Question
from dread_draw.table.conductor import Story
from dread_draw.table.ending import Ending
from dread_draw.table.model import (
    DISCARD,
    HINT,
    LOG,
    ODDS,
    TAKE_BACK,
    Collect,
    HoldOwn,
    Look,
    Moment,
    Redraw,
    RoundOver,
    Staged,
    Told,
    offers_hidden_cards,
)
from dread_draw.table.model import (
    HandOff as HandingOff,
)
from dread_draw.table.moments import acts
from dread_draw.table.seam import TableMatch
from dread_draw.table.session import Session
from dread_draw.table.turn import beat_line, next_line
from dread_draw.tui.cardface import STYLES
from dread_draw.tui.coach import HintDialog, TipScreen
from dread_draw.tui.pauses import collect, hold_young, release_after_paint
from dread_draw.tui.screens.base import SizeAware
from dread_draw.tui.screens.game_over import GameOver
from dread_draw.tui.screens.handoff import HandOff
from dread_draw.tui.screens.summary import RoundSummary
from dread_draw.tui.stage import Stage
from dread_draw.tui.viewers import DiscardViewer, LogViewer, OddsLine
from dread_draw.tui.widgets.base import TooSmall, set_classes, taken_down, update_if_changed
from dread_draw.tui.widgets.cards import CardFocused, CardReader, CardTile
from dread_draw.tui.widgets.centre import TableCentre, TurnLine
from dread_draw.tui.widgets.keybar import KeyBar
from dread_draw.tui.widgets.log import ReflowLog
from dread_draw.tui.widgets.prompt import Choice, PromptBar
from dread_draw.tui.widgets.seats import (
    PlayArea,
    Probes,
    SeatPanel,
    SeatState,
    seat_states,
)
from dread_draw.words.narrate import RoundReport

__all__ = ["TableScreen", "offers_hidden_cards"]


LOG_LINES = 300  # the table's log keeps this many lines (the whole story is in the match)
WARM_COACH_AFTER = 1.5  # seconds after the table opens: the coach's processes start (a hint)
PAINT_WAIT = 0.5  # seconds a move waits at most for the screen to show the one before


class GameLog(ReflowLog):
    """The table's log, bounded (its memory stays flat over a game): it keeps its newest
    line in sight when the prompt under it grows or shrinks, as when a line is written."""

    def on_resize(self) -> None:  # type: ignore[override]  # the event is not needed
        self.call_after_refresh(self.scroll_end, animate=False)

    # (a line never breaks at a no-break space, French ": ;": dread_draw/base/wide_text.py)


async def painted(screen: Screen) -> None:
    """Until `screen` is painted as it is now (issue 41): a person's move is on the screen
    before the CPUs' moves that follow it are worked out — with the pace at 0 they were,
    inside the key's first frame. (At most `PAINT_WAIT`: a table being taken down paints
    nothing.)"""
    done = asyncio.Event()
    if screen.call_after_refresh(done.set):
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), PAINT_WAIT)


class TableScreen(SizeAware, Screen):
    """The table: the seats around a centre (the piles and the stage), the lines saying what
    to beat and who plays next, the card reader, the log and the prompt."""

    BINDINGS = [
        Binding("s", "skip", N_("Skip CPU turns")),  # (net's RemoteTable drops it: not its pace)
        Binding("h", "hint", N_("Hint")),  # coach: tui/coach.py
        Binding("u", "take_back", N_("Take back")),  # coach: tui/coach.py
        Binding("y", "use(True)", N_("Use"), show=False),
        Binding("n", "use(False)", N_("Skip ability"), show=False),
        Binding("enter,space", "go_on", N_("Go on"), show=False),
        *(Binding(str(i + 1), f"pick({i})", N_("Choose"), show=i == 0, key_display="1-9")
          for i in range(9)),
        # viewers (issue 14): the whole log, the discard pile, the odds line
        Binding("l", "log", N_("Log")), Binding("d", "discard", N_("Discards")),
        Binding("o", "odds", N_("Odds")),
    ]

    # the keys whose words the key bar drops first on a narrow screen (the help names them;
    # "? Help" and "q Quit" always keep theirs)
    WORDS_DROPPED_FIRST = ("discard", "log", "odds", "hint", "take_back", "skip")

    chrome = 0  # lines besides the table's own (net's RemoteTable adds one of its own)

    class Finished(Message):
        """The game is over and the players chose `what` next: "rematch", "new" or "quit"."""

        def __init__(self, what: str, match: TableMatch) -> None:
            super().__init__()
            self.what = what
            self.match = match

    def __init__(self, match: TableMatch, cpu_delay: float = 0.8, ascii: bool = False,
                 hold: int = 0, people: list[int] | None = None,
                 hold_own: bool | None = None, save: Callable[[], None] | None = None) -> None:
        """`hold`: seconds a person's own failed reveal stays on the stage (0: until they
        press a key; Setup.hold). `people`: the seats played at this keyboard (default:
        every person's seat: hot-seat). `hold_own`: a person's own failed reveal waits for
        them (default: when the CPUs have a pace). `save`: saves the game now."""
        super().__init__()
        self.match = match
        self.ascii = ascii
        # everything but the drawing (no Textual: dread_draw/table/session.py): this screen
        # renders its model and forwards keys; its conductor calls this screen back
        self.session = Session(match, self, people=people, cpu_delay=cpu_delay,
                               hold_own=hold_own, hold=hold, save=save)
        self.model = self.session.model
        self.model.listeners.append(self.holder_changed)
        self.conductor = self.session.conductor
        self.answer: asyncio.Future[int] | None = None

    @property
    def names(self) -> list[str]:
        return self.model.names

    def holder_changed(self) -> None:
        """The keyboard changed hands: the card last read may be one only the last person
        could see (a drawn or peeked card, read from its answer button), and their odds."""
        if self.is_attached:
            self.query_one(CardReader).uid = None
            self.query_one(OddsLine).show(None)  # viewers (issue 14): theirs goes too

    @property
    def viewer(self) -> int | None:
        """The seat whose private cards may be on screen (R11.2); None: public only."""
        return self.model.holder

    def compose(self) -> ComposeResult:
        n = len(self.match.seats)
        top = (n + 1) // 2
        yield Static(id="topbar")
        with Horizontal(id="main"):
            with PlayArea(self.match.deck, ascii=self.ascii, id="play"):
                with Vertical(id="seats-top", classes="seats"):
                    for s in range(top):
                        yield SeatPanel(self.match.deck, s, self.ascii)
                with Horizontal(id="centre-band"):
                    yield TableCentre(id="centre", ascii=self.ascii)
                    yield Stage(self.match.deck, id="stage", ascii=self.ascii)
                with Vertical(id="seats-bottom", classes="seats"):
                    for s in range(top, n):
                        yield SeatPanel(self.match.deck, s, self.ascii)
                yield TurnLine(id="turn")
            with Vertical(id="side"):
                yield CardReader(self.match.deck, ascii=self.ascii, id="reader")
                yield GameLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=16,
                              max_lines=LOG_LINES)
        yield OddsLine(id="odds")  # viewers (issue 14): the odds line (hidden until o)
        yield PromptBar(id="prompt")
        yield KeyBar()
        with Probes(id="probes"):  # the card styles' sizes, read from the stylesheet
            for style in STYLES:
                yield CardTile(self.match.deck, 0, style=style)
        yield TooSmall()

    def on_mount(self) -> None:
        if taken_down(self):  # issue 26: closed by keys typed while it started; nothing to draw
            return
        self.set_class(self.ascii, "-ascii")
        last = acts(self.match.events[-40:], self.match.deck, self.names)
        self.query_one(Stage).play(last[-1] if last else None)
        self.show_table()
        self.size_checked()  # opened on a terminal already too small: it waits
        self.call_after_refresh(self.drive)  # the table laid out before its first question
        # coach: the hint's worker processes start meanwhile, once the table is drawn
        self.set_timer(WARM_COACH_AFTER, self.session.warm_coach)

    def retold(self, story: Story) -> None:
        """The story so far into the bounded log (the session's: the round in progress, at
        most its last events; the whole story is `l`'s). After a take-back, what the old
        question left goes first: its screens, its prompt, the log."""
        log = self.query_one("#log", RichLog)
        if story.again:
            stack = self.app.screen_stack
            for _screen in stack[stack.index(self) + 1:] if self in stack else ():
                self.app.pop_screen()  # a hand-off or a summary the old driver showed
            self.answer = None
            log.clear()
        for told in story.lines:
            self.write_line(log, told.line, told.mine)
        self.show_table()

    def on_resize(self) -> None:
        w, h = self.size
        # the table restyled once, not once a class (~10 ms a class at 200x60 as it opens)
        set_classes(self, {"-narrow": w < 100, "-wide": w >= 160, "-short": h < 36,
                           "-stage-first": w >= 120 and h >= 36,  # room for a framed reveal
                           "-roomy": w >= 160 and h >= 50})  # the stage keeps room for its card
        self.query_one(CardReader).emblem = w >= 100 and h >= 36
        self.call_after_refresh(self.show_table)  # the styles' sizes are the new ones then

    # ---------------------------------------------------------------- rendering (from a view)

    def show_table(self, ended: RoundReport | None = None) -> None:
        """The table as it is now. While a round's summary is up (`ended`): the round's
        winning row as it ended, beside everyone's Life Deck and reserves after the damage
        — the numbers the summary gives — and the top bar says so."""
        if not self.is_attached:
            return
        m = self.match
        model = self.model
        # the table's public parts (R11.1): as they stand now, or as they stood at one's
        # own failed reveal while one reads it (not yet the round's damage, the next player)
        view = model.shown() if ended is None else m.game.public_view()
        # the private cards of the person at the keyboard, from their own seat's view only
        # after the hand-off (R11.2)
        mine = model.mine()
        to_play = -1
        sep = f"  {glyphs(self.ascii).separator}  "  # the top bar's
        if ended is None:
            # who the table names: the person reading what only they may read, until the
            # keyboard passes; else the seat whose decision waits
            to_play = model.to_play()
            states = seat_states(view, m.seats, round_winner=model.round_winner, mine=mine,
                                 to_play=to_play)
            parts = [fmt(_("round {n}"), n=view.round)]
            if m.seed is not None and m.daily is None:  # secret: net's; the daily's till the end
                parts.append(fmt(_("seed {seed}"), seed=m.seed))
            if to_play >= 0:
                parts.append(fmt(_("{name} to play"), name=clean(self.names[to_play])))
            top = Text(sep.join(["DREAD DRAW", *parts]))
        else:
            states = seat_states(view, m.seats, mine=mine,
                                 round_over=(ended.winner, model.winning_row))
            top = Text("DREAD DRAW" + sep + fmt(_("round {n} is over: the winning row and the "
                                                  "table after the damage"),
                                                n=ended.round))
            if top.cell_len > self.size.width:  # one line, never cut: the short words
                top = Text("DREAD DRAW" + sep + fmt(_("Round {n} is over."), n=ended.round))
        self.query_one(PlayArea).lay_out(states)
        self.query_one(TableCentre).show(view, m.seed, self.names, mine,
                                         None if ended is None else ended.round)
        update_if_changed(self.query_one("#topbar", Static), top,
                          layout=False)  # one line, always
        self.show_turn(view, to_play)
        self.query_one(OddsLine).show(mine)  # viewers (issue 14)
        self.check_reader(states)

    def show_turn(self, view: PublicView, to_play: int) -> None:
        """What the seat to play must beat, and why it is that seat's turn (R4.2, R5)."""
        t = Text(no_wrap=False)
        why = ""
        if to_play >= 0 and not view.over and view.in_round[to_play]:
            t.append(beat_line(view, to_play, self.names), "bold")
            why = next_line(view, to_play, self.names, self.model.turns)
        self.query_one(TurnLine).show(t, why)

    def check_reader(self, states: list[SeatState]) -> None:
        """The card reader forgets its card once the card is nowhere on screen (played
        away, discarded with a row, an answer no longer offered)."""
        reader = self.query_one(CardReader)
        if reader.uid is None:
            return
        shown = {c for st in states for c in st.row + st.reserves}
        shown.update(self.query_one(PromptBar).cards())
        d = self.match.game.pending
        if self.answer is not None and d is not None:
            shown.add(d.card)  # the card whose ability is asked about
        if reader.uid not in shown:
            reader.uid = None

    def write_line(self, log: RichLog, line: str, mine: bool) -> None:
        mark = "> " if self.ascii else "▸ "  # the viewer's own moves
        log.write(Text.assemble((mark, "bold"), plain(line, "bold")) if mine else plain(line))

    @on(CardFocused)
    def read_card(self, event: CardFocused) -> None:
        """The card reader asks the model: a public card, or one of the keyboard holder's
        own (a drawn or looked-at card on their answer buttons)."""
        if event.uid in self.model.readable():
            self.query_one(CardReader).uid = event.uid

    # ------------------------------------------------------ the front end of the conductor

    @work(exclusive=True, group="driver")
    async def drive(self) -> None:
        """The table plays the match through its session (dread_draw/table/session.py),
        whose conductor runs the one driver and calls this screen to show its moments and
        ask a person's questions."""
        await self.session.run()

    async def lesson(self, lesson: Lesson) -> None:
        await self.app.push_screen_wait(TipScreen(lesson))  # coach: the tutorial's lesson

    async def game_over(self, ending: Ending) -> None:
        self.query_one(PromptBar).clear(Text(clean(ending.line)))
        what = await self.app.push_screen_wait(GameOver(self.match, self.model))
        self.post_message(self.Finished(what, self.match))

    def thinking(self, seat: int) -> None:
        self.query_one(PromptBar).clear(Text(clean(self.session.thinking_line(seat))))

    def waiting(self) -> None:
        """(A local table is never waiting for another table's player: net's RemoteTable
        says whom it waits for.)"""

    async def present(self, moment: Moment) -> None:
        """One of the model's moments on the screen; those that wait for a person return
        once they have gone on."""
        release_after_paint(self)  # (a person's answer held the collector: issue 41)
        if isinstance(moment, Told):
            self.write_line(self.query_one("#log", RichLog), moment.line, moment.mine)
        elif isinstance(moment, Staged):
            self.query_one(Stage).play(moment.act)
        elif isinstance(moment, HoldOwn):
            self.show_table()
            await self.wait_for_go_on(Text(moment.act.result))
        elif isinstance(moment, Look):
            self.show_table()
            await self.wait_for_go_on(Text("\n".join(clean(line) for line in moment.lines)))
        elif isinstance(moment, Collect):
            collect()  # the round's garbage (its summary, read otherwise, is skipped)
        elif isinstance(moment, RoundOver):
            report = moment.report
            self.show_table(ended=report)
            self.query_one(PromptBar).clear(fmt(_("Round {n} is over."), n=report.round))
            await self.app.push_screen_wait(RoundSummary(report, self.names, moment.alone))
        elif isinstance(moment, HandingOff):  # u there: the last person takes back
            back = self.action_take_back if self.model.info(TAKE_BACK).offered else None
            await self.app.push_screen_wait(HandOff(moment.name, take_back=back))
        elif isinstance(moment, Redraw):
            self.show_table()
            if moment.settle:
                await painted(self)

    @property
    def gone(self) -> bool:
        """The table is being taken down: nothing more may be drawn or played on it."""
        return self.app.return_code is not None or not self.app.is_running or (
            taken_down(self))  # a return code: exit() was called

    def on_screen_suspend(self) -> None:
        self.conductor.cover(True)

    def on_screen_resume(self) -> None:
        if not self.too_small:
            self.conductor.cover(False)

    @property
    def too_small(self) -> bool:
        return self.app.has_class("-too-small")

    def size_checked(self) -> None:
        """The app re-checked the terminal's size: below the minimum the game waits (no
        CPU moves behind the 'too small' note) and keys do nothing but quit and help."""
        if self.too_small:
            self.conductor.cover(True)
        elif self.app.screen is self:
            self.conductor.cover(False)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """While the terminal is too small, none of the table's keys does anything (quit
        and help are the app's and still work): a blind key must not play."""
        return not self.too_small

    async def wait_for_go_on(self, said: Text) -> None:
        """A person reads the stage (their own failed reveal: with a pace chosen on the
        new-game screen, `hold`, the conductor goes on by itself after that many seconds)
        or what their ability let them see (shown to them at once, never to the next
        person; the prompt grows and scrolls: never cut), then presses Enter (or 1). Keys of
        the last question's double press are ignored for a moment (PRESS_GUARD)."""
        answer = self.answer = asyncio.get_running_loop().create_future()
        self.query_one(PromptBar).ask(said, [(0, _("Go on"))], new_person=True)
        try:
            await answer
        finally:
            if self.answer is answer:
                self.answer = None

    async def ask(self, question: Question) -> int:
        if question.card >= 0:
            self.query_one(CardReader).uid = question.card
        answer = self.answer = asyncio.get_running_loop().create_future()
        said = f"{question.text} {question.tip}" if question.tip else question.text
        self.query_one(PromptBar).ask(said, list(question.options),
                                      cards=question.cards, read_first=question.hidden,
                                      new_person=question.new_person)
        try:
            return await answer
        finally:
            if self.answer is answer:
                self.answer = None

    @on(Choice)
    def chosen(self, event: Choice) -> None:
        if not self.too_small:  # (a click on a covered answer does nothing either)
            self.answered(event.option)

    def answered(self, option: int | None) -> None:
        if option is not None and self.answer is not None and not self.answer.done():
            self.answer.set_result(option)
            hold_young()  # (issue 41: garbage collected after the answer's frame)

    # ------------------------------------------------------------------------ key actions

    def action_go_on(self) -> None:
        """Enter or Space: the prompt's only answer, when there is one (go on after reading
        the stage)."""
        bar = self.query_one(PromptBar)
        if self.answer is not None and len(bar.options) == 1 and not any(
                b.has_focus for b in bar.query(Button)):
            self.answered(bar.take(0, typed=False))

    def action_skip(self) -> None:
        self.conductor.skip()

    def refused(self, key: str) -> bool:
        """Ask the model for an information key on behalf of the person at the keyboard;
        when it is not theirs to press now (or not offered here), say why in a line."""
        info = self.model.info(key)
        if not info.offered:
            self.notify(info.line, timeout=4, markup=False)
        return not info.offered

    def action_hint(self) -> None:  # coach: the hint dialog (tui/coach.py)
        seat = self.model.info(HINT).seat
        if not self.refused(HINT) and seat is not None:
            self.app.push_screen(HintDialog(self.session, seat))

    def action_take_back(self) -> None:  # coach: the session's take-back
        """`u` (here, or at a hand-off): the session takes back the last choice of the
        person at the keyboard, or says why not."""
        if not self.refused(TAKE_BACK):
            self.notify(self.session.take_back(), title=_("Take back"), timeout=6,
                        markup=False)

    def action_pick(self, index: int) -> None:
        if self.answer is not None:
            self.answered(self.query_one(PromptBar).take(index))

    def action_use(self, use: bool) -> None:
        d = self.match.game.pending
        if self.answer is None or d is None or d.kind != USE:
            return
        bar = self.query_one(PromptBar)
        want = USE_IT if use else SKIP
        if want in bar.options:
            self.answered(bar.take(bar.options.index(want)))

    # ------------------------------------------------------------ viewers (issue 14)

    def action_log(self) -> None:
        if not self.refused(LOG):  # the holder's own log, or the public one
            self.app.push_screen(LogViewer(self.match, self.model.holder, self.model.told))

    def action_discard(self) -> None:
        if not self.refused(DISCARD):
            self.app.push_screen(DiscardViewer(self.match.deck, self.model.shown().discard))

    def action_odds(self) -> None:
        if self.refused(ODDS):
            return
        self.query_one(OddsLine).toggle()
        self.show_table()
