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
from dread_draw.emblems import emblem
from dread_draw.glyphs import glyphs
from dread_draw.i18n import N_, _, fmt, ngettext, pgettext
from dread_draw.overlays import deck_text
from dread_draw.rules import KEEP, PublicView, View
from dread_draw.safe_text import clean, plain
from dread_draw.sim import SeatSpec
from dread_draw.tui.cardface import FRAMED, LARGE, LINE, face
from dread_draw.tui.narrate import (
    ability_text,
    card_label,
    damage_text,
    keyword_of,
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
    """One face-up card in the style the table chose for the whole screen (cardface.py):
    `-large` (numbers, an emblem, the full name), framed, or `-line` (one line). Its sizes are
    the stylesheet's; the face is fitted to the width it is given. The card to beat carries
    the words "to beat" in its frame (never a colour alone)."""

    # A click reads a card; it selects no text. (Tiles come and go with every move, and
    # Textual's selection fails on a press that lands on a tile just taken away.)
    ALLOW_SELECT = False

    def __init__(self, deck: Deck, uid: int, *, style: str = FRAMED, ascii: bool = False) -> None:
        super().__init__(classes=STYLE_CLASS[style])
        self.deck = deck
        self.uid = uid
        self.style_name = style
        self.ascii = ascii
        card = deck.card[uid]
        self.border_title = (keyword_of(card) or None) if style != LINE else None
        self.tooltip = plain(card_label(deck, uid))

    def render(self) -> Text:
        width = self.content_region.width or self.size.width
        return face(self.deck, self.uid, self.style_name, max(width, 1), ascii=self.ascii)

    def mark_to_beat(self, on: bool) -> None:
        if self.has_class("-to-beat") != on:
            self.set_class(on, "-to-beat")
            self.border_subtitle = _("to beat") if on and self.style_name != LINE else None

    def on_focus(self) -> None:
        self.post_message(CardFocused(self.uid))

    def on_click(self) -> None:
        self.focus()


STYLE_CLASS = {LARGE: "-large", FRAMED: "", LINE: "-line"}


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


def seat_states(view: PublicView, seats: list[SeatSpec], *, round_winner: int = -1,
                mine: View | None = None,
                round_over: tuple[int, tuple[int, ...]] | None = None) -> list[SeatState]:
    """The seat panels' contents from the public view (R11.1), and `known_life` from the
    view of the seat at the keyboard, `mine` (R11.2: only after the hand-off; None: public
    only). `round_over`: (winner, winning row) of a round that has ended, shown with the
    table as it is after the round's damage."""
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
        elif s == to_play and not view.in_round[s] and view.pending is not None and (
                view.pending.kind != KEEP):
            # out of the round after a failed reveal, yet asked: its row's Aftermath (R9.4)
            status = "out: Aftermath"
        elif s == to_play:
            status = "to play"
        elif view.in_round[s]:
            status = "in the round"
        else:
            status = "eliminated"
        known = len(mine.life_known[s]) if mine is not None else 0
        out.append(SeatState(s, spec, view.life_counts[s], row, view.reserves[s],
                             total, status, s == to_play, known))
    return out


def kind_label(spec: SeatSpec) -> str:
    return _("human") if spec.is_human else fmt(_("CPU {level}"), level=spec.kind)


# the statuses a seat head shows (seat_states' keys, translated where shown)
STATUS_WORDS = (N_("defeated"), N_("eliminated"), N_("won the round"), N_("winner"),
                N_("to play"), N_("in the round"),
                # a seat out of the round, asked about its row's Aftermath ability
                N_("out: Aftermath"))


class EmptyZone(Label):
    """"empty" or "none" where a row or the reserves have no card (comes and goes like a
    card tile, so selects no text either)."""

    ALLOW_SELECT = False


class SeatPanel(Vertical):
    """One seat: a head line (name, kind, Life Deck, status, row total) and, on one line that
    reads left to right, the row in the order summoned, then the reserves. Its tiles are in the
    style the table chose for the screen (`show`)."""

    def __init__(self, deck: Deck, seat: int, ascii: bool = False) -> None:
        super().__init__(id=f"seat-{seat}", classes="seat")
        self.deck = deck
        self.ascii = ascii
        self.state: SeatState | None = None
        self.style_name = ""

    def compose(self):
        yield Static(classes="seat-head")
        with Horizontal(classes="seat-cards"):
            yield Horizontal(classes="row")
            yield Label(_("reserves"), classes="reserve-mark")
            yield Horizontal(classes="reserves")

    def show(self, state: SeatState, style: str, squeeze: bool = False) -> None:
        """Draw `state` with tiles of `style` (one style for the whole table). Only what
        changed is touched: a summon mounts one tile, a restyle nothing else. `squeeze`:
        the one-line tiles share the line's width (a row too long even for them), the row
        and the reserves in proportion to their cards."""
        old, self.state = self.state, state
        restyle = style != self.style_name
        if squeeze != self.has_class("-squeeze"):
            self.set_class(squeeze, "-squeeze")
            if not squeeze:  # back to the stylesheet's widths
                self.query_one(".row").styles.width = None
                self.query_one(".reserves").styles.width = None
        if squeeze:
            self.query_one(".row").styles.width = f"{max(len(state.row), 1)}fr"
            self.query_one(".reserves").styles.width = f"{max(len(state.reserves), 1)}fr"
        if not restyle and old == state:
            return
        self.style_name = style
        out = state.status in ("defeated", "eliminated")
        set_classes(self, {"-compact": style == LINE, "-out": out})  # (restyles the tiles)
        head = self.query_one(".seat-head", Static)
        # the head's looks change with every move: its own classes restyle it alone
        set_classes(head, {"-to-play": state.to_play, "-out": out,
                           "-defeated": state.status == "defeated",
                           "-won": state.status in ("winner", "won the round")})
        head.update(self._head(state), layout=False)
        if restyle or old is None or old.row != state.row:
            self._fill(".row", old.row if old is not None and not restyle else (), state.row,
                       _("empty"))
        if restyle or old is None or old.reserves != state.reserves:
            self._fill(".reserves", old.reserves if old is not None and not restyle else (),
                       state.reserves, pgettext("no cards", "none"))
        tiles = list(self.query_one(".row", Horizontal).query(CardTile))
        for i, tile in enumerate(tiles):
            tile.mark_to_beat(state.to_play and i == len(tiles) - 1)

    def on_resize(self) -> None:
        if self.state is not None:  # the head's spacing depends on the width
            self.query_one(".seat-head", Static).update(self._head(self.state), layout=False)

    def _head(self, st: SeatState) -> Text:
        g = glyphs(self.ascii)
        marker = f"{g.to_play} " if st.to_play else "  "
        t = Text(no_wrap=True, overflow="ellipsis")
        gap = "  " if self.size.width >= 60 else " "
        t.append(marker, "bold")
        t.append_text(plain(st.spec.name, "bold"))
        if self.size.width >= 70:
            t.append(f" ({kind_label(st.spec)})")
        else:
            t.append(" ")
        t.append(gap + fmt(_("life {pips}"), pips=life_pips(st.life)))
        if st.known_life:
            t.append(" " + fmt(_("({n} seen)"), n=st.known_life))
        t.append(gap + fmt(_("row {total}"), total=st.total) + gap)
        loud = st.to_play or st.status in ("defeated", "eliminated", "won the round", "winner")
        status = _(st.status) if st.status else ""
        t.append(f"{g.separator} {status.upper() if loud else status}" if status else "",
                 "bold" if loud else "")
        return t

    def _fill(self, selector: str, old: tuple[int, ...], uids: tuple[int, ...],
              empty: str) -> None:
        box = self.query_one(selector, Horizontal)
        if old and uids[:len(old)] == old and len(box.children) == len(old):
            new = uids[len(old):]  # a summon: one tile more at the right end
        else:
            box.remove_children()
            new = uids
            if not uids:
                box.mount(EmptyZone(empty, classes="empty"))
                return
        if new:
            box.mount_all(CardTile(self.deck, c, style=self.style_name, ascii=self.ascii)
                          for c in new)


class TableCentre(Static):
    """The shared zones: round, Draw Deck size, discard pile (top card and size), seed; and,
    for the seat at the keyboard only, the hidden cards it has seen (R11.2): places in the
    Draw Deck and in Life Decks."""

    def show(self, view: PublicView, seed: int | None, names: list[str], mine: View | None,
             round_over: int | None = None) -> None:
        """The public view's zones; `mine`: the view of the seat at the keyboard, for what
        only it has seen (None: nobody's). `round_over`: the round whose summary is up (the
        table after its damage)."""
        deck = view.deck
        t = Text()
        t.append(fmt(_("Round {n}"), n=view.round) if round_over is None else
                 fmt(_("Round {n} is over"), n=round_over), "bold")
        t.append("\n" + fmt(ngettext("Draw Deck: {n} card", "Draw Deck: {n} cards",
                                       view.draw_count), n=view.draw_count)
                 + "\n")
        if view.discard:
            top = view.discard[-1]
            t.append(fmt(ngettext("Discard: {n} card", "Discard: {n} cards",
                                       len(view.discard)), n=len(view.discard)) + "\n")
            t.append(clean(fmt(_("top: {card}, damage {damage}"), card=card_label(deck, top),
                               damage=damage_text(deck.damage[top]))))
        else:
            t.append(_("Discard: empty"))
        if mine is not None:
            for s, k in [(-1, mine.draw_known), *enumerate(mine.life_known)]:
                if not k:
                    continue
                size = mine.draw_count if s < 0 else mine.life_counts[s]
                seen = "; ".join(fmt(_("{card} {place}"), card=card_label(deck, c),
                                     place=place(d, size)) for d, c in sorted(k))
                if s < 0:
                    said = fmt(_("Only you know, in the Draw Deck: {cards}"), cards=seen)
                elif s == mine.seat:
                    said = fmt(_("Only you know, in your Life Deck: {cards}"), cards=seen)
                else:
                    said = fmt(_("Only you know, in {name}'s Life Deck: {cards}"),
                               name=names[s], cards=seen)
                t.append("\n")
                t.append(clean(said, lines=True), "bold")
        update_if_changed(self, t)  # laid out again: the centre scrolls when it is long


def ordinal(n: int) -> str:
    """`n` as an ordinal number in the current language ("3rd", « 3e », „3.“, 3번째)."""
    # Translators: an ordinal number, as in "the 4th card from the top" (French "{n}e",
    # German "{n}."); English's own endings (1st, 2nd, 3rd) are worked out in the code.
    pattern = pgettext("ordinal number", "{n}th")
    if pattern != "{n}th":
        return fmt(pattern, n=n)
    return f"{n}" + ("th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th"))


def place(depth: int, size: int) -> str:
    """Where a card lies in a pile of `size`, `depth` cards from the top, in words counted
    from the nearer end: "on top", "3rd from the top", "2nd from the bottom"."""
    if depth == 0:
        return _("on top")
    if depth == size - 1:
        return _("at the bottom")
    if depth < size - 1 - depth:
        return fmt(_("{nth} from the top"), nth=ordinal(depth + 1))
    return fmt(_("{nth} from the bottom"), nth=ordinal(size - depth))


class CardReader(Static):
    """The full text of one card: its name in full, numbers, emblem, keyword and ability, and
    its fortune (R10.2)."""

    uid: int | None = None  # the card shown, if any
    ascii = False

    def show(self, deck: Deck, uid: int | None) -> None:
        self.uid = uid
        if uid is None:
            self.update(_("Focus a card (Tab) or click one to read it here."))
            return
        card = deck.card[uid]
        t = Text()
        words = deck_text(deck)[card]  # in the current language
        t.append(clean(words.name), "bold")
        t.append("\n" + fmt(_("strength {strength} · damage {damage}"), strength=card.strength,
                             damage=damage_text(card.damage)))
        if self.has_class("-emblem"):
            for line in emblem(card.id, ascii=self.ascii, large=True):
                t.append("\n  " + line)
        t.append("\n" + clean(ability_text(card, deck), lines=True) + "\n")
        t.append(clean(fmt(_("Fortune: {fortune}"), fortune=words.fortune), lines=True), "italic")
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


def button_rows(texts: list[str], width: int) -> list[list[int]]:
    """Buttons (their texts' indexes) packed left to right into rows of at most `width`
    columns, in order; a button wider than a row gets a row of its own."""
    rows: list[list[int]] = [[]]
    used = 0
    for i, text in enumerate(texts):
        need = max(cell_len(text) + 2, BUTTON_MIN) + BUTTON_GAP  # padding, min-width, the gap
        if rows[-1] and used + need - BUTTON_GAP > width:
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
                       for row in button_rows(self._texts, width)])
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
