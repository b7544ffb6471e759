"""What every screen of the table shares: it re-checks the terminal's size on a resize."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

from dread_draw.tui.widgets.base import ScreenResized, keys_wait_for_mount


class SizeAware:
    """Mixed into every screen: a resize re-checks the terminal's size (the App itself is
    not told of later resizes)."""

    if TYPE_CHECKING:  # the Screen's, which this is mixed into
        def post_message(self, message: Message) -> bool: ...

    def on_resize(self) -> None:
        self.post_message(ScreenResized())

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return keys_wait_for_mount(self, action, parameters)  # issue 26: the start-up race

