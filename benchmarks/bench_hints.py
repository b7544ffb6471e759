"""How fast and how true the coach is: hint latency, calibration, and whole-game reviews.

Run by hand: `python benchmarks/bench_hints.py [--positions 200] [--games 300] [--reviews 4]
[--budget-ms N]`.

1. Latency: it plays a few seeded games of `normal` seats (2 to 5 players), keeps the
   positions where the seat to move has a real choice, and times `coach.hint` at each with
   the default hint budget, the clock on as at the table: median, p95 and the slowest, in ms
   (the target: p95 under 1 s on this machine).
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
import os
import random
import time

from dread_draw.coach.hints import HINT_MS, REVIEW_MS, hint, review_game
from dread_draw.deck.cards import load_deck
from dread_draw.play.figures import percentile
from dread_draw.play.sim import Match, SeatSpec, game_seed


def positions(deck, count: int) -> list:
    """(view, decision) pairs with a real choice, from games of 2 to 5 `normal` seats."""
    found = []
    seed = 0
    while len(found) < count:
        players = 2 + seed % 4
        m = Match(deck, [SeatSpec(f"S{i}", "normal") for i in range(players)], seed,
                  events=False)
        rng = random.Random(seed)
        while not m.over and len(found) < count:
            d = m.game.pending
            if len(d.options) > 1 and rng.random() < 0.2:
                found.append((m.game.view(d.seat), d))
            m.apply(m.cpu_choice())
        seed += 1
    return found


def latency(deck, count: int, budget: int) -> None:
    spots = positions(deck, count)
    times = []
    for view, d in spots:
        start = time.perf_counter()
        hint(view, d, budget)
        times.append(1000 * (time.perf_counter() - start))
    print(f"latency at {budget} ms budget, {len(spots)} positions (2-5 players): median "
          f"{percentile(times, 50):.0f} ms, p95 {percentile(times, 95):.0f} ms, slowest "
          f"{max(times):.0f} ms; load {os.getloadavg()[0]:.2f}", flush=True)


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
                h = hint(m.game.view(d.seat), d, budget, seed=seed, clock=False)
                chance = h.chance(option)
                if chance is not None:
                    asked = (d.seat, chance)
            m.apply(option)
        if asked is not None:
            pairs.append((asked[1], m.game.winner == asked[0]))
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
    p.add_argument("--positions", type=int, default=200, help="positions timed")
    p.add_argument("--games", type=int, default=300, help="games for the calibration")
    p.add_argument("--players", type=int, default=2, help="players in those games")
    p.add_argument("--reviews", type=int, default=4, help="games reviewed whole")
    p.add_argument("--budget-ms", type=int, default=HINT_MS)
    p.add_argument("--calibration-ms", type=int, default=100,
                   help="budget for the calibration's hints (smaller: quicker)")
    p.add_argument("--deck", default=None)
    a = p.parse_args()
    deck = load_deck(a.deck)
    if a.positions:
        latency(deck, a.positions, a.budget_ms)
    if a.games:
        calibration(deck, a.games, a.calibration_ms, a.players)
    if a.reviews:
        reviews(deck, a.reviews, REVIEW_MS)


if __name__ == "__main__":
    main()
