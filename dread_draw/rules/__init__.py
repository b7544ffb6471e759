"""The rules core: pure and deterministic; no I/O, no clock, no screen (RULES.md R1–R13)."""

from dread_draw.errors import IllegalChoice
from dread_draw.rules.game import (
    DONE,
    KEEP,
    KINDS,
    ORDER,
    PICK_CARD,
    PICK_SEAT,
    REVEAL,
    SKIP,
    SUMMON,
    USE,
    USE_IT,
    Decision,
    Game,
)
from dread_draw.rules.view import View, determinize

__all__ = [
    "DONE", "KEEP", "KINDS", "ORDER", "PICK_CARD", "PICK_SEAT", "REVEAL", "SKIP", "SUMMON", "USE",
    "USE_IT", "Decision", "Game", "IllegalChoice", "View", "determinize",
]
