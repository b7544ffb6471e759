"""Dread Draw: the press-your-luck fortune-telling card game, at your terminal."""

__version__ = "0.1.0"
