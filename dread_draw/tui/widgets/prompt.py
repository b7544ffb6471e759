"""The prompt: the question a Decision asks, with one answer per legal option (docs/DESIGN.md
principle 2)."""

from __future__ import annotations

import time

from rich.cells import cell_len
from rich.text import Text
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, OptionList, Static

from dread_draw.base.safe_text import plain
from dread_draw.tui.widgets.base import as_text
from dread_draw.tui.widgets.cards import CardFocused


class Choice(Message):
    """The person at the keyboard answered the prompt with `option`."""

    def __init__(self, option: int) -> None:
        self.option = option
        super().__init__()


BUTTONS_MAX = 9  # more options than this go into a scrolling list


PRESS_GUARD = 0.6  # seconds: a press this soon after a question is the tail of a double press


def input_made(widget: Widget) -> float:
    """When the key or click being handled was made (the app notes it as the event arrives;
    now, for an app that does not): a double press's tail is recognised by when it was
    pressed, however late a busy machine handles it."""
    made = getattr(widget.app, "input_time", None)
    return made if isinstance(made, float) else time.monotonic()


class AnswerButton(Button):
    """One answer of the prompt; an answer that is a card shows it in the reader when it is
    focused (Tab) or the mouse is over it, so a choice of cards can be read before it is
    made (the drawn Life Deck cards lie nowhere else on screen)."""

    def __init__(self, label: str, index: int, card: int) -> None:
        super().__init__(plain(label), name=str(index), compact=True)  # card and player names
        self.card = card

    def _show_card(self) -> None:
        if self.card >= 0:
            self.post_message(CardFocused(self.card))

    def on_focus(self) -> None:
        self._show_card()

    def on_enter(self) -> None:
        self._show_card()


def button_rows(texts: list[str], width: int, gap: int, least: int) -> list[list[int]]:
    """Buttons (their texts' indexes) packed left to right into rows of at most `width`
    columns, in order; a button wider than a row gets a row of its own."""
    rows: list[list[int]] = [[]]
    used = 0
    for i, text in enumerate(texts):
        need = max(cell_len(text) + 2, least) + gap  # padding, min-width, the gap
        if rows[-1] and used + need - gap > width:
            rows.append([])
            used = 0
        rows[-1].append(i)
        used += need
    return rows


def drop_answers(box: Widget) -> None:
    """Take the answers away. They leave the focus chain at once: their removal completes
    later, and focus reset in between (a focused card tile taken off the table) must not
    land on one of them — it would stay on a button no longer there, where no key reaches."""
    for button in box.query(AnswerButton):
        button.can_focus = False
    box.remove_children()


class PromptBar(Vertical):
    """The question a Decision asks, with one button (and a number key) per legal option.

    `ask(question, options)` takes (option, label) pairs: exactly the Decision's options
    (docs/DESIGN.md principle 2); a long list becomes a scrolling list.
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.options: list[int] = []  # the options on offer, in the order shown
        self._texts: list[str] = []  # their buttons' texts, laid out again on a resize
        self._cards = False
        self._read_first = False
        self._width = 0
        self._asked_at = 0.0
        self._new_person = False

    def compose(self):
        yield Static(id="question")
        yield Vertical(id="answers")
        # an answer's sizes as the stylesheet sets them, read by `button_sizes`
        yield Horizontal(Button("", compact=True), id="answer-probe", classes="answer-row")

    def ask(self, question: Text | str, options: list[tuple[int, str]],
            cards: bool = False, read_first: bool = False, new_person: bool = False) -> None:
        """`cards`: the options (those >= 0) are cards, to be read when pointed at.
        `read_first`: focus the first card's answer, so the reader shows it at once and Tab
        reads the next (for cards that lie nowhere on the table: drawn or peeked ones).
        `new_person`: the question is for another person than the last one who answered,
        so no key answers it at first, not even a number (see `too_soon`)."""
        self.options = [o for o, _ in options]
        self._asked_at = time.monotonic()
        self._new_person = new_person
        self._cards = cards
        self._read_first = cards and read_first
        self.query_one("#question", Static).update(as_text(question))
        box = self.query_one("#answers", Vertical)
        drop_answers(box)
        self._texts = []
        if not options:
            return
        if len(options) <= BUTTONS_MAX:
            self._texts = [f"{i + 1} {label}" for i, (_, label) in enumerate(options)]
            self._lay_out()
        else:
            menu = OptionList(*(plain(f"{i + 1 if i < 9 else ' '} {label}")
                                for i, (_, label) in enumerate(options)), classes="option-menu")
            box.mount(menu)
            menu.focus()  # its highlighted line is the answer under focus, shown in the reader

    def button_sizes(self) -> tuple[int, int]:
        """The gap after an answer's button and a button's least width, as the stylesheet
        sets them (dread_draw.tcss), read from a hidden probe: never repeated here."""
        st = self.query_one("#answer-probe Button").styles
        least = st.min_width
        return st.margin.right, int(least.value) if least is not None else 0

    def _lay_out(self) -> None:
        """The buttons in rows that fit the bar's width: every option stays visible."""
        # size is the content area (inside the bar's padding); before the first layout,
        # the screen's width less that padding
        width = self.size.width or self.app.size.width - 2
        self._width = width
        box = self.query_one("#answers", Vertical)
        drop_answers(box)
        card = [o if self._cards else -1 for o in self.options]
        buttons = [AnswerButton(text, i, card[i]) for i, text in enumerate(self._texts)]
        box.mount_all([Horizontal(*(buttons[i] for i in row), classes="answer-row")
                       for row in button_rows(self._texts, width, *self.button_sizes())])
        # Otherwise no focus moves here: a change of focus restyles the whole screen (slow),
        # and the number keys answer without it.
        if self._read_first:
            first = next((b for b in buttons if b.card >= 0), None)
            if first is not None:
                self.call_after_refresh(self._focus_first, first)

    def _focus_first(self, button: AnswerButton) -> None:
        """Focus the first card's answer, if it is still on offer (a key may have answered
        the question before this frame: focus on a button taken away would stay there)."""
        if button.is_attached and button.parent is not None and self.options:
            button.focus()

    def on_resize(self) -> None:
        if self._texts and self.size.width != self._width:
            self._lay_out()

    def cards(self) -> list[int]:
        """The cards on offer as answers (none when the answers are not cards)."""
        return [o for o in self.options if o >= 0] if self._cards else []

    def clear(self, message: Text | str = "") -> None:
        self.options = []
        self._texts = []
        self.query_one("#question", Static).update(as_text(message))
        answers = self.query_one("#answers", Vertical)
        focused = self.screen.focused
        if isinstance(focused, AnswerButton):  # (answers live only in the prompt)
            # An answer taken away with the focus would hand it to the next widget in the
            # focus chain (a card tile, read in the reader), restyling the whole screen: the
            # focus goes nowhere instead (issue 14: key to result).
            self.screen.set_focus(None)
        drop_answers(answers)

    def too_soon(self, typed: bool) -> bool:
        """Whether a key is the tail of a double press meant for the screen before, which
        must not answer this question: a press of the focused answer (Enter, Space, a click)
        that comes sooner than a person could have read the question would take that answer
        unread; a typed number or y/n is deliberate and answers at once — but not a question
        for the next person, whom the last one's keys must never answer for."""
        if typed and not self._new_person:
            return False
        return input_made(self) - self._asked_at < PRESS_GUARD

    def take(self, index: int, typed: bool = True) -> int | None:
        """The option of answer `index`, taken (the prompt is cleared); None when there is no
        such answer or the key came too soon. For the screen's own keys: the screen answers
        its question at once, with no message on the way (issue 14: key to result)."""
        if self.too_soon(typed) or not 0 <= index < len(self.options):
            return None
        option = self.options[index]
        self.clear("…")
        return option

    def pick(self, index: int, typed: bool = True) -> None:
        """Answer `index` chosen here (a press, a click): the screen hears it as a Choice."""
        option = self.take(index, typed)
        if option is not None:
            self.post_message(Choice(option))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A press: Enter or Space on the focused answer, or a click."""
        event.stop()
        self.pick(int(event.button.name or 0), typed=False)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if self._cards and 0 <= event.option_index < len(self.options):
            card = self.options[event.option_index]
            if card >= 0:
                self.post_message(CardFocused(card))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.pick(event.option_index, typed=False)
