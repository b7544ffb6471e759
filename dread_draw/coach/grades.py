"""How well a person played, in numbers: each decision classed by the chance of winning it
lost, an accuracy from 0 to 100, and the game's chart of every seat's chance of winning.

A reviewed decision (`hints.Moment`) has the coach's estimate for each option, from what the
seat knew then. Its **loss** is the chance of winning (in points, 0 to 100) the chosen
option gave up against the best one — counted only where the coach prefers the best one by a
clear margin (`Moment.clear`: 5 points and two standard errors of their paired difference);
a difference within the estimates' noise is no loss. Then (docs/REVIEW.md):

- the decision's **class** by its loss in whole points: an inaccuracy from 5 points, a mistake
  from 10, a blunder from 20 (`THRESHOLDS`);
- its **accuracy**, ``103.1668 * exp(-0.04354 * loss) - 3.1669`` kept within 0 and 100 —
  lichess's formula for a move's accuracy from the winning chance it lost: 100 for no loss,
  about 80 for 5 points, 64 for 10, 40 for 20, 9 for 50;
- a person's accuracy in a game: the mean of their decisions' accuracies (only decisions
  with a real choice are reviewed).

The chart (`chance_curve`): at each decision of the game where someone had a real choice,
every seat's chance of winning as the seat to decide could know it — the cards that seat
could not see dealt anew `CURVE_SAMPLES` times consistently with its view (the core's
`determinize`), each deal played to its end with every seat in the style of its level, and
each seat's share of the wins — the estimate the coach's search makes, without comparing
options. It never reads the finished game's hidden cards beyond that seat's view.
No Textual here: `tui/coach.py` draws the chart, `commands/review.py` prints it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from dread_draw.ai.hard import rollout_styled
from dread_draw.coach.hints import Moment, styles_of
from dread_draw.rules import Deck, Game, determinize

INACCURACY, MISTAKE, BLUNDER = "inaccuracy", "mistake", "blunder"
# A decision's class by the chance of winning it lost (points), the worst first.
THRESHOLDS = ((BLUNDER, 20.0), (MISTAKE, 10.0), (INACCURACY, 5.0))
CURVE_SAMPLES = 40  # deals per point of the chart: about 8 points of noise at 50%


def loss(m: Moment) -> float:
    """The chance of winning (points) the chosen option lost against the best, 0 when the
    coach does not prefer the best by a clear margin."""
    if not m.clear:
        return 0.0
    return max(0.0, round(100 * (m.best_chance - m.chosen_chance), 9))  # 50% - 40%: 10


def grade(m: Moment) -> str:
    """BLUNDER, MISTAKE, INACCURACY, or "" for a good decision (see the module docstring),
    by the loss in whole points, as the review shows it ("Mistake (10 points)")."""
    lost = round(loss(m))
    for name, floor in THRESHOLDS:
        if lost >= floor:
            return name
    return ""


def decision_accuracy(lost: float) -> float:
    """A decision's accuracy (0 to 100) from the points of winning chance it lost.

    >>> decision_accuracy(0.0), round(decision_accuracy(10.0), 1), decision_accuracy(100.0)
    (100.0, 63.6, 0.0)
    """
    if lost <= 0:
        return 100.0  # the formula gives 99.9999
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * lost) - 3.1669))


def accuracy(moments: Sequence[Moment]) -> float | None:
    """A person's accuracy in a game: the mean of their decisions' (None: none reviewed)."""
    if not moments:
        return None
    return sum(decision_accuracy(loss(m)) for m in moments) / len(moments)


def to_retry(moments: Sequence[Moment]) -> list[Moment]:
    """The mistakes and blunders, each decision once, in the game's order: what the review
    offers to play again."""
    seen: set[int] = set()
    out = []
    for m in sorted(moments, key=lambda m: m.at):
        if grade(m) in (MISTAKE, BLUNDER) and m.at not in seen:
            seen.add(m.at)
            out.append(m)
    return out


# A practice's verdict: how the new choice compares with the coach's best.
AS_GOOD, WORSE = "as good", "worse"


@dataclass(frozen=True)
class Verdict:
    """How a choice made in practice compares with the reviewed decision's best option:
    AS_GOOD (the best, or not told apart from it) or WORSE by `points`; `chance` is the
    choice's estimate, `best` and `best_chance` the coach's best option's."""

    code: str
    option: int
    chance: float
    best: int
    best_chance: float
    before: float  # the chance of the option chosen in the game

    @property
    def points(self) -> int:
        return round(100 * (self.best_chance - self.chance))


@dataclass(frozen=True)
class Point:
    """One point of the chart: after `at` choices (the decision then pending), in `round`,
    each seat's chance of winning (0 to 1; a defeated seat 0)."""

    at: int
    round: int
    chances: tuple[float, ...]


@dataclass(frozen=True)
class Curve:
    """The chart of a game: its points, then the end (the winner 1, the others 0)."""

    points: tuple[Point, ...]
    winner: int

    def of(self, seat: int) -> list[float]:
        return [p.chances[seat] for p in self.points]


def chance_curve(deck: Deck, levels: Sequence[str], seed: int, choices: Sequence[int], *,
                 game_index: int = 0, samples: int = CURVE_SAMPLES,
                 progress: Callable[[int, int], None] | None = None) -> Curve:
    """Every seat's chance of winning at each decision with a real choice of the finished
    game (`seed`, `choices`), and at its end (see the module docstring). The same deals for
    the same game: the same chart every time."""
    players = len(levels)
    styles = styles_of(levels, players)
    game = Game(deck, players, seed, events=False, game_index=game_index)
    points: list[Point] = []
    total = len(choices)
    for at, option in enumerate(choices):
        d = game.pending
        assert d is not None
        if len(set(d.options)) > 1:
            points.append(Point(at, game.round, _chances(game, styles, samples, seed, at)))
        if progress is not None:
            progress(at + 1, total)
        game.choose(option)
    if not game.over:
        raise ValueError("only a finished game has a chart")
    end = tuple(float(s == game.winner) for s in range(players))
    points.append(Point(len(choices), game.round, end))
    return Curve(tuple(points), game.winner)


def _chances(game: Game, styles: tuple[str, ...], samples: int, seed: int, at: int
             ) -> tuple[float, ...]:
    """Every seat's chance of winning as the seat to decide could know it: `samples` deals
    of the cards it cannot see, each played to the end; a deal cut short by the rollouts'
    safety stop counts for every seat still in the game alike."""
    d = game.pending
    assert d is not None
    view = game.view(d.seat)
    unseen = view.unseen()
    rng = random.Random(f"{seed}/{at}")  # the same chart for the same game
    won = [0.0] * game.n
    for _ in range(samples):
        g = determinize(view, rng, unseen)
        rollout_styled(g, d.seat, styles, rng)
        if g.over:
            won[g.winner] += 1
        else:
            alive = [s for s in range(g.n) if not g.defeated[s]]
            for s in alive:
                won[s] += 1 / len(alive)
    return tuple(w / samples for w in won)
