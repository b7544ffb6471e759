"""Print pip constraints pinning every dependency of pyproject.toml to its floor (``>=X`` →
``==X``): `.ci/run` installs them to prove the floors are true."""

import tomllib
from pathlib import Path

project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
for requirement in project["project"]["dependencies"]:
    name, floor, rest = requirement.partition(">=")
    if not floor:
        raise SystemExit(f"pyproject.toml: {requirement!r} has no floor (>=)")
    print(f"{name.strip()}=={rest.split(',')[0].strip()}")
