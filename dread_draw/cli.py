"""The `dread-draw` command line (fixed command names, docs/DESIGN.md): one Typer app.

Every command turns the project's own errors into a one-paragraph message and exit code 2.
Each command's body lives with the part it belongs to; this module only declares options.

No `from __future__ import annotations` here: Typer reads every command's annotations at each
start, and as strings it evaluated them again and again (11 ms of each start, issue 41).
"""

import errno
import functools
import math
import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
import typer.core
import typer.main
from rich.console import Console
from rich.text import Text

from dread_draw import __version__, compiled_core
from dread_draw.base import wide_text as _wide_text  # noqa: F401  (Korean help lines keep their last syllable)
from dread_draw.base.loading import loading
from dread_draw.base.runner import MAX_GAMES
from dread_draw.i18n import N_, _, fmt, pgettext, use_language

if TYPE_CHECKING:  # the rules core (and with it the errors) loads with the commands that use it:
    from dread_draw.base.errors import DreadDrawError  # `dread-draw --version` is quick

FIRST_COMMANDS = ("play", "tutorial")  # --help lists these first: what most people came for


def short_metavar(param: Any) -> str | None:
    """A short placeholder for an option's value ("N", "FILE") instead of Typer's long
    "<int range>" or "<file>"; None keeps the one given (or none, for a flag). By the type's
    name: Typer may bring a Click of its own, whose classes are not `click`'s."""
    if (getattr(param, "metavar", None) is not None
            or getattr(param, "param_type_name", "") != "option"
            or getattr(param, "is_flag", False)):
        return None
    kind = str(getattr(getattr(param, "type", None), "name", ""))  # Typer 0.29 may have none
    if not kind:
        return None
    if kind.startswith("int"):
        return "N"
    if kind.startswith("float"):
        return "SECONDS"  # every decimal option of this program is a time
    if kind in ("file", "directory", "path"):
        return "FOLDER" if kind == "directory" else "FILE"
    return str(param.name or "value").upper()


def placeholder(word: str | None) -> str | None:
    """An option's placeholder in --help in the player's language ("NOM", "NIVEAU"), as the
    errors name it ("--human NOM"); one this program does not know stays as it is."""
    if word is None:
        return None
    words = {
        "N": pgettext("placeholder in --help", "N"),
        "NAME": pgettext("placeholder in --help", "NAME"),
        "LEVEL": pgettext("placeholder in --help", "LEVEL"),
        "FILE": pgettext("placeholder in --help", "FILE"),
        "FOLDER": pgettext("placeholder in --help", "FOLDER"),
        "SECONDS": pgettext("placeholder in --help", "SECONDS"),
        "MINUTES": pgettext("placeholder in --help", "MINUTES"),
        "ADDRESS": pgettext("placeholder in --help", "ADDRESS"),
        "LANG": pgettext("placeholder in --help", "LANG"),
        "AGENT": pgettext("placeholder in --help", "AGENT"),
        "SEATS": pgettext("placeholder in --help", "SEATS"),
        "SORT": pgettext("placeholder in --help", "SORT"),
        "CODE": pgettext("placeholder in --help", "CODE"),
        "HOST[:PORT]": pgettext("placeholder in --help", "HOST[:PORT]"),
        "[OPTIONS]": pgettext("placeholder in --help", "[OPTIONS]"),
        "COMMAND [ARGS]...": pgettext("placeholder in --help", "COMMAND [ARGS]..."),
    }
    return words.get(word, word)


class DreadDrawGroup(typer.core.TyperGroup):
    """The command group: `play` and `tutorial` first in --help, then the others in the order
    they are declared, with short placeholders for option values."""

    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        return ([n for n in FIRST_COMMANDS if n in names]
                + [n for n in names if n not in FIRST_COMMANDS])

    def main(self, *args: Any, **kwargs: Any) -> Any:
        commands: list[Any] = [self]
        while commands:
            command = commands.pop()
            for param in command.params:
                param.metavar = placeholder(short_metavar(param) or param.metavar)
            command.options_metavar = placeholder(command.options_metavar)
            if hasattr(command, "subcommand_metavar"):
                command.subcommand_metavar = placeholder(command.subcommand_metavar)
            commands += getattr(command, "commands", {}).values()  # `deck new` too
        return super().main(*args, **kwargs)


app = typer.Typer(
    name="dread-draw",
    cls=DreadDrawGroup,
    help=N_("Dread Draw: the press-your-luck fortune-telling card game, at your terminal. "
            "Without a command, it opens the new-game screen (as dread-draw play)."),
    invoke_without_command=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["--help", "-h"]},  # -h as most tools have it
)
err = Console(stderr=True, highlight=False)


def show_version(value: bool) -> None:
    if value:
        # which core plays (the optional compiled one: README, "A faster engine"), for a
        # bug report; found without importing the rules
        typer.echo(f"dread-draw {__version__}" + (" (compiled engine)" if compiled_core() else ""))
        raise typer.Exit()


def complete_lang(incomplete: str) -> list[str]:
    """Tab after --lang: the languages (completion of option values, issue 30)."""
    from dread_draw.i18n import LANGUAGES

    return [code for code in LANGUAGES if code.startswith(incomplete)]


def complete_level(incomplete: str) -> list[str]:
    """Tab after --cpu or --agent: the CPU levels."""
    from dread_draw.ai import AGENTS

    return [name for name in AGENTS if name.startswith(incomplete)]


def complete_seats(incomplete: str) -> list[str]:
    """Tab after --seats: the CPU levels, for the last of the comma-separated seats."""
    done, _, last = incomplete.rpartition(",")
    return [f"{done}," * bool(done) + name for name in complete_level(last)]


def complete_sort(incomplete: str) -> list[str]:
    from dread_draw.commands.cards import SORTS

    return [name for name in SORTS if name.startswith(incomplete)]


LangOpt = Annotated[
    str | None,
    typer.Option("--lang", metavar="LANG", autocompletion=complete_lang,
                 help=N_("The language: en, fr, es, de, pt or ko (default: your system's).")),
]


@app.callback()
def root(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option(
        "--version", "-V", callback=show_version, is_eager=True,
        help=N_("Print the version and exit."))] = False,
    lang: LangOpt = None,
) -> None:
    # The words of the whole program, for what comes before a command's own --lang; a
    # command without its own --lang keeps this one (`dread-draw --lang fr rules`). Without
    # one here, `main` has already chosen from the whole command line: `play --help --lang
    # de` draws its help (eager, before play's own --lang) in German, Typer's words too.
    global _root_lang
    _root_lang = lang
    if lang is not None:
        use_language(lang)
    if ctx.invoked_subcommand is None:  # bare `dread-draw`: the app opens, as play does
        play(lang=lang)


_root_lang: str | None = None  # the --lang given before the command, if any


def speak(lang: str | None) -> str | None:
    """Speak the command's own --lang, else the one given before the command, else the
    environment's language; return the explicit choice (None when neither was given)."""
    lang = lang if lang is not None else _root_lang
    use_language(lang)
    return lang


DeckOpt = Annotated[
    Path | None,
    typer.Option("--deck", help=N_("A deck file (TOML); the standard deck by default."),
                 dir_okay=False),
]




SaveDirOpt = Annotated[
    Path | None,
    typer.Option("--save-dir", help=N_("Where games are saved (default: dread-draw in your data "
                 "folder, ~/.local/share/dread-draw on Linux)."), file_okay=False),
]


def print_error(message: str) -> None:
    """One paragraph on stderr, shown exactly as written: a message may quote a path or a name
    from a file (``x[/]y.toml``, ``[[card]]``), which must never be read as markup."""
    from dread_draw.base.safe_text import clean

    err.print(Text.assemble((_("Error:"), "bold red"), " ", clean(message, lines=True)),
              soft_wrap=True)


def error_text(error: "DreadDrawError") -> str:
    """An error's message in the current language: one from the rules core carries its
    English template and values (`DreadDrawError.said`); the others were said in it."""
    if error.template is None:
        return str(error)
    return fmt(_(error.template), **error.values)


def fail(message: str) -> typer.Exit:
    """Print a clear error (no traceback) and return the exit to raise (code 2)."""
    print_error(message)
    return typer.Exit(2)


# ------------------------------------------------------------ every command's guards (issue 26)
# Every command is declared `@app.command(...)` then `@guarded(...)`: the one entry layer, so
# that a new command inherits the guards (tests/test_guards.py fails for one without it).
#  - numbers a person could not mean (BOUNDS, nan, inf) and file or folder names longer than
#    the system allows are refused with a clear message, exit 2;
#  - a crash exits non-zero, and a command that writes games says where its save is kept;
#  - the commands that write games (`writes`: the option naming their save folder) take the
#    folder's lock before the table opens (and SaveDir.write takes it for any write), and
#    every file is read through files.read_bounded (decks, saves, replays, logs, stats).

def cpu_cores() -> int:
    return os.cpu_count() or 1


BOUNDS: dict[str, Callable[[], int | float]] = {
    "workers": cpu_cores,  # one process per core is all a machine can use
    "think_ms": lambda: 60_000,  # a minute per decision
    "cpu_delay": lambda: 60.0,  # a minute between CPU moves
    "keep_games": lambda: 100_000,
    "start_after": lambda: 7 * 86_400.0,  # a week
    "summary_pause": lambda: 600.0,  # ten minutes on one round's summary
    "idle_minutes": lambda: 7 * 24 * 60.0,  # a week
}
EMPTY_PATH_OPTIONS = ("--save-dir", "--deck", "--log")


def guarded(*, writes: str | None = None) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """The guards every command goes through (above); `writes`: the parameter that names
    the save folder the command writes games into."""
    def wrap(body: Callable[..., None]) -> Callable[..., None]:
        @functools.wraps(body)
        def command(**options: Any) -> None:
            from dread_draw.base.errors import DreadDrawError

            check_bounds(options)
            try:
                body(**options)
            except (DreadDrawError, typer.Exit, typer.Abort, KeyboardInterrupt):
                raise
            except OSError as e:
                if e.errno != errno.ENAMETOOLONG:  # a whole path too long: no bug of ours
                    raise
                raise fail(fmt(_("{path}: the path is too long for this computer; give a "
                                 "shorter one."), path=shortened(str(e.filename)))) from None
            except Exception:
                traceback.print_exc()  # a bug: its report needs the traceback
                folder = options.get(writes) if writes else None
                print_error(crash_line(folder, writes is not None))
                raise typer.Exit(1) from None

        command.writes = writes  # type: ignore[attr-defined]  # read by tests/test_guards.py
        return command
    return wrap


def shortened(text: str, most: int = 40) -> str:
    return text if len(text) <= most else text[:most - 1] + "…"


def check_bounds(options: dict[str, Any]) -> None:
    from dread_draw.base.files import NAME_MAX, long_name  # (here: `--version` stays quick)

    for name, value in options.items():
        flag = "--" + name.replace("_", "-")
        if isinstance(value, float) and not math.isfinite(value):  # nan passes every bound
            raise fail(fmt(_("{option} {value}: give a plain number, such as 1 or 0.5."),
                           option=flag, value=value))
        part = long_name(value) if isinstance(value, Path) else None
        if part is not None:
            raise fail(fmt(_("{name}: a file or folder name may be at most {most} bytes long; "
                             "this one has {length}. Give a shorter name."),
                           name=shortened(part), most=NAME_MAX,
                           length=len(os.fsencode(part))))
    for name, bound in BOUNDS.items():
        value, most = options.get(name), bound()
        if value is not None and value > most:
            flag = "--" + name.replace("_", "-")
            if name == "workers":
                raise fail(fmt(_("--workers {n}: this computer has {cores} processor cores, so "
                                 "more workers than that cannot play faster; give at most "
                                 "{cores}."), n=value, cores=most))
            raise fail(fmt(_("{option} {value}: more than anyone would wait for; give at most "
                             "{most:g}."), option=flag, value=value, most=most))


def crash_line(folder: Path | None, writes: bool) -> str:
    said = _("Dread Draw stopped on an unexpected error (above).")
    if not writes:
        return said
    from dread_draw.store.saves import SaveDir

    where = SaveDir(folder).root
    return said + " " + fmt(_("Your saved games in {folder} are kept as they were at the last "
                              "move."), folder=where)


def empty_path_option(argv: list[str]) -> str | None:
    """The first of `EMPTY_PATH_OPTIONS` given an empty value (``--save-dir ''`` would mean
    the current folder, which nobody means), read before Typer turns '' into '.'."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        name, eq, value = arg.partition("=")
        if name in EMPTY_PATH_OPTIONS and (value == "" if eq else
                                           i + 1 < len(argv) and argv[i + 1] == ""):
            return name
    return None


@app.command(help=N_("Play games headless with CPU seats and print a summary (or, with "
                     "--report, the deck's balance report)."))
@guarded()
def simulate(
    players: Annotated[int, typer.Option(min=2, max=5, help=N_("Players per game, 2 to 5."))] = 4,
    games: Annotated[int, typer.Option(min=1, max=MAX_GAMES, help=N_("How many games to play."))]
    = 100,
    seed: Annotated[int, typer.Option(help=N_("The run's seed: same seed, same games."))] = 1,
    deck: DeckOpt = None,
    agent: Annotated[str, typer.Option(autocompletion=complete_level,
                                       help=N_("The CPU agent in every seat."))] = "random",
    log: Annotated[Path | None, typer.Option(
        help=N_("Write every game's event log here (JSON Lines)."), dir_okay=False)] = None,
    workers: Annotated[int, typer.Option(min=1, help=N_("Processes to spread games over."))] = 1,
    think_ms: Annotated[int, typer.Option(
        help=N_("Thinking budget per decision for searching agents (ms)."), min=1)] = 250,
    report: Annotated[bool, typer.Option(
        "--report", help=N_("Print the balance report: per-card figures and the deck's "
                         "targets."))] = False,
    lang: LangOpt = None,
) -> None:
    lang = speak(lang)
    from dread_draw.commands.simulate import simulate as run

    run(players=players, games=games, seed=seed, deck=deck, agent=agent, log=log,
        workers=workers, think_ms=think_ms, report=report)


@app.command(help=N_("Pit CPU agents against each other: win rates (Wilson 95%) and "
                     "decision latency."))
@guarded()
def arena(
    seats: Annotated[str, typer.Option(
        autocompletion=complete_seats,
        help=N_("The CPU agents at the table, comma-separated, e.g. hard,normal,normal,normal."))]
    = "normal,random",
    games: Annotated[int, typer.Option(
        min=1, max=MAX_GAMES,
        help=N_("Games to play (rounded up to whole deals: one per seat rotation)."))] = 200,
    seed: Annotated[int, typer.Option(help=N_("The run's seed: same seed, same games."))] = 1,
    deck: DeckOpt = None,
    workers: Annotated[int, typer.Option(min=1, help=N_("Processes to spread games over."))] = 1,
    think_ms: Annotated[int, typer.Option(
        help=N_("Thinking budget per decision for the hard agent (ms)."), min=1)] = 250,
    as_json: Annotated[bool, typer.Option(
        "--json", help=N_("Print the results as one JSON object instead of a table."))] = False,
    lang: LangOpt = None,
) -> None:
    lang = speak(lang)
    from dread_draw.play.arena import arena_command

    arena_command(seats=seats, games=games, seed=seed, deck=deck, workers=workers,
                  think_ms=think_ms, as_json=as_json)


@app.command(help=N_("Open the table and play (hot-seat with CPU seats). With --players, "
                     "--human or --cpu the game starts at once; otherwise the new-game screen "
                     "opens. Every decision is saved."))
@guarded(writes="save_dir")
def play(
    players: Annotated[int | None, typer.Option(
        min=2, max=5, help=N_("Seats at the table, 2 to 5 (missing seats are CPUs)."))] = None,
    human: Annotated[list[str] | None, typer.Option(
        "--human", metavar="NAME",
        help=N_("A person's seat, by name (repeat for hot-seat play)."))] = None,
    cpu: Annotated[list[str] | None, typer.Option(
        "--cpu", metavar="LEVEL", autocompletion=complete_level,
        help=N_("A CPU seat, by level: random, easy, normal or hard (repeat for more)."))]
    = None,
    seed: Annotated[int | None, typer.Option(help=N_("The game's seed (a fresh one by default)."))]
    = None,
    deck: DeckOpt = None,
    cpu_delay: Annotated[float, typer.Option(
        min=0.0, help=N_("Seconds between CPU moves (s skips ahead)."))] = 0.8,
    resume: Annotated[bool, typer.Option(
        "--resume", help=N_("Continue the saved game in progress, exactly where it was."))] = False,
    save_dir: SaveDirOpt = None,
    keep_games: Annotated[int, typer.Option(
        min=1, help=N_("How many finished games to keep for replay and stats."))] = 50,
    ascii: Annotated[bool, typer.Option(
        "--ascii", help=N_("Draw the cards with plain ASCII symbols (for terminals that show "
                           "dots and card frames two cells wide)."))] = False,
    daily: Annotated[bool, typer.Option(
        "--daily", help=N_("Play today's daily deal: the same cards for everyone today, you "
                           "against three hard CPUs. Stats keep each day's result and your "
                           "streak."))] = False,
    plain: Annotated[bool | None, typer.Option(
        "--plain/--no-plain", help=N_("Play in plain lines of text, for a screen reader or a "
                                      "braille display (remembered: --no-plain for the "
                                      "table)."))] = None,
    lang: LangOpt = None,
) -> None:
    lang = speak(lang)
    with loading():
        from dread_draw.commands.play import play_command

    play_command(players=players, humans=human or [], cpus=cpu or [], seed=seed, deck=deck,
                 cpu_delay=cpu_delay, resume_saved=resume, save_dir=save_dir, keep=keep_games,
                 ascii=ascii, daily=daily, lang=lang, plain=plain)


@app.command(help=N_("Learn to play: a real game against two CPUs on a prepared deal, each "
                     "rule shown the first time it matters. It is saved like any game: leave "
                     "it and continue it later."))
@guarded(writes="save_dir")
def tutorial(
    cpu_delay: Annotated[float, typer.Option(
        min=0.0, help=N_("Seconds between CPU moves (s skips ahead)."))] = 0.8,
    save_dir: SaveDirOpt = None,
    plain: Annotated[bool | None, typer.Option(
        "--plain/--no-plain", help=N_("Play in plain lines of text, for a screen reader or a "
                                      "braille display (remembered: --no-plain for the "
                                      "table)."))] = None,
    lang: LangOpt = None,
) -> None:
    lang = speak(lang)
    with loading():
        from dread_draw.commands.play import tutorial_command

    tutorial_command(cpu_delay=cpu_delay, save_dir=save_dir, lang=lang, plain=plain)


@app.command(help=N_("Print the rules of Dread Draw."))
@guarded()
def rules(lang: LangOpt = None) -> None:
    lang = speak(lang)
    from dread_draw.words.rules_text import print_rules

    print_rules()


@app.command(help=N_("Print the deck as a table."))
@guarded()
def cards(
    deck: DeckOpt = None,
    sort: Annotated[str, typer.Option(autocompletion=complete_sort,
                                      help=N_("Order: strength, name or damage."))] = "strength",
    lang: LangOpt = None,
) -> None:
    lang = speak(lang)
    from dread_draw.commands.cards import print_cards

    print_cards(deck, sort)


@app.command(help=N_("Step through a finished game with every card revealed (or print or "
                     "write its log)."))
@guarded()
def replay(
    file: Annotated[Path | None, typer.Argument(
        help=N_("A saved finished game (JSON)."), dir_okay=False)] = None,
    last: Annotated[bool, typer.Option("--last", help=N_("The last finished game."))] = False,
    plain: Annotated[bool, typer.Option(
        "--print", "--plain", help=N_("Print the log as text instead."))] = False,
    log: Annotated[Path | None, typer.Option(
        help=N_("Write the game's event log here instead (JSON Lines)."), dir_okay=False)] = None,
    save_dir: SaveDirOpt = None,
    deck: DeckOpt = None,
    lang: LangOpt = None,
) -> None:
    lang = speak(lang)
    from dread_draw.commands.replay import replay_command

    replay_command(file, last, plain, save_dir, deck, log)


@app.command(help=N_("Review a finished game: the decisions where the coach prefers another "
                     "option by a clear margin, and the biggest turning points, each judged "
                     "from what the player knew at that moment."))
@guarded()
def review(
    file: Annotated[Path | None, typer.Argument(
        help=N_("A saved finished game (JSON), or an event log written by simulate --log."),
        dir_okay=False)] = None,
    last: Annotated[bool, typer.Option("--last", help=N_("The last finished game."))] = False,
    seat: Annotated[int | None, typer.Option(
        min=1, max=5, help=N_("The seat to review, from 1 (default: each person at the table "
                              "in turn; the first seat of a log)."))] = None,
    game: Annotated[int | None, typer.Option(
        min=0, metavar="N",
        help=N_("In an event log of several games: the game numbered N in it (default: the "
                "first)."))] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help=N_("Print the review as one JSON object instead of sentences."))] = False,
    think_ms: Annotated[int | None, typer.Option(
        min=1, help=N_("Thinking budget per decision in ms (default: as for a hint at the "
                       "table); more thinks harder, and longer."))] = None,
    save_dir: SaveDirOpt = None,
    deck: DeckOpt = None,
    lang: LangOpt = None,
) -> None:
    lang = speak(lang)
    from dread_draw.commands.review import review_command

    review_command(file, last, seat, game, as_json, think_ms, save_dir, deck)


WEB_MODULES = {"textual_serve", "aiohttp", "aiohttp_jinja2", "jinja2", "yarl"}


@app.command(help=N_("Serve the table to web browsers: each browser session is its own "
                     "game, saved at every move (a reload goes on with it)."))
@guarded(writes="save_dir")
def serve(
    host: Annotated[str, typer.Option(
        metavar="ADDRESS",
        help=N_("The address to listen on. The default serves this computer only; another "
             "(such as 0.0.0.0) lets anyone who can reach it play."))] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535,
                                      help=N_("The port to listen on (0: any free port)."))] = 8000,
    public_url: Annotated[str | None, typer.Option(
        metavar="URL",
        help=N_("The address other computers use to reach this one, such as "
             "http://192.168.1.20:8000 (or the address of a proxy in front of it)."))] = None,
    save_dir: Annotated[Path | None, typer.Option(
        "--save-dir", help=N_("Where games are saved; each browser session has its own folder "
                           "in web/ there (default: your data folder, as for play)."),
        file_okay=False)] = None,
    max_tables: Annotated[int, typer.Option(
        min=1, help=N_("How many tables may be open at once; a visitor beyond them is asked "
                       "to come back later."))] = 8,
    idle_minutes: Annotated[float, typer.Option(
        min=1.0, metavar="MINUTES",
        help=N_("Close a table nobody has typed in for this many minutes (its game is "
                "saved)."))] = 30.0,
    watch: Annotated[str | None, typer.Option(
        "--watch", metavar="HOST[:PORT]",
        help=N_("Serve a game hosted with dread-draw host to watch, instead of games of "
                "their own: each browser follows it as a watcher (nobody's cards)."))] = None,
    code: Annotated[str | None, typer.Option(
        "--code", help=N_("With --watch: the join code (else DREAD_DRAW_CODE, or typed at "
                          "the prompt)."))] = None,
    lang: LangOpt = None,
) -> None:
    lang = speak(lang)
    try:
        from dread_draw.commands.serve import serve_command
    except ModuleNotFoundError as e:
        if (e.name or "").partition(".")[0] not in WEB_MODULES:
            raise
        from dread_draw.base.install import from_source_folder, web_extra_command

        raise fail(fmt(_("playing in a web browser needs the web extra; add it with: "
                         "{command}") if not from_source_folder() else
                       _("playing in a web browser needs the web extra; add it with this "
                         "command, run in Dread Draw's source folder: {command}"),
                       command=web_extra_command())) from None

    options: dict[str, Any] = dict(host=host, port=port, public_url=public_url,
                                   save_dir=save_dir, max_tables=max_tables,
                                   idle_minutes=idle_minutes)
    if watch is not None:
        from dread_draw.commands.net import join_code
        from dread_draw.commands.serve import watch_serve_command

        watch_serve_command(address=watch, code=join_code(code), **options)
        return
    if code is not None:
        raise DreadDrawError(_("--code goes with --watch (the game to watch)."))
    serve_command(**options)


@app.command(help=N_("Host a game that players join from their own terminals (dread-draw join). It "
                     "prints the address and a join code; type s and Enter to start. Every "
                     "decision is saved."))
@guarded(writes="save_dir")
def host(
    port: Annotated[int, typer.Option(min=0, max=65535,
                                      help=N_("The port to listen on (0: any free port)."))] = 7777,
    players: Annotated[int | None, typer.Option(
        min=2, max=5, help=N_("Seats at the table, 2 to 5 (default 4)."))] = None,
    name: Annotated[str | None, typer.Option(
        "--name", metavar="NAME", help=N_("Play at this terminal too, under this name."))] = None,
    human: Annotated[list[str] | None, typer.Option(
        "--human", metavar="NAME",
        help=N_("Keep a seat for the player of this name (repeat for more)."))] = None,
    cpu: Annotated[list[str] | None, typer.Option(
        "--cpu", metavar="LEVEL", autocompletion=complete_level,
        help=N_("A CPU seat, by level: random, easy, normal or hard (repeat for more). The seats "
             "still empty when the game starts take the last level given (or normal)."))]
    = None,
    seed: Annotated[int | None, typer.Option(
        help=N_("The game's seed (a fresh secret one by default)."))] = None,
    deck: DeckOpt = None,
    lan: Annotated[bool, typer.Option(
        "--lan", help=N_("Listen on this computer's network addresses, so that other computers "
                      "can join (by default only this computer can)."))] = False,
    resume: Annotated[bool, typer.Option(
        "--resume", help=N_("Take the saved game back, with the same join code and seats."))]
    = False,
    save_dir: Annotated[Path | None, typer.Option(
        "--save-dir", help=N_("Where the hosted game is saved (default: host in your data "
                           "folder, ~/.local/share/dread-draw/host on Linux)."),
        file_okay=False)] = None,
    start_when_full: Annotated[bool, typer.Option(
        "--start-when-full", help=N_("Start the game as soon as every seat is taken."))] = False,
    start_after: Annotated[float | None, typer.Option(
        min=0.0, metavar="SECONDS",
        help=N_("Start the game after this many seconds, with CPUs in the empty seats."))] = None,
    cpu_delay: Annotated[float, typer.Option(
        min=0.0, help=N_("Seconds each CPU move takes at least, so that the players can follow "
                         "it."))] = 0.8,
    summary_pause: Annotated[float, typer.Option(
        min=0.0, metavar="SECONDS",
        help=N_("Seconds a round's summary stays on the players' tables before the game goes "
                "on by itself (0: until each player presses Enter)."))] = 8.0,
    console: Annotated[bool, typer.Option(
        "--console", help=N_("With --name: play your seat in plain lines of text instead of "
                             "the table (also when the output is not a terminal)."))] = False,
    lang: LangOpt = None,
) -> None:
    lang = speak(lang)
    from dread_draw.commands.net import host_command

    host_command(port=port, players=players, own=name, people=human or [], cpus=cpu or [],
                 seed=seed, deck=deck, lan=lan, resume_saved=resume, save_dir=save_dir,
                 start_when_full=start_when_full, start_after=start_after, cpu_delay=cpu_delay,
                 table=not console and sys.stdout.isatty(),
                 summary_pause=summary_pause or None)


@app.command(help=N_("Take a seat at a hosted game and play it at this terminal. The same command "
                     "again takes your seat back after a lost connection."))
@guarded()
def join(
    address: Annotated[str, typer.Argument(
        metavar="HOST[:PORT]", help=N_("The host's address, as it printed it (port 7777 by "
                                    "default)."))],
    code: Annotated[str | None, typer.Option(
        "--code", help=N_("The join code the host printed. Without it, join asks for it (or "
                          "reads the DREAD_DRAW_CODE environment variable), which keeps it out "
                          "of the shell's history."))] = None,
    name: Annotated[str, typer.Option("--name", help=N_("Your name at the table."))] = "",
    console: Annotated[bool, typer.Option(
        "--console", "--plain",
        help=N_("Play in plain lines of text instead of the table (also when the "
                             "output is not a terminal)."))] = False,
    watch: Annotated[bool, typer.Option(
        "--watch", help=N_("Watch the game without a seat: everything on the table that "
                           "nobody keeps hidden, live (on the table, or in plain lines of "
                           "text with --console)."))] = False,
    lang: LangOpt = None,
) -> None:
    lang = speak(lang)
    from dread_draw.base.errors import DreadDrawError
    from dread_draw.commands.net import join_command

    if not name and not watch:
        raise DreadDrawError(_("--name is needed to take a seat (or --watch to watch the "
                               "game without one)."))
    served = os.environ.get("DREAD_DRAW_WEB") == "1"  # a browser's table (serve --watch)
    join_command(address, code, name, table=not console and (sys.stdout.isatty() or served),
                 watch=watch)


@app.command(help=N_("Games played and won, per player name and per CPU level, from the "
                     "kept games."))
@guarded()
def stats(save_dir: SaveDirOpt = None, lang: LangOpt = None) -> None:
    lang = speak(lang)
    from dread_draw.commands.stats import stats_command

    stats_command(save_dir)


deck_app = typer.Typer(
    help=N_("Write a deck of your own: start from the standard deck, then check it (deck new "
            "says where its format is described)."),
    no_args_is_help=True)
app.add_typer(deck_app, name="deck")


@deck_app.callback()
def deck_root(lang: LangOpt = None) -> None:
    # `deck --lang ko check`: the --lang given to `deck` holds for its commands
    global _root_lang
    if lang is not None:
        _root_lang = lang
        use_language(lang)


@deck_app.command("new", help=N_("Write the standard deck to FILE as a starting point for a "
                                 "deck of your own (never overwrites a file)."))
@guarded()
def deck_new(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("The deck file to write "
                                                                 "(TOML)."), dir_okay=False)],
    lang: LangOpt = None,
) -> None:
    lang = speak(lang)
    from dread_draw.commands.deck import new_command

    new_command(file)


@deck_app.command("check", help=N_("Check a deck file and its translation files beside it, "
                                   "then play a short balance report with it."))
@guarded()
def deck_check(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("The deck file to check "
                                                                 "(TOML)."), dir_okay=False)],
    players: Annotated[int, typer.Option(min=2, max=5, help=N_("Players per game, 2 to 5."))]
    = 4,
    games: Annotated[int, typer.Option(min=1, max=MAX_GAMES, help=N_("How many games to play."))]
    = 200,
    seed: Annotated[int, typer.Option(help=N_("The run's seed: same seed, same games."))] = 1,
    lang: LangOpt = None,
) -> None:
    speak(lang)
    from dread_draw.commands.deck import check_command

    check_command(file, players, games, seed)


def lang_argument(argv: list[str]) -> str | None:
    """The value of ``--lang`` on a command line, if any (read before Typer parses it, so
    that even ``--help`` speaks the language asked for)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def translate_help(command: Any) -> None:
    """Put `command`'s help texts (marked with N_ above) in the current language: the
    command's, its options' and arguments', and its subcommands'. Typer's and Click's own
    words ("Usage:", "Options", their error messages) are put in it by
    `dread_draw.i18n.cli_words`."""
    if command.help:
        command.help = _(command.help)
    if command.short_help:
        command.short_help = _(command.short_help)
    for param in command.params:
        text = getattr(param, "help", None)
        if text:
            param.help = _(text)
    for sub in getattr(command, "commands", {}).values():  # a group's subcommands
        translate_help(sub)


def main() -> None:
    """Entry point: run the app; the project's own errors exit 2 with a clear message."""
    try:
        use_language(lang_argument(sys.argv[1:]))
        from dread_draw.i18n import cli_words

        cli_words.install()  # Click's and Typer's own words ("Usage:", "Options") too
        empty = empty_path_option(sys.argv[1:])
        if empty is not None:
            print_error(fmt(_("{option} needs a path; an empty one would mean the current "
                              "folder. Give the path (or . for the current folder)."),
                            option=empty))
            sys.exit(2)
        with loading():
            command = typer.main.get_command(app)
            translate_help(command)
        # also under `python -m dread_draw`: help and completion name the program
        command.main(args=sys.argv[1:], prog_name="dread-draw")
    except KeyboardInterrupt:
        err.print(_("Interrupted."))
        sys.exit(130)
    except Exception as e:
        from dread_draw.base.errors import DreadDrawError

        if not isinstance(e, DreadDrawError):
            raise
        print_error(error_text(e))  # text, not markup: "[overlay]" in it shows as written
        sys.exit(2)
