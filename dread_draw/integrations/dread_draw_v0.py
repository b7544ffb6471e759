"""`dread_draw_v0`: Dread Draw as a PettingZoo AEC environment (the `[rl]` extra).

    from dread_draw.integrations import dread_draw_v0

    env = dread_draw_v0.env(players=4, render_mode="ansi")
    env.reset(seed=42)  # the deal `dread-draw play --seed 42` deals
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            action = env.action_space(agent).sample(mask)  # your policy here
        env.step(action)

Agents ``player_0`` … ``player_{n-1}`` (2 to 5, R1.1), one per seat. Every observation is
``{"observation": float32 vector, "action_mask": int8 vector}``: the seat's own View (R11)
in numbers, and the legal actions of the pending question (all zeros for every agent but
the one to answer). Actions are ``Discrete(4·D + 4 + n)``, the same ids as the OpenSpiel
game's (docs/RL.md, `dread_draw.integrations.encoding`).

The agent to act is the seat the rules ask (R5: not always in turn; the same seat may answer
several questions in a row). Nobody leaves before the end: a defeated seat is simply never
asked again. At the end every agent is terminated with its return: +1 for the winner,
-1/(n-1) for each other player; a game cut off after `MAX_DECISIONS` decisions is truncated
with 0 for all. An illegal action (outside the mask) ends the game at once: -1 for the agent
that played it, 0 for the others, ``info["illegal_action"]`` set (PettingZoo's classic
games do the same through their TerminateIllegalWrapper).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from dread_draw.deck.cards import Deck
from dread_draw.integrations.rl import SEED_RANGE, Observation, Table, agent_name, deck_of


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped as PettingZoo's classic games are (order enforcing)."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped environment)
    """Dread Draw for `players` (2–5) on `deck` (a Deck, a deck file, or None: the standard
    deck); ``render_mode="ansi"``: `render` returns the table as text."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "dread_draw_v0",
                                "is_parallelizable": False}

    def __init__(self, players: int = 2, deck: Deck | str | Path | None = None,
                 render_mode: str | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: dread_draw_v0 renders 'ansi' only")
        self.table = Table(deck_of(deck), players)
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(players)]
        self.agents = self.possible_agents[:]
        self.observation_spaces = {a: self.table.space() for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.actions.count)
                              for a in self.possible_agents}
        self._seeds = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new deal: from `seed` if given (then the next resets without one follow from it),
        else from the environment's own sequence of seeds."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = seed
        else:
            game_seed = int(self._seeds.integers(SEED_RANGE))
        self.table.deal(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = agent_name(self.table.to_answer())

    def observe(self, agent: str) -> Observation:
        return self.table.observe(self.possible_agents.index(agent))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must answer: None is only for an agent that is done")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        table = self.table
        if not table.play(action):
            self.rewards[agent] = -1.0
            self.infos[agent] = {"illegal_action": True}
            self.terminations = dict.fromkeys(self.agents, True)
        elif table.game.over:
            self.rewards = dict(zip(self.agents, table.returns(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        elif table.truncated():
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = agent_name(table.to_answer())
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("dread_draw_v0.render() without a render_mode: nothing drawn")
            return None
        return self.table.text()

    def close(self) -> None:
        pass
