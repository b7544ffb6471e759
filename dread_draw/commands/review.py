"""`dread-draw review`: a finished game reviewed by the coach, printed as lines or JSON."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console

from dread_draw.base.safe_text import markup_safe
from dread_draw.coach.hints import REVIEW_MS, Review
from dread_draw.coach.review import (
    Reviewable,
    chart_of,
    chart_text,
    load_reviewable,
    review_all,
    review_json,
    review_lines,
    seats_to_review,
)
from dread_draw.i18n import _, fmt
from dread_draw.store.saves import (
    SaveDir,
    choose_replay,
)


def review_command(file: Path | None, last: bool, seat: int | None, game: int | None,
                   as_json: bool, think_ms: int | None, save_dir: Path | None,
                   deck: Path | None) -> None:
    think_ms = think_ms or REVIEW_MS
    path = choose_replay(SaveDir(save_dir), file, last)
    reviewable = load_reviewable(path, deck, game)
    seats = seats_to_review(reviewable, seat)
    out = Console(highlight=False)
    err = Console(stderr=True, highlight=False)
    reviews = []
    for s in seats:
        reviews.append(_reviewed(reviewable, s, think_ms, err))
    curve = chart_of(reviewable)
    if as_json:
        print(json.dumps(review_json(reviewable, reviews, curve)))
        return
    width = min(out.width, 120) if out.is_terminal else 80
    for line in chart_text(reviewable, curve, reviews, width):
        out.print(line, markup=False)
    for r in reviews:
        out.print()
        for line in review_lines(reviewable, r):
            out.print(line, markup=False)


def _reviewed(game: Reviewable, seat: int, think_ms: int, err: Console) -> Review:
    """One seat's review, with a progress bar on a terminal."""
    if not err.is_terminal:
        return next(review_all(game, [seat], think_ms))
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    name = game.names[seat]
    label = markup_safe(fmt(_("Reviewing the decisions of {name}…"), name=name))
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  console=err, transient=True) as bar:
        task = bar.add_task(label, total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return next(review_all(game, [seat], think_ms, advance))
