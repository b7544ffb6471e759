"""What a hosted game keeps beside its save: the join code and the seat tokens.

The game itself is saved after every decision exactly as `play` saves it
(`store.saves.Autosaver`); beside it, ``network.json`` (mode 0600: the tokens are secrets)
keeps the join code, each person's seat token, whether a CPU plays for them, and which seat
is the host's own — so that a restarted host (`host --resume`) takes the same game back
with the same code and the same seats, and the players' join commands find them again.
The file is removed when the game ends.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dread_draw.base.errors import DreadDrawError
from dread_draw.base.files import atomic_write, read_bounded
from dread_draw.i18n import _, fmt
from dread_draw.net.lobby import CPU, PERSON, Seat
from dread_draw.play.sim import Match
from dread_draw.store.saves import SaveDir

NETWORK_FILE = "network.json"  # beside the save: the join code and the seat tokens
NETWORK_FORMAT = "dread-draw-network"


def keep_network(saves: SaveDir, code: str, seats: list[Seat],
                 news: Callable[[str], None]) -> None:
    """Keep the join code and the seat tokens beside the save (`news`: why they cannot)."""
    data = {"format": NETWORK_FORMAT, "version": 1, "code": code,
            "seats": [{"token": s.token, "stand_in": s.stand_in, "own": s.own} for s in seats]}
    path = saves.root / NETWORK_FILE
    try:
        saves.ensure()
        atomic_write(path, [json.dumps(data)])
        os.chmod(path, 0o600)  # the tokens are secrets
    except (OSError, DreadDrawError) as e:
        news(fmt(_("{file}: the join code and seat tokens cannot be kept ({reason}); if the "
                   "host stops, players rejoin by name."), file=path, reason=e))


def read_network(root: Path) -> dict[str, Any] | None:
    """The kept join code and seat tokens (None if missing or not usable)."""
    path = root / NETWORK_FILE
    try:
        data = json.loads(read_bounded(path, 100_000).decode("utf-8"))
    except (OSError, ValueError):
        return None
    if not (isinstance(data, dict) and data.get("format") == NETWORK_FORMAT
            and isinstance(data.get("code"), str) and isinstance(data.get("seats"), list)
            and all(isinstance(s, dict) for s in data["seats"])):
        return None
    for s in data["seats"]:
        if not isinstance(s.get("token", ""), str) or not isinstance(s.get("stand_in", ""), str):
            return None
    return data


def forget_network(root: Path) -> None:
    try:
        (root / NETWORK_FILE).unlink(missing_ok=True)
    except OSError:
        pass


def kept_seats(match: Match, root: Path) -> tuple[list[Seat], str | None, str]:
    """A resumed match's seats with their kept tokens, its kept join code (None: not kept),
    and a note for the console ("" when there is nothing to say)."""
    kept = read_network(root)
    if kept is not None and len(kept["seats"]) != len(match.seats):
        kept = None  # not this game's
    note = ""
    if kept is None:
        note = _("The join code and the seat tokens of this game were not found beside "
                 "the save, so this is a new join code; players take their seats back by "
                 "joining with the name they played under.")
    seats: list[Seat] = []
    for i, spec in enumerate(match.seats):
        if spec.is_human:
            mine = kept["seats"][i] if kept is not None else {}
            token = mine.get("token", "")
            seats.append(Seat(i, PERSON, spec.name, token=token,
                              stand_in=mine.get("stand_in", ""),
                              own=mine.get("own") is True, joined=bool(token)))
        else:
            seats.append(Seat(i, CPU, spec.name, level=spec.kind))
    return seats, (kept["code"] if kept is not None else None), note
