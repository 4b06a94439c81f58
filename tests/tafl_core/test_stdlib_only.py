"""tafl_core imports nothing but the standard library and itself (it runs unchanged in Pyodide and
is shipped as a pure-Python wheel), and nothing from the rest of the project."""

import ast
import sys

from .helpers import REPO


def test_engine_imports_only_the_standard_library():
    outside = {}
    for path in sorted((REPO / "tafl_core").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module.split(".")[0]]
            for name in names:
                if name != "__future__" and name not in sys.stdlib_module_names:
                    outside.setdefault(path.name, []).append(name)
    assert outside == {}
