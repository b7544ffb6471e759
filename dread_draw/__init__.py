"""Dread Draw: the press-your-luck fortune-telling card game, at your terminal."""

# The release: raised for each one (CHANGELOG.md says what changed, for players).
__version__ = "0.4.0"


def compiled_core() -> bool:
    """Does the optional compiled core run (`DREAD_DRAW_COMPILE=1 pip install .`: setup.py), or
    the pure-Python one? The same games either way; the compiled one plays them faster.
    Python imports a compiled module where it lies beside its source, so this looks for the
    file, without importing the rules (`dread-draw --version` stays quick;
    tests/test_compiled_core.py checks that it names the core that runs)."""
    import os
    from importlib.machinery import EXTENSION_SUFFIXES

    rules = os.path.join(os.path.dirname(__file__), "rules")
    return any(os.path.exists(os.path.join(rules, "game" + s)) for s in EXTENSION_SUFFIXES)
