"""How fast and how true the coach is: hint latency, calibration, and whole-game reviews.

Run by hand: `python benchmarks/bench_hints.py [--positions 60] [--games 300] [--reviews 4]
[--budget-ms N] [--workers N]`; `--quick` runs a few of each, briefly (CI).

1. Latency (issue 41): it plays seeded games of `normal` seats, half heads-up and half at four
   seats, keeps the positions where the seat to move has a real choice, and asks the hint at
   each as the table does — the seats as they are (a person and `normal` CPUs), its search
   shared among the coach's worker processes (`coach.hints.Thinking`, one per core, started
   before the clock runs). Per position: the time to the first answer shown (the table shows
   the answer so far after about 0.3 s) and the time until the whole fixed schedule is
   played; median, p95 and the slowest, in ms (the target: the whole schedule in 0.5 s at
   p95 on a quiet 2-core machine). `--check` also plays each schedule in this process alone
   and counts the answers that differ (there must be none: the same numbers on any machine).
2. Calibration: in each of `--games` games of `normal` seats it asks, at one decision picked
   at random, the hint's chance for the option the seat then plays, and compares the chances
   with how the games ended: per tenth of chance, the mean chance and the share won, and the
   Brier score (lower is better; always saying 1/players would score about 0.19 heads-up).
   The chances assume everyone plays on like `normal`, as these games do.
3. Reviews: `--reviews` games of `normal` seats (2 to 5 players, in turn), each reviewed
   for its first seat at the default review budget, as `dread-draw review` does: seconds per
   game and per decision looked at (the target: a whole game in under a minute).

The machine's load (`uptime`) is printed: the latencies depend on it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import time

from dread_draw.base.runner import Workers
from dread_draw.coach.hints import HINT_MS, REVIEW_MS, Thinking, coach_workers, hint, review_game
from dread_draw.deck.cards import load_deck
from dread_draw.play.figures import percentile
from dread_draw.play.sim import HUMAN, Match, SeatSpec, game_seed


def positions(deck, count: int, players: int, seed: int = 0) -> list:
    """(view, decision, seed, levels) at decisions with a real choice, from games of
    `normal` seats: what the table asks a hint for (seat 0 a person, the others `normal`)."""
    found = []
    while len(found) < count:
        m = Match(deck, [SeatSpec(f"S{i}", "normal") for i in range(players)], seed,
                  events=False)
        rng = random.Random(seed)
        while not m.over and len(found) < count:
            d = m.game.pending
            if len(d.options) > 1 and rng.random() < 0.2:
                levels = [HUMAN if s == d.seat else "normal" for s in range(players)]
                found.append((m.game.view(d.seat), d, m.seed, levels))
            m.apply(m.cpu_choice())
        seed += 1
    return found


async def timed(thinking: Thinking) -> tuple[float, float, object]:
    """(seconds to the first answer shown, seconds to the final one, the final answer)."""
    start = time.perf_counter()
    first = None
    async for h in thinking.hints():
        first = first if first is not None else time.perf_counter() - start
        last = h
    return first, time.perf_counter() - start, last


def latency(deck, count: int, budget: int, workers: int, check: bool) -> None:
    pool = coach_workers() if workers == 0 else Workers(workers, ["dread_draw.coach.hints"])
    spots = positions(deck, count - count // 2, 2) + positions(deck, count // 2, 4, 1000)
    for f in [pool.submit(os.getpid) for _ in range(2 * pool.size)]:  # started: not timed
        f.result()
    firsts, wholes, alone, differ = [], [], [], 0
    try:
        for view, d, seed, levels in spots:
            first, whole, found = asyncio.run(timed(Thinking(view, d, budget, seed=seed,
                                                             levels=levels, workers=pool)))
            firsts.append(1000 * first)
            wholes.append(1000 * whole)
            if check:
                start = time.process_time()
                if found != hint(view, d, budget, seed=seed, levels=levels):
                    differ += 1
                alone.append(1000 * (time.process_time() - start))
    finally:
        pool.shutdown()
    print(f"hint at {budget} ms budget, {len(spots)} positions (half heads-up, half four "
          f"seats), {pool.size} worker processes; load {os.getloadavg()[0]:.2f}")
    print(f"  first answer shown: median {percentile(firsts, 50):.0f} ms, p95 "
          f"{percentile(firsts, 95):.0f} ms")
    print(f"  whole schedule:     median {percentile(wholes, 50):.0f} ms, p95 "
          f"{percentile(wholes, 95):.0f} ms, slowest {max(wholes):.0f} ms", flush=True)
    if check:
        print(f"  answers that differ from one process's: {differ} of {len(spots)}")
        print(f"  the schedule in one process, CPU: median {percentile(alone, 50):.0f} ms, p95 "
              f"{percentile(alone, 95):.0f} ms (over {pool.size} cores: "
              f"{percentile(alone, 95) / pool.size:.0f} ms at p95, before the sharing's cost)")


def calibration(deck, games: int, budget: int, players: int) -> None:
    pairs = []  # (chance, won)
    for i in range(games):
        seed = game_seed(99, i)
        m = Match(deck, [SeatSpec(f"S{s}", "normal") for s in range(players)], seed,
                  events=False)
        rng = random.Random(seed)
        asked = None
        while not m.over:
            d = m.game.pending
            option = m.cpu_choice()
            if asked is None and len(d.options) > 1 and rng.random() < 0.05:
                h = hint(m.game.view(d.seat), d, budget, seed=seed)
                chance = h.chance(option)
                if chance is not None:
                    asked = (d.seat, chance)
            m.apply(option)
        if asked is not None:
            pairs.append((asked[1], m.game.winner == asked[0]))
    if not pairs:
        print(f"calibration, {players} players: no hint asked in {games} games")
        return
    brier = sum((p - w) ** 2 for p, w in pairs) / len(pairs)
    print(f"calibration, {players} players, {len(pairs)} games, {budget} ms budget: Brier "
          f"{brier:.3f} (saying 1/{players} every time: "
          f"{sum((1 / players - w) ** 2 for _, w in pairs) / len(pairs):.3f})")
    print("  chance     n   mean said   share won")
    for tenth in range(10):
        got = [(p, w) for p, w in pairs if min(9, int(p * 10)) == tenth]
        if got:
            said = sum(p for p, _ in got) / len(got)
            won = sum(w for _, w in got) / len(got)
            print(f"  {tenth * 10:3}-{tenth * 10 + 10:<3}% {len(got):4}   {said:8.1%}   "
                  f"{won:8.1%}")


def reviews(deck, games: int, budget: int) -> None:
    for i in range(games):
        players = 2 + i % 4
        m = Match(deck, [SeatSpec(f"S{s}", "normal") for s in range(players)],
                  game_seed(7, i), events=False)
        m.run()
        start = time.perf_counter()
        r = review_game(deck, players, m.seed, m.choices, 0, budget_ms=budget)
        took = time.perf_counter() - start
        print(f"review, {players} players, {len(m.choices)} choices: {len(r.moments)} "
              f"decisions looked at in {took:.1f} s ({1000 * took / max(1, len(r.moments)):.0f}"
              f" ms each), {len(r.mistakes)} flagged; load {os.getloadavg()[0]:.2f}",
              flush=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=60, help="positions timed")
    p.add_argument("--games", type=int, default=300, help="games for the calibration")
    p.add_argument("--players", type=int, default=2, help="players in those games")
    p.add_argument("--reviews", type=int, default=4, help="games reviewed whole")
    p.add_argument("--budget-ms", type=int, default=HINT_MS)
    p.add_argument("--workers", type=int, default=0,
                   help="worker processes for the hint (default: the coach's, one per core)")
    p.add_argument("--check", action="store_true",
                   help="also play each hint in one process and compare the answers")
    p.add_argument("--calibration-ms", type=int, default=100,
                   help="budget for the calibration's hints (smaller: quicker)")
    p.add_argument("--deck", default=None)
    p.add_argument("--quick", action="store_true",
                   help="a few of each, briefly: that the benchmark runs (CI)")
    a = p.parse_args()
    if a.quick:
        a.positions, a.games, a.reviews, a.check = 4, 4, 1, True
        a.budget_ms, a.calibration_ms = 30, 10
    deck = load_deck(a.deck)
    if a.positions:
        latency(deck, a.positions, a.budget_ms, a.workers, a.check)
    if a.games:
        calibration(deck, a.games, a.calibration_ms, a.players)
    if a.reviews:
        reviews(deck, a.reviews, a.budget_ms if a.quick else REVIEW_MS)


if __name__ == "__main__":
    main()
