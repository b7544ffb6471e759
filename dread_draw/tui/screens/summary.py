"""The round's summary (R7): who won the round, the damage dealt and to whom."""

from __future__ import annotations

from textual.binding import Binding
from textual.timer import Timer

from dread_draw.base.safe_text import plain
from dread_draw.i18n import N_, _
from dread_draw.tui.pauses import collect
from dread_draw.tui.screens.dialogs import Notice
from dread_draw.words.narrate import RoundReport

COLLECT_AFTER = 0.1  # seconds after the summary appears: its frame is out by then


class RoundSummary(Notice):
    """R7: who won the round, the damage dealt and to whom."""

    BINDINGS = [Binding("escape", "close", N_("Continue"), show=False)]

    def __init__(self, report: RoundReport, names: list[str],
                 close_after: float | None = None) -> None:
        """`close_after`: seconds before it carries on by itself (a table of CPUs only,
        where nobody is there to press Enter); the time stops while a screen covers it."""
        lines = report.lines(names)
        super().__init__(plain(lines[0]), plain("\n".join(lines[1:]), lines=True), _("Continue"))
        self.close_after = close_after
        self.timer: Timer | None = None
        self.covered = False  # a screen was over it since its timer started

    def on_mount(self) -> None:
        super().on_mount()
        # a full collection while the summary is read: after its first frame is painted
        # (call_after_refresh could run it before, inside the key that ended the round),
        # within the moment a notice ignores keys (PRESS_GUARD), so no key waits on it
        self.set_timer(COLLECT_AFTER, collect)
        if self.close_after is None:
            return
        if self.close_after > 0:
            self.timer = self.set_timer(self.close_after, self.close_by_itself)
        else:  # no pace at all (a zero-second timer is not one Textual can run)
            self.call_after_refresh(self.close_by_itself)

    def close_by_itself(self) -> None:
        self.dismiss(None)

    def on_screen_suspend(self) -> None:
        if self.timer is not None:
            self.timer.pause()
            self.covered = True

    def on_screen_resume(self) -> None:
        # its whole time again, from when it is back in sight (a new timer: Textual's
        # reset() only restarts once the current wait is over, so the first resume, as the
        # summary appears, doubled the pause)
        if self.timer is not None and self.covered:
            self.covered = False
            self.timer.stop()
            self.timer = self.set_timer(self.close_after or 0, self.close_by_itself)
