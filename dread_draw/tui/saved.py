"""The table's side of saved games: every choice about a saved game is the player's.

A saved game that cannot be continued asks what to do: start fresh with the file kept aside
as ``.bad`` (never deleted, never overwritten), or go back and leave it as it is. A new game
started while another is saved asks first: it would take the saved game's place. A table
opened on a save folder another table is using offers a separate folder, or to quit.
"""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from dread_draw.base.safe_text import plain
from dread_draw.i18n import N_, _, fmt
from dread_draw.store.saves import SaveDir, SaveError
from dread_draw.tui.widgets.base import AnswerOnce, Dialog


class BadSave(AnswerOnce, Dialog[bool]):
    """Answers True when the bad save was set aside (a new game may start), else False."""

    BINDINGS = [Binding("f", "fresh", N_("Start fresh")), Binding("escape,b", "back", N_("Back"))]

    def __init__(self, error: SaveError, folder: SaveDir) -> None:
        super().__init__()
        self.error = error
        self.folder = folder
        path = error.path if error.path is not None and error.path.is_file() else folder.current
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="bad-save"):
            yield Label(_("The saved game cannot be continued"), classes="dialog-title")
            yield Static(plain(str(self.error), lines=True), id="bad-save-reason")
            yield Static(plain(fmt(_("Start fresh keeps the file as {file}; Back leaves it "
                                     "where it is."), file=f"{self.path.name}.bad")))
            with Horizontal(classes="dialog-buttons"):
                yield Button("f  " + _("Start fresh"), id="fresh", variant="primary", compact=True)
                yield Button("Esc  " + _("Back"), id="back", compact=True)

    def action_fresh(self) -> None:
        try:
            self.folder.set_aside(self.path)
        except SaveError as e:
            self.query_one("#bad-save-reason", Static).update(plain(str(e), lines=True))
            return
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "fresh":
            self.action_fresh()
        else:
            self.action_back()


class FolderInUse(AnswerOnce, Dialog[bool]):
    """Another table plays with this save folder: answers True to play here with a separate
    folder (already taken for this table), False to quit. (`q` quits here at once: no game
    is in progress yet; `?` opens the help, as on every dialog.)"""

    BINDINGS = [Binding("p", "answer(True)", N_("Play in a separate folder")),
                Binding("q,escape", "answer(False)", N_("Quit"))]

    def __init__(self, busy: Path, separate: Path) -> None:
        super().__init__()
        self.busy, self.separate = busy, separate

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("A game is being played in another window"), classes="dialog-title")
            yield Static(plain(fmt(_(
                "That table saves its game in {busy}; two tables saving in one folder would "
                "overwrite each other's games.\nPlay here with a separate save folder, "
                "{separate}, or quit."), busy=str(self.busy), separate=str(self.separate)),
                lines=True), id="folder-in-use")
            with Horizontal(classes="dialog-buttons"):
                yield Button("p  " + _("Play in a separate folder"), id="play", variant="primary",
                             compact=True)
                yield Button("q  " + _("Quit"), id="quit", compact=True)

    def action_answer(self, play: bool) -> None:
        self.dismiss(play)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "play")


class ReplaceSave(AnswerOnce, Dialog[str]):
    """A new game while a game is saved in progress: answers "new" (it takes the saved game's
    place), "continue" (play the saved game instead) or "back"."""

    BINDINGS = [Binding("y", "answer('new')", N_("Start the new game")),
                Binding("c", "answer('continue')", N_("Continue the saved one")),
                Binding("escape,n,b", "answer('back')", N_("Back"))]

    def __init__(self, saved: str, continue_first: bool = False) -> None:
        super().__init__()
        self.saved = saved  # saves.saved_game_line: the saved game's players and seed
        # The saved game is one that a new game would throw away (a tutorial in progress):
        # Continue comes first and has the focus, so Enter keeps the progress.
        self.continue_first = continue_first

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(_("A game is saved in progress"), classes="dialog-title")
            yield Static(plain(fmt(_("{saved}\nA new game takes its place: the saved game "
                                     "cannot be continued afterwards."), saved=self.saved),
                               lines=True), id="saved")  # the saved game's player names
            with Horizontal(classes="dialog-buttons"):
                new = Button("y  " + _("New game"), id="new", variant="warning", compact=True)
                go_on = Button("c  " + _("Continue it"), id="continue", variant="primary",
                               compact=True)
                yield from (go_on, new) if self.continue_first else (new, go_on)
                yield Button("Esc  " + _("Back"), id="back", compact=True)

    def on_mount(self) -> None:
        if self.continue_first:
            self.query_one("#continue", Button).focus()

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "back")
