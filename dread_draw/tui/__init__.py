"""The terminal table (`dread-draw play`): a Textual app for hot-seat play with CPU seats."""

from dread_draw.tui.app import DreadDrawApp, make_app, new_match
from dread_draw.tui.setup import Setup

__all__ = ["DreadDrawApp", "make_app", "Setup", "new_match"]
