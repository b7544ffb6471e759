"""A person's question as every front end asks it (no Textual): the words of the question and
of each answer, what kind of answers they are, and how to ask for a number — written once,
so that the full table, plain lines and the console ask the very same thing."""

from __future__ import annotations

from dataclasses import dataclass

from dread_draw.i18n import _, fmt
from dread_draw.rules import KEEP, ORDER, PICK_CARD, SUMMON, USE, Decision
from dread_draw.table.model import TableModel, offers_hidden_cards
from dread_draw.words.narrate import describe, reader_tip


@dataclass(frozen=True)
class Question:
    """The decision `decision` asked of the person in `seat`: `text` and the answers
    `options` — (option, words) pairs, exactly the decision's options in order — the same
    words at every table; `tip`: what a table with a card reader adds ("" for the rest).

    `cards`: the answers are cards (a card reader reads them); `hidden`: some are cards
    only this person may see (a Life Deck draw, a look at the Draw Deck), so a front end
    shows them only to them; `new_person`: someone who did not answer the last question
    is asked (a front end guards against a double press); `card`: the card whose ability
    is asked about, or -1."""

    seat: int
    decision: Decision
    text: str
    options: tuple[tuple[int, str], ...]
    tip: str
    cards: bool
    hidden: bool
    new_person: bool
    card: int = -1

    @property
    def prompt(self) -> str:
        """What a front end that reads numbers says after the answers."""
        n = len(self.options)
        return _("Your answer (1):") if n == 1 else fmt(_("Your answer (1-{n}):"), n=n)

    @property
    def retry(self) -> str:
        """What it says to an answer that is not one of the numbers."""
        n = len(self.options)
        return _("Type 1, then Enter; ? for help.") if n == 1 else fmt(
            _("Type a number from 1 to {n}, then Enter; ? for help."), n=n)

    def answer(self, typed: str) -> int | None:
        """The option a typed number stands for (None: not one of the numbers)."""
        said = typed.strip()
        if said.isdigit() and 1 <= int(said) <= len(self.options):
            return self.options[int(said) - 1][0]
        return None


def question_for(model: TableModel, seat: int) -> Question:
    """The pending decision of `seat`, from that seat's own view (R11)."""
    view = model.match.game.view(seat)
    d = view.pending
    assert d is not None and d.seat == seat, "a question for the seat whose decision waits"
    text, options = describe(d, view, model.names)
    return Question(seat, d, text, tuple(options), reader_tip(d),
                    cards=d.kind in (KEEP, PICK_CARD, ORDER, SUMMON),
                    hidden=offers_hidden_cards(view), new_person=model.new_person(seat),
                    card=d.card if d.kind == USE or d.card >= 0 else -1)
