"""What the run commands (`simulate`, `arena`, the balance report) share to tell their figures:
percentiles over tallies that do not grow with the number of games, and the progress bar."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from dread_draw.i18n import _, fmt

if TYPE_CHECKING:
    from rich.console import Console


def percentile(values: Mapping[int, int] | Mapping[float, int] | Sequence[float],
               q: float) -> float:
    """The `q`-th percentile (1–99) of some values, given as a tally (value -> how many
    times) or a list: linear interpolation between the two nearest ranks, as
    ``statistics.quantiles(values, n=100, method="inclusive")[q - 1]``; 0 with no values."""
    counts: Mapping[Any, int] = values if isinstance(values, Mapping) else Counter(values)
    total = sum(counts.values())
    if total == 0:
        return 0.0
    ordered = sorted(v for v, k in counts.items() if k)
    if total == 1:
        return float(ordered[0])
    j, delta = divmod(int(q) * (total - 1), 100)  # between ranks j and j + 1 (from 0)
    low = high = ordered[-1]
    seen = 0
    for value in ordered:
        seen += counts[value]
        if seen > j:
            low = value
            break
    if delta:
        seen = 0
        for value in ordered:
            seen += counts[value]
            if seen > j + 1:
                high = value
                break
    else:
        high = low
    return float(low * (100 - delta) + high * delta) / 100


@contextmanager
def playing(out: Console, games: int, what: str | None = None
            ) -> Iterator[Callable[[int], None]]:
    """A transient progress bar on a terminal; yields `advance(n)` (a no-op in a pipe).

    Ctrl+C stops the run with one line on stderr saying how far it got (the runner has
    already stopped its workers); the exit code is 130, as for any interrupted command."""
    done = [0]

    def count(n: int) -> None:
        done[0] += n

    try:
        if not sys.stdout.isatty():
            yield count
            return
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        # Translators: the label of the progress bar while headless games are played.
        label = _("Playing") if what is None else what
        with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=out, transient=True) as bar:
            task = bar.add_task("games", total=games)

            def advance(n: int) -> None:
                count(n)
                bar.advance(task, n)

            yield advance
    except KeyboardInterrupt:
        from rich.console import Console

        Console(stderr=True, highlight=False).print(
            fmt(_("Stopped after {done} of {games} games (Ctrl+C)."), done=f"{done[0]:,}",
                games=f"{games:,}"), markup=False)
        raise
