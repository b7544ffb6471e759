"""Fit `dread_draw/ai/value.py`'s weights: who wins from a position between rounds.

Run by hand: `python benchmarks/fit_value.py [--games 30000] [--seed 12345]` (a few minutes).
It plays `--games` games of `normal` in every seat (2 to 5 players, in turn), records every
round start — each seat's Life Deck size and reserve cards, and who won the game in the end
— and fits, for each number of seats still in, a conditional logit by maximum likelihood
(Newton's method) on four fifths of the games. It prints the weights, ready to paste into
`WEIGHTS`, and for the held-out fifth the log-loss and a calibration table (per tenth of
predicted chance: the mean prediction and the share that won).
"""

from __future__ import annotations

import argparse
import math

from dread_draw.ai.policy import answer, view_sight
from dread_draw.ai.value import WEIGHTS, features
from dread_draw.deck.cards import load_deck
from dread_draw.play.sim import game_seed
from dread_draw.rules import Game

Row = tuple[list[tuple[float, ...]], int]  # (features of each seat still in, index of the winner)


def play(deck, games: int, seed: int) -> list[list[tuple[int, Row]]]:
    """Per game, (seats still in, row) at every round start."""
    out = []
    for i in range(games):
        n = 2 + i % 4
        g = Game(deck, n, game_seed(seed, i), events=False)
        starts: list[tuple[int, list[list[float]], list[int]]] = []
        seen = 0
        while not g.over:
            if g.round != seen:
                seen = g.round
                alive = [s for s in range(n) if not g.defeated[s]]
                starts.append((len(alive), [features(deck, len(g.life[s]), g.reserves[s])
                                            for s in alive], alive))
            d = g.pending
            assert d is not None
            view = g.view(d.seat)
            g.choose(d.options[0] if len(d.options) == 1 else
                     answer(view, d.seat, d, view_sight(view)))
        out.append([(k, (x, alive.index(g.winner))) for k, x, alive in starts
                    if k >= 2 and g.winner in alive])
    return out


def probabilities(w: list[float], xs: list[list[float]]) -> list[float]:
    u = [sum(a * b for a, b in zip(w, x, strict=True)) for x in xs]
    top = max(u)
    e = [math.exp(v - top) for v in u]
    total = sum(e)
    return [v / total for v in e]


def fit(rows: list[Row], iterations: int = 12, ridge: float = 1e-3) -> list[float]:
    """Newton's method on the conditional logit's log-likelihood (a little ridge)."""
    d = len(rows[0][0][0])
    w = [0.0] * d
    for _ in range(iterations):
        grad = [-ridge * v for v in w]
        hess = [[ridge * (i == j) for j in range(d)] for i in range(d)]
        for xs, won in rows:
            p = probabilities(w, xs)
            mean = [sum(p[k] * xs[k][i] for k in range(len(xs))) for i in range(d)]
            for i in range(d):
                grad[i] += xs[won][i] - mean[i]
            for k, x in enumerate(xs):
                for i in range(d):
                    pi = p[k] * (x[i] - mean[i])
                    for j in range(i, d):
                        hess[i][j] += pi * (x[j] - mean[j])
        for i in range(d):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def report(k: int, w: list[float], rows: list[Row]) -> None:
    loss, bins = 0.0, [[0.0, 0.0, 0] for _ in range(10)]
    for xs, won in rows:
        p = probabilities(w, xs)
        loss -= math.log(max(p[won], 1e-12))
        for i, q in enumerate(p):
            b = bins[min(9, int(q * 10))]
            b[0] += q
            b[1] += i == won
            b[2] += 1
    print(f"    {k}: ({', '.join(f'{v:.3f}' for v in w)}),")
    print(f"       held out: {len(rows)} positions, log-loss {loss / len(rows):.4f}; "
          "calibration (said/won): " + ", ".join(
              f"{b[0] / b[2]:.2f}/{b[1] / b[2]:.2f}" for b in bins if b[2]))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=30000)
    p.add_argument("--seed", type=int, default=12345)
    p.add_argument("--deck", default=None)
    a = p.parse_args()
    deck = load_deck(a.deck)
    games = play(deck, a.games, a.seed)
    cut = len(games) * 4 // 5
    print("WEIGHTS = {")
    for k in sorted(WEIGHTS):
        train = [r for g in games[:cut] for kk, r in g if kk == k]
        test = [r for g in games[cut:] for kk, r in g if kk == k]
        if train and test:
            report(k, fit(train), test)
    print("}")


if __name__ == "__main__":
    main()
