"""Rich and Textual are patched at run time in a few places (issue 45): Korean wrapped by
cells, no line starting at a French no-break space, screenshots drawn by cells
(`dread_draw.base.wide_text`), and Korean syllables whole under overlays
(`dread_draw.tui.widechars`, two private parts of Textual's compositor). Neither project
offers a public way to do these (Textual issue 6357 and Rich issue 2742 are open).

Each patching module declares what it replaces, and what its copy relies on, in `PATCHED`,
with a hash of the source it was written against. Here: every declared part still has that
source in the installed Rich and Textual (a release that changes one fails here, before a
player sees a broken table), and every run-time assignment to a Rich or Textual attribute in
the package is declared (a new patch cannot slip in unguarded). pyproject.toml bounds Textual
to the releases checked; .ci/run installs the newest Rich and Textual apart and runs these
tests and the table's, to say when the bound may be raised.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import inspect
import re
import textwrap
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

from dread_draw.base import wide_text
from dread_draw.tui import tiledraw, widechars

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "dread_draw"
DECLARED = {**wide_text.PATCHED, **widechars.PATCHED, **tiledraw.PATCHED}
WHERE = {**dict.fromkeys(wide_text.PATCHED, "dread_draw/base/wide_text.py"),
         **dict.fromkeys(widechars.PATCHED, "dread_draw/tui/widechars.py"),
         **dict.fromkeys(tiledraw.PATCHED, "dread_draw/tui/tiledraw.py")}


def source_hash(module_name: str, name: str) -> str:
    """A hash of the source of `name` ("Class.method", a function or a module-level name) in
    the installed module: its lines, comments and blank lines left out."""
    source = inspect.getsource(importlib.import_module(module_name))
    node: ast.AST = ast.parse(source)
    for part in name.split("."):
        node = next(
            n for n in ast.iter_child_nodes(node)
            if (isinstance(n, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                and n.name == part)
            or (isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == part
                                                  for t in n.targets)))
    text = textwrap.dedent(ast.get_source_segment(source, node, padded=True) or "")
    lines = [line.rstrip() for line in text.splitlines()
             if line.strip() and not line.strip().startswith("#")]
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("module", "name"), sorted(DECLARED))
def test_each_patched_internal_is_the_source_the_patch_was_written_against(module, name):
    project = module.split(".")[0]
    found = source_hash(module, name)
    assert found == DECLARED[module, name], (
        f"{project} {version(project)} changed {module}.{name}, which "
        f"{WHERE[module, name]} replaces or relies on: compare the new source with the "
        f"patch there, adapt it, then set its hash in PATCHED to {found!r} (and raise the "
        f"bound in pyproject.toml)")


def assigned_attributes(path: Path) -> set[tuple[str, str]]:
    """(module, "Name.attr") for each assignment in `path` to an attribute of something
    imported from Rich or Textual (``Compositor.x = …``, ``_wrap.re_word = …``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported: dict[str, tuple[str, str | None]] = {}  # local name -> (module, name in it)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in (
                "rich", "textual"):
            for alias in node.names:
                imported[alias.asname or alias.name] = (node.module or "", alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in ("rich", "textual"):
                    imported[alias.asname or alias.name.split(".")[0]] = (alias.name, None)
    found = set()
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else [])
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                    and target.value.id in imported:
                module, name = imported[target.value.id]
                if name is None or inspect.ismodule(getattr(importlib.import_module(module),
                                                            name, None)):
                    found.add((f"{module}.{name}" if name else module, target.attr))
                else:
                    found.add((module, f"{name}.{target.attr}"))
    return found


def test_every_run_time_patch_of_rich_or_textual_is_declared():
    patches = {p: path for path in PACKAGE.rglob("*.py") for p in assigned_attributes(path)}
    assert set(patches) <= set(DECLARED), {
        p: str(path.relative_to(ROOT)) for p, path in patches.items() if p not in DECLARED}
    assert len(patches) == 5  # issue 45's five: a new one is declared, or replaced by public API


def test_textual_is_bounded_at_the_newest_release_checked():
    """A Textual release can change the internals above: pip installs no Textual newer than
    the releases these tests were run on (the CI leg with the newest says when to raise it)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    textual = next(r for r in project["project"]["dependencies"] if r.startswith("textual"))
    bound = re.search(r"<=\s*([\d.]+)", textual)
    assert bound, f"no upper bound (<=) on Textual in pyproject.toml: {textual}"
    assert release(version("textual")) <= release(bound.group(1))  # the one checked here


def release(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:3])
