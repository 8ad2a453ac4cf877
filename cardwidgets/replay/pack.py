"""Pack a replay's scenes so that what repeats from ply to ply is written once.

Consecutive scenes share almost everything (labels, most cards, most zones, the log's earlier
sentences), so every object, list and longer string becomes one entry of a *pool*, stored once
however often it occurs, and a scene is the index of its entry. Inside an entry, a nested
object, list or long string is the string ``"\\ue000<index>"`` (U+E000, a private-use character,
is one character in the page's UTF-8 JSON where a control character would take six); a genuine
string that starts with U+E000 is written with a second U+E000 in front. ``js/replay.ts``
(``unpack``) reverses it. The packing is deterministic: equal scenes give byte-equal packs
(what the hidden-card twin tests compare).

>>> pool, roots = pack([{"zones": [1, 2], "log": ["a"]}, {"zones": [1, 2], "log": ["a", "b"]}])
>>> roots, [entry if isinstance(entry, list) else sorted(entry) for entry in pool]
([2, 4], [[1, 2], ['a'], ['log', 'zones'], ['a', 'b'], ['log', 'zones']])
>>> unpack(pool, roots) == [{"zones": [1, 2], "log": ["a"]}, {"zones": [1, 2], "log": ["a", "b"]}]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["pack", "unpack"]

REF = "\ue000"
LONG = 16
"""Strings longer than this many characters are pooled; shorter ones cost less written out."""


def _typed(value: Any) -> tuple[str, Any]:
    """A hashable key part that keeps True, 1 and 1.0 apart (Python hashes them equal)."""
    return (type(value).__name__, value)


class _Pool:
    def __init__(self) -> None:
        self.entries: list[Any] = []
        self.index: dict[tuple[Any, ...], int] = {}

    def add(self, value: Any) -> Any:
        """``value`` as it is written inside an entry: a reference for an object or a list."""
        if isinstance(value, str):
            text = REF + value if value.startswith(REF) else value
            return self.intern(text, ("s", text)) if len(value) > LONG else text
        if isinstance(value, dict):
            entry = {str(k): self.add(v) for k, v in value.items()}
            return self.intern(entry, ("d", *((k, _typed(v)) for k, v in entry.items())))
        if isinstance(value, (list, tuple)):
            items = [self.add(v) for v in value]
            return self.intern(items, ("l", *(_typed(v) for v in items)))
        return value

    def intern(self, entry: Any, key: tuple[Any, ...]) -> str:
        found = self.index.get(key)
        if found is None:
            found = self.index[key] = len(self.entries)
            self.entries.append(entry)
        return REF + str(found)


def pack(scenes: Sequence[Any]) -> tuple[list[Any], list[int]]:
    """The pool and, per scene, the index of its entry."""
    pool = _Pool()
    roots = [int(pool.add(scene)[1:]) for scene in scenes]
    return pool.entries, roots


def unpack(pool: Sequence[Any], roots: Sequence[int]) -> list[Any]:
    """The scenes again (what the page's script does; for tests and tools)."""
    done: dict[int, Any] = {}

    def resolve(value: Any) -> Any:
        if isinstance(value, str) and value.startswith(REF):
            return value[1:] if value.startswith(REF * 2) else entry(int(value[1:]))
        if isinstance(value, dict):
            return {k: resolve(v) for k, v in value.items()}
        if isinstance(value, list):
            return [resolve(v) for v in value]
        return value

    def entry(index: int) -> Any:
        if index not in done:
            done[index] = resolve(pool[index])
        return done[index]

    return [entry(root) for root in roots]
