"""Our CPU against OpenSpiel's ISMCTS at equal thinking time per move (issue 7), run by hand.

`python benchmarks/vs_openspiel.py [--agent hard] [--players 2 4] [--seeds 30] [--think-ms 250]`

Both sides think for at most `--think-ms` per decision with a real choice (our agent's own
budget; ISMCTS searches until the time is spent). Heads-up, each seed is played twice with
the seats swapped; with 4 players, our agent holds seats 0 and 2, then 1 and 3. The deal of a
seed is the same in both games (chance is sampled from the seed). Prints our agent's win rate
with its Wilson 95% interval (an equal-strength result is 50% in both set-ups), and the
thinking time each side really used.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time

import pyspiel

from dread_draw.ai import AGENTS, make_agent
from dread_draw.integrations import openspiel as dos


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% with z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(game, players: int, seed: int, ours: set[int], agent: str, think_ms: int,
         uct_c: float, clock: dict) -> int:
    """One game; returns the winner's seat. `clock[side]` gathers (seconds, decisions)."""
    cpus = {s: make_agent(agent, seed, s, think_ms=think_ms) for s in ours}
    bots = {s: dos.ismcts_bot(game, seed * 10 + s, think_ms=think_ms, uct_c=uct_c)
            for s in range(players) if s not in ours}
    chance = random.Random(f"{seed}/chance")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[chance.randrange(len(outcomes))][0])
            continue
        seat = state.current_player()
        d = state.decision
        if len(d.options) == 1:  # nothing to think about, for either side
            state.apply_action(state.action_for(d.options[0]))
            continue
        start = time.perf_counter()
        if seat in cpus:
            action = state.action_for(cpus[seat].choose(state.view(seat), d))
            side = agent
        else:
            action = bots[seat].step(state)
            side = "ismcts"
        spent, count = clock.get(side, (0.0, 0))
        clock[side] = (spent + time.perf_counter() - start, count + 1)
        state.apply_action(int(action))
    return state.core.winner


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--agent", default="hard", help=f"our CPU: one of {', '.join(AGENTS)}")
    p.add_argument("--players", type=int, nargs="+", default=[2, 4])
    p.add_argument("--seeds", type=int, default=30, help="seeds; each is played twice")
    p.add_argument("--first-seed", type=int, default=1)
    p.add_argument("--think-ms", type=int, default=250)
    p.add_argument("--uct-c", type=float, default=2.0, help="ISMCTS exploration constant")
    p.add_argument("--deck", default="", help="deck file (default: the standard deck)")
    a = p.parse_args()
    if a.agent not in AGENTS:
        sys.exit(f"unknown agent {a.agent!r}; choose from {', '.join(AGENTS)}")
    print(f"{a.agent} vs OpenSpiel ISMCTS (random rollouts, uct_c={a.uct_c}), "
          f"{a.think_ms} ms per decision, seeds {a.first_seed}..{a.first_seed + a.seeds - 1}, "
          f"load {os.getloadavg()[0]:.2f}")
    for players in a.players:
        game = pyspiel.load_game(dos.SHORT_NAME, {"players": players, "deck": a.deck})
        seatings = [set(range(0, players, 2)), set(range(1, players, 2))]
        wins = games = 0
        clock: dict = {}
        started = time.perf_counter()
        for seed in range(a.first_seed, a.first_seed + a.seeds):
            for ours in seatings:
                winner = play(game, players, seed, ours, a.agent, a.think_ms, a.uct_c, clock)
                games += 1
                wins += winner in ours
                print(f"  {players}p seed {seed} {a.agent} at {sorted(ours)}: winner {winner} "
                      f"({'ours' if winner in ours else 'ismcts'}); {wins}/{games}",
                      file=sys.stderr, flush=True)
        low, high = wilson(wins, games)
        used = ", ".join(f"{side} {1000 * s / max(n, 1):.0f} ms x {n}"
                         for side, (s, n) in sorted(clock.items()))
        print(f"{players} players: {a.agent} seats won {wins}/{games} = {wins / games:.1%} "
              f"(Wilson 95% {low:.1%}-{high:.1%}; equal strength = 50%); thinking per "
              f"decision: {used}; {time.perf_counter() - started:.0f} s, "
              f"load {os.getloadavg()[0]:.2f}", flush=True)


if __name__ == "__main__":
    main()
