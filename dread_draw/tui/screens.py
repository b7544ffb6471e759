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
from collections import deque

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
from dread_draw.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    _,
    current_language,
    fmt,
    ngettext,
    set_language,
)
from dread_draw.overlays import deck_text
from dread_draw.rules import KEEP, ORDER, PICK_CARD, SKIP, SUMMON, USE, USE_IT
from dread_draw.rules_text import rules_markdown
from dread_draw.safe_text import clean, name_problem, plain
from dread_draw.saves import continue_label, saved_game_line
from dread_draw.sim import HUMAN, Agent, Match, Move, SeatSpec, seat_name
from dread_draw.tui.cardface import FRAMED, LINE, STYLES
from dread_draw.tui.coach import tutor_for, tutor_step  # coach: the tutorial
from dread_draw.tui.narrate import (
    Narrator,
    RoundReport,
    RoundTracker,
    damage_text,
    describe,
    fortune_part,
)
from dread_draw.tui.pauses import collect
from dread_draw.tui.saved import ReplaceSave
from dread_draw.tui.setup import (
    DEFAULT_CPU,
    HOLDS,
    MAX_SEATS,
    MIN_SEATS,
    Setup,
    fresh_seed,
    save_language,
)
from dread_draw.tui.stage import Stage, acts, before_move
from dread_draw.tui.turn import TurnTracker, beat_line, next_line
from dread_draw.tui.viewers import (  # viewers (issue 14)
    DiscardViewer,
    LogViewer,
    OddsLine,
    ToldLog,
)
from dread_draw.tui.widgets import (
    EVERYWHERE,
    PRESS_GUARD,
    AnswerOnce,
    CardFocused,
    CardReader,
    CardTile,
    Choice,
    Dialog,
    KeyBar,
    PromptBar,
    SeatPanel,
    SeatState,
    TableCentre,
    TooSmall,
    as_text,
    input_made,
    kind_label,
    seat_states,
    update_if_changed,
)

# --------------------------------------------------------------------------- small screens

class SizeAware:
    """Mixed into every screen: a resize re-checks the terminal's size (the App itself is
    not told of later resizes)."""

    def on_resize(self) -> None:
        self.app.check_size()  # type: ignore[attr-defined]  # a Screen's app: DreadDrawApp


class HelpScreen(AnswerOnce, SizeAware, Dialog[None]):
    """`?`: the keys, then the rules in our own words (the text of `dread-draw rules`)."""

    BINDINGS = [Binding("escape,question_mark", "dismiss", N_("Close"))]

    # Translators: a Markdown table; keep the keys in the first column as they are.
    KEYS = N_("""\
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
""")

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield Static(RichMarkdown(_(self.KEYS) + "\n" + rules_markdown()))
        yield KeyBar()
        yield TooSmall()


class ConfirmQuit(AnswerOnce, SizeAware, Dialog[bool]):
    """`q` or Ctrl+C during a game: quit only if the player says so."""

    BINDINGS = [Binding("y", "answer(True)", N_("Quit")),
                Binding("n,escape", "answer(False)", N_("Keep playing"))]

    def __init__(self, note: str | None = None) -> None:
        super().__init__()
        self.note = note  # where the game stands with its save (DreadDrawApp.save_note)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("Quit the game in progress?"), classes="dialog-title")
            if self.note:
                yield Static(plain(self.note), id="quit-saved")
            with Horizontal(classes="dialog-buttons"):
                yield Button("y  " + _("Quit"), id="yes", variant="error", compact=True)
                yield Button("n  " + _("Keep playing"), id="no", compact=True)
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

    BINDINGS = [Binding("enter,space", "close", N_("Continue"))]

    def __init__(self, title: str | Text, body: str | Text, button: str | Text,
                 wait: float | None = None) -> None:
        super().__init__()
        self.title_text, self.body, self.button = title, body, button
        self.wait = PRESS_GUARD if wait is None else wait
        self.shown = math.inf  # not ready before it is mounted (on_mount sets the time)

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
        """A key (Enter, Space, Escape) closes the notice when it was pressed after the
        wait — when it was pressed, not when a busy machine got to it."""
        if self.ready and input_made(self) - self.shown >= self.wait:
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

    BINDINGS = [Binding("enter", "close", N_("I have the keyboard")), *EVERYWHERE]

    def __init__(self, name: str, wait: float | None = None) -> None:
        who = clean(name)
        super().__init__(Text(fmt(_("Pass the keyboard to {name}"), name=who)),
                         Text(fmt(_("{name} has cards to look at that nobody else may see. "
                                    "Everyone else, please look away."), name=who)),
                         Text(fmt(_("I am {name}"), name=who)),
                         HANDOFF_WAIT if wait is None else wait)
        self.player = name

    def compose_wait(self) -> ComposeResult:
        yield Static(id="handoff-wait")

    def on_mount(self) -> None:
        super().on_mount()
        for button in self.query(Button):  # none if mashed keys closed it before it mounted
            button.disabled = True
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
            note.update(fmt(_("Get ready… {n}"), n=math.ceil(left)))
            return
        self.ticker.stop()
        note.update(Text(fmt(_("Press Enter when you have the keyboard, {name}."),
                             name=clean(self.player))))
        button.disabled = False


class RoundSummary(Notice):
    """R7: who won the round, the damage dealt and to whom."""

    BINDINGS = [Binding("escape", "close", N_("Continue"), show=False)]

    def __init__(self, report: RoundReport, names: list[str],
                 close_after: float | None = None) -> None:
        """`close_after`: seconds before it carries on by itself (a table of CPUs only,
        where nobody is there to press Enter); the time stops while a screen covers it."""
        lines = report.lines(names)
        super().__init__(plain(lines[0]), plain("\n".join(lines[1:]), lines=True), _("Continue"))
        self.close_after = close_after
        self.timer: Timer | None = None

    def on_mount(self) -> None:
        super().on_mount()
        self.call_after_refresh(collect)  # a full collection while the summary is read
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

    BINDINGS = [Binding("enter,space", "turn", N_("Turn the next card")),
                Binding("r", "done('rematch')", N_("Rematch")),
                Binding("g", "done('new')", N_("New game")),
                Binding("v", "review", N_("Review")),  # coach: tui/coach.py
                Binding("q", "done('quit')", N_("Quit"))]

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match
        self.turned = 0

    def compose(self) -> ComposeResult:
        g = self.match.game
        name = self.match.seats[g.winner].name
        who = clean(name)
        if g.stalemate:
            won = Text(fmt(ngettext(
                "Nobody has taken damage for 10 rounds: a stalemate. {who} wins the game after "
                "{n} round, with the most cards left.",
                "Nobody has taken damage for 10 rounds: a stalemate. {who} wins the game after "
                "{n} rounds, with the most cards left.", g.round), who=who, n=g.round))
        else:
            won = Text(fmt(ngettext("{who} wins the game after {n} round.",
                                    "{who} wins the game after {n} rounds.", g.round),
                           who=who, n=g.round))
        with VerticalScroll(id="gameover"):
            yield Label(won, id="winner")
            yield Static(self.standings(), classes="standings")
            if self.match.seed is not None:  # None: a hosted game's seed stays secret (net)
                yield Label(fmt(_("seed {seed} (play it again with --seed {seed})"),
                                seed=self.match.seed), classes="seed")
            if g.fortune:
                yield Label(Text(fmt(_("{name}'s fortune: the Life Deck, shuffled, is read card "
                                       "by card."), name=who)), classes="fortune-intro")
            else:
                yield Label(Text(fmt(_("{name}'s Life Deck is empty: there is no fortune to "
                                       "read."), name=who)), classes="fortune-intro")
            yield Vertical(id="fortune")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Enter  " + _("Turn the next card"), id="turn", compact=True)
                yield Button("r  " + _("Rematch"), id="rematch", variant="primary", compact=True)
                yield Button("g  " + _("New game"), id="new", compact=True)
                yield Button("v  " + _("Review"), id="review", compact=True)  # coach
                yield Button("q  " + _("Quit"), id="quit", compact=True)
        yield KeyBar()
        yield TooSmall()

    def standings(self) -> Text:
        """Every seat at the end: the winner's cards left, the round in which each other
        player was defeated (after a stalemate, the cards each had left)."""
        g = self.match.game
        fell = defeat_rounds(self.match.events)
        lines = Text()
        for s, spec in enumerate(self.match.seats):
            n = len(g.life[s])
            if s == g.winner:
                state = fmt(ngettext("the winner, {n} card left in the Life Deck",
                                     "the winner, {n} cards left in the Life Deck", n), n=n)
            elif g.defeated[s]:
                state = (fmt(_("defeated in round {n}"), n=fell[s]) if s in fell
                         else _("defeated"))
            else:
                state = fmt(ngettext("{n} card left in the Life Deck",
                                     "{n} cards left in the Life Deck", n), n=n)
            if s:
                lines.append("\n")
            lines.append(fmt(_("{name} ({kind}): {state}"), name=clean(spec.name),
                             kind=kind_label(spec), state=state))
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
        t.append(fmt(_("{title}: "), title=fortune_title(self.turned, len(fortune))), "bold")
        words = deck_text(deck)[card]  # in the current language
        t.append_text(plain(words.name))
        t.append(" " + fmt(_("({strength}, damage {damage})"), strength=card.strength,
                           damage=damage_text(card.damage)) + "\n")
        t.append_text(plain(words.fortune, "italic", lines=True))
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
    return fmt(_("The distant future ({i} of {n})"), i=index - 1, n=total - 2)


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
    return [(_("Person"), HUMAN)] + [(fmt(_("CPU · {level}"), level=name), name)
                                       for name in AGENTS]


def hold_options() -> list[tuple[str, int]]:
    """How long a person's own failed reveal stays on the stage (Setup.hold)."""
    return [(_("my failed reveal stays until a key"), 0)] + [
        (fmt(ngettext("my failed reveal stays {n} second", "my failed reveal stays {n} seconds",
                      n), n=n), n) for n in HOLDS[1:]]


class NewGame(SizeAware, Screen):
    """2 to 5 seats (name, human or CPU level), a seed (shown; fresh by default), a deck."""

    # F1 and Ctrl+C in the key bar: the keys that work here, where ? and q type into a name
    # (priority, as the app's own: the key bar shows these, not the app's ? and q)
    BINDINGS = [Binding("ctrl+s", "start", N_("Start")),
                Binding("f1", "app.help", N_("Help"), key_display="F1", priority=True),
                Binding("ctrl+c", "app.request_quit", N_("Quit"), priority=True)]

    def __init__(self, setup: Setup, focus: str | None = None) -> None:
        """`focus`: the id of the widget to focus first (default: Continue, else Start)."""
        super().__init__()
        self.setup = setup
        self.first_focus = focus

    SHORT = 30  # rows: below this the form's fields sit without a blank line between them

    def on_resize(self) -> None:
        super().on_resize()
        self.set_class(self.size.height < self.SHORT, "-short")  # 80x24: the whole form shows

    def compose(self) -> ComposeResult:
        s = self.setup
        with VerticalScroll(id="newgame"):
            yield Label(_("DREAD DRAW — a new game"), id="title")
            with Horizontal(classes="dialog-buttons", id="continue-row"):
                yield Button(_("Continue"), id="continue", variant="success", compact=True)
            yield Static(_("Push your luck against a shared deck; the last player standing has "
                           "their fortune read. F1: the rules and the keys."), id="intro")
            with Horizontal(classes="field"):
                yield Label(_("Players"), classes="field-label")
                yield Select([(str(n), n) for n in range(MIN_SEATS, MAX_SEATS + 1)],
                             value=len(s.seats), allow_blank=False, id="players", compact=True)
                yield Label(_("Language"), classes="field-label", id="language-label")
                # each language named in itself, so that anyone finds their own
                yield Select([(LANGUAGE_NAMES[code], code) for code in LANGUAGES],
                             value=current_language() if current_language() in LANGUAGES
                             else "en", allow_blank=False, id="language",
                             compact=True)
            kinds = kind_options()
            known = {v for _label, v in kinds}
            for i in range(MAX_SEATS):
                spec = s.seats[i] if i < len(s.seats) else Setup.default_seat(i)
                with Horizontal(classes="field seat-field", id=f"seat-row-{i}"):
                    yield Label(seat_name(i), classes="field-label")
                    yield Input(spec.name, id=f"name-{i}", max_length=16, compact=True)
                    yield Select(kinds, value=spec.kind if spec.kind in known else DEFAULT_CPU,
                                 allow_blank=False, id=f"kind-{i}", compact=True)
            with Horizontal(classes="field", id="seed-row"):
                yield Label(_("Seed"), classes="field-label")
                yield Input(str(s.seed), id="seed", type="integer", compact=True)
                yield Button(_("New seed"), id="reseed", compact=True)
            with Horizontal(classes="field"):
                yield Label(_("Deck"), classes="field-label")
                yield Input(s.deck or "", id="deck", compact=True,
                            placeholder=_("the standard deck, or a path to a deck file"))
            with Horizontal(classes="field"):  # how long your own failed reveal stays
                yield Label(_("Stage"), classes="field-label")
                yield Select(hold_options(), value=s.hold, allow_blank=False, id="hold",
                             compact=True)
            yield Static("", id="error")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Start the game"), id="start", variant="primary", compact=True)
                yield Button(_("Learn to play"), id="tutorial", compact=True)  # coach
                yield Button(_("Rules and keys (F1)"), id="help", compact=True)
                yield Button(_("Quit"), id="quit", compact=True)
        yield KeyBar()
        yield TooSmall()

    def on_mount(self) -> None:
        self._show_seats(len(self.setup.seats))
        first = "#continue" if self.show_continue() else "#start"
        self.query_one(f"#{self.first_focus}" if self.first_focus else first).focus()

    def show_continue(self) -> bool:
        """A "Continue" entry while a saved game is in progress (issue 6: saves)."""
        label = continue_label(getattr(self.app, "saves", None))
        self.query_one("#continue-row").display = label is not None
        self.query_one("#continue", Button).label = plain(label or "")  # names from the save
        return label is not None

    def _show_seats(self, n: int) -> None:
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-row-{i}").display = i < n

    @on(Select.Changed, "#language")
    def language_changed(self, event: Select.Changed) -> None:
        """A language chosen: spoken from now on (this screen is drawn again in it, and the
        game it starts is played in it), and remembered with the player's settings."""
        language = str(event.value)
        if language == current_language() or language not in LANGUAGES:
            return
        set_language(language)
        app = self.app
        app.setup.language = language  # type: ignore[attr-defined]  # DreadDrawApp
        save_language(app.settings, language)  # type: ignore[attr-defined]
        setup = self.read()
        setup.odds, setup.language = self.setup.odds, language
        app.switch_screen(NewGame(setup, focus="language"))

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
            name = self.query_one(f"#name-{i}", Input).value.strip() or seat_name(i)
            kind = str(self.query_one(f"#kind-{i}", Select).value)
            seats.append(SeatSpec(name, kind))
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else fresh_seed()
        deck = self.query_one("#deck", Input).value.strip() or None
        hold = self.query_one("#hold", Select).value
        return Setup(seats, seed, deck, self.setup.odds, self.setup.language,
                     hold if isinstance(hold, int) else 0)

    def name_problem(self) -> str | None:
        """What is wrong with a name typed in a shown seat, in words (None: nothing). The
        rule is the save reader's (safe_text.name_problem): a name the game accepts, its
        save accepts; a blank name becomes "Seat N"."""
        for i in range(self.players()):
            typed = self.query_one(f"#name-{i}", Input).value
            problem = name_problem(typed) if typed.strip() else None
            if problem:
                return fmt(_("{seat}: {problem}."), seat=seat_name(i), problem=problem)
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

        line = saved_game_line(getattr(self.app, "saves", None)) or saved
        self.app.push_screen(ReplaceSave(line), answered)

    def begin(self, setup: Setup) -> None:
        try:
            self.app.begin(setup)  # type: ignore[attr-defined]
        except DreadDrawError as e:
            said = fmt(_("Cannot start: {error}"), error=str(e))
            self.query_one("#error", Static).update(plain(said, lines=True))

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


LOG_LINES = 300  # the table's log keeps this many lines (the whole story is in the match)
RESUME_EVENTS = 400  # a resumed game narrates only its last events into the log


class GameLog(RichLog):
    """The table's log, bounded (its memory stays flat over a game): it keeps its newest
    line in sight when the prompt under it grows or shrinks, as when a line is written."""

    def on_resize(self) -> None:  # type: ignore[override]  # the event is not needed
        self.call_after_refresh(self.scroll_end, animate=False)


def fit_lines(text: Text, width: int, height: int, console) -> Text:
    """`text` wrapped to `width`, and if it needs more than `height` lines, its first
    `height` with the last one ending in "…": a long line (a longer language's) is never
    cut silently by the widget's edge."""
    if width <= 0 or height <= 0:
        return text
    lines = text.wrap(console, width)
    if len(lines) <= height:
        return text
    kept = list(lines)[:height]
    last = kept[-1]
    last.rstrip()
    last.truncate(width - 1)
    last.append("…")
    return Text("\n").join(kept)


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

    def __init__(self, match: Match, cpu_delay: float = 0.8, ascii: bool = False,
                 hold: int = 0) -> None:
        """`hold`: seconds a person's own failed reveal stays on the stage (0: until they
        press a key; Setup.hold)."""
        super().__init__()
        self.hold = hold
        self.moves: deque[tuple[Move, list[tuple[int, int]], bool]] = deque()
        self.beats: list[tuple[int, int]] = []  # before_move of the move being made
        self.paced = False  # the move being made is a CPU's, at the table's pace
        self.match = match
        self.cpu_delay = cpu_delay
        self.ascii = ascii
        self.names = [s.name for s in match.seats]
        self.humans = [i for i, s in enumerate(match.seats) if s.is_human]
        self._viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.narrate = Narrator(match.deck, self.names)
        self.told = ToldLog(match.deck, self.names)  # `l`'s lines, told once
        self.rounds = RoundTracker(match.deck)
        self.turns = TurnTracker()
        self.round_winner = -1
        self.winning_row: tuple[int, ...] = ()  # the last round's, from its round_end event
        self.skipping = False
        self.wake = asyncio.Event()
        self.uncovered = asyncio.Event()  # no screen over the table (help, quit, ...)
        self.uncovered.set()
        self.answer: asyncio.Future | None = None
        self.going_on: asyncio.Future | None = None  # a person reads their own reveal
        # the seat of the last person known to have the keyboard: they answered a question,
        # or took the keyboard at a hand-off
        self.at_keyboard: int | None = None
        self.card_style = FRAMED
        self.tutor = tutor_for(match)  # coach: the tutorial's lessons (None: not the tutorial)

    @property
    def compact(self) -> bool:
        return self.card_style == LINE

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
        n = len(self.match.seats)
        top = (n + 1) // 2
        yield Static(id="topbar")
        with Horizontal(id="main"):
            with Vertical(id="play"):
                with Vertical(id="seats-top", classes="seats"):
                    for s in range(top):
                        yield SeatPanel(self.match.deck, s, self.ascii)
                with Horizontal(id="centre-band"):
                    yield TableCentre(id="centre")
                    yield Stage(self.match.deck, id="stage", ascii=self.ascii)
                with Vertical(id="seats-bottom", classes="seats"):
                    for s in range(top, n):
                        yield SeatPanel(self.match.deck, s, self.ascii)
                yield Static(id="turn")
            with Vertical(id="side"):
                yield CardReader(id="reader")
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
        self.set_class(self.ascii, "-ascii")
        self.query_one(CardReader).ascii = self.ascii
        events = self.match.events
        # A resumed match: the log tells the round in progress (at most RESUME_EVENTS
        # lines: the whole story is in `l`'s view). (net: a join has no choices)
        self.retell(from_round=bool(getattr(self.match, "choices", True)))
        self.query_one(CardReader).show(self.match.deck, None)
        last = acts(events[-40:], self.match.deck, self.names)
        self.query_one(Stage).play(last[-1] if last else None)
        self.show_table()
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

    def on_resize(self) -> None:  # as well as SizeAware's
        w, h = self.size
        self.set_class(w < 100, "-narrow")
        self.set_class(w >= 160, "-wide")
        self.set_class(h < 36, "-short")
        self.query_one(CardReader).set_class(w >= 100 and h >= 36, "-emblem")
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
        return LINE

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
        view = m.game.public_view()  # the table's public parts (R11.1)
        # the private cards of the person at the keyboard, from their own seat's view only
        # after the hand-off (R11.2)
        mine = m.game.view(self.viewer) if self.viewer is not None else None
        to_play = -1
        if ended is None:
            states = seat_states(view, m.seats, round_winner=self.round_winner, mine=mine)
            to_play = view.pending.seat if view.pending is not None else -1
            parts = [fmt(_("round {n}"), n=view.round)]
            if m.seed is not None:  # None: secret (net)
                parts.append(fmt(_("seed {seed}"), seed=m.seed))
            if to_play >= 0:
                parts.append(fmt(_("{name} to play"), name=clean(self.names[to_play])))
            top = Text("  ·  ".join(["DREAD DRAW", *parts]))
        else:
            states = seat_states(view, m.seats, mine=mine,
                                 round_over=(ended.winner, self.winning_row))
            top = Text("DREAD DRAW  ·  " + fmt(_("round {n} is over: its winning row, and "
                                                 "everything else after the damage"),
                                               n=ended.round))
        style = self.choose_style(states)
        self.card_style = style
        width = self.query_one("#play").size.width
        sizes = self.style_sizes() if style == LINE and width else {}
        for panel, state in zip(self.query(SeatPanel), states, strict=True):
            # the smallest style, still too long: its tiles share the line (names shorten)
            squeeze = bool(sizes) and not self.fits(state, LINE, sizes, width)
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
        if to_play >= 0 and not view.over and view.in_round[to_play]:
            t.append(beat_line(view, to_play, self.names), "bold")
            why = next_line(view, to_play, self.names, self.turns)
            if why:
                t.append("  ")
                t.append(why)
        box = self.query_one("#turn", Static)
        update_if_changed(box, fit_lines(t, box.content_region.width,
                                         box.content_region.height, self.app.console),
                          layout=False)

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

    def _note(self, ev: dict, log: RichLog | None) -> RoundReport | None:
        line = self.narrate(ev)
        if line and log is not None:
            mine = ev.get("seat") in self.humans and len(self.humans) < len(self.names)
            log.write(Text.assemble(("▸ ", "bold"), plain(line, "bold")) if mine
                      else plain(line))
        self.turns.feed(ev)
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
        """The table plays the match through the one driver, `Match.play` (sim.py): every
        seat's agent is a `SeatAtTable` (a person answers through the prompt, a CPU thinks in
        a thread at the table's pace), and each move reaches the screen through the hook
        `moved`. After every wait it stops if the table is going away (q, the app closing):
        an agent whose table is gone never answers, so nothing more is played."""
        m = self.match
        saved = list(m.agents)
        m.agents = [SeatAtTable(self, seat, agent) for seat, agent in enumerate(saved)]
        m.hooks.append(self.moved)
        try:
            await m.play()
        finally:
            m.agents = saved
            m.hooks.remove(self.moved)
        await self.catch_up()
        if self.gone:
            return
        self.show_table()
        await tutor_step(self)  # coach: the tutorial's last lesson (the fortune)
        if self.gone:
            return
        self.query_one(PromptBar).clear(
            Text(fmt(_("{name} wins the game."), name=clean(self.names[m.game.winner]))))
        what = await self.app.push_screen_wait(GameOver(m))
        self.app.call_later(self.app.after_game, what, m)  # type: ignore[attr-defined]

    def moved(self, match: Match, move: Move) -> None:
        """Match.play's hook: a move was made; the table shows it before the next seat is
        asked (`catch_up`)."""
        self.moves.append((move, self.beats, self.paced))

    async def turn(self, seat: int, cpu: Agent | None, view, decision) -> int:
        """A seat's answer to its decision, as `SeatAtTable.choose` awaits it: first the last
        move is shown (stage, log, round summary), then the person is asked at the prompt —
        after a hand-off if needed (R11.2) — or the CPU thinks while the pace runs."""
        await self.catch_up()
        if not self.gone:
            await tutor_step(self)  # coach: the tutorial's lessons, if this is it
        m = self.match
        option = -1
        if not self.gone:
            spec = m.seats[seat]
            self.paced = False
            if cpu is None:
                self.skipping = False
                await self.take_keyboard(seat)
                if not self.gone:
                    self.show_table()
                    option = await self.ask(seat)
            else:
                # The CPU thinks in a thread while the pause runs: the pace is the longer one.
                thinking = asyncio.ensure_future(asyncio.to_thread(cpu.choose, view, decision))
                self.paced = not self.skipping and self.cpu_delay > 0
                if self.paced:
                    self.query_one(PromptBar).clear(self.thinking_line(spec))
                    await self.pause(self.cpu_delay)
                option = await thinking  # type: ignore[assignment]
                await self.uncovered.wait()  # the game waits while a player reads
        if self.gone:
            await asyncio.Future()  # never answers: the table's worker is cancelled
        self.beats = before_move(m.game)  # what a reveal in this move has to beat (public)
        return option

    async def catch_up(self) -> None:
        """Show the moves made since the last look, one by one."""
        while self.moves and not self.gone:
            move, beats, paced = self.moves.popleft()
            await self.show_move(move, beats)
            if self.gone:
                return
            m = self.match
            if len(self.humans) > 1 and m.to_move() != self.viewer:
                self.viewer = None  # R11.2: hidden again before the next seat moves
            if paced or m.seats[move.seat].is_human:  # unpaced CPU steps: drawn at the end
                self.show_table()

    @property
    def gone(self) -> bool:
        """The table is being taken down: nothing more may be drawn or played on it."""
        return self.app.return_code is not None or not self.app.is_running or (
            not self.is_attached)  # a return code: exit() was called

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

    async def show_move(self, move: Move, beats: list[tuple[int, int]]) -> None:
        """One move on the screen: its events in the log, its moments on the stage (a
        person's own failed reveal held until they go on), the round summary if it ended a
        round."""
        m = self.match
        mover = move.seat
        new = move.events
        log = self.query_one("#log", RichLog)
        stage = self.query_one(Stage)
        moments = acts(new, m.deck, self.names, beats)
        shown = 0
        for ev in new:
            report = self._note(ev, log)
            if ev["type"] in ("summon", "fail", "round_end", "defeated") and shown < len(
                    moments):
                act = moments[shown]
                shown += 1
                stage.play(act)
                if (not act.ok and not act.banner and act.seat == mover
                        and m.seats[mover].is_human and self.hold_own and not self.skipping):
                    self.show_table()
                    await self.read_own_reveal(act)
                    if self.gone:
                        return
            if report is not None and self.skipping:
                collect()  # the round's garbage (its summary, read otherwise, is skipped)
            if report is not None and not self.skipping:
                if len(self.humans) > 1:  # everyone reads the summary: public cards only
                    self.viewer = None  # (R11.2; the next person takes the keyboard again)
                self.show_table(ended=report)
                self.query_one(PromptBar).clear(fmt(_("Round {n} is over."), n=report.round))
                alone = None if self.humans else 4 * self.cpu_delay  # CPUs only: it goes on
                await self.app.push_screen_wait(RoundSummary(report, self.names, alone))
                if self.gone:
                    return
                self.show_table()

    @property
    def hold_own(self) -> bool:
        """A person's own failed reveal stays on the stage until they press a key; a table
        with no pacing at all (--cpu-delay 0) never holds."""
        return self.cpu_delay > 0

    async def read_own_reveal(self, act) -> None:
        """The person who just failed reads the stage, then presses Enter (or 1) to go on —
        or, with a pace chosen on the new-game screen (`hold`), it goes on by itself after
        that many seconds (the clock stops while a screen covers the table; a key still goes
        on sooner). Keys of the last question's double press are ignored for a moment
        (PRESS_GUARD)."""
        answer = self.answer = asyncio.get_running_loop().create_future()
        self.query_one(PromptBar).ask(Text(act.result), [(0, _("Go on"))], new_person=True)
        try:
            if self.hold > 0:
                held = asyncio.ensure_future(self.pause(self.hold))
                await asyncio.wait([answer, held], return_when=asyncio.FIRST_COMPLETED)
                held.cancel()
            else:
                await answer
        finally:
            self.answer = None

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
        self.app.push_screen(LogViewer(self.match, self.viewer, self.told))

    def action_discard(self) -> None:
        self.app.push_screen(DiscardViewer(self.match.deck,
                                           self.match.game.public_view().discard))

    def action_odds(self) -> None:
        self.query_one(OddsLine).toggle()
        self.show_table()


class SeatAtTable:
    """A seat's `Agent` while the table plays the match (sim.Match.play): it answers through
    the table — a person at the prompt, a CPU (`cpu`, the seat's own agent) in a thread at
    the table's pace. The same shape a remote seat's answer would take."""

    def __init__(self, table: TableScreen, seat: int, cpu: Agent | None) -> None:
        self.table, self.seat, self.cpu = table, seat, cpu

    @property
    def reads_view(self) -> bool:
        return self.cpu is not None and self.cpu.reads_view

    def choose(self, view, decision):
        return self.table.turn(self.seat, self.cpu, view, decision)
