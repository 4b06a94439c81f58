"""The import graph of ``tafl_core`` and ``build_tools``: no cycles, no private names read across
modules.

Every module is parsed with ``ast``; every ``import`` and ``from ... import`` counts, whether at
module level or inside a function (an import moved into a function hides a cycle from Python's
import machinery, not from a reader). An edge goes to the module that is imported: for
``from pkg import name`` to ``pkg.name`` when that is a module of the project, else to ``pkg``.
A package's ``__init__`` importing its own submodules is the ordinary package pattern and not an
edge back from the submodule, so the edge to a parent package is not added implicitly.

A private name (one leading underscore, not a dunder) belongs to the module that defines it:
``from m import _name`` and ``m._name``, where ``m`` is bound to a project module by an import,
are reads from outside.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tafl_core", "build_tools")


def module_files() -> dict[str, Path]:
    """Dotted module name -> file, for every ``.py`` under the two packages."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = module_files()


def is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def absolute(module: str, node: ast.ImportFrom) -> str:
    """The absolute name ``from <node.module>`` stands for, inside ``module``."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package(module):
        base = base[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(module: str) -> list[tuple[ast.stmt, str, str | None, str | None]]:
    """Every import in ``module`` as (node, imported module, name taken from it or None, the local
    name it is bound to or None), for imports of project modules only."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES:
                    local = alias.asname or (alias.name if "." not in alias.name else None)
                    found.append((node, alias.name, None, local))
        elif isinstance(node, ast.ImportFrom):
            source = absolute(module, node)
            if source not in MODULES:
                continue
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                if sub in MODULES:
                    found.append((node, sub, None, alias.asname or alias.name))
                else:
                    found.append((node, source, alias.name, None))
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports (module level and inside functions)."""
    return {m: {target for _, target, _, _ in imports_of(m) if target != m} for m in MODULES}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm), each
    sorted; a cycle in the import graph lies within one of them."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_reads(module: str) -> list[str]:
    """Where ``module`` reads a private name of another project module, as ``line: text``."""
    found = []
    bound: dict[str, str] = {}       # local name -> project module it is bound to
    for node, target, name, local in imports_of(module):
        if name is not None and is_private(name) and target != module:
            found.append(f"{node.lineno}: from {target} import {name}")
        if local is not None:
            bound[local] = target
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and is_private(node.attr)):
            continue
        chain = []
        value = node.value
        while isinstance(value, ast.Attribute):
            chain.append(value.attr)
            value = value.value
        if isinstance(value, ast.Name) and value.id in bound:
            owner = ".".join([bound[value.id], *reversed(chain)])
            if owner != module:
                found.append(f"{node.lineno}: {owner}.{node.attr}")
    return found


# --- the checker itself, on small made-up graphs ------------------------------------------------

def test_a_cycle_through_three_modules_is_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_a_chain_without_a_back_edge_has_no_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_imports_inside_functions_are_edges():
    """``tafl_core.bridge`` imports the search only inside methods (Pyodide loads it lazily): the
    edge must still be there."""
    assert "tafl_core.search" in import_graph()["tafl_core.bridge"]


def test_relative_imports_resolve_to_modules_of_the_package():
    graph = import_graph()
    assert "tafl_core.limits" in graph["tafl_core.position"]      # from . import limits
    assert "tafl_core.errors" in graph["tafl_core.squares"]      # from .errors import ...


# --- the project ---------------------------------------------------------------------------------

def test_the_packages_have_modules():
    assert "tafl_core.game" in MODULES and "build_tools.pages" in MODULES


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle(package):
    graph = {m: {t for t in targets if t.split(".")[0] == package}
             for m, targets in import_graph().items() if m.split(".")[0] == package}
    assert cycles(graph) == []


def test_no_import_cycle_across_the_packages():
    assert cycles(import_graph()) == []


def with_enclosing_packages(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """``graph`` with the edges Python adds when it runs: importing ``p.q.m`` first runs the
    ``__init__`` of ``p`` and ``p.q``, so an importer gets an edge to each package enclosing
    what it imports (each one that is a node of ``graph``), except the packages it lies in
    itself (those are already being imported when it runs: the ordinary package pattern)."""
    out = {}
    for m, targets in graph.items():
        enclosing = {".".join(t.split(".")[:i]) for t in targets for i in range(1, t.count(".") + 1)}
        out[m] = targets | {p for p in enclosing if p in graph and p != m and not m.startswith(p + ".")}
    return out


def test_an_import_into_a_package_whose_init_imports_back_is_a_cycle():
    """``a`` imports ``p.core``; ``p``'s ``__init__`` imports ``a``: a loop once the package's
    ``__init__`` is counted; ``p.core`` importing its own package is none."""
    graph = {"a": {"p.core"}, "p": {"a", "p.core"}, "p.core": {"p"}}
    assert cycles({m: ts - {"p"} for m, ts in graph.items()}) == []
    assert cycles(with_enclosing_packages({m: ts - {"p"} for m, ts in graph.items()})) == [["a", "p"]]
    assert cycles(with_enclosing_packages({"a": {"p.core"}, "p": {"p.core"}, "p.core": set()})) == []


def test_no_import_cycle_through_a_package_s_init():
    """The glossary read by the validator must not itself import from the validator's package."""
    assert cycles(with_enclosing_packages(import_graph())) == []


def test_no_private_name_is_read_across_modules():
    reads = {m: r for m in MODULES if (r := private_reads(m))}
    assert reads == {}


def test_the_browser_adapter_does_not_depend_on_the_command_line():
    """``tafl_core.bridge`` runs in the browser; the command line's modules are not loaded there."""
    reached, todo = set(), ["tafl_core.bridge"]
    graph = import_graph()
    while todo:
        for target in graph[todo.pop()] - reached:
            reached.add(target)
            todo.append(target)
    assert not {m for m in reached if m.startswith("tafl_core.cli")}


def foreign_private_attributes(source: str) -> list[str]:
    """Reads ``x._name`` in the module ``source`` where ``_name`` is not bound anywhere in it (not
    assigned as an attribute, not a function, class or variable of it): the private member of an
    object whose class lives elsewhere. ``self`` and ``cls`` are no exception: a class that reads
    ``self._name`` which only another module's class sets or defines is a mixin leaning on the
    class it is mixed into."""
    tree = ast.parse(source)
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            bound.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
    return [f"{node.lineno}: {ast.unparse(node)}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and is_private(node.attr) and node.attr not in bound
            and ast.unparse(node) not in STDLIB_UNDERSCORE_API and node.attr not in NAMEDTUPLE_API]


#: Standard-library functions whose documented public name begins with an underscore.
STDLIB_UNDERSCORE_API = {"os._exit", "sys._getframe"}
#: The documented methods and attributes of every named tuple (``collections.namedtuple``,
#: ``typing.NamedTuple``), named with an underscore so as not to clash with field names.
NAMEDTUPLE_API = {"_replace", "_make", "_asdict", "_fields", "_field_defaults"}


def test_a_private_attribute_of_a_foreign_object_is_found():
    assert foreign_private_attributes("def f(game):\n    return game._t.n\n") == ["2: game._t"]


def test_a_mixin_reading_a_member_another_module_sets_is_found():
    source = ("class Checks:\n    def late(self):\n        return self._clock() >= self._deadline\n\n"
              "    def _clock(self):\n        return 0\n")
    assert foreign_private_attributes(source) == ["3: self._deadline"]


def test_a_private_attribute_the_module_sets_itself_is_not_foreign():
    source = "class A:\n    def __init__(self):\n        self._t = 1\n\ndef f(a, b):\n    return a._t == b._t\n"
    assert foreign_private_attributes(source) == []


#: The parts :class:`tafl_core.game.Game` is mixed from, which read one another's members (the
#: tables ``_t``, the move stack, the capture and result steps): the one class over mixins left,
#: and its reads as they are. The test below fails when one goes, so that the list only shrinks.
GAME_PARTS = {
    "tafl_core.bitboards": {"self._fast_moves"},
    "tafl_core.captures": {"self._t"},
    "tafl_core.game": {"self._berserk_codes", "self._captures", "self._decided_after", "self._jumped",
                       "self._turn_result"},
    "tafl_core.movegen": {"self._captures", "self._stack", "self._t"},
    "tafl_core.outcomes": {"self._t"},
}


def test_no_private_attribute_of_another_module_s_objects_is_read():
    reads = {m: {r.split(": ", 1)[1] for r in found} for m, path in MODULES.items()
             if (found := foreign_private_attributes(path.read_text(encoding="utf-8")))}
    assert reads == GAME_PARTS
