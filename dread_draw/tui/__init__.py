"""The terminal table (`dread-draw play`): a Textual app for hot-seat play with CPU seats.

Its names are loaded when first asked for, so that the table model (`dread_draw.table`),
which reads the turn lines here (`tui/turn.py`), can be imported without Textual and
without an import cycle through the app."""

from __future__ import annotations

from typing import Any

__all__ = ["DreadDrawApp", "Setup", "make_app", "new_match"]


def __getattr__(name: str) -> Any:
    if name == "Setup":
        from dread_draw.tui.setup import Setup
        return Setup
    if name in ("DreadDrawApp", "make_app", "new_match"):
        from dread_draw.tui import app
        return getattr(app, name)
    raise AttributeError(name)
