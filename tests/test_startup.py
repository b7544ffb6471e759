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
