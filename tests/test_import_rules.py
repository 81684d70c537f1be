"""The import rules the tree is built on, read from the source (every import, at any level).

- the command line never imports the window: only the launcher knows both;
- no cycles: a module never needs, even through others, one that needs it; the
  imports under ``if TYPE_CHECKING`` count too (a cycle there is the same knot,
  only hidden from the interpreter);
- imports point down: ui and cli use the core (never the store: they read orders
  through the core's order book, the seam a second backend plugs into), the core
  uses store, gateway and sandbox, and those use only the domain and support;
- the core and the floors never import Qt;
- the window's first frame is built from light modules: the order book, the
  payment client and the rest wait for ui/window_builder.py.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
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


def imported(path: Path, *, for_types: bool = False) -> Iterator[str]:
    """What ``path`` imports when it runs: every import statement outside ``if TYPE_CHECKING``
    (a ``from package import name`` counts as the submodule when ``name`` is one); with
    ``for_types``, the imports under ``if TYPE_CHECKING`` as well."""

    def visit(node: ast.AST) -> Iterator[str]:
        if isinstance(node, ast.If) and _is_type_checking(node) and not for_types:
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


def graph(*, for_types: bool = False) -> dict[str, set[str]]:
    return {
        name: {target for target in imported(path, for_types=for_types)
               if target in MODULES and target != name}
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


def cycles_in(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every knot of modules that need each other (the strongly connected components)."""
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
    return cycles


def test_no_module_is_in_an_import_cycle() -> None:
    assert cycles_in(graph()) == []


def test_no_module_is_in_an_import_cycle_even_for_its_types() -> None:
    """A type named for the checker only is still a dependency: the modules that name
    each other's classes cannot be read, changed or tested one without the other."""
    assert cycles_in(graph(for_types=True)) == []


#: Who may import whom: each layer of app/paydesk/ and the layers it may use.
#: ``paydesk`` itself is the version. Imports point down: the front ends use the
#: core, the core uses the floors, the floors use the domain and support only.
FLOORS = {"domain", "support"}
MAY_USE = {
    "domain": {"domain"},
    "support": {"support", "paydesk"},
    "store": {"store"} | FLOORS,
    "gateway": {"gateway", "paydesk"} | FLOORS,
    "sandbox": {"sandbox", "paydesk"} | FLOORS,
    "core": {"core", "store", "gateway", "sandbox", "paydesk"} | FLOORS,
    # The command line, as the window, reads and changes orders through the core only
    # (the order book's read side, the desk), never the store itself: a second backend
    # plugs in under the core, at one seam, and every front end reads it the same way.
    "cli": {"cli", "core", "gateway", "sandbox", "paydesk"} | FLOORS,
    # The window reads and changes orders through the core only (its order book,
    # its problems' codes), never the store or the payment client themselves.
    "ui": {"ui", "core", "paydesk"} | FLOORS,
}
#: The layers that run without Qt: everything below the window (paydesk/ui/). The command
#: line and the tests use them alone; what a command asks of Qt, the launcher hands over
#: (paydesk/cli/qt_side.py).
QT_FREE = ("domain", "support", "store", "gateway", "sandbox", "core", "cli")


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in MAY_USE else parts[0]


def test_imports_point_down() -> None:
    offending = {
        name: sorted(target for target in targets if layer(target) not in MAY_USE[layer(name)])
        for name, targets in graph().items()
        if layer(name) in MAY_USE
    }
    assert {name: found for name, found in offending.items() if found} == {}


def test_every_module_has_a_layer() -> None:
    loose = [name for name in MODULES
             if layer(name) not in MAY_USE and name not in ("paydesk", "paydesk.launch",
                                                             "paydesk.__main__")]
    assert loose == []


def test_nothing_below_the_window_imports_qt() -> None:
    offending = {
        name: sorted(target for target in imported(path) if target.split(".")[0] == "PySide6")
        for name, path in MODULES.items()
        if name.removeprefix("paydesk.").startswith(QT_FREE)
    }
    assert {name: found for name, found in offending.items() if found} == {}


def test_only_the_entry_points_import_the_launcher() -> None:
    users = sorted(name for name, targets in graph().items() if "paydesk.launch" in targets)
    assert users == ["paydesk.__main__"]


#: The shared order book's modules that load the database driver: a till without a
#: shared book, and one only checking an address, never load it.
DRIVER_USERS = ("paydesk.store.shared.book", "paydesk.store.shared.faults",
                "paydesk.store.shared.schema")


def test_only_the_shared_books_connection_imports_the_database_driver() -> None:
    users = sorted(name for name, path in MODULES.items()
                   if any(target.split(".")[0] == "psycopg" for target in imported(path)))
    assert users == sorted(DRIVER_USERS)
    light = ("paydesk.store.shared", "paydesk.store.shared.address",
             "paydesk.store.shared.errors", "paydesk.store.shared.order_rows")
    reached = {name for name in light for target in graph()[name] if target in DRIVER_USERS}
    assert reached == set()


#: What the window's first frame is built from: the launcher (the real start), the
#: composition root, the window's first frame and the application around it.
FIRST_FRAME = ("paydesk.launch", "paydesk.core.runtime", "paydesk.ui.main_window",
               "paydesk.ui.app")
#: What those modules must not load, at any depth: the order book (sqlite3), the
#: payment client (requests), the shared book's driver, the keychain, the demo's
#: sandbox, and the rest of the window. Each comes with the part that needs it.
NOT_ON_THE_FIRST_FRAME = ("paydesk.store", "sqlite3", "paydesk.gateway", "requests", "psycopg",
                          "keyring", "paydesk.sandbox", "paydesk.ui.window_builder")
FIRST_FRAME_PROBE = """
import json, sys
for name in sys.argv[1:]:
    __import__(name)
print(json.dumps(sorted(sys.modules)))
"""


def test_the_first_frames_modules_load_no_heavy_part() -> None:
    """By structure: the modules import what they use at their top, and none of it is heavy.

    A fresh interpreter, as at a start; no timing, so it holds on any machine.
    """
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(PACKAGE.parent)}
    done = subprocess.run([sys.executable, "-c", FIRST_FRAME_PROBE, *FIRST_FRAME], env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert set(FIRST_FRAME) <= set(loaded)  # the probe sees what was imported
    heavy = sorted(part for part in NOT_ON_THE_FIRST_FRAME
                   if any(name == part or name.startswith(f"{part}.") for name in loaded))
    assert heavy == []


def _private(name: str) -> bool:
    """``_name``: private. Not ``__name__`` (Python's), nor ``_name_``: the names an enum's
    ``_missing_`` sets on the pseudo-member it makes (the enum module's own protocol)."""
    return name.startswith("_") and not (name.endswith("_") and len(name) > 2)


def _own(owner: ast.expr) -> bool:
    return isinstance(owner, ast.Name) and owner.id in ("self", "cls")


def private_writes(path: Path) -> Iterator[str]:
    """Where ``path`` sets another object's private attribute: ``x._name = ...`` (or
    ``+=``, ``del``, ``setattr(x, "_name", ...)``) with ``x`` not ``self`` or ``cls``."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store | ast.Del)
                and _private(node.attr) and not _own(node.value)):
            yield f"{node.lineno}: {ast.unparse(node)}"
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("setattr", "delattr") and len(node.args) >= 2
              and isinstance(name := node.args[1], ast.Constant)
              and isinstance(name.value, str) and _private(name.value)
              and not _own(node.args[0])):
            yield f"{node.lineno}: {node.func.id}({ast.unparse(node.args[0])}, {name.value!r})"


def test_no_module_sets_anothers_private_attributes() -> None:
    """A part's private attributes are its own: whoever builds or wires it goes through
    what it offers (its constructor, a public attribute, a method), never around it."""
    offending = {name: found for name, path in MODULES.items()
                 if (found := sorted(set(private_writes(path))))}
    assert offending == {}


def test_the_rules_see_what_they_are_about(tmp_path: Path) -> None:
    """The two readers above find what they look for, and only that (the tree passing
    them says nothing if they find nothing anywhere)."""
    source = tmp_path / "sample.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from paydesk.ui.main_window import MainWindow\n"
        "import paydesk.domain.money\n"
        "def build(window, counter):\n"
        "    window._counter = counter\n"
        "    window.watch = counter\n"
        "    self._mine = 1\n"
        "    setattr(window, '_orders_panel', None)\n"
        "    member._name_ = 'UNKNOWN'\n",
        encoding="utf-8")
    assert sorted(imported(source)) == ["paydesk.domain.money", "typing"]
    assert "paydesk.ui.main_window" in set(imported(source, for_types=True))
    assert list(private_writes(source)) == [
        "6: window._counter", "9: setattr(window, '_orders_panel')"]
    assert cycles_in({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]


#: The core's modules that every subsystem uses, left loose beside its packages.
CORE_LOOSE = {"runtime", "events", "problems", "demo", "served_loop"}


def test_the_core_is_grouped_by_subsystem() -> None:
    """The folders tell the architecture: each of the core's subsystems is a package whose
    docstring says what it owns and who may call it, and only the modules every subsystem
    uses stay loose in ``core/``."""
    core = PACKAGE / "core"
    loose = {path.stem for path in core.glob("*.py")} - {"__init__"}
    assert loose == CORE_LOOSE
    packages = sorted(path.parent for path in core.glob("*/__init__.py"))
    assert len(packages) >= 8
    for package in packages:
        doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8")))
        assert doc and len(doc.split()) >= 30, package.name
        assert any(word in doc for word in ("Used by", "Called by", "Read by", "Started by",
                                            "call it")), package.name
