"""The package's build backend: setuptools', plus mypy as a build requirement when (and only
when) the compiled core is asked for (`DREAD_DRAW_COMPILE=1 pip install .`; setup.py and
docs/ARCHITECTURE.md, "A compiled core"). A plain `pip install .` builds the pure-Python
package exactly as setuptools alone would: no compiler, no mypy.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (every hook not redefined below)

# The mypy release the compiled core is built and tested with (its mypyc compiles it).
MYPYC = "mypy>=2.4.1,<3"


def compiling() -> bool:
    """Is the compiled core asked for? (DREAD_DRAW_COMPILE set to anything but "" or "0".)"""
    return os.environ.get("DREAD_DRAW_COMPILE", "") not in ("", "0")


def _requires(hook: Any, config_settings: dict[str, Any] | None) -> list[str]:
    """setuptools' requirements (it runs setup.py to find them: told by DREAD_DRAW_REQUIRES
    not to compile yet, mypy not being installed before they are), plus mypy if compiling."""
    os.environ["DREAD_DRAW_REQUIRES"] = "1"
    try:
        found: list[str] = hook(config_settings)
    finally:
        del os.environ["DREAD_DRAW_REQUIRES"]
    return [*found, MYPYC] if compiling() else found


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _requires(_setuptools.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _requires(_setuptools.get_requires_for_build_editable, config_settings)
