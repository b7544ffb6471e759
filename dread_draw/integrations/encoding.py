"""A seat's `View` as numbers, for learning agents: one observation vector, one action table.

Pure Python (no numpy, no framework): the OpenSpiel game (`[openspiel]` extra) and the
PettingZoo and Gymnasium environments (`[rl]` extra) all wrap these same numbers, so an agent
trained in one reads the same vector and answers with the same action ids in the others.
docs/RL.md gives the layout with examples; in short:

**Observation** (`Layout`): a fixed-length vector of floats, written from one seat's `View`
only (R11), so it holds exactly what that seat may know. Seats are counted from the observer
(*egocentric*): seat block ``k`` is the player ``k`` places to the observer's left (``0`` is
the observer). Four pieces, in this order:

- ``cards`` — shape ``(4·n + 5, D)`` for ``n`` players and a deck of ``D`` physical cards
  (uids): one row ("plane") per place, one column per card, 0 where the card is not (or not
  known to be). Per seat ``k``: its escalation row (``(i+1)/len``: the card to beat is 1),
  its reserves (1), the Life Deck cards it drew for damage and holds now (R8.1; another
  seat's only if this seat knows them, R11.2), the places of its Life Deck this seat knows
  (``1/(1+depth)``, the top 1). Then the Draw Deck's known places (``1/(1+depth)``), the
  discard pile (1), the fortune as read (R10.2; ``1/(1+i)``, the present 1), the card the
  pending question is about (1), and the abilities used this round (R9.1; ``min(uses,4)/4``).
- ``seats`` — shape ``(n, 14)``, per seat ``k`` (`SEAT_FEATURES`): in the round, defeated,
  asked the pending question, whose turn, starting player, last round's winner, chosen to
  play next (R13), row total/10, card to beat (R4.2: ``max(bar+1, 0)/10``), the damage its
  row would deal (R7.1)/10, its ward (R9.5), Life Deck/10, reserves/10, drawn cards/10.
- ``game`` — shape ``(9,)`` (`GAME_FEATURES`): Draw Deck/D, discard pile/D, the round and
  the decisions so far (``x/(x+10)``, ``x/(x+100)``), quiet rounds/10 (R10.3), someone took
  damage this round, game over, stalemate, and the chance that this seat's reveal now beats
  its card to beat, from what it knows (R4.3, the odds line's figure; 0 out of the round).
- ``question`` — shape ``(13,)``: the pending Decision's kind (`KINDS`, one-hot) and what a
  pick does (`CARD_PICKS` + `SEAT_PICKS`, one-hot). Which options it has is the action mask.

The information state is the same vector: a View is already everything its seat remembers
(the places it saw, R11.2); after a reshuffle nobody knows those places any more (R11.3), so
the game is not of perfect recall, and no longer history would tell a seat more.

**Actions** (`Actions`): ``Discrete(4·D + 4 + n)``, one block per Decision kind, one action
per physical card: reveal | summon reserve card ``uid`` | skip, use the ability | keep drawn
card ``uid`` | resolve the Aftermath of ``uid`` next | pick ``uid`` | done | pick the player
``k`` places to your left. Choices of several cards or an order are never one action: the
rules ask them one card at a time (bury: a card, then another or done; arrange: the top card
first; Aftermaths: which resolves next), so every legal answer is exactly one action, and the
legal ones are the action mask.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import compress
from typing import NamedTuple, Protocol, TypeVar

from dread_draw.rules import (
    CARD_PICKS,
    DONE,
    KEEP,
    KINDS,
    ORDER,
    PICK_CARD,
    PICK_SEAT,
    REVEAL,
    SEAT_PICKS,
    SUMMON,
    USE,
    USE_IT,
    Decision,
    Deck,
    Game,
    PublicView,
    View,
    card_to_beat,
    reveal_chance,
    reveal_pool,
    round_damage,
    ward,
)
from dread_draw.rules.game import STALEMATE_ROUNDS
from dread_draw.rules.registry import DEAL, WARD, hook_amounts

MAX_DECISIONS = 2000  # random 5-player games take ~120 decisions; the longest of 300, ~180

SEAT_PLANES = ("row", "reserves", "drawn", "life")
SHARED_PLANES = ("draw", "discard", "fortune", "question", "used")
SEAT_FEATURES = ("in_round", "defeated", "to_answer", "current", "starting", "last_winner",
                 "next", "total", "to_beat", "damage", "ward", "life", "reserves", "drawn")
GAME_FEATURES = ("draw", "discard", "round", "decisions", "quiet_rounds", "damaged", "over",
                 "stalemate", "reveal_chance")
QUESTION_FEATURES = KINDS + CARD_PICKS + SEAT_PICKS
PICKS = CARD_PICKS + SEAT_PICKS
SCALE = 10  # counts, strengths and damage are given in tens: 10 cards is 1.0


class Sink(Protocol):
    """Where an observation is written: a list of floats, a numpy array."""

    def __setitem__(self, index: int, value: float, /) -> None: ...


Out = TypeVar("Out", bound=Sink)


def card_label(deck: Deck, uid: int) -> str:
    """'The Candle 2/2 #17': name, strength/damage, and the physical card's uid."""
    return card_labels(deck)[uid]


@functools.lru_cache(maxsize=16)
def card_labels(deck: Deck) -> tuple[str, ...]:
    """Every physical card's `card_label`, by uid."""
    return tuple(f"{c.name} {c.strength}/{c.damage} #{uid}" for uid, c in enumerate(deck.card))


def returns(game: Game) -> list[float]:
    """+1 for the winner, -1/(n-1) for each other player (zero-sum); all 0 before the end
    (and for a game cut off at `MAX_DECISIONS`)."""
    n = game.n
    if not game.over:
        return [0.0] * n
    return [1.0 if s == game.winner else -1.0 / (n - 1) for s in range(n)]


# ----------------------------------------------------------------------------- the actions

class Actions:
    """The fixed action space: one block per Decision kind, for `size` cards and `players`.

    ``0`` reveal (R4.1) | ``1+uid`` summon a reserve card (R4.5) | skip, use an ability (R9.1)
    | keep a drawn Life Deck card (R8.1) | resolve an Aftermath next (R9.4) | pick a card, then
    done | pick a seat, counted from the chooser (``0`` itself, ``1`` its left neighbour …).
    `encode`/`decode` translate to and from a Decision's options for the deciding seat.
    """

    def __init__(self, size: int, players: int):
        self.size = size
        self.players = players
        self.base = {SUMMON: 1, USE: size + 1, KEEP: size + 3, ORDER: 2 * size + 3,
                     PICK_CARD: 3 * size + 3, PICK_SEAT: 4 * size + 4}
        self.negative = {SUMMON: 0, PICK_CARD: 4 * size + 3}  # REVEAL, DONE
        self.count = 4 * size + 4 + players
        width = {SUMMON: size, USE: 2, KEEP: size, ORDER: size, PICK_CARD: size,
                 PICK_SEAT: players}
        self.table: list[tuple[str, int]] = [(SUMMON, REVEAL)] * self.count
        for kind, base in self.base.items():
            for option in range(width[kind]):
                self.table[base + option] = (kind, option)
        self.table[self.negative[PICK_CARD]] = (PICK_CARD, DONE)

    def encode(self, kind: str, option: int, seat: int) -> int:
        """The action for answering `seat`'s `kind` Decision with `option`."""
        if kind == PICK_SEAT:
            return self.base[PICK_SEAT] + (option - seat) % self.players
        return self.negative[kind] if option < 0 else self.base[kind] + option

    def decode(self, action: int, seat: int) -> tuple[str, int]:
        """(kind, option) that `action` answers for `seat`; raises IndexError out of range."""
        if not 0 <= action < self.count:
            raise IndexError(f"action {action} is outside 0..{self.count - 1}")
        kind, option = self.table[action]
        if kind == PICK_SEAT:
            return kind, (seat + option) % self.players
        return kind, option

    def legal(self, decision: Decision) -> list[int]:
        """The actions that answer `decision`, sorted (the action mask's ones)."""
        encode, seat, kind = self.encode, decision.seat, decision.kind
        return sorted([encode(kind, o, seat) for o in decision.options])

    def option(self, decision: Decision, action: int) -> int | None:
        """The option of `decision` that `action` chooses, or None if it answers none."""
        kind, option = self.decode(action, decision.seat)
        return option if kind == decision.kind and option in decision.options else None

    def describe(self, deck: Deck, action: int, seat: int, card: int = -1) -> str:
        kind, option = self.decode(action, seat)
        if kind == SUMMON:
            if option == REVEAL:
                return "Reveal the top card of the Draw Deck"
            return f"Summon {card_label(deck, option)} from reserves"
        if kind == USE:
            whose = f"the ability of {card_label(deck, card)}" if card >= 0 else "the ability"
            return f"Use {whose}" if option == USE_IT else f"Skip {whose}"
        if kind == KEEP:
            return f"Keep {card_label(deck, option)} in reserves"
        if kind == ORDER:
            return f"Resolve the Aftermath of {card_label(deck, option)} next"
        if kind == PICK_CARD:
            return "Done" if option == DONE else f"Choose {card_label(deck, option)}"
        return f"Choose player {option}"


# ------------------------------------------------------------------------- the observation

class Piece(NamedTuple):
    """A named part of the observation vector: ``vector[offset:offset+size]`` reshaped."""

    name: str
    offset: int
    shape: tuple[int, ...]

    @property
    def size(self) -> int:
        return functools.reduce(int.__mul__, self.shape, 1)


class Layout:
    """The observation vector for one deck and player count (module docstring): its pieces,
    its size, the largest value each element can take (`high`; all are at least 0), and
    `write`/`encode`, which fill it from a seat's View."""

    def __init__(self, deck: Deck, players: int):
        self.deck = deck
        self.players = n = players
        d = deck.size
        planes = len(SEAT_PLANES) * n + len(SHARED_PLANES)
        shapes = (("cards", (planes, d)), ("seats", (n, len(SEAT_FEATURES))),
                  ("game", (len(GAME_FEATURES),)), ("question", (len(QUESTION_FEATURES),)))
        pieces, offset = [], 0
        for name, shape in shapes:
            pieces.append(Piece(name, offset, shape))
            offset += pieces[-1].size
        self.pieces: tuple[Piece, ...] = tuple(pieces)
        self.size = offset
        self._shared = len(SEAT_PLANES) * n * d
        self._seats = pieces[1].offset
        self._game = pieces[2].offset
        self._question = pieces[3].offset
        self.high = self._high()

    def _high(self) -> list[float]:
        """The true maximum of every element: a vector never leaves [0, high]."""
        deck, n = self.deck, self.players
        amounts = hook_amounts(deck)
        high = [1.0] * self.size
        most = {
            "total": sum(deck.strength) / SCALE,
            "to_beat": (max(deck.strength) + 1) / SCALE,
            "damage": (sum(deck.damage) + sum(max(0, a) for a in amounts[DEAL][1])) / SCALE,
            "ward": float(max(1, sum(max(0, a) for a in amounts[WARD][1]))),
            "life": deck.size / SCALE, "reserves": deck.size / SCALE,
            "drawn": deck.size / SCALE,
        }
        for k in range(n):
            for i, name in enumerate(SEAT_FEATURES):
                high[self._seats + k * len(SEAT_FEATURES) + i] = most.get(name, 1.0)
        return high

    def piece(self, name: str) -> Piece:
        return next(p for p in self.pieces if p.name == name)

    def plane(self, name: str, seat: int = 0) -> int:
        """The offset of the card plane `name` (a seat plane of relative seat `seat`)."""
        d = self.deck.size
        if name in SHARED_PLANES:
            return self._shared + SHARED_PLANES.index(name) * d
        return (seat * len(SEAT_PLANES) + SEAT_PLANES.index(name)) * d

    def encode(self, view: View) -> list[float]:
        """`view` as the observation vector (a list of `size` floats)."""
        out = [0.0] * self.size
        self.write(view, out)
        return out

    def observe(self, game: Game, seat: int) -> list[float]:
        """`seat`'s observation of `game` (`observe_into` a new list)."""
        return self.observe_into(game, seat, [0.0] * self.size)

    def observe_into(self, game: Game, seat: int, out: Out) -> Out:
        """`seat`'s observation of `game`, written into `out` (`size` zeros) from that
        seat's View alone (R11). The one way the environments and the OpenSpiel game read a
        game, so that the privacy test checks what they show."""
        self.write(game.view(seat), out)
        return out

    def write(self, view: View, out: Sink) -> None:
        """Write `view`'s values into `out`, a sequence of `size` zeros (a list, an array):
        only the nonzero elements are set. Reads nothing but the View (R11)."""
        n, d = self.players, self.deck.size
        me = view.seat
        stride = len(SEAT_PLANES) * d
        for s in range(n):
            base = (s - me) % n * stride
            row = view.rows[s]
            k = len(row)
            for i, c in enumerate(row):
                out[base + c] = (i + 1) / k
            base += d
            for c in view.reserves[s]:
                out[base + c] = 1.0
            base += d
            for c in (view.looking if s == me else view.looking_known[s]):
                out[base + c] = 1.0
            base += d
            for depth, c in view.life_known[s]:
                out[base + c] = 1.0 / (1 + depth)
        base = self._shared
        for depth, c in view.draw_known:
            out[base + c] = 1.0 / (1 + depth)
        base += d
        for c in view.discard:
            out[base + c] = 1.0
        base += d
        for i, c in enumerate(view.fortune):
            out[base + c] = 1.0 / (1 + i)
        base += d
        pending = view.pending
        if pending is not None and pending.card >= 0:
            out[base + pending.card] = 1.0
        base += d
        for c, used in view.uses.items():
            out[base + c] = min(used, 4) / 4
        self._write_seats(view, out)
        self._write_game(view, out)
        if pending is not None:
            out[self._question + KINDS.index(pending.kind)] = 1.0
            if pending.pick is not None:
                out[self._question + len(KINDS) + PICKS.index(pending.pick.does)] = 1.0

    def _write_seats(self, view: View, out: Sink) -> None:
        # SEAT_FEATURES in order, written out: this runs for every seat of every observation.
        n, me = self.players, view.seat
        width = len(SEAT_FEATURES)
        asked = view.pending.seat if view.pending is not None else -1
        for s in range(n):
            b = self._seats + (s - me) % n * width
            if view.defeated[s]:  # R8.4: nothing of it is left on the table
                out[b + 1] = 1.0
                continue
            if view.in_round[s]:
                out[b] = 1.0
            if s == asked:
                out[b + 2] = 1.0
            if s == view.current:
                out[b + 3] = 1.0
            if s == view.starting_seat:
                out[b + 4] = 1.0
            if s == view.last_winner:
                out[b + 5] = 1.0
            if s == view.next_seat:
                out[b + 6] = 1.0
            row, reserves = view.rows[s], view.reserves[s]
            if row:
                out[b + 7] = view.totals[s] / SCALE
                out[b + 8] = max(card_to_beat(view, s) + 1, 0) / SCALE
            if row or reserves:
                out[b + 9] = round_damage(view, s) / SCALE
                out[b + 10] = float(ward(view, s))
                out[b + 12] = len(reserves) / SCALE
            out[b + 11] = view.life_counts[s] / SCALE
            out[b + 13] = view.looking_counts[s] / SCALE

    def _write_game(self, view: View, out: Sink) -> None:
        d = self.deck.size
        chance = 0.0
        if view.in_round[view.seat]:  # R4.3 as this seat may know it; 0 out of the round
            top, pool = reveal_pool(view)
            chance = reveal_chance(view.deck, top, pool, card_to_beat(view, view.seat))
        values = (
            view.draw_count / d, len(view.discard) / d, view.round / (view.round + 10),
            view.decisions / (view.decisions + 100), view.quiet_rounds / STALEMATE_ROUNDS,
            view.damaged, view.over, view.stalemate, chance,
        )
        for i, value in enumerate(values):
            if value:
                out[self._game + i] = float(value)

    def located(self, vector: Sequence[float]) -> set[int]:
        """The cards whose place `vector` shows: the uids with a value in any place plane
        (not the question's card nor the used abilities, which are no places). For the
        privacy test: they must all be cards the seat may locate (`View.located`)."""
        d = self.deck.size
        end = self.plane("question")  # the place planes come first, the question's card next
        return {i % d for i in compress(range(end), vector[:end])}


# ---------------------------------------------------------------------- the table as text

def table_text(public: PublicView, names: Sequence[str], mine: View | None = None) -> str:
    """The table as a few lines of plain text (what everyone sees, R11.1), plus the drawn
    cards of `mine`'s seat when given: for a learning environment's `render`. ``>`` marks
    the seat asked the pending question."""
    deck = public.deck

    def cards(zone: Sequence[int], none: str) -> str:
        return ", ".join(f"{deck.card[c].name} {deck.strength[c]}/{deck.damage[c]}"
                         for c in zone) or none

    top = f" (top: {cards(public.discard[-1:], '')})" if public.discard else ""
    lines = [f"Round {public.round}; Draw Deck {public.draw_count} cards; discard pile "
             f"{len(public.discard)}{top}"]
    asked = public.pending.seat if public.pending is not None else -1
    for s in range(public.players):
        mark = ">" if s == asked else " "
        if public.defeated[s]:
            lines.append(f"{mark} {names[s]}: defeated")
            continue
        beat = card_to_beat(public, s)
        row = f"row {cards(public.rows[s], 'empty')}"
        if public.rows[s]:
            row += f" (total {public.totals[s]}, to beat {beat})"
        elif not public.in_round[s] and not public.over:
            row += " (out of the round)"
        lines.append(f"{mark} {names[s]}: Life Deck {public.life_counts[s]}; reserves "
                     f"{cards(public.reserves[s], 'none')}; {row}")
        if mine is not None and mine.seat == s and mine.looking:
            lines.append(f"    drawn from the Life Deck: {cards(mine.looking, '')}")
    if public.over:
        fortune = f"; the fortune: {cards(public.fortune, '')}" if public.fortune else ""
        lines.append(f"{names[public.winner]} wins{fortune}")
    elif public.pending is not None:
        lines.append(f"{names[asked]} to answer: {public.pending.kind}")
    return "\n".join(lines) + "\n"
