"""The table's widgets: card tiles, seat panels, the table centre, the card reader, the prompt.

Widgets render from a seat's `View` (R11) and the seats' names; they keep no game state of
their own. Nothing is said by colour alone: damage is dots *and* a number, statuses are words,
the seat to play carries a ▶ marker. Colours and sizes live in dread_draw.tcss.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen, ScreenResultType
from textual.widget import Widget
from textual.widgets import Button, Label, OptionList, Static

from dread_draw.cards import Deck
from dread_draw.rules import View
from dread_draw.safe_text import clean, plain
from dread_draw.sim import SeatSpec
from dread_draw.tui.narrate import (
    DOT,
    ability_text,
    card_label,
    counted,
    damage_text,
    discard_text,
    life_pips,
)


def as_text(content: Text | str) -> Text:
    """What a widget shows, as Rich Text: a string is shown as written, never read as
    markup (names and card texts come from outside, safe_text)."""
    return content if isinstance(content, Text) else plain(content, lines=True)


def set_classes(widget: Widget, flags: dict[str, bool]) -> None:
    """Set or clear CSS classes, touching only those that change (each change restyles)."""
    for name, on in flags.items():
        if widget.has_class(name) != on:
            widget.set_class(on, name)


def update_if_changed(widget: Static, content, *, layout: bool = True) -> None:
    """Static.update re-lays out the screen; skip it when the text is the same."""
    if getattr(widget, "_shown", None) != content:
        widget._shown = content  # type: ignore[attr-defined]
        widget.update(content, layout=layout)


class CardFocused(Message):
    """A card tile got the focus (or was clicked): show its full text in the reader."""

    def __init__(self, uid: int) -> None:
        self.uid = uid
        super().__init__()


class CardTile(Widget, can_focus=True):
    """One face-up card: strength big, damage as dots and a number, name, keyword.

    Full tiles are small framed boxes (keyword in the frame); compact ones are one line.
    """

    COMPONENT_CLASSES = {"card--strength", "card--dots", "card--name"}
    # A click reads a card; it selects no text. (Tiles come and go with every move, and
    # Textual's selection fails on a press that lands on a tile just taken away.)
    ALLOW_SELECT = False

    def __init__(self, deck: Deck, uid: int, *, compact: bool = False) -> None:
        super().__init__(classes="-compact" if compact else "")
        self.deck = deck
        self.uid = uid
        card = deck.card[uid]
        self.border_title = card.keyword or None
        self.tooltip = plain(card_label(deck, uid))

    def render(self) -> Text:
        card = self.deck.card[self.uid]
        strength = self.get_component_rich_style("card--strength")
        dots = self.get_component_rich_style("card--dots")
        name = self.get_component_rich_style("card--name")
        dmg = (DOT * card.damage, dots) if card.damage else ("·", dots)
        if self.has_class("-compact"):
            # Numbers first: a narrow cell cuts the name, never the damage.
            short = clean(card.name.removeprefix("The "))
            return Text.assemble((str(card.strength), strength), " ", dmg, str(card.damage),
                                 " ", (short, name), no_wrap=True, overflow="ellipsis")
        return Text.assemble((f"{card.strength:>2}", strength), "  ", dmg, f" {card.damage}\n",
                             (clean(card.name), name), no_wrap=True, overflow="ellipsis")

    def on_focus(self) -> None:
        self.post_message(CardFocused(self.uid))

    def on_click(self) -> None:
        self.focus()


@dataclass(frozen=True)
class SeatState:
    """What a seat panel shows: everything public about one seat, plus its labels."""

    seat: int
    spec: SeatSpec
    life: int
    row: tuple[int, ...]
    reserves: tuple[int, ...]
    total: int
    status: str
    to_play: bool
    known_life: int  # cards of this Life Deck whose place the viewer has seen (private)


def seat_states(view: View, seats: list[SeatSpec], *, round_winner: int = -1,
                private: bool = False,
                round_over: tuple[int, tuple[int, ...]] | None = None) -> list[SeatState]:
    """The seat panels' contents from one seat's view (R11.1: all of it public but
    `known_life`, which is shown only when `private`). `round_over`: (winner, winning row)
    of a round that has ended, shown with the table as it is after the round's damage."""
    to_play = view.pending.seat if view.pending is not None and round_over is None else -1
    out = []
    for s, spec in enumerate(seats):
        row, total = view.rows[s], view.totals[s]
        if round_over is not None:
            winner, won_with = round_over
            status = ("defeated" if view.defeated[s] else
                      "won the round" if s == winner else "eliminated")
            if s == winner:
                row, total = won_with, sum(view.deck.strength[c] for c in won_with)
        elif view.over:
            status = "winner" if s == view.winner else ("defeated" if view.defeated[s] else "")
        elif view.defeated[s]:
            status = "defeated"
        elif s == round_winner:
            status = "won the round"
        elif s == to_play:
            status = "to play"
        elif view.in_round[s]:
            status = "in the round"
        else:
            status = "eliminated"
        known = len(view.life_known[s]) if private else 0
        out.append(SeatState(s, spec, view.life_counts[s], row, view.reserves[s],
                             total, status, s == to_play, known))
    return out


def kind_label(spec: SeatSpec) -> str:
    return "human" if spec.is_human else f"CPU {spec.kind}"


class EmptyZone(Label):
    """"empty" or "none" where a row or the reserves have no card (comes and goes like a
    card tile, so selects no text either)."""

    ALLOW_SELECT = False


class SeatPanel(Vertical):
    """One seat: name and kind, Life Deck pips, status, the row (left to right) and its
    total, and the reserves."""

    def __init__(self, deck: Deck, seat: int) -> None:
        super().__init__(id=f"seat-{seat}", classes="seat")
        self.deck = deck
        self.state: SeatState | None = None
        self.compact = False
        self.table_compact = False

    def compose(self):
        yield Static(classes="seat-head")
        with Horizontal(classes="seat-cards"):
            with Horizontal(classes="zone"):
                yield Label("row", classes="zone-label row-label")
                yield Horizontal(classes="row")
            with Horizontal(classes="zone"):
                yield Label("reserves", classes="zone-label")
                yield Horizontal(classes="reserves")

    def show(self, state: SeatState, compact: bool) -> None:
        """Draw `state`; `compact` is the table's layout, and a seat whose tiles would not
        fit on one line is drawn compact too (nothing is ever cut off)."""
        self.table_compact = compact
        compact = compact or 0 < self.size.width < self.full_width(state)
        old, self.state = self.state, state
        changed = compact != self.compact or old is None
        if not changed and old == state:
            return  # an update re-lays out the screen: skip it when nothing changed
        set_classes(self, {"-to-play": state.to_play, "-compact": compact,
                           "-out": state.status in ("defeated", "eliminated"),
                           "-won": state.status in ("winner", "won the round")})
        self.compact = compact
        # Both have a fixed size (dread_draw.tcss): no layout pass needed.
        self.query_one(".seat-head", Static).update(self._head(state), layout=False)
        self.query_one(".row-label", Label).update(f"row {state.total}", layout=False)
        if changed or old is None or old.row != state.row:
            self._fill(".row", state.row, "empty")
        if changed or old is None or old.reserves != state.reserves:
            self._fill(".reserves", state.reserves, "none")

    def on_resize(self) -> None:
        if self.state is not None:  # the head's spacing and the tiles' room depend on it
            self.query_one(".seat-head", Static).update(self._head(self.state), layout=False)
            self.show(self.state, self.table_compact)

    @staticmethod
    def full_width(state: SeatState) -> int:
        """Columns this seat's framed tiles need on one line (sizes from dread_draw.tcss:
        a zone label 9 and margin 2, a tile 15 and margin 1, "empty"/"none" 5)."""
        def zone(cards):
            return 9 + 2 + (16 * len(cards) if cards else 5)
        return 1 + zone(state.row) + zone(state.reserves)

    def _head(self, st: SeatState) -> Text:
        marker = "▶ " if st.to_play else "  "
        t = Text(no_wrap=True, overflow="ellipsis")
        gap = "  " if self.size.width >= 60 else " "  # narrow: room for the status
        t.append(marker, "bold")
        t.append_text(plain(st.spec.name, "bold"))
        t.append(f" ({kind_label(st.spec)}){gap}life {life_pips(st.life)}")
        if st.known_life:
            t.append(f" ({st.known_life} seen)")
        t.append(gap)
        t.append(st.status.upper() if st.to_play else st.status, "bold" if st.to_play else "")
        return t

    def _fill(self, selector: str, uids: tuple[int, ...], empty: str) -> None:
        box = self.query_one(selector, Horizontal)
        box.remove_children()
        if uids:
            box.mount_all(CardTile(self.deck, c, compact=self.compact) for c in uids)
        else:
            box.mount(EmptyZone(empty, classes="empty"))


class TableCentre(Static):
    """The shared zones: round, Draw Deck size, discard pile (top card and size), seed; and,
    for the seat at the keyboard only, the hidden cards it has seen (R11.2): places in the
    Draw Deck and in Life Decks."""

    def show(self, view: View, seed: int | None, names: list[str], private: bool,
             round_over: int | None = None) -> None:
        """`round_over`: the round whose summary is up (the table after its damage)."""
        deck = view.deck
        t = Text()
        t.append(f"Round {view.round}" if round_over is None else
                 f"Round {round_over} is over", "bold")
        t.append(f"   seed {seed}\n" if seed is not None else "\n")  # None: secret (net)
        t.append(f"Draw Deck: {counted(view.draw_count, 'card')}\n")
        t.append(clean(discard_text(deck, view.discard)))
        if private:
            for where, size, known in [("the Draw Deck", view.draw_count, view.draw_known)] + [
                    ("your Life Deck" if s == view.seat else f"{names[s]}'s Life Deck",
                     view.life_counts[s], k) for s, k in enumerate(view.life_known)]:
                if known:
                    seen = "; ".join(f"{card_label(deck, c)} {place(d, size)}"
                                     for d, c in sorted(known))
                    t.append(clean(f"\nOnly you know, in {where}: ", lines=True), "bold")
                    t.append(clean(seen))
        update_if_changed(self, t)


def ordinal(n: int) -> str:
    return f"{n}" + ("th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th"))


def place(depth: int, size: int) -> str:
    """Where a card lies in a pile of `size`, `depth` cards from the top, in words counted
    from the nearer end: "on top", "3rd from the top", "2nd from the bottom"."""
    if depth == 0:
        return "on top"
    if depth == size - 1:
        return "at the bottom"
    if depth < size - 1 - depth:
        return f"{ordinal(depth + 1)} from the top"
    return f"{ordinal(size - depth)} from the bottom"


class CardReader(Static):
    """The full text of one card: numbers, keyword and ability, and its fortune (R10.2)."""

    uid: int | None = None  # the card shown, if any

    def show(self, deck: Deck, uid: int | None) -> None:
        self.uid = uid
        if uid is None:
            self.update("Focus a card (Tab) or click one to read it here.")
            return
        card = deck.card[uid]
        t = Text()
        t.append(clean(card.name), "bold")
        t.append(f"\nstrength {card.strength} · damage {damage_text(card.damage)}\n")
        t.append(clean(ability_text(card), lines=True) + "\n")
        t.append(clean(f"Fortune: {card.fortune}", lines=True), "italic")
        self.update(t)


class Choice(Message):
    """The person at the keyboard answered the prompt with `option`."""

    def __init__(self, option: int) -> None:
        self.option = option
        super().__init__()


BUTTONS_MAX = 9  # more options than this go into a scrolling list
BUTTON_GAP = 2  # columns between two answer buttons (#answers Button's margin)
BUTTON_MIN = 16  # a Button's min-width (Textual's default CSS): short answers are this wide
PRESS_GUARD = 0.6  # seconds: a press this soon after a question is the tail of a double press


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


def button_rows(texts: list[str], width: int) -> list[list[int]]:
    """Buttons (their texts' indexes) packed left to right into rows of at most `width`
    columns, in order; a button wider than a row gets a row of its own."""
    rows: list[list[int]] = [[]]
    used = 0
    for i, text in enumerate(texts):
        need = max(len(text) + 2, BUTTON_MIN) + BUTTON_GAP  # padding, min-width, the gap
        if rows[-1] and used + need - BUTTON_GAP > width:
            rows.append([])
            used = 0
        rows[-1].append(i)
        used += need
    return rows


class PromptBar(Vertical):
    """The question a Decision asks, with one button (and a number key) per legal option.

    `ask(question, options)` takes (option, label) pairs: exactly the Decision's options
    (STYLE.md principle 2); a long list becomes a scrolling list.
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
        box.remove_children()
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

    def _lay_out(self) -> None:
        """The buttons in rows that fit the bar's width: every option stays visible."""
        # size is the content area (inside the bar's padding); before the first layout,
        # the screen's width less that padding
        width = self.size.width or self.app.size.width - 2
        self._width = width
        box = self.query_one("#answers", Vertical)
        box.remove_children()
        card = [o if self._cards else -1 for o in self.options]
        buttons = [AnswerButton(text, i, card[i]) for i, text in enumerate(self._texts)]
        box.mount_all([Horizontal(*(buttons[i] for i in row), classes="answer-row")
                       for row in button_rows(self._texts, width)])
        # Otherwise no focus moves here: a change of focus restyles the whole screen (slow),
        # and the number keys answer without it.
        if self._read_first:
            first = next((b for b in buttons if b.card >= 0), None)
            if first is not None:
                self.call_after_refresh(first.focus)

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
        self.query_one("#answers", Vertical).remove_children()

    def too_soon(self, typed: bool) -> bool:
        """Whether a key is the tail of a double press meant for the screen before, which
        must not answer this question: a press of the focused answer (Enter, Space, a click)
        that comes sooner than a person could have read the question would take that answer
        unread; a typed number or y/n is deliberate and answers at once — but not a question
        for the next person, whom the last one's keys must never answer for."""
        if typed and not self._new_person:
            return False
        return time.monotonic() - self._asked_at < PRESS_GUARD

    def pick(self, index: int, typed: bool = True) -> None:
        if self.too_soon(typed):
            return
        if 0 <= index < len(self.options):
            option = self.options[index]
            self.clear("…")
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
        keys: list[tuple[str, str]] = []
        for active in bindings:
            b = active.binding
            if not b.show or b.description in seen:
                continue
            seen.add(b.description)
            keys.append((self.app.get_key_display(b), b.description))
        # one space between keys when two would push the last ones off a narrow screen
        wide = sum(cell_len(k) + cell_len(d) + 5 for k, d in keys) - 2 <= self.size.width
        for key, description in keys:
            t.append(f" {key} ", key_style)
            t.append(f" {description}  " if wide else f" {description} ")
        return t


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

    def on_screen_resume(self) -> None:
        if self._waiting is not None:
            (result,), self._waiting = self._waiting, None
            self.dismiss(result)


# The keys that work on every screen of the table. A modal screen hides the app's own
# bindings from Textual's key lookup, so each dialog binds them again (F1 and Ctrl+C are
# priority bindings of the app and reach every screen anyway).
EVERYWHERE: list[BindingType] = [Binding("q", "app.request_quit", "Quit"),
                                 Binding("question_mark", "app.help", "Help",
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
        return (f"Dread Draw needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
                f"This one is {w}×{h}: please make the window larger.")
