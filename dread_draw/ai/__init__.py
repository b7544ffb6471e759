"""CPU seats: agents that answer a Decision from a seat's view only (R11).

Each CPU kind is an `Agent` of the driver (`dread_draw.play.sim.Agent`): ``choose(view, decision)
-> option``. `make_agent(name, ...)` builds one by its CLI name; each gets its own `Dice`,
restarted at every decision from the game's seed, its seat, its kind and the decision's
number, so that a game with the same seed and the same choices always plays the same, even
when resumed from a save (agents never touch the game's RNG).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from dread_draw.ai.dice import Dice
from dread_draw.ai.easy import EasyAgent
from dread_draw.ai.hard import HardAgent
from dread_draw.ai.normal import NormalAgent
from dread_draw.ai.random_agent import RandomAgent

CpuAgent = RandomAgent | EasyAgent | NormalAgent | HardAgent

# name -> factory(rng, **options)
AGENTS: dict[str, Callable[..., CpuAgent]] = {
    "random": RandomAgent,
    "easy": EasyAgent,
    "normal": NormalAgent,
    "hard": HardAgent,
}


def agent_rng(seed: int, seat: int, name: str) -> random.Random:
    """The agent's own dice: fixed by the game seed, its seat and its kind."""
    return Dice(seed, seat, name)


def make_agent(name: str, seed: int = 0, seat: int = 0, **options: object) -> CpuAgent:
    """Build the agent called `name` for `seat` of the game with `seed`."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown CPU agent {name!r}; choose from {', '.join(AGENTS)}") from None
    return factory(agent_rng(seed, seat, name), **options)
