"""The scripts of ``benchmarks/`` as modules, for the tests of their logic (the scripts are
files run by path, not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

FOLDER = Path(__file__).resolve().parents[1] / "benchmarks"


def load(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` imported as the module ``benchmarks_<name>`` (registered in
    ``sys.modules``, so its dataclasses and doctests work).

    >>> load("ab_chunks").__name__
    'benchmarks_ab_chunks'
    """
    spec = importlib.util.spec_from_file_location(f"benchmarks_{name}", FOLDER / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
