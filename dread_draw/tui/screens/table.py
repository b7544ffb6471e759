"""The table: it renders the table model (dread_draw/table/model.py) and sends it keys; its
conductor (dread_draw/table/conductor.py) plays the match through `Match` (the one driver
loop, docs/DESIGN.md principle 6) and calls this screen to show each moment and ask a
person's questions. Hot-seat privacy (R11.2) keeps a seat's private cards behind a hand-off."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Label, RichLog, Static

from dread_draw.base.glyphs import glyphs
from dread_draw.base.safe_text import clean, plain
from dread_draw.i18n import N_, _, fmt
from dread_draw.play.sim import Match, SeatSpec
from dread_draw.rules import KEEP, ORDER, PICK_CARD, SKIP, SUMMON, USE, USE_IT
from dread_draw.table.conductor import Conductor
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
    TableModel,
    Told,
    offers_hidden_cards,
)
from dread_draw.table.model import (
    HandOff as HandingOff,
)
from dread_draw.table.moments import acts
from dread_draw.table.turn import beat_line, next_line
from dread_draw.tui.cardface import FRAMED, LINE, LINES, STYLES, TWO_LINE
from dread_draw.tui.coach import tutor_for, tutor_step
from dread_draw.tui.pauses import collect
from dread_draw.tui.screens.base import SizeAware
from dread_draw.tui.screens.game_over import GameOver
from dread_draw.tui.screens.handoff import HandOff
from dread_draw.tui.screens.summary import RoundSummary
from dread_draw.tui.stage import Stage
from dread_draw.tui.viewers import DiscardViewer, LogViewer, OddsLine
from dread_draw.tui.widgets.base import TooSmall, taken_down, update_if_changed
from dread_draw.tui.widgets.cards import CardFocused, CardReader, CardTile
from dread_draw.tui.widgets.centre import TableCentre, TurnLine
from dread_draw.tui.widgets.keybar import KeyBar
from dread_draw.tui.widgets.log import ReflowLog
from dread_draw.tui.widgets.prompt import Choice, PromptBar
from dread_draw.tui.widgets.seats import SeatPanel, SeatState, kind_label, seat_states
from dread_draw.words.narrate import RoundReport, describe

__all__ = ["TableScreen", "offers_hidden_cards"]


LOG_LINES = 300  # the table's log keeps this many lines (the whole story is in the match)


RESUME_EVENTS = 400  # a resumed game narrates only its last events into the log


class GameLog(ReflowLog):
    """The table's log, bounded (its memory stays flat over a game): it keeps its newest
    line in sight when the prompt under it grows or shrinks, as when a line is written."""

    def on_resize(self) -> None:  # type: ignore[override]  # the event is not needed
        self.call_after_refresh(self.scroll_end, animate=False)

    # (a line never breaks at a no-break space, French ": ;": dread_draw/base/wide_text.py)


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

    resume_events = RESUME_EVENTS  # (for the coach's rebuild after a take-back)
    chrome = 0  # lines besides the table's own (net's RemoteTable adds one of its own)

    class Finished(Message):
        """The game is over and the players chose `what` next: "rematch", "new" or "quit"."""

        def __init__(self, what: str, match: Match) -> None:
            super().__init__()
            self.what = what
            self.match = match

    def __init__(self, match: Match, cpu_delay: float = 0.8, ascii: bool = False,
                 hold: int = 0, people: list[int] | None = None,
                 hold_own: bool | None = None) -> None:
        """`hold`: seconds a person's own failed reveal stays on the stage (0: until they
        press a key; Setup.hold). `people`: the seats played at this keyboard (default:
        every person's seat: hot-seat). `hold_own`: a person's own failed reveal waits for
        them (default: when the CPUs have a pace)."""
        super().__init__()
        self.match = match
        self.ascii = ascii
        humans = people if people is not None else [
            i for i, s in enumerate(match.seats) if s.is_human]
        # the table's state machine and its keyboard (no Textual: dread_draw/table/model.py);
        # this screen renders it and forwards keys
        self.model = TableModel(match, humans, cpu_delay=cpu_delay,
                                hold_own=cpu_delay > 0 if hold_own is None else hold_own,
                                served=self.served)
        self.model.listeners.append(self.holder_changed)
        self.told = self.model.told  # `l`'s lines, told once per reader
        # the driver: it plays the match and calls this screen (dread_draw/table/conductor.py)
        self.conductor = Conductor(self.model, self, hold=hold)
        self.answer: asyncio.Future | None = None
        self.card_style = FRAMED
        self.tutor = tutor_for(match)  # coach: the tutorial's lessons (None: not the tutorial)

    served: tuple[str, ...] = (HINT, ODDS, LOG, DISCARD, "r", "v", TAKE_BACK)  # the model's keys

    # the model's, read here (only the model sets them)
    @property
    def names(self) -> list[str]:
        return self.model.names

    @property
    def humans(self) -> list[int]:
        return self.model.people

    @property
    def skipping(self) -> bool:
        return self.model.skipping

    @property
    def at_keyboard(self) -> int | None:
        return self.model.at_keyboard

    def holder_changed(self) -> None:
        """The keyboard changed hands: the card last read may be one only the last person
        could see (a drawn or peeked card, read from its answer button), and their odds."""
        if self.is_attached:
            self.query_one(CardReader).uid = None
            self.query_one(OddsLine).show(None)  # viewers (issue 14): theirs goes too

    @property
    def compact(self) -> bool:
        return self.card_style in LINES

    @property
    def viewer(self) -> int | None:
        """The seat whose private cards may be on screen (R11.2); None: public only."""
        return self.model.holder

    def compose(self) -> ComposeResult:
        n = len(self.match.seats)
        top = (n + 1) // 2
        yield Static(id="topbar")
        with Horizontal(id="main"):
            with Vertical(id="play"):
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
        with Vertical(id="probes"):  # the card styles' sizes, read from the stylesheet
            for style in STYLES:
                yield CardTile(self.match.deck, 0, style=style)
            yield Label("reserves", classes="reserve-mark")
        yield TooSmall()

    def on_mount(self) -> None:
        if taken_down(self):  # issue 26: closed by keys typed while it started; nothing to draw
            return
        self.set_class(self.ascii, "-ascii")
        events = self.match.events
        # A resumed match: the log tells the round in progress (at most RESUME_EVENTS
        # lines: the whole story is in `l`'s view). (net: a join has no choices)
        self.retell(from_round=bool(getattr(self.match, "choices", True)))
        last = acts(events[-40:], self.match.deck, self.names)
        self.query_one(Stage).play(last[-1] if last else None)
        self.show_table()
        self.size_checked()  # opened on a terminal already too small: it waits
        self.drive()

    def retell(self, from_round: bool = True) -> None:
        """The story so far into the bounded log: its latest events only — the round in
        progress (`from_round`), at most `resume_events` of them — the whole story is `l`'s.
        The narrator and the trackers read from the start of the round the log starts in:
        all they need (each starts afresh at a round's start), so a game of any length
        opens at once (issue 14: resume under 0.3 s)."""
        events = self.match.events
        n = len(events)
        tail = max(0, n - self.resume_events)
        last_start = next((i for i in range(n - 1, -1, -1)
                           if events[i]["type"] == "round_start"), 0)
        if from_round:
            tail = max(tail, last_start)
        begin = last_start if last_start <= tail else next(
            (i for i in range(tail, -1, -1) if events[i]["type"] == "round_start"), 0)
        log = self.query_one("#log", RichLog)
        for i in range(begin, n):
            self._note(events[i], log if i >= tail else None)

    def on_resize(self) -> None:
        w, h = self.size
        self.set_class(w < 100, "-narrow")
        self.set_class(w >= 160, "-wide")
        self.set_class(h < 36, "-short")
        self.set_class(w >= 160 and h >= 50, "-roomy")  # the stage keeps room for its card
        self.query_one(CardReader).emblem = w >= 100 and h >= 36
        self.call_after_refresh(self.show_table)  # the styles' sizes are the new ones then

    # ---------------------------------------------------------------- rendering (from a view)

    def style_sizes(self) -> dict[str, tuple[int, int]]:
        """Each card style's (width, height) with its margin, and the reserves mark's width
        (key ""), from the stylesheet (dread_draw.tcss), never repeated here."""
        def cells(scalar) -> int:
            return int(scalar.value) if scalar is not None else 0

        sizes = {}
        for tile in self.query_one("#probes").query(CardTile):
            st = tile.styles
            sizes[tile.style_name] = (cells(st.width) + st.margin.right,
                                      cells(st.height) + st.margin.bottom)
        mark = self.query_one("#probes .reserve-mark", Label).styles
        sizes[""] = (cells(mark.width) + mark.margin.left + mark.margin.right, 0)
        return sizes

    def choose_style(self, states: list[SeatState]) -> str:
        """The largest card style in which every seat's row and reserves fit on one line and
        every seat fits in the height: one style for the whole table."""
        play = self.query_one("#play")
        width, height = play.size
        if not width:
            return self.card_style
        band = self.query_one("#centre-band").styles.min_height
        turn = self.query_one("#turn").styles.height
        room = height - int(band.value if band else 0) - int(turn.value if turn else 0)
        sizes = self.style_sizes()
        for style in STYLES:
            wide = all(self.fits(st, style, sizes, width) for st in states)
            tall = len(states) * (1 + sizes[style][1]) <= room
            if wide and tall:
                return style
        # too long for every style: unframed tiles share the line, on two lines if they fit
        return TWO_LINE if len(states) * (1 + sizes[TWO_LINE][1]) <= room else LINE

    @staticmethod
    def fits(st: SeatState, style: str, sizes: dict[str, tuple[int, int]], width: int) -> bool:
        """Whether a seat's row and reserves fit on one line of `width` in `style`."""
        tile_w = sizes[style][0]
        return tile_w * (max(len(st.row), 1) + max(len(st.reserves), 1)) + sizes[""][0] + 2 \
            <= width

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
            states = seat_states(view, m.seats, round_winner=model.round_winner, mine=mine)
            to_play = view.pending.seat if view.pending is not None else -1
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
        style = self.choose_style(states)
        self.card_style = style
        width = self.query_one("#play").size.width
        sizes = self.style_sizes() if style in LINES and width else {}
        for panel, state in zip(self.query(SeatPanel), states, strict=True):
            # the smallest style, still too long: its tiles share the line (names shorten)
            squeeze = bool(sizes) and not self.fits(state, style, sizes, width)
            panel.show(state, style, squeeze)
        self.query_one(TableCentre).show(view, m.seed, self.names, mine,
                                         None if ended is None else ended.round)
        update_if_changed(self.query_one("#topbar", Static), top,
                          layout=False)  # one line, always
        self.show_turn(view, to_play)
        self.query_one(OddsLine).show(mine)  # viewers (issue 14)
        self.check_reader(states)

    def show_turn(self, view, to_play: int) -> None:
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

    def _note(self, ev: dict, log: RichLog | None) -> RoundReport | None:
        line, report = self.model.note(ev)
        if line and log is not None:
            self.write_line(log, line, self.model.mine_line(ev))
        return report

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
        """The table plays the match through its conductor (dread_draw/table/conductor.py),
        which runs the one driver, `Match.play`, and calls this screen to show its moments
        and ask a person's questions. A take-back cancels this worker and starts it again
        (tui/coach.py)."""
        await self.conductor.play()

    async def lessons(self) -> None:
        await tutor_step(self)  # coach: the tutorial's lessons, if this is it

    async def game_over(self) -> None:
        m = self.match
        self.query_one(PromptBar).clear(
            Text(fmt(_("{name} wins the game."), name=clean(self.names[m.game.winner]))))
        what = await self.app.push_screen_wait(GameOver(m, self.model))
        self.post_message(self.Finished(what, m))

    def thinking(self, seat: int) -> None:
        self.query_one(PromptBar).clear(self.thinking_line(self.match.seats[seat]))

    def waiting(self) -> None:
        """(A local table is never waiting for another table's player: net's RemoteTable
        says whom it waits for.)"""

    async def present(self, moment: Moment) -> None:
        """One of the model's moments on the screen; those that wait for a person return
        once they have gone on."""
        if isinstance(moment, Told):
            self.write_line(self.query_one("#log", RichLog), moment.line, moment.mine)
        elif isinstance(moment, Staged):
            self.query_one(Stage).play(moment.act)
        elif isinstance(moment, HoldOwn):
            self.show_table()
            await self.read_own_reveal(moment.act)
        elif isinstance(moment, Look):
            self.show_table()
            await self.read_look(moment)
        elif isinstance(moment, Collect):
            collect()  # the round's garbage (its summary, read otherwise, is skipped)
        elif isinstance(moment, RoundOver):
            report = moment.report
            self.show_table(ended=report)
            self.query_one(PromptBar).clear(fmt(_("Round {n} is over."), n=report.round))
            await self.app.push_screen_wait(RoundSummary(report, self.names, moment.alone))
        elif isinstance(moment, HandingOff):
            await self.app.push_screen_wait(HandOff(moment.name))
        elif isinstance(moment, Redraw):
            self.show_table()

    @property
    def gone(self) -> bool:
        """The table is being taken down: nothing more may be drawn or played on it."""
        return self.app.return_code is not None or not self.app.is_running or (
            taken_down(self))  # a return code: exit() was called

    def thinking_line(self, spec: SeatSpec) -> Text:
        """What the prompt says while a CPU thinks; once the people are knocked out, that
        `s` skips the CPUs' turns."""
        g = self.match.game
        thinking = Text(fmt(_("{name} ({kind}) is thinking…"), name=clean(spec.name),
                            kind=kind_label(spec)) + "   ")
        people = [s for s in self.humans if not g.defeated[s]]
        if not people:
            return thinking.append(_("Nobody at the keyboard is left in the game: press s to "
                                     "skip ahead to the end."))
        out = [s for s in people if not g.in_round[s]]
        if len(out) < len(people):
            return thinking.append(_("Press s to skip ahead to the next decision of a person."))
        if len(out) == 1:
            said = fmt(_("{name} is out of this round: press s to skip ahead to the next "
                         "decision of a person."), name=clean(self.names[out[0]]))
        else:
            said = _("Everyone at the keyboard is out of this round: press s to skip ahead to "
                     "the next decision of a person.")
        return thinking.append(said)

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

    async def read_own_reveal(self, act) -> None:
        """The person who just failed reads the stage, then presses Enter (or 1) to go on
        (with a pace chosen on the new-game screen, `hold`, the conductor goes on by itself
        after that many seconds). Keys of the last question's double press are ignored for
        a moment (PRESS_GUARD)."""
        await self.wait_for_go_on(Text(act.result))

    async def read_look(self, look: Look) -> None:
        """What the person's ability let them see, shown to them at once — never to the
        next person — until they press Enter (the prompt grows and scrolls: never cut)."""
        await self.wait_for_go_on(Text("\n".join(clean(line) for line in look.lines)))

    async def wait_for_go_on(self, said: Text) -> None:
        answer = self.answer = asyncio.get_running_loop().create_future()
        self.query_one(PromptBar).ask(said, [(0, _("Go on"))], new_person=True)
        try:
            await answer
        finally:
            if self.answer is answer:
                self.answer = None

    async def ask(self, seat: int) -> int:
        view = self.match.game.view(seat)
        assert view.pending is not None and view.pending.seat == seat
        question, options = describe(view.pending, view, self.names)
        if view.pending.kind == USE or view.pending.card >= 0:
            self.query_one(CardReader).uid = view.pending.card
        answer = self.answer = asyncio.get_running_loop().create_future()
        self.model.asking_now(seat)
        self.query_one(PromptBar).ask(question, options,
                                      cards=view.pending.kind in (KEEP, PICK_CARD, ORDER, SUMMON),
                                      read_first=offers_hidden_cards(view),
                                      new_person=self.model.new_person(seat))
        try:
            option = await answer
        finally:
            if self.answer is answer:
                self.answer = None
        self.model.answered(seat)
        return option

    @on(Choice)
    def chosen(self, event: Choice) -> None:
        if not self.too_small:  # (a click on a covered answer does nothing either)
            self.answered(event.option)

    def answered(self, option: int | None) -> None:
        if option is not None and self.answer is not None and not self.answer.done():
            self.answer.set_result(option)

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
        if self.refused(HINT):
            return
        from dread_draw.tui.coach import hint_at_table
        hint_at_table(self)

    async def action_take_back(self) -> None:  # coach: a take-back (tui/coach.py)
        if self.refused(TAKE_BACK):
            return
        from dread_draw.tui.coach import take_back_at_table
        await take_back_at_table(self)

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
            self.app.push_screen(LogViewer(self.match, self.model.holder, self.told))

    def action_discard(self) -> None:
        if not self.refused(DISCARD):
            self.app.push_screen(DiscardViewer(self.match.deck, self.model.shown().discard))

    def action_odds(self) -> None:
        if self.refused(ODDS):
            return
        self.query_one(OddsLine).toggle()
        self.show_table()
