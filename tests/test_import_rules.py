"""The import rules the tree is built on, read from the source (every import, at any level).

- the command line never imports the window: only the launcher knows both;
- no cycles: a module never needs, even through others, one that needs it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import paydesk

PACKAGE = Path(paydesk.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported(path: Path) -> Iterator[str]:
    """What ``path`` imports when it runs: every import statement outside ``if TYPE_CHECKING``
    (a ``from package import name`` counts as the submodule when ``name`` is one)."""

    def visit(node: ast.AST) -> Iterator[str]:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                yield from visit(child)
            return
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                yield submodule if submodule in MODULES else node.module
        for child in ast.iter_child_nodes(node):
            yield from visit(child)

    yield from visit(ast.parse(path.read_text(encoding="utf-8")))


def graph() -> dict[str, set[str]]:
    return {
        name: {target for target in imported(path) if target in MODULES and target != name}
        for name, path in MODULES.items()
    }


def test_the_command_line_never_imports_the_window() -> None:
    offending = {
        name: sorted(target for target in imported(path)
                     if target == "paydesk.ui" or target.startswith("paydesk.ui."))
        for name, path in MODULES.items()
        if name.startswith("paydesk.cli.") or name == "paydesk.cli"
    }
    assert {name: found for name, found in offending.items() if found} == {}


def test_no_module_is_in_an_import_cycle() -> None:
    edges = graph()
    cycles: list[list[str]] = []
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []

    def strongly_connect(node: str) -> None:  # Tarjan's algorithm
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(edges[node]):
            if target not in index:
                strongly_connect(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            strongly_connect(node)
    assert cycles == []
