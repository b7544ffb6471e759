"""A seat's panel: its head line, its row and its reserves, from the seat's public state
(R11.1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from rich.cells import cell_len
from rich.text import Text
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Label, Static

from dread_draw.base.glyphs import glyphs
from dread_draw.base.safe_text import plain
from dread_draw.deck.cards import Deck
from dread_draw.i18n import N_, _, fmt, pgettext
from dread_draw.play.sim import SeatSpec
from dread_draw.rules import KEEP, PublicView, View
from dread_draw.table.session import kind_words
from dread_draw.tui.cardface import CHIPS, FRAMED, LINES, line_widths
from dread_draw.tui.widgets.base import set_classes, set_layout, sized
from dread_draw.tui.widgets.cards import CardTile
from dread_draw.tui.widgets.plan import GAP, Plan, Seat, SeatPlan, StyleSize, plan_table
from dread_draw.words.narrate import life_pips


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


def seat_states(view: PublicView, seats: Sequence[SeatSpec], *, round_winner: int = -1,
                mine: View | None = None,
                round_over: tuple[int, tuple[int, ...]] | None = None,
                to_play: int | None = None) -> list[SeatState]:
    """The seat panels' contents from the public view (R11.1), and `known_life` from the
    view of the seat at the keyboard, `mine` (R11.2: only after the hand-off; None: public
    only). `round_over`: (winner, winning row) of a round that has ended, shown with the
    table as it is after the round's damage. `to_play`: the seat the table names as the one
    to play (the table model's: the person reading their own look until the keyboard
    passes); None: the seat whose decision waits."""
    if to_play is None:
        to_play = view.pending.seat if view.pending is not None else -1
    if round_over is not None:
        to_play = -1
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
                view.pending.seat == s and view.pending.kind != KEEP):
            # out of the round after a failed reveal, yet asked: its row's Aftermath (R9.4)
            status = "out: Aftermath"
        elif s == to_play and (view.in_round[s] or view.pending is not None):
            status = "to play"  # (reading their own failed reveal: out, and named)
        elif view.in_round[s]:
            status = "in the round"
        else:
            status = "eliminated"
        known = len(mine.life_known[s]) if mine is not None else 0
        out.append(SeatState(s, spec, view.life_counts[s], row, view.reserves[s],
                             total, status, s == to_play, known))
    return out


kind_label = kind_words  # a seat's kind in words (the session's)


# the statuses a seat head shows (seat_states' keys, translated where shown): a status
# shown in other words than its key
SHOWN = {"eliminated": "out of the round"}
STATUS_WORDS = (N_("defeated"), N_("out of the round"), N_("won the round"), N_("winner"),
                N_("to play"), N_("in the round"),
                # a seat out of the round, asked about its row's Aftermath ability
                N_("out: Aftermath"))


class EmptyZone(Label):
    """"empty" or "none" where a row or the reserves have no card (comes and goes like a
    card tile, so selects no text either)."""

    ALLOW_SELECT = False


class SeatHead(Static):
    """A seat's head line: name, kind, Life Deck, status, row total. Its panel sets `state`;
    the head draws itself (its words, and its looks through its own classes, which restyle
    it alone) when the state changes or its width does."""

    state: reactive[SeatState | None] = reactive(None, repaint=False)  # (update refreshes)

    def __init__(self, ascii: bool = False) -> None:
        super().__init__(classes="seat-head")
        self.ascii = ascii

    def watch_state(self, state: SeatState | None) -> None:
        if state is None:
            return
        out = state.status in ("defeated", "eliminated")
        set_classes(self, {"-to-play": state.to_play, "-out": out,
                           "-defeated": state.status == "defeated",
                           "-won": state.status in ("winner", "won the round")})
        self._draw()

    def on_resize(self) -> None:  # the spacing depends on the width
        self._draw()

    def _draw(self) -> None:
        if self.state is not None:
            self.update(self._head(self.state), layout=False)

    def _head(self, st: SeatState) -> Text:
        # the panel's width (the head fills it, padding and all)
        return head_text(st, self.outer_size.width, self.ascii)


def head_text(st: SeatState, width: int, ascii: bool = False) -> Text:
    """A seat's head line for a panel `width` cells wide: marker, name, kind (when there is
    room), Life Deck, row total and status, a space or two between each."""
    g = glyphs(ascii)
    marker = f"{g.to_play} " if st.to_play else "  "
    t = Text(no_wrap=True, overflow="ellipsis")
    gap = "  " if width >= 60 else " "
    t.append(marker, "bold")
    t.append_text(plain(st.spec.name, "bold"))
    if width >= 70:
        t.append(f" ({kind_label(st.spec)})")
    else:
        t.append(" ")
    t.append(gap + fmt(_("life {pips}"), pips=life_pips(st.life, full=g.life,
                                                      empty=g.life_gone)))
    if st.known_life:
        t.append(" " + fmt(_("({n} seen)"), n=st.known_life))
    t.append(gap + fmt(_("row {total}"), total=st.total) + gap)
    loud = st.to_play or st.status in ("defeated", "eliminated", "won the round", "winner")
    # "eliminated" means out of the round (R5.3), never out of the game: it says so
    status = _(SHOWN.get(st.status, st.status)) if st.status else ""
    t.append(f"{g.separator} {status.upper() if loud else status}" if status else "",
             "bold" if loud else "")
    return t


STAGE_LINES = 3  # the stage's lines on a small screen, unless a row needs them


class CardBox(Horizontal):
    """A box of a seat's cards (its row, its reserves, the two together): no border, no words
    of its own, so drawn as blank lines in its background straight away (Textual's `BLANK`)
    — as the tiles resize with a new plan, their boxes resize with them, and drawing each
    box's lines through the stylesheet's machinery took 3–4 ms of such a key at 200x60
    (issue 41)."""

    BLANK = True


class PlayArea(Vertical):
    """The play area (the seats, the centre band, the turn line): it lays the seats' cards
    out in the room the stage leaves them, and again whenever its size changes — a resize,
    a taller or shorter prompt."""

    BLANK = True  # no border, no words: its children cover it (see CardBox)

    def __init__(self, deck: Deck, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.deck = deck
        self.ascii = ascii
        self.card_style = FRAMED
        self.seat_states: list[SeatState] = []  # as last shown (laid out again on a resize)
        self.plan: Plan | None = None  # how they were laid out (widgets/plan.py)
        self.planned_width = 0  # the width it was laid out for (a new width: a new plan)

    def on_resize(self) -> None:
        if self.seat_states:
            self.lay_out(self.seat_states)

    def lay_out(self, states: list[SeatState]) -> None:
        """The seats' cards in the room the stage leaves them (widgets/plan.py): one style
        for the whole table, grown to the room."""
        self.seat_states = states
        width, height = self.size
        plan = None
        if width:
            # the stage's room: its least (min-height), and on a small screen the lines it
            # keeps unless a row needs them
            band = self.query_one("#centre-band").styles.min_height
            least = int(band.value) if band else 1
            stage = max(least, STAGE_LINES)
            turn = self.query_one("#turn").styles.height
            room = height - stage - int(turn.value if turn else 0)
            deck = self.deck
            was = self.plan
            plan = plan_table([Seat(st.row, st.reserves) for st in states], width - 1, room,
                              self.screen.query_one("#probes", Probes).sizes, mark_widths(),
                              lambda uid, style: line_widths(deck, uid, style, self.ascii),
                              stage - least, was, keep=width == self.planned_width)
            self.plan, self.card_style, self.planned_width = plan, plan.style, width
            if was is None or was.columns != plan.columns:  # two columns of seats, or one
                for box in self.query(".seats"):
                    side_by_side(box, plan.columns)
        for i, (panel, state) in enumerate(zip(self.query(SeatPanel), states, strict=True)):
            panel.show(state, self.card_style, plan.seats[i] if plan else None,
                       plan.tile if plan else (0, 0))


class SeatPanel(Vertical):
    """One seat: a head line (name, kind, Life Deck, status, row total) and its cards: the
    row in the order summoned, then the reserves — beside the row on one line that reads left
    to right, or on a line of their own under it (`-stacked`). Its tiles are in the style and
    size the table planned for the screen (`show`, widgets/plan.py)."""

    BLANK = True  # no border, no words of its own (see CardBox)

    def __init__(self, deck: Deck, seat: int, ascii: bool = False) -> None:
        super().__init__(id=f"seat-{seat}", classes="seat")
        self.deck = deck
        self.ascii = ascii
        self.state: SeatState | None = None
        self.style_name = ""
        # the tiles shown in the row and in the reserves, in order (tiles being removed
        # are still in the DOM for a moment: a query would find them too)
        self.tiles: dict[str, list[CardTile]] = {".row": [], ".reserves": []}

    def compose(self):
        yield SeatHead(self.ascii)
        with CardBox(classes="seat-cards"):
            yield CardBox(classes="row")
            with CardBox(classes="res-side"):
                yield Label(_("reserves"), classes="reserve-mark")
                yield CardBox(classes="reserves")

    def show(self, state: SeatState, style: str, plan: SeatPlan | None = None,
             tile: tuple[int, int] = (0, 0)) -> None:
        """Draw `state` with tiles of `style` (one style for the whole table), laid out as
        `plan` says: framed tiles `tile` (width, height) in size, unframed ones each as wide
        as the plan says. Only what changed is touched: a summon mounts one tile, a restyle
        nothing else."""
        old, self.state = self.state, state
        restyle = style != self.style_name
        changed = restyle or old != state
        if plan is not None:
            stacked(self, plan.stacked)
        if changed:
            # its one look the stylesheet reads, dimmer tiles (a restyle: its every tile)
            set_classes(self, {"-out": state.status in ("defeated", "eliminated")})
            self.set_class(style in LINES, "-compact", update=False)  # (a name: no rule)
            self.style_name = style
            self.query_one(SeatHead).state = state
            if restyle or old is None or old.row != state.row:
                self._fill(".row", old.row if old is not None and not restyle else (),
                           state.row, _("empty"))
            if restyle or old is None or old.reserves != state.reserves:
                self._fill(".reserves", old.reserves if old is not None and not restyle else (),
                           state.reserves, pgettext("no cards", "none"))
            row = self.tiles[".row"]
            for i, card in enumerate(row):
                card.to_beat = state.to_play and i == len(row) - 1
        if plan is not None:
            self.lay_out(style, plan, tile)

    def lay_out(self, style: str, plan: SeatPlan, tile: tuple[int, int]) -> None:
        """The plan's sizes on the tiles (inline: they grow with the window, beyond the
        stylesheet's least), touched only where they change (its `-stacked` look: `show`'s)."""
        sized(self.query_one(".reserve-mark", Label), max(plan.mark - MARK_MARGIN, 1), None)
        for i, card in enumerate(self.tiles[".row"] + self.tiles[".reserves"]):
            if style in CHIPS:
                sized(card, plan.widths[i] if i < len(plan.widths) else None, None)
            else:
                sized(card, plan.tile or tile[0], tile[1])

    def _fill(self, selector: str, old: tuple[int, ...], uids: tuple[int, ...],
              empty: str) -> None:
        box = self.query_one(selector, Horizontal)
        shown = self.tiles[selector]
        if old and uids[:len(old)] == old and len(shown) == len(old):
            new = uids[len(old):]  # a summon: one tile more at the right end
        else:
            box.remove_children()
            shown.clear()
            new = uids
            if not uids:
                box.mount(EmptyZone(empty, classes="empty"))
                return
        if new:
            tiles = [CardTile(self.deck, c, style=self.style_name, ascii=self.ascii)
                     for c in new]
            shown.extend(tiles)
            box.mount_all(tiles)


# A panel's or a half's arrangement is set inline, on the one box it changes, and its class
# only names it (no rule of the stylesheet reads `-stacked` or `-columns`): a class the
# stylesheet read would restyle every tile the panel or the half holds, 5-15 ms of a key at
# 200x60 that changes the plan (issue 41).

def stacked(panel: SeatPanel, on: bool) -> None:
    """A seat's reserves on a line of their own under its row (`on`), or beside it."""
    if panel.has_class("-stacked") != on:
        panel.set_class(on, "-stacked", update=False)
        set_layout(panel.query_one(".seat-cards"), "vertical" if on else "horizontal")


def side_by_side(half: Widget, on: bool) -> None:
    """The seats of one half of the table (`.seats`) side by side (`on`, with a cell
    between them), or one under another."""
    if half.has_class("-columns") == on:
        return
    half.set_class(on, "-columns", update=False)
    set_layout(half, "horizontal" if on else "vertical")
    panels = list(half.query_children(SeatPanel))
    for i, panel in enumerate(panels):
        panel.styles.margin = (0, GAP, 0, 0) if on and i < len(panels) - 1 else (0, 0, 0, 0)


MARK_MARGIN = 1  # the "reserves" mark's margin (the stylesheet's), which its plan counts


class Probes(Vertical):
    """A card tile of each style, never shown: the stylesheet's sizes for the table's plan
    (`sizes`, read once: the table's styles do not change its tiles' sizes)."""

    @cached_property
    def sizes(self) -> dict[str, StyleSize]:
        """Each card style's tile: its least size (`width`, `height`) and the most it may
        grow to (`max-width`, `max-height`; none: it does not grow)."""
        def cells(scalar, default: int = 0) -> int:
            return int(scalar.value) if scalar is not None else default

        sizes = {}
        for tile in self.query(CardTile):
            st = tile.styles
            least = (cells(st.width), cells(st.height))
            sizes[tile.style_name] = StyleSize(least, (cells(st.max_width, least[0]),
                                                       cells(st.max_height, least[1])))
        return sizes


def mark_widths() -> tuple[int, int]:
    """The "reserves" mark's (least, wanted) width, its margin, padding and rule counted:
    the word whole, or its start and "…" where a row needs the room."""
    pad = 3 + MARK_MARGIN  # padding 0 1, the rule at its left, the margin
    word = cell_len(_("reserves"))
    return min(word, 4) + pad, word + pad
