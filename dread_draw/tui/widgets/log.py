"""A log that wraps its lines again when its width changes (a RichLog keeps the lines as it
first wrapped them: after a resize they were cut, or left half the log empty), and works out
its style once a frame rather than once a line."""

from __future__ import annotations

from collections import deque

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.events import Resize
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import RichLog


class ReflowLog(RichLog):
    """A RichLog that keeps what was written (as many entries as `max_lines`, which bounds
    its memory as before) and writes it all again, wrapped to the new width, when its width
    changes; its newest line stays in sight."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.written: deque[RenderableType] = deque(maxlen=self.max_lines or None)
        self._wrapped_at = 0  # the width the lines were wrapped to (0: none yet)

    # A line written changes the log's scrollable height, never its place on the screen:
    # Textual's `virtual_size` re-lays out the whole screen when it changes (every key, a
    # few ms at 200x60: issue 41). Here it updates the scroll bar, and re-lays out only
    # when the bar comes or goes (that narrows the text).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self, size: Size) -> None:
        bars = self.show_vertical_scrollbar, self.show_horizontal_scrollbar
        self._scroll_update(size)
        if bars != (self.show_vertical_scrollbar, self.show_horizontal_scrollbar):
            self.refresh(layout=True)

    def write(self, content, *args, **kwargs):  # type: ignore[override]
        if self._size_known:  # (a write before the size is known is written again then)
            self.written.append(content.copy() if isinstance(content, Text) else content)
            self._wrapped_at = self.scrollable_content_region.width
        return super().write(content, *args, **kwargs)

    # The style of the log's lines, worked out once while a frame draws it. RichLog asks for
    # `rich_style` once or twice a line, and each time it walks the widget's ancestors' styles:
    # half the log's drawing, which every key does as the log scrolls (issue 41).
    _frame_style: Style | None = None

    @property
    def rich_style(self) -> Style:
        return self._frame_style if self._frame_style is not None else super().rich_style

    def render_lines(self, crop: Region) -> list[Strip]:
        self._frame_style = self.rich_style  # (None between frames: worked out afresh here)
        try:
            return super().render_lines(crop)
        finally:
            self._frame_style = None

    def clear(self):  # type: ignore[override]
        self.written.clear()
        return super().clear()

    def on_resize(self, event: Resize) -> None:
        width = self.scrollable_content_region.width
        if not self._wrapped_at or not width or width == self._wrapped_at:
            return
        self._wrapped_at = width
        kept = list(self.written)
        super().clear()
        for content in kept:
            super().write(content, scroll_end=False)
        self.call_after_refresh(self.scroll_end, animate=False)
