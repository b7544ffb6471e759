"""What every screen of the table shares: keys wait until its widgets are in place."""

from __future__ import annotations

from dread_draw.tui.widgets.base import keys_wait_for_mount


class SizeAware:
    """Mixed into every screen of the table: its keys wait for its widgets (issue 26). (The
    terminal's size is checked by the App as a resize comes in, before any screen is laid
    out at it: `DreadDrawApp.on_event`.)"""

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return keys_wait_for_mount(self, action, parameters)  # issue 26: the start-up race
