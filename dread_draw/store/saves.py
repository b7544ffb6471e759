"""Saved games: autosave after every decision, resume, the kept finished games, and stats.

A save is a JSON file — data, never code: the format name and version, the deck (its name,
where it came from, its content hash and its text), the seed, the seats, and the list of
choices made. Everything else — every card in every zone, the pending prompt, the log — is
rebuilt by replaying the choices (`Match.replay`), which is exact because the rules are
deterministic. Files are written atomically (a temporary file, fsync, rename), so a kill at
any instant leaves the previous save or the new one, never half of one.

The save folder (`default_root`, or ``--save-dir``) holds ``current.json``, the game in
progress, and ``games/``, the last `KEEP` finished games (a replay file is a save of a
finished game). One table plays in a folder at a time: `SaveDir.lock` takes an OS file lock on
its ``.lock`` file, held for the life of the process and released by the OS when it ends, so
a killed table leaves no stale lock; reading saves (replay, stats) never takes it.

Every problem with a save or the folder is a `SaveError`: one paragraph that names the file,
with a `reason` tag the table uses to offer a choice. A bad file is never deleted: it stays
where it is, or is set aside as ``.bad`` when the player asks.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import shlex
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, NoReturn, TypeGuard

import platformdirs
from rich.cells import cell_len, set_cell_size

from dread_draw.ai import AGENTS
from dread_draw.base.errors import DeckError, DreadDrawError, IllegalChoice
from dread_draw.base.files import Unreadable, atomic_write, read_bounded
from dread_draw.base.reasons import json_reason, os_reason
from dread_draw.base.safe_text import clean, name_problem
from dread_draw.deck.cards import Deck, load_deck, parse_deck, read_deck_file, standard_deck_path
from dread_draw.deck.overlays import OverlayError
from dread_draw.i18n import N_, _, fmt, ngettext
from dread_draw.play.sim import HUMAN, Hint, Match, Move, SeatSpec, TakeBack
from dread_draw.store import ratings

FORMAT = "dread-draw-save"
VERSION = 1
KEEP = 50  # finished games kept for replay and stats
CURRENT = "current.json"
GAMES = "games"
LOCK = ".lock"
MAX_BYTES = 20_000_000  # no honest save comes near this; refuse before parsing
MAX_CHOICES = 200_000
MAX_THINK_MS = 10_000  # a CPU's thinking per move at the table: more would stall it
_HASH = re.compile(r"^[0-9a-f]{64}\Z")
_GAME_FILE = re.compile(r"^game-\d{8}-\d{6}-\d{6}(-\d+)?\.json$")
# atomic_write's temporary files for the files this module names (tempfile's 8 characters)
_TEMP = re.compile(r"^\.(current|ratings|game-\d{8}-\d{6}-\d{6}(-\d+)?)\.json\.[a-z0-9_]{8}\.tmp$")
_BAD = N_("It may be truncated or edited by hand; the file is left as it is.")


class SaveError(DreadDrawError):
    """A save or save folder that cannot be used. `reason` tells the table what went wrong:
    missing, folder, bad, newer, illegal, other-deck, deck-changed, busy (another table)."""

    def __init__(self, message: str, path: Path | str | None = None, reason: str = "bad"):
        super().__init__(message)
        self.path = Path(path) if path is not None else None
        self.reason = reason


# ----------------------------------------------------------------------------- the format

@dataclass
class Save:
    """One saved game, as it is in the file (see the module docstring)."""

    seed: int
    seats: list[SeatSpec]
    choices: list[int]
    deck_name: str
    deck_hash: str
    deck_path: str | None = None  # None: the standard deck
    deck_text: str | None = None
    agent_options: dict[str, Any] = field(default_factory=dict)
    finished: bool = False
    winner: int = -1
    rounds: int = 0
    started: str = ""
    saved: str = ""
    path: Path | None = None  # where it was read from
    # Optional fields (absent from older saves, which read as none; older versions of Dread
    # Draw ignore them and still replay the game): the coach's record (`Match.hints`,
    # `Match.takebacks`) and the day of a daily deal (ISO 8601, UTC).
    hints: list[Hint] = field(default_factory=list)
    takebacks: list[TakeBack] = field(default_factory=list)
    daily: str | None = None

    @classmethod
    def of(cls, match: Match, *, started: str = "", deck_text: str | None = None) -> Save:
        deck = match.deck
        g = match.game
        return cls(seed=match.seed, seats=list(match.seats), choices=list(match.choices),
                   deck_name=deck.name, deck_hash=deck.content_hash,
                   deck_path=deck_origin(deck), deck_text=deck_text,
                   agent_options=match.agent_options, finished=g.over, winner=g.winner,
                   rounds=g.round, started=started or now(), hints=list(match.hints),
                   takebacks=list(match.takebacks), daily=match.daily)

    def to_json(self) -> str:
        data = {
            "format": FORMAT, "version": VERSION,
            "deck": {"name": self.deck_name, "path": self.deck_path, "hash": self.deck_hash,
                     "text": self.deck_text},
            "seed": self.seed,
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "agent_options": self.agent_options,
            "finished": self.finished, "winner": self.winner, "rounds": self.rounds,
            "started": self.started, "saved": self.saved or now(),
        }
        if self.hints:  # the optional fields only when they say something
            data["hints"] = [{"at": h.at, "seat": h.seat} for h in self.hints]
        if self.takebacks:
            data["takebacks"] = [{"at": t.at, "seat": t.seat, "choice": t.choice}
                                 for t in self.takebacks]
        if self.daily is not None:
            data["daily"] = self.daily
        data["choices"] = self.choices
        return json.dumps(data, separators=(",", ":"))  # ASCII: a name from argv may hold
        #                                                  undecodable bytes

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]


def now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def deck_origin(deck: Deck) -> str | None:
    """What a save records as the deck's place: None for the standard deck, else its path."""
    if deck.path == str(standard_deck_path()):
        return None
    return str(Path(deck.path).resolve()) if deck.path != "<memory>" else deck.path


def deck_source(deck: Deck) -> str | None:
    """The deck file's text if it is still the text the deck was loaded from (else None)."""
    try:
        source = read_deck_file(deck.path)  # with the deck loader's limits: never a device
    except DeckError:
        return None
    if hashlib.sha256(source).hexdigest() != deck.content_hash:
        return None
    try:
        return source.decode("utf-8")
    except UnicodeDecodeError:
        return None


def read_save(path: Path | str) -> Save:
    """Read and validate a save file; raise SaveError naming the file and what is wrong."""
    path = Path(path)
    try:
        data = read_bounded(path, MAX_BYTES)  # a FIFO or /dev/zero is refused, never read
    except Unreadable as e:
        raise unreadable_save(path, e) from None
    return parse_save(data, path)


def unreadable_save(path: Path, e: Unreadable) -> SaveError:
    """The SaveError for a save (or a replay, a review's game) that cannot be read."""
    if e.kind == "missing":
        return SaveError(fmt(_("{file}: no such save file."), file=path), path, "missing")
    if e.kind == "folder":
        return SaveError(fmt(_("{file}: is a folder, not a save file."), file=path), path,
                         "missing")
    if e.kind == "special":
        return SaveError(fmt(_("{file}: is not a save file but a device, a pipe or a socket; "
                               "it is left as it is."), file=path), path)
    if e.kind == "too-big":
        return SaveError(fmt(_("{file}: it is far too big for a Dread Draw save (over {limit} "
                               "bytes); it is left as it is."), file=path,
                             limit=f"{MAX_BYTES:,}"), path)
    return SaveError(fmt(_("{file}: cannot read the save file ({reason})."), file=path,
                         reason=e.reason), path, "folder")


def parse_save(data: bytes | str, path: Path | str = "<save>") -> Save:
    """Validate the text of a save; every field is checked before anything is built from it."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")

    def bad(what: str, reason: str = "bad") -> SaveError:
        # Translators: {problem} is one of the save problems below; {advice} the sentence
        # "It may be truncated or edited by hand; the file is left as it is."
        return SaveError(fmt(_("{file}: {problem}. {advice}"), file=path, problem=what,
                             advice=_(_BAD)), path, reason)

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise bad(fmt(_("not a Dread Draw save: not UTF-8 text (bad byte at offset {offset})"),
                      offset=e.start)) from None
    if not text.strip():
        raise bad(_("the save is empty"))
    try:
        raw = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise bad(fmt(_("not valid JSON (line {line}, column {column}: {reason})"),
                      line=e.lineno, column=e.colno, reason=json_reason(e))) from None
    except (ValueError, RecursionError) as e:
        raise bad(fmt(_("not a Dread Draw save ({reason})"), reason=json_reason(e))) from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise bad(_("not a Dread Draw save (no \"format\": \"dread-draw-save\" at the top)"))
    version = raw.get("version")
    if not _is_int(version) or version < 1:
        raise bad(fmt(_("the field \"version\" must be a whole number from 1, not {value}"),
                      value=_show(version)))
    if version > VERSION:
        raise SaveError(fmt(
            _("{file}: this save was written by a newer Dread Draw (save format {version}; this "
              "version reads format {known} and older). Upgrade Dread Draw to open it; the file "
              "is left as it is."), file=path, version=version, known=VERSION), path, "newer")

    deck = _get(raw, "deck", dict, path)
    deck_name = clean(_get(deck, "name", str, path, "deck.name"))  # only ever shown
    deck_path = _get(deck, "path", (str, type(None)), path, "deck.path")
    deck_hash = _get(deck, "hash", str, path, "deck.hash")
    if not _HASH.match(deck_hash):
        raise bad(_("the field \"deck.hash\" is not a content hash (64 hex digits)"))
    deck_text = _get(deck, "text", (str, type(None)), path, "deck.text", default=None)

    seed = _get(raw, "seed", int, path)
    seats_raw = _get(raw, "seats", list, path)
    if not 2 <= len(seats_raw) <= 5:
        raise bad(fmt(_("the field \"seats\" lists {n} seats; a game has 2 to 5"),
                      n=len(seats_raw)))
    seats = []
    for i, s in enumerate(seats_raw, 1):
        if not isinstance(s, dict):
            raise bad(fmt(_("seat {seat} in \"seats\" must be an object with a name and a "
                            "kind"), seat=i))
        name = _get(s, "name", str, path, f"seats[{i}].name")
        kind = _get(s, "kind", str, path, f"seats[{i}].kind")
        # Names are only shown: undecodable bytes (lone surrogates) become "?" and control
        # characters visible stand-ins (a save from an older version may hold them); then the
        # rule for names typed at the table and on the command line (safe_text.name_problem).
        name = clean(name.encode("utf-8", "replace").decode("utf-8"))
        problem = name_problem(name)
        if problem is not None:
            raise bad(fmt(_("seat {seat} has a name that cannot be used ({problem})"), seat=i,
                          problem=problem))
        if kind != HUMAN and kind not in AGENTS:
            raise bad(fmt(_("seat {seat} ({name}) is a CPU of kind {kind}, which this version "
                            "of Dread Draw does not have (it has: human, {known})"), seat=i,
                          name=name, kind=_show(kind), known=", ".join(AGENTS)))
        seats.append(SeatSpec(name, kind))

    options = _get(raw, "agent_options", dict, path, default={})
    for kind, opts in options.items():  # CPU settings such as think_ms: plain numbers only
        ok = kind in AGENTS and isinstance(opts, dict) and all(
            isinstance(k, str) and isinstance(v, int | float) and abs(v) <= 1_000_000
            and (k != "think_ms" or 1 <= v <= MAX_THINK_MS) for k, v in opts.items())
        if not ok:
            raise bad(fmt(_("the field \"agent_options\" has a bad entry for {kind}"),
                          kind=repr(kind)))

    choices = _get(raw, "choices", list, path)
    if len(choices) > MAX_CHOICES:
        raise bad(fmt(_("the field \"choices\" has {n} entries; no game is that long"),
                      n=f"{len(choices):,}"))
    for i, c in enumerate(choices, 1):
        if not _is_int(c) or not -1 <= c < 1_000_000:
            raise bad(fmt(_("choice {index} in \"choices\" is {value}, not an option number"),
                          index=i, value=_show(c)))
    finished = _get(raw, "finished", bool, path, default=False)
    winner = _get(raw, "winner", int, path, default=-1)
    rounds = _get(raw, "rounds", int, path, default=0)
    started = _get(raw, "started", str, path, default="")
    saved = _get(raw, "saved", str, path, default="")
    hints = [Hint(*entry) for entry in _entries(raw, "hints", ("at", "seat"), len(seats),
                                                 len(choices), path)]
    takebacks = [TakeBack(*entry) for entry in _entries(
        raw, "takebacks", ("at", "seat", "choice"), len(seats), len(choices), path)]
    daily = _get(raw, "daily", (str, type(None)), path, default=None)
    if daily is not None and not _is_day(daily):
        raise bad(fmt(_("the field \"daily\" is {value}, not a date such as 2026-12-03"),
                      value=_show(daily)))
    return Save(seed=seed, seats=seats, choices=choices, deck_name=deck_name, deck_hash=deck_hash,
                deck_path=deck_path, deck_text=deck_text, agent_options=options,
                finished=finished, winner=winner, rounds=rounds, started=started, saved=saved,
                path=Path(path), hints=hints, takebacks=takebacks, daily=daily)


def _entries(raw: dict[str, Any], key: str, fields: tuple[str, ...], seats: int,
             choices: int, path: Path | str) -> list[tuple[int, ...]]:
    """An optional list of small records of whole numbers (`hints`, `takebacks`): `at` a
    place in the choices (a taken-back choice may have been at the very end), `seat` a seat,
    `choice` an option number."""
    entries = _get(raw, key, list, path, default=[])
    if len(entries) > MAX_CHOICES:
        raise SaveError(fmt(_("{file}: the field \"{field}\" has {n} entries; no game has "
                              "that many."), file=path, field=key, n=len(entries))
                        + " " + _(_BAD), path)
    limits = {"at": (0, choices), "seat": (0, seats - 1), "choice": (-1, 999_999)}
    out: list[tuple[int, ...]] = []
    for i, e in enumerate(entries, 1):
        raw_values = [e.get(f) for f in fields] if isinstance(e, dict) else []
        values = tuple(v for v in raw_values if _is_int(v))
        ok = len(values) == len(fields) and all(
            limits[f][0] <= v <= limits[f][1] for f, v in zip(fields, values, strict=True))
        if not ok:
            raise SaveError(fmt(_("{file}: entry {i} of the field \"{field}\" is {value}; it "
                                  "should hold {names} as whole numbers of this game."),
                                file=path, i=i, field=key, value=_show(e),
                                names=", ".join(fields)) + " " + _(_BAD), path)
        out.append(values)
    return out


def _is_day(text: str) -> bool:
    """A date as ISO 8601 writes it: 2026-12-03."""
    try:
        return len(text) == 10 and date.fromisoformat(text).isoformat() == text
    except ValueError:
        return False


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number a save may hold")


def _is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _show(v: object) -> str:
    text = json.dumps(v) if not isinstance(v, float) or math.isfinite(v) else repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


_MISSING = object()


def _get(obj: dict[str, Any], key: str, kind: type | tuple[type, ...], path: Path | str,
         label: str | None = None, default: Any = _MISSING) -> Any:
    label = label or key
    if key not in obj:
        if default is not _MISSING:
            return default
        raise SaveError(fmt(_("{file}: the field \"{field}\" is missing. {advice}"), file=path,
                            field=label, advice=_(_BAD)), path)
    value = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    ok = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
    if not ok:
        want = {int: N_("{file}: the field \"{field}\" must be a whole number, not {value}. "
                        "{advice}"),
                str: N_("{file}: the field \"{field}\" must be text, not {value}. {advice}"),
                list: N_("{file}: the field \"{field}\" must be a list, not {value}. {advice}"),
                dict: N_("{file}: the field \"{field}\" must be an object, not {value}. "
                         "{advice}"),
                bool: N_("{file}: the field \"{field}\" must be true or false, not {value}. "
                         "{advice}")}.get(
            kinds[0], N_("{file}: the field \"{field}\" must be text or null, not {value}. "
                         "{advice}"))
        raise SaveError(fmt(_(want), file=path, field=label, value=_show(value),
                            advice=_(_BAD)), path)
    return value


# ---------------------------------------------------------------------- deck and replaying

# What a save's deck has become, told whole: (the standard deck?, changed rather than gone).
_NOTES = {
    (True, True): N_("The standard deck has changed since this game was played; replaying it "
                     "with the copy of the deck kept in the save."),
    (True, False): N_("The standard deck cannot be read any more since this game was played; "
                      "replaying it with the copy of the deck kept in the save."),
    (False, True): N_("The deck file {deck} has changed since this game was played; replaying "
                      "it with the copy of the deck kept in the save."),
    (False, False): N_("The deck file {deck} cannot be read any more since this game was "
                       "played; replaying it with the copy of the deck kept in the save."),
}
_REFUSALS = {
    (True, True): N_("{file}: the standard deck has changed since this game was saved (the game "
                     "was dealt from {name}, content hash {hash}), so the game cannot be rebuilt "
                     "with the same cards. Put the old deck file back to continue it, or start "
                     "a new game; the save is left as it is."),
    (True, False): N_("{file}: the standard deck cannot be read any more since this game was "
                      "saved (the game was dealt from {name}, content hash {hash}), so the game "
                      "cannot be rebuilt with the same cards. Put the old deck file back to "
                      "continue it, or start a new game; the save is left as it is."),
    (False, True): N_("{file}: the deck file {deck} has changed since this game was saved (the "
                      "game was dealt from {name}, content hash {hash}), so the game cannot be "
                      "rebuilt with the same cards. Put the old deck file back to continue it, "
                      "or start a new game; the save is left as it is."),
    (False, False): N_("{file}: the deck file {deck} cannot be read any more since this game "
                       "was saved (the game was dealt from {name}, content hash {hash}), so the "
                       "game cannot be rebuilt with the same cards. Put the old deck file back "
                       "to continue it, or start a new game; the save is left as it is."),
}


def save_deck(save: Save, deck: str | Path | None = None, *, use_saved_copy: bool = False
              ) -> tuple[Deck, str]:
    """The deck to replay `save` with, and a note for the player ("" when nothing to say).

    `deck` (a `--deck` path) must be the very deck the game was played with. Without it the
    deck is loaded from where the save says it came from; if that file has changed or gone,
    a finished game may still be replayed from the copy inside the save (`use_saved_copy`),
    but a game in progress is refused: it must go on with the cards it was dealt from.
    """
    where = save.path or "<save>"
    if deck is not None:
        chosen = load_deck(deck)
        if chosen.content_hash != save.deck_hash:
            raise SaveError(fmt(
                _("{file}: this game was played with the deck {name} (content hash {hash}), not "
                  "with {deck} (hash {other}): a different set of cards cannot go on with it. "
                  "Open it without --deck, or with the deck it was played with; the save is "
                  "left as it is."), file=where, name=repr(save.deck_name),
                hash=save.deck_hash[:12], deck=deck, other=chosen.content_hash[:12]),
                where, "other-deck")
        return chosen, ""
    origin = save.deck_path if save.deck_path is not None else standard_deck_path()
    found, changed = None, False
    if os.path.isfile(origin):  # never a device or a pipe named by a hand-edited save
        try:
            found = load_deck(origin)
            changed = found.content_hash != save.deck_hash
        except OverlayError as e:  # the deck is fine: its translation file is to mend
            raise SaveError(fmt(_("{problem} The saved game is left as it is: it goes on once "
                                  "this translation file is mended, or removed."),
                                problem=str(e)), where, "bad-translation") from None
        except DeckError:
            pass
    if found is not None and not changed:
        return found, ""
    if found is not None and save.deck_text is not None:
        # Only the file's words around the cards changed (a comment, as when the standard
        # deck's notes were reworded): the same cards, so the game goes on with them.
        try:
            copy = parse_deck(save.deck_text, fmt(_("{file} (the deck saved in it)"), file=where))
        except DeckError:
            copy = None
        if (copy is not None and copy.content_hash == save.deck_hash
                and copy.cards == found.cards and copy.name == found.name):
            return copy, ""
    words = {"file": where, "deck": origin, "name": repr(save.deck_name),
             "hash": save.deck_hash[:12]}
    if use_saved_copy and save.deck_text is not None:
        try:
            copy = parse_deck(save.deck_text, fmt(_("{file} (the deck saved in it)"), file=where))
        except DeckError as e:
            raise SaveError(f"{e} {_(_BAD)}", where, "bad") from None
        if copy.content_hash == save.deck_hash:
            return copy, fmt(_(_NOTES[save.deck_path is None, changed]), **words)
    raise SaveError(fmt(_(_REFUSALS[save.deck_path is None, changed]), **words), where,
                    "deck-changed")


def rebuild(save: Save, deck: Deck, *, events: bool = True) -> Match:
    """Replay a save's choices into a Match at the exact position where it was saved."""
    where = save.path or "<save>"
    try:
        m = Match.replay(deck, save.seats, save.seed, save.choices, events=events,
                         agent_options=save.agent_options)
    except IllegalChoice as e:
        i = getattr(e, "index", 0)
        raise SaveError(fmt(
            _("{file}: choice {index} of {count} ({choice}) is not legal when the game is "
              "replayed ({reason}). The file was edited, or written by a version of Dread Draw "
              "with different rules; it is left as it is."), file=where, index=i + 1,
            count=len(save.choices), choice=save.choices[i], reason=e), where,
            "illegal") from None
    except DeckError as e:
        raise SaveError(f"{where}: {e}", where, "bad") from None
    except (TypeError, ValueError) as e:
        raise SaveError(fmt(_("{file}: the game cannot be rebuilt from it ({reason}). "
                              "{advice}"), file=where, reason=e, advice=_(_BAD)), where,
                        "bad") from None
    m.hints, m.takebacks, m.daily = list(save.hints), list(save.takebacks), save.daily
    g = m.game
    if save.finished != g.over or (g.over and save.winner != g.winner):
        raise SaveError(fmt(_("{file}: the save and the replay of its choices do not agree "
                              "on how the game stands. {advice}"), file=where,
                            advice=_(_BAD)), where, "illegal")
    return m


def open_save(path: Path | str, deck: str | Path | None = None) -> tuple[Save, Match, str]:
    """Read, validate and replay a save: (the save, its match, a note about the deck)."""
    save = read_save(path)
    the_deck, note = save_deck(save, deck, use_saved_copy=save.finished)
    return save, rebuild(save, the_deck), note


# ----------------------------------------------------------------------------- the folder

def default_root() -> Path:
    """The user data folder's ``dread-draw``: on Linux ``$XDG_DATA_HOME/dread-draw`` or
    ``~/.local/share/dread-draw`` (as before platformdirs, so old saves are found); on macOS
    ``~/Library/Application Support/dread-draw``; on Windows ``%LOCALAPPDATA%\\dread-draw``."""
    return Path(platformdirs.user_data_dir("dread-draw", appauthor=False))


class SaveDir:
    """The save folder: the game in progress and the last `keep` finished games."""

    def __init__(self, root: Path | str | None = None, keep: int = KEEP):
        self.root = Path(root) if root is not None else default_root()
        self.keep = max(1, keep)
        self._lock: int | None = None  # the open .lock file while this process holds it

    def lock(self) -> None:
        """Take the folder for this table, for the life of the process (see the module
        docstring), then clear the temporary files a killed autosave may have left.

        Raises SaveError (reason "busy") while another table holds it, and when a ``.lock``
        is there but cannot be opened or locked (a folder, a file made read-only or
        immutable): playing on unguarded is how two windows overwrote each other's games.
        A folder where nothing can be made at all is not refused here: the table's autosave
        says what is wrong with it, as it always has.
        """
        if self._lock is not None:
            return
        path = self.root / LOCK
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o644)
        except OSError as e:
            if os.path.lexists(path):
                raise SaveError(fmt(_("{file}: the save folder's lock file cannot be opened "
                                      "({reason}), so this folder cannot be kept safe from "
                                      "another window. Remove it, or play in another folder "
                                      "with --save-dir."), file=path,
                                    reason=os_reason(e)), path, "busy") from None
            return
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise SaveError(fmt(_("{file}: the save folder's lock file cannot be opened "
                                  "({reason}), so this folder cannot be kept safe from "
                                  "another window. Remove it, or play in another folder "
                                  "with --save-dir."), file=path,
                                reason=_("not a regular file")), path, "busy")
        if not _try_lock(fd):
            os.close(fd)
            raise SaveError(fmt(
                _("A game is being played in another window with this save folder, {folder}. "
                  "Finish it or quit it there first, or play in another folder with "
                  "--save-dir."), folder=self.root), self.root, "busy")
        self._lock = fd
        self.remove_stale_temp()

    def unlock(self) -> None:
        """Let another table have the folder (the end of the process does the same)."""
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    def remove_stale_temp(self) -> None:
        """Remove temporary files of this module's own naming, left when a table was killed
        in the middle of an autosave (only the folder's lock holder may: nobody else writes)."""
        for folder in (self.root, self.games):
            try:
                stale = [p for p in folder.iterdir() if _TEMP.match(p.name)]
            except OSError:
                continue
            for path in stale:
                try:
                    path.unlink()
                except OSError:
                    pass

    @property
    def current(self) -> Path:
        return self.root / CURRENT

    @property
    def games(self) -> Path:
        return self.root / GAMES

    def _folder_error(self, folder: Path, e: OSError, doing: str) -> SaveError:
        text = {
            "create": N_("{folder}: cannot create the save folder ({reason}). Choose another "
                         "with --save-dir, or set XDG_DATA_HOME."),
            "write to": N_("{folder}: cannot write to the save folder ({reason}). Choose "
                           "another with --save-dir, or set XDG_DATA_HOME."),
        }.get(doing, N_("{folder}: cannot read the save folder ({reason}). Choose another with "
                        "--save-dir, or set XDG_DATA_HOME."))
        return SaveError(fmt(_(text), folder=folder, reason=os_reason(e)), folder, "folder")

    def ensure(self) -> None:
        """Create the folders (a missing folder is made; one that cannot be is an error)."""
        for folder in (self.root, self.games):
            if folder.exists() and not folder.is_dir():
                raise SaveError(fmt(_("{folder}: is a file, not a folder; the save folder must "
                                      "be a folder. Choose another with --save-dir."),
                                    folder=folder), folder, "folder")
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise self._folder_error(folder, e, "create") from None

    def has_current(self) -> bool:
        return self.current.is_file()

    def write(self, path: Path, save: Save) -> None:
        """Write a save into the folder. Every write of a game comes here, and takes the
        folder's lock for the write if this process does not hold it: a command that forgot
        to lock cannot overwrite another window's game (SaveError "busy" instead)."""
        with self.locked():
            self.ensure()
            try:
                atomic_write(path, [save.to_json()])
            except OSError as e:
                raise self._folder_error(path.parent, e, "write to") from None

    @contextmanager
    def locked(self) -> Iterator[None]:
        """The folder's lock for a block: the one this table holds, or taken for the block."""
        taken = self._lock is None
        self.lock()
        try:
            yield
        finally:
            if taken:
                self.unlock()

    def finished(self) -> list[Path]:
        """The kept finished games, oldest first (an absent folder has none)."""
        if not self.root.exists():
            return []
        if not self.root.is_dir():
            raise SaveError(fmt(_("{folder}: is a file, not a save folder. Choose another with "
                                  "--save-dir."), folder=self.root), self.root, "folder")
        try:
            names = sorted(p.name for p in self.games.iterdir()) if self.games.is_dir() else []
        except OSError as e:
            raise self._folder_error(self.games, e, "read") from None
        return [self.games / n for n in names if _GAME_FILE.match(n)]

    def last(self) -> Path:
        games = self.finished()
        if not games:
            raise SaveError(fmt(_("{folder}: no finished games are kept here yet; play one "
                                  "with `dread-draw play`."), folder=self.games),
                            self.games, "missing")
        return games[-1]

    def archive(self, save: Save) -> Path:
        """Keep a finished game (then drop the in-progress save and the oldest kept games)."""
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
        path = self.games / f"game-{stamp}.json"
        n = 1
        while path.exists():
            path = self.games / f"game-{stamp}-{n}.json"
            n += 1
        self.write(path, save)
        try:  # the finished game now lives in games/; the in-progress copy is no longer needed
            self.current.unlink(missing_ok=True)
        except OSError:
            pass
        self.prune()
        return path

    def prune(self) -> None:
        """Remove the oldest kept games beyond `keep` (only files this module named)."""
        games = self.finished()
        for old in games[:max(0, len(games) - self.keep)]:
            try:
                old.unlink()
            except OSError:
                pass

    def set_aside(self, path: Path | None = None) -> Path:
        """Rename a bad save to ``<name>.bad`` (never overwriting) so a new game can start."""
        with self.locked():  # renames a file of the folder: only its lock holder may
            return self._set_aside(path)

    def _set_aside(self, path: Path | None) -> Path:
        path = path or self.current
        target = path.with_name(path.name + ".bad")
        n = 1
        while target.exists():
            target = path.with_name(f"{path.name}.bad.{n}")
            n += 1
        try:
            path.rename(target)
        except OSError as e:
            raise SaveError(fmt(_("{file}: cannot move the bad save aside to {target} "
                                  "({reason})."), file=path, target=target,
                                reason=os_reason(e)), path, "folder") from None
        return target


class Autosaver:
    """A `Match` hook: saves the game after every decision; keeps it once finished.

    A failed write never stops the game: the problem is kept in `error` (and the previous
    save stays intact) for the table to show.
    """

    def __init__(self, folder: SaveDir, match: Match, *, started: str = "",
                 on_error: Callable[[str], None] | None = None):
        self.folder = folder
        self.match = match
        self.started = started or now()
        self.deck_text = deck_source(match.deck)
        self.error: str | None = None
        self.archived: Path | None = None
        self.rated: list[ratings.Change] = []  # the people's new ratings, once kept
        self.on_error = on_error  # told once per new problem (the table shows it)

    def attach(self) -> Autosaver:
        """Start listening and save the position as it is now."""
        self.match.hooks.append(self)
        self.save_now()
        return self

    def __call__(self, match: Match, move: Move) -> None:
        self.save_now()

    def save_now(self) -> None:
        if self.archived is not None:
            return
        save = Save.of(self.match, started=self.started, deck_text=self.deck_text)
        try:
            if save.finished:
                self.archived = self.folder.archive(save)
                self.rated = rate_game(self.folder, self.match)
            else:
                self.folder.write(self.folder.current, save)
            self.error = None
        except SaveError as e:
            if self.on_error is not None and str(e) != self.error:
                self.on_error(str(e))
            self.error = str(e)


def rate_game(folder: SaveDir, match: Match) -> list[ratings.Change]:
    """Rate a finished game just kept (`ratings.rate`), after any kept game not rated yet
    (a table killed between keeping and rating it); the people's changes in this game. The
    ratings never stop the game: a folder that cannot be written rates nothing."""
    try:
        with folder.locked():
            rated = ratings.load(folder.root)
            done = rated.ids
            this = ratings.game_id(match.seed, match.seats, match.choices)
            for path in folder.finished():
                save = read_save_or_none(path)
                if (save is None or not save.finished or save.daily is not None
                        or not any(s.is_human for s in save.seats)
                        or ratings.game_id(save.seed, save.seats, save.choices) in done | {this}):
                    continue
                try:
                    kept = rebuild(save, save_deck(save, use_saved_copy=True)[0])
                except DreadDrawError:
                    continue
                ratings.rate(rated, kept, save.saved)
            changes = ratings.rate(rated, match, now())
            ratings.write(folder.root, rated)
            return changes
    except (OSError, SaveError):
        return []


def _try_lock(fd: int) -> bool:
    """An exclusive, non-blocking OS lock on an open file: True if taken, False if another
    process holds it. Where the OS offers none, the lock is always taken (best effort)."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    try:
        import fcntl
    except ImportError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:  # a file system without locks: play on, unguarded
        return True
    return True


def separate_folder(folder: SaveDir) -> SaveDir:
    """A fresh folder beside `folder` for a second table, taken for this process: the first
    of ``<name>-2``, ``<name>-3``, ... with no game in progress that no other table holds."""
    for n in range(2, 100):
        other = SaveDir(folder.root.with_name(f"{folder.root.name}-{n}"), folder.keep)
        if other.root.exists() and (not other.root.is_dir() or other.has_current()):
            continue
        try:
            other.lock()
        except SaveError:
            continue
        return other
    raise SaveError(fmt(_("{folder}: no separate save folder is free beside it; choose one "
                          "with --save-dir."), folder=folder.root), folder.root, "busy")


def autosave_new(folder: SaveDir, match: Match,
                 on_error: Callable[[str], None] | None = None) -> Autosaver:
    """Autosave a new game. A save in progress that cannot be resumed is first set aside as
    ``.bad`` (never overwritten); one that can is replaced: the player chose a new game."""
    if folder.current.exists():
        try:
            resume(folder)
        except SaveError as e:
            if e.reason not in ("missing", "finished", "folder"):
                folder.set_aside()
    return Autosaver(folder, match, on_error=on_error).attach()


def _saved_names(folder: SaveDir | None) -> tuple[str, int | str] | None | SaveError:
    """The saved game in progress's player names (cut to fit an 80-column line) and seed —
    or, for a daily deal, its day: its seed is shown only once it is over; None when no game
    is in progress, the error when it cannot be read."""
    if folder is None or not folder.has_current():
        return None
    try:
        save = read_save(folder.current)
    except SaveError as e:
        return e
    names = ", ".join(save.names)
    if cell_len(names) > 40:  # fits an 80-column screen; Korean names take two cells each
        names = set_cell_size(names, 39) + "…"
    return names, save.seed if save.daily is None else save.daily


def continue_label(folder: SaveDir | None) -> str | None:
    """What the new-game screen's "Continue" says, or None when no game is in progress."""
    saved = _saved_names(folder)
    if saved is None:
        return None
    if isinstance(saved, SaveError):
        return _("Continue the saved game (it cannot be read)")
    if isinstance(saved[1], str):
        return fmt(_("Continue: {names} · the daily deal of {day}"), names=saved[0],
                   day=saved[1])
    return fmt(_("Continue: {names} · seed {seed}"), names=saved[0], seed=saved[1])


def saved_game_line(folder: SaveDir | None) -> str | None:
    """The saved game in progress in a few words (its players and seed), or None."""
    saved = _saved_names(folder)
    if saved is None:
        return None
    if isinstance(saved, SaveError):
        return _("The saved game cannot be read.")
    if isinstance(saved[1], str):
        return fmt(_("The saved game: {names} · the daily deal of {day}."), names=saved[0],
                   day=saved[1])
    return fmt(_("The saved game: {names} · seed {seed}."), names=saved[0], seed=saved[1])


def resume(folder: SaveDir, deck: str | Path | None = None) -> tuple[Match, Autosaver]:
    """The game in progress, replayed to where it was, with autosave attached again."""
    if not folder.current.exists():
        raise SaveError(fmt(_("{file}: there is no game in progress to resume; start one "
                              "with `dread-draw play`."), file=folder.current), folder.current,
                        "missing")
    save, match, _note = open_save(folder.current, deck)
    if save.finished:  # killed between keeping a finished game and removing current.json
        kept = folder.finished()
        if not kept or not _same_game(read_save_or_none(kept[-1]), save):
            folder.archive(save)
        else:
            folder.current.unlink(missing_ok=True)
        raise SaveError(fmt(_("{file}: that game is already over; see it with `dread-draw "
                              "replay --last`, or start a new one."), file=folder.current),
                        folder.current, "finished")
    saver = Autosaver(folder, match, started=save.started)
    match.hooks.append(saver)
    return match, saver


def read_save_or_none(path: Path) -> Save | None:
    try:
        return read_save(path)
    except SaveError:
        return None


def _same_game(a: Save | None, b: Save) -> bool:
    return a is not None and (a.seed, a.choices, a.deck_hash) == (b.seed, b.choices, b.deck_hash)


# ------------------------------------------------------------------------------ stats

# A daily deal's result (`coach.daily.daily_record`): won, lost, or won with hints or
# take-backs. Kept here, with the games whose results it reads.
WON, LOST, ASSISTED = "won", "lost", "assisted"


def daily_result(won: bool, assisted: bool) -> str:
    """A finished daily deal's result: a win with hints or take-backs is ASSISTED."""
    if not won:
        return LOST
    return ASSISTED if assisted else WON


@dataclass
class Stats:
    """Games played and won, per human player's name and per CPU level, from kept games;
    per player, the games in which they asked for hints or took a choice back; and the
    daily deals' results, (day, WON/LOST/ASSISTED) in the order they were played."""

    games: int = 0
    players: dict[str, list[int]] = field(default_factory=dict)  # name -> [played, won]
    cpus: dict[str, list[int]] = field(default_factory=dict)  # level -> [played, won]
    coached: dict[str, list[int]] = field(default_factory=dict)  # name -> [hints, take-backs]
    daily: list[tuple[str, str]] = field(default_factory=list)  # (day, `daily_result`)
    problems: list[str] = field(default_factory=list)  # kept files that could not be read
    # Is a game labelled a daily deal that day's deal (`coach.daily.is_days_deal`)? None:
    # every label is taken as it is.
    is_daily: Callable[[str, int, list[SeatSpec]], bool] | None = None
    refused: int = 0  # games labelled a daily deal that were not the day's deal

    def add(self, save: Save) -> None:
        self.games += 1
        hinted = {h.seat for h in save.hints}
        took_back = {t.seat for t in save.takebacks}
        for seat, s in enumerate(save.seats):
            table = self.players if s.is_human else self.cpus
            row = table.setdefault(s.name if s.is_human else s.kind, [0, 0])
            row[0] += 1
            row[1] += seat == save.winner
            if s.is_human:
                marks = self.coached.setdefault(s.name, [0, 0])
                marks[0] += seat in hinted
                marks[1] += seat in took_back
        people = [seat for seat, s in enumerate(save.seats) if s.is_human]
        if save.daily is not None and len(people) == 1:  # the daily deal is one person's
            if self.is_daily is not None and not self.is_daily(save.daily, save.seed,
                                                               save.seats):
                self.refused += 1
                return
            helped = people[0] in hinted or people[0] in took_back
            self.daily.append((save.daily, daily_result(save.winner == people[0], helped)))


def stats(folder: SaveDir, is_daily: Callable[[str, int, list[SeatSpec]], bool] | None = None
          ) -> Stats:
    result = Stats(is_daily=is_daily)
    for path in folder.finished():
        try:
            save = read_save(path)
        except SaveError as e:
            result.problems.append(str(e))
            continue
        if save.finished and 0 <= save.winner < len(save.seats):
            result.add(save)
    return result


# ------------------------------------------------------------------ the commands' bodies

def choose_replay(folder: SaveDir, file: Path | None, last: bool) -> Path:
    """The file `dread-draw replay` opens: FILE, or the last finished game with --last."""
    if file is not None and last:
        raise DreadDrawError(_("Give either a FILE or --last, not both."))
    if file is None:
        return folder.last()
    return file


def open_replay(path: Path, deck: Path | None) -> tuple[Save, Match, str]:
    """A finished game, replayed: a game in progress is refused (a replay shows every card)."""
    save, match, note = open_save(path, deck)
    if not save.finished:
        raise SaveError(fmt(_("{file}: this game is still in progress; resume it with "
                              "dread-draw play --resume. A replay shows every hidden card, so "
                              "only finished games can be replayed."), file=path),
                        path, "in-progress")
    return save, match, note


def save_note(match: Match | None, saver: Autosaver | None) -> str | None:
    """Where the game in progress stands with its save, in words (None: no game is in
    progress). When autosave is failing (a full disk, a read-only folder) it says so and
    where the last good save of this game is, if there is one."""
    if match is None or match.over:
        return None
    if saver is None:
        return _("This game is not being saved: when you quit, it is lost.")
    command = resume_command(saver.folder)
    if saver.error is None:
        return fmt(_("The game is saved in {folder}: Continue on the new-game screen, or "
                     "`{command}`, brings it back where it is."),
                   folder=str(saver.folder.current), command=command)
    last = read_save_or_none(saver.folder.current)
    same = last is not None and (last.seed, last.seats) == (match.seed, match.seats) and (
        last.choices == match.choices[:len(last.choices)])
    if last is None or not same:
        return fmt(_("Saving this game is failing: {error} Nothing of this game is saved: "
                     "when you quit, it is lost."), error=str(saver.error))
    behind = len(match.choices) - len(last.choices)
    return fmt(ngettext(
        "Saving this game is failing: {error} The game is NOT saved past round {round}: "
        "the last good save, {file}, is {n} move behind the table; `{command}` continues "
        "from there.",
        "Saving this game is failing: {error} The game is NOT saved past round {round}: "
        "the last good save, {file}, is {n} moves behind the table; `{command}` continues "
        "from there.", behind),
        error=str(saver.error), round=last.rounds, file=str(last.path), n=behind,
        command=command)


def resume_command(folder: SaveDir) -> str:
    """The command that continues the game saved in `folder`: with `--save-dir` when it is
    not the usual folder (a game played with --save-dir DIR is not found without it)."""
    if folder.root == default_root():
        return "dread-draw play --resume"
    return f"dread-draw play --resume --save-dir {shlex.quote(str(folder.root))}"
