"""`dread-draw host` and `dread-draw join`: the flags checked, the game set up, then the host
console, the full-screen table or plain lines (the only place that picks between them)."""

from __future__ import annotations

import asyncio
import os
import secrets
import sys
from pathlib import Path

from rich.console import Console

from dread_draw.ai import AGENTS
from dread_draw.base.errors import DreadDrawError
from dread_draw.base.safe_text import clean, name_problem
from dread_draw.deck.cards import load_deck
from dread_draw.i18n import _, fmt
from dread_draw.lines.console import banner, host_game, join_game, lan_addresses, watch_game
from dread_draw.net.host import SUMMARY_PAUSE, Host, Limits, Lobby, SeatPlan
from dread_draw.play.sim import CPU_NAMES, DEFAULT_CPU
from dread_draw.rules import MAX_PLAYERS, MIN_PLAYERS
from dread_draw.store.saves import SaveDir, SaveError, default_root, read_save

DEFAULT_PLAYERS = 4
CODE_VARIABLE = "DREAD_DRAW_CODE"  # the join code, for those who keep it off the command line


def plan_seats(players: int | None, own: str | None, people: list[str], cpus: list[str]
               ) -> SeatPlan:
    """The seats asked for: the host's own first, then those held for people, the open
    seats, then the CPUs. DreadDrawError names what is wrong."""
    for level in cpus:
        if level not in AGENTS:
            raise DreadDrawError(fmt(_("--cpu {level}: no such CPU level; choose from "
                                       "{levels}."), level=repr(level), levels=", ".join(AGENTS)))
    names = ([own] if own is not None else []) + people
    for name in names:
        problem = name_problem(name)
        if problem:
            raise DreadDrawError(fmt(_("{name} cannot be a player's name: {problem}."),
                                     name=repr(clean(name)), problem=problem))
    folded = [n.casefold() for n in names]
    if len(set(folded)) != len(folded):
        raise DreadDrawError(_("two seats have the same name; give each player a name of their "
                               "own."))
    named = len(names) + len(cpus)
    n = players if players is not None else max(DEFAULT_PLAYERS, named)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise DreadDrawError(fmt(_("a game needs {low} to {high} players, not {n}."),
                                 low=MIN_PLAYERS, high=MAX_PLAYERS, n=n))
    if named > n:
        raise DreadDrawError(fmt(_("--players {n}: but {named} seats were named (--name, "
                                   "--human and --cpu); raise --players or name fewer seats."),
                                 n=n, named=named))
    return SeatPlan(n, own, list(people), list(cpus))


def host_command(*, port: int, players: int | None, own: str | None, people: list[str],
                 cpus: list[str], seed: int | None, deck: Path | None, lan: bool,
                 resume_saved: bool, save_dir: Path | None, start_when_full: bool,
                 start_after: float | None, limits: Limits | None = None,
                 cpu_delay: float = 0.0, table: bool = False,
                 summary_pause: float | None = SUMMARY_PAUSE) -> None:
    """`dread-draw host`: check the flags, then serve the game at this terminal. `table`:
    the host's own seat (if it has one) is played on the Textual table; `summary_pause`:
    seconds the round summaries stay on the players' tables (None: until each goes on)."""
    saves = SaveDir(save_dir if save_dir is not None else default_root() / "host")
    note = ""
    if resume_saved:
        if players is not None or own is not None or people or cpus or seed is not None \
                or deck is not None:
            raise DreadDrawError(_("--resume takes the saved game back as it was; it takes no "
                                   "--players, --name, --human, --cpu, --seed or --deck."))
        saves.lock()  # as `play` does: one table writes a folder at a time (exit 2 if taken)
        host, note = Host.take_back(saves, limits, cpu_delay, summary_pause)
    else:
        plan = plan_seats(players, own, people, cpus)
        saves.lock()  # held for the life of the process; a killed host leaves no lock
        check_no_game_in_progress(saves)
        the_deck = load_deck(deck)
        the_deck.check_players(plan.players)
        fill = cpus[-1] if cpus else DEFAULT_CPU
        game_seed = seed if seed is not None else fresh_secret_seed()
        host = Host(Lobby(the_deck, plan.seats(), game_seed, fill, tuple(CPU_NAMES)), saves,
                    limits=limits, cpu_delay=cpu_delay, summary_pause=summary_pause)
    if table and any(s.own for s in host.seats):
        from dread_draw.tui.remote import host_table

        def intro() -> list[str]:
            return banner(host, lan, lan_addresses() if lan else []) + ([note] if note else [])

        host_table(host, None if lan else "127.0.0.1", port, intro,
                   start_when_full=start_when_full, start_after=start_after)
        return
    asyncio.run(host_game(host, port, lan=lan, out=Console(highlight=False),
                          start_when_full=start_when_full, start_after=start_after, note=note))


def fresh_secret_seed() -> int:
    """A network game's seed: far too many to try them all (the seed decides every hidden
    card, so a seed a player could guess from the first cards revealed would show them the
    whole deal)."""
    return secrets.randbits(63)


def check_no_game_in_progress(saves: SaveDir) -> None:
    """A new host game never replaces one in progress in the same folder."""
    if not saves.has_current():
        return
    try:
        save = read_save(saves.current)
    except SaveError:
        return  # a save that cannot be used is set aside (as .bad) when the game starts
    if not save.finished:
        raise DreadDrawError(fmt(
            _("{file}: a network game is still in progress here ({names}). Take it back with "
              "`dread-draw host --resume`, or host a new game with another folder (--save-dir "
              "DIR)."), file=saves.current, names=", ".join(clean(n) for n in save.names)))


def join_code(given: str | None) -> str:
    """The join code: `--code`, else the DREAD_DRAW_CODE environment variable, else typed at
    a prompt (at a terminal) — the last two keep it out of the shell's history and `ps`."""
    if given:
        return given
    kept = os.environ.get(CODE_VARIABLE, "").strip()
    if kept:
        return kept
    if not sys.stdin.isatty():
        raise DreadDrawError(fmt(_("the join code is needed: set it in the {variable} "
                                   "environment variable, give it with --code, or run join at "
                                   "a terminal to type it."), variable=CODE_VARIABLE))
    for _try in range(3):
        try:
            typed = input(_("Join code (the host's, such as K7QM-4XRD): ")).strip()
        except EOFError:
            break
        if typed:
            return typed
    raise DreadDrawError(_("no join code was typed."))


def join_command(address: str, code: str | None, name: str, table: bool = False,
                 watch: bool = False) -> None:
    """`dread-draw join`: the seat at the table (`table`), or in plain lines of text; with
    `watch`, the table as a spectator sees it (full screen with `table`)."""
    code = join_code(code)
    if table:
        from dread_draw.tui.remote import join_table, watch_table

        if watch:
            watch_table(address, code)
        else:
            join_table(address, code, name)
        return
    if watch:
        asyncio.run(watch_game(address, code, name))
        return
    asyncio.run(join_game(address, code, name))
