"""The compiled rules core (the optional build, `DREAD_DRAW_COMPILE=1 pip install .`: setup.py)
plays the very games of the pure-Python core, bit for bit: same seed, same choices, same
events, same winner — with every CPU kind, and with every seat's view of every position
alike (R11), travelling to a network seat and back unchanged — so a player never meets a
different game for having installed the faster one.

Run where the compiled core is installed (`.ci/run` builds it into a venv of its own and runs
this file there); the pure core is then this checkout's source, in a process of its own.
Where the pure core is the one installed, there is nothing to compare: skipped.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Plays the games and prints what a player could notice of them, as JSON: which core ran,
# every game's event log (JSON Lines, the choices in its `game_end`), and a digest of every
# seat's view and the public view at every decision of a few games.
PLAY = r"""
import dataclasses, hashlib, json, random
from importlib.machinery import EXTENSION_SUFFIXES
import dread_draw.rules.game
from dread_draw import compiled_core
from dread_draw.ai import AGENTS
from dread_draw.deck.cards import load_deck
from dread_draw.net.protocol import dumps, view_from_json, view_to_json
from dread_draw.play.sim import play_one
from dread_draw.rules import Game

def shown(value):  # a view as text: a step (in `frames`, `resume`) by its name, not address
    if callable(value):
        return value.__qualname__
    if dataclasses.is_dataclass(value):  # a Pick: its candidates function by name too
        value = [getattr(value, f.name) for f in dataclasses.fields(value)]
    if isinstance(value, (tuple, list)):
        return "(" + ",".join(map(shown, value)) + ")"
    if hasattr(value, "items"):
        return repr(sorted(value.items()))
    return repr(value)


deck = load_deck(None)
options = {"hard": {"samples": 4}}  # a fixed schedule: no clock in the search
logs = []
for players in (2, 3, 4, 5):
    tables = [[kind] * players for kind in AGENTS]
    tables.append([list(AGENTS)[(s + players) % len(AGENTS)] for s in range(players)])
    for t, kinds in enumerate(tables):
        r = play_one(deck, kinds, 41 + players, t, log=True, agent_options=options)
        logs.append(r.log)
views = hashlib.sha256()
for seed in range(6):
    g = Game(deck, 2 + seed % 4, seed)
    rng = random.Random(seed)
    while not g.over:
        for seat in range(g.n):
            view = g.view(seat)
            views.update(shown(view).encode())
            # as a network seat receives it: the same view back (its steps by name)
            assert view_from_json(json.loads(dumps(view_to_json(view))), deck) == view
        views.update(shown(g.public_view()).encode())
        if g.decisions % 7 == 3:  # a copy plays on as the game does (the CPU's search)
            twin = g.copy()
            twin.choose(g.pending.options[0])
            views.update(shown(twin.view(twin.pending.seat if twin.pending else 0)).encode())
        g.choose(rng.choice(g.pending.options))
    views.update(json.dumps(g.events).encode())
runs = dread_draw.rules.game.__file__.endswith(tuple(EXTENSION_SUFFIXES))  # compiled?
print(json.dumps({"compiled": compiled_core(), "runs compiled": runs, "logs": logs,
                  "views": views.hexdigest()}))
"""


def play(pure: bool) -> dict[str, object]:
    """PLAY in a process of its own: with the installed package, or this checkout's source
    first on the path (the pure core: a checkout holds no compiled module)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if pure:
        env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-c", PLAY], env=env, cwd=ROOT / "tests",
                          capture_output=True, text=True, timeout=600, check=True)
    out: dict[str, object] = json.loads(done.stdout)
    return out


def test_the_compiled_core_plays_the_very_games_of_the_pure_one() -> None:
    from dread_draw import compiled_core

    if not compiled_core():
        pytest.skip("the compiled core is not installed here (DREAD_DRAW_COMPILE=1 pip "
                    "install .)")
    fast = play(pure=False)
    slow = play(pure=True)
    # each core says which it is, as `dread-draw --version` may (without importing the rules)
    assert fast["compiled"] is fast["runs compiled"] is True
    assert slow["compiled"] is slow["runs compiled"] is False
    assert len(fast["logs"]) == len(slow["logs"]) == 4 * 5  # type: ignore[arg-type]
    for quick, plain in zip(fast["logs"], slow["logs"], strict=True):  # type: ignore[call-overload]
        assert quick == plain  # every event, its fields and order, and the choices made
    assert fast["views"] == slow["views"]
