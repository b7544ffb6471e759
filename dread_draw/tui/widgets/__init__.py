"""The table's widgets: card tiles, seat panels, the table centre, the card reader, the prompt.

Widgets render from a seat's `View` (R11) and the seats' names; they keep no game state of
their own. Nothing is said by colour alone: damage is dots *and* a number, statuses are words,
the seat to play carries a ▶ marker. Colours and sizes live in dread_draw.tcss.

The package re-exports its classes and functions; its constants are read (and, in tests,
patched) in the modules that use them: `base`, `cards`, `seats`, `centre`, `prompt`, `keybar`.
"""

from dread_draw.tui.widgets.base import (
    AnswerOnce,
    Dialog,
    TooSmall,
    as_text,
    set_classes,
    update_if_changed,
)
from dread_draw.tui.widgets.cards import CardFocused, CardReader, CardTile
from dread_draw.tui.widgets.centre import TableCentre, TurnLine, fit_lines, ordinal, place
from dread_draw.tui.widgets.keybar import KeyBar
from dread_draw.tui.widgets.prompt import (
    AnswerButton,
    Choice,
    PromptBar,
    button_rows,
    drop_answers,
    input_made,
)
from dread_draw.tui.widgets.seats import (
    EmptyZone,
    SeatHead,
    SeatPanel,
    SeatState,
    kind_label,
    seat_states,
)

__all__ = [
    "AnswerButton",
    "AnswerOnce",
    "CardFocused",
    "CardReader",
    "CardTile",
    "Choice",
    "Dialog",
    "EmptyZone",
    "KeyBar",
    "PromptBar",
    "SeatHead",
    "SeatPanel",
    "SeatState",
    "TableCentre",
    "TooSmall",
    "TurnLine",
    "as_text",
    "button_rows",
    "drop_answers",
    "fit_lines",
    "input_made",
    "kind_label",
    "ordinal",
    "place",
    "seat_states",
    "set_classes",
    "update_if_changed",
]
