"""The key bar: the keys of the screen on its bottom line (two lines on a narrow screen)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.screen import ModalScreen
from textual.widget import Widget

from dread_draw.i18n import N_, _, pgettext

# Shorter words for the keys whose own are long, for a narrow screen: every key keeps a word
# (issue 31: at 80 columns the bar showed bare "h", "l", "d", "o").
SHORT = {
    N_("Skip CPU turns"): lambda: pgettext("key bar", "Skip"),
    N_("Choose"): lambda: pgettext("key bar", "Pick"),
    N_("Discards"): lambda: pgettext("key bar", "Pile"),
    N_("Turn the next card"): lambda: pgettext("key bar", "Turn"),
    N_("Back to the game"): lambda: pgettext("key bar", "Back"),
    N_("Odds"): lambda: pgettext("key bar", "Odds"),
}

MAX_LINES = 2


WIDE, TIGHT, CLOSE = 3, 2, 1  # the spaces around a key's word: ' w  ', ' w ', 'w '


def bar_width(keys: list[tuple[str, str]], spacing: int) -> int:
    """The cells one line of `keys` (key, word) takes, each key as ' k ' and its word with
    `spacing` spaces around it (the last key's trailing space not counted)."""
    return sum(cell_len(k) + 2 + (cell_len(d) + spacing if d else 1)
               for k, d in keys) - (1 if keys else 0)


def split_lines(keys: list[tuple[str, str]], width: int, lines: int) -> list[list] | None:
    """`keys` in order on at most `lines` lines of `width` cells (tight spacing), or None."""
    out: list[list] = [[]]
    for key in keys:
        if out[-1] and bar_width([*out[-1], key], TIGHT) > width:
            out.append([])
        out[-1].append(key)
    if len(out) > lines or any(bar_width(line, TIGHT) > width for line in out):
        return None
    return out


class KeyBar(Widget):
    """The keys of this screen, on the bottom line. Unlike Textual's Footer it is drawn once
    (the Footer redraws on every change of focus, which made each move of a game slow).

    Every key keeps a word: when the words do not fit one line, the keys close up, then the
    long words give way to short ones (`SHORT`), then the bar takes a second line; only if
    even that is too little do the least important keys lose their words."""

    COMPONENT_CLASSES = {"keybar--key"}

    def keys(self) -> list[tuple[str, str, str, str]]:
        """(key, word, short word, action) of each key shown, the screen's own first."""
        seen = set()
        bindings = sorted(self.screen.active_bindings.values(), key=lambda a: a.node is self.app)
        out = []
        for active in bindings:
            b = active.binding
            if not b.show or b.description in seen:
                continue
            seen.add(b.description)
            word = _(b.description)
            short = SHORT[b.description]() if b.description in SHORT else word
            out.append((self.app.get_key_display(b), word, short, b.action))
        return out

    def layout_keys(self, width: int) -> tuple[list[list[tuple[str, str]]], int]:
        """The lines of (key, word) to draw, and the spacing of the words."""
        keys = self.keys()
        full = [(k, d) for k, d, _s, _a in keys]
        short = [(k, s) for k, _d, s, _a in keys]
        for words, spacing in ((full, WIDE), (full, TIGHT), (short, TIGHT), (short, CLOSE)):
            if bar_width(words, spacing) <= width:
                return [words], spacing
        lines = split_lines(short, width, MAX_LINES)
        if lines is not None:
            return lines, TIGHT
        # still too long: the screen's least important keys lose their words (then, in a
        # long language, any key's but help's and quit's), on one line
        dropped = iter([*getattr(self.screen, "WORDS_DROPPED_FIRST", ()),
                        *(a for _k, _d, _s, a in keys if "help" not in a and "quit" not in a)])
        words4 = [(k, s, a) for k, _d, s, a in keys]
        while bar_width([(k, s) for k, s, _a in words4], CLOSE) > width:
            action = next(dropped, None)
            if action is None:
                break
            words4 = [(k, "" if a == action else s, a) for k, s, a in words4]
        return [[(k, s) for k, s, _a in words4]], CLOSE

    def height_under(self) -> int:
        """On a screen over another (a dialog), the height of the key bar under it: this one
        covers it whole, so none of the keys of the screen beneath show through the shade
        (a round summary's one line left the table's first line of keys in sight)."""
        stack = self.app.screen_stack
        if not isinstance(self.screen, ModalScreen) or self.screen not in stack:
            return 0
        for screen in reversed(stack[:stack.index(self.screen)]):
            bars = screen.query(KeyBar)
            if bars:
                return bars.first().size.height
        return 0

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keybar--key")
        lines, spacing = self.layout_keys(self.size.width)
        height = max(len(lines), self.height_under())
        if self.styles.height is None or int(self.styles.height.value) != height:
            self.styles.height = height  # (lays the screen out again, once)
        t = Text(no_wrap=True, overflow="ellipsis")
        for i, line in enumerate(lines):
            if i:
                t.append("\n")
            for key, description in line:
                t.append(f" {key} ", key_style)
                if not description:
                    t.append(" ")
                else:
                    before = " " if spacing > CLOSE else ""
                    t.append(before + description + " " * (spacing - len(before)))
        return t
