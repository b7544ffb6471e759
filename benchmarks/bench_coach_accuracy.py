"""How true the coach's chances are: the hint's "% chance to win" against full playouts.

Run by hand: `nice -n 10 python benchmarks/bench_coach_accuracy.py [--positions 30]
[--playouts 200] [--budget-ms 750]`.

Each position is stated by its seed (printed): game `seed` of 2 to 4 seats — the person in
the first seat, CPUs of the levels in `LEVELS` in the others — played by the seats (the
person's choices by `normal`) up to one of the person's decisions with a real choice, picked
with the seed's own dice. There the coach gives its chance for each option it considered
(`coach.hint`, the default hint budget, its fixed schedule: no clock), twice:

- "seats": against the seats as they are (`levels`: each CPU at its level, the person
  assumed to play like `normal`), as the table asks it now;
- "all normal": every seat assumed to play like `normal`, as the coach did before.

The truth for each option: `--playouts` full playouts to the end of the game from deals of
the hidden cards consistent with the person's view (the same deals for every option), the
option played, then every seat played by its real agent — each CPU its own level, with dice
new for each playout, the person by `normal` — and the share of them the person won. Its
own standard error is printed: with 200 playouts it is about 3.5 points at 50%, so the
errors below include that much noise of the truth itself.

Printed: the median, 90th percentile and largest error in points (|coach - playouts| x 100)
over every option of every position, for both assumptions, and how often the coach's best
option is within two standard errors of the playouts' best. Beside them, the noise floor:
the same figures that a coach with no bias at all would get, from the sampling noise alone
(the playouts' and the coach's own deals, each option's binomial standard errors, `floor`).
With 300 playouts that noise alone gives about median 1.9, 90th percentile 5.0, max 8.8
points (30 positions): pass `--playouts 1000` or more to see the coach's own error.

`--opponents LEVEL` seats every CPU at that level instead (the same seeds and draws: the
same positions up to the CPUs' own choices), `hard` as the daily deal seats it (its fixed
schedule, `daily.DAILY_OPTIONS`): the coach's rollouts play a `hard` seat by its quick
likeness (`ai/hardlike.py`) and correct the chances for its weakness (`coach/calibration.py`,
fitted on other seeds by `fit_hardcal.py`), and "all normal" is then the coach that played it
like `normal`, uncorrected. A playout with `hard` seats runs `hard`'s search at each of
their decisions (seconds a playout): use `--workers` and few playouts, and `--truth FILE`
to keep them (a later run with the same playouts reuses them and only asks the coach again,
one with more plays only the ones they lack — the same playouts, numbered — and keeps the
total; `--kept-only` asks only those positions); the mean signed error (coach minus
playouts) is then the figure to read, its noise shrinking with the positions.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat

from dread_draw.ai import make_agent
from dread_draw.ai.hard import distinct
from dread_draw.ai.policy import worn_out
from dread_draw.coach.daily import DAILY_OPTIONS
from dread_draw.coach.hints import HINT_MS, hint, hint_plan
from dread_draw.deck.cards import load_deck
from dread_draw.play.figures import percentile
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.rules import Game, View, determinize

LEVELS = ("easy", "normal")
FIRST_SEED = 2800
# `hard` as the daily deal seats it: its fixed schedule of samples, never cut by the clock,
# so that a loaded machine gives the same playouts as an idle one.
CPU_OPTIONS = DAILY_OPTIONS


def position(deck, seed: int, opponents: str | None = None) -> tuple[Match, View]:
    """Game `seed`: seats, and the person's decision to ask about (see the docstring).
    `opponents`: every CPU seat of this level instead (the same seeds, the same draws of the
    position's dice, so the same games up to the CPUs' own choices)."""
    rng = random.Random(seed)
    players = 2 + seed % 3
    levels = [rng.choice(LEVELS) for _ in range(1, players)]
    seats = [SeatSpec("You", HUMAN)] + [SeatSpec(f"CPU{i}", opponents or level)
                                        for i, level in enumerate(levels, 1)]
    m = Match(deck, seats, seed, events=False, agent_options=CPU_OPTIONS)
    person = make_agent("normal", seed, 0)
    skip = rng.randrange(0, 12)  # how many of the person's real choices go by first
    while not m.over:
        d = m.game.pending
        if d.seat == 0:
            view = m.game.view(0)
            real = len(distinct(view, d)) > 1 and not worn_out(view, d)
            if real and skip == 0:
                return m, view
            skip -= real
            m.apply(person.choose(view, d))
        else:
            m.apply(m.cpu_choice())
    raise LookupError(seed)


def playout(root: Game, option: int, kinds: list[str], seed: int) -> bool:
    """Play `option`, then the game to its end with the real agents: did seat 0 win?"""
    g = root.copy()
    g.choose(option)
    agents = [make_agent("normal" if k == HUMAN else k, seed, s, **CPU_OPTIONS.get(k, {}))
              for s, k in enumerate(kinds)]
    while not g.over:
        d = g.pending
        assert d is not None
        opts = d.options
        if len(opts) == 1:
            g.choose(opts[0])
        else:
            g.choose(agents[d.seat].choose(g.view(d.seat), d))
    return g.winner == 0


def truth(view: View, options: list[int], kinds: list[str], seed: int, n: int,
          first: int = 0) -> list[int]:
    """Each option's wins in playouts `first` to `n` (each playout's deal and dice are its
    number's: playouts 0 to 31 are playouts 0 to 15 and 16 more)."""
    wins = [0] * len(options)
    for j in range(first, n):
        root = determinize(view, random.Random(seed * 100_003 + j))
        for i, o in enumerate(options):
            wins[i] += playout(root, o, kinds, seed * 1_000 + j)
    return wins


def floor(ses: list[float], rounds: int = 400, seed: int = 1) -> tuple[float, float, float]:
    """The median, 90th percentile and max error (points) an unbiased coach would show from
    noise alone: each option's error drawn from a normal law with its standard error
    (`ses`, chances 0 to 1), the three figures averaged over `rounds` draws."""
    rng = random.Random(seed)
    total = [0.0, 0.0, 0.0]
    for _ in range(rounds):
        errs = [100 * abs(rng.gauss(0.0, se)) for se in ses]
        for i, q in enumerate((50, 90)):
            total[i] += percentile(errs, q)
        total[2] += max(errs)
    return total[0] / rounds, total[1] / rounds, total[2] / rounds


def measure(seed: int, opponents: str | None, playouts: int, budget_ms: int,
            known: dict | None = None) -> dict | None:
    """One position: the coach's two answers and the playouts' truth (None: game `seed`
    has no such position). `known`: this position's truth from an earlier run (`--truth`),
    reused when it was played with as many playouts: only the coach is asked again."""
    deck = load_deck(None)
    try:
        m, view = position(deck, seed, opponents)
    except LookupError:
        return None
    d = m.game.pending
    kinds = [s.kind for s in m.seats]
    searched = set(hint_plan(view, d, budget_ms, seed=seed, levels=kinds).options)
    options = [o for o in d.options if o in searched]  # the hint's options, in its order
    if known is not None and known["options"] == options and known["playouts"] <= playouts:
        # the kept playouts, and only the ones they lack played (the same numbers)
        kept = known["playouts"]
        more = truth(view, options, kinds, seed, playouts, kept)
        real = [(round(p * kept) + w) / playouts for p, w in zip(known["real"], more,
                                                                 strict=True)]
    else:
        real = [w / playouts for w in truth(view, options, kinds, seed, playouts)]
    told = {"seats": hint(view, d, budget_ms, seed=seed, levels=kinds),
            "all normal": hint(view, d, budget_ms, seed=seed)}
    return {"seed": seed, "kinds": kinds, "kind": d.kind, "options": options,
            "real": real, "playouts": playouts,
            "samples": [e.samples for e in told["seats"].estimates],
            "told": {name: ({e.option: e.chance for e in h.estimates}, h.best)
                     for name, h in told.items()}}


def load_truths(path: str | None, opponents: str | None) -> dict[int, dict]:
    """The positions' truths kept by earlier runs in `path` (JSON lines), by seed."""
    if path is None or not os.path.exists(path):
        return {}
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if row["opponents"] == opponents:
                out[row["seed"]] = row
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--budget-ms", type=int, default=HINT_MS)
    ap.add_argument("--opponents", choices=("easy", "normal", "hard"), default=None,
                    help="every CPU seat of this level (default: easy or normal by seed)")
    ap.add_argument("--workers", type=int, default=1, help="processes (positions in parallel)")
    ap.add_argument("--truth", default=None, metavar="FILE",
                    help="keep each position's playouts in FILE (JSON lines) and reuse them "
                         "when run again with the same playouts: compare coaches on the same "
                         "(expensive) truth")
    ap.add_argument("--kept-only", action="store_true",
                    help="with --truth: only the positions whose playouts FILE keeps")
    args = ap.parse_args()
    print(f"load {os.getloadavg()[0]:.1f}; {args.positions} positions from seed {FIRST_SEED}, "
          f"{args.playouts} playouts per option, hint budget {args.budget_ms} ms, opponents "
          f"{args.opponents or '/'.join(LEVELS)}, {args.workers} worker(s)", flush=True)
    errors: dict[str, list[float]] = {"seats": [], "all normal": []}
    bias: dict[str, list[float]] = {"seats": [], "all normal": []}
    noise: list[float] = []  # per option chance of "seats": the combined standard error
    agree = {"seats": 0, "all normal": 0}
    ses = []
    start = time.perf_counter()
    done = 0
    seeds: Sequence[int] = range(FIRST_SEED, FIRST_SEED + 10 * args.positions)
    known = load_truths(args.truth, args.opponents)
    if args.kept_only:
        seeds = sorted(known)[:args.positions]
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = pool.map(measure, seeds, repeat(args.opponents), repeat(args.playouts),
                        repeat(args.budget_ms), [known.get(s) for s in seeds])
        for found in jobs:
            if found is None:
                continue
            before = known.get(found["seed"])
            if args.truth is not None and (before is None or before["playouts"] != args.playouts
                                           or before["options"] != found["options"]):
                with open(args.truth, "a", encoding="utf-8") as f:
                    f.write(json.dumps({"seed": found["seed"], "opponents": args.opponents,
                                        "options": found["options"],
                                        "playouts": found["playouts"],
                                        "real": found["real"]}) + "\n")
            options, real = found["options"], found["real"]
            se = [math.sqrt(max(p * (1 - p), 0.0025) / args.playouts) for p in real]
            ses += se
            top = max(range(len(options)), key=lambda i: real[i])
            line = []
            for o, n in zip(options, found["samples"], strict=True):
                p = real[options.index(o)]
                noise.append(math.sqrt(max(p * (1 - p), 0.0025) * (1 / args.playouts
                                                                   + 1 / max(n, 1))))
            for name, (got, best_option) in found["told"].items():
                for o, p in zip(options, real, strict=True):
                    if o in got:
                        errors[name].append(100 * abs(got[o] - p))
                        bias[name].append(100 * (got[o] - p))
                best = options.index(best_option) if best_option in options else top
                agree[name] += real[top] - real[best] <= 2 * math.hypot(se[top], se[best])
                line.append(f"{name} " + " ".join(f"{100 * got.get(o, float('nan')):.0f}"
                                                 for o in options))
            kinds = found["kinds"]
            print(f"seed {found['seed']} ({len(kinds)}p, {'/'.join(kinds[1:])}, "
                  f"{found['kind']}): playouts " + " ".join(f"{100 * p:.0f}" for p in real)
                  + " | " + " | ".join(line), flush=True)
            done += 1
            if done == args.positions:
                pool.shutdown(cancel_futures=True)
                break
    print(f"{done} positions, {len(errors['seats'])} option chances, "
          f"{time.perf_counter() - start:.0f} s, load {os.getloadavg()[0]:.1f}; the playouts' "
          f"own standard error: median {100 * percentile(ses, 50):.1f}, max "
          f"{100 * max(ses):.1f} points")
    med, p90, top = floor(noise)
    print(f"noise floor (an unbiased coach, sampling noise alone): error median {med:.1f}, "
          f"90th percentile {p90:.1f}, max {top:.1f} points")
    for name, errs in errors.items():
        print(f"coach assuming {name:10}: error median {percentile(errs, 50):.1f}, 90th "
              f"percentile {percentile(errs, 90):.1f}, max {max(errs):.1f} points, mean "
              f"signed {sum(bias[name]) / len(bias[name]):+.1f} (coach minus playouts); best "
              f"option within 2 SE of the playouts' best at {agree[name]} of {done}")


if __name__ == "__main__":
    main()
