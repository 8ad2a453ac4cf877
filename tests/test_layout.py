"""The shape of the package: short functions (or documented long ones), and imports that run one
way. Files have no length cap: a file holds one idea however long it must be (split where the
concept splits, never to meet a line count).

A module keeps its private names (one leading underscore) to itself: no other module imports
them or reads them through the module (``masks._VALUE``), beyond the short named allow-list below;
a private *module* (``from . import _fast``) is fine, its own names are plain. And imports make no
circle: none inside a game package, none in the package as a whole beyond the named imports of
``ALLOWED_CIRCLE_EDGES`` (each with its reason).

Every import counts, wherever it is written: at the top, under ``TYPE_CHECKING``, inside a
function, through ``importlib.import_module`` (a literal name, an f-string's literal start, or
the table of module names the file holds), and through a package's lazy ``__getattr__`` face:
a name taken from a face (by import, attribute or ``getattr``) counts as an import of the
module the face fetches it from (its ``TYPE_CHECKING`` import or its table of homes; a name the
face cannot place, or one computed at run time, counts as all of them). An ``import_module`` whose module the test cannot read is an error unless named, with
its reason, in ``ALLOWED_UNREAD``.

The house reads top-down (``LAYERS``, stated in the README's "Layers" section: a test checks
they agree). A module may import its own layer and the layers below it, never one above. The
exceptions (``ALLOWED_UPWARD``) are lazy imports, each of one module and made only when a
notebook shows something: ``GameState.picture`` and ``Table._repr_html_`` draw themselves
through the one leaf :mod:`cardwidgets.present.still` (as python-chess's board reaches
``chess.svg``), and the lab's conveniences ``Counterexample.widget()``,
``Counterexample.replay()`` and ``Tournament.replay()`` open what the lab found in a widget or
a replay.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "cardwidgets"
MAX_FUNCTION_LINES = 60

# The layer of each top-level part of the package, lowest first: the README's "Layers" list
# read bottom up (DESIGN.md states the same order).
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
STILL = "cardwidgets.present.still"
ALLOWED_UPWARD = {
    ("cardwidgets.core", STILL): "GameState.picture and _repr_html_: a state draws itself",
    ("cardwidgets.table", STILL): "Table._repr_html_: a table draws itself",
    ("cardwidgets.lab.claims", "cardwidgets.widgets"): "Counterexample.widget(): opens it",
    ("cardwidgets.lab.claims", "cardwidgets.replay"): "Counterexample.replay(): replays it",
    ("cardwidgets.lab.tournament", "cardwidgets.replay"): "Tournament.replay(i): replays game i",
}
"""(importer, imported) -> why: the calls up the layers. Each is one module imported inside the
one function that needs it, made only when a notebook shows something."""

ALLOWED_UNREAD = {
    "cardwidgets.extras": "imports the optional outside package its caller names",
    "cardwidgets.lab.play": "imports the engine module named in the job (a game: below the lab)",
    "cardwidgets.lab.stopping": "imports the engine module named in the plan (below the lab)",
    "cardwidgets.lab.tournament": "imports the engine module named in the plan (below the lab)",
}
"""module -> why: the ``import_module`` calls whose module only the running program knows."""

SOURCES = sorted(PACKAGE.rglob("*.py"))
README = PACKAGE.parent / "README.md"


def _part(module: str) -> str:
    """The top-level part of the package a dotted name (``cardwidgets.x.y``) belongs to."""
    first = module.partition(".")[2].partition(".")[0]
    is_module = (PACKAGE / f"{first}.py").exists() or (first and (PACKAGE / first).is_dir())
    return first if is_module else "__init__"  # the package itself (its face)


def _dotted_name(path: Path, root: Path = PACKAGE) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _upward(here: str, imports: set[str]) -> list[str]:
    level = LAYERS[_part(here)]
    return sorted(
        name
        for name in imports
        if LAYERS.get(_part(name), 99) > level and (here, name) not in ALLOWED_UPWARD
    )


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_run_down_the_layers(path: Path) -> None:
    here = _dotted_name(path)
    graph, _ = _scan(PACKAGE)
    upward = _upward(here, graph[here])
    assert not upward, f"{here} (layer {LAYERS[_part(here)]}) imports a higher layer: {upward}"


def test_the_layer_check_sees_a_wrong_import() -> None:
    # The check must be able to fail: a game that imports a widget or the lab is caught, and
    # the one allowed lazy import of core is not, nor is any other import of core's.
    wrong = {"cardwidgets.widgets.base", "cardwidgets.core", "cardwidgets.lab"}
    assert _upward("cardwidgets.games.tablic.state", wrong) == [
        "cardwidgets.lab",
        "cardwidgets.widgets.base",
    ]
    assert _upward("cardwidgets.bots.player", {"cardwidgets.lab.verbs"}) == [
        "cardwidgets.lab.verbs"
    ]
    assert _upward("cardwidgets.core", {STILL}) == []
    assert _upward("cardwidgets.core", {"cardwidgets.present"}) == ["cardwidgets.present"]
    assert _upward("cardwidgets.table", {STILL, "cardwidgets.widgets"}) == ["cardwidgets.widgets"]
    assert _upward("cardwidgets.present", {"cardwidgets.widgets.base"}) == [
        "cardwidgets.widgets.base"
    ]
    assert _upward("cardwidgets.lab.verbs", {"cardwidgets.replay"}) == ["cardwidgets.replay"]
    assert _upward("cardwidgets.games", {"cardwidgets"}) == ["cardwidgets"]  # the top face
    graph, _ = _scan(PACKAGE)
    assert STILL in graph["cardwidgets.core"]


def _stated_layers(text: str) -> list[list[str]]:
    r"""The parts of each layer, top down, as the numbered list under "### Layers" names them.

    >>> _stated_layers("### Layers\n\n1. `cli` and `__init__`\n2. `core`\n\nThe calls up")
    [['__init__', 'cli'], ['core']]
    """
    section = text.partition("### Layers")[2].split("\n#", 1)[0]  # no section: no layers
    return [
        sorted(re.findall(r"`([\w.]+)`", line))
        for line in section.splitlines()
        if re.match(r"\d+\. ", line)
    ]


def test_the_readme_states_the_order_the_test_checks() -> None:
    levels = sorted(set(LAYERS.values()), reverse=True)
    checked = [sorted(part for part, level in LAYERS.items() if level == at) for at in levels]
    assert _stated_layers(README.read_text(encoding="utf-8")) == checked


def test_the_upward_exceptions_are_lazy_and_still_needed() -> None:
    # Each allowed call up is made inside a function (a notebook asks for it, an import does
    # not), and each is still made: a stale entry would let the next real one through.
    graph, _ = _scan(PACKAGE)
    modules = _package_modules(PACKAGE)
    stale = [edge for edge in ALLOWED_UPWARD if edge[1] not in graph[edge[0]]]
    eager = [
        edge for edge in ALLOWED_UPWARD if edge[1] in _eager_imports(edge[0], modules[edge[0]])
    ]
    assert not stale, f"allowed but no longer made: {stale}"
    assert not eager, f"imported when the module loads, not when a notebook asks: {eager}"


def _eager_imports(module: str, path: Path) -> set[str]:
    """The modules ``module`` imports when it loads: outside functions and ``TYPE_CHECKING``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    todo: list[ast.AST] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            todo.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = _source(module, path, node)
            found.add(source)
            found.update(f"{source}.{alias.name}" for alias in node.names)
        todo.extend(ast.iter_child_nodes(node))
    return found


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
    ("cardwidgets.core", STILL): f"GameState.picture: {LAZY_UP}",
    **{
        ("cardwidgets.bots.strategy", f"cardwidgets.bots.{game}"): "strategy_for imports a "
        "game's rules of thumb on first use, and they register themselves with the strategy"
        for game in ("tablic", "panjpar", "pazaak")
    },
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


def _module_names(tree: ast.Module, modules: dict[str, Path]) -> set[str]:
    """The package's modules a file names in a string (a table of homes for ``import_module``)."""
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in modules
    }


def _imported_by_name(
    call: ast.Call, tree: ast.Module, modules: dict[str, Path]
) -> set[str] | None:
    """The modules an ``import_module(...)`` call may import, or None when the test cannot tell:
    a literal name; every module an f-string's literal start leads to; else the modules the
    file names in its strings (its table of homes)."""
    argument = call.args[0] if call.args else None
    if isinstance(argument, ast.Constant):
        return {str(argument.value)}
    if isinstance(argument, ast.JoinedStr) and isinstance(argument.values[0], ast.Constant):
        start = str(argument.values[0].value)
        return {m for m in modules if m.startswith(start) and "." not in m[len(start) :]}
    return _module_names(tree, modules) or None


def _calls_import_module(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and _dotted(node.func).split(".")[-1] == "import_module"


def _reads(module: str, path: Path, modules: dict[str, Path]) -> Iterator[tuple[str, str]]:
    """(module, name) for everything ``module`` imports: a whole module as (module, ''), a name
    as (its module, name), each ``alias.name`` read through an imported module, and each module
    an ``import_module`` call may import (``("?", line)`` when the test cannot tell which); a
    name read with ``getattr`` and computed is ``"*"`` (any name of that module)."""
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
        elif isinstance(node, ast.Call) and _calls_import_module(node):
            found = _imported_by_name(node, tree, modules)
            yield from ((m, "") for m in found) if found else [("?", str(node.lineno))]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            head, _, rest = _dotted(node.value).partition(".")
            if head in aliases:
                yield ".".join(filter(None, (aliases[head], rest))), node.attr
        elif isinstance(node, ast.Call) and _dotted(node.func) == "getattr" and node.args:
            head, _, rest = _dotted(node.args[0]).partition(".")
            name = node.args[1] if len(node.args) > 1 else None
            if head in aliases:  # getattr(widgets, name): a computed name may be any of them
                read = name.value if isinstance(name, ast.Constant) else "*"
                yield ".".join(filter(None, (aliases[head], rest))), str(read)


def _faces(modules: dict[str, Path]) -> dict[str, dict[str, set[str]]]:
    """Each package face (an ``__init__`` with a module-level ``__getattr__``): the modules each
    lazy name may come from, by name, and under ``"*"`` every module the face may import. A name
    bound in the face itself maps to nothing (it is the face's own)."""
    faces: dict[str, dict[str, set[str]]] = {}
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if path.name != "__init__.py" or not any(
            isinstance(node, ast.FunctionDef) and node.name == "__getattr__" for node in tree.body
        ):
            continue
        homes: dict[str, set[str]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and _source(module, path, node) in modules:
                for alias in node.names:  # a TYPE_CHECKING import names a lazy name's home
                    homes.setdefault(alias.asname or alias.name, set()).add(
                        _source(module, path, node)
                    )
            elif isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if isinstance(key, ast.Constant) and isinstance(value, ast.Constant):
                        if value.value in modules:  # {"TablicWidget": "cardwidgets.widgets..."}
                            homes.setdefault(str(key.value), set()).add(str(value.value))
        for bound in _bound_names(tree):
            homes[bound] = set()
        reached = {m for m, _ in _reads(module, path, modules) if m in modules}
        faces[module] = {**homes, "*": reached | {m for found in homes.values() for m in found}}
    return faces


def _bound_names(tree: ast.Module) -> set[str]:
    """The names a module binds when it loads (not under ``TYPE_CHECKING``)."""
    bound: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for inner in ast.walk(node) if not isinstance(node, ast.FunctionDef) else [node]:
            if isinstance(inner, (ast.FunctionDef, ast.ClassDef)):
                bound.add(inner.name)
            elif isinstance(inner, (ast.Import, ast.ImportFrom)):
                bound.update((a.asname or a.name).split(".")[0] for a in inner.names)
            elif isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Store):
                bound.add(inner.id)
    return bound


@functools.cache
def _scan(root: Path) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """The package's import graph (module -> the package's modules it imports, names taken
    through a face counted as imports of their homes) and the private names each module takes
    from another (importer -> {"name from module"})."""
    modules = _package_modules(root)
    faces = _faces(modules)
    graph: dict[str, set[str]] = {}
    private: dict[str, set[str]] = {}
    for module, path in modules.items():
        reads = [(m, n) for m, n in _reads(module, path, modules) if m in modules and m != module]
        graph[module] = {m for m, _ in reads}
        for face, name in reads:
            if name and face in faces and f"{face}.{name}" not in modules:
                graph[module] |= faces[face].get(name, faces[face]["*"])
        graph[module].discard(module)
        private[module] = {f"{n} from {m}" for m, n in reads if _is_private(n)}
    return graph, private


def _unread(root: Path) -> dict[str, list[str]]:
    """Each module's ``import_module`` calls whose module the test cannot tell (their lines)."""
    modules = _package_modules(root)
    found: dict[str, list[str]] = {}
    for module, path in modules.items():
        lines = [line for m, line in _reads(module, path, modules) if m == "?"]
        if lines:
            found[module] = lines
    return found


def test_every_import_module_names_a_module_the_test_can_read() -> None:
    unread = _unread(PACKAGE)
    hidden = {module: lines for module, lines in unread.items() if module not in ALLOWED_UNREAD}
    stale = sorted(set(ALLOWED_UNREAD) - set(unread))
    assert not hidden, f"import_module calls the layout test cannot read (module: lines): {hidden}"
    assert not stale, f"allowed unread imports no longer made: {stale}"


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


HIDDEN = {
    "__init__.py": "",
    "low.py": "def draw():\n    from pkg.face import High\n\n    return High\n",
    "face/__init__.py": (
        "import importlib\n\n"
        'TABLE = {"High": "pkg.face.high"}\n\n\n'
        "def __getattr__(name):\n"
        "    return getattr(importlib.import_module(TABLE[name]), name)\n"
    ),
    "face/high.py": "from pkg import low\n\n\nclass High: ...\n",
    "finder.py": (
        "import importlib\n\n\n"
        "def find(name):\n"
        '    return importlib.import_module(f"pkg.face.{name}")\n'
    ),
    "dark.py": "import importlib\n\n\ndef load(name):\n    return importlib.import_module(name)\n",
    "probe.py": "from pkg import face\n\n\ndef get(name):\n    return getattr(face, name)\n",
}
"""A tiny package whose edges hide: ``low`` takes ``High`` through the face's table of homes,
inside a function (a circle through the face and ``face.high``); ``finder`` imports through an f-string;
``dark`` through a name nobody can read; ``probe`` takes a computed name from the face."""


def test_an_edge_hidden_by_a_face_or_import_module_is_seen(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    (root / "face").mkdir(parents=True)
    for name, text in HIDDEN.items():
        (root / name).write_text(text, encoding="utf-8")
    graph, _ = _scan(root)
    assert graph["pkg.low"] == {"pkg.face", "pkg.face.high"}  # the face's home counts
    assert graph["pkg.face"] == {"pkg.face.high"}  # the face's table counts
    assert graph["pkg.finder"] == {"pkg.face.high"}  # the modules the f-string may name
    assert graph["pkg.probe"] == {"pkg.face", "pkg.face.high"}  # any name the face may fetch
    assert _circles_in(root, "pkg", {}) == [["pkg.face", "pkg.face.high", "pkg.low"]]
    assert _unread(root) == {"pkg.dark": ["5"]}


def test_the_package_faces_are_read() -> None:
    # The faces of the package itself, the presenters, the widgets and the players: each lazy
    # name's home is an edge, and so is every game module a name table or f-string may import.
    graph, _ = _scan(PACKAGE)
    assert {"cardwidgets.table", "cardwidgets.widgets", "cardwidgets.lab"} <= graph["cardwidgets"]
    assert "cardwidgets.widgets.tablic" in graph["cardwidgets.widgets"]
    assert "cardwidgets.bots.pazaak" in graph["cardwidgets.bots"]
    assert "cardwidgets.bots.tablic" in graph["cardwidgets.bots.strategy"]
    assert "cardwidgets.games.panjpar" in graph["cardwidgets.games"]
    # PRESENTERS is built by the face: taking it counts as taking every presenter.
    assert "cardwidgets.present.pazaak" in graph["cardwidgets.lessons.page"]
    # A name the face binds itself is the face's own: no edge to a game's presenter.
    assert "cardwidgets.present.tablic" not in graph["cardwidgets.widgets.base"]
