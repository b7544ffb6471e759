"""The key bar: the keys of the screen on its bottom line."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

from dread_draw.i18n import _


class KeyBar(Widget):
    """The keys of this screen, on the bottom line. Unlike Textual's Footer it is drawn once
    (the Footer redraws on every change of focus, which made each move of a game slow)."""

    COMPONENT_CLASSES = {"keybar--key"}

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keybar--key")
        t = Text(no_wrap=True, overflow="ellipsis")
        seen = set()
        # the screen's own keys first, then the app's (a description is shown once: the
        # first key that has it)
        bindings = sorted(self.screen.active_bindings.values(), key=lambda a: a.node is self.app)
        keys: list[tuple[str, str, str]] = []  # (key, description, action)
        for active in bindings:
            b = active.binding
            if not b.show or b.description in seen:
                continue
            seen.add(b.description)
            keys.append((self.app.get_key_display(b), _(b.description), b.action))
        width = self.size.width
        # one space between keys when two would push the last ones off a narrow screen
        wide = sum(cell_len(k) + cell_len(d) + 5 for k, d, _a in keys) - 2 <= width
        if not wide:  # still too long: the screen's least important keys lose their words
            # (then, in a long language, any key's but help's and quit's)
            dropped = iter([*getattr(self.screen, "WORDS_DROPPED_FIRST", ()),
                            *(a for _k, _d, a in keys if "help" not in a and "quit" not in a)])
            while sum(cell_len(k) + 3 + (cell_len(d) + 1 if d else 0)
                      for k, d, _a in keys) - 1 > width:
                action = next(dropped, None)
                if action is None:
                    break
                keys = [(k, "" if a == action else d, a) for k, d, a in keys]
        for key, description, _action in keys:
            t.append(f" {key} ", key_style)
            if not description:
                t.append(" ")
            else:
                t.append(f" {description}  " if wide else f" {description} ")
        return t
