"""The table's colour themes: a small registry, so that a theme is one `register` call
(colour-blind-safe themes go here beside these).

Each entry has a key (what the settings file remembers), a label for the new-game screen
(marked for translation) and a Textual theme: one of Textual's own by name, or a `Theme` of
ours, registered with the app when it starts.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import App
from textual.theme import Theme

from dread_draw.i18n import N_, _


@dataclass(frozen=True)
class ThemeChoice:
    key: str
    label: str  # English, marked with N_; shown with _()
    theme: str | Theme  # a Textual theme's name, or a theme of our own

    @property
    def name(self) -> str:
        return self.theme if isinstance(self.theme, str) else self.theme.name


THEMES: dict[str, ThemeChoice] = {}


def register(key: str, label: str, theme: str | Theme) -> None:
    THEMES[key] = ThemeChoice(key, label, theme)


register("dark", N_("Dark"), "textual-dark")
register("light", N_("Light"), "textual-light")
register("contrast", N_("High contrast"), Theme(
    name="dread-draw-high-contrast", dark=True,
    primary="#FFFF00", secondary="#00FFFF", accent="#FF00FF",
    foreground="#FFFFFF", background="#000000", surface="#000000", panel="#1A1A1A",
    success="#00FF00", warning="#FFA500", error="#FF4040",
))
# Okabe and Ito's palette, told apart with any of the common colour-vision deficiencies
# (no red against green): the table's meanings are never in colour alone (a glyph or a
# word beside each: TO PLAY, ELIMINATED, "to beat", damage dots with their number), and
# this theme keeps the colours distinct as well.
register("colourblind", N_("Colour-blind safe"), Theme(
    name="dread-draw-colour-blind", dark=True,
    primary="#0072B2", secondary="#56B4E9", accent="#E69F00",
    foreground="#F0F0F0", background="#111111", surface="#1C1C1C", panel="#262626",
    success="#009E73", warning="#F0E442", error="#D55E00",
))


def options() -> list[tuple[str, str]]:
    """The new-game screen's choices: (label in the current language, key)."""
    return [(_(choice.label), key) for key, choice in THEMES.items()]


def install(app: App) -> None:
    """Make our own themes known to `app` (Textual's are known already)."""
    for choice in THEMES.values():
        if isinstance(choice.theme, Theme):
            app.register_theme(choice.theme)


def apply(app: App, key: str | None) -> None:
    """Show `app` in the theme `key` (None or unknown: leave Textual's, or TEXTUAL_THEME's)."""
    choice = THEMES.get(key or "")
    if choice is not None:
        app.theme = choice.name


def key_of(app: App) -> str | None:
    """The registry's key for the theme `app` shows, if it is one of ours."""
    return next((key for key, c in THEMES.items() if c.name == app.theme), None)
