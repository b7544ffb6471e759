"""Dread Draw as an OpenSpiel game, ``python_dread_draw``, wrapping the rules core (R1–R13).

Importing this module registers the game::

    import pyspiel
    import dread_draw.integrations.openspiel  # noqa: F401
    game = pyspiel.load_game("python_dread_draw", {"players": 4})  # "deck": path to a deck file

How the game maps onto OpenSpiel:

- **Chance is explicit.** The deal (R2.1) is one chance node per card: the Life Decks seat by
  seat, top card first, then the Draw Deck from the top (the last card is forced); then one
  chance node picks the starting player (R2.3). After the deal the rules core takes every
  random outcome through ``game.rng.shuffle``: the reshuffle of the discard pile (R6.1) and
  the reading of the fortune (R10.2). The adapter puts a scripted shuffler there and applies
  each player action to a copy of the core's `Game`; when the copy needs a shuffle nobody
  has chosen yet, the action waits behind chance nodes that place the shuffled cards one at
  a time (the new top of the Draw Deck first; for the fortune, the present first), then runs
  again with that order. So every chance node has at most deck-size outcomes.
- **Player actions** are one fixed block per Decision kind (`Actions`, in
  `dread_draw.integrations.encoding`: the PettingZoo and Gymnasium environments use the same
  ids), readable through ``action_to_string``.
- **Information:** ``information_state_string(p)`` and ``observation_string(p)`` are the text
  of ``Game.view(p)``, R11's information set — every field of the `View`;
  ``information_state_tensor(p)`` and ``observation_tensor(p)`` are that View as numbers
  (`Layout`: docs/RL.md), so OpenSpiel's RL environment and its learners run on it. It is not
  perfect recall: after a reshuffle a seat no longer knows Draw Deck places it had seen
  (R11.3). During the deal every tensor is zeros (nobody has seen anything yet).
- **Returns:** +1 for the winner, -1/(n-1) for each other player. A game cut off at
  `MAX_DECISIONS` player decisions (far beyond any game seen) is a draw: all 0.

The committed core `Game` of a state is never changed in place (every action works on a
copy), so clones share it.
"""

from __future__ import annotations

import functools
import os
import random
import time
from typing import cast

import numpy as np
import pyspiel

from dread_draw.deck.cards import LIFE_DECK_SIZE, Deck, load_deck, standard_deck_path
from dread_draw.integrations.encoding import (
    MAX_DECISIONS,
    Actions,
    Layout,
    card_label,
    card_labels,
    returns,
)
from dread_draw.rules import (
    USE,
    Decision,
    Game,
    View,
    determinize,
)

SHORT_NAME = "python_dread_draw"
RESHUFFLE, FORTUNE = "reshuffle", "fortune"

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Dread Draw",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "deck": ""},
)


class _Shared:
    """Immutable values that clones share (OpenSpiel deep-copies a state's attributes)."""

    def __deepcopy__(self, memo):
        return self


class _Rules(_Shared):
    def __init__(self, deck: Deck, players: int):
        self.deck = deck
        self.n = players
        self.actions = Actions(deck.size, players)
        self.layout = Layout(deck, players)


class _Frozen(_Shared):
    """A core Game that nobody changes any more."""

    __slots__ = ("game",)

    def __init__(self, game: Game):
        self.game = game


class _NeedShuffle(Exception):
    def __init__(self, cards: tuple[int, ...]):
        super().__init__(cards)
        self.cards = cards


_ANY_STATE = random.Random(0).getstate()


class _Shuffler:
    """Stands in for the core's RNG: replays shuffles chosen at chance nodes, and stops the
    rules (with `_NeedShuffle`) at the first shuffle not chosen yet."""

    __slots__ = ("script", "used")

    def __init__(self, script: list[list[int]]):
        self.script = script
        self.used = 0

    def shuffle(self, cards: list[int]) -> None:
        if len(cards) < 2:
            return
        if self.used == len(self.script):
            raise _NeedShuffle(tuple(cards))
        order = self.script[self.used]
        self.used += 1
        cards[:] = order

    def getstate(self):  # Game.copy() reads it; the copy's RNG is replaced again
        return _ANY_STATE

    def __getattr__(self, name):
        raise RuntimeError(f"the rules called game.rng.{name}; the OpenSpiel adapter models "
                           "only shuffles as chance nodes")


def _stamp(path: str) -> int:
    """The deck file's modification time: a changed file is read again."""
    try:
        return os.stat(path or standard_deck_path()).st_mtime_ns
    except OSError:
        return -1  # load_deck reports the problem


@functools.lru_cache(maxsize=16)
def _rules(path: str, players: int, stamp: int) -> _Rules:
    # OpenSpiel builds the game object again and again (e.g. in its tests): parse once.
    deck = load_deck(path or None)
    deck.check_players(players)
    return _Rules(deck, players)


class DreadDrawGame(pyspiel.Game):
    """``python_dread_draw``: parameters ``players`` (2–5) and ``deck`` (a path; "" = standard)."""

    def __init__(self, params=None):
        params = dict(params or {})
        players = int(params.get("players", 2))
        path = str(params.get("deck", "") or "")
        self.rules = _rules(path, players, _stamp(path))
        deck = self.rules.deck
        info = pyspiel.GameInfo(
            num_distinct_actions=self.rules.actions.count,
            max_chance_outcomes=deck.size,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_DECISIONS,
        )
        super().__init__(_GAME_TYPE, info, {"players": players, "deck": path})

    def new_initial_state(self):
        return DreadDrawState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return ViewObserver(self.rules.layout, iig_obs_type, params)

    def state_from(self, game: Game) -> DreadDrawState:
        """A state at `game`'s pending Decision (e.g. a hand-built `Game.setup` position).
        Its OpenSpiel history is empty; the rules' state is `game` (never changed after)."""
        state = DreadDrawState(self)
        state._core = _Frozen(game)
        return state


class DreadDrawState(pyspiel.State):
    """A position: the deal in progress, a shuffle in progress, or the core Game's Decision."""

    def __init__(self, game: DreadDrawGame):
        super().__init__(game)
        self._rules = game.rules
        self._dealt: list[int] = []  # the deal so far (R2.1), in dealing order
        self._core: _Frozen | None = None  # the core Game once dealt
        self._acting = None  # a player's option waiting for shuffles to be chosen
        self._script: list[list[int]] = []  # shuffles already chosen for it
        self._shuffling: tuple[str, tuple[int, ...]] | None = None  # (RESHUFFLE|FORTUNE, cards)
        self._placed: list[int] = []  # the cards of that shuffle placed so far

    # ------------------------------------------------------------------- reading the state

    @property
    def core(self) -> Game | None:
        """The rules core's Game (read only), or None during the deal."""
        return self._core.game if self._core is not None else None

    @property
    def decision(self) -> Decision | None:
        """The pending Decision at a player node, else None."""
        if self._core is None or self._shuffling is not None or self.is_terminal():
            return None
        return self._core.game.pending

    def view(self, seat: int) -> View:
        assert self._core is not None, "no view during the deal"
        return self._core.game.view(seat)

    def action_for(self, option: int) -> int:
        """The action that answers the pending Decision with `option`."""
        d = self.decision
        assert d is not None, "no decision pending"
        return self._rules.actions.encode(d.kind, option, d.seat)

    def view_text(self, player: int) -> str:
        """Player `player`'s information state: the text of its View (R11)."""
        r = self._rules
        if self._core is None:
            if len(self._dealt) < r.deck.size:
                return f"player {player}: dealing, {len(self._dealt)} of {r.deck.size} dealt"
            return f"player {player}: dealt; choosing the starting player"
        text = view_text(self._core.game.view(player))
        if self._shuffling is not None:
            what, cards = self._shuffling
            text += f"\nchance: {what}, {len(self._placed)} of {len(cards)} cards placed"
        return text

    # --------------------------------------------------------------------- the OpenSpiel API

    def current_player(self):
        if self._core is None or self._shuffling is not None:
            return pyspiel.PlayerId.CHANCE
        g = self._core.game
        if g.over or g.decisions >= MAX_DECISIONS:
            return pyspiel.PlayerId.TERMINAL
        return g.pending.seat

    def is_terminal(self):
        if self._core is None or self._shuffling is not None:
            return False
        g = self._core.game
        return g.over or g.decisions >= MAX_DECISIONS

    def returns(self):
        if not self.is_terminal():
            return [0.0] * self._rules.n
        return returns(self._core.game)

    def _legal_actions(self, player):
        d = self.decision
        if d is None or player != d.seat:
            return []
        return self._rules.actions.legal(d)

    def chance_outcomes(self):
        r = self._rules
        if self._core is None and len(self._dealt) == r.deck.size:
            left = list(range(r.n))  # R2.3: the starting player
        elif self._core is None:
            dealt = set(self._dealt)
            left = [c for c in range(r.deck.size) if c not in dealt]
        else:
            placed = set(self._placed)
            left = sorted(c for c in self._shuffling[1] if c not in placed)
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action):
        r = self._rules
        if self._core is None:
            self._deal(action)
        elif self._shuffling is not None:
            self._place(action)
        else:
            d = self._core.game.pending
            option = r.actions.option(d, action)
            if option is None:
                raise ValueError(f"action {action} ({r.actions.describe(r.deck, action, d.seat)})"
                                 f" does not answer player {d.seat}'s {d.kind!r} decision")
            self._acting = option
            self._script = []
            self._advance()

    def _deal(self, action: int) -> None:
        r = self._rules
        dealt = self._dealt
        if len(dealt) < r.deck.size:
            dealt.append(action)
            if len(dealt) == r.deck.size - 1:  # the last card has nowhere else to go
                dealt.extend(set(range(r.deck.size)).difference(dealt))
            return
        life = [dealt[s * LIFE_DECK_SIZE:(s + 1) * LIFE_DECK_SIZE] for s in range(r.n)]
        game = Game.setup(r.deck, r.n, life=life, draw=dealt[r.n * LIFE_DECK_SIZE:],
                          starting_seat=action, events=False)
        self._core = _Frozen(game)

    def _place(self, action: int) -> None:
        assert self._shuffling is not None
        what, cards = self._shuffling
        placed = self._placed
        placed.append(action)
        if len(placed) == len(cards) - 1:
            placed.extend(set(cards).difference(placed))
        if len(placed) == len(cards):
            # The Draw Deck keeps its top at the end of the list; the fortune starts at [0].
            self._script.append(placed[::-1] if what == RESHUFFLE else placed)
            self._shuffling = None
            self._placed = []
            self._advance()

    def _advance(self) -> None:
        """Run the waiting action on a copy of the core with the shuffles chosen so far."""
        assert self._core is not None and self._acting is not None
        g = self._core.game.copy(rng=cast(random.Random, _Shuffler(self._script)))
        try:
            g.choose(self._acting)
        except _NeedShuffle as need:
            self._shuffling = (FORTUNE if g.over else RESHUFFLE, need.cards)
            self._placed = []
            return
        self._core = _Frozen(g)
        self._acting = None
        self._script = []

    def _action_to_string(self, player, action):
        r = self._rules
        if player != pyspiel.PlayerId.CHANCE:
            d = self.decision
            card = d.card if d is not None and d.kind == USE else -1
            return r.actions.describe(r.deck, action, player, card)
        if self._core is None:
            k = len(self._dealt)
            if k >= r.deck.size:
                return f"Player {action} starts the first round"
            where = (f"card {k % LIFE_DECK_SIZE + 1} of player {k // LIFE_DECK_SIZE}'s Life Deck"
                     if k < r.n * LIFE_DECK_SIZE else
                     f"card {k - r.n * LIFE_DECK_SIZE + 1} of the Draw Deck")
            return f"Deal {card_label(r.deck, action)} as {where}"
        if self._shuffling is not None:
            k = len(self._placed) + 1
            if self._shuffling[0] == RESHUFFLE:
                return f"Reshuffle: {card_label(r.deck, action)} is card {k} of the new Draw Deck"
            return f"Fortune: {card_label(r.deck, action)} is card {k} of the fortune"
        return f"chance outcome {action}"

    def __str__(self):
        """Everything, hidden or not (for debugging and OpenSpiel's clone checks)."""
        if self._core is None:
            return f"dealing: {self._dealt}"
        g = self._core.game
        lines = [
            f"draw {g.draw}", f"discard {g.discard}", f"life {g.life}",
            f"reserves {g.reserves}", f"rows {g.rows}", f"looking {g.looking}",
            f"knows {[sorted(k) for k in g.knows]}", f"pending {g.pending}",
            f"round {g.round} decisions {g.decisions} over {g.over} winner {g.winner}",
            f"steps {_steps(g._stack)}",
        ]
        if self._shuffling is not None:
            lines.append(f"waiting {self._acting} {self._script} for {self._shuffling[0]} "
                         f"of {list(self._shuffling[1])}, placed {self._placed}")
        return "\n".join(lines)

    # -------------------------------------------------------------------------- for search

    def determinized(self, player: int, rng: random.Random) -> DreadDrawState:
        """A state `player` cannot tell from this one: the cards it has not seen dealt anew
        (`dread_draw.rules.determinize`). Only at `player`'s own Decision."""
        d = self.decision
        if d is None or d.seat != player:
            raise ValueError("determinized: only at the player's own decision")
        return self.get_game().state_from(determinize(self.view(player), rng))


class ViewObserver:
    """OpenSpiel observer of one player's View (R11): its text, and its tensor (`Layout`,
    the same for the observation and the information state), with `dict` naming the
    tensor's pieces ("cards", "seats", "game", "question") in their shapes. Only a player's
    own observation exists: an observer of public information alone, or of every player's
    private information, is refused rather than shown something else."""

    def __init__(self, layout: Layout, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"python_dread_draw observers take no parameters, got {params}")
        if iig_obs_type is not None and (
                iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info):
            raise ValueError("python_dread_draw observes one player's view: public and private "
                             f"information of that player only, not {iig_obs_type}")
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {p.name: self.tensor[p.offset:p.offset + p.size].reshape(p.shape)
                     for p in layout.pieces}

    def set_from(self, state, player):
        self.tensor.fill(0)
        if state.core is not None:
            self.layout.observe_into(state.core, player, self.tensor)

    def string_from(self, state, player):
        return state.view_text(player)


# ------------------------------------------------------------------------- the View as text

def _steps(frames) -> str:
    return " ".join(f"{fn.__name__}{tuple(args)!r}" for fn, args in frames)


_VIEW_FIELDS = tuple(name for name in View._fields if name != "deck")


def view_text(view: View) -> str:
    """Every field of the View but the deck, one per line, cards named (R11)."""
    label = card_labels(view.deck)

    def cards(zone) -> str:
        return "[" + ", ".join([label[c] for c in zone]) + "]"

    def places(known) -> str:
        return "[" + ", ".join([f"{depth}: {label[c]}" for depth, c in known]) + "]"

    def per_seat(zones, fmt) -> str:
        return " | ".join(f"p{s} {fmt(z)}" for s, z in enumerate(zones))

    def pending(d: Decision | None) -> str:
        if d is None:
            return "none"
        card = f" about {label[d.card]}" if d.card >= 0 else ""
        return f"p{d.seat} {d.kind}{card} options {list(d.options)} {d.prompt!r}".rstrip()

    formats = {
        "pending": pending, "rows": lambda v: per_seat(v, cards),
        "reserves": lambda v: per_seat(v, cards), "discard": cards, "looking": cards,
        "fortune": cards, "draw_known": places, "life_known": lambda v: per_seat(v, places),
        "looking_known": lambda v: per_seat(v, cards),
        "frames": _steps, "resume": lambda r: _steps([r]) if r else "none",
        "uses": lambda u: "[" + ", ".join(f"{label[c]} x{k}" for c, k in sorted(u.items())) + "]",
    }
    return "\n".join([f"{name}: {formats.get(name, str)(getattr(view, name))}"
                      for name in _VIEW_FIELDS])


# ----------------------------------------------------------------------------- OpenSpiel bots

def resampler(rng: random.Random):
    """ISMCTS resampler: deal the unseen cards again, consistently with the player's view."""
    return lambda state, player: state.determinized(player, rng)


def ismcts_bot(game: DreadDrawGame, seed: int, *, simulations: int = 100,
               think_ms: float | None = None, uct_c: float = 2.0, rollouts: int = 1):
    """OpenSpiel's ISMCTSBot with random rollouts and our resampler; with `think_ms`, it
    searches for that long per decision (at least one simulation) instead of `simulations`."""
    from open_spiel.python.algorithms import ismcts, mcts

    class TimedISMCTSBot(ismcts.ISMCTSBot):
        def run_search(self, state):  # OpenSpiel's loop, bounded by time instead of a count
            if think_ms is None:
                return super().run_search(state)
            self.reset()
            legal = state.legal_actions()
            if len(legal) == 1:
                return [(legal[0], 1.0)]
            self._root_node = self.create_new_node(state)
            deadline = time.perf_counter() + think_ms / 1000
            while True:
                self.run_simulation(self.sample_root_state(state))
                if time.perf_counter() >= deadline:
                    break
            return self.get_final_policy(state, self._root_node)

    np_rng = np.random.RandomState(seed)
    bot = TimedISMCTSBot(game, mcts.RandomRolloutEvaluator(rollouts, np_rng), uct_c,
                         max_simulations=simulations, random_state=np_rng)
    bot.set_resampler(resampler(random.Random(seed)))
    return bot


pyspiel.register_game(_GAME_TYPE, DreadDrawGame)
