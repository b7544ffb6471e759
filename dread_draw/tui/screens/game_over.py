"""The end of a game (R10): the winner, the standings and the fortune read card by card."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Label, Static

from dread_draw.base.safe_text import clean, plain
from dread_draw.deck.overlays import deck_text
from dread_draw.i18n import N_, _, fmt, ngettext, pgettext
from dread_draw.play.places import standing_lines
from dread_draw.play.sim import Match
from dread_draw.store.ratings import change_text
from dread_draw.table.model import REVIEW, TableModel
from dread_draw.table.seam import TableMatch
from dread_draw.tui.screens.base import SizeAware
from dread_draw.tui.widgets.base import AnswerOnce, TooSmall
from dread_draw.tui.widgets.keybar import KeyBar
from dread_draw.words.narrate import damage_text, fortune_part


class GameOver(AnswerOnce, SizeAware, Screen[str]):
    """R10: the winner, then the fortune read card by card; rematch, new game or quit."""

    BINDINGS = [Binding("enter,space", "turn", N_("Turn the next card")),
                Binding("r", "done('rematch')", N_("Rematch")),
                Binding("g", "done('new')", N_("New game")),
                Binding("v", "review", N_("Review")),  # coach: tui/coach.py
                Binding("q", "done('quit')", N_("Quit"))]

    def __init__(self, match: TableMatch, model: TableModel | None = None) -> None:
        """`model`: the table's, asked for `v` on behalf of the person at the keyboard."""
        super().__init__()
        self.match = match
        self.model = model
        self.turned = 0

    def compose(self) -> ComposeResult:
        g = self.match.game
        name = self.match.seats[g.winner].name
        who = clean(name)
        if g.stalemate:
            won = Text(fmt(ngettext(
                "Nobody has taken damage for 10 rounds: a stalemate. {who} wins the game after "
                "{n} round, with the most cards left.",
                "Nobody has taken damage for 10 rounds: a stalemate. {who} wins the game after "
                "{n} rounds, with the most cards left.", g.round), who=who, n=g.round))
        else:
            won = Text(fmt(ngettext("{who} wins the game after {n} round.",
                                    "{who} wins the game after {n} rounds.", g.round),
                           who=who, n=g.round))
        with VerticalScroll(id="gameover"):
            yield Label(won, id="winner")
            yield Static(self.standings(), classes="standings")
            if self.match.seed is not None:  # None: a hosted game's seed stays secret (net)
                yield Label(fmt(_("seed {seed} (play it again with --seed {seed})"),
                                seed=self.match.seed), classes="seed")
            if g.fortune:
                yield Label(Text(fmt(_("{name}'s fortune: the Life Deck, shuffled, is read card "
                                       "by card."), name=who)), classes="fortune-intro")
            else:
                yield Label(Text(fmt(_("{name}'s Life Deck is empty: there is no fortune to "
                                       "read."), name=who)), classes="fortune-intro")
            yield Vertical(id="fortune")
            with Horizontal(classes="dialog-buttons"):
                yield Button(pgettext("key", "Enter") + "  " + _("Turn the next card"),
                             id="turn", compact=True)
                yield Button("r  " + _("Rematch"), id="rematch", variant="primary", compact=True)
                yield Button("g  " + _("New game"), id="new", compact=True)
                yield Button("v  " + _("Review"), id="review", compact=True)  # coach
                yield Button("q  " + _("Quit"), id="quit", compact=True)
        yield KeyBar()
        yield TooSmall()

    def standings(self) -> Text:
        """Every seat by place: the winner and its cards left, then each other player by
        when they were defeated (after a stalemate, the cards each had left); then each
        person's new rating, when the game was rated (`store.ratings`)."""
        lines = [clean(line) for line in standing_lines(self.match)]
        saver = getattr(self.app, "saver", None) if self.is_attached else None
        rated = getattr(saver, "rated", None) or []
        if rated:
            lines += ["", _("Ratings among friends:")]
            lines += ["  " + clean(change_text(c)) for c in rated]
        return Text("\n".join(lines))

    def on_mount(self) -> None:
        self._update_turn_button()

    def _update_turn_button(self) -> None:
        for button in self.query("#turn").results(Button):
            button.display = self.turned < len(self.match.game.fortune)
        for bar in self.query(KeyBar):
            bar.refresh()  # check_action below decides what it shows

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """No "Turn the next card" in the footer once there is none left to turn."""
        if action == "turn" and self.is_mounted:
            return self.turned < len(self.match.game.fortune)
        return super().check_action(action, parameters)  # keys wait for the mount

    def action_turn(self) -> None:
        """R10.2: the present, the near future, then the distant future."""
        fortune = self.match.game.fortune
        shown = self.query("#fortune").results(Vertical)
        box = next(shown, None)
        if self.turned >= len(fortune) or box is None:  # none left, or the screen is going
            return
        deck = self.match.deck
        c = fortune[self.turned]
        card = deck.card[c]
        t = Text()
        t.append(fmt(_("{title}: "), title=fortune_title(self.turned, len(fortune))), "bold")
        words = deck_text(deck)[card]  # in the current language
        t.append_text(plain(words.name))
        t.append(" " + fmt(_("({strength}, damage {damage})"), strength=card.strength,
                           damage=damage_text(card.damage)) + "\n")
        t.append_text(plain(words.fortune, "italic", lines=True))
        turned = Static(t, classes="fortune-card")
        box.mount(turned)
        self.call_after_refresh(turned.scroll_visible, animate=False)  # turned in sight
        self.turned += 1
        self._update_turn_button()

    def action_done(self, what: str) -> None:
        self.dismiss(what)

    def action_review(self) -> None:  # coach: the review screen (tui/coach.py)
        from dread_draw.coach.review import Practice
        from dread_draw.tui.coach import ReviewScreen, reviewable_of
        if isinstance(self.match, Practice):  # its start was dealt anew: no game to replay
            self.notify(_("A practice is not reviewed: review the game it came from."),
                        timeout=4)
            return
        if self.model is not None:  # the table's model says whether this table serves it
            info = self.model.info(REVIEW)
            if not info.offered:
                self.notify(info.line, timeout=4, markup=False)
                return
        m = self.match
        if isinstance(m, Match):  # (a network table's game is the host's: not offered)
            self.app.push_screen(ReviewScreen(reviewable_of(m.deck, list(m.seats), m.seed,
                                                            m.choices)))

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "turn":
            self.action_turn()
        elif event.button.id == "review":
            self.action_review()
        else:
            self.action_done(event.button.id or "")


def fortune_title(index: int, total: int) -> str:
    """R10.2: the present, the near future, then the distant future card by card."""
    if index < 2:
        return fortune_part(index)
    return fmt(_("The distant future ({i} of {n})"), i=index - 1, n=total - 2)
