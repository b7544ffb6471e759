"""`dread-draw play` and `dread-draw tutorial`: the seats, the save folder and the daily deal from
the flags, then the table or plain lines (the only place that picks between them)."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from dread_draw.ai import AGENTS
from dread_draw.base import wide_text as _wide_text  # noqa: F401  (wraps by cells, never at a no-break space)
from dread_draw.base.errors import DreadDrawError
from dread_draw.base.loading import hold, release
from dread_draw.base.safe_text import clean, name_problem
from dread_draw.deck.cards import load_deck
from dread_draw.i18n import _, fmt, use_language
from dread_draw.play.sim import CPU_NAMES, DEFAULT_CPU, HUMAN, Match, SeatSpec
from dread_draw.store.saves import (
    KEEP,
    Autosaver,
    SaveDir,
    SaveError,
    autosave_new,
    read_save_or_none,
    resume,
    separate_folder,
)
from dread_draw.store.setup import (
    MAX_SEATS,
    MIN_SEATS,
    Setup,
    fresh_seed,
    load_setup,
    new_match,
    save_setting,
    settings_path,
    shown_name,
)


@dataclass
class FrontEnd:
    """Which front end a game opens on: plain lines or the full table — `--plain` or
    `--no-plain` for this run, else as remembered — and the table's options. The choice is
    remembered once the game opens: a run that fails remembers nothing."""

    settings: Path | None
    remembered: bool
    asked: bool | None
    saves: SaveDir | None = None
    table: dict[str, Any] = field(default_factory=dict)  # the full table's options

    @property
    def plain(self) -> bool:
        return self.remembered if self.asked is None else self.asked

    def opened(self) -> None:
        if self.asked is not None and self.asked != self.remembered:
            save_setting(self.settings, "plain", self.asked)

    def open(self, match: Match | None = None, saver: Autosaver | None = None,
             saves: SaveDir | None | bool = True, **table: Any) -> None:
        """The game on the front end chosen: `match` (None: the new-game screen, the full
        table only), resumed with `saver`, autosaved in `saves` (True: the command's folder,
        None: never saved)."""
        folder = self.saves if saves is True else saves or None
        self.opened()
        if self.plain and match is not None:
            run_plain(match, folder, saver)
            return
        hold()  # no garbage collection before the table's first frame (DreadDrawApp.on_ready)
        try:
            from dread_draw.tui.app import make_app, run_table  # (plain lines never load Textual)

            run_table(make_app(match, saves=folder, saver=saver, **{**self.table, **table}))
        finally:
            release()


def play_command(*, players: int | None, humans: list[str], cpus: list[str], seed: int | None,
                 deck: Path | None, cpu_delay: float, resume_saved: bool = False,
                 save_dir: Path | None = None, keep: int = KEEP, ascii: bool = False,
                 daily: bool = False, lang: str | None = None,
                 plain: bool | None = None) -> None:
    """`dread-draw play`: seats from the flags start at once; `--resume` continues the saved
    game (a bad save stops here with a clear message); `--daily` starts today's daily deal;
    otherwise the new-game screen — or, in plain lines, the last game's seats (the new-game
    screen's, the first time). The language: `lang` (``--lang``), else the one chosen on the
    new-game screen last time, else the environment's."""
    settings = settings_path()
    remembered = load_setup(settings)
    use_language(lang, remembered.language)
    saves = SaveDir(save_dir, keep)
    deck_name = str(deck) if deck else None
    front = FrontEnd(settings, remembered.plain, plain, saves,
                     {"cpu_delay": cpu_delay, "settings": settings, "ascii": ascii})
    if daily:  # coach: the daily deal (dread_draw/coach/daily.py)
        if players is not None or humans or cpus or seed is not None or deck or resume_saved:
            raise DreadDrawError(_("--daily deals today's cards with the standard deck, you "
                                   "against three hard CPUs; it takes no --players, --human, "
                                   "--cpu, --seed, --deck or --resume."))
        saves.lock()  # one table per save folder, the daily too: a clear message, exit 2
        play_daily(saves, remembered, front)
        return
    if resume_saved:
        if players is not None or humans or cpus or seed is not None:
            raise DreadDrawError(_("--resume continues the saved game as it was; it takes no "
                                   "--players, --human, --cpu or --seed."))
        saves.lock()  # another table on this folder: a clear message, exit 2
        match, saver = resume(saves, deck)
        front.open(match, saver)
        return
    if players is None and not humans and not cpus:
        # no seats given: the new-game screen, prefilled with the last game's (plain lines
        # have none: they play the last game's seats, the new-game screen's the first time)
        setup = remembered
        setup.seed = fresh_seed() if seed is None else seed
        if deck_name:
            setup.deck = deck_name
        if front.plain:
            match = new_match(setup)  # a bad deck file stops here with a clear message
            saves.lock()
            front.open(match)
            return
        load_deck(setup.deck)  # a bad deck file stops here with a clear message
        separate = None
        try:
            saves.lock()
        except SaveError:  # another table: the new-game screen offers a separate folder
            separate = separate_folder(saves)
        front.open(setup=setup, separate=separate)
        return
    setup = Setup(seats_from_flags(players, humans, cpus),
                  fresh_seed() if seed is None else seed, deck_name,
                  remembered.odds, remembered.language, remembered.hold,
                  remembered.ascii, remembered.theme, remembered.plain)  # the player's settings
    match = new_match(setup)
    saves.lock()  # held for the life of the process: the table's run and the leaving line
    front.open(match, setup=setup)


def run_plain(match: Match, saves: SaveDir | None, saver: Autosaver | None = None) -> None:
    """The game in plain lines (dread_draw/lines/plain.py), autosaved as at the table: a new
    game starts its autosave here, a resumed one comes with its own. Its first line says
    that plain lines are remembered, and how to go back to the table."""
    from dread_draw.lines.plain import play_plain

    print(_("Plain lines, remembered for the next game. To play at the full table again: "
            "dread-draw play --no-plain"))
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
    saves = SaveDir(save_dir, keep)
    saves.lock()  # as every table that writes a game: another window's is never lost
    front = FrontEnd(settings, last.plain, plain, saves,
                     {"cpu_delay": cpu_delay, "settings": settings})
    front.open(tutorial_match(name), setup=last)


def play_daily(saves: SaveDir, last: Setup, front: FrontEnd) -> None:
    """`play --daily` in the locked folder `saves`: today's deal in progress is continued,
    a fresh one dealt once, and a deal already dealt here (or an earlier day's) only
    practised (`daily.plan_daily`)."""
    from dread_draw.coach.daily import CONTINUE, PRACTICE, plan_daily, today

    current = read_save_or_none(saves.current) if saves.has_current() else None
    playing = current.daily if current is not None and not current.finished else None
    plan = plan_daily(saves.root, today(), playing)
    if plan.how == CONTINUE:
        match, saver = resume(saves)
        front.open(match, saver)
        return
    match, setup = daily_match(last, plan.day)
    if plan.how == PRACTICE:  # played apart from the folder: it never touches the save
        match.daily, match.practice = None, plan.why
    front.open(match, saves=None if match.practice else saves, setup=setup)


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
