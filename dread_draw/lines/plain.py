"""`dread-draw play --plain`: the table in plain lines, for a screen reader or a braille
display — a second front end on the table model (`dread_draw.table.model`), with no
Textual and nothing but text: no cursor movement, no box drawing, no colour, no redraws.

Each event is one sentence (the narrator's); each question one line, then its numbered
answers, one a line; a hot-seat hand-off is a line that waits for the named person's Enter,
and what only that person may see is written after it (never again: the next person finds
nothing of theirs re-printed). Between questions the same keys as the table's work as
commands, each a letter and Enter, answered in lines on behalf of the person at the
keyboard (the model says who): h hint, o odds, l log, d discard pile, t the table,
u take-back, ? help, q quit (it asks first). Input is read a line at a time, so the mode
works in a terminal and in a plain pipe alike. The game is autosaved after every decision,
as at the full table, and `--plain --resume` continues it.
"""

from __future__ import annotations

import gc
import re
import sys
from collections.abc import Iterable
from typing import TextIO

from dread_draw.base.safe_text import clean
from dread_draw.coach.hints import HINT_MS, Thinking, note_hint
from dread_draw.coach.takeback import check_take_back, take_back
from dread_draw.coach.tutorial import Tutor, is_tutorial
from dread_draw.coach.words import hint_heading, hint_lines, take_back_text
from dread_draw.deck.overlays import deck_text
from dread_draw.i18n import _, fmt, ngettext
from dread_draw.i18n.grammar import join
from dread_draw.play.sim import Agent, Match
from dread_draw.store.saves import Autosaver, save_note
from dread_draw.table.model import (
    DISCARD,
    HINT,
    LOG,
    ODDS,
    TAKE_BACK,
    HandOff,
    Look,
    Moment,
    RoundOver,
    TableModel,
    Told,
)
from dread_draw.words.narrate import card_label, describe, fortune_part

COMMANDS = frozenset("holdtu?q")
BOX = re.compile("[\u2500-\u257f]+")  # box-drawing characters


class Quit(Exception):
    """The person asked to quit (and said yes), or the input ended: the game stays saved."""

    def __init__(self, ended: bool) -> None:
        super().__init__()
        self.ended = ended


class TakenBack(Exception):
    """A take-back rewound the match: the driver starts again from where it is now."""


class PlainTable:
    """One match played in plain lines (see the module docstring)."""

    def __init__(self, match: Match, saver: Autosaver | None = None, *,
                 inp: TextIO | None = None, out: TextIO | None = None) -> None:
        self.match = match
        self.saver = saver
        self.inp = inp or sys.stdin
        self.out = out or sys.stdout
        people = [i for i, s in enumerate(match.seats) if s.is_human]
        # no pause between CPU moves and no "Go on" after one's own failed reveal: the lines
        # stay where they were written, to be read at the reader's own pace
        self.model = TableModel(match, people, hold_own=False, cpu_delay=0.0)
        self.tutor = Tutor(match) if is_tutorial(match) else None  # the tutorial's lessons

    # -------------------------------------------------------------------------- lines

    def say(self, text: str) -> None:
        """One line (or several, for text that has its own line breaks), nothing else."""
        for line in clean(text, lines=True).splitlines() or [""]:
            line = BOX.sub("", line).strip()  # a heading's rule says nothing read aloud
            self.out.write(line + "\n")
        self.out.flush()

    def read(self) -> str:
        line = self.inp.readline()
        if not line:
            raise Quit(ended=True)
        return line.strip()

    def wait_enter(self) -> None:
        """Wait for Enter (a command typed instead is answered, then it waits again)."""
        while True:
            said = self.read().lower()
            if said not in COMMANDS:
                return
            self.command(said)
            self.say(_("Press Enter to go on."))

    # --------------------------------------------------------------------- the game

    def play(self) -> int:
        """Play until the game is over (0) or the person quits (0; the game stays saved)."""
        m = self.match
        self.retell()
        saved = list(m.agents)
        m.agents = [PlainSeat(self, seat, agent) for seat, agent in enumerate(saved)]
        m.hooks.append(self.model.moved)
        try:
            while True:
                try:
                    m.run()
                    break
                except TakenBack:
                    self.model.restart_story()
                    self.model.told = type(self.model.told)(m.deck, self.model.names)
                    self.retell(quiet=True)
            self.present_all(self.model.catch_up())
            self.lessons()
            self.game_over()
        except Quit as q:
            note = save_note(m, self.saver)
            if q.ended:  # (a quit said where the game is saved as it asked)
                self.say(_("The input ended before the game did."))
                if note:
                    self.say(note)
        finally:
            m.agents = saved
            if self.model.moved in m.hooks:
                m.hooks.remove(self.model.moved)
        return 0

    def retell(self, quiet: bool = False) -> None:
        """The story so far, from the start of the round in progress (a new game: its
        first lines; a resumed one: where it stands). `quiet`: only read, not said (after
        a take-back the lines were said already)."""
        events = self.match.events
        starts = [i for i, ev in enumerate(events) if ev["type"] == "round_start"]
        start = starts[-1] if len(starts) > 1 else 0  # the first round: from the game's start
        if not quiet and start:
            self.say(_("(The earlier rounds are not told again.)"))
        for ev in events[start:]:
            line, _report = self.model.note(ev)
            if line and not quiet:
                self.say(line)

    def game_over(self) -> None:
        m = self.match
        g = m.game
        names = self.model.names
        self.say(fmt(_("{name} wins the game."), name=names[g.winner]))
        view = g.public_view()
        deck = m.deck
        if not view.fortune:
            self.say(fmt(_("{name}'s Life Deck is empty: there is no fortune to read."),
                         name=names[g.winner]))
        text = deck_text(deck)
        for i, uid in enumerate(view.fortune):
            words = " ".join(text[deck.card[uid]].fortune.split())
            self.say(f"{fortune_part(i)}: {card_label(deck, uid)}. {words}")

    def lessons(self) -> None:
        """The tutorial's lessons due now (each once, when it first matters), each read
        before the game goes on."""
        if self.tutor is None:
            return
        for lesson in self.tutor.due(self.match):
            self.say(lesson.title)
            self.say(lesson.text)
            self.say(_("Press Enter to go on."))
            self.wait_enter()

    def present_all(self, moments: Iterable[Moment]) -> None:
        for moment in moments:
            self.present(moment)

    def present(self, moment: Moment) -> None:
        """One of the model's moments as lines; a hand-off and a look wait for Enter. The
        stage's moments and redraws say nothing: the log's sentences already told them."""
        names = self.model.names
        if isinstance(moment, Told):
            self.say(moment.line)
        elif isinstance(moment, Look):
            self.say(fmt(_("Only {name} may read this:"), name=names[moment.seat]))
            for line in moment.lines:
                self.say(line)
            self.say(_("Press Enter to go on."))
            self.wait_enter()
        elif isinstance(moment, RoundOver):
            self.say(fmt(_("Round {n} is over."), n=moment.report.round))
            for line in moment.report.lines(names):
                self.say(line)
        elif isinstance(moment, HandOff):
            self.say(fmt(_("Pass the keyboard to {name}. {name}, press Enter when you are "
                           "ready."), name=moment.name))
            self.wait_enter()
        elif type(moment).__name__ == "Collect":
            gc.collect()

    def turn(self, seat: int, cpu: Agent | None, view, decision) -> int:
        """A seat's answer: the moves since the last are told first, then a person is asked
        (after a hand-off when something only they may see would be shown, R11.2), or the
        CPU chooses."""
        model = self.model
        self.present_all(model.catch_up())
        self.lessons()
        self.present_all(model.turn_start(seat, cpu is None))
        if cpu is None:
            option = self.ask(seat)
        else:
            chosen = cpu.choose(view, decision)
            assert isinstance(chosen, int), "a CPU answers at once"
            option = chosen
        model.move_made()
        return option

    def ask(self, seat: int) -> int:
        view = self.match.game.view(seat)
        assert view.pending is not None
        question, options = describe(view.pending, view, self.model.names, plain=True)
        self.model.asking_now(seat)
        self.say(question)
        for i, (_option, label) in enumerate(options, 1):
            self.say(f"{i}. {label}")
        n = len(options)
        while True:
            self.say(_("Your answer (1):") if n == 1 else fmt(_("Your answer (1-{n}):"), n=n))
            said = self.read().lower()
            if said.isdigit() and 1 <= int(said) <= n:
                self.model.answered(seat)
                return options[int(said) - 1][0]
            if said in COMMANDS:
                self.command(said)
            elif said == "":
                self.say(question)
                for i, (_option, label) in enumerate(options, 1):
                    self.say(f"{i}. {label}")
            else:
                self.say(_("Type 1, then Enter; ? for help.") if n == 1 else fmt(
                    _("Type a number from 1 to {n}, then Enter; ? for help."), n=n))

    # -------------------------------------------------------------------- commands

    def command(self, key: str) -> None:
        """A command letter, answered in lines for the person at the keyboard."""
        if key == "?":
            self.help()
        elif key == "q":
            self.say(_("Quit the game in progress?"))
            note = save_note(self.match, self.saver)
            if note:
                self.say(note)
            self.say(_("Type y and Enter to quit, or just Enter to keep playing."))
            if self.read().lower() == "y":
                raise Quit(ended=False)
            self.say(_("Keep playing"))
        elif key == "t":
            for line in table_lines(self.match, self.model):
                self.say(line)
        elif key == HINT:
            self.hint()
        elif key == TAKE_BACK:
            self.take_back()
        else:
            info = self.model.info({"o": ODDS, "l": LOG, "d": DISCARD}[key])
            if not info.offered:
                self.say(info.line)
            elif key == "o":
                self.say(info.text[0] if info.text else _("No odds to tell now."))
            elif key == "l":
                self.say(_("The game so far:"))
                for line in info.text:
                    self.say(line)
                self.say(_("End of the log."))
            else:
                self.say(discard_line(list(info.text)))

    def help(self) -> None:
        self.say(_("Type the number of an answer, then Enter. Commands, each a letter and "
                   "Enter: h a hint, o the odds of a reveal, l the game so far, d the "
                   "discard pile, t the table, u take back your last choice, ? this help, "
                   "q quit (the game is saved)."))

    def hint(self) -> None:
        info = self.model.info(HINT)
        if not info.offered or info.seat is None:
            self.say(info.line)
            return
        m = self.match
        view = m.game.view(info.seat)  # that seat's view only (R11)
        decision = view.pending
        assert decision is not None
        self.say(_("The coach is thinking…"))
        found = Thinking(view, decision, HINT_MS, seed=m.seed,  # the table's very numbers
                         levels=[s.kind for s in m.seats]).wait()
        note_hint(m, info.seat)  # the save, the replay and stats say hints were used
        if self.saver is not None:
            self.saver.save_now()
        self.say(_("What the coach would do"))
        self.say(hint_heading(found, m.deck, self.model.names))
        for line in hint_lines(found, m.deck, self.model.names):
            self.say(line)

    def take_back(self) -> None:
        info = self.model.info(TAKE_BACK)
        if not info.offered or info.seat is None:
            self.say(info.line)
            return
        check = check_take_back(self.match, info.seat)
        if not check.allowed:
            self.say(take_back_text(check, self.model.names))
            return
        take_back(self.match, info.seat)
        if self.saver is not None:
            self.saver.save_now()
        self.say(_("Your last choice was taken back. Choose again."))
        raise TakenBack


class PlainSeat:
    """A seat's agent while the plain table plays the match: a person answers in lines, a
    CPU (`cpu`, the seat's own agent) at once."""

    def __init__(self, table: PlainTable, seat: int, cpu: Agent | None) -> None:
        self.table, self.seat, self.cpu = table, seat, cpu

    @property
    def reads_view(self) -> bool:
        return self.cpu is not None and self.cpu.reads_view

    def choose(self, view, decision) -> int:
        return self.table.turn(self.seat, self.cpu, view, decision)


def discard_line(cards: list[str]) -> str:
    if not cards:
        return _("The discard pile is empty.")
    return fmt(ngettext("The discard pile, {n} card, last on top: {cards}.",
                        "The discard pile, {n} cards, last on top: {cards}.", len(cards)),
               n=len(cards), cards=", ".join(cards))


def table_lines(match: Match, model: TableModel) -> list[str]:
    """`t`: the table in sentences, one a seat (public facts, and the reserves' cards,
    which are face up)."""
    view = model.shown()
    deck = match.deck
    out = []
    for s, name in enumerate(model.names):
        life = view.life_counts[s]
        if view.defeated[s]:
            out.append(fmt(_("{who} is out of the game."), who=name))
            continue
        # lists of cards as Words: each card keeps its forms (German "Reihe der Narr (0), …")
        row = join(_(", "), [card_label(deck, c) for c in view.rows[s]]) or _("empty")
        reserves = join(_(", "), [card_label(deck, c) for c in view.reserves[s]]) or _("none")
        state = (fmt(_("row {row}, worth {total}"), row=row, total=view.totals[s])
                 if view.in_round[s] else _("out of the round"))
        out.append(fmt(ngettext(
            "{who}: {n} card in the Life Deck; {state}; reserves: {reserves}.",
            "{who}: {n} cards in the Life Deck; {state}; reserves: {reserves}.", life),
            who=name, n=life, state=state, reserves=reserves))
    pending = match.game.pending
    if pending is not None:
        out.append(fmt(_("{who} is to play."), who=model.names[pending.seat]))
    return out


def play_plain(match: Match, saver: Autosaver | None) -> int:
    return PlainTable(match, saver).play()
