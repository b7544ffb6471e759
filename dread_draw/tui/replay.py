"""The replay viewer: step forward and back through a finished game, every card revealed.

`Timeline` (no Textual) replays a save once and keeps the position after every choice (a
cheap `Game.copy`) with the number of log events up to it; `ReplayApp` shows one position at
a time — every Life Deck and the Draw Deck face up, since the game is over — with the choice
made there and the game log up to that point. `dread-draw replay [FILE|--last]` opens it.
"""

from __future__ import annotations

from rich.markdown import Markdown
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from dread_draw.base.safe_text import clean
from dread_draw.deck.cards import Deck
from dread_draw.deck.overlays import deck_text
from dread_draw.i18n import N_, _, fmt, listing, pgettext
from dread_draw.i18n.grammar import join
from dread_draw.play.sim import Match, Move
from dread_draw.rules import Game
from dread_draw.store.saves import Save
from dread_draw.table.session import kind_words
from dread_draw.tui import widechars
from dread_draw.tui.guard import Steady
from dread_draw.tui.widgets.base import AnswerOnce
from dread_draw.tui.widgets.keybar import KeyBar
from dread_draw.words.narrate import Narrator, card_label, damage_text, describe
from dread_draw.words.rules_text import rules_markdown

DRAW_SHOWN = 8  # Draw Deck cards listed from the top


class Timeline:
    """Every position of one game: ``games[k]`` after ``k`` choices, with ``events[k]`` log
    events so far; ``lines`` is the log as sentences, ``line_at[k]`` how many belong to k."""

    def __init__(self, save: Save, deck: Deck):
        self.save = save
        self.deck = deck
        m = Match.replay(deck, save.seats, save.seed, [], agent_options=save.agent_options)
        self.games: list[Game] = [m.game.copy()]
        self.events: list[int] = [len(m.events)]
        m.hooks.append(self._snap)
        for option in save.choices:
            m.apply(option)
        self.log = m.events
        say = Narrator(deck, save.names, reveal=True)  # it is over
        self.lines: list[str] = []
        self.line_at: list[int] = []
        done = 0
        for count in self.events:
            for e in self.log[done:count]:
                line = say(e)
                if line:
                    self.lines.append(line)
            done = count
            self.line_at.append(len(self.lines))

    def _snap(self, match: Match, move: Move) -> None:
        self.games.append(match.game.copy())
        self.events.append(len(match.events))

    @property
    def last(self) -> int:
        return len(self.games) - 1

    def round_step(self, step: int, direction: int) -> int:
        """The first step of the next (+1) or this/previous (-1) round from `step`."""
        rnd = self.games[step].round
        if direction > 0:
            return next((k for k in range(step + 1, self.last + 1)
                         if self.games[k].round > rnd), self.last)
        start = next(k for k in range(self.last + 1) if self.games[k].round == rnd)
        if start < step:
            return start
        return next((k for k in range(self.last + 1)
                     if self.games[k].round == rnd - 1), 0) if rnd > 1 else 0


def next_choice(t: Timeline, step: int) -> str:
    """The choice made at `step`, in the table's own words (`narrate.describe`)."""
    g = t.games[step]
    d = g.pending
    assert d is not None, "a step before the game's end has a pending decision"
    _question, labels = describe(d, g.view(d.seat), t.save.names)
    chosen = t.save.choices[step]
    # The table lists copies of a card once; a CPU may have picked another copy.
    label = dict(labels).get(chosen) or card_label(t.deck, chosen)
    return fmt(_("{who}: {choice}."), who=t.save.names[d.seat], choice=label)


def cards(deck: Deck, uids, empty: str | None = None, more: bool = False) -> str:
    """Cards as the language lists them, each keeping its forms for the sentence around them
    ("Rangée : le Mat (0) et la Mort (12)"); `more`: more follow ("…"), so no "and"."""
    labels = [card_label(deck, c) for c in uids]
    shown = join(_(", "), labels) if more else listing(labels)
    return shown or (pgettext("no cards", "none") if empty is None else empty)


def position_text(t: Timeline, step: int) -> Text:
    """The whole table at `step`, with nothing hidden."""
    g, deck, save = t.games[step], t.deck, t.save
    out = Text()
    out.append(fmt(_("Step {step} of {last}"), step=step, last=t.last), "bold")
    # the deck's name in the language (its overlay's), as everywhere else
    out.append(clean(fmt(_(" · round {round} · seed {seed} · deck {deck}"), round=g.round,
                         seed=save.seed, deck=deck_text(deck).name)) + "\n\n")
    to_play = g.pending.seat if g.pending else -1
    for s, spec in enumerate(save.seats):
        if g.over:
            status = (_("WINNER") if s == g.winner
                      else (_("defeated") if g.defeated[s] else ""))
        else:
            status = (_("defeated") if g.defeated[s] else _("to play") if s == to_play
                      else _("in the round") if g.in_round[s] else _("out of the round"))
        kind = kind_words(spec)
        out.append(f"{'▶ ' if s == to_play else '  '}{clean(spec.name)}", "bold")
        out.append(f" ({kind}) — {status}\n")
        out.append("    " + fmt(_("Life Deck ({n}, top first): {cards}"), n=len(g.life[s]),
                                cards=cards(deck, reversed(g.life[s]))) + "\n")
        if g.looking[s]:
            out.append("    " + fmt(_("Drawn, to keep one: {cards}"),
                                    cards=cards(deck, g.looking[s])) + "\n")
        out.append("    " + fmt(_("Row (total {total}): {cards}"), total=g.totals[s],
                                cards=cards(deck, g.rows[s], _("(no cards)"))) + "\n")
        out.append("    " + fmt(_("Reserves: {cards}"), cards=cards(deck, g.reserves[s])) + "\n")
    top = list(reversed(g.draw))
    shown = cards(deck, top[:DRAW_SHOWN], more=len(top) > DRAW_SHOWN)
    if len(top) > DRAW_SHOWN:
        shown = fmt(_("{cards} … and {n} more"), cards=shown, n=len(top) - DRAW_SHOWN)
    out.append("\n" + fmt(_("Draw Deck ({n}, top first): {cards}"), n=len(top), cards=shown)
               + "\n")
    if g.discard:
        c = g.discard[-1]
        out.append(fmt(_("Discard pile: {n}, top {card} {damage}"), n=len(g.discard),
                       card=card_label(deck, c), damage=damage_text(deck.damage[c]))
                   + "\n")
    else:
        out.append(_("Discard pile: empty") + "\n")
    if g.over:
        out.append("\n" + fmt(_("{who} has won. Fortune: {cards}."),
                               who=clean(save.names[g.winner]),
                               cards=cards(deck, g.fortune, _("no cards left to read"))) + "\n",
                   "bold")
    elif step < t.last:
        out.append("\n" + _("Next:") + " ", "bold")
        out.append(clean(next_choice(t, step)) + "\n")
    return out


class ReplayHelp(AnswerOnce, ModalScreen[None]):
    """`?` in the replay viewer: its keys, then the rules (the text of `dread-draw rules`)."""

    BINDINGS = [Binding("escape,question_mark,q,f1", "dismiss", N_("Close"))]
    KEYS = N_("""\
## Keys
| key | what it does |
|---|---|
| → l Space / ← h | one choice forward / back |
| ] PgDn / [ PgUp | the next round / back a round |
| Home g / End G | the start / the end of the game |
| v | review the game: its turning points, and where another choice was clearly better |
| ? F1 | this help |
| q Esc | quit the replay (in the review: back to the replay) |
""")

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Markdown(_(self.KEYS) + "\n" + rules_markdown()))
        yield KeyBar()


widechars.install()  # Korean syllables whole under toasts and dialogs


class ReplayApp(Steady, App):
    """Step through a finished game: ← → one choice, [ ] one round, Home/End, q to quit."""

    CSS_PATH = "replay.tcss"
    TITLE = "Dread Draw — replay"
    BINDINGS = [
        # The key bar shows the first key of each shown binding; the README names the same
        # ones (→ ← [ ] ? q); the others are in the help
        Binding("right", "step(1)", N_("Next"), priority=True),
        Binding("left", "step(-1)", N_("Back"), priority=True),
        Binding("right_square_bracket", "round(1)", N_("Next round"), key_display="]",
                priority=True),
        Binding("left_square_bracket", "round(-1)", N_("Round back"), key_display="[",
                priority=True),
        Binding("l,space", "step(1)", N_("Next"), priority=True, show=False),
        Binding("h", "step(-1)", N_("Back"), priority=True, show=False),
        Binding("pagedown", "round(1)", N_("Next round"), priority=True, show=False),
        Binding("pageup", "round(-1)", N_("Round back"), priority=True, show=False),
        # Start and End stay out of the key bar, which cuts off what does not fit in 80
        # columns (Help and Quit were lost); the help lists every key
        Binding("home,g", "go(0)", N_("Start"), priority=True, show=False),
        Binding("end,G", "go(-1)", N_("End"), priority=True, show=False),
        Binding("question_mark,f1", "help", N_("Help"), priority=True),
        Binding("v", "review", N_("Review"), priority=True),  # coach: tui/coach.py
        Binding("q", "quit", N_("Quit"), priority=True),
        Binding("escape", "quit", N_("Quit"), show=False),  # in the help, Esc closes it
        # Ctrl+C quits too, as at the table (Textual's own would only say, in English, to
        # press Ctrl+Q): a replay has nothing to lose
        Binding("ctrl+c", "quit", N_("Quit"), show=False, priority=True),
    ]
    ENABLE_COMMAND_PALETTE = False  # the keys above are all there is

    def action_help(self) -> None:
        if isinstance(self.screen, ReplayHelp):
            self.screen.dismiss()
        else:
            self.push_screen(ReplayHelp())

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """While the help is up, the keys scroll it instead of moving the replay."""
        if action in ("step", "round", "go") and isinstance(self.screen, ReplayHelp):
            return False
        from dread_draw.tui.coach import ReviewScreen  # coach: its own keys while it is up
        if isinstance(self.screen, ReviewScreen):
            return False
        return True

    def action_review(self) -> None:  # coach: the review screen (tui/coach.py)
        from dread_draw.tui.coach import ReviewScreen, reviewable_of
        s = self.timeline.save
        self.push_screen(ReviewScreen(reviewable_of(self.timeline.deck, s.seats, s.seed,
                                                    s.choices, s.path)))

    def __init__(self, save: Save, match: Match):
        super().__init__()
        self.timeline = Timeline(save, match.deck)
        self.step = 0

    def compose(self) -> ComposeResult:
        with Horizontal():
            with VerticalScroll(id="position-box"):
                yield Static(id="position")
            with VerticalScroll(id="log-box"):
                yield Static(id="log")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = _("Dread Draw — replay")
        self.sub_title = ", ".join(self.timeline.save.names)
        self.show()

    def show(self) -> None:
        t = self.timeline
        self.query_one("#position", Static).update(position_text(t, self.step))
        shown = t.line_at[self.step]
        new = t.line_at[self.step - 1] if self.step else 0
        log = Text()
        for i, line in enumerate(t.lines[:shown]):
            log.append(clean(line) + "\n", "bold" if i >= new else "")
        self.query_one("#log", Static).update(log)
        self.query_one("#log-box", VerticalScroll).scroll_end(animate=False)

    def action_step(self, delta: int) -> None:
        self.action_go(min(self.timeline.last, max(0, self.step + delta)))

    def action_round(self, direction: int) -> None:
        self.action_go(self.timeline.round_step(self.step, direction))

    def action_go(self, step: int) -> None:
        self.step = self.timeline.last if step < 0 else step
        self.show()
