"""The rules core: pure and deterministic; no I/O, no clock, no screen (RULES.md R1–R13).

It imports only the standard library and itself. Importing it registers the standard
effect vocabulary (`dread_draw.rules.effects`).
"""

from dread_draw.rules import effects as _effects  # noqa: F401  (registers the vocabulary)
from dread_draw.rules.decision import (
    CARD_PICKS,
    DONE,
    GIVE,
    HARM,
    HELP,
    KEEP,
    KINDS,
    NEXT_TURN,
    ORDER,
    PICK_CARD,
    PICK_SEAT,
    REVEAL,
    SEAT_PICKS,
    SKIP,
    SUMMON,
    TAKE,
    TO_BOTTOM,
    TO_TOP,
    USE,
    USE_IT,
    Decision,
    Pick,
)
from dread_draw.rules.deck import LIFE_DECK_SIZE, MAX_PLAYERS, MIN_PLAYERS, Ability, Card, Deck
from dread_draw.rules.errors import DeckError, DreadDrawError, IllegalChoice
from dread_draw.rules.game import Event, Game, determinize, skip_determinize
from dread_draw.rules.public import (
    PublicState,
    SeatKnowledge,
    always_amount,
    beat_chance,
    beats,
    card_beats,
    card_to_beat,
    count_beating,
    damage_taken,
    every_card_beats,
    next_to_play,
    reveal_chance,
    reveal_pool,
    round_damage,
    ward,
    would_beat,
)
from dread_draw.rules.registry import EFFECTS, EffectSpec, Tell, always, effect
from dread_draw.rules.view import PublicView, View, public_of

__all__ = [
    "CARD_PICKS", "DONE", "EFFECTS", "GIVE", "HARM", "HELP", "KEEP", "KINDS",
    "LIFE_DECK_SIZE", "MAX_PLAYERS", "MIN_PLAYERS", "NEXT_TURN", "ORDER", "PICK_CARD",
    "PICK_SEAT", "REVEAL", "SEAT_PICKS", "SKIP", "SUMMON", "TAKE", "TO_BOTTOM", "TO_TOP", "USE",
    "USE_IT", "Ability", "Card", "Decision", "Deck", "DeckError", "DreadDrawError",
    "EffectSpec", "Event", "Game", "IllegalChoice", "Pick", "PublicState", "PublicView",
    "SeatKnowledge", "Tell", "View",
    "always", "always_amount", "beat_chance", "beats", "card_beats", "card_to_beat",
    "count_beating", "damage_taken", "determinize", "effect", "every_card_beats",
    "next_to_play", "public_of", "reveal_chance", "reveal_pool", "round_damage",
    "skip_determinize", "ward", "would_beat",
]
