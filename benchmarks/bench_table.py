"""The table's responsiveness, by hand: from a key answering a person's decision to the first
frame painted that shows its result, with the CPU pacing at 0.

    python benchmarks/bench_table.py [--decisions 200] [--sizes 80x24,200x60] [--resume 1000,5000]
    python benchmarks/bench_table.py --quick    # a few decisions, briefly (CI: that it runs)

How it is timed (headless, as the tests run the table):
- "painted": Textual's headless driver skips building the terminal's bytes, so this script
  wraps the app's `_display` (where a real terminal's frame is written) and builds them there
  (`CompositorUpdate.render_segments`), then stamps the time: the frame a terminal would get.
- "its result": once the person's answer is applied to the match (a hook of the match, as
  every front end's), the conductor presents that move to the front end
  (`Conductor.present`: log, stage, seats), which changes its widgets before it waits for
  anything; the first frame painted after that presentation begins is the one that shows
  it. The clock stops there: the CPU seats' moves that follow are not
  part of this key's latency (the CPUs are `random`, whose thinking is next to nothing).
- "after 30 rounds": the same app has played 30 rounds first (rematches when a game ends), as
  a long evening at the table. The rematches' seeds are 8, 9, 10…, not fresh ones, so that
  every run plays the same games and two runs (an A/B) time the same keys.
Per size and state: median, p95 and max over N decisions; the same for the main thread's
CPU time over that span (`time.thread_time`: the app's own work for the key, which the
machine's other load does not inflate the way it does wall time); the longest full garbage
collection (generation 2) seen while measuring, and how many there were. Memory: the
process's resident size and Python's live objects at decision 1 and after 30 rounds.
Resume: a game whose history holds N choices' worth of events (no single game is that long,
~150 choices: consecutive games' events strung into one list, as the log sees them) opened
at the table, from the app's start to the first frame painted with the table asking.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import statistics
import time
from collections.abc import Callable

from textual._compositor import CompositorUpdate

from dread_draw.ai import make_agent
from dread_draw.deck.cards import load_deck
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.rules import SUMMON
from dread_draw.table.conductor import Conductor
from dread_draw.tui import app as table_app
from dread_draw.tui.app import DreadDrawApp, make_app
from dread_draw.tui.screens.game_over import GameOver
from dread_draw.tui.screens.summary import RoundSummary
from dread_draw.tui.screens.table import TableScreen

SEATS = [SeatSpec("Ana", HUMAN)] + [SeatSpec(n, "random") for n in ("Zora", "Orrin", "Vesna")]


class Frames:
    """Every frame the app paints, stamped (see the module's docstring)."""

    def __init__(self, app: DreadDrawApp) -> None:
        self.app = app
        self.times: list[float] = []
        self.cpu: list[float] = []  # the main thread's CPU time at each frame (thread_time)
        self.shown_at: list[float] = []  # when the table had shown a person's move
        self.applied = False  # a person's move is applied, not shown yet
        self.watch: Callable[[object], None] = lambda match: None
        display = app._display

        def painted(screen, renderable) -> None:
            if renderable is not None and not app._batch_count:
                if isinstance(renderable, CompositorUpdate):
                    renderable.render_segments(app.console)
                self.times.append(time.perf_counter())
                self.cpu.append(time.thread_time())
            display(screen, renderable)

        app._display = painted  # type: ignore[method-assign]

    def first_after(self, t: float) -> float | None:
        """The time of the first frame painted after `t` (None: none yet)."""
        return next((w for w in self.times if w > t), None)

    def cpu_at(self, t: float) -> float:
        """The main thread's CPU time when the frame painted at `t` was."""
        return self.cpu[self.times.index(t)]


def watch_moves(frames_of: Callable[[], Frames | None]) -> None:
    """Stamp the moment the table shows a person's move: the conductor's first presentation
    once the move is applied (`Frames.applied`, from the match's hook). The table applies a
    moment's changes to its widgets before it waits for anything (a redraw that waits for
    its paint paints them), so every frame painted from the presentation's start shows
    the move. (Stamped at its end, a redraw's own frame was missed and the key timed to a
    later one, a CPU's move.)"""
    present = Conductor.present

    async def presented(self, moment):
        frames = frames_of()
        if frames is not None and frames.applied:
            frames.applied = False
            frames.shown_at.append(time.perf_counter())
        await present(self, moment)

    Conductor.present = presented  # type: ignore[method-assign]


def hook_moves(app, frames: Frames) -> None:
    """Tell `frames` when a person's move is applied (every match the app plays)."""
    def moved(match, move) -> None:
        if match.seats[move.seat].is_human:
            frames.applied = True

    def watch(match) -> None:
        if moved not in match.hooks:
            match.hooks.append(moved)

    frames.watch = watch  # called whenever the app may have a new match (a rematch)
    watch(app.match)


CURRENT: list[Frames | None] = [None]
watch_moves(lambda: CURRENT[0])


class Collections:
    """Full garbage collections (generation 2) and how long each took."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self._start = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.pauses.append(time.perf_counter() - self._start)


def asked(app) -> bool:
    s = app.screen
    return isinstance(s, TableScreen) and s.answer is not None


async def settle(app, pilot, limit: float = 10.0) -> None:
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


def memory() -> tuple[float, int]:
    """The process's resident size (MB) and Python's live objects, after a collection."""
    gc.collect()
    with open("/proc/self/status") as f:
        rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))
    return rss / 1024, len(gc.get_objects())


async def measure(size: tuple[int, int], decisions: int, warm_rounds: int
                  ) -> tuple[list[float], list[float], list[float], list[tuple[float, int]]]:
    """Latencies (s), the main thread's CPU time over each (s), full-collection pauses
    during them (s), memory at decision 1 and after the warm-up rounds."""
    deck = load_deck()
    app = make_app(Match(deck, SEATS, seed=7), cpu_delay=0)
    app.animation_level = "none"
    seeds = itertools.count(8)
    table_app.fresh_seed = lambda: next(seeds)  # (the same games every run)
    times: list[float] = []
    cpu: list[float] = []
    mem: list[tuple[float, int]] = []
    async with app.run_test(size=size) as pilot:
        frames = CURRENT[0] = Frames(app)
        hook_moves(app, frames)
        await settle(app, pilot)
        mem.append(memory())
        rounds = 0
        seen = app.match
        while warm_rounds and rounds + seen.game.round < warm_rounds:
            if app.match is not seen:
                rounds += seen.game.round
                seen = app.match
            if asked(app):
                await pilot.press("1")
                await settle(app, pilot)
            else:
                await step_over(app, pilot)
            frames.watch(app.match)
        if warm_rounds:
            mem.append(memory())
        collections = Collections()
        gc.callbacks.append(collections)
        try:
            while len(times) < decisions:
                frames.watch(app.match)
                if not asked(app):
                    await step_over(app, pilot)
                    continue
                marks = len(frames.shown_at)
                start, start_cpu = time.perf_counter(), time.thread_time()
                await pilot.press("1")
                await settle(app, pilot)
                if len(frames.shown_at) == marks:
                    continue  # the key did not answer (a guard, a closing screen): not timed
                painted = frames.first_after(frames.shown_at[marks])
                if painted is not None:
                    times.append(painted - start)
                    cpu.append(frames.cpu_at(painted) - start_cpu)
        finally:
            gc.callbacks.remove(collections)
    CURRENT[0] = None
    return times, cpu, collections.pauses, mem


def cpu_move(match: Match) -> None:
    seat = match.to_move()
    match.apply(make_agent("random", 1, seat).choose(match.game.view(seat), match.game.pending))


def long_match(choices: int) -> tuple[Match, float]:
    """A match waiting for Ana's reveal whose event list holds about `choices` choices' worth
    of events (consecutive games strung together), and the rules' time to replay as many
    choices (a save's resume replays them)."""
    deck = load_deck()
    earlier: list[dict] = []
    played: list[tuple[int, list[int]]] = []
    seed = 100
    while sum(len(c) for _, c in played) < choices:
        done = Match(deck, SEATS, seed=seed)
        while not done.over:
            cpu_move(done)
        earlier += [ev for ev in done.events if ev["type"] not in ("game_start", "game_end")]
        played.append((seed, done.choices))
        seed += 1
    start = time.perf_counter()
    for s, c in played:
        Match.replay(deck, SEATS, s, c)
    replay = time.perf_counter() - start
    match = Match(deck, SEATS, seed=1)
    while not (match.game.round >= 2 and match.game.pending.kind == SUMMON
               and match.to_move() == 0):
        cpu_move(match)
    match.events[1:1] = earlier  # after game_start: the table reads them as earlier rounds
    return match, replay


async def resume_time(match: Match, size: tuple[int, int]) -> float:
    """From the app's start to the first frame painted with the table asking."""
    app = make_app(match, cpu_delay=0)
    app.animation_level = "none"
    frames = Frames(app)
    start = time.perf_counter()
    async with app.run_test(size=size) as pilot:
        while not asked(app):
            await pilot.pause(0)
        at = time.perf_counter()
        while frames.first_after(at) is None:
            await pilot.pause(0)
        return frames.first_after(at) - start


def spread(times: list[float]) -> str:
    """Median, p95 and max of `times` (s), in ms."""
    t = sorted(times)
    p95 = t[min(len(t) - 1, int(0.95 * len(t)))]
    return (f"median {statistics.median(t) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
            f"max {t[-1] * 1000:.0f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--decisions", type=int, default=200)
    ap.add_argument("--sizes", default="80x24,200x60")
    ap.add_argument("--resume", default="1000,5000")
    ap.add_argument("--warm", type=int, default=30, help="rounds played before the second run")
    ap.add_argument("--quick", action="store_true",
                    help="a few decisions at one size, briefly: that the benchmark runs (CI)")
    args = ap.parse_args()
    if args.quick:
        args.decisions, args.sizes, args.resume, args.warm = 3, "80x24", "100", 0
    with open("/proc/loadavg") as f:
        print(f"load average at the start: {' '.join(f.read().split()[:3])}")
    for spec in args.sizes.split(","):
        w, h = map(int, spec.split("x"))
        for warm in sorted({0, args.warm}):
            gc.collect()
            t, cpu, pauses, mem = asyncio.run(measure((w, h), args.decisions, warm))
            state = "fresh game" if not warm else f"after {warm} rounds"
            print(f"{w}x{h} {state}: {len(t)} decisions, {spread(t)}; main thread's CPU "
                  f"{spread(cpu)}; full collections {len(pauses)}, longest "
                  f"{max(pauses, default=0) * 1000:.0f} ms", flush=True)
            if warm:
                (r0, o0), (r1, o1) = mem
                print(f"    memory: decision 1 {r0:.0f} MB RSS, {o0} objects; after {warm} "
                      f"rounds {r1:.0f} MB RSS, {o1} objects", flush=True)
    for n in (int(x) for x in args.resume.split(",") if x):
        match, replay = long_match(n)
        opened = asyncio.run(resume_time(match, (120, 40)))
        print(f"resume, {n} choices ({len(match.events)} events): table painted "
              f"{opened * 1000:.0f} ms after the app's start (120x40); the rules' replay of "
              f"{n} choices {replay * 1000:.0f} ms", flush=True)
    with open("/proc/loadavg") as f:
        print(f"load average at the end: {' '.join(f.read().split()[:3])}")


if __name__ == "__main__":
    main()
