"""Ratings among friends: a rating per player name, from every finished game with a person.

Each kept game (`saves.SaveDir.archive`) that counts (`counts`: finished, at least one
person, not a daily deal; practice games are never kept) updates the ratings of its people
with `openskill`'s Plackett-Luce model, which takes 2 to 5 players, their places and ties
(`dread_draw.play.places`: the winner first, then by the round of defeat). A CPU seat plays
at its level's fixed **anchor** (`ANCHORS`), never changed by a game, so that a person's
rating reads against the levels: "Ana 1,540, about normal". Hot-seat and network games
alike: both keep their games through `saves.Autosaver`.

The ratings live in the save folder's ``ratings.json`` — not in the window of the last 50
kept games — written atomically like the saves (a crash leaves the old file or the new one).
It keeps every rated game (its id, its seats and places, each person's rating before and
after) for the history and the head-to-head records of `stats`. A game is rated once (its id:
the seed, the seats and the choices); a kept game not rated yet — the table was killed
between keeping it and rating it — is rated the next time a game is kept. A file that
cannot be read is set aside as ``ratings.json.bad`` and the ratings start again.

Shown ratings: ``1500 + 30 * (mu - 25)`` (`shown`), `normal` at 1,500, where a new name
starts (openskill's mu 25, sigma 25/3).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dread_draw.base.files import Unreadable, atomic_write, read_bounded
from dread_draw.i18n import _, fmt, level_word, pgettext
from dread_draw.play.places import places
from dread_draw.play.sim import Match

FILE = "ratings.json"
FORMAT = "dread-draw-ratings"
VERSION = 1
MAX_BYTES = 50_000_000
BASE, SCALE = 1500, 30.0  # the shown rating: BASE + SCALE * (mu - MU)
MU, SIGMA = 25.0, 25.0 / 3  # openskill's start for a new name
# Each CPU level's fixed rating (openskill mu), measured with `dread-draw arena`, heads-up,
# seed 1 (2026-12-05): normal beat easy 74.0% of 2000 games (`arena --seats normal,easy
# --games 2000 --seed 1`), easy beat random 72.2% of 2000 (`--seats easy,random`), hard beat
# normal 78.0% of 200, 156 games (`--seats hard,normal --games 200 --seed 1`; 95% interval
# 71.8-83.2%; hard's fixed schedule, so the load, 5 to 14, changes its time, not its play;
# bench_oracle's 78.5% on its own 200 games agrees). With anchors of
# sigma ANCHOR_SIGMA the model's chance that A beats B is 1 / (1 + exp(-(muA - muB) / c)),
# c = sqrt(2 * ANCHOR_SIGMA**2 + 2 * beta**2) (beta = 25/6), so a gap is c * logit(p);
# `normal` sits at MU, where a new name starts.
ANCHOR_SIGMA = 1.0
NORMAL_VS_EASY, EASY_VS_RANDOM, HARD_VS_NORMAL = 0.740, 0.722, 0.780


def _gap(p: float) -> float:
    """The gap of anchors (mu) at which the better one wins a heads-up game with chance p."""
    c = (2 * ANCHOR_SIGMA ** 2 + 2 * (MU / 6) ** 2) ** 0.5
    return float(c * math.log(p / (1 - p)))


ANCHORS = {"random": MU - _gap(NORMAL_VS_EASY) - _gap(EASY_VS_RANDOM),
           "easy": MU - _gap(NORMAL_VS_EASY), "normal": MU, "hard": MU + _gap(HARD_VS_NORMAL)}
LEVELS = ("random", "easy", "normal", "hard")


def shown(mu: float) -> int:
    """The rating a player reads: 1,500 for `normal` and a new name."""
    return round(BASE + SCALE * (mu - MU))


def nearest_level(mu: float) -> str:
    """The CPU level whose anchor is closest to `mu`."""
    return min(LEVELS, key=lambda level: abs(ANCHORS[level] - mu))


def number(n: int) -> str:
    """A rating as the language writes a whole number: '1,540' ('1 540' in French)."""
    # Translators: the thousands separator of numbers ("," in English: 1,540)
    sep = pgettext("thousands separator", ",")
    text = f"{abs(n):,}".replace(",", sep)
    return ("−" if n < 0 else "") + text


@dataclass
class Rating:
    mu: float = MU
    sigma: float = SIGMA


@dataclass(frozen=True)
class Change:
    """A person's rating before and after a game, and the level it is now closest to."""

    name: str
    before: float  # mu
    after: float
    place: int

    @property
    def delta(self) -> int:
        return shown(self.after) - shown(self.before)


@dataclass
class Ratings:
    """The ratings file: each name's rating and every rated game (`games`: dicts with `id`,
    `seats` — name, kind, place — and `changes`: name -> [mu before, mu after])."""

    players: dict[str, Rating] = field(default_factory=dict)
    games: list[dict[str, Any]] = field(default_factory=list)
    problem: str | None = None  # the file could not be read: set aside, started again

    @property
    def ids(self) -> set[str]:
        return {g["id"] for g in self.games}

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "version": VERSION,
                           "players": {n: {"mu": r.mu, "sigma": r.sigma}
                                       for n, r in sorted(self.players.items())},
                           "games": self.games}, separators=(",", ":"))


def load(root: Path) -> Ratings:
    """The save folder's ratings (none yet: empty). A file that cannot be read is set aside
    as ``.bad`` (when the folder can be written) and the ratings start again, saying so."""
    path = Path(root) / FILE
    try:
        raw = json.loads(read_bounded(path, MAX_BYTES).decode("utf-8"))
        return _parse(raw)
    except Unreadable as e:
        if e.kind == "missing":
            return Ratings()
        problem = str(e)
    except (UnicodeDecodeError, ValueError, RecursionError, TypeError, KeyError):
        problem = _("not a ratings file of Dread Draw")
    try:
        path.rename(path.with_name(FILE + ".bad"))
    except OSError:
        pass
    return Ratings(problem=fmt(_("{file}: the ratings could not be read ({reason}); they start "
                                 "again, and the file was set aside as {bad}."), file=path,
                               reason=problem, bad=FILE + ".bad"))


def _parse(raw: Any) -> Ratings:
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise ValueError("not a ratings file")
    players = {}
    for name, r in raw["players"].items():
        mu, sigma = float(r["mu"]), float(r["sigma"])
        if not (isinstance(name, str) and -1e6 < mu < 1e6 and 0 < sigma < 1e6):
            raise ValueError(name)
        players[name] = Rating(mu, sigma)
    games = raw["games"]
    if not isinstance(games, list) or not all(isinstance(g, dict) and isinstance(
            g.get("id"), str) and isinstance(g.get("seats"), list) and isinstance(
            g.get("changes"), dict) for g in games):
        raise ValueError("games")
    return Ratings(players, games)


def write(root: Path, ratings: Ratings) -> None:
    """Write the ratings atomically (the caller holds the save folder's lock)."""
    atomic_write(Path(root) / FILE, [ratings.to_json()])


def counts(match: Match) -> bool:
    """Does this finished game update ratings? At least one person, 2 to 5 seats, not a
    daily deal (its own record), not practice."""
    return (match.over and 2 <= len(match.seats) <= 5 and not match.practice
            and match.daily is None and any(s.is_human for s in match.seats))


def game_id(seed: int, seats: Sequence[Any], choices: Sequence[int]) -> str:
    """One game's identity: its seed, seats and choices."""
    text = json.dumps([seed, [[s.name, s.kind] for s in seats], list(choices)])
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def rate(ratings: Ratings, match: Match, when: str = "") -> list[Change]:
    """Rate a finished game that `counts` (once: a game already rated changes nothing):
    each person's new rating, CPU seats at their level's anchor. The people's changes, in
    seat order."""
    gid = game_id(match.seed, match.seats, match.choices)
    if not counts(match) or gid in ratings.ids:
        return []
    from openskill.models import PlackettLuce  # (here: a game starts without it, issue 41)

    placed = places(match.game, match.events)
    model = PlackettLuce()
    teams = []
    for s in match.seats:
        if s.is_human:
            r = ratings.players.get(s.name, Rating())
            teams.append([model.rating(mu=r.mu, sigma=r.sigma)])
        else:
            teams.append([model.rating(mu=ANCHORS.get(s.kind, MU), sigma=ANCHOR_SIGMA)])
    new = model.rate(teams, ranks=[float(p) for p in placed])
    changes = []
    for seat, (s, team) in enumerate(zip(match.seats, new, strict=True)):
        if not s.is_human:
            continue  # an anchor never moves
        before = ratings.players.get(s.name, Rating())
        after = Rating(team[0].mu, team[0].sigma)
        ratings.players[s.name] = after
        changes.append(Change(s.name, before.mu, after.mu, placed[seat]))
    ratings.games.append({
        "id": gid, "when": when,
        "seats": [{"name": s.name, "kind": s.kind, "place": p}
                  for s, p in zip(match.seats, placed, strict=True)],
        "changes": {c.name: [round(c.before, 4), round(c.after, 4)] for c in changes}})
    return changes


# ------------------------------------------------------------------------------ in words

def change_text(c: Change) -> str:
    """'Ana: 1,540 (+40), about normal'."""
    sign = "+" if c.delta >= 0 else "−"
    return fmt(_("{name}: {rating} ({change}), about {level}"), name=c.name,
               rating=number(shown(c.after)), change=f"{sign}{abs(c.delta)}",
               level=level_word(nearest_level(c.after)))


def anchors_text() -> str:
    """'The CPU levels, for comparison: random 1,136 · easy 1,310 · normal 1,500 · hard 1,730.'"""
    levels = " · ".join(fmt(_("{level} {rating}"), level=level_word(level),
                            rating=number(shown(ANCHORS[level]))) for level in LEVELS)
    return fmt(_("The CPU levels, for comparison: {levels}."), levels=levels)


@dataclass
class HeadToHead:
    """Two people's record in the games they both played: how often each placed better."""

    games: int = 0
    ahead: list[int] = field(default_factory=lambda: [0, 0])


def head_to_head(ratings: Ratings) -> dict[tuple[str, str], HeadToHead]:
    """Every pair of people (names in order) who played a rated game together."""
    out: dict[tuple[str, str], HeadToHead] = {}
    for g in ratings.games:
        people = [(s["name"], s["place"]) for s in g["seats"] if s["kind"] == "human"]
        for i, (a, pa) in enumerate(people):
            for b, pb in people[i + 1:]:
                (x, px), (y, py) = sorted([(a, pa), (b, pb)])
                rec = out.setdefault((x, y), HeadToHead())
                rec.games += 1
                if px < py:
                    rec.ahead[0] += 1
                elif py < px:
                    rec.ahead[1] += 1
    return out


def history(ratings: Ratings, name: str) -> list[int]:
    """`name`'s shown rating after each of their rated games, the start first."""
    out = [shown(MU)]
    for g in ratings.games:
        if name in g["changes"]:
            before, after = g["changes"][name]
            if len(out) == 1:
                out[0] = shown(before)
            out.append(shown(after))
    return out
