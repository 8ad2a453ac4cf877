"""A student's bot in a ``.py`` file: a function ``choose(state) -> move``, or a class with a
``choose`` method (the tournament makes one with no arguments).

The file is imported as a module of its own (named after the file, so a process pool that
forks finds its functions and classes); what goes wrong gets a sentence in the user's language:
a missing file, a file that does not import (its error and traceback kept in the cause), a
file with no ``choose``.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> text = "def choose(state):\\n    return state.legal_moves()[0]\\n"
>>> _ = (folder / "first.py").write_text(text)
>>> name, bot = load_bot(folder / "first.py")
>>> name, callable(bot)
('first', True)
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import os
import sys
from pathlib import Path

from cardwidgets import i18n
from cardwidgets.lab import contest_words as contest_words
from cardwidgets.lab.errors import LabError

__all__ = ["is_bot_file", "load_bot"]


def is_bot_file(text: str) -> bool:
    """Whether ``text`` names a bot file (ends in ``.py``) rather than a player."""
    return text.lower().endswith(".py")


def load_bot(path: str | os.PathLike[str]) -> tuple[str, object]:
    """The bot of the file ``path`` and its name (the file's name without ``.py``): its
    function ``choose``, else the first class defined in it that has a ``choose`` method."""
    file = Path(path)
    if not file.is_file():
        reason = "contest.missing_file" if not file.exists() else "contest.unreadable_file"
        raise LabError("contest.no_bot_file", path=str(file), reason=i18n.TranslatedError(reason))
    name = file.stem
    digest = hashlib.sha1(str(file.resolve()).encode()).hexdigest()[:10]
    module_name = f"cardwidgets_bot_{digest}_{name}"
    spec = importlib.util.spec_from_file_location(module_name, file)
    if spec is None or spec.loader is None:
        raise LabError(
            "contest.no_bot_file",
            path=str(file),
            reason=i18n.TranslatedError("contest.unreadable_file"),
        )
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # pickle finds the bot's functions by this name
    try:
        spec.loader.exec_module(module)
    except BaseException as err:  # a syntax error, a failed import, even SystemExit: refused
        del sys.modules[module_name]
        if isinstance(err, KeyboardInterrupt):
            raise
        raise LabError("contest.bot_import", path=str(file), error=i18n.shown(err, 200)) from err
    choose = getattr(module, "choose", None)
    if inspect.isfunction(choose):
        return name, choose
    for value in vars(module).values():  # in the order the file defines them
        if inspect.isclass(value) and value.__module__ == module_name:
            if callable(getattr(value, "choose", None)):
                return name, value
    raise LabError("contest.no_choose", path=str(file))
