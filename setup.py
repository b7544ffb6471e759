"""Everything about the package is in pyproject.toml, except the optional compiled core:
`DREAD_DRAW_COMPILE=1 pip install .` compiles the rules core (`dread_draw/rules/`) and the
CPU's judgement (`ai/policy.py`, `ai/value.py`) with mypyc into C extension modules, which
Python imports instead of the same modules' source (the source stays installed beside them;
the pure-Python core is what a plain `pip install .` gets). Same games bit for bit
(tests/test_compiled_core.py), about 1.8 times as fast (benchmarks/bench_engine.py). Needs a C
compiler and Python's headers (Debian: gcc, python3-dev); mypy is added to the build's
requirements then (_build/backend.py).
"""

import os
from pathlib import Path

from setuptools import setup

# The compiled modules: the whole rules core, which imports only the standard library and
# itself, and is checked with `mypy --strict` (docs/ARCHITECTURE.md, "A compiled core") —
# but for two modules kept pure: later.py, whose generator changes its own class (a compiled
# class cannot), and errors.py, whose exceptions other layers subclass and whose class-level
# defaults (`template`) a compiled exception would not give its instances.
# Beside it, the CPU's judgement that every rollout of the `hard` search asks at each of its
# decisions (ai/policy.py, ai/value.py: a `hard` decision in about 0.85x the time of the
# rules alone compiled, 0.6x the pure one's; benchmarks/bench_hard.py).
PURE = {"later.py", "errors.py"}
COMPILED = [*sorted(str(p) for p in Path("dread_draw/rules").glob("*.py") if p.name not in PURE),
            "dread_draw/ai/policy.py", "dread_draw/ai/value.py"]

if (os.environ.get("DREAD_DRAW_COMPILE", "") not in ("", "0")
        and not os.environ.get("DREAD_DRAW_REQUIRES")):  # (the backend finding requirements)
    from mypyc.build import mypycify

    # A module compiled by an earlier build and pure since would still be packed from the
    # build folder, and shadow its source: every build compiles afresh.
    for stale in Path("build").glob("lib.*/dread_draw/**/*.so"):
        stale.unlink()
    # group_name: the shared runtime module is named for the package, not a hash
    setup(ext_modules=mypycify(COMPILED, opt_level="3", group_name="dread_draw_core"))
else:
    setup()
