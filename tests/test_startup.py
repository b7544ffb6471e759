"""A command loads only what it uses (issue 41): the network's cryptography and key exchange
only for `host` and `join`, Textual only for the table — so that `--version` and the quick
commands start at once. Each command runs in a fresh interpreter, which then lists the
modules it loaded."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

NOT_FOR_THESE = ("textual", "cryptography", "spake2", "websockets")

LOADED = """
import json, sys
sys.argv = ["dread-draw", *json.loads(sys.argv[1])]
from dread_draw.cli import main
try:
    main()
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)))
"""


def loaded(*args: str) -> set[str]:
    """The modules `dread-draw ARGS` loaded (its output is the last line)."""
    done = subprocess.run([sys.executable, "-c", LOADED, json.dumps(args)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


@pytest.mark.parametrize("args", [
    ("--version",),
    ("cards",),
    ("rules",),
    ("simulate", "--games", "3", "--players", "3"),
], ids=lambda args: args[0])
def test_the_quick_commands_load_no_table_and_no_network(args):
    modules = loaded(*args)
    heavy = sorted(m for m in modules if m.split(".")[0] in NOT_FOR_THESE)
    assert not heavy, f"dread-draw {' '.join(args)} loaded {heavy}"
    if args == ("--version",):  # nothing but the version: not even the rules core
        assert not any(m.startswith("dread_draw.rules") for m in modules)


TABLE_LOADS = """
import json, sys
import dread_draw.cli, dread_draw.commands.play, dread_draw.tui.app
print(json.dumps(sorted(sys.modules)))
"""
# what the table's first frame has no use for: the network's, the help's Markdown (with its
# parser and code highlighter), the ratings' model (loaded when a finished game is rated)
NOT_FOR_THE_TABLE = ("cryptography", "spake2", "websockets", "dread_draw.net", "rich.markdown",
                     "markdown_it", "pygments", "openskill")


def test_the_table_starts_without_the_network_the_help_text_or_the_ratings():
    """`dread-draw play` loads what its first frame draws (issue 41: the table's first frame
    under half a second): the command line, the game, Textual and the table."""
    done = subprocess.run([sys.executable, "-c", TABLE_LOADS], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    modules = set(json.loads(done.stdout.splitlines()[-1]))
    assert "dread_draw.tui.screens.table" in modules  # (it did load the table)
    heavy = sorted(m for m in modules if m.startswith(NOT_FOR_THE_TABLE))
    assert not heavy, f"the table loaded {heavy}"


def test_no_collection_before_the_tables_first_frame_and_the_collector_back_after(
        monkeypatch, tmp_path):
    """The garbage collector waits while the table starts (base.loading) and runs again
    a moment after its first frame is painted — or once it stopped before, on an error."""
    import asyncio
    import gc

    from dread_draw.base.errors import DreadDrawError
    from dread_draw.commands.play import FrontEnd
    from dread_draw.play.sim import HUMAN, Match, SeatSpec
    from dread_draw.tui import app as tui_app

    def fails(app, **_run):
        assert not gc.isenabled()  # held off while the table starts
        raise DreadDrawError("the terminal went away")

    monkeypatch.setattr(tui_app, "run_table", fails)
    front = FrontEnd(None, False, False)
    with pytest.raises(DreadDrawError):
        front.open(saves=None)
    assert gc.isenabled()

    painted = []

    def runs(app, **_run):
        assert not gc.isenabled()

        async def first_frame():
            async with app.run_test(size=(100, 30)) as pilot:
                for _wait in range(1000):  # the first frame, then the app's timer
                    if gc.isenabled():
                        break
                    await pilot.pause(0.01)
                painted.append(gc.isenabled())

        asyncio.run(first_frame())

    monkeypatch.setattr(tui_app, "run_table", runs)
    monkeypatch.setattr(tui_app, "RELEASE_AFTER", 0.05)  # (the app's timer, sooner)
    from dread_draw.deck.cards import load_deck
    match = Match(load_deck(None), [SeatSpec("Ana", HUMAN), SeatSpec("Zora", "random")], 1)
    FrontEnd(None, False, False, table={"cpu_delay": 0}).open(match, saves=None)
    assert painted == [True] and gc.isenabled()


def test_loading_blocks_nest_and_leave_a_collector_turned_off_elsewhere_off():
    import gc

    from dread_draw.base.loading import loading

    with loading():
        assert not gc.isenabled()
        with loading():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with loading():
            pass
        assert not gc.isenabled()  # someone's own choice stays
    finally:
        gc.enable()
