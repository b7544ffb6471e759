"""Fit `dread_draw/ai/hardlike.py`'s weights: how `hard` summons, for the coach's rollouts.

Run by hand: `nice -n 19 python benchmarks/fit_hardlike.py [--games 65] [--seed 777]
[--workers 2] [--cache FILE] [--versus N]` (`hard` searches about 190 ms a decision: the
default 65 games take about 20 minutes of a core). It plays `--games` seeded games (2 to 5
players in turn: the first seat `normal`, as the coach assumes a person plays, the others
`hard` as the daily deal seats it, `coach.daily.DAILY_OPTIONS`) and records every decision of
a `hard` seat with a real choice: its view, the decision and `hard`'s choice. On four fifths
of the games it fits the likeness's summon model — a conditional logit over each summon's
options (`hardlike.summon_features`) — by maximum likelihood (`fit_value.fit`, Newton's
method) on `hard`'s summons that offered a reveal and a reserve card. On the held-out fifth
it prints the agreement — the share of `hard`'s decisions with a real choice where the
likeness, and where `normal`, make `hard`'s choice (copies of one card in one place count as
one choice) — by kind and overall, then `WEIGHTS`, `AGREEMENT` and `NORMAL_AGREEMENT`, ready
to paste into the module. The same seed and games give the same weights (`hard`'s fixed
schedule: no clock).

`--versus N`: then N games of one likeness seat (the fitted weights) against `normal` seats,
heads-up and with 4 players, the seats taking turns, and its share of wins beside that of
a `normal` seat in its place (the same deals): `hard` wins about 78% heads-up
(`dread-draw arena --seats hard,normal`).
`--cache FILE`: keep the played games' records in FILE (a pickle) and reuse them.
"""

from __future__ import annotations

import argparse
import os
import pickle
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fit_value import fit  # noqa: E402  (the conditional logit's Newton fit)

from dread_draw.ai import make_agent  # noqa: E402
from dread_draw.ai.hard import distinct, same_choice  # noqa: E402
from dread_draw.ai.hardlike import (  # noqa: E402
    NORMAL_LIKE,
    hardlike_answer,
    summon_choice,
    summon_features,
)
from dread_draw.ai.policy import answer, view_sight, worn_out  # noqa: E402
from dread_draw.coach.daily import DAILY_OPTIONS  # noqa: E402
from dread_draw.deck.cards import load_deck  # noqa: E402
from dread_draw.play.sim import game_seed  # noqa: E402
from dread_draw.rules import REVEAL, SUMMON, Decision, Game, View  # noqa: E402

Record = tuple[View, Decision, int]  # a `hard` seat's view, its decision, its choice


def real_choices(g: Game) -> Iterator[tuple[View, Decision]]:
    """Each decision of `g` with more than one option, with its seat's view, until the game
    is over; the caller makes the choice before asking for the next (a lone option is taken
    here)."""
    while not g.over:
        d = g.pending
        assert d is not None
        if len(d.options) == 1:
            g.choose(d.options[0])
            continue
        yield g.view(d.seat), d


def play(index: int, seed: int, think_ms: int) -> list[Record]:
    """Game `index` of the run: `hard`'s decisions with a real choice."""
    deck = load_deck(None)
    n = 2 + index % 4
    s = game_seed(seed, index)
    options = {**DAILY_OPTIONS["hard"], "think_ms": think_ms}
    agents = [make_agent("normal", s, 0)] + [make_agent("hard", s, k, **options)
                                             for k in range(1, n)]
    g = Game(deck, n, s, events=False)
    out = []
    for view, d in real_choices(g):
        choice = agents[d.seat].choose(view, d)
        assert isinstance(choice, int)
        if d.seat != 0 and len(distinct(view, d)) > 1 and not worn_out(view, d):
            out.append((view, d, choice))
        g.choose(choice)
    return out


def summons(records: list[Record]) -> list[tuple[list[tuple[float, ...]], int]]:
    """The fit's rows: `hard`'s summons offering a reveal and a reserve card, each option's
    features (`summon_features`) and the index of `hard`'s choice (copies of one card in one
    place count as one option)."""
    rows = []
    for view, d, choice in records:
        if d.kind != SUMMON or REVEAL not in d.options:
            continue
        sight = view_sight(view)
        options = distinct(view, d)
        key = same_choice(view, d)
        chosen = next(i for i, o in enumerate(options) if key(o) == key(choice))
        prior = answer(view, view.seat, d, sight)
        prior = next(o for o in options if key(o) == key(prior))
        rows.append((summon_features(view, view.seat, options, sight, prior), chosen))
    return rows


def agreement(records: list[Record], weights: tuple[float, ...] | None
              ) -> tuple[float, Counter[str], Counter[str]]:
    """The share of the records where the likeness with `weights` (None: `normal`) makes
    `hard`'s choice, and per kind: the matches and the decisions."""
    agreed: Counter[str] = Counter()
    asked: Counter[str] = Counter()
    for view, d, choice in records:
        sight = view_sight(view)
        if weights is None:
            mine = answer(view, view.seat, d, sight)
        elif d.kind == SUMMON:
            mine = summon_choice(view, view.seat, d, sight, weights)
        else:
            mine = hardlike_answer(view, view.seat, d, sight)
        key = same_choice(view, d)
        asked[d.kind] += 1
        agreed[d.kind] += key(mine) == key(choice)
    return sum(agreed.values()) / max(sum(asked.values()), 1), agreed, asked


def versus(games: int, weights: tuple[float, ...], players: int = 2) -> float:
    """The share of wins of one seat summoning by the likeness with `weights` (`normal`
    otherwise) among `normal` seats, in `games` games, the seats taking turns."""
    deck = load_deck(None)
    won = 0
    for i in range(games):
        g = Game(deck, players, game_seed(4242, i), events=False)
        mine = i % players
        for view, d in real_choices(g):
            sight = view_sight(view)
            if d.seat == mine and d.kind == SUMMON:
                g.choose(summon_choice(view, d.seat, d, sight, weights))
            else:
                g.choose(answer(view, d.seat, d, sight))
        won += g.winner == mine
    return won / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=65)
    ap.add_argument("--seed", type=int, default=777)
    ap.add_argument("--think-ms", type=int, default=DAILY_OPTIONS["hard"]["think_ms"],
                    help="hard's budget (its fixed schedule's size; the daily deal's default)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--cache", default=None, metavar="FILE")
    ap.add_argument("--versus", type=int, default=0, metavar="N")
    a = ap.parse_args()
    start = time.perf_counter()
    if a.cache and os.path.exists(a.cache):
        with open(a.cache, "rb") as f:
            games = pickle.load(f)
    else:
        with ProcessPoolExecutor(a.workers) as pool:
            games = list(pool.map(play, range(a.games), repeat(a.seed), repeat(a.think_ms)))
        if a.cache:
            with open(a.cache, "wb") as f:
                pickle.dump(games, f)
    cut = max(1, len(games) * 4 // 5)
    train = [r for g in games[:cut] for r in g]
    test = [r for g in games[cut:] for r in g] or train
    rows = summons(train)
    spent = sum(xs[won][0] == 0.0 for xs, won in rows)
    print(f"{len(games)} games, {len(train)} + {len(test)} decisions of hard (train + "
          f"held out), {len(rows)} summons fitted ({spent} where hard's choice was not "
          f"normal's), "
          f"{time.perf_counter() - start:.0f} s, load {os.getloadavg()[0]:.1f}")
    weights = tuple(round(w, 3) for w in fit(rows)) if rows and 0 < spent < len(rows) else \
        NORMAL_LIKE
    mine, agreed, asked = agreement(test, weights)
    normal, n_agreed, _ = agreement(test, None)
    for kind in sorted(asked):
        print(f"  {kind:7} {asked[kind]:5} decisions: the likeness "
              f"{agreed[kind] / asked[kind]:.2f}, normal {n_agreed[kind] / asked[kind]:.2f}")
    rows_of_six = [", ".join(f"{w:.3f}" for w in weights[i:i + 6])
                   for i in range(0, len(weights), 6)]
    print("WEIGHTS: tuple[float, ...] = (\n    " + ",\n    ".join(rows_of_six) + ",\n)")
    print(f"AGREEMENT = {mine:.2f}")
    print(f"NORMAL_AGREEMENT = {normal:.2f}")
    for players in (2, 4) if a.versus else ():
        print(f"{players} players, {a.versus} games among normal seats: a likeness seat wins "
              f"{versus(a.versus, weights, players):.3f}, a normal seat in its place "
              f"{versus(a.versus, NORMAL_LIKE, players):.3f}")


if __name__ == "__main__":
    main()
