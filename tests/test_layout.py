"""The shape of the package: short functions (or documented long ones), and imports that run one
way. Files have no length cap: a file holds one idea however long it must be (split where the
concept splits, never to meet a line count).

A module keeps its private names (one leading underscore) to itself: no other module imports
them or reads them through the module (``masks._VALUE``), beyond the short named allow-list below;
a private *module* (``from . import _fast``) is fine, its own names are plain. And imports make no
circle: none inside a game package, none in the package as a whole beyond the named imports of
``ALLOWED_CIRCLE_EDGES`` (each with its reason). Every import counts: at the top, under
``TYPE_CHECKING`` or inside a function.

The house reads top-down: widgets and replay -> present -> table, lab and analysis -> bots ->
games -> core, cards and i18n. A module may import its own layer and the layers below it, never
one above; the deliberate exceptions are ``GameState.picture`` in core and
``Table._repr_html_``, which import the presenters lazily so a state or a table can draw itself
in a notebook (the engines and the table never need it otherwise), and
``Counterexample.widget()`` and ``.replay()`` in the lab open its position in a widget or a
replay.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "cardwidgets"
MAX_FUNCTION_LINES = 60

# The layer of each top-level part of the package, lowest first: DESIGN.md's one order
# (widgets, lessons, replay -> present -> table, lab, analysis, bots -> games -> core, cards,
# i18n), with the bots below the table, the lab and the analysis, which play with them.
LAYERS = {
    "i18n": 0,
    "po": 0,  # the PO file reader under the catalog
    "extras": 0,
    "cards": 1,
    "core": 1,
    "codes": 1,
    "scene": 1,
    "scene_faces": 1,
    "scene_html": 1,
    "games": 2,
    "bots": 3,
    "ismcts": 3,  # the old name of bots.ismcts
    "table": 4,  # a game's flow (line, seats, replies, pauses): under every front end
    "lab": 4,
    "rl": 4,  # the learning environments: beside the lab, above bots and games
    "analysis": 4,  # the value of each move and puzzles: beside the lab, above bots
    "present": 5,  # the scene of a moment (presenters): above the table, below the widgets
    "widgets": 6,
    "replay": 6,  # kernel-free replays: beside the widgets (the widget output embeds one)
    "lessons": 6,  # lesson files (and, later, their pages): beside the widgets and replays
    "demo": 6,
    "export": 7,
    "cli": 8,
    "__init__": 8,
    "__main__": 8,
}
# The deliberate upward calls, each lazy and made only in a notebook: a state and a table draw
# themselves (GameState.picture, Table._repr_html_) and a lab counterexample opens its position
# in a widget or a replay.
ALLOWED_UPWARD = {("core", "present"), ("table", "present"), ("lab", "widgets"), ("lab", "replay")}
SOURCES = sorted(PACKAGE.rglob("*.py"))


def _part(module: str) -> str:
    first = module.split(".")[0]
    is_module = (PACKAGE / f"{first}.py").exists() or (PACKAGE / first).is_dir()
    return first if is_module else "__init__"  # a name the package itself exports


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" and len(parts) > 1 else parts)


def _imports(path: Path) -> set[str]:
    """The cardwidgets modules a file imports, anywhere in it (lazy imports count too)."""
    found: set[str] = set()
    package = (
        _module_name(path).rpartition(".")[0] if path.name != "__init__.py" else _module_name(path)
    )
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: max(0, len(package.split(".")) - node.level + 1)]
                module = ".".join([*base, node.module] if node.module else base)
                names = [f"cardwidgets.{module}"]
            else:
                names = [node.module or ""]
            if names[0] == "cardwidgets":
                names = [f"cardwidgets.{alias.name}" for alias in node.names]
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names = [node.args[0].value]  # importlib.import_module("cardwidgets.widgets")
        else:
            continue
        found.update(n[len("cardwidgets.") :] for n in names if n.startswith("cardwidgets."))
    return found


def _upward(here: str, imports: set[str]) -> list[str]:
    level = LAYERS[_part(here)]
    return sorted(
        name
        for name in imports
        if LAYERS.get(_part(name), 99) > level and (_part(here), name) not in ALLOWED_UPWARD
    )


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_run_down_the_layers(path: Path) -> None:
    here = _module_name(path)
    upward = _upward(here, _imports(path))
    assert not upward, f"{here} (layer {LAYERS[_part(here)]}) imports a higher layer: {upward}"


def test_the_layer_check_sees_a_wrong_import() -> None:
    # The check must be able to fail: a game that imports a widget or the lab is caught, and
    # the one allowed lazy import of core is not.
    assert _upward("games.tablic.state", {"widgets.base", "core", "lab"}) == ["lab", "widgets.base"]
    assert _upward("bots.player", {"games.tablic", "lab.verbs"}) == ["lab.verbs"]
    assert _upward("core", {"present"}) == []
    assert _upward("table", {"present", "bots", "widgets"}) == ["widgets"]
    assert _upward("present", {"table", "widgets.base"}) == ["widgets.base"]
    assert "present" in _imports(PACKAGE / "core.py")
    assert "widgets" in _imports(PACKAGE / "lab" / "claims.py")  # through importlib


def _body_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring does not count
    return 0 if not body else (node.end_lineno or node.lineno) - body[0].lineno + 1


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_functions_are_short(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    long = [
        f"{node.name} ({_body_lines(node)} lines, line {node.lineno})"
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and _body_lines(node) > MAX_FUNCTION_LINES
    ]
    assert not long, f"{path.name}: {long}"


# -- Rooms: private names stay in their module, and imports make no circle ----------------------

ALLOWED_PRIVATE: dict[str, dict[str, str]] = {}
"""importer -> private names it may take from another module -> why (none today)."""

LAZY_UP = "a lazy call up the layers, made only in a notebook (see ALLOWED_UPWARD)"
LIMITS = "reads the lab's limits from the package, where a notebook (or a test) may change them"
TYPE_ONLY = "a type-only import (under TYPE_CHECKING)"
ALLOWED_CIRCLE_EDGES: dict[tuple[str, str], str] = {
    ("cardwidgets.core", "cardwidgets.present"): f"GameState.picture: {LAZY_UP}",
    ("cardwidgets.lab.run", "cardwidgets.lab"): LIMITS,
    ("cardwidgets.lab.verbs", "cardwidgets.lab"): LIMITS,
    ("cardwidgets.lab.errors", "cardwidgets.lab.claims"): TYPE_ONLY,
    ("cardwidgets.lab.errors", "cardwidgets.lab.play"): TYPE_ONLY,
    ("cardwidgets.lab.errors", "cardwidgets.lab.results"): TYPE_ONLY,
    ("cardwidgets.lab.display", "cardwidgets.lab.stats"): TYPE_ONLY,
    ("cardwidgets.scene", "cardwidgets.scene_html"): "Scene's HTML, imported in the method that "
    "draws it: the HTML module is built on the scene",
}
"""(importer, imported) -> why: the imports that close a circle and are left out of the
package-wide check."""

GAME_PACKAGES = sorted(
    p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists()
)


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _package_modules(root: Path) -> dict[str, Path]:
    """Every module of the package at ``root`` by dotted name (a package by its own name)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _source(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The module a ``from ... import`` reads, a relative one resolved against ``module``."""
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    base = parts[: len(parts) - node.level + (path.name == "__init__.py")]
    return ".".join([*base, *([node.module] if node.module else [])])


def _dotted(node: ast.expr) -> str:
    """``a.b.c`` for a chain of names and attributes, else ''."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and (owner := _dotted(node.value)):
        return f"{owner}.{node.attr}"
    return ""


def _reads(module: str, path: Path, modules: dict[str, Path]) -> Iterator[tuple[str, str]]:
    """(module, name) for everything ``module`` imports: a whole module as (module, ''), a name
    as (its module, name), and each ``alias._name`` read through an imported module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, ""
                bound = alias.asname or alias.name.split(".")[0]
                aliases[bound] = alias.name if alias.asname else bound
        elif isinstance(node, ast.ImportFrom):
            source = _source(module, path, node)
            for alias in node.names:
                if f"{source}.{alias.name}" in modules:  # a submodule by name
                    aliases[alias.asname or alias.name] = f"{source}.{alias.name}"
                    yield f"{source}.{alias.name}", ""
                else:
                    yield source, alias.name
        elif isinstance(node, ast.Call) and _dotted(node.func).endswith("import_module"):
            if node.args and isinstance(node.args[0], ast.Constant):
                yield str(node.args[0].value), ""  # importlib.import_module("cardwidgets.x")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr):
            head, _, rest = _dotted(node.value).partition(".")
            if head in aliases:
                yield ".".join(filter(None, (aliases[head], rest))), node.attr


@functools.cache
def _scan(root: Path) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """The package's import graph (module -> the package's modules it imports) and the private
    names each module takes from another (importer -> {"name from module"})."""
    modules = _package_modules(root)
    graph: dict[str, set[str]] = {}
    private: dict[str, set[str]] = {}
    for module, path in modules.items():
        reads = [(m, n) for m, n in _reads(module, path, modules) if m in modules and m != module]
        graph[module] = {m for m, _ in reads}
        private[module] = {f"{n} from {m}" for m, n in reads if _is_private(n)}
    return graph, private


def _private_imports(root: Path, allowed: dict[str, dict[str, str]]) -> list[str]:
    """Each private name one module of the package at ``root`` takes from another, unless allowed."""
    _, private = _scan(root)
    return sorted(
        f"{module}: {taken}"
        for module, names in private.items()
        for taken in names
        if taken.split(" from ")[0] not in allowed.get(module, {})
    )


def _reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    found: set[str] = set()
    todo = [start]
    while todo:
        for module in graph.get(todo.pop(), set()) - found:
            found.add(module)
            todo.append(module)
    return found


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: each set of modules that import one another in a ring.

    >>> _circles({"a": {"b"}, "b": {"a", "c"}, "c": set(), "d": {"d"}})
    [['a', 'b'], ['d']]
    """
    reach = {module: _reachable(graph, module) for module in graph}
    circles: list[list[str]] = []
    for module in sorted(graph):
        if module in reach[module] and not any(module in c for c in circles):
            circles.append(sorted(m for m in reach[module] if module in reach[m]))
    return circles


def _circles_in(root: Path, inside: str, allowed: dict[tuple[str, str], str]) -> list[list[str]]:
    """The import circles among the modules named ``inside`` or below it, ``allowed`` imports
    left out."""
    graph, _ = _scan(root)
    within = {m for m in graph if m == inside or m.startswith(f"{inside}.")}
    return _circles({m: {t for t in graph[m] & within if (m, t) not in allowed} for m in within})


def _room(module: str) -> str:
    """The game package a module is in, or "the rest"."""
    parts = module.split(".")
    return parts[2] if parts[1:2] == ["games"] and len(parts) > 2 else "the rest"


@pytest.mark.parametrize("room", [*GAME_PACKAGES, "the rest"])
def test_no_private_name_is_imported_across_modules(room: str) -> None:
    taken = _private_imports(PACKAGE, ALLOWED_PRIVATE)
    found = [line for line in taken if _room(line.split(":")[0]) == room]
    assert not found, f"{len(found)} private names taken from another module:\n" + "\n".join(found)


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_no_import_circle_inside_a_game_package(game: str) -> None:
    circles = _circles_in(PACKAGE, f"cardwidgets.games.{game}", {})
    assert not circles, f"import circles in games/{game}: {circles}"


def test_no_import_circle_in_the_package_beyond_the_named_ones() -> None:
    circles = _circles_in(PACKAGE, "cardwidgets", ALLOWED_CIRCLE_EDGES)
    # A circle inside one game package is the test above's to report.
    across = [c for c in circles if len({".".join(m.split(".")[:3]) for m in c}) > 1]
    assert not across, f"import circles: {across}"


def test_the_allowed_exceptions_are_still_needed() -> None:
    # A stale entry would hide the next real one: each allowed import still closes a circle, and
    # each allowed private name is still taken.
    graph, private = _scan(PACKAGE)
    stale = [edge for edge in ALLOWED_CIRCLE_EDGES if edge[0] not in _reachable(graph, edge[1])]
    stale += [
        (module, name)
        for module, names in ALLOWED_PRIVATE.items()
        for name in names
        if not any(taken.startswith(f"{name} from ") for taken in private[module])
    ]
    assert not stale, stale


def _write_package(root: Path, files: dict[str, str]) -> Path:
    root.mkdir()
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


FIXTURE = {
    "__init__.py": "",
    "_fast.py": "plain = 1\n",
    "a.py": "from pkg.b import _hidden\nimport pkg.c as c\nX = c._secret\n",
    "b.py": "_hidden = 1\n\n\ndef f():\n    from pkg import a\n",  # a lazy import
    "c.py": "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from .d import D\n_secret = 2\n",
    "d.py": "from . import _fast, c\nfrom ._fast import plain\n\n\nclass D: ...\n",
}
"""A tiny package that breaks both rules: a private import and a private read (a), a circle
through a lazy import (a, b) and one through a type-only import (c, d); a private module's plain
names taken (d) are fine."""


def test_the_private_check_sees_an_import_and_a_read_and_honours_the_allow_list(
    tmp_path: Path,
) -> None:
    root = _write_package(tmp_path / "pkg", FIXTURE)
    assert _private_imports(root, {}) == ["pkg.a: _hidden from pkg.b", "pkg.a: _secret from pkg.c"]
    allowed = {"pkg.a": {"_hidden": "a reason"}}
    assert _private_imports(root, allowed) == ["pkg.a: _secret from pkg.c"]


def test_the_circle_check_sees_lazy_and_type_only_imports_and_honours_the_allow_list(
    tmp_path: Path,
) -> None:
    root = _write_package(tmp_path / "pkg", FIXTURE)
    assert _circles_in(root, "pkg", {}) == [["pkg.a", "pkg.b"], ["pkg.c", "pkg.d"]]
    assert _circles_in(root, "pkg", {("pkg.b", "pkg.a"): "a reason"}) == [["pkg.c", "pkg.d"]]
