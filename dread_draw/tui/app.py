"""The Dread Draw app: one factory for matches, one App for the CLI and the tests.

`new_match(setup)` is the only place a match is created. `DreadDrawApp` opens on the
new-game screen, or straight at the table when given a `Match` (a resumed game can be handed
in the same way). `DreadDrawApp.start_match` is where every match — new, rematch or
resumed — reaches the table: the place to hook per-match work such as autosave
(`match.hooks`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from datetime import date
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from dread_draw.ai import AGENTS
from dread_draw.base import wide_text as _wide_text  # noqa: F401  (wraps by cells, never at a no-break space)
from dread_draw.base.errors import DreadDrawError
from dread_draw.base.safe_text import clean, name_problem
from dread_draw.coach.daily import PRACTICE_WORDS
from dread_draw.coach.review import MOMENT_WORDS
from dread_draw.deck.cards import Deck, load_deck
from dread_draw.i18n import N_, _, fmt, ngettext, use_language
from dread_draw.play.sim import CPU_NAMES, DEFAULT_CPU, HUMAN, Match, SeatSpec
from dread_draw.store.saves import (
    KEEP,
    Autosaver,
    SaveDir,
    SaveError,
    autosave_new,
    continue_label,
    read_save_or_none,
    resume,
    save_note,
    saved_game_line,
    separate_folder,
)
from dread_draw.tui import themes, widechars
from dread_draw.tui.pauses import Pauses
from dread_draw.tui.saved import BadSave, FolderInUse, ReplaceSave
from dread_draw.tui.screens.dialogs import ConfirmQuit, HelpScreen
from dread_draw.tui.screens.new_game import NewGame
from dread_draw.tui.screens.table import TableScreen
from dread_draw.tui.setup import (
    MAX_SEATS,
    MIN_SEATS,
    Setup,
    fresh_seed,
    load_setup,
    save_setting,
    save_setup,
    settings_path,
    shown_name,
)
from dread_draw.tui.widgets.base import MIN_HEIGHT, MIN_WIDTH, ScreenResized


def new_match(setup: Setup, deck: Deck | None = None) -> Match:
    """The one factory of matches: the setup's seats, seed and deck (DeckError if bad)."""
    return Match(deck or load_deck(setup.deck), setup.seats, setup.seed)


widechars.install()  # Korean syllables whole under toasts and dialogs


class DreadDrawApp(App):
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
        handle a press made before a hand-off appeared after the hand-off's wait."""
        if isinstance(event, (events.Key, events.MouseDown, events.MouseUp, events.Click)):
            self.input_time = event.time
            if not self.screen_stack:
                return  # the app is closing: keys still coming from the terminal go nowhere
        await super().on_event(event)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            # q and Ctrl+C ask first during a game; the palette's Quit would not
            if command.callback != self.action_quit and command.title != "Quit":
                yield command

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

    def check_size(self) -> None:
        """Below the minimum, every screen says what size it needs instead of the table."""
        w, h = self.size
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
                                          hold=self.setup.hold))
        if self.saves is not None and not match.practice:
            note_daily(self.saves.root, match)
        if match.daily is not None:  # coach: say which deal this is (its seed when it ends)
            self.notify(fmt(_("The daily deal of {day}: the same cards for everyone today. "
                              "You play against three hard CPUs; the seed is shown when the "
                              "game is over."), day=match.daily), timeout=10)
        elif match.practice:  # a daily deal's practice, or a reviewed moment's
            self.notify(_(PRACTICE_WORDS.get(match.practice, MOMENT_WORDS)), timeout=10)

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

    def after_game(self, what: str, match: Match) -> None:
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

    def on_screen_resized(self, _message: ScreenResized) -> None:
        self.check_size()

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
        """`?` or F1: the help, or closes it when it is open."""
        if isinstance(self.screen, HelpScreen):
            self.screen.dismiss()
        else:
            self.push_screen(HelpScreen())

    def in_progress(self) -> bool:
        return self.match is not None and not self.match.over

    def action_request_quit(self) -> None:
        """`q` / Ctrl+C: ask first while a game is in progress."""
        if isinstance(self.screen, ConfirmQuit):
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


def play_command(*, players: int | None, humans: list[str], cpus: list[str], seed: int | None,
                 deck: Path | None, cpu_delay: float, resume_saved: bool = False,
                 save_dir: Path | None = None, keep: int = KEEP, ascii: bool = False,
                 daily: bool = False, lang: str | None = None,
                 plain: bool | None = None) -> None:
    """`dread-draw play`: seats from the flags start at once; `--resume` continues the saved
    game (a bad save stops here with a clear message); `--daily` starts today's daily deal;
    otherwise the new-game screen. The language: `lang` (``--lang``), else the one chosen on
    the new-game screen last time, else the environment's."""
    settings = settings_path()
    remembered = load_setup(settings)
    use_language(lang, remembered.language)
    saves = SaveDir(save_dir, keep)
    deck_name = str(deck) if deck else None
    if plain is not None and plain != remembered.plain:  # --plain remembers, --no-plain forgets
        save_setting(settings, "plain", plain)
    plain = remembered.plain if plain is None else plain
    if daily:  # coach: the daily deal (dread_draw/coach/daily.py)
        if players is not None or humans or cpus or seed is not None or deck or resume_saved:
            raise DreadDrawError(_("--daily deals today's cards with the standard deck, you "
                                   "against three hard CPUs; it takes no --players, --human, "
                                   "--cpu, --seed, --deck or --resume."))
        saves.lock()  # one table per save folder, the daily too: a clear message, exit 2
        play_daily(saves, remembered, cpu_delay=cpu_delay, settings=settings, ascii=ascii,
                   plain=plain)
        return
    if resume_saved:
        if players is not None or humans or cpus or seed is not None:
            raise DreadDrawError(_("--resume continues the saved game as it was; it takes no "
                                   "--players, --human, --cpu or --seed."))
        saves.lock()  # another table on this folder: a clear message, exit 2
        match, saver = resume(saves, deck)
        if plain:
            run_plain(match, saves, saver)
            return
        run_table(make_app(match, cpu_delay=cpu_delay, settings=settings, saves=saves,
                           saver=saver, ascii=ascii))
        return
    if players is None and not humans and not cpus and not plain:
        setup = remembered
        setup.seed = fresh_seed() if seed is None else seed
        if deck_name:
            setup.deck = deck_name
        load_deck(setup.deck)  # a bad deck file stops here with a clear message
        separate = None
        try:
            saves.lock()
        except SaveError:  # another table: the new-game screen offers a separate folder
            separate = separate_folder(saves)
        run_table(make_app(setup=setup, cpu_delay=cpu_delay, settings=settings,
                           saves=saves, separate=separate, ascii=ascii))
        return
    setup = Setup(seats_from_flags(players, humans, cpus),
                  fresh_seed() if seed is None else seed, deck_name,
                  remembered.odds, remembered.language, remembered.hold,
                  remembered.ascii, remembered.theme, remembered.plain)  # the player's settings
    if plain and players is None and not humans and not cpus:
        setup = remembered  # plain lines have no new-game screen: the last game's seats
        setup.seed = fresh_seed() if seed is None else seed
        if deck_name:
            setup.deck = deck_name
    match = new_match(setup)
    saves.lock()  # held for the life of the process: the table's run and the leaving line
    if plain:
        run_plain(match, saves)
        return
    run_table(make_app(match, setup=setup, cpu_delay=cpu_delay, settings=settings,
                       saves=saves, ascii=ascii))


def run_plain(match: Match, saves: SaveDir | None, saver: Autosaver | None = None) -> None:
    """The game in plain lines (dread_draw/lines/plain.py), autosaved as at the table: a new
    game starts its autosave here, a resumed one comes with its own."""
    from dread_draw.lines.plain import play_plain

    if saver is None and saves is not None:
        try:
            saver = autosave_new(saves, match)
        except SaveError as e:
            print(clean(f"{e} " + _("This game is not being saved: when you quit, it is lost.")),
                  file=sys.stderr)
    play_plain(match, saver)


def tutorial_command(*, cpu_delay: float, save_dir: Path | None = None,
                     keep: int = KEEP, lang: str | None = None,
                     plain: bool | None = None) -> None:
    """`dread-draw tutorial`: the guided first game, for the last setup's person."""
    from dread_draw.coach.tutorial import tutorial_match

    settings = settings_path()
    last = load_setup(settings)
    use_language(lang, last.language)  # as for play
    name = shown_name(next((s.name for s in last.seats if s.is_human),
                           Setup.default_seat(0).name))
    if plain is not None and plain != last.plain:
        save_setting(settings, "plain", plain)
    saves = SaveDir(save_dir, keep)
    saves.lock()  # as every table that writes a game: another window's is never lost
    if last.plain if plain is None else plain:
        run_plain(tutorial_match(name), saves)
        return
    run_table(make_app(tutorial_match(name), setup=last, cpu_delay=cpu_delay,
                       settings=settings, saves=saves))


def play_daily(saves: SaveDir, last: Setup, plain: bool = False, **app_options: Any) -> None:
    """`play --daily` in the locked folder `saves`: today's deal in progress is continued,
    a fresh one dealt once, and a deal already dealt here (or an earlier day's) only
    practised (`daily.plan_daily`)."""
    from dread_draw.coach.daily import CONTINUE, PRACTICE, plan_daily, today

    current = read_save_or_none(saves.current) if saves.has_current() else None
    playing = current.daily if current is not None and not current.finished else None
    plan = plan_daily(saves.root, today(), playing)
    if plan.how == CONTINUE:
        match, saver = resume(saves)
        if plain:
            run_plain(match, saves, saver)
            return
        run_table(make_app(match, saves=saves, saver=saver, **app_options))
        return
    match, setup = daily_match(last, plan.day)
    if plan.how == PRACTICE:  # played apart from the folder: it never touches the save
        match.daily, match.practice = None, plan.why
    if plain:
        run_plain(match, None if match.practice else saves)
        return
    run_table(make_app(match, setup=setup, saves=None if match.practice else saves,
                       **app_options))


def daily_match(last: Setup, day: date | None = None) -> tuple[Match, Setup]:
    """The daily deal of `day` (today) for the person of the last setup (its first person's
    name), its CPUs on their fixed schedule (`daily.DAILY_OPTIONS`)."""
    from dread_draw.coach.daily import DAILY_OPTIONS, daily_setup, today

    name = shown_name(next((s.name for s in last.seats if s.is_human),
                           Setup.default_seat(0).name))
    deal = daily_setup(day or today(), name)
    setup = Setup(deal.seats, deal.seed, None, language=last.language, hold=last.hold,
                  ascii=last.ascii, plain=last.plain)
    match = Match(load_deck(None), setup.seats, setup.seed, agent_options=DAILY_OPTIONS)
    match.daily = deal.label  # the save and stats know it was that day's deal
    return match, setup


def note_daily(root: Path, match: Match) -> None:
    """Note in the folder's daily book a daily deal dealt, or a daily seed played with
    --seed (that day's deal is then practice only here: it has been seen)."""
    from dread_draw.coach.daily import DEALT, SEEN, DailyBook, daily_day_of, today

    if match.daily is not None:
        DailyBook(root).note(date.fromisoformat(match.daily), DEALT)
    elif isinstance(match.seed, int) and (day := daily_day_of(match.seed, today())):
        DailyBook(root).note(day, SEEN)


def seats_from_flags(players: int | None, humans: list[str], cpus: list[str]) -> list[SeatSpec]:
    """People first (in the order given), then CPUs; missing seats are CPUs of the last level
    given (or `normal`). No --human and no --cpu: one person against CPUs."""
    for level in cpus:
        if level not in AGENTS:
            raise DreadDrawError(fmt(_("--cpu {level}: no such CPU level; choose from "
                                       "{levels}."), level=repr(level),
                                     levels=", ".join(AGENTS)))
    for name in humans:  # the save reader's rule: a name played is a name saved
        problem = name_problem(name)
        if problem is not None:
            shown = name if len(name) <= 30 else name[:27] + "..."
            raise DreadDrawError(fmt(_("--human {name}: {problem}."), name=repr(shown),
                                     problem=problem))
    people = [SeatSpec(name, HUMAN) for name in humans] or (
        [] if cpus else [Setup.default_seat(0)])
    n = players if players is not None else len(people) + len(cpus)
    if len(people) + len(cpus) > n:
        raise DreadDrawError(fmt(_("--players {n}: but {people} --human and {cpus} --cpu seats "
                                   "were given; raise --players or give fewer seats."),
                                 n=n, people=len(people), cpus=len(cpus)))
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise DreadDrawError(fmt(_("a game needs {low} to {high} players, not {n}; add seats "
                                   "with --human NAME or --cpu LEVEL."),
                                 low=MIN_SEATS, high=MAX_SEATS, n=n))
    levels = cpus + [cpus[-1] if cpus else DEFAULT_CPU] * (n - len(people) - len(cpus))
    taken = {p.name for p in people}
    names = [c for c in CPU_NAMES if c not in taken] + [f"CPU {i}" for i in range(1, 6)]
    return people + [SeatSpec(names[i], level) for i, level in enumerate(levels)]
