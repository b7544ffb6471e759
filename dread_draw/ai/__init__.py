"""CPU seats: agents that answer a Decision from a seat's view only (R11).

An agent is any object with ``choose(view, decision) -> option``. `make_agent(name, ...)`
builds one by its CLI name; each agent gets its own seeded RNG so that a game with the same
seed and the same choices always plays the same (agents never touch the game's RNG).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from dread_draw.ai.easy import EasyAgent
from dread_draw.ai.hard import HardAgent
from dread_draw.ai.normal import NormalAgent
from dread_draw.ai.random_agent import RandomAgent

# name -> factory(rng, **options)
AGENTS: dict[str, Callable[..., object]] = {
    "random": lambda rng, **_: RandomAgent(rng),
    "easy": EasyAgent,
    "normal": NormalAgent,
    "hard": HardAgent,
}


def agent_rng(seed: int, seat: int, name: str) -> random.Random:
    """The agent's own RNG: fixed by the game seed, its seat and its kind."""
    return random.Random(f"{seed}/{seat}/{name}")


def make_agent(name: str, seed: int = 0, seat: int = 0, **options) -> object:
    """Build the agent called `name` for `seat` of the game with `seed`."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown CPU agent {name!r}; choose from {', '.join(AGENTS)}") from None
    return factory(agent_rng(seed, seat, name), **options)
