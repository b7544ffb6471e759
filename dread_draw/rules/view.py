"""A seat's view of the game (R11): everything public, plus what this seat alone has seen.

`make_view(game, seat)` is the only way a CPU seat or a screen learns about a game.
`determinize(view, rng)` deals the cards this seat cannot see into the hidden places at
random, consistently with what it knows: a full `Game` the CPU's search may play forward.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dread_draw.cards import Deck
from dread_draw.rules.effects import modifier
from dread_draw.rules.game import Decision, Game


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may know (R11). Zones list uids, rows left to right, the discard pile
    bottom to top. Hidden zones are counts, plus the places this seat has seen
    (`draw_known`, `life_known`: pairs of (depth from the top, uid))."""

    seat: int
    players: int
    deck: Deck
    round: int
    starting_seat: int
    current: int
    last_winner: int
    quiet_rounds: int
    over: bool
    winner: int
    pending: Decision | None  # another seat's pending Decision shows no options
    rows: tuple[tuple[int, ...], ...]
    reserves: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    draw_count: int
    life_counts: tuple[int, ...]
    looking_counts: tuple[int, ...]
    looking: tuple[int, ...]  # this seat's own drawn Life Deck cards (R11.2)
    draw_known: tuple[tuple[int, int], ...]
    life_known: tuple[tuple[tuple[int, int], ...], ...]
    in_round: tuple[bool, ...]
    defeated: tuple[bool, ...]
    totals: tuple[int, ...]
    damaged: bool
    fortune: tuple[int, ...]
    decisions: int
    next_seat: int
    uses: dict  # optional abilities used this round, per card (public, R9.1); do not mutate
    _frames: tuple  # the rules' pending steps (public bookkeeping, see game.py)
    _resume: tuple | None

    def card_to_beat(self, seat: int | None = None) -> int:
        """As `Game.card_to_beat`, from public information."""
        seat = self.seat if seat is None else seat
        row = self.rows[seat]
        if not row:
            return -1
        beat = self.deck.strength[row[-1]]
        if self.deck.has_always:
            beat -= modifier(self.deck, row, self.reserves[seat], "beat")
        return beat

    def located(self) -> set[int]:
        """Every card whose place this seat knows."""
        seen = set(self.discard).union(self.looking, self.fortune)
        for zone in self.rows + self.reserves:
            seen.update(zone)
        seen.update(c for _, c in self.draw_known)
        for known in self.life_known:
            seen.update(c for _, c in known)
        return seen

    def unseen(self) -> list[int]:
        """The cards this seat cannot place: each is equally likely in any hidden slot."""
        seen = self.located()
        return [c for c in range(self.deck.size) if c not in seen]

    def draw_top(self) -> int:
        """The top card of the Draw Deck if this seat knows it, else -1."""
        for depth, c in self.draw_known:
            if depth == 0:
                return c
        return -1


def _known(zone: list[int], knows: set[int]) -> tuple[tuple[int, int], ...]:
    if not knows:
        return ()
    top = len(zone) - 1
    return tuple((top - i, c) for i, c in enumerate(zone) if c in knows)[::-1]


def make_view(g: Game, seat: int) -> View:
    knows = g.knows[seat]
    d = g.pending
    if d is not None and d.seat != seat:
        d = Decision(d.seat, d.kind, (), d.card if d.kind != "keep" else -1, d.prompt)
    return View(
        seat=seat, players=g.n, deck=g.deck, round=g.round, starting_seat=g.starting_seat,
        current=g.current, last_winner=g.last_winner, quiet_rounds=g.quiet_rounds,
        over=g.over, winner=g.winner, pending=d,
        rows=tuple(map(tuple, g.rows)), reserves=tuple(map(tuple, g.reserves)),
        discard=tuple(g.discard), draw_count=len(g.draw),
        life_counts=tuple(map(len, g.life)), looking_counts=tuple(map(len, g.looking)),
        looking=tuple(g.looking[seat]),
        draw_known=_known(g.draw, knows),
        life_known=tuple(_known(z, knows) for z in g.life),
        in_round=tuple(g.in_round), defeated=tuple(g.defeated), totals=tuple(g.totals),
        damaged=g.damaged, fortune=tuple(g.fortune), decisions=g.decisions,
        next_seat=g.next_seat, uses=g.uses, _frames=tuple(g._stack),
        _resume=g._resume if g.pending is not None and g.pending.seat == seat else None,
    )


def _fill(count: int, known, pool: list[int]) -> list[int]:
    """A hidden zone (top at the end) with known depths in place and the rest from `pool`."""
    at = dict(known)
    zone = [at[depth] if depth in at else pool.pop() for depth in range(count)]
    return zone[::-1]


def determinize(view: View, rng: random.Random) -> Game:
    """A complete Game consistent with `view`: unseen cards dealt at random to the hidden
    places. Only the viewer's decision can be answered at the root (others' are masked)."""
    pool = view.unseen()
    rng.shuffle(pool)
    g = Game.__new__(Game)
    n = view.players
    g.deck = view.deck
    g.n = n
    g.seed = 0
    g.rng = random.Random(rng.getrandbits(64))
    g.events = None
    g.draw = _fill(view.draw_count, view.draw_known, pool)
    g.life = [_fill(view.life_counts[s], view.life_known[s], pool) for s in range(n)]
    g.looking = [list(view.looking) if s == view.seat else
                 [pool.pop() for _ in range(view.looking_counts[s])] for s in range(n)]
    g.discard = list(view.discard)
    g.reserves = [list(z) for z in view.reserves]
    g.rows = [list(z) for z in view.rows]
    g.in_round = list(view.in_round)
    g.defeated = list(view.defeated)
    g.totals = list(view.totals)
    g.knows = [set() for _ in range(n)]
    g.knows[view.seat] = {c for _, c in view.draw_known}
    for known in view.life_known:
        g.knows[view.seat].update(c for _, c in known)
    g.knows[view.seat].update(view.looking)
    g.round = view.round
    g.starting_seat = view.starting_seat
    g.current = view.current
    g.last_winner = view.last_winner
    g.quiet_rounds = view.quiet_rounds
    g.damaged = view.damaged
    g.winner = view.winner
    g.over = view.over
    g.stalemate = False
    g.pending = view.pending if view._resume is not None else None
    g._resume = view._resume
    g._stack = list(view._frames)
    g.decisions = view.decisions
    g.next_seat = view.next_seat
    g.fortune = list(view.fortune)
    g._last_ability = {}
    g.uses = view.uses
    assert not pool, "determinize: cards left over"
    return g
