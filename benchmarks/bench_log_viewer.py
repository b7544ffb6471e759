"""How long `l` takes to open the whole game's log, run by hand.

`python benchmarks/bench_log_viewer.py [--games 1 5 20] [--size 80x24 200x60] [--runs 5]`
plays `normal` CPU games on the standard deck (one person's seat answered by the same CPU)
and strings N of them into one event list — a game that long, as the log sees it — then, at
each terminal size, presses `l` at the table and times until the log's lines are laid out
(key to a log with its lines), and until the first frame painted after that (the terminal's
bytes built, as bench_table.py's `Frames`). Prints the events, and the median and worst time
of `--runs` opens for each.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from bench_table import Frames

from dread_draw.ai import make_agent
from dread_draw.deck.cards import load_deck
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.rules import SUMMON
from dread_draw.tui.app import make_app
from dread_draw.tui.viewers import FullLog, LogViewer

SEATS = [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "normal"), SeatSpec("Orrin", "normal")]


def cpu_move(match: Match) -> None:
    seat = match.to_move()
    match.apply(make_agent("normal", 1, seat).choose(match.game.view(seat), match.game.pending))


def long_match(games: int) -> Match:
    """A match waiting for Ana's reveal, whose event list holds `games` games' events."""
    deck = load_deck()
    earlier: list[dict] = []
    for seed in range(100, 100 + games - 1):
        done = Match(deck, SEATS, seed=seed)
        while not done.over:
            cpu_move(done)
        earlier += [ev for ev in done.events if ev["type"] not in ("game_start", "game_end")]
    match = Match(deck, SEATS, seed=1)
    while not (match.game.round >= 2 and match.game.pending.kind == SUMMON
               and match.to_move() == 0):
        cpu_move(match)
    match.events[1:1] = earlier  # after game_start: the log narrates them as earlier rounds
    return match


LAID: list[float] = [0.0]  # when the full log last laid out its lines
_fill = FullLog.fill


def _timed_fill(self) -> None:
    _fill(self)
    LAID.append(time.perf_counter())


FullLog.fill = _timed_fill  # type: ignore[method-assign]


async def time_opens(match: Match, size: tuple[int, int], runs: int
                     ) -> tuple[list[float], list[float]]:
    app = make_app(match, cpu_delay=0)
    app.animation_level = "none"
    frames = Frames(app)
    times, painted = [], []
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.3)
        for _ in range(runs):
            start = time.perf_counter()
            await pilot.press("l")
            while not isinstance(app.screen, LogViewer):
                await pilot.pause(0)
            log = app.screen.query_one(FullLog)
            while not log.lines:
                await pilot.pause(0)
            laid = LAID[-1]
            times.append(laid - start)
            while frames.first_after(laid) is None:
                await pilot.pause(0)
            painted.append(frames.first_after(laid) - start)
            await pilot.press("escape")
            await pilot.pause(0.1)
    return times, painted


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, nargs="+", default=[1, 5, 20])
    p.add_argument("--size", nargs="+", default=["80x24", "200x60"])
    p.add_argument("--runs", type=int, default=5)
    a = p.parse_args()
    for games in a.games:
        match = long_match(games)
        for size in a.size:
            w, h = map(int, size.split("x"))
            times, painted = asyncio.run(time_opens(match, (w, h), a.runs))
            print(f"{games:>3} game(s), {len(match.events):>5} events, {size:>7}: "
                  f"lines laid median {statistics.median(times) * 1000:.0f} ms, "
                  f"worst {max(times) * 1000:.0f} ms; painted median "
                  f"{statistics.median(painted) * 1000:.0f} ms, worst {max(painted) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
