"""Fit the coach's correction against `hard` seats (`dread_draw/coach/calibration.py`).

Run by hand: `nice -n 10 python benchmarks/fit_hardcal.py [--games 400] [--first-seed 20000]
[--every 3] [--workers 2] [--data FILE] [--kept-only]` (a game costs about 10 to 20 s of a
core: `hard`'s searches and the coach's hints).

Why: the coach's rollouts play a `hard` seat by a quick likeness of its search
(`ai/hardlike.py`), weaker than `hard`, so its chances against `hard` seats read high. This
measures by how much, on real games: `--games` seeded games (2 to 4 players, or `--players`; seeds
from `--first-seed`, disjoint from `bench_coach_accuracy.py`'s 2800 and up), the first seat a
person played by `normal`, every other seat `hard` as the daily deal seats it
(`coach.daily.DAILY_OPTIONS`). At about one in `--every` of the person's decisions with a
real choice (picked with the seed's own dice), the coach gives its uncalibrated chance for
the option the person then chooses (the hint's fixed schedule: no clock); at the end of the
game, whether the person won. `--data FILE` keeps every game's records (JSON lines) and
reuses them: a later run only plays the games FILE lacks.

The fit: logit(p') = logit(p) - k * x by maximum likelihood on (p, x, won), for the
correction's x (`calibration.hard_weight`: the `hard` seats' share of the others times the
square root of the share of the game still to play) with one k heads-up and one for 3
players or more (heads-up, the rollouts' weaker `hard` seat is all that stands between the
person and the win; at a larger table the `hard` seats also beat each other), and beside
it, one k for every size, for other forms of x (times the game left itself; the `hard`
seats' number times the game left; their share alone): each k with its standard error (a
game's decisions counted as one draw: they share its end) and log-likelihood per decision;
then the mean signed error (chance minus won, points) before and after the correction —
overall, by table size and by the game left. It prints `HARD_SHIFT`, ready to paste into
the module. `--anchor` adds what larger runs measured of a heads-up game's start, as 200
records at its first decision (`ANCHOR_GAMES`): `normal` wins 22% of its heads-up games
against `hard` (arena), while the coach's rollouts, whose `hard` seat is the likeness, give
it about 47% there (the likeness wins 53.2% against `normal`, `fit_hardlike.py --versus`).
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
from dread_draw.ai.hard import distinct, play_samples, same_choice, tally
from dread_draw.ai.policy import worn_out
from dread_draw.coach.calibration import game_left, hard_seats, hard_weight
from dread_draw.coach.daily import DAILY_OPTIONS
from dread_draw.coach.hints import HINT_MS, hint_plan
from dread_draw.deck.cards import load_deck
from dread_draw.play.sim import HUMAN, Match, SeatSpec

# `--anchor`: `dread-draw arena --seats hard,normal --games 200 --seed 1` (docs/REVIEW.md):
# `normal` won 44 of 200 heads-up games against `hard`; `fit_hardlike.py --versus 3000`: the
# likeness won 53.2% of its heads-up games against `normal` (what the coach's rollouts play).
ANCHOR_GAMES, ANCHOR_WON = 200, 44
LIKENESS_WINS = 0.532


def play(seed: int, every: int, budget_ms: int, think_ms: int | None = None,
         players: int | None = None) -> dict:
    """Game `seed` (see the docstring): the coach's records at the sampled decisions.
    `think_ms`: the `hard` seats' budget instead of the daily deal's (a quick check)."""
    deck = load_deck(None)
    options = DAILY_OPTIONS if think_ms is None else {
        level: dict(o, think_ms=think_ms, stop_ms=20 * think_ms)
        for level, o in DAILY_OPTIONS.items()}
    players = players or 2 + seed % 3
    seats = [SeatSpec("You", HUMAN)] + [SeatSpec(f"CPU{i}", "hard") for i in range(1, players)]
    kinds = [s.kind for s in seats]
    m = Match(deck, seats, seed, events=False, agent_options=options)
    person = make_agent("normal", seed, 0)
    rng = random.Random(seed)
    records = []
    while not m.over:
        d = m.game.pending
        if d.seat != 0:
            m.apply(m.cpu_choice())
            continue
        view = m.game.view(0)
        choice = person.choose(view, d)
        real = len(distinct(view, d)) > 1 and not worn_out(view, d)
        if real and rng.randrange(every) == 0:
            plan = hint_plan(view, d, budget_ms, seed=seed, levels=kinds)
            found = tally(plan, play_samples(plan, 0, plan.samples))
            key = same_choice(view, d)
            at = [i for i, o in enumerate(found.options) if key(o) == key(choice)]
            if at:
                records.append({"chance": found.mean(at[0]), "samples": found.samples,
                                "hard": hard_seats(kinds, 0), "others": players - 1,
                                "left": game_left(view), "round": view.round,
                                "life": list(view.life_counts),
                                "defeated": list(view.defeated)})
        m.apply(choice)
    won = m.game.winner == 0
    return {"seed": seed, "players": players, "won": won,
            "records": [dict(r, won=won) for r in records]}


def logit(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


def sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-min(max(z, -30.0), 30.0)))


def fit_shift(rows: list[tuple[float, float, bool, int]]) -> tuple[float, float, float]:
    """k by Newton's method for logit(p') = logit(p) - k x (rows: p, x, won, game); its
    standard error, counting the decisions of one game as one draw (they share its end: a
    sandwich estimate clustered by game); the log-likelihood per row."""
    k = 0.0
    hess = 0.0
    for _ in range(50):
        grad = hess = 0.0
        for p, x, y, _game in rows:
            q = sigmoid(logit(p) - k * x)
            grad -= (y - q) * x  # d log-likelihood / dk
            hess += q * (1 - q) * x * x  # minus its second derivative
        if hess <= 0:
            break
        step = max(-1.0, min(1.0, grad / hess))
        k += step
        if abs(step) < 1e-9:
            break
    by_game: dict[int, float] = {}
    ll = 0.0
    for p, x, y, game in rows:
        q = sigmoid(logit(p) - k * x)
        by_game[game] = by_game.get(game, 0.0) + (y - q) * x
        ll += math.log(max(1e-12, q if y else 1 - q))
    se = math.sqrt(sum(g * g for g in by_game.values())) / hess if hess > 0 else math.inf
    return k, se, ll / max(len(rows), 1)


def shifted(p: float, k: float, x: float) -> float:
    return sigmoid(logit(p) - k * x)


def used(r: dict) -> float:
    """The correction's x for a record (`calibration.hard_weight`)."""
    return hard_weight(r["hard"], r["others"], r["left"])


def report(records: list[dict], k: dict[int, float]) -> None:
    """The mean signed error (chance minus won, points) before and after, by group."""
    def line(name: str, rows: list[dict]) -> None:
        if not rows:
            return
        before = sum(r["chance"] - r["won"] for r in rows) / len(rows)
        after = sum(shifted(r["chance"], k[min(r["others"] + 1, 3)], used(r)) - r["won"]
                    for r in rows) / len(rows)
        se = math.sqrt(sum(r["chance"] * (1 - r["chance"]) for r in rows)) / len(rows)
        print(f"  {name:24} {len(rows):4} decisions: mean signed {100 * before:+5.1f} before, "
              f"{100 * after:+5.1f} after (+- {100 * se:.1f})")
    line("all", records)
    for n in sorted({r["others"] + 1 for r in records}):
        line(f"{n} players, {n - 1} hard", [r for r in records if r["others"] + 1 == n])
    for lo, hi in ((0.0, 0.4), (0.4, 0.7), (0.7, 1.01)):
        line(f"game left {lo:.1f}-{min(hi, 1):.1f}",
             [r for r in records if lo <= r["left"] < hi])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=20_000)
    ap.add_argument("--every", type=int, default=3,
                    help="ask the coach at about one in this many of the person's decisions")
    ap.add_argument("--budget-ms", type=int, default=HINT_MS)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--players", type=int, default=None,
                    help="every game with this many players (default: 2 to 4 by seed)")
    ap.add_argument("--think-ms", type=int, default=None,
                    help="the hard seats' budget (default: the daily deal's; for a quick run)")
    ap.add_argument("--data", default=None, metavar="FILE",
                    help="keep each game's records in FILE (JSON lines) and reuse them")
    ap.add_argument("--anchor", action="store_true",
                    help="add the heads-up starts measured by arena and fit_hardlike.py")
    ap.add_argument("--kept-only", action="store_true",
                    help="with --data: fit on every game FILE keeps (whatever their seeds: "
                         "several runs' games), play none")
    args = ap.parse_args()
    seeds: Sequence[int] = range(args.first_seed, args.first_seed + args.games)
    kept: dict[int, dict] = {}
    if args.data is not None and os.path.exists(args.data):
        with open(args.data, encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                kept[row["seed"]] = row
    if args.kept_only:
        seeds = sorted(kept)
    todo = [s for s in seeds if s not in kept]
    print(f"load {os.getloadavg()[0]:.1f}; {args.games} games from seed {args.first_seed} "
          f"({len(seeds) - len(todo)} kept), every {args.every}, hint budget "
          f"{args.budget_ms} ms, {args.workers} worker(s)", flush=True)
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for game in pool.map(play, todo, repeat(args.every), repeat(args.budget_ms),
                             repeat(args.think_ms), repeat(args.players)):
            kept[game["seed"]] = game
            if args.data is not None:
                with open(args.data, "a", encoding="utf-8") as f:
                    f.write(json.dumps(game) + "\n")
            print(f"seed {game['seed']} ({game['players']}p): "
                  f"{'won' if game['won'] else 'lost'}, "
                  + " ".join(f"{100 * r['chance']:.0f}" for r in game["records"]), flush=True)
    records = [dict(r, seed=s) for s in seeds for r in kept[s]["records"]]
    if args.anchor:
        # the heads-up start, from the larger measurements (see the docstring): each game one
        # record at the start, the coach's chance there the likeness's loss rate
        won, games = ANCHOR_WON, ANCHOR_GAMES
        records += [{"chance": 1 - LIKENESS_WINS, "hard": 1, "others": 1, "left": 1.0,
                     "won": i < won, "seed": -1 - i} for i in range(games)]
        print(f"anchored: {games} heads-up starts, {won} won, the coach at "
              f"{100 * (1 - LIKENESS_WINS):.1f}%")
    wins = sum(kept[s]["won"] for s in seeds)
    print(f"{len(seeds)} games ({wins} won by the person), {len(records)} decisions, "
          f"{time.perf_counter() - start:.0f} s, load {os.getloadavg()[0]:.1f}")
    forms = {"hard share x sqrt(game left) (used)": used,
             "hard share x game left": lambda r: r["hard"] / r["others"] * r["left"],
             "hard seats x game left": lambda r: r["hard"] * r["left"],
             "hard seats": lambda r: float(r["hard"]),
             "hard share": lambda r: r["hard"] / r["others"]}
    print("One k for every table size:")
    for name, x in forms.items():
        k, se, ll = fit_shift([(r["chance"], x(r), r["won"], r["seed"]) for r in records])
        print(f"  x = {name:30}: k {k:.3f} +- {se:.3f}, log-likelihood per decision {ll:.4f}")
    _, _, ll0 = fit_shift([(r["chance"], 0.0, r["won"], r["seed"]) for r in records])
    print(f"  (no correction: log-likelihood per decision {ll0:.4f})")
    print("x = hard share x sqrt(game left), one k heads-up, one for 3 players or more (used):")
    ks: dict[int, float] = {}
    ll = 0.0
    for n, name in ((2, "heads-up"), (3, "3 players or more")):
        rows = [(r["chance"], used(r), r["won"], r["seed"]) for r in records
                if min(r["others"] + 1, 3) == n]
        k, se, each = fit_shift(rows) if rows else (0.0, math.inf, 0.0)
        ks[n] = k
        ll += each * len(rows)
        print(f"  {name}: k {k:.3f} +- {se:.3f} ({len(rows)} decisions)")
    print(f"  log-likelihood per decision {ll / max(len(records), 1):.4f}")
    report(records, ks)
    print(f"HARD_SHIFT = ({ks[2]:.3f}, {ks[3]:.3f})")


if __name__ == "__main__":
    main()
