"""The rules core stays pure: no imports of the screen, the CPU, the CLI or the driver."""

from __future__ import annotations

import ast
from pathlib import Path

import dread_draw

RULES = Path(dread_draw.__file__).parent / "rules"
FORBIDDEN = ("dread_draw.tui", "dread_draw.ai", "dread_draw.cli", "dread_draw.sim",
             "dread_draw.integrations", "textual", "rich", "typer", "time", "os", "io")


def imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_rules_core_imports_nothing_outside_itself():
    files = sorted(RULES.glob("*.py"))
    assert files
    for path in files:
        for name in imports(path):
            assert not any(name == f or name.startswith(f + ".") for f in FORBIDDEN), (
                f"{path.name} imports {name}")


def test_the_rules_core_uses_no_global_random():
    for path in RULES.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id == "random":
                    assert node.attr == "Random", f"{path.name} uses random.{node.attr}"
