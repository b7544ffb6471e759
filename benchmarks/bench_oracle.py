"""The yardstick for `hard`: its search against an omniscient twin, both against `normal`.

Run by hand: `nice -n 10 python benchmarks/bench_oracle.py [--deals 20] [--samples N]
[--players 2 4] [--seed 1] [--workers 1] [--top] [--known] [--make-up]`; experiments:
`--rate R`, `--sure S`, `--horizon H` (both searches alike) and `--only hard` (a quick look,
no share).

For each player count, every deal is played under every rotation of the seats (as the arena
does), once with `hard` in the one searching seat and once with its twin there, the others
`normal`: the same deals, the same seatings, the same dice. The twin is the very same search
(`dread_draw.ai.hard.search`) except that each sample is the TRUE hidden state — a copy of the
real game (the Draw Deck's order, every Life Deck), with fresh dice for the reshuffles still
to come — instead of a guess dealt from the seat's view. It exists here only: no CPU level,
option or command reaches it (tests/test_ai.py checks), since it reads what its seat may not
know (R11).

Both search with a FIXED number of samples, never the clock: `--samples N`, or by default the
default schedule's (`HardAgent.schedule` for the default budget), whole. It prints, per player
count: each one's win rate with its 95% Wilson interval; the share of the twin's edge over par
that `hard` reaches, (hard - par) / (twin - par), with a 95% bootstrap interval over deals
(paired: both played the same deals); and the time per searched decision (CPU ms, median and
p95: on a shared machine CPU time is what a quiet core would take, the wall clock is not).

`--top` adds a third contestant, the same search told one secret only — the true top card
of the Draw Deck — and prints the share of the oracle's edge it reaches: what the next card
alone is worth, which R11.3 hides from every player, so no honest search can win it back.
`--known` adds one told the top card only when another seat privately knows it (it looked at,
arranged or buried the top cards): an upper bound on what inferring hidden cards from other
seats' choices could buy, since a choice can only betray what its seat knows.
`--make-up` adds one told which hidden cards are in the Draw Deck, not their order: an upper
bound on what counting its make-up (the discard pile a reshuffle made it, R6.1) could buy.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import dread_draw.ai.hard as hard
from dread_draw.ai import agent_rng
from dread_draw.base.runner import run_batches
from dread_draw.deck.cards import Deck, load_deck
from dread_draw.play.arena import rotated, wilson
from dread_draw.play.sim import Match, SeatSpec, game_seed, seat_name
from dread_draw.rules import Decision, Game, View, determinize

HARD, ORACLE, TOP, KNOWN, MAKEUP = "hard", "oracle", "top", "known", "make-up"


class OracleAgent(hard.HardAgent):
    """`hard`'s search with every sample the real game (benchmark only: it cheats)."""

    def __init__(self, match: Match, rng: random.Random, **options: object) -> None:
        super().__init__(rng, **options)  # type: ignore[arg-type]
        self.match = match

    def deal(self, view: View, real: Game) -> Callable[[random.Random], Game]:
        def deal(r: random.Random) -> Game:  # the truth, with the future reshuffles unknown
            return real.copy(random.Random(r.getrandbits(64)))
        return deal

    def dealer(self, view: View, decision: Decision) -> Callable[[random.Random], Game]:
        real: Game = self.match.game
        assert real.pending is not None and real.pending.number == decision.number
        return self.deal(view, real)


class TopCardAgent(OracleAgent):
    """`hard`'s search told one secret only: the real top card of the Draw Deck. Each sample
    is dealt from the seat's view as `hard` deals it, then the true top card is swapped onto
    the sampled Draw Deck. What it wins over `hard` is what the next reveal's card alone is
    worth — information R11.3 gives nobody, which no honest search can recover."""

    def told(self, view: View, real: Game) -> int:
        """The top card this search is told (-1: none)."""
        return real.draw[-1] if real.draw else -1

    def deal(self, view: View, real: Game) -> Callable[[random.Random], Game]:
        top = self.told(view, real)
        unseen = view.unseen()

        def deal(r: random.Random) -> Game:
            g = determinize(view, r, unseen)
            if top >= 0 and g.draw and g.draw[-1] != top:
                for zone in (g.draw, *g.life, *g.looking):
                    if top in zone:  # swap it with the sampled top card
                        zone[zone.index(top)] = g.draw[-1]
                        g.draw[-1] = top
                        break
            return g
        return deal


class KnownTopAgent(TopCardAgent):
    """Told the true top card only when another seat privately knows it (it looked, arranged
    or buried): the most that reading other seats' choices could ever win, since a seat's
    choice can only betray what that seat knows."""

    def told(self, view: View, real: Game) -> int:
        top = super().told(view, real)
        others = (real.knows[s] for s in range(real.n) if s != view.seat)
        return top if top >= 0 and any(top in k for k in others) else -1


class MakeUpAgent(OracleAgent):
    """`hard`'s search told which hidden cards are in the Draw Deck, not their order: each
    sample is dealt from the seat's view, then every hidden card dealt into the Draw Deck
    that is not there in truth changes places with one that is, dealt elsewhere. What it wins
    over `hard` bounds what any reckoning of the Draw Deck's make-up could buy — counting the
    discard pile that a reshuffle turned into the Draw Deck (public, R6.1), or guessing which
    cards the Life Decks hold."""

    def deal(self, view: View, real: Game) -> Callable[[random.Random], Game]:
        unseen = view.unseen()
        hidden = set(unseen)
        truth = hidden.intersection(real.draw)

        def deal(r: random.Random) -> Game:
            g = determinize(view, r, unseen)
            wrong = [i for i, c in enumerate(g.draw) if c in hidden and c not in truth]
            spots = [(zone, j) for zone in (*g.life, *g.looking)
                     for j, c in enumerate(zone) if c in truth]
            r.shuffle(spots)
            for i, (zone, j) in zip(wrong, spots, strict=True):
                g.draw[i], zone[j] = zone[j], g.draw[i]
            return g
        return deal


CHEATS = {ORACLE: OracleAgent, TOP: TopCardAgent, KNOWN: KnownTopAgent, MAKEUP: MakeUpAgent}


def timed(agent: hard.HardAgent, times: list[float]) -> None:
    """Record the CPU time of each of `agent`'s searched decisions in `times`."""
    choose = agent.choose

    def wrapped(view: View | None, decision: Decision) -> int:
        start = time.process_time()
        answer = choose(view, decision)
        if len(decision.options) > 1:
            times.append(time.process_time() - start)
        return answer

    agent.choose = wrapped  # type: ignore[method-assign]


@dataclass
class Play:
    """Games [start, stop) of one player count: game i is deal i // n under rotation i % n,
    with the searching seat played by `who` (HARD or ORACLE)."""

    deck: Deck
    players: int
    seed: int
    who: str
    options: dict

    def __call__(self, start: int, stop: int) -> list[tuple[int, bool, list[float]]]:
        out = []
        kinds = [HARD] + ["normal"] * (self.players - 1)
        for i in range(start, stop):
            seats = rotated(kinds, i)
            m = Match(self.deck, [SeatSpec(seat_name(s), k) for s, k in enumerate(seats)],
                      game_seed(self.seed, i // self.players), events=False, game_index=i,
                      agent_options={HARD: self.options})
            me = seats.index(HARD)
            if self.who in CHEATS:  # the same dice as `hard` in that seat
                m.agents[me] = CHEATS[self.who](m, agent_rng(m.seed, me, HARD),
                                                **self.options)
            times: list[float] = []
            agent = m.agents[me]
            assert isinstance(agent, hard.HardAgent)
            timed(agent, times)
            m.run()
            out.append((i // self.players, m.game.winner == me, times))
        return out


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q / 100 * len(xs)))] * 1000 if xs else 0.0


def share_interval(h: list[int], o: list[int], games: int, par: float, seed: int,
                   rounds: int = 2000) -> tuple[float, float]:
    """95% bootstrap interval of (hard - par) / (oracle - par), resampling deals (paired)."""
    rng = random.Random(seed)
    n = len(h)
    shares = []
    for _ in range(rounds):
        pick = [rng.randrange(n) for _ in range(n)]
        hw = sum(h[i] for i in pick) / games
        ow = sum(o[i] for i in pick) / games
        if ow - par > 1e-9:
            shares.append((hw - par) / (ow - par))
    shares.sort()
    if not shares:
        return (float("nan"), float("nan"))
    return shares[int(0.025 * len(shares))], shares[int(0.975 * len(shares)) - 1]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--samples", type=int, default=None,
                   help="samples per decision (default: the default schedule's, whole)")
    p.add_argument("--players", type=int, nargs="+", default=[2, 4])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--deck", default=None)
    p.add_argument("--rate", type=float, default=None,
                   help="rollouts per ms of budget (default: hard.ROLLOUTS_PER_MS)")
    p.add_argument("--sure", type=float, default=None,
                   help="standard errors an option must win by (default: hard.SURE)")
    p.add_argument("--horizon", type=int, default=None,
                   help="rounds past the current one a rollout plays (-1: to the end; "
                        "default: hard.HORIZON)")
    p.add_argument("--only", choices=(HARD, ORACLE, TOP, KNOWN, MAKEUP), default=None,
                   help="play only this one (an experiment's quick look: no share)")
    p.add_argument("--top", action="store_true",
                   help="also play the search told only the true top card of the Draw Deck: "
                        "how much of the oracle's edge that one secret is worth")
    p.add_argument("--known", action="store_true",
                   help="also play the search told the top card only when another seat "
                        "privately knows it: the most that reading others' choices can win")
    p.add_argument("--make-up", action="store_true",
                   help="also play the search told which hidden cards are in the Draw Deck "
                        "(not their order): the most that reckoning its make-up can win")
    a = p.parse_args()
    deck = load_deck(a.deck)
    options: dict = ({"samples": a.samples} if a.samples is not None
                     else {"clock": False, "stop_ms": 10 ** 9})  # the schedule, whole
    schedule = f"{a.samples} samples" if a.samples is not None else "the default schedule"
    for key in ("rate", "sure", "horizon"):  # experiments: both seats alike
        value = getattr(a, key)
        if value is not None:
            options[key] = None if key == "horizon" and value < 0 else value
            schedule += f", {key} {value}"
    for n in a.players:
        start = time.perf_counter()
        games = a.deals * n
        wins: dict[str, list[int]] = {}
        times: dict[str, list[float]] = {}
        playing = (a.only,) if a.only else (
            HARD, ORACLE, *((TOP,) if a.top else ()), *((KNOWN,) if a.known else ()),
            *((MAKEUP,) if a.make_up else ()))
        for who in playing:
            per_deal = [0] * a.deals
            ts: list[float] = []
            for batch in run_batches(Play(deck, n, a.seed, who, options), games,
                                     workers=a.workers):
                for deal, won, t in batch:
                    per_deal[deal] += won
                    ts.extend(t)
            wins[who], times[who] = per_deal, ts
        par = 1 / n
        print(f"{n} players: {a.deals} deals x {n} rotations = {games} games each, vs "
              f"{n - 1} normal, {schedule}, seed {a.seed}, deck {deck.name}")
        rate = {}
        for who in playing:
            w = sum(wins[who])
            lo, hi = wilson(w, games)
            rate[who] = w / games
            print(f"  {who:7} {w:4}/{games} = {w / games:6.1%} [{lo:.1%}, {hi:.1%}]   "
                  f"decision CPU ms median {pct(times[who], 50):6.1f}, p95 "
                  f"{pct(times[who], 95):6.1f} ({len(times[who])} searched)")
        if a.only:
            continue
        edge = rate[ORACLE] - par
        share = (rate[HARD] - par) / edge if edge > 1e-9 else float("nan")
        lo, hi = share_interval(wins[HARD], wins[ORACLE], games, par, a.seed)
        print(f"  par {par:.1%}; hard reaches {share:.0%} of the oracle's edge over par "
              f"[{lo:.0%}, {hi:.0%}] (bootstrap over deals)")
        told = {TOP: "told only the top card", KNOWN: "told the top card when another seat "
                "knows it", MAKEUP: "told the Draw Deck's cards (not their order)"}
        for who in (TOP, KNOWN, MAKEUP):
            if who in wins and edge > 1e-9:
                more = (rate[who] - par) / edge
                lo, hi = share_interval(wins[who], wins[ORACLE], games, par, a.seed)
                print(f"  {told[who]}, the same search reaches {more:.0%} [{lo:.0%}, "
                      f"{hi:.0%}] of the edge: {more - share:+.0%} on hard")
        print(f"  {time.perf_counter() - start:.0f} s; load {os.getloadavg()[0]:.2f}",
              flush=True)


if __name__ == "__main__":
    main()
