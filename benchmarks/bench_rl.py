"""How fast learning agents can play (issue 47): steps per second of the environments with
random legal actions, against the rules core's own speed, at 2 and 4 players.

Run by hand: `python benchmarks/bench_rl.py [--games 300] [--players 2 4]` (needs the `[rl]`
extra; the OpenSpiel line needs `[openspiel]` too and is left out without it); `--brief`
plays a few games only (CI). Prints, per CPU second of this process (other processes on a
shared machine do not count) and with the load average beside it:

- ``core``: the rules alone (`Game.choose` with a random option): decisions per second;
- ``core+obs``: the same, plus the observation vector of the seat asked (`Layout`, pure
  Python), i.e. the cost of the encoding itself;
- ``pettingzoo``: `dread_draw_v0.env()` driven by `agent_iter`, `last()` and a masked
  `action_space.sample`: steps per second (every step a decision);
- ``gymnasium``: ``DreadDraw-v0`` against ``random`` CPUs (their decisions happen inside your
  step): your steps per second, and all decisions per second;
- ``openspiel``: `python_dread_draw` through pyspiel with the asked player's observation
  tensor at every decision (chance nodes: the deal and reshuffles, not counted as steps).

Each line gives its speed as a share of the core's.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable

import numpy as np

from dread_draw.deck.cards import load_deck
from dread_draw.integrations import dread_draw_v0
from dread_draw.integrations.encoding import Layout
from dread_draw.integrations.vs_cpus import DreadDrawVsCpus
from dread_draw.rules import Game

Result = tuple[int, int]  # (steps, all decisions)
Run = Callable[[int], Result]  # games -> result; built beforehand, so setting up is not timed


def core(players: int, encode: bool = False) -> Run:
    deck = load_deck()
    layout = Layout(deck, players)

    def run(games: int) -> Result:
        rng = random.Random(1)
        decisions = 0
        for seed in range(games):
            g = Game(deck, players, seed, events=False)
            while not g.over:
                d = g.pending
                if encode:
                    layout.observe(g, d.seat)
                g.choose(rng.choice(d.options))
            decisions += g.decisions
        return decisions, decisions
    return run


def pettingzoo(players: int) -> Run:
    env = dread_draw_v0.env(players=players)

    def run(games: int) -> Result:
        steps = 0
        for seed in range(games):
            env.reset(seed=seed)
            for agent in env.agent_iter():
                observation, _, termination, truncation, _ = env.last()
                if termination or truncation:
                    env.step(None)
                    continue
                env.step(env.action_space(agent).sample(observation["action_mask"]))
                steps += 1
        return steps, steps
    return run


def gymnasium(players: int) -> Run:
    env = DreadDrawVsCpus(players=players, level="random")
    env.action_space.seed(1)

    def run(games: int) -> Result:
        steps = decisions = 0
        for seed in range(games):
            observation, _ = env.reset(seed=seed)
            done = False
            while not done:
                action = env.action_space.sample(observation["action_mask"])
                observation, _, terminated, truncated, _ = env.step(action)
                done = terminated or truncated
                steps += 1
            decisions += env.table.game.decisions
        return steps, decisions
    return run


def openspiel(players: int) -> Run:
    import pyspiel

    import dread_draw.integrations.openspiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_dread_draw", {"players": players})

    def run(games: int) -> Result:
        rng = np.random.default_rng(1)
        steps = 0
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.integers(len(outcomes))][0])
                    continue
                state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.integers(len(legal))])
                steps += 1
        return steps, steps
    return run


def timed(run: Run, games: int) -> tuple[float, Result]:
    start = time.process_time()
    result = run(games)
    return time.process_time() - start, result


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--players", type=int, nargs="+", default=[2, 4])
    p.add_argument("--brief", action="store_true", help="a few games (CI)")
    a = p.parse_args()
    games = 5 if a.brief else a.games
    try:
        import pyspiel  # noqa: F401
        spiel = True
    except ImportError:
        spiel = False
    print(f"standard deck, {games} games per line, random legal actions, "
          f"load average {os.getloadavg()[0]:.2f}")
    lines: list[tuple[str, Callable[[int], Run]]] = [
        ("core", core), ("core+obs", lambda n: core(n, encode=True)),
        ("pettingzoo", pettingzoo), ("gymnasium", gymnasium)]
    if spiel:
        lines.append(("openspiel", openspiel))
    for players in a.players:
        base = 0.0
        for label, make in lines:
            seconds, (steps, decisions) = timed(make(players), games)
            rate = steps / seconds
            base = base or decisions / seconds
            extra = f", {decisions / seconds:9,.0f} decisions/s" if decisions != steps else ""
            print(f"{players} players  {label:10s} {rate:9,.0f} steps/s{extra}  "
                  f"({decisions / seconds / base:5.1%} of the core)")


if __name__ == "__main__":
    main()
