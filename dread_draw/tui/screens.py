"""The app's screens: new game, the table, hand-off, round summary, game over, help, quit.

The table drives the match through `Match` only (the one driver loop, STYLE.md principle 6):
a worker asks the seat to move — a CPU agent in a thread, at a readable pace, or the person
at the keyboard through the prompt — and applies the answer. Hot-seat privacy (R11.2): with
more than one human, a seat's private cards appear only after a hand-off screen, and are
hidden again as soon as another seat is to move.
"""

from __future__ import annotations

import asyncio
import math
import time

from rich.markdown import Markdown as RichMarkdown
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Input, Label, RichLog, Select, Static

from dread_draw.ai import AGENTS
from dread_draw.errors import DreadDrawError
from dread_draw.rules import KEEP, ORDER, PICK_CARD, SKIP, SUMMON, USE, USE_IT
from dread_draw.rules_text import rules_markdown
from dread_draw.safe_text import name_problem, plain
from dread_draw.saves import continue_label
from dread_draw.sim import HUMAN, Match, SeatSpec
from dread_draw.tui.coach import tutor_for, tutor_step  # coach: the tutorial
from dread_draw.tui.narrate import (
    Narrator,
    RoundReport,
    RoundTracker,
    counted,
    damage_text,
    describe,
    fortune_part,
)
from dread_draw.tui.saved import ReplaceSave
from dread_draw.tui.setup import DEFAULT_CPU, MAX_SEATS, MIN_SEATS, Setup, fresh_seed
from dread_draw.tui.viewers import DiscardViewer, LogViewer, OddsLine  # viewers (issue 14)
from dread_draw.tui.widgets import (
    EVERYWHERE,
    PRESS_GUARD,
    AnswerOnce,
    CardFocused,
    CardReader,
    Choice,
    Dialog,
    KeyBar,
    PromptBar,
    SeatPanel,
    SeatState,
    TableCentre,
    TooSmall,
    as_text,
    kind_label,
    seat_states,
    update_if_changed,
)

FULL_SEAT_LINES = 6  # a seat with framed tiles; below that, the compact layout
CHROME_LINES = 6  # top bar, prompt, footer


# --------------------------------------------------------------------------- small screens

class SizeAware:
    """Mixed into every screen: a resize re-checks the terminal's size (the App itself is
    not told of later resizes)."""

    def on_resize(self) -> None:
        self.app.check_size()  # type: ignore[attr-defined]  # a Screen's app: DreadDrawApp


class HelpScreen(AnswerOnce, SizeAware, Dialog[None]):
    """`?`: the keys, then the rules in our own words (the text of `dread-draw rules`)."""

    BINDINGS = [Binding("escape,question_mark", "dismiss", "Close")]

    KEYS = """\
## Keys
| key | what it does |
|---|---|
| 1–9 | answer the question at the bottom (or click its button, or Tab to it and Enter) |
| y / n | use or skip an optional ability |
| Tab, Shift+Tab | move between cards and buttons; the focused card is shown in full |
| s | skip ahead through the CPU turns to the next decision of a person |
| l | the whole game's log, your own moves marked ▶ (Esc or l closes it) |
| d | the discard pile, grouped by card or in order (g switches; Esc or d closes it) |
| o | the odds of a reveal, above the question, for the person at the keyboard |
| h | a hint: what the strongest CPU would do in your place, and each choice's chance to win |
| u | take back your last choice, while nothing new has been revealed or chosen since |
| v | at the end of a game: review it, the turning points first |
| Enter | take the keyboard when the table passes it to you (it waits a second first) |
| ? or F1 | this help (F1 while typing a name) |
| q, Ctrl+C | quit (asks first during a game; Ctrl+C while typing a name) |
"""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Static(RichMarkdown(self.KEYS + "\n" + rules_markdown()))
        yield KeyBar()
        yield TooSmall()


class ConfirmQuit(AnswerOnce, SizeAware, Dialog[bool]):
    """`q` or Ctrl+C during a game: quit only if the player says so."""

    BINDINGS = [Binding("y", "answer(True)", "Quit"),
                Binding("n,escape", "answer(False)", "Keep playing")]

    def __init__(self, note: str | None = None) -> None:
        super().__init__()
        self.note = note  # where the game stands with its save (DreadDrawApp.save_note)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label("Quit the game in progress?", classes="dialog-title")
            if self.note:
                yield Static(plain(self.note), id="quit-saved")
            with Horizontal(classes="dialog-buttons"):
                yield Button("y  Quit", id="yes", variant="error", compact=True)
                yield Button("n  Keep playing", id="no", compact=True)
        yield TooSmall()

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class Notice(AnswerOnce, SizeAware, Dialog[None]):
    """A message with one button; Enter (or a click) carries on. Keys that come sooner than
    `wait` seconds after it appears are the tail of a double press meant for the screen
    before (Enter on a question's answer): they are ignored, so a notice is never closed
    unread."""

    BINDINGS = [Binding("enter,space", "close", "Continue")]

    def __init__(self, title: str | Text, body: str | Text, button: str | Text,
                 wait: float | None = None) -> None:
        super().__init__()
        self.title_text, self.body, self.button = title, body, button
        self.wait = PRESS_GUARD if wait is None else wait
        self.shown = time.monotonic()

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            # names of cards and players: shown as text, never read as markup
            yield Label(as_text(self.title_text), classes="dialog-title")
            yield Static(as_text(self.body))
            yield from self.compose_wait()
            yield Button(Text.assemble("Enter  ", as_text(self.button)), variant="primary",
                         compact=True)
        yield TooSmall()

    def compose_wait(self) -> ComposeResult:
        """What the notice shows while it ignores keys (nothing: the wait is short)."""
        yield from ()

    def on_mount(self) -> None:
        self.shown = time.monotonic()

    @property
    def ready(self) -> bool:
        return time.monotonic() - self.shown >= self.wait

    def action_close(self) -> None:
        if self.ready:
            self.dismiss(None)

    @on(Button.Pressed)
    def pressed(self) -> None:
        self.action_close()


HANDOFF_WAIT = 1.0  # seconds a hand-off ignores every key: longer than any double press


class HandOff(Notice, inherit_bindings=False):
    """R11.2: the next person's private cards are behind this screen until they take it.

    The last person may still be pressing keys for their own question (an impatient double
    Enter): for HANDOFF_WAIT seconds every key and click is ignored while the screen counts
    down; then Enter (or a click on its button) says the next person has the keyboard."""

    BINDINGS = [Binding("enter", "close", "I have the keyboard"), *EVERYWHERE]

    def __init__(self, name: str, wait: float | None = None) -> None:
        who = plain(name)
        super().__init__(Text.assemble("Pass the keyboard to ", who),
                         Text.assemble(who, " has cards to look at that nobody else may see. "
                                       "Everyone else, please look away."),
                         Text.assemble("I am ", who),
                         HANDOFF_WAIT if wait is None else wait)
        self.player = name

    def compose_wait(self) -> ComposeResult:
        yield Static(id="handoff-wait")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(Button).disabled = True
        self.ticker = self.set_interval(0.1, self.tick)
        self.tick()

    def tick(self) -> None:
        """Count down, then say which key takes the keyboard."""
        notes, buttons = self.query("#handoff-wait").results(Static), self.query(Button)
        note, button = next(notes, None), buttons.first() if buttons else None
        if note is None or button is None:  # dismissed between two ticks: nothing to count
            self.ticker.stop()
            return
        left = self.wait - (time.monotonic() - self.shown)
        if left > 0:
            note.update(f"Get ready… {math.ceil(left)}")
            return
        self.ticker.stop()
        note.update(Text.assemble("Press Enter when you have the keyboard, ",
                                  plain(self.player), "."))
        button.disabled = False


class RoundSummary(Notice):
    """R7: who won the round, the damage dealt and to whom."""

    BINDINGS = [Binding("escape", "close", "Continue", show=False)]

    def __init__(self, report: RoundReport, names: list[str],
                 close_after: float | None = None) -> None:
        """`close_after`: seconds before it carries on by itself (a table of CPUs only,
        where nobody is there to press Enter); the time stops while a screen covers it."""
        lines = report.lines(names)
        super().__init__(plain(lines[0]), plain("\n".join(lines[1:]), lines=True), "Continue")
        self.close_after = close_after
        self.timer: Timer | None = None

    def on_mount(self) -> None:
        super().on_mount()
        if self.close_after is None:
            return
        if self.close_after > 0:
            self.timer = self.set_timer(self.close_after, self.close_by_itself)
        else:  # no pace at all (a zero-second timer is not one Textual can run)
            self.call_after_refresh(self.close_by_itself)

    def close_by_itself(self) -> None:
        self.dismiss(None)

    def on_screen_suspend(self) -> None:
        if self.timer is not None:
            self.timer.pause()

    def on_screen_resume(self) -> None:
        if self.timer is not None:  # its whole time again, from when it is back in sight
            self.timer.reset()


class GameOver(AnswerOnce, SizeAware, Screen[str]):
    """R10: the winner, then the fortune read card by card; rematch, new game or quit."""

    BINDINGS = [Binding("enter,space", "turn", "Turn the next card"),
                Binding("r", "done('rematch')", "Rematch"),
                Binding("g", "done('new')", "New game"),
                Binding("v", "review", "Review"),  # coach: tui/coach.py
                Binding("q", "done('quit')", "Quit")]

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match
        self.turned = 0

    def compose(self) -> ComposeResult:
        g = self.match.game
        name = self.match.seats[g.winner].name
        if g.stalemate:
            won = Text.assemble("Nobody has taken damage for 10 rounds: a stalemate. ",
                                plain(name), f" wins the game after {g.round} rounds, with "
                                "the most cards left.")
        else:
            won = Text.assemble(plain(name), f" wins the game after {g.round} rounds.")
        with VerticalScroll(id="gameover"):
            yield Label(won, id="winner")
            yield Static(self.standings(), classes="standings")
            if self.match.seed is not None:  # None: a hosted game's seed stays secret (net)
                yield Label(f"seed {self.match.seed} (play it again with --seed "
                            f"{self.match.seed})", classes="seed")
            if g.fortune:
                yield Label(Text.assemble(plain(name), "'s fortune: the Life Deck, shuffled, is "
                                          "read card by card."), classes="fortune-intro")
            else:
                yield Label(Text.assemble(plain(name), "'s Life Deck is empty: there is no "
                                          "fortune to read."), classes="fortune-intro")
            yield Vertical(id="fortune")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Enter  Turn the next card", id="turn", compact=True)
                yield Button("r  Rematch", id="rematch", variant="primary", compact=True)
                yield Button("g  New game", id="new", compact=True)
                yield Button("v  Review", id="review", compact=True)  # coach
                yield Button("q  Quit", id="quit", compact=True)
        yield KeyBar()
        yield TooSmall()

    def standings(self) -> Text:
        """Every seat at the end: the winner's cards left, the round in which each other
        player was defeated (after a stalemate, the cards each had left)."""
        g = self.match.game
        fell = defeat_rounds(self.match.events)
        lines = Text()
        for s, spec in enumerate(self.match.seats):
            left = f"{counted(len(g.life[s]), 'card')} left in the Life Deck"
            if s == g.winner:
                state = f"the winner, {left}"
            elif g.defeated[s]:
                state = f"defeated in round {fell[s]}" if s in fell else "defeated"
            else:
                state = left
            if s:
                lines.append("\n")
            lines.append_text(Text.assemble(plain(spec.name), f" ({kind_label(spec)}): {state}"))
        return lines

    def on_mount(self) -> None:
        self._update_turn_button()

    def _update_turn_button(self) -> None:
        for button in self.query("#turn").results(Button):
            button.display = self.turned < len(self.match.game.fortune)
        for bar in self.query(KeyBar):
            bar.refresh()  # check_action below decides what it shows

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """No "Turn the next card" in the footer once there is none left to turn."""
        if action == "turn":
            return self.turned < len(self.match.game.fortune)
        return True

    def action_turn(self) -> None:
        """R10.2: the present, the near future, then the distant future."""
        fortune = self.match.game.fortune
        shown = self.query("#fortune").results(Vertical)
        box = next(shown, None)
        if self.turned >= len(fortune) or box is None:  # none left, or the screen is going
            return
        deck = self.match.deck
        c = fortune[self.turned]
        card = deck.card[c]
        t = Text()
        t.append(f"{fortune_title(self.turned, len(fortune))}: ", "bold")
        t.append_text(plain(card.name))
        t.append(f" ({card.strength}, damage {damage_text(card.damage)})\n")
        t.append_text(plain(card.fortune, "italic", lines=True))
        turned = Static(t, classes="fortune-card")
        box.mount(turned)
        self.call_after_refresh(turned.scroll_visible, animate=False)  # turned in sight
        self.turned += 1
        self._update_turn_button()

    def action_done(self, what: str) -> None:
        self.dismiss(what)

    def action_review(self) -> None:  # coach: the review screen (tui/coach.py)
        from dread_draw.tui.coach import ReviewScreen, reviewable_of
        m = self.match
        self.app.push_screen(ReviewScreen(reviewable_of(m.deck, m.seats, m.seed, m.choices)))

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "turn":
            self.action_turn()
        elif event.button.id == "review":
            self.action_review()
        else:
            self.action_done(event.button.id or "")


def fortune_title(index: int, total: int) -> str:
    """R10.2: the present, the near future, then the distant future card by card."""
    if index < 2:
        return fortune_part(index)
    return f"The distant future ({index - 1} of {total - 2})"


def defeat_rounds(events: list[dict]) -> dict[int, int]:
    """The round in which each defeated seat was defeated (from the event log)."""
    rnd, fell = 0, {}
    for ev in events:
        if ev["type"] in ("round_start", "round_end"):
            rnd = ev["round"]
        elif ev["type"] == "defeated":
            fell[ev["seat"]] = rnd
    return fell


# ------------------------------------------------------------------------------ new game

def kind_options() -> list[tuple[str, str]]:
    """Human, or a CPU of every level the agents registry holds."""
    return [("Human", HUMAN)] + [(f"CPU · {name}", name) for name in AGENTS]


class NewGame(SizeAware, Screen):
    """2 to 5 seats (name, human or CPU level), a seed (shown; fresh by default), a deck."""

    # F1 and Ctrl+C in the key bar: the keys that work here, where ? and q type into a name
    # (priority, as the app's own: the key bar shows these, not the app's ? and q)
    BINDINGS = [Binding("ctrl+s", "start", "Start"),
                Binding("f1", "app.help", "Help", key_display="F1", priority=True),
                Binding("ctrl+c", "app.request_quit", "Quit", priority=True)]

    def __init__(self, setup: Setup) -> None:
        super().__init__()
        self.setup = setup

    def compose(self) -> ComposeResult:
        s = self.setup
        with VerticalScroll(id="newgame"):
            yield Label("DREAD DRAW — a new game", id="title")
            with Horizontal(classes="dialog-buttons", id="continue-row"):
                yield Button("Continue", id="continue", variant="success", compact=True)
            yield Static("Push your luck against a shared deck; the last player standing has "
                         "their fortune read. F1: the rules and the keys.", id="intro")
            with Horizontal(classes="field"):
                yield Label("Players", classes="field-label")
                yield Select([(str(n), n) for n in range(MIN_SEATS, MAX_SEATS + 1)],
                             value=len(s.seats), allow_blank=False, id="players", compact=True)
            kinds = kind_options()
            known = {v for _, v in kinds}
            for i in range(MAX_SEATS):
                spec = s.seats[i] if i < len(s.seats) else Setup.default_seat(i)
                with Horizontal(classes="field seat-field", id=f"seat-row-{i}"):
                    yield Label(f"Seat {i + 1}", classes="field-label")
                    yield Input(spec.name, id=f"name-{i}", max_length=16, compact=True)
                    yield Select(kinds, value=spec.kind if spec.kind in known else DEFAULT_CPU,
                                 allow_blank=False, id=f"kind-{i}", compact=True)
            with Horizontal(classes="field"):
                yield Label("Seed", classes="field-label")
                yield Input(str(s.seed), id="seed", type="integer", compact=True)
                yield Button("New seed", id="reseed", compact=True)
            with Horizontal(classes="field"):
                yield Label("Deck", classes="field-label")
                yield Input(s.deck or "", id="deck", compact=True,
                            placeholder="the standard deck, or a path to a deck file")
            yield Static("", id="error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Start the game", id="start", variant="primary", compact=True)
                yield Button("Learn to play", id="tutorial", compact=True)  # coach
                yield Button("Rules and keys (F1)", id="help", compact=True)
                yield Button("Quit", id="quit", compact=True)
        yield KeyBar()
        yield TooSmall()

    def on_mount(self) -> None:
        self._show_seats(len(self.setup.seats))
        self.query_one("#continue" if self.show_continue() else "#start", Button).focus()

    def show_continue(self) -> bool:
        """A "Continue" entry while a saved game is in progress (issue 6: saves)."""
        label = continue_label(getattr(self.app, "saves", None))
        self.query_one("#continue-row").display = label is not None
        self.query_one("#continue", Button).label = plain(label or "")  # names from the save
        return label is not None

    def _show_seats(self, n: int) -> None:
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-row-{i}").display = i < n

    @on(Select.Changed, "#players")
    def players_changed(self, event: Select.Changed) -> None:
        self._show_seats(int(str(event.value)))

    def players(self) -> int:
        """The number of seats chosen."""
        value = self.query_one("#players", Select).value
        return value if isinstance(value, int) else len(self.setup.seats)

    def read(self) -> Setup:
        n = self.players()
        seats = []
        for i in range(n):
            name = self.query_one(f"#name-{i}", Input).value.strip() or f"Seat {i + 1}"
            kind = str(self.query_one(f"#kind-{i}", Select).value)
            seats.append(SeatSpec(name, kind))
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else fresh_seed()
        deck = self.query_one("#deck", Input).value.strip() or None
        return Setup(seats, seed, deck)

    def name_problem(self) -> str | None:
        """What is wrong with a name typed in a shown seat, in words (None: nothing). The
        rule is the save reader's (safe_text.name_problem): a name the game accepts, its
        save accepts; a blank name becomes "Seat N"."""
        for i in range(self.players()):
            typed = self.query_one(f"#name-{i}", Input).value
            problem = name_problem(typed) if typed.strip() else None
            if problem:
                return f"Seat {i + 1}: {problem}."
        return None

    @on(Input.Changed)
    def typed(self, event: Input.Changed) -> None:
        """A name is checked as it is typed (a pasted control character, say)."""
        if event.input.id and event.input.id.startswith("name-"):
            self.query_one("#error", Static).update(plain(self.name_problem() or ""))

    def action_start(self) -> None:
        """Start the game; while another game is saved in progress, ask first (it would
        take that game's place)."""
        problem = self.name_problem()
        if problem:
            self.query_one("#error", Static).update(plain(problem))
            return
        setup = self.read()
        saved = continue_label(getattr(self.app, "saves", None))
        if saved is None:
            self.begin(setup)
            return

        def answered(what: str | None) -> None:
            if what == "new":
                self.begin(setup)
            elif what == "continue":
                self.app.continue_saved()  # type: ignore[attr-defined]

        self.app.push_screen(ReplaceSave(saved), answered)

    def begin(self, setup: Setup) -> None:
        try:
            self.app.begin(setup)  # type: ignore[attr-defined]
        except DreadDrawError as e:
            self.query_one("#error", Static).update(plain(f"Cannot start: {e}", lines=True))

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.action_start()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        button = event.button.id
        if button == "start":
            self.action_start()
        elif button == "continue":
            self.app.continue_saved()  # type: ignore[attr-defined]
        elif button == "reseed":
            self.query_one("#seed", Input).value = str(fresh_seed())
        elif button == "tutorial":  # coach: the guided first game
            self.app.begin_tutorial(self.read())  # type: ignore[attr-defined]
        elif button == "help":
            self.app.action_help()  # type: ignore[attr-defined]
        elif button == "quit":
            self.app.exit()


# ---------------------------------------------------------------------------- the table

def offers_hidden_cards(view) -> bool:
    """Whether the question on offer is a choice among cards that lie nowhere on the table
    (drawn from a Life Deck, looked at on the Draw Deck): only this seat may see them."""
    d = view.pending
    if d is None or d.kind not in (KEEP, PICK_CARD):
        return False
    public = set(view.discard).union(*view.rows, *view.reserves)
    return any(o >= 0 and o not in public for o in d.options)


class GameLog(RichLog):
    """The table's log: it keeps its newest line in sight when the prompt under it grows or
    shrinks (a new question's answers), as it does when a line is written."""

    def on_resize(self) -> None:  # type: ignore[override]  # the event is not needed
        self.call_after_refresh(self.scroll_end, animate=False)


class TableScreen(SizeAware, Screen):
    """The table: every seat, the shared zones, the card reader, the log and the prompt."""

    BINDINGS = [
        Binding("s", "skip", "Skip CPU turns"),  # (net's RemoteTable drops it: not its pace)
        Binding("h", "hint", "Hint"),  # coach: tui/coach.py
        Binding("u", "take_back", "Take back"),  # coach: tui/coach.py
        Binding("y", "use(True)", "Use", show=False),
        Binding("n", "use(False)", "Skip ability", show=False),
        *(Binding(str(i + 1), f"pick({i})", "Choose", show=i == 0, key_display="1-9")
          for i in range(9)),
        # viewers (issue 14): the whole log, the discard pile, the odds line
        Binding("l", "log", "Log"), Binding("d", "discard", "Discards"),
        Binding("o", "odds", "Odds"),
    ]

    chrome = CHROME_LINES  # lines besides the seats (net's RemoteTable adds one of its own)

    def __init__(self, match: Match, cpu_delay: float = 0.8) -> None:
        super().__init__()
        self.match = match
        self.cpu_delay = cpu_delay
        self.names = [s.name for s in match.seats]
        self.humans = [i for i, s in enumerate(match.seats) if s.is_human]
        self._viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.narrate = Narrator(match.deck, self.names)
        self.rounds = RoundTracker(match.deck)
        self.round_winner = -1
        self.winning_row: tuple[int, ...] = ()  # the last round's, from its round_end event
        self.skipping = False
        self.wake = asyncio.Event()
        self.uncovered = asyncio.Event()  # no screen over the table (help, quit, ...)
        self.uncovered.set()
        self.answer: asyncio.Future | None = None
        # the seat of the last person known to have the keyboard: they answered a question,
        # or took the keyboard at a hand-off
        self.at_keyboard: int | None = None
        self.compact = False
        self.tutor = tutor_for(match)  # coach: the tutorial's lessons (None: not the tutorial)

    @property
    def viewer(self) -> int | None:
        """The seat whose private cards may be on screen (R11.2); None: public only."""
        return self._viewer

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        # The card last read may be one only the last person could see (a drawn or peeked
        # card, read from its answer button): it goes whenever the keyboard changes hands.
        if seat != self._viewer:
            self.query_one(CardReader).show(self.match.deck, None)
            self.query_one(OddsLine).show(None)  # viewers (issue 14): theirs goes too
        self._viewer = seat

    def compose(self) -> ComposeResult:
        yield Static(id="topbar")
        with Horizontal(id="main"):
            with VerticalScroll(id="seats"):
                for s in range(len(self.match.seats)):
                    yield SeatPanel(self.match.deck, s)
            with Vertical(id="side"):
                yield TableCentre(id="centre")
                yield CardReader(id="reader")
                yield GameLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        yield OddsLine(id="odds")  # viewers (issue 14)
        yield PromptBar(id="prompt")
        yield KeyBar()
        yield TooSmall()

    def on_mount(self) -> None:
        log = self.query_one("#log", RichLog)
        for ev in self.match.events:  # a resumed match shows its story so far
            self._note(ev, log)
        self.query_one(CardReader).show(self.match.deck, None)
        self.show_table()
        self.drive()

    def on_resize(self) -> None:  # as well as SizeAware's
        self.set_class(self.size.width < 100, "-narrow")
        self.compact = len(self.match.seats) * FULL_SEAT_LINES + self.chrome > self.size.height
        self.show_table()

    # ---------------------------------------------------------------- rendering (from a view)

    def show_table(self, ended: RoundReport | None = None) -> None:
        """The table as it is now. While a round's summary is up (`ended`): the round's
        winning row as it ended, beside everyone's Life Deck and reserves after the damage
        — the numbers the summary gives — and the top bar says so."""
        m = self.match
        private = self.viewer is not None
        view = m.game.view(self.viewer if self.viewer is not None else 0)
        if ended is None:
            states = seat_states(view, m.seats, round_winner=self.round_winner,
                                 private=private)
            to_play = view.pending.seat if view.pending is not None else -1
            who = f"  ·  {self.names[to_play]} to play" if to_play >= 0 else ""
            seed = "" if m.seed is None else f"  ·  seed {m.seed}"  # None: secret (net)
            top = Text.assemble(f"DREAD DRAW  ·  round {view.round}{seed}", plain(who))
        else:
            states = seat_states(view, m.seats, private=private,
                                 round_over=(ended.winner, self.winning_row))
            top = Text(f"DREAD DRAW  ·  round {ended.round} is over: its winning row, and "
                       "everything else after the damage")
        for panel, state in zip(self.query(SeatPanel), states, strict=True):
            panel.show(state, self.compact)
        self.query_one(TableCentre).show(view, m.seed, self.names, private,
                                         None if ended is None else ended.round)
        update_if_changed(self.query_one("#topbar", Static), top,
                          layout=False)  # one line, always
        self.query_one(OddsLine).show(view if private else None)  # viewers (issue 14)
        self.check_reader(states)

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
            reader.show(self.match.deck, None)

    def _note(self, ev: dict, log: RichLog) -> RoundReport | None:
        line = self.narrate(ev)
        if line:
            log.write(plain(line))
        if ev["type"] == "round_end":
            self.round_winner = ev["winner"]
            self.winning_row = tuple(c["uid"] for c in ev.get("row") or ())
        elif ev["type"] == "round_start":
            self.round_winner = -1
        return self.rounds.feed(ev)

    @on(CardFocused)
    def read_card(self, event: CardFocused) -> None:
        self.query_one(CardReader).show(self.match.deck, event.uid)

    # ------------------------------------------------------------------------ the driver

    @work(exclusive=True, group="driver")
    async def drive(self) -> None:
        """The one driver loop (sim.Match): ask the seat to move, apply its answer. After
        every wait it stops if the table is going away (q, or the app closing)."""
        m = self.match
        prompt = self.query_one(PromptBar)
        paced = False
        while not m.over:
            await tutor_step(self)  # coach: the tutorial's lessons, if this is it
            seat = m.to_move()
            spec = m.seats[seat]
            if spec.is_human:
                self.skipping = False
                await self.take_keyboard(seat)
                if self.gone:
                    return
                self.show_table()
                option = await self.ask(seat)
            else:
                # The CPU thinks in a thread while the pause runs: the pace is the longer one.
                thinking = asyncio.ensure_future(asyncio.to_thread(m.cpu_choice))
                paced = not self.skipping and self.cpu_delay > 0
                if paced:
                    prompt.clear(self.thinking_line(spec))
                    await self.pause(self.cpu_delay)
                option = await thinking
                await self.uncovered.wait()  # the game waits while a player reads
            if self.gone:
                return
            await self.apply(option)
            if self.gone:
                return
            if len(self.humans) > 1 and m.to_move() != self.viewer:
                self.viewer = None  # R11.2: hidden again before the next seat moves
            if paced or spec.is_human:  # unpaced CPU steps are drawn once, at the end
                self.show_table()
        self.show_table()
        await tutor_step(self)  # coach: the tutorial's last lesson (the fortune)
        prompt.clear(Text.assemble(plain(self.names[m.game.winner]), " wins the game."))
        what = await self.app.push_screen_wait(GameOver(m))
        self.app.call_later(self.app.after_game, what, m)  # type: ignore[attr-defined]

    @property
    def gone(self) -> bool:
        """The table is being taken down: nothing more may be drawn or played on it."""
        return self.app.return_code is not None or not self.app.is_running or (
            not self.is_attached)  # a return code: exit() was called

    def thinking_line(self, spec: SeatSpec) -> Text:
        """What the prompt says while a CPU thinks; once the people are knocked out, that
        `s` skips the CPUs' turns."""
        g = self.match.game
        thinking = Text.assemble(plain(spec.name), f" (CPU {spec.kind}) is thinking…   ")
        people = [s for s in self.humans if not g.defeated[s]]
        if not people:
            return thinking.append("Nobody at the keyboard is left in the game: press s to "
                                   "skip ahead to the end.")
        out = [s for s in people if not g.in_round[s]]
        if len(out) < len(people):
            return thinking.append("Press s to skip ahead to the next decision of a person.")
        if len(out) == 1:
            said = Text.assemble(plain(self.names[out[0]]), " is out of this round: press s to "
                                 "skip ahead to the next decision of a person.")
        else:
            said = Text("Everyone at the keyboard is out of this round: press s to skip ahead to "
                        "the next decision of a person.")
        return thinking.append_text(said)

    async def pause(self, seconds: float) -> None:
        """The CPUs' pace: `seconds` of time with the table in sight (the clock stops while
        a screen covers it: someone is reading); `s` ends it at once."""
        self.wake.clear()
        left = seconds
        while left > 0 and not self.wake.is_set():
            if not self.uncovered.is_set():
                await self.uncovered.wait()
                continue
            step = min(left, 0.05)
            try:
                await asyncio.wait_for(self.wake.wait(), step)
            except TimeoutError:
                pass
            left -= step

    def on_screen_suspend(self) -> None:
        self.uncovered.clear()

    def on_screen_resume(self) -> None:
        self.uncovered.set()

    async def apply(self, option: int) -> None:
        new = self.match.apply(option)
        log = self.query_one("#log", RichLog)
        for ev in new:
            report = self._note(ev, log)
            if report is not None and not self.skipping:
                if len(self.humans) > 1:  # everyone reads the summary: public cards only
                    self.viewer = None  # (R11.2; the next person takes the keyboard again)
                self.show_table(ended=report)
                self.query_one(PromptBar).clear(f"Round {report.round} is over.")
                alone = None if self.humans else 4 * self.cpu_delay  # CPUs only: it goes on
                await self.app.push_screen_wait(RoundSummary(report, self.names, alone))
                if self.gone:
                    return
                self.show_table()

    def private_to(self, seat: int) -> bool:
        """Whether `seat` has something only it may see (R11.2) right now."""
        view = self.match.game.view(seat)
        return bool(view.looking or view.draw_known or any(view.life_known)
                    or offers_hidden_cards(view))

    async def take_keyboard(self, seat: int) -> None:
        """Hot-seat: with several humans, a hand-off screen before private cards show."""
        if self.viewer == seat or len(self.humans) < 2:
            return
        self.viewer = None  # nothing of the last person's on screen behind the hand-off
        if self.private_to(seat):
            self.show_table()
            await self.app.push_screen_wait(HandOff(self.names[seat]))
            self.at_keyboard = seat
        self.viewer = seat
        self.show_table()

    async def ask(self, seat: int) -> int:
        view = self.match.game.view(seat)
        assert view.pending is not None and view.pending.seat == seat
        question, options = describe(view.pending, view, self.names)
        if view.pending.kind == USE or view.pending.card >= 0:
            self.query_one(CardReader).show(self.match.deck, view.pending.card)
        self.answer = asyncio.get_running_loop().create_future()
        self.query_one(PromptBar).ask(question, options,
                                      cards=view.pending.kind in (KEEP, PICK_CARD, ORDER, SUMMON),
                                      read_first=offers_hidden_cards(view),
                                      new_person=len(self.humans) > 1 and seat != self.at_keyboard)
        try:
            option = await self.answer
        finally:
            self.answer = None
        self.at_keyboard = seat
        return option

    @on(Choice)
    def chosen(self, event: Choice) -> None:
        if self.answer is not None and not self.answer.done():
            self.answer.set_result(event.option)

    # ------------------------------------------------------------------------ key actions

    def action_skip(self) -> None:
        self.skipping = True
        self.wake.set()

    def action_hint(self) -> None:  # coach: the hint dialog (tui/coach.py)
        from dread_draw.tui.coach import hint_at_table
        hint_at_table(self)

    async def action_take_back(self) -> None:  # coach: a take-back (tui/coach.py)
        from dread_draw.tui.coach import take_back_at_table
        await take_back_at_table(self)

    def action_pick(self, index: int) -> None:
        if self.answer is not None:
            self.query_one(PromptBar).pick(index)

    def action_use(self, use: bool) -> None:
        d = self.match.game.pending
        if self.answer is None or d is None or d.kind != USE:
            return
        bar = self.query_one(PromptBar)
        want = USE_IT if use else SKIP
        if want in bar.options:
            bar.pick(bar.options.index(want))

    # ------------------------------------------------------------ viewers (issue 14)

    def action_log(self) -> None:
        self.app.push_screen(LogViewer(self.match, self.viewer))

    def action_discard(self) -> None:
        self.app.push_screen(DiscardViewer(self.match.deck, self.match.game.view(0).discard))

    def action_odds(self) -> None:
        self.query_one(OddsLine).toggle()
        self.show_table()
