"""A Decision: whose seat must choose, what kind of choice, and the legal options.

`options` is the single source of truth for what is legal (docs/DESIGN.md principle 2): the table
offers exactly those, the CPU picks among exactly those, `Game.choose` accepts nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # only for annotations: the rules' own state types
    from dread_draw.rules.public import PublicState

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

# What choosing does, for an ability's parameter (a `Pick`): facts a CPU can judge by,
# never words. For a card:
TAKE = "take"  # the chosen card comes to the chooser (into their reserves): the best is best
GIVE = "give"  # the chosen card leaves the chooser for another player
TO_TOP = "to top"  # the chosen card goes on top of the Draw Deck: the next reveal meets it
TO_BOTTOM = "to bottom"  # the chosen card goes under the Draw Deck (DONE: leave the rest)
# For a player:
HARM = "harm"  # the chosen player takes damage
HELP = "help"  # the chosen player gains something
NEXT_TURN = "next turn"  # the chosen player takes the next turn
CARD_PICKS = (TAKE, GIVE, TO_TOP, TO_BOTTOM)
SEAT_PICKS = (HARM, HELP, NEXT_TURN)

Candidates = Callable[["PublicState", int, int, Mapping[str, object]], Sequence[int]]


@dataclass(frozen=True, slots=True)
class Pick:
    """One parameter an effect asks its player for, declared where the effect is registered.

    `does` says what choosing does (TAKE, GIVE, … above); `prompt` is the question in words
    for players (a sentence; ``{placeholders}`` are filled from the effect's parameters and
    the step's numbers); `candidates(state, seat, card, params)`, when the options can be
    known from public facts before the ability is used, lists them (R9.7 uses it to see that
    the ability could do nothing; a CPU uses it to judge whether to use the ability at all).
    """

    does: str
    prompt: str
    candidates: Candidates | None = None

    def __reduce__(self) -> tuple[object, ...]:  # rebuilt through its constructor: a
        # compiled core's frozen Pick has no other way back (the coach's search pickles it)
        return (Pick, (self.does, self.prompt, self.candidates))


class Decision(NamedTuple):
    """A choice a seat must make (immutable; cheap to build, for the CPU's search).

    `card` is the card the Decision is about (the ability's card for USE and PICK_*), or -1.
    `prompt` says in words what is being chosen, for abilities' parameters (for players: no
    logic reads it); `pick` is what that choice does, as data (for the CPU). `number` is how
    many decisions the game had answered when it asked this one (public: a CPU seat seeds
    its dice with it, so a resumed game plays on as the uninterrupted one would).
    """

    seat: int
    kind: str
    options: tuple[int, ...]
    card: int = -1
    prompt: str = ""
    pick: Pick | None = None
    number: int = 0
