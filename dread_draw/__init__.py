"""Dread Draw: the press-your-luck fortune-telling card game, at your terminal."""

# The release: raised for each one (CHANGELOG.md says what changed, for players).
__version__ = "0.4.0"
