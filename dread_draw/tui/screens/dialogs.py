"""Small screens over the table: the help, the quit question and a notice with one button."""

from __future__ import annotations

import math
import time

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Label, Static

from dread_draw.base.safe_text import plain
from dread_draw.i18n import N_, _, pgettext, yes_key
from dread_draw.tui.screens.base import SizeAware
from dread_draw.tui.widgets.base import AnswerOnce, Dialog, TooSmall, as_text
from dread_draw.tui.widgets.keybar import KeyBar
from dread_draw.tui.widgets.prompt import PRESS_GUARD, input_made
from dread_draw.words.rules_text import rules_markdown


class HelpScreen(AnswerOnce, SizeAware, Dialog[None]):
    """`?`: the keys, then the rules in our own words (the text of `dread-draw rules`)."""

    BINDINGS = [Binding("escape,question_mark", "dismiss", N_("Close"))]

    # Translators: a Markdown table; keep the keys in the first column as they are.
    KEYS = N_("""\
## Keys
| key | what it does |
|---|---|
| 1–9 | answer the question at the bottom (or click its button, or Tab to it and Enter) |
| y / n | use or skip an optional ability |
| Tab, Shift+Tab | move between cards and buttons; the focused card is shown in full |
| s | skip ahead through the CPU turns to the next decision of a person |
| l | the whole game's log, your own moves marked ▶ (Esc or l closes it) |
| d | the discard pile, grouped by card or in order (g switches; Esc or d closes it) |
| o | the odds of a reveal, above the question, for the person at the keyboard |
| h | a hint: what the strongest CPU would do in your place, and each choice's chance to win |
| u | take back your last choice, while nothing new has been revealed or chosen since |
| v | at the end of a game: review it, the turning points first |
| Enter | take the keyboard when the table passes it to you (it waits a second first) |
| ? or F1 | this help (F1 while typing a name) |
| q, Ctrl+C | quit (asks first during a game; Ctrl+C while typing a name) |
""")

    def compose(self) -> ComposeResult:
        from rich.markdown import Markdown as RichMarkdown  # (here: the table starts sooner)

        with VerticalScroll(id="help-body"):
            yield Static(RichMarkdown(_(self.KEYS) + "\n" + rules_markdown()))
        yield KeyBar()
        yield TooSmall()


class ConfirmQuit(AnswerOnce, SizeAware, Dialog[bool]):
    """`q` or Ctrl+C during a game: quit only if the player says so."""

    BINDINGS = [Binding("y", "answer(True)", N_("Quit"), show=False),
                Binding("n,escape", "answer(False)", N_("Keep playing"))]

    def __init__(self, note: str | None = None) -> None:
        super().__init__()
        self.note = note  # where the game stands with its save (DreadDrawApp.save_note)
        self.yes = yes_key()  # "o" in French ("y" answers too)
        self._bindings.bind(self.yes, "answer(True)", N_("Quit"))

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("Quit the game in progress?"), classes="dialog-title")
            if self.note:
                yield Static(plain(self.note), id="quit-saved")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.yes + "  " + _("Quit"), id="yes", variant="error",
                             compact=True)
                yield Button("n  " + _("Keep playing"), id="no", compact=True)
        yield TooSmall()

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class Notice(AnswerOnce, SizeAware, Dialog[None]):
    """A message with one button; Enter (or a click) carries on. Keys that come sooner than
    `wait` seconds after it appears are the tail of a double press meant for the screen
    before (Enter on a question's answer): they are ignored, so a notice is never closed
    unread."""

    # (priority: the focused button's own Enter, which presses it to the same end, would
    # hide this one from the key bar)
    BINDINGS = [Binding("enter,space", "close", N_("Continue"), priority=True)]

    def __init__(self, title: str | Text, body: str | Text, button: str | Text,
                 wait: float | None = None) -> None:
        super().__init__()
        self.title_text, self.body, self.button = title, body, button
        self.wait = PRESS_GUARD if wait is None else wait
        self.shown = math.inf  # not ready before it is mounted (on_mount sets the time)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            # names of cards and players: shown as text, never read as markup
            yield Label(as_text(self.title_text), classes="dialog-title")
            yield Static(as_text(self.body))
            yield from self.compose_wait()
            # Translators: the name of the Enter key as printed on keyboards in the language
            yield Button(Text.assemble(pgettext("key", "Enter") + "  ", as_text(self.button)),
                         variant="primary",
                         compact=True)
        yield KeyBar()  # its own keys, not the table's under it (which do nothing here)
        yield TooSmall()

    def compose_wait(self) -> ComposeResult:
        """What the notice shows while it ignores keys (nothing: the wait is short)."""
        yield from ()

    def on_mount(self) -> None:
        self.shown = time.monotonic()

    @property
    def ready(self) -> bool:
        return time.monotonic() - self.shown >= self.wait

    def action_close(self) -> None:
        """A key (Enter, Space, Escape) closes the notice when it was pressed after the
        wait — when it was pressed, not when a busy machine got to it. Never while the
        terminal is too small to show it: the game waits (issue 24)."""
        if self.app.has_class("-too-small"):
            return
        if self.ready and input_made(self) - self.shown >= self.wait:
            self.dismiss(None)

    @on(Button.Pressed)
    def pressed(self) -> None:
        self.action_close()
