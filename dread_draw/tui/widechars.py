"""Wide characters (Korean syllables) drawn whole where one layer lies over another.

Textual composes each screen line from "chops": the line is cut at every widget's edge, and
each piece is taken from the topmost widget there. A piece of a toast that spans an edge of
a widget underneath is still cut at that edge, and a two-cell syllable that straddles the cut
becomes two spaces: at 120x40 the Korean daily-deal notice read "게임:   늘은" for
"게임: 오늘은" (Textual issue 6357, open in 8.2). This module cuts a widget's line only
where the widget stops being the topmost one, so its own text is never split inside itself,
and makes a partial update end each piece where its text ends.

Both are private parts of Textual, replaced at run time: `PATCHED` names them with a hash of
the source they were written against, and tests/test_patched_internals.py fails when an
installed Textual's differs (pyproject.toml bounds Textual to the releases checked; .ci/run
tries the newest).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import cast

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip

EMPTY = Strip([], 0)
# What `install` replaces or wraps, and what our copies rely on: (module, name) -> a hash of
# the source checked against (textual 8.2.8; tests/test_patched_internals.py).
PATCHED = {
    ("textual._compositor", "Compositor._render_chops"): "48a10e6c58d20f72",
    ("textual._compositor", "Compositor.render_partial_update"): "58575ec09d487c0f",
    ("textual._compositor", "Compositor._get_renders"): "32d5eba53d8be85e",
    ("textual._compositor", "ChopsUpdate.__init__"): "75e35cfeecc7d3ae",
}


def _render_chops(self: Compositor, crop: Region,
                  is_rendered_line: Callable[[int], bool]) -> Sequence[Mapping[int, Strip]]:
    """Textual's `Compositor._render_chops`, but a widget's strip is divided only between
    runs of pieces still free (painted front to back: the first to fill a piece wins); a run's
    first piece holds the whole run and the others an empty strip, which keeps the widgets
    underneath out of them."""
    cuts = self.cuts
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    for region, clip, strips in self._get_renders(crop):
        render_region = region.intersection(clip)
        render_x = render_region.x
        first_cut, last_cut = render_region.column_span
        for y, strip in zip(render_region.line_range, strips, strict=False):
            if not is_rendered_line(y):
                continue
            line = chops[y]
            final_cuts = [cut for cut in cuts[y] if last_cut >= cut >= first_cut]
            if len(final_cuts) < 2:
                continue
            starts = final_cuts[:-1]
            free = [line.get(cut) is None for cut in starts]
            # divide where a piece's freedom changes, not at every edge
            bounds = [i for i in range(1, len(starts)) if free[i] != free[i - 1]]
            pieces = strip.divide([final_cuts[i] - render_x for i in bounds]
                                  + [final_cuts[-1] - render_x])
            for begin, end, piece in zip([0, *bounds], [*bounds, len(starts)], pieces,
                                         strict=False):
                if not free[begin]:
                    continue
                line[starts[begin]] = piece
                for i in range(begin + 1, end):
                    line[starts[i]] = EMPTY
    return cast("Sequence[Mapping[int, Strip]]", chops)


def _render_partial_update(self: Compositor) -> ChopsUpdate | None:
    """Textual's `Compositor.render_partial_update`, with each piece ending where its text
    ends (a whole run of pieces, see `_render_chops`) rather than at the next edge."""
    update = _original_partial(self)
    if update is None:
        return None
    update.chop_ends = [
        [x + strip.cell_length if strip is not None else end
         for (x, strip), end in zip(line.items(), ends, strict=True)]
        for line, ends in zip(update.chops, update.chop_ends, strict=True)
    ]
    return update


_original_partial: Callable[[Compositor], ChopsUpdate | None] = Compositor.render_partial_update


def install() -> None:
    """Draw wide characters whole under overlays (idempotent)."""
    Compositor._render_chops = _render_chops  # type: ignore[method-assign]
    Compositor.render_partial_update = _render_partial_update  # type: ignore[method-assign]
