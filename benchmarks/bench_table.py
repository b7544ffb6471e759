"""The table's responsiveness, by hand: the time from a key answering a person's decision to
the screen showing its result, with the CPU pacing set to 0 (random CPUs: their thinking is
next to nothing), median and p95 over N decisions, at 80x24 and 200x60, in a fresh game and
after 30 rounds played in the same session (rematches), as a long evening at the table.

    python benchmarks/bench_table.py [--decisions 200] [--sizes 80x24,200x60]

"Shown" is: the table has put the next question up (or a round summary or game over) and
Textual has gone idle, i.e. the frame after the key is painted. Also printed: the process's
peak memory, and the time a resumed long game takes to open.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import resource
import statistics
import time

from dread_draw.cards import load_deck
from dread_draw.sim import HUMAN, Match, SeatSpec
from dread_draw.tui.app import DreadDrawApp
from dread_draw.tui.screens import GameOver, RoundSummary, TableScreen

SEATS = [SeatSpec("Ana", HUMAN)] + [SeatSpec(n, "random") for n in ("Zora", "Orrin", "Vesna")]


def asked(app) -> bool:
    s = app.screen
    return isinstance(s, TableScreen) and s.answer is not None


async def settle(app, pilot, limit: float = 5.0) -> None:
    """Until the table asks Ana again, or a summary or the game's end is up."""
    end = time.perf_counter() + limit
    while time.perf_counter() < end:
        if asked(app) or isinstance(app.screen, (RoundSummary, GameOver)):
            await pilot.pause()
            return
        await pilot.pause(0)


async def step_over(app, pilot) -> None:
    """Close summaries; at game over, a rematch (the session goes on)."""
    if isinstance(app.screen, RoundSummary):
        await pilot.press("enter")
    elif isinstance(app.screen, GameOver):
        await pilot.press("r")
    await settle(app, pilot)


def rounds_played(app, before: int) -> int:
    m = app.match
    return before + (m.game.round if m is not None else 0)


async def measure(size: tuple[int, int], decisions: int, warm_rounds: int) -> list[float]:
    deck = load_deck()
    app = DreadDrawApp(Match(deck, SEATS, seed=7), cpu_delay=0)
    app.animation_level = "none"
    times: list[float] = []
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        finished = 0  # rounds of the games already over
        seen = app.match
        while rounds_played(app, finished) < warm_rounds:
            if app.match is not seen:
                finished += seen.game.round
                seen = app.match
            if asked(app):
                await pilot.press("1")
                await settle(app, pilot)
            else:
                await step_over(app, pilot)
        while len(times) < decisions:
            if not asked(app):
                await step_over(app, pilot)
                continue
            start = time.perf_counter()
            await pilot.press("1")
            await settle(app, pilot)
            times.append(time.perf_counter() - start)
    return times


async def resume_time(rounds_target: int = 40) -> float:
    """Opening a long game: its table mounted and asking, from a match of many choices."""
    deck = load_deck()
    m = Match(deck, SEATS, seed=11)
    while not m.over:
        d = m.game.pending
        m.apply(m.cpu_choice() if m.cpu_to_move() else d.options[0])
        if len(m.choices) > 600:
            break
    m = Match.replay(deck, SEATS, 11, m.choices[:-1])
    app = DreadDrawApp(m, cpu_delay=0)
    start = time.perf_counter()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--decisions", type=int, default=200)
    ap.add_argument("--sizes", default="80x24,200x60")
    args = ap.parse_args()
    for spec in args.sizes.split(","):
        w, h = map(int, spec.split("x"))
        for warm in (0, 30):
            gc.collect()
            t = sorted(asyncio.run(measure((w, h), args.decisions, warm)))
            p95 = t[min(len(t) - 1, int(0.95 * len(t)))]
            print(f"{w}x{h} {'fresh game' if not warm else 'after 30 rounds'}: "
                  f"{len(t)} decisions, median {statistics.median(t) * 1000:.0f} ms, "
                  f"p95 {p95 * 1000:.0f} ms, max {t[-1] * 1000:.0f} ms", flush=True)
    print(f"opening a game of 600 choices: {asyncio.run(resume_time()) * 1000:.0f} ms "
          "(app start included)")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of the process: {peak:.0f} MB")


if __name__ == "__main__":
    main()
