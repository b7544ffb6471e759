"""The hot-seat hand-off (R11.2): the next person's private cards stay behind this screen until
they take the keyboard."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Button, Static

from dread_draw.base.safe_text import clean
from dread_draw.i18n import N_, _, fmt
from dread_draw.tui.screens.dialogs import Notice
from dread_draw.tui.widgets.base import EVERYWHERE

HANDOFF_WAIT = 1.0  # seconds a hand-off ignores every key: longer than any double press


class HandOff(Notice, inherit_bindings=False):
    """R11.2: the next person's private cards are behind this screen until they take it.

    The last person may still be pressing keys for their own question (an impatient double
    Enter): for HANDOFF_WAIT seconds every key and click is ignored while the screen counts
    down; then Enter (or a click on its button) says the next person has the keyboard."""

    BINDINGS = [Binding("enter", "close", N_("I have the keyboard"), priority=True),
                Binding("u", "take_back", N_("Take back")),
                *EVERYWHERE]  # (priority: as the notice's)

    def __init__(self, name: str, wait: float | None = None,
                 take_back: Callable[[], None] | None = None) -> None:
        """`take_back`: `u` here — the person handing the keyboard on takes back their last
        choice (the table's session decides whether the rule allows it)."""
        who = clean(name)
        super().__init__(Text(fmt(_("Pass the keyboard to {name}"), name=who)),
                         Text(fmt(_("{name} has cards to look at that nobody else may see. "
                                    "Everyone else, please look away."), name=who)),
                         Text(fmt(_("I am {name}"), name=who)),
                         HANDOFF_WAIT if wait is None else wait)
        self.player = name
        self.taking_back = take_back

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.taking_back is not None
        return super().check_action(action, parameters)

    def action_take_back(self) -> None:
        if self.taking_back is not None:
            self.taking_back()

    def compose_wait(self) -> ComposeResult:
        yield Static(id="handoff-wait")

    def on_mount(self) -> None:
        super().on_mount()
        for button in self.query(Button):  # none if mashed keys closed it before it mounted
            button.disabled = True
        self.ticker = self.set_interval(0.1, self.tick)
        self.tick()

    def tick(self) -> None:
        """Count down, then say which key takes the keyboard."""
        notes, buttons = self.query("#handoff-wait").results(Static), self.query(Button)
        note, button = next(notes, None), buttons.first() if buttons else None
        if note is None or button is None:  # dismissed between two ticks: nothing to count
            self.ticker.stop()
            return
        left = self.wait - (time.monotonic() - self.shown)
        if left > 0:
            note.update(fmt(_("Get ready… {n}"), n=math.ceil(left)))
            return
        self.ticker.stop()
        note.update(Text(fmt(_("Press Enter when you have the keyboard, {name}."),
                             name=clean(self.player))))
        button.disabled = False
