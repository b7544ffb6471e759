"""`dread-draw play` and `dread-draw tutorial`: the seats, the save folder and the daily deal from
the flags, then the table or plain lines (the only place that picks between them)."""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path
from typing import Any

from dread_draw.ai import AGENTS
from dread_draw.base import wide_text as _wide_text  # noqa: F401  (wraps by cells, never at a no-break space)
from dread_draw.base.errors import DreadDrawError
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
from dread_draw.tui.app import make_app, new_match, run_table
from dread_draw.tui.setup import (
    MAX_SEATS,
    MIN_SEATS,
    Setup,
    fresh_seed,
    load_setup,
    save_setting,
    settings_path,
    shown_name,
)


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
