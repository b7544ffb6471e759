"""What the PettingZoo and Gymnasium environments share (the `[rl]` extra): one game played
through the driver (`dread_draw.play.sim.Match`: CPU seats answer by themselves, the other
seats from outside), a seat's observation and action mask as numpy arrays
(`dread_draw.integrations.encoding`: the numbers OpenSpiel's tensors hold too), their
Gymnasium spaces, and the table as text.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces

from dread_draw.deck.cards import Deck, load_deck
from dread_draw.integrations.encoding import MAX_DECISIONS, Actions, Layout, returns, table_text
from dread_draw.play.sim import HUMAN, Match, SeatSpec
from dread_draw.rules import Game

Observation = dict[str, np.ndarray]
SEED_RANGE = 2**63  # a game seed drawn by a reset without one


def agent_name(seat: int) -> str:
    """PettingZoo's name for a seat: ``player_0`` …"""
    return f"player_{seat}"


def deck_of(deck: Deck | str | Path | None) -> Deck:
    """A Deck, a deck file's path, or None for the standard deck."""
    return deck if isinstance(deck, Deck) else load_deck(deck)


class Table:
    """One game of `players` on `deck` for learning agents: the seats in `cpus` (seat ->
    level) are CPUs of ours, the others answer from outside with `play`."""

    def __init__(self, deck: Deck, players: int, cpus: Mapping[int, str] | None = None):
        deck.check_players(players)
        self.deck = deck
        self.players = players
        self.layout = Layout(deck, players)
        self.actions = Actions(deck.size, players)
        cpus = cpus or {}
        self.seats = [SeatSpec(agent_name(s), cpus.get(s, HUMAN)) for s in range(players)]
        self.outside = [s for s, spec in enumerate(self.seats) if spec.is_human]
        self.match: Match | None = None

    def space(self) -> spaces.Dict:
        """The observation space: ``{"observation": Box, "action_mask": Box of int8}``."""
        high = np.array(self.layout.high, dtype=np.float32)
        return spaces.Dict({
            "observation": spaces.Box(low=np.zeros_like(high), high=high, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.actions.count,),
                                      dtype=np.int8),
        })

    def deal(self, seed: int) -> None:
        """A new game, dealt from `seed` (the deal `dread-draw play --seed` deals); the CPU
        seats play until another seat must answer."""
        self.match = Match(self.deck, self.seats, seed, events=False)
        self._cpus_play()

    @property
    def game(self) -> Game:
        assert self.match is not None, "deal first (reset)"
        return self.match.game

    def to_answer(self) -> int:
        """The seat whose question is pending (a CPU's once every other seat is defeated),
        or -1 when the game is over."""
        d = self.game.pending
        return -1 if d is None else d.seat

    def truncated(self) -> bool:
        """Cut off at `MAX_DECISIONS` decisions (far beyond any game seen): a draw."""
        return not self.game.over and self.game.decisions >= MAX_DECISIONS

    def observe(self, seat: int) -> Observation:
        """`seat`'s observation (its View only, R11) and its action mask (all zeros when the
        pending question is not its own)."""
        vector = np.zeros(self.layout.size, dtype=np.float32)
        self.layout.observe_into(self.game, seat, vector)
        return {"observation": vector, "action_mask": self.mask(seat)}

    def mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(self.actions.count, dtype=np.int8)
        d = self.game.pending
        if d is not None and d.seat == seat and not self.truncated():
            mask[self.actions.legal(d)] = 1
        return mask

    def play(self, action: Any) -> bool:
        """Answer the pending question with `action`; False (nothing changes) if `action`
        is not one of its legal actions; raises ValueError outside the action space."""
        d = self.game.pending
        assert d is not None, "the game is over"
        try:
            option = self.actions.option(d, int(action))
        except (IndexError, TypeError) as e:
            raise ValueError(f"action {action!r} is not in Discrete({self.actions.count})") from e
        if option is None:
            return False
        assert self.match is not None
        self.match.apply(option)
        self._cpus_play()
        return True

    def _cpus_play(self) -> None:
        """The CPU seats answer (each from its own view, R11) until another seat must, the
        game ends, or every other seat is defeated (nobody left to learn: the game is not
        played out)."""
        m = self.match
        assert m is not None
        defeated = m.game.defeated
        while m.cpu_to_move() and not all(defeated[s] for s in self.outside):
            m.apply(m.cpu_choice())

    def returns(self) -> list[float]:
        return returns(self.game)

    def text(self, seat: int | None = None) -> str:
        """The table as text: what everyone sees, and `seat`'s own drawn cards if given."""
        game = self.game
        names = [s.name if s.is_human else f"{s.name} ({s.kind})" for s in self.seats]
        return table_text(game.public_view(), names, None if seat is None else game.view(seat))
