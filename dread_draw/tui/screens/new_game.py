"""The new-game screen: seats, seed and deck; Continue for a saved game."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from dread_draw.ai import AGENTS
from dread_draw.base.errors import DreadDrawError
from dread_draw.base.safe_text import name_problem, plain
from dread_draw.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    _,
    current_language,
    fmt,
    level_word,
    ngettext,
    set_language,
)
from dread_draw.play.sim import DEFAULT_CPU, HUMAN, SeatSpec, seat_name
from dread_draw.store.saves import continue_label, saved_game_line
from dread_draw.store.setup import (
    HOLDS,
    MAX_SEATS,
    MIN_SEATS,
    Setup,
    fresh_seed,
    save_language,
    save_setting,
    shown_name,
)
from dread_draw.tui import themes
from dread_draw.tui.saved import ReplaceSave
from dread_draw.tui.screens.base import SizeAware
from dread_draw.tui.widgets.base import TooSmall
from dread_draw.tui.widgets.keybar import KeyBar


def kind_options() -> list[tuple[str, str]]:
    """Human, or a CPU of every level the agents registry holds."""
    return [(_("Person"), HUMAN)] + [(fmt(_("CPU · {level}"), level=level_word(name)), name)
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

    class Start(Message):
        """Start a game of `setup` (if it cannot start, the App calls `cannot_start`)."""

        def __init__(self, setup: Setup) -> None:
            super().__init__()
            self.setup = setup

    class Continue(Message):
        """Continue the game saved in progress."""

    class Tutorial(Message):
        """"Learn to play": the guided first game, for the setup's first person."""

        def __init__(self, setup: Setup) -> None:
            super().__init__()
            self.setup = setup

    class Help(Message):
        """The help: the rules and the keys."""

    def __init__(self, setup: Setup, focus: str | None = None) -> None:
        """`focus`: the id of the widget to focus first (default: Continue, else Start)."""
        super().__init__()
        self.setup = setup
        self.first_focus = focus

    SHORT = 30  # rows: below this the form's fields sit without a blank line between them

    def on_resize(self) -> None:
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
                    yield Input(shown_name(spec.name), id=f"name-{i}", max_length=16,
                                compact=True)
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
            with Horizontal(classes="field", id="hold-row"):  # your own failed reveal
                yield Label(_("Failed reveal"), classes="field-label")
                yield Select(hold_options(), value=s.hold, allow_blank=False, id="hold",
                             compact=True)
            with Horizontal(classes="field"):
                yield Label(_("Symbols"), classes="field-label")
                # for terminals that draw ● and ■ two cells wide (often set up for Korean)
                yield Select([(_("Unicode ● ■"), False), (_("ASCII * #"), True)],
                             value=s.ascii, allow_blank=False, id="glyphs", compact=True)
                yield Label(_("Theme"), classes="field-label", id="theme-label")
                yield Select(themes.options(), value=themes.key_of(self.app) or "dark",
                             allow_blank=False, id="theme", compact=True)
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

    @on(Select.Changed, "#theme")
    def theme_changed(self, event: Select.Changed) -> None:
        """A theme chosen: shown at once, and remembered with the player's settings."""
        key = str(event.value)
        if key == themes.key_of(self.app):
            return
        themes.apply(self.app, key)
        app = self.app
        if hasattr(app, "setup"):
            app.setup.theme = key
        save_setting(getattr(app, "settings", None), "theme", key)

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
                     hold if isinstance(hold, int) else 0,
                     self.query_one("#glyphs", Select).value is True, themes.key_of(self.app),
                     self.setup.plain)

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
                self.post_message(self.Continue())

        line = saved_game_line(getattr(self.app, "saves", None)) or saved
        self.app.push_screen(ReplaceSave(line), answered)

    def begin(self, setup: Setup) -> None:
        self.post_message(self.Start(setup))

    def cannot_start(self, e: DreadDrawError) -> None:
        """The App could not start the game (a bad deck file): say why."""
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
            self.post_message(self.Continue())
        elif button == "reseed":
            self.query_one("#seed", Input).value = str(fresh_seed())
        elif button == "tutorial":  # coach: the guided first game
            self.post_message(self.Tutorial(self.read()))
        elif button == "help":
            self.post_message(self.Help())
        elif button == "quit":
            self.app.exit()
