"""The contracts between layers, checked over the import graph (docs/DESIGN.md principles 16
and 19; docs/ARCHITECTURE.md "Where things live"):

- the package's top holds only `cli.py`, `__main__.py` and `__init__.py`: every other module
  lives in a layer folder;
- the layers, bottom up (`LAYERS`): each module imports only its own layer and those below
  it; the front ends (`tui`, `lines`, `web`) are one layer and import none of each other;
  so nothing below the front ends imports `tui` (nor Textual: only `tui` does);
- only `commands/` picks a front end: no module outside it (and outside the front end's
  own folder) imports `tui`, `lines` or `web`;
- the rules core (`dread_draw.rules`) imports only the standard library and itself, and no
  clock, file or global random;
- no import cycle anywhere in `dread_draw` (imports inside functions count too; imports for
  type checking only do not, as they never run);
- `dread-draw play --plain`, the screen reader's mode, runs without loading Textual (nor
  Rich's Markdown and tables);
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


# The layers, bottom up: each imports only its own and those below it. One tuple is one layer
# (the front ends, side by side, import none of each other). The package root (its
# `__version__`) is below them all.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("rules",),  # the pure core, with R11's event privacy (rules/privacy.py)
    ("ai",),  # the CPU levels
    ("i18n",),  # the languages
    ("base",),  # leaves: errors, atomic files, the process pool, symbols, safe text
    ("deck",),  # the deck loader, its translations, the emblems
    ("words",),  # events and questions in words, the rules text, the odds
    ("play",),  # the one driver (Match), the arena, balance
    ("store",),  # saves, stats, the remembered setup
    ("coach",),  # hints, reviews, take-backs, the tutorial, the daily deal
    ("table",),  # the table session: model, conductor, moments (no Textual)
    ("net",),  # host, client, protocol, sealing, a seat's match
    ("tui", "lines", "web"),  # the front ends: Textual; plain lines and the console; web
    ("integrations",),  # OpenSpiel
    ("commands",),  # one body per command: the only place that picks a front end
    ("cli",),  # the thin command line
    ("__main__",),  # `python -m dread_draw`
)
FRONT_ENDS = LAYERS[-5]
TOP = {"cli", "__main__"}  # with __init__: the only modules at the package's top


def folder(name: str) -> str:
    """The layer folder of module `name` ("" for the package root)."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else ""


RANK = {f: i for i, layer in enumerate(LAYERS) for f in layer}


def layer_findings(graph: dict[str, set[str]]) -> list[str]:
    """Every import that breaks the layers: a module importing a higher layer, or a front end
    importing another front end, or a front end picked outside `commands/`."""
    found = []
    for name, imported in sorted(graph.items()):
        mine = folder(name)
        for other in sorted(imported):
            if not ours(other) or not folder(other):
                continue  # (the package root: its version)
            theirs = folder(other)
            if mine not in RANK or theirs not in RANK:
                found.append(f"{name} imports {other}: a module outside the layer folders")
            elif RANK[theirs] > RANK[mine]:
                found.append(f"{name} ({mine}) imports {other}, a higher layer ({theirs})")
            elif RANK[theirs] == RANK[mine] and theirs != mine:
                found.append(f"{name} imports {other}: front ends do not import each other")
            elif theirs in FRONT_ENDS and mine not in ("commands", theirs):
                found.append(f"{name} picks a front end ({other}): only commands/ does")
    return found


def test_the_graph_sees_every_module_and_its_imports():
    assert "dread_draw.rules.game" in GRAPH and "dread_draw.tui.screens" in GRAPH
    assert "dread_draw.rules.view" in GRAPH["dread_draw.rules.game"]
    assert "textual.app" in GRAPH["dread_draw.tui.app"]


def test_the_top_of_the_package_holds_only_the_command_line():
    top = {p.stem for p in ROOT.glob("*.py")}
    assert top == TOP | {"__init__"}, sorted(top - TOP - {"__init__"})
    folders = {p.name for p in ROOT.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(RANK) - TOP, folders ^ (set(RANK) - TOP)


def test_each_layer_imports_only_its_own_and_lower_layers():
    """0 findings: no module below the front ends imports `tui` (or any front end), the front
    ends import none of each other, and only `commands/` picks one."""
    found = layer_findings(GRAPH)
    assert found == [], "\n".join(found)


def test_the_layer_check_finds_what_breaks_the_layers():
    graph = {"dread_draw.table.model": {"dread_draw.tui.turn", "dread_draw.rules.game"},
             "dread_draw.lines.console": {"dread_draw.tui.remote"},
             "dread_draw.commands.play": {"dread_draw.tui.app", "dread_draw.lines.plain"},
             "dread_draw.cli": {"dread_draw.web.serve", "dread_draw.commands.serve"},
             "dread_draw.net.remote": {"dread_draw.table.seam"},
             "dread_draw.rules.game": {"dread_draw"}}
    assert layer_findings(graph) == [
        "dread_draw.cli picks a front end (dread_draw.web.serve): only commands/ does",
        "dread_draw.lines.console imports dread_draw.tui.remote: front ends do not import "
        "each other",
        "dread_draw.table.model (table) imports dread_draw.tui.turn, a higher layer (tui)"]


PLAIN_LOADS = """
import io, sys
sys.argv = ["dread-draw", "play", "--plain", "--players", "2", "--save-dir", sys.argv[1]]
sys.stdin = io.StringIO("q\\ny\\n")
from dread_draw.cli import main
try:
    main()
except SystemExit as e:
    assert not e.code, e.code
heavy = ("textual", "rich.markdown", "rich.table", "rich.syntax", "pygments")
print("LOADED", sorted(m for m in sys.modules if m.startswith(heavy)))
"""


def test_play_plain_runs_without_loading_textual(tmp_path):
    """The screen reader's mode loads no Textual (its import was 2-3 times plain lines' own),
    nor Rich's Markdown or tables: a game started and quit in a fresh interpreter."""
    import os
    import subprocess

    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "cfg"), "LANGUAGE": "en",
           "PYTHONPATH": str(ROOT.parent)}
    got = subprocess.run([sys.executable, "-c", PLAIN_LOADS, str(tmp_path / "saves")],
                         capture_output=True, text=True, env=env, timeout=120)
    assert got.returncode == 0, got.stderr
    assert "Your answer (1" in got.stdout  # it did play
    assert got.stdout.splitlines()[-1] == "LOADED []"


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


def test_textual_is_imported_only_by_the_table():
    for name, found in GRAPH.items():
        if under(name, "dread_draw.tui"):
            continue
        for imported in found:
            assert not under(imported, "textual"), f"{name} imports {imported}"


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
