"""The table's layout on real games (issue 42), by hand: how much of the screen is cards, how
the stage shows a reveal, and whether every card shows its numbers and enough of its name.

    python benchmarks/bench_layout.py [--sizes 80x24,120x40,160x45,200x60] [--seats 2,3,4,5]
        [--seeds 3] [--rounds 8] [--language en] [--shots DIR] [--brief]

Seeded games of the standard deck are played through the real app (headless `run_test`):
Ana (seat 0) is a person whose answers a seeded `easy` CPU picks and the keys give; the other
seats are `easy` CPUs, paced 0.01 s so that a person's own failed reveal is held on the stage
as in play. In each of rounds 1 to `--rounds`, the first time the table asks Ana something
with two cards or more in the rows (a decision, or "Go on" under her failed reveal) is a
position: the screen is measured once it has settled (dread_draw/tui/widgets/measure.py):

- coverage: the share of the screen's cells on which a card or its frame is drawn;
- at a reveal on the stage (a card turned face up): is the card framed on the screen, is the
  sentence whole (what happened, what it had to beat, the result), the stage's lines;
- names: card tiles that show no number, or cut the name below the letters that tell it from
  every other card of the deck in the current language (`cardface.distinguishing`), or cut
  it without "…", or keep the article in a cut name; "reserves" marks cut with room beside.

Each game is played at each size in its own app (the same game: everything is seeded); the
playing and measuring is `dread_draw.tui.widgets.measure.play_positions`, which the layout
tests use too.
`--shots DIR`: each position's screen as an SVG (`rsvg-convert -w 1400 x.svg -o x.png`).
`--brief`: one game at two sizes, for CI (no figures asserted: it must run, not rot).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections import defaultdict

from dread_draw import i18n
from dread_draw.tui.widgets.measure import Position, play_positions

SHORT = ("cut below its distinguishing length", "no name")


def faults(ps: list[Position], *kinds: str) -> int:
    """Card tiles at these positions with one of these faults."""
    return sum(any(k in n.faults for k in kinds) for p in ps for n in p.names)


def share(part: int, whole: int) -> str:
    return f"{part}/{whole}" if whole else "-"


def reveals(ps: list[Position]) -> list[Position]:
    return [p for p in ps if p.stage is not None and p.stage.reveal]


def report(positions: list[Position]) -> None:
    by = defaultdict(list)
    for p in positions:
        by[p.size, p.seats].append(p)
    print(f"{'size':>7} {'seats':>5} {'pos':>4} {'cover mean':>10} {'min':>5} "
          f"{'reveals':>7} {'framed':>7} {'whole':>7} {'lines':>5} {'tiles':>5} "
          f"{'short':>5} {'no №':>5} {'no …':>5} {'art.':>5} {'res…':>5}  styles")
    for (size, seats), ps in sorted(by.items()):
        shown = reveals(ps)
        print(f"{size[0]:>3}x{size[1]:<3} {seats:>5} {len(ps):>4} "
              f"{statistics.mean(p.coverage for p in ps):>10.1%} "
              f"{min(p.coverage for p in ps):>5.0%} {len(shown):>7} "
              f"{share(sum(p.stage.framed for p in shown), len(shown)):>7} "
              f"{share(sum(p.stage.whole for p in shown), len(shown)):>7} "
              f"{statistics.median(p.stage.lines for p in shown) if shown else 0:>5} "
              f"{sum(len(p.names) for p in ps):>5} {faults(ps, *SHORT):>5} "
              f"{faults(ps, 'no number'):>5} {faults(ps, 'cut without …'):>5} "
              f"{faults(ps, 'article kept in a cut name'):>5} "
              f"{sum(p.reserves_cut for p in ps):>5}  {','.join(sorted({p.style for p in ps}))}")
    print("\nper size (all seat counts):")
    for size in sorted({p.size for p in positions}):
        ps = [p for p in positions if p.size == size]
        shown = reveals(ps)
        print(f"  {size[0]}x{size[1]}: {len(ps)} positions, coverage mean "
              f"{statistics.mean(p.coverage for p in ps):.1%}, reveals framed "
              f"{share(sum(p.stage.framed for p in shown), len(shown))}, whole "
              f"{share(sum(p.stage.whole for p in shown), len(shown))}, card tiles with a "
              f"fault {sum(bool(n.faults) for p in ps for n in p.names)}")
        examples = [f"{n.name or '?'} ({', '.join(n.faults)})"
                    for p in ps for n in p.names if n.faults][:6]
        if examples:
            print("    e.g. " + "; ".join(examples))
    print("\ncolumns: cover = share of the screen in cards (mean, min); reveals = positions "
          "with a reveal on the stage, framed = its card framed whole on screen, whole = its "
          "sentence whole, lines = the stage's median height; tiles = card tiles measured, "
          "short = names cut below their distinguishing length (or not shown), no № = tiles "
          "without their numbers, no … = names cut without an ellipsis, art. = cut names "
          "that kept the article, res… = 'reserves' marks cut with room beside them")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="80x24,120x40,160x45,200x60")
    ap.add_argument("--seats", default="2,3,4,5")
    ap.add_argument("--seeds", type=int, default=3, help="games per seat count (seeds 1..N)")
    ap.add_argument("--rounds", type=int, default=8, help="a position in each round up to this")
    ap.add_argument("--language", default="en")
    ap.add_argument("--shots", metavar="DIR", help="save each position's screen (SVG) here")
    ap.add_argument("--brief", action="store_true", help="one game at two sizes (CI)")
    args = ap.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    seat_counts = [int(s) for s in args.seats.split(",")]
    seeds = range(1, args.seeds + 1)
    if args.brief:
        sizes, seat_counts, seeds, args.rounds = [(80, 24), (200, 60)], [4], range(1, 2), 2
    i18n.set_language(args.language)
    with open("/proc/loadavg") as f:
        print(f"load average at the start: {' '.join(f.read().split()[:3])}")
    start = time.perf_counter()
    positions: list[Position] = []
    for size in sizes:
        for seats in seat_counts:
            for seed in seeds:
                game = asyncio.run(play_positions(size, seats, seed,  # type: ignore[arg-type]
                                                  args.rounds, args.shots))
                positions += game
                if game:  # (as it goes: a long run's figures are not all lost if stopped)
                    print(f"  {size[0]}x{size[1]} seats {seats} seed {seed}: {len(game)} "
                          f"positions, coverage {statistics.mean(p.coverage for p in game):.1%}",
                          flush=True)
    report(positions)
    print(f"\n{len(positions)} positions in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
