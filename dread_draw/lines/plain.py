"""`dread-draw play --plain`: the table in plain lines, for a screen reader or a braille
display — a thin front end of the table session (`dread_draw.table.session`), with no Textual
and nothing but text: no cursor movement, no box drawing, no colour, no redraws.

Each event is one sentence (the narrator's); each question one line, then its numbered
answers, one a line (the session's question, as every front end asks it); a hot-seat
hand-off is a line that waits for the named person's Enter, and what only that person may
see is written after it (never again: the next person finds nothing of theirs re-printed).
Between questions the same keys as the table's work as commands, each a letter and Enter,
answered in lines on behalf of the person at the keyboard (the model says who): h hint,
o odds, l log, d discard pile, t the table, u take-back, ? help, q quit (it asks first).
Input is read a line at a time, so the mode works in a terminal and in a plain pipe alike.
The game is autosaved after every decision, as at the full table, and `--plain --resume`
continues it.

`LinesTable` is the front end itself, for any match a session plays; the join console
(`dread_draw.lines.console`) is the same front end over a network seat.
"""

from __future__ import annotations

import asyncio
import gc
import re
import sys
from collections.abc import Callable, Sequence
from typing import IO, Protocol, TextIO

from dread_draw.base.safe_text import clean
from dread_draw.coach.tutorial import Lesson
from dread_draw.i18n import _, fmt, listing, ngettext, yes_key
from dread_draw.play.sim import Match
from dread_draw.store.ratings import change_text
from dread_draw.store.saves import Autosaver, save_note
from dread_draw.table.asking import Question
from dread_draw.table.conductor import Story
from dread_draw.table.ending import Ending
from dread_draw.table.model import (
    DISCARD,
    HINT,
    LOG,
    ODDS,
    Collect,
    HandOff,
    Look,
    Moment,
    RoundOver,
    TableModel,
    Told,
)
from dread_draw.table.seam import TableMatch
from dread_draw.table.session import Session
from dread_draw.words.narrate import card_label

COMMANDS = frozenset("holdtu?q")
BOX = re.compile("[\u2500-\u257f]+")  # box-drawing characters


class Quit(Exception):
    """The person asked to quit (and said yes), or the input ended: the game stays saved."""

    def __init__(self, ended: bool) -> None:
        super().__init__()
        self.ended = ended


class LineSource(Protocol):
    """Where a lines table reads what the person types, a line at a time."""

    async def get(self) -> str | None:
        """The next line, stripped (None: the input has ended)."""

    def drain(self) -> None:
        """Forget what was typed before the question now asked (None typed: it ends)."""


class ReadLines:
    """Lines read from a file (a terminal, a pipe) in the game's own loop: nothing else runs
    while a person types at a local table."""

    def __init__(self, inp: TextIO) -> None:
        self.inp = inp
        self.ended = False

    async def get(self) -> str | None:
        await asyncio.sleep(0)  # a take-back's restart reaches the question here
        line = "" if self.ended else self.inp.readline()
        if not line:
            self.ended = True
            return None
        return line.strip()

    def drain(self) -> None:
        """(A local table asks only when the person may answer: nothing to forget.)"""


class LinesTable:
    """A session's front end in plain lines (see the module docstring): a local match
    (`play --plain`) or a network seat (the console)."""

    def __init__(self, match: TableMatch, lines: LineSource, out: IO[str], *,
                 people: list[int] | None = None,
                 save: Callable[[], None] | None = None,
                 rated: Callable[[], Sequence[str]] | None = None) -> None:
        self.lines = lines
        self.out = out
        # no pause between CPU moves and no "Go on" after one's own failed reveal: the lines
        # stay where they were written, to be read at the reader's own pace
        self.session = Session(match, self, people=people, cpu_delay=0.0, hold_own=False,
                               save=save, rated=rated)
        self.model: TableModel = self.session.model
        self.match = match
        self.gone = False

    # -------------------------------------------------------------------------- lines

    def say(self, text: str) -> None:
        """One line (or several, for text that has its own line breaks), nothing else."""
        try:
            for line in clean(text, lines=True).splitlines() or [""]:
                line = BOX.sub("", line).strip()  # a heading's rule says nothing read aloud
                self.out.write(line + "\n")
            self.out.flush()
        except OSError:  # the terminal has gone (closed, hung up): nobody to tell
            pass

    async def read(self) -> str:
        line = await self.lines.get()
        if line is None:
            raise Quit(ended=True)
        return line

    async def wait_enter(self) -> None:
        """Wait for Enter (a command typed instead is answered, then it waits again)."""
        while True:
            said = (await self.read()).lower()
            if said not in COMMANDS:
                return
            await self.command(said)
            self.say(_("Press Enter to go on."))

    # --------------------------------------------------------------- the front end

    async def present(self, moment: Moment) -> None:
        """One of the model's moments as lines; a hand-off and a look wait for Enter. The
        stage's moments and redraws say nothing: the log's sentences already told them."""
        names = self.model.names
        if isinstance(moment, Told):
            self.say(moment.line)
        elif isinstance(moment, Look):  # only what the others may not know (the model's)
            self.say(fmt(_("Only {name} may read this:"), name=names[moment.seat]))
            for line in moment.lines:
                self.say(line)
            self.say(_("Press Enter to go on."))
            await self.wait_enter()
        elif isinstance(moment, RoundOver):
            self.say(fmt(_("Round {n} is over."), n=moment.report.round))
            for line in moment.report.lines(names):
                self.say(line)
        elif isinstance(moment, HandOff):
            self.say(fmt(_("Pass the keyboard to {name}. {name}, press Enter when you are "
                           "ready."), name=moment.name))
            await self.wait_enter()
        elif isinstance(moment, Collect):
            gc.collect()

    async def ask(self, question: Question) -> int:
        self.lines.drain()
        self.say_question(question)
        while True:
            self.say(question.prompt)
            said = (await self.read()).lower()
            option = question.answer(said)
            if option is not None:
                return option
            if said in COMMANDS:
                await self.command(said)
            elif said == "":
                self.say_question(question)
            else:
                self.say(question.retry)

    def say_question(self, question: Question) -> None:
        self.say(question.text)
        for i, (_option, label) in enumerate(question.options, 1):
            self.say(f"{i}. {label}")

    def thinking(self, seat: int) -> None:
        """(No pace in lines: a CPU's move is told when it is made.)"""

    def waiting(self) -> None:
        """(A local table never waits for another table's player.)"""

    async def lesson(self, lesson: Lesson) -> None:
        """One of the tutorial's lessons, read before the game goes on."""
        self.say(lesson.title)
        self.say(lesson.text)
        self.say(_("Press Enter to go on."))
        await self.wait_enter()

    def retold(self, story: Story) -> None:
        """The story so far when the table opens (a new game: its first lines; a resumed
        one: the round in progress). After a take-back the lines were said already."""
        if story.again:
            return
        if story.earlier:
            self.say(_("(The earlier rounds are not told again.)"))
        for told in story.lines:
            self.say(told.line)

    async def game_over(self, ending: Ending) -> None:
        if not ending.over:
            return
        self.say(ending.line)
        for line in ending.standings:  # by place
            self.say(line)
        if ending.ratings:
            self.say(_("Ratings among friends:"))
            for line in ending.ratings:
                self.say("  " + line)
        if ending.no_fortune:
            self.say(ending.no_fortune)
        for line in ending.fortune:
            self.say(line)

    # -------------------------------------------------------------------- commands

    async def command(self, key: str) -> None:
        """A command letter, answered in lines for the person at the keyboard."""
        if key == "?":
            self.help()
        elif key == "q":
            await self.quit()
        elif key == "t":
            for line in table_lines(self.match, self.model):
                self.say(line)
        elif key == HINT:
            await self.hint()
        elif key == "u":
            self.say(self.session.take_back())
            await asyncio.sleep(0)  # taken back: the game starts again from here
        else:
            info = self.session.info({"o": ODDS, "l": LOG, "d": DISCARD}[key])
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

    def save_note(self) -> str | None:
        """Where the game in progress stands with its save (None: nothing to say)."""
        return None

    async def quit(self) -> None:
        self.say(_("Quit the game in progress?"))
        note = self.save_note()
        if note:
            self.say(note)
        yes = yes_key()
        self.say(fmt(_("Type {key} and Enter to quit, or just Enter to keep playing."),
                     key=yes))
        if (await self.read()).strip().lower() in {yes, "y"}:
            raise Quit(ended=False)
        self.say(_("Keep playing"))

    async def hint(self) -> None:
        info = self.session.info(HINT)
        if not info.offered or info.seat is None:
            self.say(info.line)
            return
        self.say(_("The coach is thinking…"))
        lines = self.session.hint_lines(info.seat)  # (the game waits: nothing else runs)
        self.say(_("What the coach would do"))
        for line in lines:
            self.say(line)


class PlainTable(LinesTable):
    """`play --plain`: a local match in plain lines, autosaved (see the module docstring)."""

    def __init__(self, match: Match, saver: Autosaver | None = None, *,
                 inp: TextIO | None = None, out: IO[str] | None = None) -> None:
        self.saver = saver
        super().__init__(match, ReadLines(inp or sys.stdin), out or sys.stdout,
                         save=None if saver is None else saver.save_now,
                         rated=None if saver is None else self.rated)
        self.local = match

    def save_note(self) -> str | None:
        return save_note(self.local, self.saver)

    def rated(self) -> list[str]:
        """Each person's new rating, when the game was kept and rated."""
        return [change_text(c) for c in self.saver.rated] if self.saver is not None else []

    def play(self) -> int:
        """Play until the game is over (0) or the person quits (0; the game stays saved)."""
        try:
            asyncio.run(self.session.run())
        except Quit as q:
            if q.ended:  # (a quit said where the game is saved as it asked)
                self.say(_("The input ended before the game did."))
                note = self.save_note()
                if note:
                    self.say(note)
        return 0


def discard_line(cards: list[str]) -> str:
    if not cards:
        return _("The discard pile is empty.")
    return fmt(ngettext("The discard pile, {n} card, last on top: {cards}.",
                        "The discard pile, {n} cards, last on top: {cards}.", len(cards)),
               n=len(cards), cards=listing(cards))


def table_lines(match: TableMatch, model: TableModel) -> list[str]:
    """`t`: the table in sentences, one a seat (public facts, and the reserves' cards,
    which are face up), then who the table names as the one to play."""
    view = model.shown()
    deck = match.deck
    out = []
    for s, name in enumerate(model.names):
        life = view.life_counts[s]
        if view.defeated[s]:
            out.append(fmt(_("{who} is out of the game."), who=name))
            continue
        # lists of cards as Words: each card keeps its forms (German "Reihe der Narr (0), …")
        row = listing([card_label(deck, c) for c in view.rows[s]]) or _("empty")
        reserves = listing([card_label(deck, c) for c in view.reserves[s]]) or _("none")
        state = (fmt(_("row {row}, worth {total}"), row=row, total=view.totals[s])
                 if view.in_round[s] else _("out of the round"))
        out.append(fmt(ngettext(
            "{who}: {n} card in the Life Deck; {state}; reserves: {reserves}.",
            "{who}: {n} cards in the Life Deck; {state}; reserves: {reserves}.", life),
            who=name, n=life, state=state, reserves=reserves))
    to_play = model.to_play()
    if to_play >= 0:
        out.append(fmt(_("{who} is to play."), who=model.names[to_play]))
    return out


def play_plain(match: Match, saver: Autosaver | None) -> int:
    return PlainTable(match, saver).play()
