"""The shape of the package: short functions (or documented long ones), and imports that run one
way. Files have no length cap: a file holds one idea however long it must be (split where the
concept splits, never to meet a line count).

The house reads top-down: widgets -> bots and lab -> games -> core, cards and i18n. A module may
import its own layer and the layers below it, never one above; the one deliberate exception is
``GameState.picture`` in core, which imports the widgets lazily so a state can draw itself in a
notebook (the engines never need it), and ``Counterexample.widget()`` in the lab opens its
position in a widget.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "cardwidgets"
MAX_FUNCTION_LINES = 60

# The layer of each top-level part of the package, lowest first.
LAYERS = {
    "i18n": 0,
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
    "lab": 4,
    "rl": 4,  # the learning environments: beside the lab, above bots and games
    "analysis": 4,  # the value of each move and puzzles: beside the lab, above bots
    "widgets": 5,
    "demo": 5,
    "export": 6,
    "cli": 7,
    "__init__": 7,
    "__main__": 7,
}
# The deliberate upward calls, each lazy and made only in a notebook: a state draws itself
# (GameState.picture) and a lab counterexample opens its position in a widget.
ALLOWED_UPWARD = {("core", "widgets.pictures"), ("lab", "widgets")}
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
    assert _upward("core", {"widgets.pictures"}) == []
    assert "widgets.pictures" in _imports(PACKAGE / "core.py")
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
