"""Train a small agent for Dread Draw in a few minutes on a laptop CPU, then measure it.

    python examples/reinforce.py [--players 2] [--train 5000] [--opponent easy] [--deals 1000]
                                 [--against random easy]

A linear softmax policy over the legal actions, learned with REINFORCE (Williams, 1992) in
plain numpy, playing ``DreadDraw-v0`` (one seat against our CPUs, docs/RL.md) from its
observation vector only. Each action is scored from a few numbers read off the observation
(`features`): the situation (your row, your odds of a reveal, the others' rows and Life
Decks) and, for an action about a card or a player, that card or player — one weight vector
per kind of action. Then it plays arena-style (every deal once from every seat, so both sides
meet the same cards) against ``random`` and ``easy``, greedily, and prints its win rates with
95% (Wilson) intervals and the training time. `--brief` trains and measures a few games (CI).
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from dread_draw.integrations.encoding import GAME_FEATURES, SEAT_FEATURES, Layout
from dread_draw.integrations.vs_cpus import DreadDrawVsCpus
from dread_draw.play.arena import wilson
from dread_draw.rules import KEEP, KINDS, ORDER, PICK_CARD, PICK_SEAT, SUMMON, USE

# The kind of each action: the blocks of the action table (encoding.Actions).
BLOCKS = ("reveal", "summon", "skip", "use", "keep", "order", "pick card", "done", "pick seat")
MINE = ("in_round", "total", "to_beat", "damage", "ward", "life", "reserves")
THEIRS = ("total", "damage", "life")
CARD = 4  # strength, damage, has an ability, margin over the card to beat
SIZE = 1 + len(MINE) + 2 * len(THEIRS) + 6 + CARD + 7  # 7: what a pick does


class Policy:
    """Scores every legal action with ``weights[block] · features`` (a softmax over them)."""

    def __init__(self, env: DreadDrawVsCpus):
        table = env.table
        deck, actions = table.deck, table.actions
        layout: Layout = table.layout
        self.players = table.players
        self.seats = layout.piece("seats")
        self.game = layout.piece("game").offset
        self.question = layout.piece("question").offset
        self.asked = layout.plane("question")  # the card an ability question is about
        self.size = deck.size
        # Per action: its block, and its card (-1: none) or its player (counted from you).
        self.block = np.zeros(actions.count, dtype=np.intp)
        self.card = np.full(actions.count, -1)
        self.seat = np.full(actions.count, -1)
        for action in range(actions.count):
            kind, option = actions.decode(action, 0)
            self.block[action] = {SUMMON: 0 if option < 0 else 1, USE: 2 + option, KEEP: 4,
                                  ORDER: 5, PICK_CARD: 6 if option >= 0 else 7,
                                  PICK_SEAT: 8}[kind]
            if kind == PICK_SEAT:
                self.seat[action] = option
            elif kind != USE:
                self.card[action] = option
        self.cards = np.array([[deck.strength[c] / 10, deck.damage[c] / 10,
                                deck.ability[c] is not None] for c in range(deck.size)])
        self.mine = [SEAT_FEATURES.index(f) for f in MINE]
        self.theirs = [SEAT_FEATURES.index(f) for f in THEIRS]
        self.weights = np.zeros((len(BLOCKS), SIZE))

    def features(self, vector: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """One row of features per legal action, read from the observation vector."""
        seats = vector[self.seats.offset:self.seats.offset + self.seats.size].reshape(
            self.seats.shape)
        others = seats[1:, self.theirs]
        odds, draw, quiet = (vector[self.game + GAME_FEATURES.index(f)]
                             for f in ("reveal_chance", "draw", "quiet_rounds"))
        # What failing a reveal would cost: the others' damage, worse as your Life Deck ends.
        risk = (1 - odds) * others[:, 1].max()
        fragile = 1 / (1 + 10 * seats[0, SEAT_FEATURES.index("life")])
        situation = np.concatenate((
            [1.0], seats[0, self.mine], others.max(axis=0), others.min(axis=0),
            [odds, draw, quiet, seats[1:, SEAT_FEATURES.index("in_round")].mean(), risk,
             risk * fragile]))
        rows = np.zeros((len(legal), SIZE))
        rows[:, :len(situation)] = situation
        rows[:, SIZE - 7:] = vector[self.question + len(KINDS):self.question + len(KINDS) + 7]
        at = len(situation)
        asked = np.flatnonzero(vector[self.asked:self.asked + self.size])
        cards = np.where(self.block[legal] // 2 == 1, asked[0] if len(asked) else -1,
                         self.card[legal])  # skip/use: the card the question is about
        has = cards >= 0
        rows[has, at:at + 3] = self.cards[cards[has]]
        rows[has, at + 3] = rows[has, at] - seats[0, SEAT_FEATURES.index("to_beat")]
        picked = self.seat[legal] >= 0
        rows[picked, at:at + 3] = seats[self.seat[legal][picked]][:, self.theirs]
        return rows

    def probabilities(self, rows: np.ndarray, legal: np.ndarray) -> np.ndarray:
        logits = np.einsum("ij,ij->i", self.weights[self.block[legal]], rows)
        p = np.exp(logits - logits.max())
        return p / p.sum()


Step = tuple[np.ndarray, np.ndarray, np.ndarray, int]


def play(env: DreadDrawVsCpus, policy: Policy, seed: int, rng: np.random.Generator | None
         ) -> tuple[float, list[Step]]:
    """One episode; with `rng`, actions are sampled (training), else the likeliest is taken."""
    observation, _ = env.reset(seed=seed)
    steps = []
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        rows = policy.features(observation["observation"], legal)
        p = policy.probabilities(rows, legal)
        i = int(rng.choice(len(legal), p=p)) if rng is not None else int(p.argmax())
        steps.append((rows, legal, p, i))
        observation, reward, terminated, truncated, _ = env.step(int(legal[i]))
        if terminated or truncated:
            return float(reward), steps


def seats(players: int, opponent: str) -> list[DreadDrawVsCpus]:
    """One environment per seat you may hold, the CPUs in the others."""
    return [DreadDrawVsCpus(players=players, level=opponent, seat=s) for s in range(players)]


def train(players: int, opponent: str, games: int, rate: float = 0.01) -> Policy:
    """REINFORCE: after each game, move every choice's weights towards (return - baseline)
    times the gradient of its log-probability."""
    envs = seats(players, opponent)
    policy = Policy(envs[0])  # the features are counted from your seat: one policy for all
    rng = np.random.default_rng(0)
    baseline = 0.0
    for game in range(games):
        reward, steps = play(envs[game % players], policy, seed=game, rng=rng)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        gradient = np.zeros_like(policy.weights)
        for rows, legal, p, i in steps:
            blocks = policy.block[legal]
            np.add.at(gradient, blocks, -p[:, None] * rows)
            gradient[blocks[i]] += rows[i]
        policy.weights += rate * advantage * gradient
    return policy


def arena(policy: Policy, players: int, opponent: str, deals: int) -> tuple[int, int]:
    """Every deal once from every seat, against `opponent` CPUs in the other seats (deals
    that training never saw)."""
    wins = games = 0
    for env in seats(players, opponent):
        for deal in range(deals):
            reward, _ = play(env, policy, seed=1_000_000 + deal, rng=None)
            wins += reward == 1.0
            games += 1
    return wins, games


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--train", type=int, default=5000, help="training games")
    p.add_argument("--opponent", default="easy", help="the CPU level trained against")
    p.add_argument("--deals", type=int, default=1000, help="deals per measured opponent")
    p.add_argument("--against", nargs="+", default=["random", "easy"],
                   help="the CPU levels it is measured against")
    p.add_argument("--brief", action="store_true", help="a few games only (CI)")
    a = p.parse_args()
    games, deals = (20, 3) if a.brief else (a.train, a.deals)
    start, cpu = time.perf_counter(), time.process_time()
    policy = train(a.players, a.opponent, games)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"{a.players} players: trained {games} games against {a.opponent} in {seconds:.0f} s "
          f"({cpu:.0f} s of CPU; load average {os.getloadavg()[0]:.2f})")
    for level in a.against:
        wins, played = arena(policy, a.players, level, deals)
        lo, hi = wilson(wins, played)
        print(f"against {level:6s}: won {wins} of {played} = {wins / played:.1%} "
              f"(95% interval {lo:.1%}-{hi:.1%}; an equal player wins {1 / a.players:.0%})")


if __name__ == "__main__":
    main()
