"""A notice over the table keeps every Korean syllable (Textual issue 6357, open upstream).

Textual paints a screen line in pieces ("chops") cut at the left and right edge of every widget
on that line, front widget first. A notice (a toast) lies over the table and its side panel, so
its lines are cut where the panel's edge runs beneath it, and a two-cell syllable that sits
across such a cut is split into two blank halves: at 120×40 the daily deal's notice read
"오늘의 게임:   늘은" for "오늘의 게임: 오늘은".

`install()` replaces the compositor's chop rendering with one that cuts a widget's line only
where what shows changes - between the parts it shows and the parts a widget in front of it
already shows - and gives its whole run to the run's first piece (the other pieces of the run
are empty). A partial update then takes each piece's end from its own width. Lines with
one-cell characters come out exactly as before. Without the private parts this needs (another
Textual version), it leaves Textual as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from textual import _compositor
from textual.geometry import Region
from textual.strip import Strip

_EMPTY = Strip([], 0)


def render_chops(self: Any, crop: Region,
                 is_rendered_line: Callable[[int], bool]) -> Sequence[Mapping[int, Strip]]:
    """Textual's `Compositor._render_chops`, cutting a widget's line only where it must."""
    cuts: list[list[int]] = self.cuts
    chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
    for region, clip, strips in self._get_renders(crop):
        render_region = region.intersection(clip)
        render_x = render_region.x
        first_cut, last_cut = render_region.column_span
        for y, strip in zip(render_region.line_range, strips, strict=False):
            if not is_rendered_line(y):
                continue
            line = chops[y]
            line_cuts = [cut for cut in cuts[y] if last_cut >= cut >= first_cut]
            if len(line_cuts) < 2:
                continue
            starts = line_cuts[:-1]
            free = [line.get(cut) is None for cut in starts]  # not shown by a widget in front
            kept = [0] + [i for i in range(1, len(starts)) if free[i] != free[i - 1]]
            ends = [starts[i] for i in kept[1:]] + [line_cuts[-1]]
            pieces = strip.divide([end - render_x for end in ends])
            for n, (i, piece) in enumerate(zip(kept, pieces, strict=False)):
                if not free[i]:
                    continue
                run_end = kept[n + 1] if n + 1 < len(kept) else len(starts)
                line[starts[i]] = piece
                for j in range(i + 1, run_end):
                    line[starts[j]] = _EMPTY
    return chops  # type: ignore[return-value]  # every chop is filled on a full screen


def render_partial_update(self: Any) -> Any:
    """Textual's `Compositor.render_partial_update`, each piece ending where its width does."""
    screen_region = self.size.region
    update_regions = self._dirty_regions.copy()
    self._dirty_regions.clear()
    if not update_regions:
        return None
    crop = Region.from_union(update_regions).intersection(screen_region)
    spans = list(self._regions_to_spans(update_regions))
    is_rendered_line = {y for y, _, _ in spans}.__contains__
    chops = self._render_chops(crop, is_rendered_line)
    chop_ends = [[x + (strip.cell_length if strip is not None else 0)
                  for x, strip in line.items()] for line in chops]
    return _compositor.ChopsUpdate(chops, spans, chop_ends)


def install() -> None:
    """Put the two in place, when this Textual has the parts they stand on."""
    compositor = _compositor.Compositor
    needed = ("_render_chops", "render_partial_update", "_get_renders", "_regions_to_spans")
    if all(hasattr(compositor, name) for name in needed) and hasattr(_compositor, "ChopsUpdate"):
        compositor._render_chops = render_chops  # type: ignore[method-assign]
        compositor.render_partial_update = render_partial_update  # type: ignore[method-assign]


install()
