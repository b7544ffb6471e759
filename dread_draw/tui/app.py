"""The Dread Draw app: one App for the CLI and the tests.

`new_match(setup)` (dread_draw/store/setup.py) is the only place a match is created.
`DreadDrawApp` opens on the new-game screen, or straight at the table when given a `Match` (a
resumed game can be handed in the same way). `DreadDrawApp.start_match` is where every match
— new, rematch or resumed — reaches the table: the place to hook per-match work such as
autosave (`match.hooks`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.geometry import Size
from textual.screen import Screen

from dread_draw.base import wide_text as _wide_text  # noqa: F401  (wraps by cells, never at a no-break space)
from dread_draw.base.errors import DreadDrawError
from dread_draw.base.loading import RELEASE_AFTER, held, release
from dread_draw.base.safe_text import clean
from dread_draw.coach.daily import PRACTICE_WORDS, note_daily
from dread_draw.coach.review import MOMENT_WORDS
from dread_draw.i18n import N_, _, fmt, ngettext
from dread_draw.play.sim import Match
from dread_draw.store.saves import (
    Autosaver,
    SaveDir,
    SaveError,
    autosave_new,
    continue_label,
    read_save_or_none,
    resume,
    save_note,
    saved_game_line,
)
from dread_draw.store.setup import (
    Setup,
    fresh_seed,
    load_setup,
    new_match,
    save_setup,
    shown_name,
)
from dread_draw.table.seam import TableMatch
from dread_draw.tui import themes, widechars
from dread_draw.tui.guard import Steady
from dread_draw.tui.pauses import Pauses
from dread_draw.tui.saved import BadSave, FolderInUse, ReplaceSave
from dread_draw.tui.screens.dialogs import ConfirmQuit, HelpScreen
from dread_draw.tui.screens.new_game import NewGame
from dread_draw.tui.screens.table import TableScreen
from dread_draw.tui.widgets.base import MIN_HEIGHT, MIN_WIDTH

widechars.install()  # Korean syllables whole under toasts and dialogs


class DreadDrawApp(Steady, App):
    """Hot-seat Dread Draw at the terminal, with CPU seats."""

    TITLE = "Dread Draw"
    CSS_PATH = ["dread_draw.tcss", "viewers.tcss"]
    # Ctrl+P: Textual's command palette, for its theme switch and keys panel; its Quit is left
    # out (`get_system_commands`): it would skip the question asked during a game.
    # F1 and Ctrl+C work on every screen, even in a text field; ? and q wherever no text
    # field takes them (the new-game screen shows F1 and Ctrl+C in its key bar instead).
    BINDINGS = [
        Binding("question_mark", "help", N_("Help"), key_display="?"),
        Binding("f1", "help", N_("Help"), show=False, priority=True),
        Binding("q", "request_quit", N_("Quit")),
        Binding("ctrl+c", "request_quit", N_("Quit"), show=False, priority=True),
    ]

    def __init__(self, match: Match | None = None, *, setup: Setup | None = None,
                 cpu_delay: float = 0.8, settings: Path | None = None,
                 saves: SaveDir | None = None, saver: Autosaver | None = None,
                 separate: SaveDir | None = None, ascii: bool = False) -> None:
        """`match`: go straight to the table. `setup`: prefill the new-game screen.
        `settings`: where the last setup is remembered (None: nowhere). `saves`: where
        games are autosaved after every decision (None: not saved); `saver`: the autosave
        already attached to a resumed `match`. `separate`: `saves` is another table's, so
        the new-game screen first offers this folder (taken for this table) or to quit."""
        super().__init__()
        self.first_match = match
        self.settings = settings
        self.setup = setup or load_setup(settings)
        self.cpu_delay = cpu_delay
        self.ascii = ascii  # --ascii: the table's symbols in plain ASCII (dread_draw.base.glyphs)
        self.saves = saves
        self.first_saver = saver
        self.separate = separate
        self.saver: Autosaver | None = None
        self.match: Match | None = None
        self.leaving = False  # exit() called: nothing new may start on the way out
        self.pauses = Pauses()  # full garbage collections kept out of key presses

    async def on_event(self, event: events.Event) -> None:
        """Note when the key or click about to be handled was made (`widgets.input_made`):
        the table's guards against a double press compare that moment, not the moment the
        event is handled, with when a screen or question appeared — a loaded machine may
        handle a press made before a hand-off appeared after the hand-off's wait.

        A new size of the terminal is checked as it comes in, before Textual lays the
        screens out at it: the "too small" notice comes (or goes) with the first picture at
        the new size, never after a table squeezed into it, and never says a size that is
        already large enough (issue 40: 1.7 s and 1.3 s late, the screens' own resize
        having been the first to tell)."""
        if isinstance(event, (events.Key, events.MouseDown, events.MouseUp, events.Click)):
            self.input_time = event.time
        elif isinstance(event, events.Resize):
            self.check_size(event.size)
        await super().on_event(event)  # (Steady's first)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            # q and Ctrl+C ask first during a game; the palette's Quit would not
            if command.callback != self.action_quit and command.title != "Quit":
                yield command

    def on_ready(self) -> None:
        # the first frame is painted: the collector, held off since the start, runs again once
        # the first question is up too (its first pass walks the whole new screen: 13 ms)
        if held():  # (a table the command line started; not one a test builds)
            self.set_timer(RELEASE_AFTER, release)

    def on_mount(self) -> None:
        themes.install(self)
        themes.apply(self, self.setup.theme)  # the one chosen on the new-game screen
        self.pauses.start()
        self.check_size()
        if self.first_match is None:
            self.push_screen(NewGame(self.setup))
            if self.separate is not None and self.saves is not None:
                self.push_screen(FolderInUse(self.saves.root, self.separate.root),
                                 self.play_separately)
            return
        saved = continue_label(self.saves) if self.first_saver is None else None
        if saved is None:
            self.start_match(self.first_match, self.first_saver)
            return
        # `play --players ...` while a game is saved: the new game would take its place.
        self.push_screen(NewGame(self.setup))

        def answered(what: str | None) -> None:
            if what == "new" and self.first_match is not None:
                self.start_match(self.first_match)
            elif what == "continue":
                self.continue_saved()

        self.push_screen(ReplaceSave(saved_game_line(self.saves) or saved,
                                     self.tutorial_saved()), answered)

    def tutorial_saved(self) -> bool:
        """Is the game saved in progress the tutorial? (A new game would lose its progress:
        the question then offers Continue first.)"""
        from dread_draw.coach.tutorial import is_tutorial_save

        save = read_save_or_none(self.saves.current) if self.saves is not None else None
        return save is not None and not save.finished and is_tutorial_save(
            save.seed, save.seats, save.deck_path)

    def play_separately(self, play: bool | None) -> None:
        """The answer to FolderInUse: save in the separate folder from now on, or quit."""
        if not play:
            self.exit()
            return
        self.saves = self.separate
        if isinstance(self.screen, NewGame):
            self.screen.show_continue()

    def check_size(self, size: Size | None = None) -> None:
        """Below the minimum, every screen says what size it needs instead of the table
        (`size`: the terminal's new size, before the App has taken it)."""
        w, h = size or self.size
        self.set_class(w < MIN_WIDTH or h < MIN_HEIGHT, "-too-small")
        for screen in self.screen_stack:  # the table waits while it is too small
            if isinstance(screen, TableScreen):
                screen.size_checked()

    # --------------------------------------------------------------------------- matches

    def begin(self, setup: Setup) -> None:
        """Start a match from the new-game screen (DeckError propagates to the screen)."""
        match = new_match(setup)
        setup.odds = self.setup.odds  # the player's settings are not on the form
        setup.language = self.setup.language  # (the language is: NewGame keeps it there)
        self.setup = setup
        save_setup(self.settings, setup)
        self.start_match(match)

    def begin_tutorial(self, setup: Setup) -> None:
        """coach: "Learn to play": the guided first game for the setup's first person (asks
        first while another game is saved in progress: it would take that game's place)."""
        from dread_draw.coach.tutorial import tutorial_match

        name = shown_name(next((s.name for s in setup.seats if s.is_human),
                               Setup.default_seat(0).name))
        saved = continue_label(self.saves)
        if saved is None:
            self.start_match(tutorial_match(name))
            return

        def answered(what: str | None) -> None:
            if what == "new":
                self.start_match(tutorial_match(name))
            elif what == "continue":
                self.continue_saved()

        self.push_screen(ReplaceSave(saved_game_line(self.saves) or saved,
                                     self.tutorial_saved()), answered)

    def start_match(self, match: Match, saver: Autosaver | None = None) -> None:
        """Every match reaches the table here (and is autosaved from here on)."""
        self.match = match
        self.saver = saver
        if saver is not None:
            saver.on_error = self.autosave_failed
        elif self.saves is not None and not match.practice:  # practice: never saved
            try:
                self.saver = autosave_new(self.saves, match, self.autosave_failed)
            except SaveError as e:  # a bad save could not be set aside: do not overwrite it
                self.autosave_failed(f"{e} " + _("This game is not being saved: when you quit, "
                                                    "it is lost."))
        self._replace_screens(TableScreen(match, self.cpu_delay,
                                          ascii=self.ascii or self.setup.ascii,
                                          hold=self.setup.hold, save=self.save_now))
        if self.saves is not None and not match.practice:
            note_daily(self.saves.root, match)
        if match.daily is not None:  # coach: say which deal this is (its seed when it ends)
            self.notify(fmt(_("The daily deal of {day}: the same cards for everyone today. "
                              "You play against three hard CPUs; the seed is shown when the "
                              "game is over."), day=match.daily), timeout=10)
        elif match.practice:  # a daily deal's practice, or a reviewed moment's
            self.notify(_(PRACTICE_WORDS.get(match.practice, MOMENT_WORDS)), timeout=10)

    def save_now(self) -> None:
        """Save the game at once (a hint or a take-back is not a move: no hook hears it)."""
        if self.saver is not None:
            self.saver.save_now()

    def autosave_failed(self, message: str) -> None:
        self.notify(clean(message), title=_("Autosave"), severity="error", timeout=15,
                    markup=False)  # it names the save folder (any path) and may name a game

    def continue_saved(self) -> None:
        """The new-game screen's "Continue": resume the saved game, or ask what to do."""
        assert self.saves is not None, "Continue is offered only with a save folder"
        try:
            match, saver = resume(self.saves)
        except SaveError as e:
            def answered(fresh: bool | None) -> None:
                if isinstance(self.screen, NewGame):
                    self.screen.show_continue()

            self.push_screen(BadSave(e, self.saves), answered)
            return
        self.start_match(match, saver)

    def exit(self, *args, **kwargs) -> None:
        self.leaving = True
        super().exit(*args, **kwargs)

    def on_unmount(self) -> None:
        self.pauses.stop()

    def after_game(self, what: str, match: TableMatch) -> None:
        if self.leaving:  # q came in between: nothing new starts
            return
        if what == "rematch":  # same seats, a new seed
            setup = Setup(list(match.seats), fresh_seed(), self.setup.deck, self.setup.odds,
                          self.setup.language, self.setup.hold, self.setup.ascii)
            self.setup = setup
            self.start_match(new_match(setup, match.deck))
        elif what == "new":
            self.match = None
            self.setup = Setup(list(match.seats), fresh_seed(), self.setup.deck,
                               self.setup.odds, self.setup.language, self.setup.hold,
                               self.setup.ascii)
            self._replace_screens(NewGame(self.setup))
        else:
            self.exit()

    # ------------------------------------------------------------- what the screens say

    def on_new_game_start(self, message: NewGame.Start) -> None:
        try:
            self.begin(message.setup)
        except DreadDrawError as e:  # a bad deck file: the new-game screen says why
            if isinstance(self.screen, NewGame):
                self.screen.cannot_start(e)

    def on_new_game_continue(self, _message: NewGame.Continue) -> None:
        self.continue_saved()

    def on_new_game_tutorial(self, message: NewGame.Tutorial) -> None:
        self.begin_tutorial(message.setup)

    def on_new_game_help(self, _message: NewGame.Help) -> None:
        self.action_help()

    def on_table_screen_finished(self, message: TableScreen.Finished) -> None:
        self.after_game(message.what, message.match)

    def _replace_screens(self, screen) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)

    # ------------------------------------------------------------------------------ keys

    def action_help(self) -> None:
        """`?` or F1: the help, or closes it when it is open (or goes back to it from the
        palette opened over it)."""
        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss()
        elif not self.back_to(HelpScreen) and not self.is_open(HelpScreen):
            self.push_screen(HelpScreen())

    def action_command_palette(self) -> None:
        """Ctrl+P: Textual's palette, or back to it from the help opened over it. Textual
        looks for an open palette on the top screen only: a second one, under its fixed id,
        ended the app (F1, Ctrl+P, F1, Ctrl+P: `DuplicateIds '--command-palette'`; and
        Ctrl+P at a quit question asked over the palette and the help, found by
        benchmarks/chaos.py)."""
        if not self.back_to(CommandPalette) and not self.is_open(CommandPalette):
            super().action_command_palette()

    def back_to(self, kind: type[Screen]) -> bool:
        """The help, the palette and the quit question are each open once at most, over each
        other in any order: a `kind` screen already open under the help and the palette
        comes back to the top (those above it close). False when none is open under them."""
        for above, screen in enumerate(reversed(self.screen_stack)):
            if isinstance(screen, kind):
                for _above in range(above):
                    self.pop_screen()
                return True
            if not isinstance(screen, (HelpScreen, CommandPalette)):
                return False
        return False

    def is_open(self, kind: type[Screen]) -> bool:
        """A `kind` screen is open anywhere (under a question asked over it, when `back_to`
        did not reach it: the key does nothing, the screen comes back once that is answered)."""
        return any(isinstance(screen, kind) for screen in self.screen_stack)

    def in_progress(self) -> bool:
        return self.match is not None and not self.match.over

    def action_request_quit(self) -> None:
        """`q` / Ctrl+C: ask first while a game is in progress (once: back to the question
        when it is already asked under the help or the palette)."""
        if isinstance(self.screen, ConfirmQuit) or self.back_to(ConfirmQuit):
            return
        if not self.in_progress():
            self.exit()
            return

        def answered(quit_: bool | None) -> None:
            if quit_:
                self.exit()

        self.push_screen(ConfirmQuit(self.save_note()), answered)

    def save_note(self) -> str | None:
        """Where the game in progress stands with its save, in words (`saves.save_note`; a
        served table says it in a browser's words)."""
        if (self.match is not None and not self.match.over and self.saver is not None
                and os.environ.get("DREAD_DRAW_WEB") == "1"):  # served (dread_draw/web/serve.py)
            return self.web_save_note()
        return save_note(self.match, self.saver)


    def web_save_note(self) -> str:
        """`save_note` for a player in a web browser: no path on the server, no command."""
        assert self.match is not None and self.saver is not None
        if self.saver.error is None:
            return _("The game is saved at every move: open this page again in this browser "
                     "(or choose Continue on the new-game screen) and it goes on where it is.")
        last = read_save_or_none(self.saver.folder.current)
        if last is None or last.seed != self.match.seed:
            return _("Saving this game is failing on the server: nothing of it is saved, so "
                     "when you quit, it is lost.")
        behind = len(self.match.choices) - len(last.choices)
        return fmt(ngettext(
            "Saving this game is failing on the server: it is saved up to round {round}, {n} "
            "move behind the table; opening this page again continues from there.",
            "Saving this game is failing on the server: it is saved up to round {round}, {n} "
            "moves behind the table; opening this page again continues from there.", behind),
            round=last.rounds, n=behind)


def make_app(match: Match | None = None, *, animate: bool = True,
             **options: Any) -> DreadDrawApp:
    """The one place the table's app is built, for the CLI's commands and the tests alike
    (as posting's factory): `options` are DreadDrawApp's; `animate=False` turns Textual's
    animations off (tests, docs/DESIGN.md principle 10)."""
    app = DreadDrawApp(match, **options)
    if not animate:
        app.animation_level = "none"
    return app


def stopped_line(note: str | None) -> str:
    """The line a table that stopped on an error leaves on the terminal, with where its game
    stands (`DreadDrawApp.save_note`)."""
    said = _("The table stopped on an error.")
    return f"{said} {note}" if note else said  # two whole sentences


def run_table(app: DreadDrawApp, **run: Any) -> None:
    """Run the table; on the way out, one line on the terminal says how the game in progress
    can be continued (or that its save is failing). A table that stopped on an error exits
    non-zero, saying where the save is."""
    app.run(**run)
    note = app.save_note()
    note = None if note is None else clean(note)  # a save folder may be any path
    if app.return_code:
        print(stopped_line(note), file=sys.stderr)
        raise SystemExit(app.return_code)
    if note is not None and os.environ.get("DREAD_DRAW_WEB") != "1":  # not on serve's console
        print(note, file=sys.stderr)
