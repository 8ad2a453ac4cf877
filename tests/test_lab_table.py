"""A run keeps its rows by column: a dict per game cost about 900 bytes a Tablić
match, so a million games kept a gigabyte. The table gives the same dict rows back."""

from __future__ import annotations

import json
import pickle
import tracemalloc

from cardwidgets import lab
from cardwidgets.lab.table import Table

ROWS = [
    {"game": 0, "seed": 2**63 - 1, "winner": 0, "held": True, "trump": "♥"},
    {"game": 1, "seed": -(2**63), "winner": None, "held": False, "trump": "♠"},
    {"game": 2, "seed": 2**70, "winner": 1, "held": True, "trump": "♦", "record": {"a": [1]}},
    {"game": 3, "seed": 7, "score": 1.5},
]


def test_the_table_gives_back_every_row_as_it_was_given() -> None:
    table = Table(ROWS)
    assert list(table) == ROWS and len(table) == 4
    assert table[-1] == ROWS[-1] and table.row(2) == ROWS[2]
    # bools stay bools, not 0 and 1; numbers beyond 8 bytes and floats are kept whole
    assert [type(v) for v in table.column("held")] == [bool, bool, bool, type(None)]
    assert table.column("seed") == [row["seed"] for row in ROWS]
    assert table.column("score") == [None, None, None, 1.5]
    assert json.loads(json.dumps(list(table))) == ROWS


def test_tables_join_in_order_whatever_their_columns() -> None:
    parts = [Table(ROWS[:1]), Table(), Table(ROWS[1:3]), Table(ROWS[3:])]
    joined = Table.joined(parts)
    assert list(joined) == ROWS
    assert list(pickle.loads(pickle.dumps(joined))) == ROWS  # a worker sends its chunk's table


def test_a_row_out_of_range_is_an_index_error() -> None:
    table = Table(ROWS)
    for index in (4, -5):
        try:
            table.row(index)
        except IndexError:
            continue
        raise AssertionError(f"row {index} of 4")


def test_a_run_keeps_about_a_hundred_bytes_a_game_not_a_dict() -> None:
    """Results rebuilt from their pickle (fresh objects, no engine cache): bytes per game.
    Dicts per row kept 316 bytes a Pazaak match; the table keeps about 90."""
    games = 2000
    results = lab.simulate("pazaak", games=games, seed=1, progress=False)
    data = pickle.dumps(results)
    tracemalloc.start()
    again = pickle.loads(data)
    kept = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert again.rows == results.rows and len(again) == games
    assert kept / games < 160, f"{kept / games:.0f} bytes a game"


def test_results_read_the_same_through_rows_row_column_and_iteration() -> None:
    results = lab.simulate("panjpar", games=12, seed=3)
    rows = results.rows
    assert isinstance(rows, list) and all(isinstance(row, dict) for row in rows)
    assert list(results) == rows and [results.row(i) for i in range(12)] == rows
    assert results.column("winner") == [row["winner"] for row in rows]
    assert results.to_json() == rows and results.rows is not rows  # a new list each time


class StopsHalfway(dict[str, object]):
    """A row whose reading is interrupted (Ctrl-C, the timeout) after its first columns."""

    def get(self, name: str, default: object = None) -> object:
        if name == "winner":
            raise KeyboardInterrupt
        return super().get(name, default)


def test_a_row_whose_append_was_interrupted_is_left_out_everywhere() -> None:
    table = Table(ROWS[:2])
    try:
        table.append(StopsHalfway(ROWS[2]))
    except KeyboardInterrupt:
        pass
    assert len(table) == 2 and list(table) == ROWS[:2] and table[-1] == ROWS[1]
    assert table.column("game") == [0, 1]
    assert list(Table.joined([table, Table(ROWS[2:])])) == ROWS
    table.append(ROWS[2])
    assert list(table) == ROWS[:3]
