"""`dread-draw review`: a finished game, decision by decision, as the coach sees it.

It reads a save of a finished game (FILE, or the last kept game with ``--last``) or an event
log written by ``simulate --log`` (one of its games, ``--game N``), rebuilds the game from its
seed and choices, and has the coach review one seat (`coach.review_game`): by default each
person at the table in turn (the first seat of a log, where every seat is a CPU). It only
reads: the file is never written.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dread_draw.base.errors import DreadDrawError, IllegalChoice
from dread_draw.base.files import Unreadable, open_bounded
from dread_draw.base.reasons import os_reason
from dread_draw.base.safe_text import clean
from dread_draw.coach.hints import Review, review_game
from dread_draw.coach.words import (
    assumption_text,
    moment_text,
    option_words,
    turning_point_text,
)
from dread_draw.deck.cards import Deck, load_deck
from dread_draw.i18n import N_, _, fmt, ngettext
from dread_draw.play.sim import Match, SeatSpec, replay_log
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


def review_json(game: Reviewable, reviews: list[Review]) -> dict[str, Any]:
    """The review for tools: seats from 0 as in the event log, options by card uid (-1:
    reveal, done), chances from 0 to 1, and English labels beside them."""
    deck, names = game.deck, game.names

    def estimates(m: Any) -> list[dict[str, Any]]:
        return [{"option": e.option, "label": option_words(deck, m.decision, e.option, names),
                 "chance": round(e.chance, 4), "samples": e.samples} for e in m.estimates]

    def moment(m: Any) -> dict[str, Any]:
        return {"at": m.at, "round": m.round, "kind": m.decision.kind, "chosen": m.chosen,
                "best": m.best, "chosen_chance": round(m.chosen_chance, 4),
                "best_chance": round(m.best_chance, 4), "clear": m.clear,
                "options": estimates(m)}

    return {
        "file": str(game.path), "source": game.kind, "game": game.game_index,
        "seed": game.seed, "deck": deck.name,
        "reviews": [{
            "seat": r.seat, "name": names[r.seat], "won": r.won, "assumed": list(r.styles),
            "turning_points": [{"kind": t.kind, "at": t.at, "round": t.round,
                                "before": round(t.before, 4), "after": round(t.after, 4),
                                "facts": [{"code": f.code, "seat": f.seat, **f.numbers}
                                          for f in t.facts]}
                               for t in r.turning_points],
            "mistakes": [moment(m) for m in r.mistakes],
            "decisions": [moment(m) for m in r.moments],
        } for r in reviews],
    }


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
    if r.styles:
        lines.append(assumption_text(r.styles, r.seat, names))
    by_at = {m.at: m for m in r.moments}
    if r.turning_points:
        lines += ["", _("The biggest turning points:")]
        for i, t in enumerate(r.turning_points, 1):
            # Translators: one numbered line of a list: "  1. Ana summoned Death…".
            lines.append(fmt(_("  {i}. {text}"), i=i,
                             text=turning_point_text(t, by_at[t.at], deck, r.seat, names)))
    lines.append("")
    if r.mistakes:
        lines.append(_("Where the search prefers another option by a clear margin:"))
        lines += ["  " + moment_text(m, deck, names) for m in r.mistakes]
    else:
        lines.append(_("The search prefers no other option by a clear margin anywhere. Well "
                       "played."))
    return [clean(line) for line in lines]


MOMENT = "moment"  # `Match.practice`: a moment of a reviewed game, played again
MOMENT_WORDS = N_("Practice: this moment of the game, again. Nothing of it is saved and it "
                  "never counts in the stats.")


def practice_copy(game: Reviewable, at: int, agent_options: dict | None = None) -> Match:
    """A practice copy of the reviewed game rewound to its decision number `at` ("try this
    moment again"): the same seats, seed and cards, the choices before it replayed; marked
    as practice, so the table never saves it and it never reaches the stats."""
    if not 0 <= at < len(game.choices):
        raise ValueError(f"no decision {at} in a game of {len(game.choices)}")
    match = Match.replay(game.deck, game.seats, game.seed, game.choices[:at],
                         game_index=game.game_index, agent_options=agent_options)
    match.practice = MOMENT
    return match
