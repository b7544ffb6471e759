"""Wide characters (Korean syllables) drawn whole where one layer lies over another.

Textual composes each screen line from "chops": the line is cut at every widget's edge, and
each piece is taken from the topmost widget there. A piece of a toast that spans an edge of
a widget underneath is still cut at that edge, and a two-cell syllable that straddles the cut
becomes two spaces: at 120x40 the Korean daily-deal notice read "게임:   늘은" for
"게임: 오늘은" (Textual issue 6357, open in 8.2). This module cuts a widget's line only
where the widget stops being the topmost one, so its own text is never split inside itself,
and makes a partial update end each piece where its text ends. A partial update draws only
the widgets its changed regions touch (issue 41: Textual drew every widget in the box around
them).

Both are private parts of Textual, replaced at run time: `PATCHED` names them with a hash of
the source they were written against, and tests/test_patched_internals.py fails when an
installed Textual's differs (pyproject.toml bounds Textual to the releases checked; .ci/run
tries the newest).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
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
    # (writes a piece's segments only where its line changed: a piece never runs under a
    # widget in front of it, see `_render_chops`)
    ("textual._compositor", "ChopsUpdate.__rich_console__"): "7a9344957bb0139a",
}


def _render_chops(self: Compositor, crop: Region,
                  is_rendered_line: Callable[[int], bool]) -> Sequence[Mapping[int, Strip]]:
    """Textual's `Compositor._render_chops`, but a widget's strip is divided only between
    runs of pieces still free (painted front to back: the first to fill a piece wins); a run's
    first piece holds the whole run and the others an empty strip, which keeps the widgets
    underneath out of them.

    In a partial update, a widget that no changed region touches is not drawn: it only
    keeps its pieces from the widgets underneath. Textual drew every widget in the box
    around the changed regions — the log at the right and a seat at the left changed made
    that box most of the screen — and wrote only the changed regions' cells: at 200x60,
    30-40 widgets drawn for nothing, 5-8 ms of a key's frame (issue 41)."""
    cuts = self.cuts
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    for region, clip, strips in _renders(self, crop, _changed.get(id(self))):
        render_region = region.intersection(clip)
        render_x = render_region.x
        first_cut, last_cut = render_region.column_span
        if strips is None:  # untouched: its pieces kept from the widgets underneath
            for y in render_region.line_range:
                if is_rendered_line(y):
                    line = chops[y]
                    for cut in cuts[y]:
                        if last_cut > cut >= first_cut and line.get(cut, EMPTY) is None:
                            line[cut] = EMPTY
            continue
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


def _renders(self: Compositor, crop: Region, changed: list[Region] | None
             ) -> Iterator[tuple[Region, Region, list[Strip] | None]]:
    """Textual's `Compositor._get_renders`, front to back, but with None for the strips of
    a widget none of the `changed` regions touches (None: every widget drawn)."""
    touched = [r.overlaps for r in changed] if changed is not None else None
    for widget, (region, clip) in self.visible_widgets.items():
        if crop and not crop.overlaps(clip):
            continue
        if touched is not None and not any(overlaps(region.intersection(clip))
                                           for overlaps in touched):  # (clip: its parent's)
            yield region, clip, None
            continue
        if clip.contains_region(region):
            yield region, clip, widget.render_lines(Region(0, 0, region.width, region.height))
        else:
            x, y, width, height = region.intersection(clip)
            if width and height:
                yield region, clip, widget.render_lines(
                    Region(x - region.x, y - region.y, width, height))


_changed: dict[int, list[Region]] = {}  # a compositor's regions being updated (by its id)


def _render_partial_update(self: Compositor) -> ChopsUpdate | None:
    """Textual's `Compositor.render_partial_update`, with each piece ending where its text
    ends (a whole run of pieces, see `_render_chops`) rather than at the next edge, and only
    the widgets the changed regions touch drawn."""
    _changed[id(self)] = list(self._dirty_regions)
    try:
        update = _original_partial(self)
    finally:
        del _changed[id(self)]
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
