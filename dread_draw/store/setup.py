"""A game's setup (seats, seed, deck) and the memory of the last one (no Textual here).

The last setup is kept as a small JSON file in the user's config directory so that the
new-game screen opens the way it was left; the seed is always fresh. The player's settings
live in the same file (whether the table shows the odds line, the language chosen on the
new-game screen); a file written before a setting existed still loads, with that setting's
default.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import platformdirs

from dread_draw.ai import AGENTS
from dread_draw.base.files import atomic_write, read_bounded
from dread_draw.base.safe_text import name_problem
from dread_draw.deck.cards import MAX_PLAYERS, MIN_PLAYERS, Deck, load_deck
from dread_draw.i18n import LANGUAGES, N_, _, one_message
from dread_draw.play.sim import CPU_NAMES, DEFAULT_CPU, HUMAN, Match, SeatSpec

MIN_SEATS, MAX_SEATS = MIN_PLAYERS, MAX_PLAYERS
# Translators: the name a person's seat has until they type their own
DEFAULT_NAME = N_("Player")


@cache
def default_names() -> frozenset[str]:
    """The default name in every language (a remembered setup may hold any of them)."""
    return frozenset(one_message(lang, DEFAULT_NAME) for lang in LANGUAGES)


def shown_name(name: str) -> str:
    """A seat's name as shown now: the default name is said in the current language (it is
    ours); a name a person typed is theirs and never translated."""
    return _(DEFAULT_NAME) if name in default_names() else name


HOLDS = (0, 1, 2, 3)  # seconds a person's own failed reveal stays on the stage (0: a key)


def fresh_seed() -> int:
    """A new seed, short enough to read out to a friend."""
    return random.SystemRandom().randrange(1, 1_000_000)


@dataclass
class Setup:
    """Who sits where, the seed, the deck file (None: the standard deck), and the player's
    settings: `odds`, the odds line at the table (off by default); `language`, the language
    chosen on the new-game screen (None: none chosen, the environment's is used); `hold`,
    how long a person's own failed reveal stays on the stage: 0 until they press a key
    (the default), else that many seconds (`HOLDS`); `ascii`, the table's symbols in plain
    ASCII (`dread_draw.base.glyphs`), for terminals that draw ● and ■ two cells wide; `theme`,
    the colour theme chosen on the new-game screen (a key of `tui.themes.THEMES`; None:
    Textual's default, or the TEXTUAL_THEME environment variable's)."""

    seats: list[SeatSpec]
    seed: int
    deck: str | None = None
    odds: bool = False
    language: str | None = None
    hold: int = 0
    ascii: bool = False
    theme: str | None = None
    plain: bool = False  # the game in plain lines (`play --plain`, dread_draw/lines/plain.py)

    @staticmethod
    def default_seat(i: int) -> SeatSpec:
        if i == 0:
            return SeatSpec(_(DEFAULT_NAME), HUMAN)
        return SeatSpec(CPU_NAMES[i - 1], DEFAULT_CPU)

    @classmethod
    def default(cls) -> Setup:
        return cls([cls.default_seat(i) for i in range(4)], fresh_seed())

    def to_json(self) -> dict:
        return {"seats": [[s.name, s.kind] for s in self.seats], "deck": self.deck,
                "odds": self.odds, "language": self.language,
                "hold": self.hold, "ascii": self.ascii, "theme": self.theme,
                "plain": self.plain}


def settings_path() -> Path:
    """Where the last setup is remembered: the user settings folder's ``dread-draw`` (on
    Linux ``$XDG_CONFIG_HOME/dread-draw`` or ``~/.config/dread-draw``, as before)."""
    return Path(platformdirs.user_config_dir("dread-draw", appauthor=False)) / "last-setup.json"


def _read(path: Path | None) -> dict:
    """The settings file's object ({} if there is none, or it is unreadable)."""
    if path is None or not path.exists():
        return {}
    try:
        data = json.loads(read_bounded(path, 1_000_000).decode("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def load_setup(path: Path | None) -> Setup:
    """The remembered setup with a fresh seed; the default one if none or unreadable (the
    settings kept all the same)."""
    data = _read(path)
    odds = data.get("odds") is True
    language = data.get("language") if data.get("language") in LANGUAGES else None
    hold = data.get("hold")
    hold = hold if type(hold) is int and hold in HOLDS else 0  # (not True: it equals 1)
    ascii = data.get("ascii") is True
    theme = data.get("theme") if isinstance(data.get("theme"), str) else None
    plain = data.get("plain") is True
    try:
        seats = [SeatSpec(str(name)[:16], kind if kind == HUMAN or kind in AGENTS else DEFAULT_CPU)
                 for name, kind in data["seats"]][:MAX_SEATS]
        # a name the save would refuse (edited by hand): the seat's usual name instead
        seats = [s if name_problem(s.name) is None else
                 SeatSpec(Setup.default_seat(i).name, s.kind) for i, s in enumerate(seats)]
        if len(seats) < MIN_SEATS:
            raise ValueError("too few seats")
        return Setup(seats, fresh_seed(), data.get("deck") or None, odds, language, hold,
                     ascii, theme, plain)
    except (ValueError, KeyError, TypeError):
        setup = Setup.default()
        setup.odds, setup.language, setup.hold, setup.ascii = odds, language, hold, ascii
        setup.theme = theme
        setup.plain = plain
        return setup


def save_setup(path: Path | None, setup: Setup) -> None:
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, [json.dumps(setup.to_json())])
    except OSError:
        pass  # remembering the setup is a convenience, never a reason to fail


def save_odds(path: Path | None, on: bool) -> None:
    """Remember the odds line's setting, and nothing else: the seats remembered stay those
    of the last game started from the new-game screen."""
    save_setting(path, "odds", on)


def save_language(path: Path | None, language: str) -> None:
    """Remember the language chosen on the new-game screen, and nothing else (as save_odds)."""
    save_setting(path, "language", language)


def save_setting(path: Path | None, key: str, value: object) -> None:
    """Remember one setting in the settings file, the others kept as they are."""
    if path is None:
        return
    data = _read(path)
    data[key] = value
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, [json.dumps(data)])
    except OSError:
        pass  # as save_setup


def new_match(setup: Setup, deck: Deck | None = None) -> Match:
    """The one factory of matches: the setup's seats, seed and deck (DeckError if bad)."""
    return Match(deck or load_deck(setup.deck), setup.seats, setup.seed)
