"""`dread-draw review`: a finished game, decision by decision, as the coach sees it.

It reads a save of a finished game (FILE, or the last kept game with ``--last``) or an event
log written by ``simulate --log`` (one of its games, ``--game N``), rebuilds the game from its
seed and choices, and has the coach review one seat (`coach.review_game`): by default each
person at the table in turn (the first seat of a log, where every seat is a CPU). It only
reads: the file is never written.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dread_draw.ai.hard import same_choice
from dread_draw.base.errors import DreadDrawError, IllegalChoice
from dread_draw.base.files import Unreadable, open_bounded
from dread_draw.base.reasons import os_reason
from dread_draw.base.safe_text import clean
from dread_draw.coach.chart import MARK, chart_lines, curve_summary
from dread_draw.coach.grades import (
    AS_GOOD,
    BLUNDER,
    INACCURACY,
    MISTAKE,
    WORSE,
    Curve,
    Verdict,
    accuracy,
    chance_curve,
    grade,
    loss,
    to_retry,
)
from dread_draw.coach.hints import (
    CLEAR,
    REVIEW_MS,
    Estimate,
    Moment,
    Review,
    review_game,
    searcher,
    styles_of,
)
from dread_draw.coach.tutorial import Lesson, Tutor, is_tutorial
from dread_draw.coach.words import (
    accuracy_text,
    assumption_text,
    graded_moment_text,
    grades_text,
    option_words,
    turning_point_text,
    verdict_text,
)
from dread_draw.deck.cards import Deck, load_deck
from dread_draw.i18n import N_, _, fmt, ngettext
from dread_draw.play.sim import Match, SeatSpec, replay_log
from dread_draw.rules import Game, View, determinize
from dread_draw.store.saves import (
    MAX_BYTES,
    SaveError,
    read_save,
    rebuild,
    save_deck,
)

SAVE, LOG = "save", "log"
MAX_LINE = MAX_BYTES  # one event of a log; a game_end holds every choice, like a save


@dataclass
class Reviewable:
    """A finished game to review, and where it came from."""

    path: Path
    kind: str  # SAVE or LOG
    deck: Deck
    seats: list[SeatSpec]
    seed: int
    choices: list[int]
    game_index: int = 0

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]


def _kind_of(path: Path) -> str:
    """SAVE or LOG, from the file's first line; anything else is refused."""
    try:
        with open_bounded(path) as f:  # a FIFO or a device is refused, never opened
            head = f.readline(MAX_BYTES)
    except Unreadable as e:
        raise DreadDrawError(_unreadable(path, e)) from None
    except OSError as e:
        raise DreadDrawError(fmt(_("{file}: cannot read it ({reason})."), file=path,
                                  reason=os_reason(e))) from None
    try:
        first = json.loads(head.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        first = None
    if isinstance(first, dict) and first.get("format") == "dread-draw-save":
        return SAVE
    if isinstance(first, dict) and first.get("type") == "game_start":
        return LOG
    raise DreadDrawError(fmt(_(
        "{file}: not a Dread Draw save or event log. Review a saved game (dread-draw review "
        "--last, or a file from the games folder) or a log written by dread-draw simulate "
        "--log."), file=path))


def _unreadable(path: Path, e: Unreadable) -> str:
    if e.kind == "missing":
        return fmt(_("{file}: no such file."), file=path)
    if e.kind == "folder":
        return fmt(_("{file}: is a folder, not a save or an event log."), file=path)
    if e.kind == "special":
        return fmt(_("{file}: is a device, a pipe or a socket, not a save or an event log."),
                   file=path)
    return fmt(_("{file}: cannot read it ({reason})."), file=path, reason=e.reason)


def load_reviewable(path: Path, deck: Path | None = None, game: int | None = None
                    ) -> Reviewable:
    """The finished game in `path` (a save, or game `game` of an event log), rebuilt and
    checked; a clear `DreadDrawError` naming the file otherwise."""
    kind = _kind_of(path)
    if kind == SAVE:
        if game is not None:
            raise DreadDrawError(fmt(_("{file}: is a saved game, not an event log; --game "
                                       "picks a game in an event log."), file=path))
        save = read_save(path)
        if not save.finished:
            raise SaveError(fmt(_(
                "{file}: this game is still in progress. Only finished games are reviewed: "
                "a review weighs every option of every decision, which would coach you "
                "through the rest of the game. Finish it with dread-draw play --resume, then "
                "review it."), file=path), path, "in-progress")
        the_deck, _copy = save_deck(save, deck, use_saved_copy=True)
        rebuild(save, the_deck, events=False)  # checks that the choices replay to its end
        return Reviewable(path, SAVE, the_deck, list(save.seats), save.seed,
                          list(save.choices))
    the_deck = load_deck(deck)
    events = _logged_game(path, game)
    match = _replayed(path, the_deck, events, deck)
    start = events[0]
    return Reviewable(path, LOG, the_deck, list(match.seats), start["seed"],
                      list(match.choices), start["game"])


def _logged_game(path: Path, wanted: int | None) -> list[dict[str, Any]]:
    """The events of one game of an event log: game `wanted` (its `game` number), or the
    first."""
    events: list[dict[str, Any]] = []
    numbers: list[int] = []
    taking = False
    try:
        f = open_bounded(path)
    except Unreadable as problem:
        raise DreadDrawError(_unreadable(path, problem)) from None
    with f:
        for n, raw in enumerate(iter(lambda: f.readline(MAX_LINE + 1), b""), 1):
            if len(raw) > MAX_LINE:  # no event is near this: a line without end
                raise DreadDrawError(fmt(_("{file}, line {n}: longer than any event of a "
                                           "Dread Draw event log."), file=path, n=n))
            try:
                e = json.loads(raw.decode("utf-8"))
                kind = e["type"]
            except (UnicodeDecodeError, ValueError, RecursionError, TypeError, KeyError):
                raise DreadDrawError(fmt(_(
                    "{file}, line {line}: not an event of a Dread Draw event log (one JSON "
                    "object with a \"type\" per line)."), file=path, line=n)) from None
            if kind == "game_start":
                number = e.get("game")
                numbers.append(number)
                taking = wanted is None and not events or number == wanted
            if taking:
                events.append(e)
                if kind == "game_end":
                    break
    if not events:
        if numbers:
            raise DreadDrawError(fmt(_("{file}: holds games {first} to {last}; there is no "
                                       "game {wanted} in it."), file=path, first=min(numbers),
                                     last=max(numbers), wanted=wanted))
        raise DreadDrawError(fmt(_("{file}: holds no game."), file=path))
    end = events[-1]
    if end["type"] != "game_end" or not isinstance(end.get("choices"), list):
        raise DreadDrawError(fmt(_(
            "{file}: game {game} stops before its end (no game_end with the choices): a log "
            "can be reviewed only when it was written whole by dread-draw simulate --log."),
            file=path, game=events[0].get("game")))
    return events


def _replayed(path: Path, deck: Deck, events: list[dict[str, Any]],
              deck_path: Path | None) -> Match:
    """The logged game replayed with `deck`, and checked event for event against the log."""
    if deck_path is None:
        other = fmt(_("{file}: game {game} does not replay with the standard deck: it was "
                      "played with another deck. Give that deck with --deck."),
                    file=path, game=events[0].get("game"))
    else:
        other = fmt(_("{file}: game {game} does not replay with {deck}: it was played with "
                      "another deck. Give that deck with --deck."),
                    file=path, game=events[0].get("game"), deck=deck_path)
    try:
        if events[0].get("deck_size") != deck.size:
            raise DreadDrawError(other)
        match = replay_log(deck, events)
    except (IllegalChoice, KeyError, TypeError, ValueError, IndexError):
        raise DreadDrawError(other) from None
    if json.loads(json.dumps(list(match.log()))) != events:
        raise DreadDrawError(other)
    return match


def seats_to_review(game: Reviewable, seat: int | None) -> list[int]:
    """`--seat` (from 1), or each person's seat in turn, or the first seat."""
    n = len(game.seats)
    if seat is not None:
        if not 1 <= seat <= n:
            raise DreadDrawError(fmt(ngettext(
                "{file}: the game has {n} seat; --seat {seat} is not one of them (choose 1 "
                "to {n}).",
                "{file}: the game has {n} seats; --seat {seat} is not one of them (choose 1 "
                "to {n}).", n), file=game.path, n=n, seat=seat))
        return [seat - 1]
    people = [i for i, s in enumerate(game.seats) if s.is_human]
    return people or [0]


def review_all(game: Reviewable, seats: list[int], budget_ms: int,
               progress: Callable[[int, int], None] | None = None) -> Iterator[Review]:
    for seat in seats:
        yield review_game(game.deck, len(game.seats), game.seed, game.choices, seat,
                          game_index=game.game_index, budget_ms=budget_ms, progress=progress,
                          levels=[s.kind for s in game.seats])  # the seats as they are


def chart_of(game: Reviewable, progress: Callable[[int, int], None] | None = None) -> Curve:
    """The game's chart: every seat's chance at each decision (`grades.chance_curve`)."""
    return chance_curve(game.deck, [s.kind for s in game.seats], game.seed, game.choices,
                        game_index=game.game_index, progress=progress)


def review_json(game: Reviewable, reviews: list[Review], curve: Curve | None = None
                ) -> dict[str, Any]:
    """The review for tools: seats from 0 as in the event log, options by card uid (-1:
    reveal, done), chances from 0 to 1, and English labels beside them. Each decision has
    its `loss` (points of winning chance, docs/REVIEW.md) and `class` ("inaccuracy",
    "mistake", "blunder" or ""); each review its `accuracy` (0 to 100) and the decisions it
    offers to play again (`retry`); `curve`: every seat's chance at each decision."""
    deck, names = game.deck, game.names

    def estimates(m: Any) -> list[dict[str, Any]]:
        return [{"option": e.option, "label": option_words(deck, m.decision, e.option, names),
                 "chance": round(e.chance, 4), "samples": e.samples} for e in m.estimates]

    def moment(m: Any) -> dict[str, Any]:
        return {"at": m.at, "round": m.round, "kind": m.decision.kind, "chosen": m.chosen,
                "best": m.best, "chosen_chance": round(m.chosen_chance, 4),
                "best_chance": round(m.best_chance, 4), "clear": m.clear,
                "loss": round(loss(m), 1), "class": grade(m), "options": estimates(m)}

    out: dict[str, Any] = {
        "file": str(game.path), "source": game.kind, "game": game.game_index,
        "seed": game.seed, "deck": deck.name,
        "reviews": [{
            "seat": r.seat, "name": names[r.seat], "won": r.won, "assumed": list(r.styles),
            "accuracy": None if (a := accuracy(r.moments)) is None else round(a, 1),
            "classes": {code: sum(1 for m in r.moments if grade(m) == code)
                        for code in (INACCURACY, MISTAKE, BLUNDER)},
            "turning_points": [{"kind": t.kind, "at": t.at, "round": t.round,
                                "before": round(t.before, 4), "after": round(t.after, 4),
                                "facts": [{"code": f.code, "seat": f.seat, **f.numbers}
                                          for f in t.facts]}
                               for t in r.turning_points],
            "mistakes": [moment(m) for m in r.mistakes],
            "retry": [m.at for m in to_retry(r.moments)],
            "decisions": [moment(m) for m in r.moments],
        } for r in reviews],
    }
    if curve is not None:
        out["curve"] = {"winner": curve.winner, "points": [
            {"at": p.at, "round": p.round, "chances": [round(c, 4) for c in p.chances]}
            for p in curve.points]}
    return out


def chart_text(game: Reviewable, curve: Curve, reviews: Sequence[Review], width: int,
               height: int = 1) -> list[str]:
    """The chart as lines (`coach.chart`), each reviewed seat's turning points marked, and a
    sentence per seat (outside text cleaned)."""
    names = [clean(n) for n in game.names]
    marks = {r.seat: [t.at for t in r.turning_points] for r in reviews}
    lines = [fmt(_("Chance of winning, decision by decision ({mark}: a turning point):"),
                 mark=MARK)]
    lines += chart_lines(curve, names, width, height=height, marks=marks)
    return lines + curve_summary(curve, names)


def review_lines(game: Reviewable, r: Review) -> list[str]:
    """The review of one seat in sentences (outside text cleaned: names, card names)."""
    deck, names = game.deck, game.names
    name, number, looked = names[r.seat], r.seat + 1, len(r.moments)
    won = (_("{name} (seat {number}) won the game.") if r.won
           else _("{name} (seat {number}) lost the game."))
    lines = [fmt(won, name=name, number=number),
             fmt(ngettext("{n} decision with a real choice was looked at, from what was known "
                          "at that moment.",
                          "{n} decisions with a real choice were looked at, each from what was "
                          "known at that moment.", looked), n=looked)]
    lines += [accuracy_text(name, accuracy(r.moments)), grades_text(r.moments)]
    if r.styles:
        lines.append(assumption_text(r.styles, r.seat, names, [s.kind for s in game.seats]))
    by_at = {m.at: m for m in r.moments}
    if r.turning_points:
        lines += ["", _("The biggest turning points:")]
        for i, t in enumerate(r.turning_points, 1):
            # Translators: one numbered line of a list: "  1. Ana summoned Death…".
            lines.append(fmt(_("  {i}. {text}"), i=i,
                             text=turning_point_text(t, by_at[t.at], deck, r.seat, names)))
    lines.append("")
    graded = [m for m in r.moments if grade(m)]
    if graded:
        lines.append(_("Where the search prefers another option by a clear margin:"))
        lines += ["  " + graded_moment_text(m, deck, names) for m in graded]
    else:
        lines.append(_("The search prefers no other option by a clear margin anywhere. Well "
                       "played."))
    return [clean(line) for line in lines]


MOMENT = "moment"  # `Match.practice`: a moment of a reviewed game, played again
MOMENT_WORDS = N_("Practice: this moment of the game, again. Nothing of it is saved and it "
                  "never counts in the stats.")


class Practice(Match):
    """A reviewed decision played again: the game as it stood at that decision, with the
    cards the deciding seat could not see dealt anew, consistently with its view (a practice
    of the decision, not of the future the finished game showed). Its `choices` are those
    made since that moment; a take-back rewinds to it at most. The other seats keep only
    what is public of what they had seen (a re-deal moves their cards). Never saved, never
    in the stats or the ratings, and never reviewed (`Match.practice`)."""

    def __init__(self, game: Reviewable, at: int, start: Game,
                 agent_options: dict[str, Any] | None = None) -> None:
        self.start = start
        self.at = at  # the decision played again: its place in the reviewed game's choices
        self.coach: PracticeCoach | None = None  # its verdicts at the table (`tutor_for`)
        super().__init__(game.deck, game.seats, game.seed, game_index=game.game_index,
                         agent_options=agent_options)
        self.practice = MOMENT

    def new_game(self, events: bool = True) -> Game:
        """The practice's start (the re-dealt moment), with the reviewed game's events up to
        it (the table tells them; none names a re-dealt card's place)."""
        start: Game | None = getattr(self, "start", None)
        if start is None:  # Match.__init__ asks before `start` is set
            return super().new_game(events)
        g = start.copy()
        g.events = list(start.events or []) if events else None
        return g


def practice_copy(game: Reviewable, at: int, agent_options: dict[str, Any] | None = None,
                  seed: int | None = None) -> Practice:
    """A practice copy of the reviewed game at its decision number `at` ("try this moment
    again"): the same seats and table, the choices before it replayed, then every card the
    deciding seat could not see dealt anew from its view (`determinize`; `seed` for the
    deal, else a new one each time). Marked as practice: the table never saves it."""
    if not 0 <= at < len(game.choices):
        raise ValueError(f"no decision {at} in a game of {len(game.choices)}")
    real = Game(game.deck, len(game.seats), game.seed, game_index=game.game_index,
                seat_info=[{"name": s.name, "agent": s.kind} for s in game.seats])
    for option in game.choices[:at]:
        real.choose(option)
    d = real.pending
    assert d is not None
    start = determinize(real.view(d.seat), random.Random(seed))
    start.seed = real.seed
    start.events = real.events
    return Practice(game, at, start, agent_options)


def verdict(moment: Moment, view: View, option: int, budget_ms: int = REVIEW_MS,
            seed: int = 0, levels: Sequence[str] | None = None) -> Verdict:
    """The verdict on `option` chosen again at the reviewed `moment`, from the same view
    (a practice re-deals only what the seat could not see, so the review's estimates still
    hold): WORSE when the best option's estimate is `CLEAR` points (5) or more above it,
    else AS_GOOD. An option the review did not weigh is searched now beside the others."""
    d = moment.decision
    key = same_choice(view, d)
    estimates, best = moment.estimates, moment.best
    if all(key(e.option) != key(option) for e in estimates):
        found = searcher(seed, view.seat, budget_ms).search(
            view, d, include=option, clock=False,
            styles=None if levels is None else styles_of(levels, view.players))
        estimates = tuple(Estimate(o, found.mean(i), found.samples)
                          for i, o in enumerate(found.options))
        best = found.options[found.best()]
    mine = next(e for e in estimates if key(e.option) == key(option))
    best_chance = next(e.chance for e in estimates if e.option == best)
    worse = key(mine.option) != key(best) and best_chance - mine.chance >= CLEAR
    return Verdict(WORSE if worse else AS_GOOD, mine.option, mine.chance, best, best_chance,
                   moment.chosen_chance)


class PracticeCoach:
    """A practice's coach at the table, in the tutorial's place (`tutor_for`): once the
    decision played again is answered, `due` gives the coach's verdict on the new choice
    (`review.verdict`, from the same view) as a notice the person reads before the game goes
    on; again after each take-back and new choice."""

    def __init__(self, moment: Moment, practice: Practice, budget_ms: int) -> None:
        self.moment = moment
        self.view = practice.game.view(moment.decision.seat)  # the seat's, before it chooses
        self.levels = [s.kind for s in practice.seats]
        self.names = [clean(s.name) for s in practice.seats]
        self.seed = practice.seed
        self.budget_ms = budget_ms
        self.judged = False  # the practised decision's current answer has its verdict

    def due(self, match: Match) -> list[Lesson]:
        if not match.choices:  # not answered yet, or taken back: the next answer is judged
            self.judged = False
            return []
        if self.judged:
            return []
        self.judged = True
        v = verdict(self.moment, self.view, match.choices[0], self.budget_ms, self.seed,
                    self.levels)  # searches only an option the review did not weigh
        return [Lesson(VERDICT, _("The coach"),
                       verdict_text(v, self.moment.decision, match.deck, self.names))]


VERDICT = "verdict"  # the practice's notice (a `TipScreen`)


def tutor_for(match: Match) -> Tutor | PracticeCoach | None:
    """What teaches at a table (the session's lessons): the tutorial's lessons for a
    tutorial match (new or resumed), a practice's coach for a mistake played again, else
    None."""
    if isinstance(match, Practice):
        coach: PracticeCoach | None = match.coach
        return coach
    return Tutor(match) if is_tutorial(match) else None
