"""The Dread Draw rules engine: one `Game` owns the whole state and runs the rules of RULES.md.

The game advances by itself until a player must choose; then `pending` holds a `Decision`
(whose seat, what kind, the legal options) and `choose(option)` applies the answer, runs the
rules forward to the next Decision, and returns the events that happened.

How it runs: the rules still to carry out are a stack of *frames*, each a plain tuple
``(step_function, args)``. A step may push more frames or ask a Decision, naming the step
that will receive the answer. Frames hold only seats, numbers and public cards — never a
card hidden from any seat — so the stack can be copied cheaply for the CPU's search and
shown in a seat's view without leaking anything (R11).

Zones are lists of card uids (see `dread_draw.rules.deck.Deck`). The Draw Deck and Life
Decks keep their *top at the end* of the list, so taking the top card is `pop()`. The
state's fields are declared once, in `dread_draw.rules.state`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from operator import not_
from typing import Any

from dread_draw.rules import public
from dread_draw.rules.decision import (
    KEEP,
    ORDER,
    PICK_CARD,
    PICK_SEAT,
    REVEAL,
    SEAT_PICKS,
    SKIP,
    SUMMON,
    USE,
    USE_IT,
    Decision,
    Pick,
)
from dread_draw.rules.deck import LIFE_DECK_SIZE, Deck
from dread_draw.rules.errors import IllegalChoice
from dread_draw.rules.later import SeededLater as _SeededLater
from dread_draw.rules.public import (
    card_to_beat,
    damage_taken,
    next_to_play,
    round_damage,
)
from dread_draw.rules.registry import EFFECTS
from dread_draw.rules.state import (
    FRAMES,
    HIDDEN,
    HIDDEN_ZONES,
    KNOWLEDGE,
    LOG,
    PENDING,
    PER_SEAT,
    PILE,
    PRIVATE_ZONES,
    REPLACED,
    RESUME,
    RNG,
    SECRET,
    SHARED,
    SLOTS,
    STATE,
    VALUE,
    ZONES,
)
from dread_draw.rules.view import (
    PublicView,
    View,
    public_snapshot,
    snapshot,
)

STALEMATE_ROUNDS = 10  # R10.3
_REVEAL_ONLY = (REVEAL,)  # a summon with no reserve card that beats the row
_USE_OR_SKIP = (USE_IT, SKIP)  # the options of every USE decision (R9.1)
_ANSWERED: Decision | None = None  # what `pending` holds once answered (see `Game.play`)
_new_decision = tuple.__new__  # Decision(...) without its keyword-argument layer: on every ask

Event = dict[str, Any]
Step = Callable[..., None]
Frame = tuple[Step, tuple[Any, ...]]


class Game:
    """The state of one game and its own RNG. Build with `Game(deck, players, seed)`.

    Its fields are those of the state declaration (`dread_draw.rules.state.STATE`); the
    annotations below only give them their types, and are checked against it."""

    __slots__ = SLOTS
    deck: Deck
    n: int
    seed: int
    rng: random.Random
    events: list[Event] | None
    draw: list[int]
    life: list[list[int]]
    looking: list[list[int]]
    knows: list[set[int]]
    discard: list[int]
    fortune: list[int]
    rows: list[list[int]]
    reserves: list[list[int]]
    in_round: list[bool]
    defeated: list[bool]
    totals: list[int]
    uses: Mapping[int, int]
    round: int
    starting_seat: int
    current: int
    last_winner: int
    quiet_rounds: int
    damaged: bool
    winner: int
    over: bool
    stalemate: bool
    decisions: int
    next_seat: int
    pending: Decision | None
    _resume: Frame | None
    _stack: list[Frame]

    def __init__(self, deck: Deck | None = None, players: int = 0, seed: int = 0, *,
                 events: bool = True, game_index: int = 0,
                 seat_info: list[dict[str, str]] | None = None) -> None:
        """Shuffle (R2.1), deal 10 cards to each Life Deck, pick a starting player (R2.3).

        Without a deck: a game with no field set yet, for the constructors that set every
        field themselves — through `blank_game`, which skips even this in pure Python."""
        if deck is None:
            return
        deck.check_players(players)
        rng = random.Random(seed)
        order = list(range(deck.size))
        shuffle(rng, order)
        life = [order[i * LIFE_DECK_SIZE:(i + 1) * LIFE_DECK_SIZE] for i in range(players)]
        draw = order[players * LIFE_DECK_SIZE:]
        self._init(deck, players, seed, rng, life, draw, [], [[] for _ in range(players)],
                   rng.randrange(players), events, game_index, seat_info)

    @classmethod
    def setup(cls, deck: Deck, players: int, *, life: list[list[int]],
              draw: list[int] | None = None, reserves: list[list[int]] | None = None,
              discard: list[int] | None = None,
              rest: str = "draw", starting_seat: int = 0, seed: int = 0,
              events: bool = True) -> Game:
        """A hand-built position for tests: zones given *top card first* (uids).

        Cards not placed anywhere go under the Draw Deck (``rest="draw"``) or onto the
        discard pile (``rest="discard"``), in uid order, so every card is in one zone (R1.4).
        """
        draw = list(draw or [])
        discard = list(discard or [])
        reserves = [list(r) for r in reserves] if reserves else [[] for _ in range(players)]
        placed = [c for z in life for c in z] + draw + discard + [c for z in reserves for c in z]
        if len(set(placed)) != len(placed) or not all(0 <= c < deck.size for c in placed):
            raise ValueError("setup: a card is placed twice or does not exist")
        left = [c for c in range(deck.size) if c not in set(placed)]
        if rest == "draw":
            draw += left
        else:
            discard = left + discard
        g = blank_game(cls)
        g._init(deck, players, seed, random.Random(seed), [z[::-1] for z in life], draw[::-1],
                discard, reserves, starting_seat, events, 0, None)
        return g

    def _init(self, deck: Deck, players: int, seed: int, rng: random.Random,
              life: list[list[int]], draw: list[int], discard: list[int],
              reserves: list[list[int]], starting_seat: int, events: bool, game_index: int,
              seat_info: list[dict[str, str]] | None) -> None:
        self.deck = deck
        self.n = players
        self.seed = seed
        self.rng = rng
        self.events = [] if events else None
        self.draw = draw
        self.discard = discard
        self.life = [list(z) for z in life]
        self.reserves = reserves
        self.rows = [[] for _ in range(players)]
        self.looking = [[] for _ in range(players)]
        self.in_round = [False] * players
        self.defeated = [False] * players
        self.totals = [0] * players
        self.knows = [set() for _ in range(players)]
        self.round = 0
        self.starting_seat = starting_seat
        self.current = starting_seat
        self.last_winner = -1
        self.quiet_rounds = 0
        self.damaged = False
        self.winner = -1
        self.over = False
        self.stalemate = False
        self.pending = None
        self._resume = None
        self._stack = []
        self.decisions = 0
        self.next_seat = -1
        self.fortune = []
        # R9.1: optional abilities used this round, per card (public: everyone sees them). A
        # new mapping on every change, so copies and views may share it. CPU seats read it to
        # stop Reserve abilities from feeding each other for ever (two Thieves swapping).
        self.uses = {}
        if self.events is not None:
            info = seat_info or [{"name": f"Seat {s + 1}", "agent": ""} for s in range(players)]
            self.events.append({
                "type": "game_start", "game": game_index, "seed": seed,
                "players": [{"seat": s, **info[s]} for s in range(players)],
                "deck_size": deck.size, "life": [len(z) for z in self.life],
                "draw": len(self.draw), "starting_seat": starting_seat,
            })
        self._stack.append((_start_round, ()))
        self._run()

    # ----------------------------------------------------------------------------- playing

    def choose(self, option: object) -> list[Event]:
        """Answer the pending Decision; return the events up to the next one (R-numbered).

        An option the Decision does not offer — anything but exactly one of its ints: a bool,
        a float or a string equal to one is not an option — raises IllegalChoice and changes
        nothing. (`option: object`: whatever a caller passes is checked here, never converted on
        the way in — a compiled core would take a bool for the int it equals.)
        """
        d = self.pending
        resume = self._resume
        if d is None:
            raise IllegalChoice("The game is over: there is nothing left to choose.")
        if type(option) is not int or option not in d.options or resume is None:
            raise IllegalChoice(
                f"{option!r} is not a legal answer to this {d.kind!r} decision of seat {d.seat}; "
                f"the options are {list(d.options)}."
            )
        ev = self.events
        if ev is None:  # (events off: nothing to collect, one test instead of three)
            self.play(option)
            return []
        start = len(ev)
        self.play(option)
        return ev[start:]

    def play(self, option: int) -> None:
        """`choose` unchecked, and without collecting the events: what `choose` does once the
        answer is checked, and all the CPU's search calls, which answers only with one of the
        pending Decision's options (python-chess's `push` beside `push_san`). Anything else may
        leave the game broken."""
        d = self.pending
        fn, args = self._resume  # type: ignore[misc]  # pending: so is its step to resume
        # (`_ANSWERED`, not None: a None assigned here would let mypy take `pending` for None
        # to the end of this method, and a compiled core would then refuse the next Decision)
        self.pending = _ANSWERED
        self._resume = None
        self.decisions += 1
        # plain calls for the usual one or two arguments: a call with *args costs 3 times as
        # much, and this runs at every decision of every game and of the CPU's search
        n = len(args)
        if n == 1:
            fn(self, d.seat, args[0], option)  # type: ignore[union-attr]
        elif n == 2:
            fn(self, d.seat, args[0], args[1], option)  # type: ignore[union-attr]
        else:
            fn(self, d.seat, *args, option)  # type: ignore[union-attr]
        stack = self._stack
        while stack and self.pending is None:  # `_run`, written out (and so below)
            fn, args = stack.pop()
            n = len(args)
            if n == 1:
                fn(self, args[0])
            elif n == 2:
                fn(self, args[0], args[1])
            elif n == 3:
                fn(self, args[0], args[1], args[2])
            else:
                fn(self, *args)

    def copy(self, rng: random.Random | None = None) -> Game:
        """An independent copy of the whole state (for search); the copy records no events.

        Its RNG continues this game's, or is `rng` if given: a driver that chooses the shuffles
        itself (the OpenSpiel adapter) saves cloning the RNG, most of the cost of a copy."""
        g: Game = _copy(self, rng)
        return g

    def view(self, seat: int) -> View:
        """What `seat` may know (R11): see `dread_draw.rules.view.View`."""
        return snapshot(self, seat)

    def public_view(self) -> PublicView:
        """What someone who holds no seat may know (R11.1): see `PublicView`."""
        return public_snapshot(self)

    # ----------------------------------------------------------------------------- queries

    @property
    def players(self) -> int:
        return self.n

    @property
    def draw_count(self) -> int:
        return len(self.draw)

    @property
    def life_counts(self) -> tuple[int, ...]:
        return tuple(map(len, self.life))

    def card_to_beat(self, seat: int) -> int:
        """The strength a summon must exceed (R4.2); -1 with an empty row (anything succeeds)."""
        return card_to_beat(self, seat)

    def alive(self) -> list[int]:
        """Seats not defeated."""
        return [s for s in range(self.n) if not self.defeated[s]]

    def zone_sizes(self) -> int:
        """Cards in all zones together; always the deck size (R1.4)."""
        return (len(self.draw) + len(self.discard) + sum(map(len, self.life))
                + sum(map(len, self.reserves)) + sum(map(len, self.rows))
                + sum(map(len, self.looking)))

    # ----------------------------------------------------------------- machinery for steps

    def ask(self, seat: int, kind: str, options: Iterable[int], fn: Step,
            args: tuple[Any, ...] = (), card: int = -1, prompt: str = "",
            pick: Pick | None = None) -> None:
        """Stop until `seat` chooses; the answer goes to ``fn(game, seat, *args, option)``."""
        if type(options) is not tuple:
            options = tuple(options)
        if not options:
            raise ValueError(f"a {kind!r} decision with no option to choose")
        self.pending = _new_decision(Decision, (seat, kind, options, card, prompt, pick,
                                                self.decisions))
        self._resume = (fn, args)

    def ask_pick(self, seat: int, pick: Pick, options: Iterable[int], fn: Step,
                 args: tuple[Any, ...] = (), *, card: int, **words: object) -> None:
        """Ask for an ability's parameter: the `Pick` says what choosing does (for the CPU)
        and asks the question (for players; `words` fill its placeholders)."""
        kind = PICK_SEAT if pick.does in SEAT_PICKS else PICK_CARD
        prompt = pick.prompt.format(**words) if words else pick.prompt
        self.ask(seat, kind, options, fn, args, card, prompt, pick)

    def push(self, fn: Step, *args: Any) -> None:
        """Schedule ``fn(game, *args)``; frames run last-pushed first."""
        self._stack.append((fn, args))

    def emit(self, type_: str, **fields: Any) -> None:
        """Record an event: complete now, never changed afterwards (an event is a fact)."""
        if self.events is not None:
            self.events.append({"type": type_, **fields})

    def ev_card(self, c: int) -> dict[str, Any] | None:
        """A card as the event log writes it (docs/DESIGN.md)."""
        if c < 0:
            return None
        card = self.deck.card[c]
        return {"id": card.id, "strength": card.strength, "damage": card.damage, "uid": c}

    def ev_cards(self, cards: Iterable[int]) -> list[dict[str, Any] | None]:
        return [self.ev_card(c) for c in cards]

    def _run(self) -> None:
        stack = self._stack
        pop = stack.pop
        while self.pending is None and stack:
            fn, args = pop()
            fn(self, *args)

    # ------------------------------------------------------------- moving cards (the rules)

    def take_from_draw(self, moved: Collection[int] = ()) -> int:
        """Take the top card of the Draw Deck, reshuffling the discard pile first if the
        Draw Deck is empty (R6.1); -1 when both are empty (R4.6).

        `moved`: the cards the same effect has already moved (R6.2: an effect moves each card
        at most once): a reshuffle leaves them on the discard pile, and when nothing else is
        left to take, there is no card (-1)."""
        if not self.draw:
            pile, stay = self.discard, []
            if moved:
                stay = [c for c in pile if c in moved]
                pile = [c for c in pile if c not in moved]
            if not pile:
                return -1
            self.draw, self.discard = pile, stay
            self.rng.shuffle(self.draw)
            moved = set(self.draw)
            for k in self.knows:  # a shuffled card's place is known to nobody
                k -= moved
            if self.events is not None:
                self.emit("reshuffle", count=len(self.draw))
        return self.draw.pop()

    def to_reserves(self, seat: int, c: int) -> None:
        """Put a card in `seat`'s reserves; offer its Reserve ability (R9.3)."""
        self.reserves[seat].append(c)
        if self.deck.when[c] == "reserve":
            self._stack.append((offer, (seat, c, "reserve")))

    def trigger(self, actor: int, placed: Sequence[tuple[int, int]], when: str) -> None:
        """Offer the `when` abilities of cards that one action placed — (seat, card) pairs —
        in turn: the acting player's first, then the others clockwise from them (R9.6)."""
        n = self.n
        due = sorted(((s - actor) % n, i, s, c) for i, (s, c) in enumerate(placed)
                     if self.deck.when[c] == when)
        for _, _, s, c in reversed(due):  # frames run last-pushed first
            self.push(offer, s, c, when)

    def gain_life(self, seat: int, amount: int) -> None:
        """R8.5: put `amount` cards from the Draw Deck face down on top of the Life Deck."""
        got = 0
        for _ in range(amount):
            c = self.take_from_draw()
            if c < 0:  # R4.6: take as many as there are
                break
            self.life[seat].append(c)
            got += 1
        if self.events is not None:
            self.emit("gain_life", seat=seat, amount=got, life=len(self.life[seat]))

    def look(self, seat: int, cards: Iterable[int]) -> None:
        """`seat` privately sees these hidden cards (R11.2): it knows where they are."""
        self.knows[seat].update(cards)

    def summoned(self, seat: int, c: int, source: str, beat: int) -> None:
        """A successful summon (R4.3) over the card to beat `beat` (R4.2): escalate, then
        offer the Summon ability (R9.2). The event says what it beat (the bar), so that no
        reader works it out again."""
        row = self.rows[seat]
        deck = self.deck
        strength = deck.strength[c]
        if self.events is not None:
            self.emit("summon", seat=seat, card=self.ev_card(c), source=source,
                      row_total=self.totals[seat] + strength,
                      beat_card=self.ev_card(row[-1] if row else -1), beat=beat)
        row.append(c)
        self.totals[seat] += strength
        if deck.when[c] == "summon":
            self._stack.append((offer, (seat, c, "summon")))


# A Game with no field set yet (`Game()`, without its `__init__` call in pure Python): the
# one way to build a game without the deal, for the constructors that set every field
# themselves (`Game.setup`, `Game.copy`, `determinize`). `Game.__new__` is `object.__new__`
# itself in pure Python; a Game compiled with mypyc (docs/ARCHITECTURE.md, "A compiled
# core") refuses `object.__new__`, and its own `__new__` runs `Game()`'s `__init__`, which
# returns at once without a deck.
blank_game: Callable[[type[Game]], Game] = Game.__new__

# The typed fields mirror the declaration exactly (checked on the pure-Python core: a compiled
# Game, built from the same source, keeps no annotations).
_typed: dict[str, Any] = getattr(Game, "__annotations__", {}) or dict.fromkeys(SLOTS)
if set(_typed) != set(SLOTS):
    raise TypeError(f"Game's annotated fields differ from the state declaration: "
                    f"{sorted(set(_typed) ^ set(SLOTS))}")


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """``rng.shuffle(cards)`` written out: the very same swaps from the very same numbers
    (`random.Random.shuffle` and its `_randbelow` with getrandbits, which every generator
    used here has), without two method calls per card — the deal shuffles a whole deck at
    the start of every game (tests/test_rules.py compares the two). The rules' later
    shuffles call ``rng.shuffle``: the OpenSpiel adapter answers them as chance nodes."""
    steps = _SHUFFLE_STEPS.get(len(cards))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(cards)] = tuple(
            (i, i + 1, (i + 1).bit_length()) for i in range(len(cards) - 1, 0, -1))
    getrandbits = rng.getrandbits
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


# per number of cards: each swap's place, the range it draws from and that range's bits
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _fill(count: int, known: Sequence[tuple[int, int]], pool: list[int]) -> list[int]:
    """A hidden zone (top at the end) with known depths in place and the rest from `pool`."""
    if not known and count:  # (most often: nothing known, the pile straight from the pool)
        zone = pool[-count:]
        del pool[-count:]
        return zone
    at = dict(known)
    zone = [at[depth] if depth in at else pool.pop() for depth in range(count)]
    return zone[::-1]


def _clone_rng(rng: random.Random) -> random.Random:
    """A generator in the same state (without seeding a new one from the system first)."""
    if isinstance(rng, _SeededLater) and rng.seed_later is not None:
        return _SeededLater(rng.seed_later)
    twin = random.Random.__new__(random.Random)
    twin.setstate(rng.getstate())
    return twin


def _compile(name: str, head: str, templates: Mapping[str, Sequence[str]], tail: str,
             scope: dict[str, Any]) -> Any:
    """A function written out from the state declaration: `head`, then for every field the
    statements its kind's template gives (``{f}``: the Game field, ``{v}``: its name in a
    View), then `tail`. Copying and determinizing run inside the CPU's search: a loop over
    the declaration would cost several times more."""
    lines = [head]
    for field, kind, shown in STATE:
        lines += ["    " + t.format(f=field, v=shown) for t in templates[kind]]
    lines.append(tail)
    exec(compile("\n".join(lines), f"<dread_draw.rules.game.{name}>", "exec"), scope)
    return scope[name]


_copy = _compile("_copy", "def _copy(self, rng):\n    g = new(Game)", {
    VALUE: ["g.{f} = self.{f}"], SHARED: ["g.{f} = self.{f}"],
    REPLACED: ["g.{f} = self.{f}"], SECRET: ["g.{f} = self.{f}"],
    PENDING: ["g.{f} = self.{f}"], RESUME: ["g.{f} = self.{f}"],
    PER_SEAT: ["g.{f} = self.{f}[:]"], PILE: ["g.{f} = self.{f}[:]"],
    HIDDEN: ["g.{f} = self.{f}[:]"], FRAMES: ["g.{f} = self.{f}[:]"],
    ZONES: ["g.{f} = [z[:] for z in self.{f}]"],
    HIDDEN_ZONES: ["g.{f} = [z[:] for z in self.{f}]"],
    PRIVATE_ZONES: ["g.{f} = [z[:] for z in self.{f}]"],
    KNOWLEDGE: ["g.{f} = [k.copy() for k in self.{f}]"],
    RNG: ["g.{f} = clone(self.{f}) if rng is None else rng"],
    LOG: ["g.{f} = None"],
}, "    return g", {"new": blank_game, "Game": Game, "clone": _clone_rng})

_determinize = _compile("_determinize", (
    "def _determinize(view, rng, pool):\n"
    "    key = rng.random\n"
    "    pool.sort(key=lambda c: key())\n"
    "    seat = view.seat\n"
    "    knows = set()\n"
    "    g = new(Game)"), {
    VALUE: ["g.{f} = view.{v}"], SHARED: ["g.{f} = view.{v}"],
    PENDING: ["g.{f} = view.{v}"], RESUME: ["g.{f} = view.{v}"],
    REPLACED: ["g.{f} = dict(view.{v})"],
    SECRET: ["g.{f} = 0"],
    RNG: ["g.{f} = Later(rng.getrandbits(64))"],
    LOG: ["g.{f} = None"],
    PER_SEAT: ["g.{f} = list(view.{v})"], PILE: ["g.{f} = list(view.{v})"],
    FRAMES: ["g.{f} = list(view.{v})"],
    ZONES: ["g.{f} = [list(z) for z in view.{v}]"],
    HIDDEN: ["g.{f} = fill(view.{v}_count, view.{v}_known, pool)",
             "knows.update([c for _, c in view.{v}_known])"],
    HIDDEN_ZONES: ["g.{f} = [fill(n, k, pool) for n, k in zip(view.{v}_counts, view.{v}_known)]",
                   "for k in view.{v}_known: knows.update([c for _, c in k])"],
    PRIVATE_ZONES: ["g.{f} = [list(view.{v}) if s == seat else "
                    "list(k) + [pool.pop() for _ in range(n - len(k))] "
                    "for s, (n, k) in enumerate(zip(view.{v}_counts, view.{v}_known))]",
                    "knows.update(view.{v})",
                    "for k in view.{v}_known: knows.update(k)"],
    KNOWLEDGE: ["g.{f} = [knows if s == seat else set() for s in range(view.players)]"],
}, "    assert not pool, 'determinize: cards left over'\n    return g",
    {"new": blank_game, "Game": Game, "Later": _SeededLater, "fill": _fill})


def determinize(view: View, rng: random.Random, unseen: Sequence[int] | None = None) -> Game:
    """A complete Game consistent with `view`: the cards this seat cannot see dealt at random
    into the hidden places, everything else as the view shows it (so the game's view for
    that seat is the very same view). Only the viewer's own pending decision can be answered
    (another seat's shows no options, as in the view). Written out from the state
    declaration, like `Game.copy` and the view.

    `unseen`: `view.unseen()`, for a caller that deals the same view many times. (The unseen
    cards are shuffled by sorting on random keys: as uniform as `rng.shuffle`, and several
    times faster, which counts inside the CPU's search.)"""
    g: Game = _determinize(view, rng, list(view.unseen() if unseen is None else unseen))
    return g


def skip_determinize(rng: random.Random, unseen: int) -> None:
    """Advance `rng` past one `determinize` of a view whose seat cannot place `unseen` cards:
    the very draws it makes (a key per unseen card, then its game's seed), without dealing
    anything — for a search that plays only some of its samples (tests/test_ai.py checks
    that the two leave the generator alike)."""
    draw = rng.random
    for _ in range(unseen):
        draw()
    rng.getrandbits(64)


# ------------------------------------------------------------------------------ the steps
# Each step is `step(game, *args)`; a step that receives an answer is called as
# `step(game, seat, *args, option)`.

def _start_round(g: Game) -> None:
    """R3.1: everyone not defeated is in the round with an empty row."""
    g.round += 1
    g.damaged = False
    g.uses = {}
    g.in_round = list(map(not_, g.defeated))
    if g.events is not None:
        g.emit("round_start", round=g.round, starting_seat=g.starting_seat,
               in_round=[s for s in range(g.n) if g.in_round[s]])
    _turn(g, g.starting_seat)  # R3.2 (the step's last act: no frame needed)


def _turn(g: Game, seat: int) -> None:
    """R4.1: try to summon one card: reveal, or a reserve card that beats the row (R4.5)."""
    g.current = seat
    if g.events is not None:
        g.emit("turn", seat=seat)
    beat = card_to_beat(g, seat)
    reserves = g.reserves[seat]
    options: tuple[int, ...] = _REVEAL_ONLY
    if reserves:
        strength = g.deck.strength
        beating = [REVEAL]
        for c in reserves:
            if public.beats(strength[c], beat):  # R4.5 (R4.3's one place, looked up there)
                beating.append(c)
        options = tuple(beating)
    # `ask` written out: the most frequent Decision of every game, never without an option
    g.pending = _new_decision(Decision, (seat, SUMMON, options, -1, "", None, g.decisions))
    g._resume = (_summon, (beat,))


def _summon(g: Game, seat: int, beat: int, option: int) -> None:
    stack = g._stack
    depth = len(stack)
    if option != REVEAL:
        g.reserves[seat].remove(option)
        g.summoned(seat, option, "reserve", beat)
    else:
        draw = g.draw
        c = draw.pop() if draw else g.take_from_draw()
        if c >= 0 and public.beats(g.deck.strength[c], beat):  # R4.3
            g.summoned(seat, c, "draw", beat)
        else:
            if c >= 0:  # R4.4: the revealed card is discarded; R4.6: no card at all
                g.discard.append(c)
            eliminate(g, seat, c, beat)
    # R5 after what the attempt set going (a Summon ability, Aftermaths, the row's discard):
    # its frame goes under theirs, or, when there are none, runs now (no frame needed).
    if len(stack) == depth:
        _after_attempt(g, seat)
    else:
        stack.insert(depth, (_after_attempt, (seat,)))


def eliminate(g: Game, seat: int, failed: int, beat: int) -> None:
    """R4.4: out of the round; Aftermath abilities of the row trigger (R9.4), then the row
    is discarded. The `fail` event comes first, so the log says why before any Aftermath
    is asked; `discarded` is the row at that moment (an Aftermath may still keep one of
    its cards: its outcome event says which); `beat_card` and `beat` what `failed` had to
    beat (R4.2)."""
    g.in_round[seat] = False
    if g.events is not None:
        row = g.rows[seat]
        g.emit("fail", seat=seat, card=g.ev_card(failed), discarded=g.ev_cards(row),
               beat_card=g.ev_card(row[-1] if row else -1), beat=beat)
    _aftermaths_then(g, seat, _discard_row)


def _aftermaths_then(g: Game, seat: int, then: Callable[[Game, int], None]) -> None:
    """R9.4: the Aftermath abilities of `seat`'s row trigger, then ``then(g, seat)`` runs:
    at once when none did (no frame needed: it would run next)."""
    row = g.rows[seat]
    cards = g.deck.aftermath_cards
    if cards.isdisjoint(row):  # (most often: one set's test, no Python loop)
        then(g, seat)
    else:
        stack = g._stack
        stack.append((then, (seat,)))
        stack.append((_aftermaths, (seat, tuple([c for c in row if c in cards]))))


def _aftermaths(g: Game, seat: int, triggered: tuple[int, ...]) -> None:
    """R9.4: several Aftermaths at once: their owner picks the order. R9.6: one whose card
    has left the row meanwhile (an earlier Aftermath moved it) is lost."""
    row = g.rows[seat]
    still = tuple(c for c in triggered if c in row)
    for c in triggered:
        if c not in still:
            _lost(g, seat, c, "aftermath")
    if len(still) == 1:
        g.push(offer, seat, still[0], "aftermath")
    elif still:
        g.ask(seat, ORDER, still, _aftermath_next, (still,))


def _aftermath_next(g: Game, seat: int, triggered: tuple[int, ...], c: int) -> None:
    g.push(_aftermaths, seat, tuple(x for x in triggered if x != c))
    g.push(offer, seat, c, "aftermath")


def _discard_row(g: Game, seat: int) -> None:
    g.discard.extend(g.rows[seat])
    g.rows[seat] = []
    g.totals[seat] = 0


def offer(g: Game, seat: int, c: int, when: str) -> None:
    """R9.1: a Summon, Reserve or Aftermath ability is optional: ask, every time — unless its
    card has left the place where it triggered before its turn came (R9.6: the ability is
    lost), or it could do nothing now, as anyone can see (R9.7: it is not offered). The log
    says which."""
    a = g.deck.ability[c]
    assert a is not None
    if c not in (g.reserves[seat] if when == "reserve" else g.rows[seat]):  # R9.6
        _lost(g, seat, c, when)
        return
    if not EFFECTS[a.effect].could_act(g, seat, c, a.params):  # R9.7
        if g.events is not None:
            g.emit("ability_idle", seat=seat, card=g.ev_card(c), when=when, effect=a.effect)
        return
    g.ask(seat, USE, _USE_OR_SKIP, _use, (c, when), c)


def _lost(g: Game, seat: int, c: int, when: str) -> None:
    """R9.6: the card is no longer where its ability triggered: the ability is lost."""
    if g.events is not None:
        a = g.deck.ability[c]
        assert a is not None
        g.emit("ability_lost", seat=seat, card=g.ev_card(c), when=when, effect=a.effect)


def _use(g: Game, seat: int, c: int, when: str, option: int) -> None:
    a = g.deck.ability[c]
    assert a is not None
    if g.events is not None:
        g.emit("ability", seat=seat, card=g.ev_card(c), when=when, effect=a.effect,
               used=option == USE_IT)
    if option == USE_IT:
        g.uses = {**g.uses, c: g.uses.get(c, 0) + 1}
        run = EFFECTS[a.effect].run
        assert run is not None
        run(g, seat, c, a.params)


def outcome(g: Game, seat: int, card: int, **fields: Any) -> None:
    """What an ability did, as its own event (the `Tell` of its effect says it in words)."""
    if g.events is not None:
        a = g.deck.ability[card]
        assert a is not None
        g.emit("outcome", seat=seat, card=g.ev_card(card), effect=a.effect, **fields)


def _after_attempt(g: Game, seat: int) -> None:
    """R5: after every attempt the lowest row total plays next; R3.3: or the round ends."""
    nxt = next_to_play(g, seat)
    g.next_seat = -1  # an ability's choice of the next player (R13) holds for one turn
    if nxt >= 0:
        _turn(g, nxt)  # the step's last act: no frame needed
        return
    for s in range(g.n):
        if g.in_round[s]:
            _end_round(g, s)
            return
    raise AssertionError("a round ended with nobody in it")


def _end_round(g: Game, winner: int) -> None:
    """R7: the winner's Aftermaths (before damage, R7.3), then damage from their left."""
    _aftermaths_then(g, winner, _deal_damage)


def _deal_damage(g: Game, winner: int) -> None:
    damage = round_damage(g, winner)  # R7.1
    if g.events is not None:  # `row`: the winning row (docs/DESIGN.md welcomes more fields)
        g.emit("round_end", round=g.round, winner=winner, damage=damage,
               row=g.ev_cards(g.rows[winner]))
    push = g._stack.append
    push((_finish_round, (winner,)))
    defeated = g.defeated
    n = g.n
    for k in range(n - 1, 0, -1):  # R7.2: from the winner's left, so pushed in reverse
        s = (winner + k) % n
        if not defeated[s]:
            push((take_damage, (s, damage)))


def take_damage(g: Game, seat: int, amount: int) -> None:
    """R8.1: draw that many Life Deck cards, keep one in reserves, discard the rest."""
    amount = damage_taken(g, seat, amount)  # R9.5: less the seat's ward
    if amount <= 0:  # R8.3: 0 damage is no damage
        return
    g.damaged = True
    life = g.life[seat]
    if not life:  # R8.2: only damage with an empty Life Deck defeats
        if g.events is not None:
            g.emit("damage", seat=seat, amount=amount, drawn=[], kept=None, life=0)
        defeat(g, seat)
        return
    k = min(amount, len(life))
    drawn = life[:-k - 1:-1]  # drawn one by one from the top (the end)
    del life[-k:]
    g.looking[seat] = drawn
    g.knows[seat].update(drawn)  # R11.2: seen by this player only
    if len(drawn) == 1:
        _keep(g, seat, amount, drawn[0])
    else:
        g.ask(seat, KEEP, drawn, _keep, (amount,))


def _keep(g: Game, seat: int, amount: int, kept: int) -> None:
    drawn = g.looking[seat]
    g.looking[seat] = []
    for c in drawn:
        if c != kept:
            g.discard.append(c)
    if g.events is not None:
        g.emit("damage", seat=seat, amount=amount, drawn=g.ev_cards(drawn),
               kept=g.ev_card(kept), life=len(g.life[seat]))
    g.to_reserves(seat, kept)


def defeat(g: Game, seat: int) -> None:
    """R8.1/R8.4: out of the game; reserves and Life Deck go to the discard pile."""
    g.defeated[seat] = True
    g.in_round[seat] = False
    g.discard.extend(g.reserves[seat])
    g.discard.extend(g.life[seat])
    g.discard.extend(g.rows[seat])
    g.reserves[seat] = []
    g.life[seat] = []
    g.rows[seat] = []
    g.totals[seat] = 0
    if g.events is not None:
        g.emit("defeated", seat=seat)


def _finish_round(g: Game, winner: int) -> None:
    """R7.4: the winner discards their row and starts the next round; R7.5/R10.3: or the end."""
    g.discard.extend(g.rows[winner])
    g.rows[winner] = []
    g.totals[winner] = 0
    g.starting_seat = winner
    g.last_winner = winner
    g.quiet_rounds = 0 if g.damaged else g.quiet_rounds + 1
    alive = g.alive()
    if len(alive) == 1:
        _end_game(g, alive[0])
    elif g.quiet_rounds >= STALEMATE_ROUNDS:
        g.stalemate = True
        _end_game(g, stalemate_winner(g))
    else:
        _start_round(g)  # the step's last act: no frame needed


def stalemate_winner(g: Game) -> int:
    """R10.3: most Life Deck cards, then most reserves, then first to the left of the last
    round's winner, counting that winner first."""
    order = [(g.last_winner + k) % g.n for k in range(g.n)]
    alive = [s for s in order if not g.defeated[s]]
    return max(alive, key=lambda s: (len(g.life[s]), len(g.reserves[s]), -order.index(s)))


def _end_game(g: Game, winner: int) -> None:
    """R10.1: the last player remaining wins; R10.2: their Life Deck is shuffled and read, the
    first card read being its top. The cards are face up now: every seat knows them."""
    g.winner = winner
    g.over = True
    g.in_round = [False] * g.n
    fortune = g.life[winner][:]
    g.rng.shuffle(fortune)
    g.fortune = fortune
    g.life[winner] = fortune[::-1]
    for s in range(g.n):
        g.look(s, fortune)
    if g.events is not None:
        g.emit("game_end", winner=winner, rounds=g.round, fortune=g.ev_cards(fortune),
               stalemate=g.stalemate)
