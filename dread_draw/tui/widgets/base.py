"""What every widget and dialog shares: text helpers, answering once, the keys that work
everywhere, and the too-small cover."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.css.scalar import Scalar
from textual.layouts.factory import get_layout
from textual.screen import ModalScreen, ScreenResultType
from textual.widget import Widget
from textual.widgets import Static

from dread_draw.base.safe_text import plain
from dread_draw.i18n import N_, _, fmt


def as_text(content: Text | str) -> Text:
    """What a widget shows, as Rich Text: a string is shown as written, never read as
    markup (names and card texts come from outside, safe_text)."""
    return content if isinstance(content, Text) else plain(content, lines=True)


def set_classes(widget: Widget, flags: dict[str, bool]) -> None:
    """Set or clear CSS classes, touching only those that change, in one restyle (a restyle
    walks the widget and all it holds: a seat panel's every tile, 2-6 ms at 200x60)."""
    changed = {name: on for name, on in flags.items() if widget.has_class(name) != on}
    if not changed:
        return
    if hasattr(widget, "update_classes"):  # (not in Textual 5.0, the floor: .ci/floors.py)
        widget.update_classes(changed)
        return
    for name, on in changed.items():  # (the oldest Textual pyproject.toml allows)
        widget.set_class(on, name, update=False)
    if widget.is_attached:
        widget.app.update_styles(widget)


def update_if_changed(widget: Static, content, *, layout: bool = True) -> None:
    """Static.update re-lays out the screen; skip it when the text is the same."""
    if getattr(widget, "_shown", None) != content:
        widget._shown = content  # type: ignore[attr-defined]
        widget.update(content, layout=layout)


def sized(widget: Widget, width: int | None, height: int | None) -> None:
    """Set a widget's width and height inline (None: the stylesheet's), if they change."""
    inline = widget.styles.inline
    for rule, value in (("width", width), ("height", height)):
        now = inline.get_rule(rule, None)
        if (now.value if isinstance(now, Scalar) else None) != value:
            setattr(widget.styles, rule, value)


def set_layout(widget: Widget, name: str) -> None:
    """Set a container's layout inline ("vertical", "horizontal"), re-laying out it and what
    it holds. (`styles.layout = name` also marks everything it holds to be drawn again,
    though a tile whose size stays is drawn the same: ~1-2 ms a tile at 200x60.)"""
    if widget.styles.set_rule("layout", get_layout(name)):
        widget._clear_arrangement_cache()  # (Textual 5.0, the floor, kept the old one)
        widget.refresh(layout=True)


def standing(screen: Any) -> bool:
    """Whether a screen's widgets are in place: it has mounted (its on_mount has run) and is
    not being taken down (popped, dismissed, the app quitting: its widgets are removed
    first). See `keys_wait_for_mount`."""
    return bool(screen.is_mounted and screen.is_attached and screen.display)


def taken_down(screen: Any) -> bool:
    """For a screen's on_mount and workers: it was closed before it could draw (a viewer
    opened and closed by keys typed at once), so its widgets are gone or never came."""
    return not (screen.is_attached and screen.display and screen.children)


def keys_wait_for_mount(screen: Any, action: str, parameters: tuple) -> bool | None:
    """The start-up race of issue 26 (`NoMatches: No nodes match '#log'` under key mashing):
    a screen is on top of the stack as soon as it is pushed, and stays there while it is
    being taken down, so keys typed then reach its bindings while its widgets are not there
    (not yet mounted, or already removed) and an action (`o`, `d`, a pick, `u` telling the
    log again) found no widgets. Unless the screen is `standing`, its key actions are not
    run — those keys are dropped, like keys typed before a window opens or after it closed.
    Mixed into every screen of the table (SizeAware, AnswerOnce); a screen's own
    check_action decides after it."""
    return True if standing(screen) else None  # None: disabled but shown (no flicker)


class AnswerOnce:
    """Mixed into a screen that answers by closing (`dismiss`): it answers once. Keys mashed
    before it is gone do nothing, where they used to answer again — a second dismiss pops
    the screen underneath too (the table), or fails on an answer already given.

    An answer that comes while another screen covers this one (a timer's, a worker's: help
    opened over a round summary) waits until this screen is on top again: Textual's
    `dismiss` pops whichever screen is on top, which would close the help instead."""

    _answered = False
    _waiting: tuple | None = None  # an answer given while covered
    is_current: bool  # the Screen's, which it is mixed into

    def dismiss(self, result=None) -> AwaitComplete:
        if self._answered:
            return AwaitComplete()
        if not self.is_current:
            self._waiting = (result,)
            return AwaitComplete()
        self._answered = True
        return super().dismiss(result)  # type: ignore[misc]  # the Screen it is mixed into

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return keys_wait_for_mount(self, action, parameters)  # issue 26: the start-up race

    def on_screen_resume(self) -> None:
        if self._waiting is not None:
            (result,), self._waiting = self._waiting, None
            self.dismiss(result)


# The keys that work on every screen of the table. A modal screen hides the app's own
# bindings from Textual's key lookup, so each dialog binds them again (F1 and Ctrl+C are
# priority bindings of the app and reach every screen anyway).
EVERYWHERE: list[BindingType] = [Binding("q", "app.request_quit", N_("Quit")),
                                 Binding("question_mark", "app.help", N_("Help"),
                                         key_display="?")]


class Dialog(ModalScreen[ScreenResultType]):
    """A screen over the table (a question, a notice, the help): `q` asks before quitting
    and `?` opens the help here too, as everywhere."""

    BINDINGS = EVERYWHERE


MIN_WIDTH, MIN_HEIGHT = 80, 24  # the table is laid out for at least this much


class TooSmall(Widget):
    """Covers a screen when the terminal is below the size the table needs."""

    def render(self) -> str:
        w, h = self.app.size
        return fmt(_("Dread Draw needs a terminal of at least {min_w}×{min_h}.\nThis one is "
                     "{w}×{h}: please make the window larger."),
                   min_w=MIN_WIDTH, min_h=MIN_HEIGHT, w=w, h=h)

