"""The one guard between the keys and the screens (docs STYLE principle 20): a key's action
that finds its widget gone or not yet mounted does nothing, and a screen's worker that finds
its screen closed just ends — instead of ending the app with `NoMatches`.

Keys reach a screen while its widgets are not all there: a screen is on top as soon as it is
pushed, and stays there while it is taken down (popped, replaced by a rematch, the app
quitting), and a loaded machine widens those moments (issue 40: `NoMatches 'PromptBar'` from
the table's Enter at load 29; `NoMatches '#review-status'` from the review closed while it
started). Every key of every screen — the table, its dialogs and viewers, the hint, the
review, the new-game screen, the join table, the replay — reaches its action through
`App.run_action`, so the guard sits there, once, and covers new actions without a word: no
action needs a `query_one` guard of its own. Nothing is said to the player (the key was typed
at a screen that was not there); Textual's developer log notes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from textual import events, log
from textual.await_complete import AwaitComplete
from textual.command import CommandPalette
from textual.css.query import NoMatches
from textual.dom import DOMNode, NoScreen
from textual.screen import Screen
from textual.theme import ThemeProvider
from textual.worker import NoActiveWorker, WorkerFailed, get_current_worker

from dread_draw.tui.widgets.base import taken_down

if TYPE_CHECKING:
    from textual.actions import ActionParseResult
    from textual.app import App


class OncePalette(CommandPalette):
    """Textual's command palette, closed once. Enter twice on a command (the second queued
    before the palette was gone) dismissed it twice: the second pop took the screen under
    it — the table — and a third ended the app (`ScreenStackError`), or its answer was
    given again (`InvalidStateError`); both found by benchmarks/chaos.py. A dismiss of a
    palette already closing, or covered by another screen, does nothing."""

    _answered_once = False

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if self._answered_once or not self.is_current:
            return AwaitComplete.nothing()
        self._answered_once = True
        return super().dismiss(result)

    def _action_command_list(self, action: str) -> None:
        """PageDown or PageUp while the list of commands has no size yet (its results just
        came, before they were laid out) ended the app with `KeyError: 0` in Textual's
        OptionList (found by benchmarks/chaos.py): then the key does nothing."""
        try:
            super()._action_command_list(action)
        except KeyError as missing:
            log(f"The palette's list was not laid out yet: {action} dropped ({missing!r})")


class Steady:
    """Mixed into every App of the table, before `App`: keys and screens' workers never end
    it for a widget that is not there."""

    if TYPE_CHECKING:  # the App's, which this is mixed into
        screen_stack: list[Screen[Any]]

    def action_command_palette(self) -> None:
        """Ctrl+P: Textual's palette (as Textual opens it), closed once."""
        app = cast("App[Any]", self)
        if app.use_command_palette and not CommandPalette.is_open(app):
            app.push_screen(OncePalette(id="--command-palette"))

    def search_themes(self) -> None:
        """The palette's "Change theme": Textual's list of themes, closed once, and open once
        (Enter mashed on "Theme" ran the command again for each press)."""
        app = cast("App[Any]", self)
        if not any(isinstance(screen, CommandPalette) for screen in app.screen_stack):
            app.push_screen(OncePalette(providers=[ThemeProvider],
                                        placeholder="Search for themes…"))

    async def on_event(self, event: events.Event) -> None:
        """Keys and clicks still coming from the terminal while the app closes (its last
        screen gone: `q` typed with other keys) go nowhere; Textual would look for the
        screen they are for and end on `ScreenStackError`."""
        if isinstance(event, events.InputEvent) and not self.screen_stack:
            return
        await super().on_event(event)  # type: ignore[misc]  # the App's

    async def run_action(self, action: str | ActionParseResult,
                         default_namespace: DOMNode | None = None,
                         *more: Any) -> bool:
        """Every binding's action (and every `@click` in markup) runs here. (`more`: the
        namespaces newer Textual releases pass; Textual 5, our floor, passes none.)"""
        try:
            return await super().run_action(  # type: ignore[misc]  # the App's
                action, default_namespace, *more)
        except NoMatches as missing:
            log(f"A key found no widget, dropped: {action!r} ({missing})")
            return True  # handled: the key went to a screen that was not there

    def _handle_exception(self, error: Exception) -> None:
        """Textual's end of the app on any error. A screen's worker (the review's, a hint's,
        the table's driver) that failed on a widget because its screen was closed under it
        ends quietly; any other error still ends the app, as before."""
        if (isinstance(error, WorkerFailed) and isinstance(error.error, NoMatches)
                and self._closed_under(error)):
            log(f"A closed screen's worker ended: {error.error}")
            return
        super()._handle_exception(error)  # type: ignore[misc]  # the App's

    def _closed_under(self, _error: WorkerFailed) -> bool:
        """Whether the failing worker (the one running now) belongs to a screen that was
        closed or is being taken down (not the App's own workers: the network's)."""
        try:
            node = get_current_worker().node
        except NoActiveWorker:
            return False
        if not isinstance(node, DOMNode) or node is self:
            return False
        try:
            screen = node if isinstance(node, Screen) else node.screen
        except NoScreen:  # detached: taken down
            return True
        return screen not in self.screen_stack or taken_down(screen)
