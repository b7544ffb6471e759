"""The game's state, declared once: every field of a `Game`, what it is, and who may see it.

`Game.copy`, `Game.view` (a seat's `View`, R11), `Game.public_view` and `public_of` (the
`PublicView`, R11.1) and `determinize` (a full game consistent with a view) are all derived
from `STATE`; the `View` and `PublicView` classes (which give the fields their types) are
checked against it when this package is imported, and so is `Game`'s. A field added to the
game is added here with its kind, then given its type in those three classes (the import
fails until it is): it cannot be missed in any of them.
"""

from __future__ import annotations

# The kinds of field. How each is copied, shown in a view and rebuilt from a view:
VALUE = "value"  # a public number or flag: shared (it is immutable)
SHARED = "shared"  # an immutable object shared by copies and views (the deck)
REPLACED = "replaced"  # a mapping the game replaces on every change, never changes in place:
#                        shared by copies, shown read-only
SECRET = "secret"  # known to nobody at the table (the seed decides the deal): never shown
RNG = "rng"  # the game's random numbers: cloned by a copy, fresh in a determinized game
LOG = "log"  # the event list: only the real game records events
PER_SEAT = "per seat"  # a public list, one number or flag per seat
PILE = "pile"  # a public list of cards
ZONES = "zones"  # a public list of cards per seat
HIDDEN = "hidden"  # a face-down pile (top at the end): shown as `<name>_count` and
#                    `<name>_known` (depth from the top, uid) for the places this seat saw
HIDDEN_ZONES = "hidden zones"  # a face-down pile per seat: `<name>_counts`, `<name>_known`
PRIVATE_ZONES = "private zones"  # face-up cards each seat alone holds (R11.2): a seat sees
#                                  its own (`<name>`), the others' sizes (`<name>_counts`)
#                                  and those of theirs it knows (`<name>_known`)
KNOWLEDGE = "knowledge"  # per seat, the hidden cards whose place it knows: it shows through
#                          the `_known` fields of the hidden zones
PENDING = "pending"  # the Decision waiting for an answer: another seat's shows no options
RESUME = "resume"  # the step that takes the answer: only in its own seat's view
FRAMES = "frames"  # the rules still to run (public bookkeeping: no hidden card, see game.py)

# (field of Game, kind, name in a View when it differs). The order of the hidden zones is
# the order in which a determinized game deals the unseen cards into them.
STATE: tuple[tuple[str, str, str], ...] = (
    ("deck", SHARED, "deck"),
    ("n", VALUE, "players"),
    ("seed", SECRET, ""),
    ("rng", RNG, ""),
    ("events", LOG, ""),
    ("draw", HIDDEN, "draw"),  # R1.3 the Draw Deck
    ("life", HIDDEN_ZONES, "life"),  # R1.3 the Life Decks
    ("looking", PRIVATE_ZONES, "looking"),  # R8.1 Life Deck cards drawn for damage
    ("knows", KNOWLEDGE, ""),  # R11.2
    ("discard", PILE, "discard"),  # R1.3, bottom first
    ("fortune", PILE, "fortune"),  # R10.2 the winner's Life Deck, in the order it is read
    ("rows", ZONES, "rows"),  # R1.3 escalation rows, left to right
    ("reserves", ZONES, "reserves"),
    ("in_round", PER_SEAT, "in_round"),
    ("defeated", PER_SEAT, "defeated"),
    ("totals", PER_SEAT, "totals"),  # each row's strength total (R5)
    ("uses", REPLACED, "uses"),  # R9.1 optional abilities used this round, per card
    ("round", VALUE, "round"),
    ("starting_seat", VALUE, "starting_seat"),
    ("current", VALUE, "current"),  # whose turn it is
    ("last_winner", VALUE, "last_winner"),
    ("quiet_rounds", VALUE, "quiet_rounds"),  # rounds in a row without damage (R10.3)
    ("damaged", VALUE, "damaged"),  # someone took damage this round
    ("winner", VALUE, "winner"),
    ("over", VALUE, "over"),
    ("stalemate", VALUE, "stalemate"),  # the game ended by R10.3
    ("decisions", VALUE, "decisions"),  # decisions answered so far
    ("next_seat", VALUE, "next_seat"),  # a seat an ability chose to play next (R13), or -1
    ("pending", PENDING, "pending"),
    ("_resume", RESUME, "resume"),
    ("_stack", FRAMES, "frames"),
)

SLOTS = tuple(name for name, _, _ in STATE)


def view_fields() -> tuple[str, ...]:
    """The fields a View must have, derived from STATE (plus `seat`, whose view it is)."""
    out = ["seat"]
    for _name, kind, shown in STATE:
        if kind in (SECRET, RNG, LOG, KNOWLEDGE):
            continue
        if kind == HIDDEN:
            out += [f"{shown}_count", f"{shown}_known"]
        elif kind == HIDDEN_ZONES:
            out += [f"{shown}_counts", f"{shown}_known"]
        elif kind == PRIVATE_ZONES:
            out += [shown, f"{shown}_counts", f"{shown}_known"]
        else:
            out.append(shown)
    return tuple(out)


def public_fields() -> tuple[str, ...]:
    """The fields of a PublicView (R11.1), derived from STATE: what a seat's view shows,
    less everything private to a seat (its own drawn cards, the places of hidden cards it
    saw — of the Draw Deck's only those every seat knows remain —, its step to answer, the
    rules' pending steps)."""
    out: list[str] = []
    for _name, kind, shown in STATE:
        if kind in (SECRET, RNG, LOG, KNOWLEDGE, RESUME, FRAMES):
            continue
        if kind == HIDDEN:
            out += [f"{shown}_count", f"{shown}_known"]
        elif kind in (HIDDEN_ZONES, PRIVATE_ZONES):
            out.append(f"{shown}_counts")
        else:
            out.append(shown)
    return tuple(out)
