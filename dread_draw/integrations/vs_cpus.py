"""``DreadDraw-v0``: one seat against our CPUs, as a Gymnasium environment (`[rl]` extra).

    import gymnasium
    import dread_draw.integrations.vs_cpus  # registers "DreadDraw-v0"

    env = gymnasium.make("DreadDraw-v0", players=4, level="easy")
    observation, info = env.reset(seed=42)  # the deal `dread-draw play --seed 42` deals
    done = False
    while not done:
        action = env.action_space.sample(observation["action_mask"])  # your policy here
        observation, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated

You hold seat `seat` (0 by default; who starts is drawn by the deal, R2.3); the other
``players - 1`` seats are CPUs of the `level` given (``random``, ``easy``, ``normal``,
``hard``: those of ``dread-draw play --cpu``; a list gives one level per CPU seat, in seat
order). They answer by themselves between your steps, each from its own view (R11). The
observation is PettingZoo's dict, ``{"observation": float32 vector, "action_mask": int8
vector}`` (docs/RL.md), the mask is also ``info["action_mask"]`` and `action_masks()`
(sb3-contrib's MaskablePPO asks that), and actions are the OpenSpiel game's ids.

The episode ends when the game does (reward +1 if you win, else -1/(n-1): OpenSpiel's
returns), or as soon as you are defeated (R8.1: you cannot win any more), or when you play an
illegal action (reward -1, ``info["illegal_action"]``). A game cut off after
`MAX_DECISIONS` decisions is truncated (reward 0).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from dread_draw.ai import AGENTS
from dread_draw.deck.cards import Deck
from dread_draw.integrations.rl import SEED_RANGE, Observation, Table, deck_of

ENV_ID = "DreadDraw-v0"


class DreadDrawVsCpus(gymnasium.Env[dict[str, Any], np.int64]):
    """You in `seat` against ``players - 1`` CPUs of `level` (module docstring)."""

    # render_fps: only for tools that replay the frames (Gymnasium's checker asks for it)
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, players: int = 2, level: str | Sequence[str] = "easy", seat: int = 0,
                 deck: Deck | str | Path | None = None, render_mode: str | None = None):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: {ENV_ID} renders 'ansi' only")
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat}: with {players} players, seats are 0 to "
                             f"{players - 1}")
        others = [s for s in range(players) if s != seat]
        levels = [level] * len(others) if isinstance(level, str) else list(level)
        if len(levels) != len(others):
            raise ValueError(f"{len(levels)} CPU levels for {len(others)} CPU seats")
        for name in levels:
            if name not in AGENTS:
                raise ValueError(f"unknown CPU level {name!r}; choose from {', '.join(AGENTS)}")
        self.seat = seat
        self.table = Table(deck_of(deck), players, dict(zip(others, levels, strict=True)))
        self.render_mode = render_mode
        self.observation_space = self.table.space()
        self.action_space = spaces.Discrete(self.table.actions.count)
        self.done = True  # until reset

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observation, dict[str, Any]]:
        """A new deal: game seed `seed` if given, else the next of the environment's seeds;
        the CPUs play until your first question."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(SEED_RANGE))
        self.table.deal(game_seed)
        self.done = False
        return self._observe()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        if self.done:
            raise RuntimeError(f"{ENV_ID}: the episode is over; call reset()")
        table = self.table
        reward, info = 0.0, {}
        if not table.play(action):
            reward, info = -1.0, {"illegal_action": True}
            self.done = True
        elif table.game.over or table.game.defeated[self.seat]:
            reward = -1.0 / (table.players - 1) if table.game.defeated[self.seat] else \
                table.returns()[self.seat]
            self.done = True
        truncated = table.truncated()
        self.done = self.done or truncated
        observation, info = self._observe(**info)
        return observation, reward, self.done and not truncated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal actions now (1) — all 0 once the episode is over."""
        mask = self.table.mask(self.seat)
        if self.done:
            mask[:] = 0
        return mask

    def _observe(self, **info: Any) -> tuple[Observation, dict[str, Any]]:
        """Your observation, and the info that goes with it (the mask again)."""
        observation = self.table.observe(self.seat)
        if self.done:
            observation["action_mask"][:] = 0
        return observation, {"action_mask": observation["action_mask"].copy(), **info}

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn(f"{ENV_ID}.render() without a render_mode: nothing drawn")
            return None
        return self.table.text(self.seat)


gymnasium.register(ENV_ID, entry_point=f"{__name__}:DreadDrawVsCpus")
