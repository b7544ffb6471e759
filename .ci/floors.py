"""Print pip constraints pinning every dependency of pyproject.toml to its floor (``>=X`` →
``==X``): `.ci/run` installs them to prove the floors are true. Extras named as arguments
(``python .ci/floors.py rl``) are pinned too."""

import sys
import tomllib
from pathlib import Path

project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
extras = project["project"]["optional-dependencies"]
requirements = project["project"]["dependencies"] + [r for x in sys.argv[1:] for r in extras[x]]
for requirement in requirements:
    name, floor, rest = requirement.partition(">=")
    if not floor:
        raise SystemExit(f"pyproject.toml: {requirement!r} has no floor (>=)")
    print(f"{name.strip()}=={rest.split(',')[0].strip()}")
