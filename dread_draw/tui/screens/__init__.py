"""The app's screens: new game, the table, hand-off, round summary, game over, help, quit.

The table drives the match through `Match` only (the one driver loop, docs/DESIGN.md principle 6):
a worker asks the seat to move — a CPU agent in a thread, at a readable pace, or the person
at the keyboard through the prompt — and applies the answer. Hot-seat privacy (R11.2): with
more than one human, a seat's private cards appear only after a hand-off screen, and are
hidden again as soon as another seat is to move.

The package re-exports its classes and functions; its constants are read (and, in tests,
patched) in the modules that use them: `base`, `dialogs`, `handoff`, `summary`, `game_over`,
`new_game`, `table`.
"""

from dread_draw.table.conductor import SeatAtTable
from dread_draw.tui.screens.base import SizeAware
from dread_draw.tui.screens.dialogs import ConfirmQuit, HelpScreen, Notice
from dread_draw.tui.screens.game_over import GameOver, fortune_title
from dread_draw.tui.screens.handoff import HandOff
from dread_draw.tui.screens.new_game import NewGame, hold_options, kind_options
from dread_draw.tui.screens.summary import RoundSummary
from dread_draw.tui.screens.table import (
    GameLog,
    TableScreen,
    offers_hidden_cards,
)

__all__ = [
    "ConfirmQuit",
    "GameLog",
    "GameOver",
    "HandOff",
    "HelpScreen",
    "NewGame",
    "Notice",
    "RoundSummary",
    "SeatAtTable",
    "SizeAware",
    "TableScreen",
    "fortune_title",
    "hold_options",
    "kind_options",
    "offers_hidden_cards",
]
