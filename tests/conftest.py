"""Shared fixtures: a plain deck for rule tests (no abilities) and the standard deck; every
test runs in English, whatever the machine's locale."""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

# Every test, and every app a test starts, keeps its settings and data in a folder of the
# suite's own: a player's remembered choices on this machine (plain mode, a language, saves)
# never change what a test sees, and no test writes into them.
_HOME = Path(tempfile.mkdtemp(prefix="dread-draw-tests-"))
os.environ["XDG_CONFIG_HOME"] = str(_HOME / "config")
os.environ["XDG_DATA_HOME"] = str(_HOME / "data")
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)

from dread_draw import i18n  # noqa: E402  (after the folders above are chosen)
from dread_draw.deck.cards import load_deck  # noqa: E402

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def plain_deck():
    """25 plain cards x 4 copies: strengths 0-12, damage 0-3, no abilities."""
    return load_deck(DATA / "plain.toml")


@pytest.fixture(scope="session")
def standard_deck():
    return load_deck()


@pytest.fixture(scope="session", autouse=True)
def coach_workers_stop():
    """The coach's worker processes (started by a table with a person, or a hint) are
    stopped when the tests end, not left for the interpreter's exit."""
    yield
    from dread_draw.coach.hints import coach_workers

    coach_workers().shutdown()


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Each test starts in English (the suite's expected words are English) and leaves the
    language as it found it; a test may switch it or set its own locale variables."""
    monkeypatch.setenv("LANGUAGE", "en")
    yield
    i18n.set_language("en")


@pytest.fixture
def quick_guards(monkeypatch):
    """The table's waits that keep a double press from answering the next screen (a second
    at a hand-off, 0.6 s at a question for another person) shortened, for tests whose keys
    come one at a time; test_tui_privacy.py plays with the real ones."""

    monkeypatch.setattr("dread_draw.tui.screens.handoff.HANDOFF_WAIT", 0.05)
    monkeypatch.setattr("dread_draw.tui.screens.dialogs.PRESS_GUARD", 0.05)
    monkeypatch.setattr("dread_draw.tui.widgets.prompt.PRESS_GUARD", 0.05)


def pytest_collection_modifyitems(config, items):
    """The long tests (marked slow) first: pytest-xdist hands the first quarter of the tests
    round-robin to its processes, each runs its share in order, so the long ones spread over
    the processes and start at once; one started last made the suite's tail."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # (a stable sort)
