"""The contracts between layers, checked over the import graph (docs/DESIGN.md principle 16):

- the rules core (`dread_draw.rules`) imports only the standard library and itself, and no
  clock, file or global random;
- no import cycle anywhere in `dread_draw` (imports inside functions count too; imports for
  type checking only do not, as they never run);
- persistence (`dread_draw.store.saves`) imports no screen and no command;
- Textual is imported only under `dread_draw.tui`;
- the words (`dread_draw.words.narrate`) import no front end: any table, console or browser may
  use them;
- network play (`dread_draw.net`) and the web front end (`dread_draw.web.serve`) import no table at
  load time (`net.console` opens the table for `--table` only inside the function that does it);
- nothing outside the rules core compares a strength with the card to beat (R4.3 is asked of
  `dread_draw.rules.public`).
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import dread_draw

ROOT = Path(dread_draw.__file__).parent
PACKAGE = "dread_draw"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _runtime_nodes(tree: ast.AST):
    """Every node, except what sits under `if TYPE_CHECKING:` (annotations only)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                stack.extend(child.orelse)
                continue
            stack.append(child)


def imports(name: str) -> set[str]:
    """The modules `name` imports when it runs (to the deepest module that exists)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                up = parts[:len(parts) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in MODULES else base)
    return found


GRAPH = {name: imports(name) for name in MODULES}


def ours(name: str) -> bool:
    return name == PACKAGE or name.startswith(PACKAGE + ".")


def under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def test_the_graph_sees_every_module_and_its_imports():
    assert "dread_draw.rules.game" in GRAPH and "dread_draw.tui.screens" in GRAPH
    assert "dread_draw.rules.view" in GRAPH["dread_draw.rules.game"]
    assert "textual.app" in GRAPH["dread_draw.tui.app"]


def test_the_rules_core_imports_only_the_standard_library_and_itself():
    for name, found in GRAPH.items():
        if not under(name, "dread_draw.rules"):
            continue
        for imported in found:
            top = imported.partition(".")[0]
            if ours(imported):
                assert under(imported, "dread_draw.rules"), f"{name} imports {imported}"
            else:
                assert top in sys.stdlib_module_names, f"{name} imports {imported}"
                assert top not in ("time", "os", "io", "pathlib", "socket", "subprocess"), (
                    f"{name} imports {imported}: the core has no clock and no I/O")


def test_the_rules_core_uses_no_global_random():
    for name, path in MODULES.items():
        if not under(name, "dread_draw.rules"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id == "random":
                    assert node.attr == "Random", f"{name} uses random.{node.attr}"


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_there_is_no_import_cycle_in_dread_draw():
    assert cycles(GRAPH) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_persistence_imports_no_screen_and_no_command():
    for imported in GRAPH["dread_draw.store.saves"]:
        assert not under(imported, "dread_draw.tui"), f"saves imports {imported}"
        assert imported not in ("dread_draw.commands.simulate", "dread_draw.cli"), (
            f"saves imports {imported}")
        assert not under(imported, "textual")


def test_textual_is_imported_only_by_the_table():
    for name, found in GRAPH.items():
        if under(name, "dread_draw.tui"):
            continue
        for imported in found:
            assert not under(imported, "textual"), f"{name} imports {imported}"


def test_the_words_import_no_front_end():
    for imported in GRAPH["dread_draw.words.narrate"]:
        assert not under(imported, "dread_draw.tui"), f"narrate imports {imported}"
        assert not under(imported, "dread_draw.net"), f"narrate imports {imported}"
        assert imported != "dread_draw.web.serve" and not under(imported, "textual"), (
            f"narrate imports {imported}")


def load_time_imports(name: str) -> set[str]:
    """The modules `name` imports at its top level (not inside a function)."""
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return found


def test_network_play_and_the_web_front_end_load_no_table():
    guarded = [n for n in MODULES if under(n, "dread_draw.net")] + [
        "dread_draw.web.serve", "dread_draw.lines.console"]
    assert "dread_draw.lines.console" in guarded and "dread_draw.net.host" in guarded
    for name in guarded:
        for imported in load_time_imports(name):
            assert not under(imported, "dread_draw.tui"), f"{name} imports {imported}"
            assert not under(imported, "textual"), f"{name} imports {imported}"
        for imported in GRAPH[name]:
            assert not under(imported, "textual"), f"{name} imports {imported}"


def test_the_load_time_guard_sees_a_table_import():
    assert "dread_draw.tui.remote.RemoteApp" in load_time_imports("dread_draw.tui.remote") or (
        any(under(i, "dread_draw.tui") for i in load_time_imports("dread_draw.tui.remote")))


ORDERING = (ast.Gt, ast.GtE, ast.Lt, ast.LtE)
BAR = re.compile(r"\bbar\b|to_beat|\bbeat\b")
STRENGTH_OR_BAR = re.compile(r"strength|\bbar\b|to_beat|\bbeat\b")


def bar_comparisons(source: str) -> list[str]:
    """Ordering comparisons (<, <=, >, >=) of a strength with a bar (the card to beat): one
    side names a strength or a bar, another a bar; literals and len(...) do not count."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare) or not any(isinstance(o, ORDERING)
                                                         for o in node.ops):
            continue
        sides = [ast.unparse(s) for s in (node.left, *node.comparators)
                 if not isinstance(s, ast.Constant)
                 and not (isinstance(s, ast.UnaryOp) and isinstance(s.operand, ast.Constant))
                 and not (isinstance(s, ast.Call) and ast.unparse(s.func) == "len")]
        if len(sides) >= 2 and any(STRENGTH_OR_BAR.search(s) for s in sides) and any(
                BAR.search(s) for s in sides):
            found.append(ast.unparse(node))
    return found


def test_R4_3_only_the_rules_core_compares_a_strength_with_the_card_to_beat():
    """Whether a card beats the card to beat is the core's (`rules.public.beats`): the odds
    line, the CPUs, the coach and the table ask it, so a change to R4.3 is one edit."""
    for name, path in MODULES.items():
        if not under(name, "dread_draw.rules"):
            found = bar_comparisons(path.read_text(encoding="utf-8"))
            assert not found, f"{name} compares a strength with a bar itself: {found}"


def test_the_bar_comparison_finder_finds_one():
    assert bar_comparisons("good = deck.strength[top] > card_to_beat(state, nxt)") != []
    assert bar_comparisons("ok = [c for c in cards if s[c] <= bar]") != []
    assert bar_comparisons("if bar < 0 or n >= len(table): pass") == []


def test_no_class_of_network_play_is_over_400_lines():
    """Issue 39: the host was one class of 663 lines and 36 methods doing four jobs; each
    job is now a class of its own (net/admission.py, lobby.py, seats.py, kept.py,
    connection.py beside host.py), and none grows past 400 lines."""
    sizes = {}
    for name, path in MODULES.items():
        if under(name, "dread_draw.net"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef):
                    sizes[f"{name}.{node.name}"] = node.end_lineno - node.lineno + 1
    assert "dread_draw.net.host.Host" in sizes
    assert {k: v for k, v in sizes.items() if v > 400} == {}
