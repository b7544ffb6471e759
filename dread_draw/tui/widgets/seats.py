"""A seat's panel: its head line, its row and its reserves, from the seat's public state
(R11.1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Label, Static

from dread_draw.base.glyphs import glyphs
from dread_draw.base.safe_text import plain
from dread_draw.deck.cards import Deck
from dread_draw.i18n import N_, _, fmt, pgettext
from dread_draw.play.sim import SeatSpec
from dread_draw.rules import KEEP, PublicView, View
from dread_draw.table.session import kind_words
from dread_draw.tui.cardface import LINES
from dread_draw.tui.widgets.base import set_classes
from dread_draw.tui.widgets.cards import CardTile
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
        yield SeatHead(self.ascii)
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
        set_classes(self, {"-compact": style in LINES, "-out": out})  # (restyles the tiles)
        self.query_one(SeatHead).state = state
        if restyle or old is None or old.row != state.row:
            self._fill(".row", old.row if old is not None and not restyle else (), state.row,
                       _("empty"))
        if restyle or old is None or old.reserves != state.reserves:
            self._fill(".reserves", old.reserves if old is not None and not restyle else (),
                       state.reserves, pgettext("no cards", "none"))
        tiles = list(self.query_one(".row", Horizontal).query(CardTile))
        for i, tile in enumerate(tiles):
            tile.to_beat = state.to_play and i == len(tiles) - 1

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
