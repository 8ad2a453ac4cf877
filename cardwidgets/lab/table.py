"""The rows of a run, kept by column: a million games must not cost a gigabyte.

A row as a dict costs about 600 bytes (a Tablić match: a 14-key dict and its numbers), so the
lab keeps each column instead: whole numbers in an ``array`` of 8 bytes each, anything else (a
draw's ``None``, a suit, a flag, a record) in a list that points at the shared values. A row is
made as a dict only when asked for. The worker fills a chunk's table and sends it back as
arrays, which also pickle small.

>>> table = Table()
>>> table.append({"game": 0, "winner": 1})
>>> table.append({"game": 1, "winner": None})
>>> len(table), table[1], table.column("winner")
(2, {'game': 1, 'winner': None}, [1, None])
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

__all__ = ["Table"]

_LEAST, _MOST = -(2**63), 2**63 - 1


class _Missing:
    """The value of a column in a row that did not have it (the row's dict leaves it out)."""

    def __reduce__(self) -> str:
        return "_MISSING"  # one object, in every process

    def __repr__(self) -> str:
        return "_MISSING"


_MISSING = _Missing()


class Table:
    """Rows of plain JSON values stored by column; iterating or indexing gives dict rows."""

    __slots__ = ("_columns", "_count", "_names")

    def __init__(self, rows: Iterable[Mapping[str, object]] = ()) -> None:
        self._names: dict[str, int] = {}
        self._columns: list[array[int] | list[object]] = []
        self._count = 0
        for row in rows:
            self.append(row)

    @property
    def names(self) -> list[str]:
        """The column names, in the order they first appeared."""
        return list(self._names)

    def append(self, row: Mapping[str, object]) -> None:
        """Add one row at the end.

        A row is added column by column and counted last: an append stopped half-way (Ctrl-C,
        the timeout) leaves some columns one value longer, which every reader cuts off.
        """
        self._trim()
        names = self._names
        if row.keys() != names.keys():  # a new column (the rows of a run mostly have the same)
            for name in row:
                if name not in names:
                    self._add_column(name)
        columns = self._columns
        for name, index in names.items():
            value = row.get(name, _MISSING)
            column = columns[index]
            # An 8-byte whole number stays in the array (not a bool: it would come back as
            # 0 or 1); anything else turns the column into a list.
            if column.__class__ is array and not (
                value.__class__ is int and _LEAST <= value <= _MOST
            ):
                column = columns[index] = list(column)
            column.append(value)  # type: ignore[arg-type]
        self._count += 1

    def extend(self, other: Table) -> None:
        """Add ``other``'s rows at the end, column by column."""
        self._trim()
        for name in other._names:
            if name not in self._names:
                self._add_column(name)
        for name, index in self._names.items():
            found = other._names.get(name)
            theirs = other._columns[found] if found is not None else [_MISSING] * len(other)
            mine = self._columns[index]
            if isinstance(mine, array) and not isinstance(theirs, array):
                mine = self._columns[index] = list(mine)
            mine.extend(theirs[: len(other)])  # type: ignore[arg-type]
        self._count += len(other)

    @classmethod
    def joined(cls, tables: Iterable[Table]) -> Table:
        """One table of the rows of ``tables``, in order."""
        whole = cls()
        for table in tables:
            whole.extend(table)
        return whole

    def _trim(self) -> None:
        """Cut the values of a row whose append was stopped half-way."""
        count, columns = self._count, self._columns
        if columns and len(columns[0]) > count:  # an append fills the columns in order
            for column in columns:
                del column[count:]

    def _add_column(self, name: str) -> None:
        self._names[name] = len(self._columns)
        self._columns.append([_MISSING] * self._count if self._count else array("q"))

    def column(self, name: str) -> list[Any]:
        """The values of column ``name`` in row order (None where a row lacks it)."""
        index = self._names.get(name)
        if index is None:
            return [None] * self._count
        values = self._columns[index][: self._count]
        return [None if v is _MISSING else v for v in values]

    def row(self, index: int) -> dict[str, Any]:
        """Row ``index`` as a dict (negative indices count from the end)."""
        if not -self._count <= index < self._count:
            raise IndexError(index)
        index %= self._count  # from the start: a half-added row may follow the last one
        made = {name: self._columns[i][index] for name, i in self._names.items()}
        return {name: value for name, value in made.items() if value is not _MISSING}

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: int) -> dict[str, Any]:
        return self.row(index)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (self.row(i) for i in range(self._count))

    def __repr__(self) -> str:
        return f"<Table of {self._count} rows: {', '.join(self._names)}>"
