"""The Dread Draw rules engine: one `Game` owns the whole state and runs the rules of RULES.md.

The game advances by itself until a player must choose; then `pending` holds a `Decision`
(whose seat, what kind, the legal options) and `choose(option)` applies the answer, runs the
rules forward to the next Decision, and returns the events that happened.

How it runs: the rules still to carry out are a stack of *frames*, each a plain tuple
``(step_function, args)``. A step may push more frames or ask a Decision, naming the step
that will receive the answer. Frames hold only seats, numbers and public cards — never a
card hidden from any seat — so the stack can be copied cheaply for the CPU's search and
shown in a seat's view without leaking anything (R11).

Zones are lists of card uids (see `dread_draw.cards.Deck`). The Draw Deck and Life Decks
keep their *top at the end* of the list, so taking the top card is `pop()`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dread_draw.cards import LIFE_DECK_SIZE, Deck
from dread_draw.errors import IllegalChoice

# Decision kinds and their options.
SUMMON = "summon"  # options: REVEAL, or the uid of a reserve card that beats the row (R4.1, R4.5)
USE = "use"  # options: USE_IT / SKIP: play an optional Summon/Reserve/Aftermath ability (R9.1)
KEEP = "keep"  # options: uids of the cards drawn from the Life Deck; keep one (R8.1)
ORDER = "order"  # options: uids of triggered Aftermath cards; which resolves next (R9.4)
PICK_CARD = "card"  # an ability's card parameter: options are uids (and maybe DONE)
PICK_SEAT = "seat"  # an ability's player parameter: options are seats
KINDS = (SUMMON, USE, KEEP, ORDER, PICK_CARD, PICK_SEAT)

REVEAL = -1  # SUMMON: reveal the top card of the Draw Deck
DONE = -1  # PICK_CARD: stop choosing (when the ability allows it)
USE_IT, SKIP = 1, 0

STALEMATE_ROUNDS = 10  # R10.3


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice a seat must make: `options` is the single source of truth for what is legal.

    `card` is the card the Decision is about (the ability's card for USE and PICK_*), or -1.
    `prompt` says in words what is being chosen, for abilities' parameters.
    """

    seat: int
    kind: str
    options: tuple[int, ...]
    card: int = -1
    prompt: str = ""


class Game:
    """The state of one game and its own RNG. Build with `Game(deck, players, seed)`."""

    __slots__ = (
        "deck", "n", "seed", "rng", "events", "draw", "discard", "life", "reserves", "rows",
        "looking", "in_round", "defeated", "totals", "knows", "round", "starting_seat",
        "current", "last_winner", "quiet_rounds", "damaged", "winner", "over", "pending",
        "_resume", "_stack", "decisions", "next_seat", "fortune", "stalemate", "_last_ability",
        "uses",
    )

    def __init__(self, deck: Deck, players: int, seed: int = 0, *, events: bool = True,
                 game_index: int = 0, seat_info: list[dict] | None = None):
        """Shuffle (R2.1), deal 10 cards to each Life Deck, pick a starting player (R2.3)."""
        deck.check_players(players)
        rng = random.Random(seed)
        order = list(range(deck.size))
        rng.shuffle(order)
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
        g = cls.__new__(cls)
        g._init(deck, players, seed, random.Random(seed), [z[::-1] for z in life], draw[::-1],
                discard, reserves, starting_seat, events, 0, None)
        return g

    def _init(self, deck, players, seed, rng, life, draw, discard, reserves, starting_seat,
              events, game_index, seat_info):
        self.deck = deck
        self.n = players
        self.seed = seed
        self.rng = rng
        self.events: list[dict] | None = [] if events else None
        self.draw: list[int] = draw
        self.discard: list[int] = discard
        self.life: list[list[int]] = [list(z) for z in life]
        self.reserves: list[list[int]] = reserves
        self.rows: list[list[int]] = [[] for _ in range(players)]
        self.looking: list[list[int]] = [[] for _ in range(players)]
        self.in_round = [False] * players
        self.defeated = [False] * players
        self.totals = [0] * players
        self.knows: list[set[int]] = [set() for _ in range(players)]
        self.round = 0
        self.starting_seat = starting_seat
        self.current = starting_seat
        self.last_winner = -1
        self.quiet_rounds = 0
        self.damaged = False
        self.winner = -1
        self.over = False
        self.stalemate = False
        self.pending: Decision | None = None
        self._resume = None
        self._stack: list = []
        self.decisions = 0
        self.next_seat = -1
        self.fortune: list[int] = []
        self._last_ability: dict = {}
        # R9.1: optional abilities used this round, per card (public: everyone sees them). A
        # new dict on every change, so copies may share it. CPU seats read it to stop
        # Reserve abilities from feeding each other for ever (two Thieves swapping).
        self.uses: dict[int, int] = {}
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

    def choose(self, option: int) -> list[dict]:
        """Answer the pending Decision; return the events up to the next one (R-numbered).

        An option the Decision does not offer raises IllegalChoice and changes nothing.
        """
        d = self.pending
        if d is None:
            raise IllegalChoice("The game is over: there is nothing left to choose.")
        if option not in d.options:
            raise IllegalChoice(
                f"{option!r} is not a legal answer to this {d.kind!r} decision of seat {d.seat}; "
                f"the options are {list(d.options)}."
            )
        ev = self.events
        start = len(ev) if ev is not None else 0
        fn, args = self._resume
        self.pending = None
        self._resume = None
        self.decisions += 1
        fn(self, d.seat, *args, option)
        self._run()
        return ev[start:] if ev is not None else []

    def copy(self, rng=None) -> Game:
        """An independent copy of the whole state (for search); the copy records no events.

        Its RNG continues this game's, or is `rng` if given: a driver that chooses the shuffles
        itself (the OpenSpiel adapter) saves cloning the RNG, most of the cost of a copy."""
        g = Game.__new__(Game)
        for name in Game.__slots__:
            setattr(g, name, getattr(self, name))
        if rng is None:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        g.rng = rng
        g.events = None
        g.draw = self.draw[:]
        g.discard = self.discard[:]
        g.life = [z[:] for z in self.life]
        g.reserves = [z[:] for z in self.reserves]
        g.rows = [z[:] for z in self.rows]
        g.looking = [z[:] for z in self.looking]
        g.in_round = self.in_round[:]
        g.defeated = self.defeated[:]
        g.totals = self.totals[:]
        g.knows = [set(k) for k in self.knows]
        g._stack = self._stack[:]
        g.fortune = self.fortune[:]
        return g

    def view(self, seat: int):
        """What `seat` may know (R11): see `dread_draw.rules.view.View`."""
        from dread_draw.rules.view import make_view

        return make_view(self, seat)

    # ----------------------------------------------------------------------------- queries

    def card_to_beat(self, seat: int) -> int:
        """The strength a summon must exceed (R4.2); -1 with an empty row (anything succeeds)."""
        row = self.rows[seat]
        if not row:
            return -1
        beat = self.deck.strength[row[-1]]
        if self.deck.has_always:
            beat -= self.modifier(seat, "beat")
        return beat

    def modifier(self, seat: int, hook: str) -> int:
        """Sum of the always-active abilities (R9.5) of `seat`'s row and reserves for `hook`."""
        return _fx.modifier(self.deck, self.rows[seat], self.reserves[seat], hook)

    def in_round_seats(self) -> list[int]:
        return [s for s in range(self.n) if self.in_round[s]]

    def alive(self) -> list[int]:
        """Seats not defeated."""
        return [s for s in range(self.n) if not self.defeated[s]]

    def zone_sizes(self) -> int:
        """Cards in all zones together; always the deck size (R1.4)."""
        return (len(self.draw) + len(self.discard) + sum(map(len, self.life))
                + sum(map(len, self.reserves)) + sum(map(len, self.rows))
                + sum(map(len, self.looking)))

    # ----------------------------------------------------------------- machinery for steps

    def ask(self, seat: int, kind: str, options, fn, args=(), card: int = -1,
            prompt: str = "") -> None:
        """Stop until `seat` chooses; the answer goes to ``fn(game, seat, *args, option)``."""
        self.pending = Decision(seat, kind, tuple(options), card, prompt)
        self._resume = (fn, args)

    def push(self, fn, *args) -> None:
        """Schedule ``fn(game, *args)``; frames run last-pushed first."""
        self._stack.append((fn, args))

    def emit(self, type_: str, **fields) -> None:
        if self.events is not None:
            fields = {"type": type_, **fields}
            self.events.append(fields)

    def note(self, **fields) -> None:
        """Add what an ability did to its `ability` event (the log is omniscient)."""
        if self.events is not None:
            self._last_ability.update(fields)

    def ev_card(self, c: int) -> dict | None:
        """A card as the event log writes it (DESIGN.md)."""
        if c < 0:
            return None
        card = self.deck.card[c]
        return {"id": card.id, "strength": card.strength, "damage": card.damage, "uid": c}

    def _run(self) -> None:
        stack = self._stack
        while self.pending is None and stack:
            fn, args = stack.pop()
            fn(self, *args)

    # ------------------------------------------------------------- moving cards (the rules)

    def take_from_draw(self) -> int:
        """Take the top card of the Draw Deck, reshuffling the discard pile first if the
        Draw Deck is empty (R6.1); -1 when both are empty (R4.6)."""
        if not self.draw:
            if not self.discard:
                return -1
            self.draw, self.discard = self.discard, []
            self.rng.shuffle(self.draw)
            moved = set(self.draw)
            for k in self.knows:  # a shuffled card's place is known to nobody
                k -= moved
            self.emit("reshuffle", count=len(self.draw))
        return self.draw.pop()

    def to_reserves(self, seat: int, c: int) -> None:
        """Put a card in `seat`'s reserves; offer its Reserve ability (R9.3)."""
        self.reserves[seat].append(c)
        if self.deck.when[c] == "reserve":
            self.push(offer, seat, c, "reserve")

    def gain_life(self, seat: int, amount: int) -> None:
        """R8.5: put `amount` cards from the Draw Deck face down on top of the Life Deck."""
        got = 0
        for _ in range(amount):
            c = self.take_from_draw()
            if c < 0:  # R4.6: take as many as there are
                break
            self.life[seat].append(c)
            got += 1
        self.emit("gain_life", seat=seat, amount=got, life=len(self.life[seat]))

    def look(self, seat: int, cards) -> None:
        """`seat` privately sees these hidden cards (R11.2): it knows where they are."""
        self.knows[seat].update(cards)

    def summoned(self, seat: int, c: int, source: str) -> None:
        """A successful summon (R4.3): escalate, then offer the Summon ability (R9.2)."""
        self.rows[seat].append(c)
        self.totals[seat] += self.deck.strength[c]
        if self.events is not None:
            self.emit("summon", seat=seat, card=self.ev_card(c), source=source,
                      row_total=self.totals[seat])
        if self.deck.when[c] == "summon":
            self.push(offer, seat, c, "summon")


# ------------------------------------------------------------------------------ the steps
# Each step is `step(game, *args)`; a step that receives an answer is called as
# `step(game, seat, *args, option)`.

def _start_round(g: Game) -> None:
    """R3.1: everyone not defeated is in the round with an empty row."""
    g.round += 1
    g.damaged = False
    g.uses = {}
    for s in range(g.n):
        g.in_round[s] = not g.defeated[s]
    g.emit("round_start", round=g.round, starting_seat=g.starting_seat,
           in_round=[s for s in range(g.n) if g.in_round[s]])
    g.push(_turn, g.starting_seat)  # R3.2


def _turn(g: Game, seat: int) -> None:
    """R4.1: try to summon one card: reveal, or a reserve card that beats the row (R4.5)."""
    g.current = seat
    g.emit("turn", seat=seat)
    beat = g.card_to_beat(seat)
    strength = g.deck.strength
    options = [REVEAL]
    for c in g.reserves[seat]:
        if strength[c] > beat:
            options.append(c)
    g.ask(seat, SUMMON, options, _summon)


def _summon(g: Game, seat: int, option: int) -> None:
    g.push(_after_attempt, seat)
    if option != REVEAL:
        g.reserves[seat].remove(option)
        g.summoned(seat, option, "reserve")
        return
    c = g.take_from_draw()
    if c >= 0 and g.deck.strength[c] > g.card_to_beat(seat):  # R4.3: strictly greater
        g.summoned(seat, c, "draw")
        return
    if c >= 0:  # R4.4: the revealed card is discarded; R4.6: no card at all
        g.discard.append(c)
    eliminate(g, seat, c)


def eliminate(g: Game, seat: int, failed: int = -1) -> None:
    """R4.4: out of the round; Aftermath abilities of the row trigger (R9.4), then the row
    is discarded. The `fail` event comes first, so the log says why before any Aftermath
    is asked; `discarded` is the row at that moment (an Aftermath may still keep one of
    its cards: the ability event says which)."""
    g.in_round[seat] = False
    if g.events is not None:
        g.emit("fail", seat=seat, card=g.ev_card(failed),
               discarded=[g.ev_card(c) for c in g.rows[seat]])
    g.push(_discard_row, seat)
    _trigger_aftermaths(g, seat)


def _trigger_aftermaths(g: Game, seat: int) -> None:
    when = g.deck.when
    triggered = tuple(c for c in g.rows[seat] if when[c] == "aftermath")
    if triggered:
        g.push(_aftermaths, seat, triggered)


def _aftermaths(g: Game, seat: int, triggered: tuple) -> None:
    """R9.4: several Aftermaths at once: their owner picks the order."""
    if len(triggered) == 1:
        g.push(offer, seat, triggered[0], "aftermath")
    else:
        g.ask(seat, ORDER, triggered, _aftermath_next, (triggered,))


def _aftermath_next(g: Game, seat: int, triggered: tuple, c: int) -> None:
    g.push(_aftermaths, seat, tuple(x for x in triggered if x != c))
    g.push(offer, seat, c, "aftermath")


def _discard_row(g: Game, seat: int) -> None:
    g.discard.extend(g.rows[seat])
    g.rows[seat] = []
    g.totals[seat] = 0


def offer(g: Game, seat: int, c: int, when: str) -> None:
    """R9.1: a Summon, Reserve or Aftermath ability is optional: ask, every time."""
    g.ask(seat, USE, (USE_IT, SKIP), _use, (c, when), card=c)


def _use(g: Game, seat: int, c: int, when: str, option: int) -> None:
    a = g.deck.ability[c]
    if g.events is not None:
        g.emit("ability", seat=seat, card=g.ev_card(c), when=when, effect=a.effect,
               used=option == USE_IT)
        g._last_ability = g.events[-1]
    if option == USE_IT:
        g.uses = {**g.uses, c: g.uses.get(c, 0) + 1}
        _fx.EFFECTS[a.effect].run(g, seat, c, a.params)


def _after_attempt(g: Game, seat: int) -> None:
    """R5: after every attempt the lowest row total plays next; R3.3: or the round ends."""
    n = g.n
    in_round = g.in_round
    totals = g.totals
    best = -1
    low = None
    count = 0
    for s in range(n):
        if in_round[s]:
            count += 1
    if count <= 1:
        for s in range(n):
            if in_round[s]:
                _end_round(g, s)
                return
        raise AssertionError("a round ended with nobody in it")
    forced = g.next_seat
    if forced >= 0:  # an ability chose who plays next (R13)
        g.next_seat = -1
        if in_round[forced]:
            g.push(_turn, forced)
            return
    if in_round[seat]:  # R5.2: the player who just played, if tied for lowest
        best, low = seat, totals[seat]
    for k in range(1, n + 1):  # R5.2: otherwise the first tied player to their left
        s = (seat + k) % n
        if in_round[s] and (low is None or totals[s] < low):
            best, low = s, totals[s]
    g.push(_turn, best)


def _end_round(g: Game, winner: int) -> None:
    """R7: the winner's Aftermaths (before damage, R7.3), then damage from their left."""
    g.push(_deal_damage, winner)
    _trigger_aftermaths(g, winner)


def _deal_damage(g: Game, winner: int) -> None:
    deck = g.deck
    damage = sum(deck.damage[c] for c in g.rows[winner])  # R7.1
    if deck.has_always:
        damage += g.modifier(winner, "deal")
    damage = max(0, damage)
    if g.events is not None:  # `row`: the winning row (DESIGN.md welcomes more fields)
        g.emit("round_end", round=g.round, winner=winner, damage=damage,
               row=[g.ev_card(c) for c in g.rows[winner]])
    g.push(_finish_round, winner)
    victims = [(winner + k) % g.n for k in range(g.n - 1, 0, -1)]  # R7.2, pushed in reverse
    for s in victims:
        if not g.defeated[s]:
            g.push(take_damage, s, damage)


def take_damage(g: Game, seat: int, amount: int) -> None:
    """R8.1: draw that many Life Deck cards, keep one in reserves, discard the rest."""
    if g.deck.has_always:
        amount -= g.modifier(seat, "ward")
    if amount <= 0:  # R8.3: 0 damage is no damage
        return
    g.damaged = True
    life = g.life[seat]
    if not life:  # R8.2: only damage with an empty Life Deck defeats
        g.emit("damage", seat=seat, amount=amount, drawn=[], kept=None, life=0)
        defeat(g, seat)
        return
    drawn = [life.pop() for _ in range(min(amount, len(life)))]
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
        g.emit("damage", seat=seat, amount=amount, drawn=[g.ev_card(c) for c in drawn],
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
        g.push(_start_round)


def stalemate_winner(g: Game) -> int:
    """R10.3: most Life Deck cards, then most reserves, then first to the left of the last
    round's winner, counting that winner first."""
    order = [(g.last_winner + k) % g.n for k in range(g.n)]
    alive = [s for s in order if not g.defeated[s]]
    return max(alive, key=lambda s: (len(g.life[s]), len(g.reserves[s]), -order.index(s)))


def _end_game(g: Game, winner: int) -> None:
    """R10.1: the last player remaining wins; R10.2: their Life Deck is read as a fortune."""
    g.winner = winner
    g.over = True
    g.in_round = [False] * g.n
    fortune = g.life[winner][:]
    g.rng.shuffle(fortune)
    g.fortune = fortune
    if g.events is not None:
        g.emit("game_end", winner=winner, rounds=g.round,
               fortune=[g.ev_card(c) for c in fortune], stalemate=g.stalemate)


from dread_draw.rules import effects as _fx  # noqa: E402  (effects import this module's names)
