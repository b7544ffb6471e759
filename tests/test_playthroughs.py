"""Golden playthroughs (docs/DESIGN.md principle 9): whole seeded games whose event logs are checked
in under tests/data/playthroughs/. Any change of behaviour — a rule, the standard deck, a CPU
seat, the log format — changes a log and fails here. When the change is meant, regenerate
with `DREAD_DRAW_REGOLD=1 pytest tests/test_playthroughs.py` and read the diff of the .jsonl
files before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dread_draw.cli import app

DATA = Path(__file__).parent / "data"
GOLDEN = DATA / "playthroughs"

# (file, deck (None: the standard deck), players, agent, seed)
CASES = [
    ("plain-2p-random-7.jsonl", DATA / "plain.toml", 2, "random", 7),
    ("standard-3p-easy-3.jsonl", None, 3, "easy", 3),
    ("standard-4p-normal-7.jsonl", None, 4, "normal", 7),
]


@pytest.mark.parametrize("name, deck, players, agent, seed", CASES, ids=[c[0] for c in CASES])
def test_a_seeded_game_plays_out_exactly_as_recorded(tmp_path, name, deck, players, agent,
                                                     seed):
    log = tmp_path / name
    args = ["simulate", "--players", str(players), "--games", "1", "--seed", str(seed),
            "--agent", agent, "--log", str(log)] + (["--deck", str(deck)] if deck else [])
    result = CliRunner().invoke(app, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    played = log.read_text(encoding="utf-8").splitlines()
    golden = GOLDEN / name
    if os.environ.get("DREAD_DRAW_REGOLD"):
        golden.write_text("\n".join(played) + "\n", encoding="utf-8")
    recorded = golden.read_text(encoding="utf-8").splitlines()
    for i, (now, then) in enumerate(zip(played, recorded, strict=False)):
        assert now == then, f"{name}, event {i + 1} differs:\n  now:  {now}\n  then: {then}"
    assert len(played) == len(recorded), f"{name}: {len(played)} events, {len(recorded)} recorded"
