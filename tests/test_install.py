"""Installed like a well-kept tool: where saves and settings live, `--version`, completion,
the licence metadata, and the command reference kept in step with the commands' own help."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import dread_draw
from dread_draw.cli import app
from dread_draw.store.saves import SaveDir, default_root
from dread_draw.store.setup import settings_path

ROOT = Path(__file__).parent.parent
linux_only = pytest.mark.skipif(sys.platform != "linux", reason="the Linux folders (XDG)")


@pytest.fixture
def home(monkeypatch, tmp_path) -> Path:
    """A home of our own with no XDG variables set."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path / "home"


# ------------------------------------------------------------------ save and settings folders
# The same Linux paths as before platformdirs, so the saves a player already has are found.

@linux_only
def test_saves_default_to_local_share_without_xdg_data_home(home):
    assert default_root() == home / ".local" / "share" / "dread-draw"
    assert SaveDir().current == home / ".local" / "share" / "dread-draw" / "current.json"


@linux_only
def test_saves_follow_xdg_data_home(home, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_root() == tmp_path / "data" / "dread-draw"


@linux_only
def test_a_relative_xdg_data_home_is_ignored_as_the_spec_says(home, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")
    assert default_root() == home / ".local" / "share" / "dread-draw"


@linux_only
def test_settings_default_to_dot_config_without_xdg_config_home(home):
    assert settings_path() == home / ".config" / "dread-draw" / "last-setup.json"


@linux_only
def test_settings_follow_xdg_config_home(home, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    assert settings_path() == tmp_path / "cfg" / "dread-draw" / "last-setup.json"


def test_finding_the_folders_creates_nothing(home, tmp_path):
    default_root(), settings_path()
    assert not home.exists()


# ------------------------------------------------------------------ --version and completion

def dread_draw_cmd(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dread_draw", *args], capture_output=True,
                          text=True, timeout=60, env={**os.environ, **(env or {})})


def test_version_on_the_root_command():
    r = CliRunner().invoke(app, ["--version"])
    assert r.exit_code == 0
    assert r.output == f"dread-draw {dread_draw.__version__}\n"


def test_version_says_when_the_compiled_engine_runs(monkeypatch):
    """With the optional compiled core installed (README, "A faster engine") `--version`
    says so, for a bug report; the pure core's line is the version alone (above)."""
    import dread_draw.cli

    monkeypatch.setattr(dread_draw.cli, "compiled_core", lambda: True)
    r = CliRunner().invoke(app, ["--version"])
    assert r.exit_code == 0
    assert r.output == f"dread-draw {dread_draw.__version__} (compiled engine)\n"


@pytest.mark.parametrize("words", [["-V"], ["--lang", "fr", "-V"]])
def test_dash_v_is_short_for_version(words):
    """Issue 45: `-V` exited 2."""
    r = CliRunner().invoke(app, words)
    assert r.exit_code == 0 and r.output == f"dread-draw {dread_draw.__version__}\n"


@pytest.mark.parametrize("words", [[], ["play"], ["deck"], ["deck", "new"], ["serve"]])
def test_dash_h_is_short_for_help_on_every_command(words):
    """Issue 45: `-h` exited 2."""
    short = dread_draw_cmd(*words, "-h")
    assert short.returncode == 0, short.stderr
    assert short.stdout == dread_draw_cmd(*words, "--help").stdout
    assert "Usage: dread-draw" in short.stdout


def test_each_release_has_its_own_version_and_says_what_changed():
    """Issue 45: --version said 0.1.0 at two releases, and both wheels had one name; nothing
    told players what changed. The changelog has a section for this version, and it is part
    of the package's description (what pip and an index show)."""
    from importlib.metadata import metadata

    assert dread_draw.__version__ != "0.1.0"
    changes = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"^## {re.escape(dread_draw.__version__)}\b", changes, re.M)
    described = metadata("dread-draw").get_payload()  # type: ignore[attr-defined]
    assert f"## {dread_draw.__version__}" in described and "# What changed" in described


def test_the_installed_version_is_the_package_version():
    from importlib.metadata import version

    assert version("dread-draw") == dread_draw.__version__


def test_completion_script_is_shown_for_bash():
    """The script `--show-completion` prints in bash. Asked for through the environment
    variable the script itself uses, because `--show-completion` finds the shell from the
    process tree, and a test run started without a shell (a CI runner) has none."""
    r = CliRunner().invoke(app, [], env={"_DREAD_DRAW_COMPLETE": "source_bash"},
                           prog_name="dread-draw")
    assert r.exit_code == 0
    assert "complete -o default -F _dread_draw_completion dread-draw" in r.output


@pytest.mark.parametrize(("words", "expected"), [
    ("dread-draw si", "simulate"),
    ("dread-draw play --sa", "--save-dir"),
    # option values too (issue 30)
    ("dread-draw play --cpu h", "hard"),
    ("dread-draw host --cpu no", "normal"),
    ("dread-draw simulate --agent e", "easy"),
    ("dread-draw play --lang k", "ko"),
    ("dread-draw rules --lang f", "fr"),
    ("dread-draw cards --sort d", "damage"),
    ("dread-draw arena --seats hard,no", "hard,normal"),
])
def test_completion_completes_commands_and_options(words, expected):
    """What bash asks the program when Tab is pressed (the script above makes this call)."""
    r = dread_draw_cmd(env={"_DREAD_DRAW_COMPLETE": "complete_bash", "COMP_WORDS": words,
                            "COMP_CWORD": str(len(words.split()) - 1)})
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == [expected]


# ------------------------------------------------------------------ the command reference

DOCS = Path(__file__).parent.parent / "docs" / "cli.md"
MAKE_DOCS = ["-m", "typer", "--app", "app", "dread_draw.cli", "utils", "docs", "--name",
             "dread-draw", "--title", "dread-draw: the command reference"]


def test_docs_cli_md_is_the_commands_own_help(tmp_path):
    made = tmp_path / "cli.md"
    r = subprocess.run([sys.executable, *MAKE_DOCS, "--output", str(made)], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert made.read_text(encoding="utf-8") == DOCS.read_text(encoding="utf-8"), (
        "docs/cli.md is out of step with the commands' help; rewrite it with "
        f"`python {shlex.join(MAKE_DOCS)} --output docs/cli.md`")


# ------------------------------------------------------------------ install hints (issue 30)

@pytest.mark.parametrize(("prefix", "installer", "source", "editable", "receipt", "expected"), [
    ("/home/ana/.local/share/pipx/venvs/dread-draw", "pip", "/home/ana/src/dread-draw", False,
     False, "pipx inject dread-draw textual-serve==1.1.3 'aiohttp>=3.9'"),
    ("/home/ana/.local/pipx/venvs/dread-draw", "pip", None, False, False,
     "pipx inject dread-draw textual-serve==1.1.3 'aiohttp>=3.9'"),
    ("/home/ana/.local/share/uv/tools/dread-draw", "uv", "/home/ana/src/dread-draw", False,
     True, "uv tool install --force '/home/ana/src/dread-draw[web]'"),
    # UV_TOOL_DIR=/opt/games (issue 45: the hint said pip, which a uv tool does not have)
    ("/opt/games/dread-draw", "uv", "/home/ana/src/dread draw", False, True,
     "uv tool install --force '/home/ana/src/dread draw[web]'"),
    ("/home/ana/game/.venv", "pip", "/home/ana/src/dread draw", False, False,
     "/home/ana/game/.venv/bin/python -m pip install '/home/ana/src/dread draw[web]'"),
    ("/home/ana/game/.venv", "pip", "/home/ana/src/dread-draw", True, False,
     "/home/ana/game/.venv/bin/python -m pip install -e '/home/ana/src/dread-draw[web]'"),
    ("/home/ana/game/.venv", "uv", None, False, False,
     "/home/ana/game/.venv/bin/python -m pip install '.[web]'"),
])
def test_the_web_extra_hint_fits_how_it_was_installed(prefix, installer, source, editable,
                                                      receipt, expected):
    """pipx: inject the published packages, pinned as the extra pins them (issue 45: the
    hint bypassed textual-serve==1.1.3); uv tool: reinstall with the extra; pip: this
    environment's pip, from the folder it came from. Never `dread-draw[web]` from the index:
    the name is not published there, and anyone could register it."""
    from dread_draw.base.install import Installed, web_extra_command

    where = Installed(prefix, installer, source, editable, f"{prefix}/bin/python", receipt)
    command = web_extra_command(where)
    assert command == expected
    assert "'dread-draw[web]'" not in command and " dread-draw[web]" not in command


@pytest.mark.parametrize(("mark", "tool"), [("uv-receipt.toml", "uv"),
                                            ("pipx_metadata.json", "pipx")])
def test_a_uv_or_pipx_tool_anywhere_is_told_by_its_own_file(tmp_path, monkeypatch, mark, tool):
    """A uv tool environment under a custom UV_TOOL_DIR (or pipx's under PIPX_HOME) may have
    neither "uv" nor "pipx" in its path; the file each writes in it tells it apart from a pip
    environment (issue 45: the hint said pip, which a uv tool does not have)."""
    from dread_draw.base import install

    (tmp_path / mark).write_text("{}\n")
    monkeypatch.setattr(install.sys, "prefix", str(tmp_path))
    assert install.installed().tool == tool


def test_the_hint_names_exactly_the_web_extra_of_pyproject():
    import tomllib

    from dread_draw.base.install import WEB_PACKAGES

    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    assert tuple(project["project"]["optional-dependencies"]["web"]) == WEB_PACKAGES


# ------------------------------------------------------------------ quick start and CI (issue 30)


def quick_start() -> list[str]:
    """The README's quick start: its shell commands, in order."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", section, re.S)


def test_the_quick_start_is_two_commands_that_work_beside_an_externally_managed_python():
    """Debian's and Ubuntu's system Python refuses `pip install .` (PEP 668); the quick start
    installs into a virtual environment of its own, or with pipx."""
    install, test = quick_start()
    for command in (install, test):
        assert "\n" not in command
        for step in command.split("&&"):
            words = step.split()
            if "pip" in words or (words and words[0].endswith("pip") and "install" in words):
                assert words[0].startswith((".venv/", "pipx")), step  # never the system's pip
    assert install.startswith(("python3 -m venv ", "pipx "))


def test_ci_runs_the_quick_start_as_written():
    """`.ci/run` runs both README commands (the first with --version for the table, which
    needs a terminal), so a quick start that stops working fails CI."""
    install, test = quick_start()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test in ci
    assert install.replace(".venv/bin/dread-draw", ".venv/bin/dread-draw --version") in ci


def test_ci_installs_every_floor_exactly_and_plays_through_the_table():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    r = subprocess.run([sys.executable, str(ROOT / ".ci" / "floors.py")], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    pins = r.stdout.split()
    assert len(pins) == len(project["project"]["dependencies"])
    assert "textual==5.0.0" in pins  # the table works from Textual 5.0.0 on (issue 30)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "--constraint" in ci and "whole_game_through_the_keys" in ci


def test_every_benchmark_runs_briefly_in_ci():
    """Issue 41: a benchmark that no longer runs fails CI instead of rotting — each has its
    brief run in .ci/benchmarks.py, which .ci/run runs."""
    import importlib.util

    if not (ROOT / "benchmarks").is_dir():
        pytest.skip("the benchmarks are not in this package")
    spec = importlib.util.spec_from_file_location("ci_benchmarks", ROOT / ".ci" / "benchmarks.py")
    assert spec is not None and spec.loader is not None
    ci = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ci)
    assert set(ci.BRIEF) == {p.name for p in (ROOT / "benchmarks").glob("*.py")}
    assert ".venv/bin/python .ci/benchmarks.py" in (ROOT / ".ci" / "run").read_text()


def test_the_test_command_installs_every_extra_so_no_test_is_skipped_for_want_of_one():
    """The suite tests the OpenSpiel game and the learning environments (`openspiel`, `rl`)
    and the served table (`web`, through `test`): the README's test command, which CI runs
    as written, installs every extra pyproject.toml declares (issue 47)."""
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]
    _, test = quick_start()
    named = set(re.search(r"'\.\[([a-z,]+)\]'", test).group(1).split(","))
    through = {x for name in named for req in extras[name]
               for x in re.findall(r"^dread-draw\[([a-z,]+)\]", req)}
    assert named | through == set(extras)


def test_ci_proves_the_floors_of_the_rl_extra_with_its_environments_tests():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    r = subprocess.run([sys.executable, str(ROOT / ".ci" / "floors.py"), "rl"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    pins = r.stdout.split()
    rl = project["project"]["optional-dependencies"]["rl"]
    assert len(pins) == len(project["project"]["dependencies"]) + len(rl)
    assert {p.split("==")[0] for p in pins[-len(rl):]} == {"numpy", "gymnasium", "pettingzoo"}
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".ci/floors.py rl" in ci and "--constraint \"$floors/constraints.txt\" '.[rl]'" in ci
    assert "-q tests/test_rl_envs.py" in ci
