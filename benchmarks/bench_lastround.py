"""Tablić's last round solved exactly (:func:`cardwidgets.bots.endings.solve`): node counts and
CPU seconds per position, and the proof against the plain search on small positions.

* ``six``: the first position of the last round (six cards each) of ``--deals`` seeded greedy
  deals, then the position after each of the next ``--plies`` moves (the expert solves each of
  its moves there): nodes and CPU seconds, or where the search gave up (``--limit``).
* ``small``: ``--small`` random last-round positions with up to three cards each
  (``tests/lastround_positions.py``, without tablas): the fast search and the plain one
  (``memo=False``, every line to its end), their nodes and CPU seconds, and whether every
  move's value is equal.

Only the public ``endings.solve`` is called, so the same script measures an older checkout
(the "before" figures): ``cd /work/wt/base && uv run python <this file> --out before.json``::

    nice -n 10 uv run python benchmarks/bench_lastround.py --deals 20 \
        --out benchmarks/results/lastround.json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import run_info

from cardwidgets import tablic
from cardwidgets.bots import endings

# The positions come from the tests' generators, in this script's checkout (also when the
# script measures an older one); appended, so ``cardwidgets`` stays the checkout's own.
sys.path.append(str(Path(__file__).resolve().parents[1] / "tests"))
from lastround_positions import greedy_last_round, random_last_round


def timed(state: tablic.State, limit: int, memo: bool = True) -> dict[str, Any]:
    """One exact solve: its nodes and CPU seconds, or the node count it gave up at."""
    cpu = time.process_time()
    try:
        ending = endings.solve(state, limit=limit, memo=memo)
    except endings.TooBig as stop:
        return {"nodes": None, "gave_up_after": int(stop.args[0]) - 1,
                "cpu_seconds": round(time.process_time() - cpu, 3)}  # fmt: skip
    assert ending is not None
    return {"nodes": ending.nodes, "cpu_seconds": round(time.process_time() - cpu, 4),
            "values": sorted((str(m), v) for m, v in ending.values),
            "best": ending.values[0][0]}  # fmt: skip


def six(deals: int, plies: int, limit: int) -> dict[str, Any]:
    rows = []
    for seed in range(deals):
        state = greedy_last_round(seed)
        for ply in range(plies + 1):
            if state.to_move is None or state.stock or state.deal_number != 1:
                break
            row = timed(state, limit)
            hands = (len(state.hands[0]), len(state.hands[1]))
            shown = {k: v for k, v in row.items() if k not in ("values", "best")}
            rows.append({"seed": seed, "ply_in_round": ply, "hands": hands,
                         "table": len(state.table), "moves": len(state.legal_moves()),
                         **shown})  # fmt: skip
            print(json.dumps(rows[-1]), flush=True)
            if row["nodes"] is None:
                break  # the next positions of this deal would be measured no better
            state = state.play(row["best"])  # the exact best move, as the expert plays it
    solved = [r for r in rows if r["nodes"] is not None]
    first = [r for r in rows if r["ply_in_round"] == 0]
    cpus = [r["cpu_seconds"] for r in first if r["nodes"] is not None]
    nodes = [r["nodes"] for r in first if r["nodes"] is not None]
    return {
        "positions": len(rows),
        "solved": len(solved),
        "first_positions": len(first),
        "first_solved": len(cpus),
        "first_median_cpu_seconds": round(statistics.median(cpus), 3) if cpus else None,
        "first_max_cpu_seconds": max(cpus) if cpus else None,
        "first_within_one_cpu_second": sum(c <= 1.0 for c in cpus),
        "first_median_nodes": statistics.median(nodes) if nodes else None,
        "first_max_nodes": max(nodes) if nodes else None,
        "rows": rows,
    }


def small(count: int, limit: int) -> dict[str, Any]:
    rng = random.Random("bench:lastround:small")
    rows = []
    for _ in range(count):
        state = random_last_round(rng, varied=False)
        plain = timed(state, limit, memo=False)
        if plain["nodes"] is None:
            continue
        fast = timed(state, limit)
        rows.append({"code": state.code(), "equal": fast["values"] == plain["values"],
                     "fast_nodes": fast["nodes"], "fast_cpu_seconds": fast["cpu_seconds"],
                     "plain_nodes": plain["nodes"],
                     "plain_cpu_seconds": plain["cpu_seconds"]})  # fmt: skip
    return {
        "positions": len(rows),
        "all_equal": all(r["equal"] for r in rows),
        "fast_nodes_total": sum(r["fast_nodes"] for r in rows),
        "plain_nodes_total": sum(r["plain_nodes"] for r in rows),
        "fast_cpu_seconds_total": round(sum(r["fast_cpu_seconds"] for r in rows), 3),
        "plain_cpu_seconds_total": round(sum(r["plain_cpu_seconds"] for r in rows), 3),
        "rows": rows,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--plies", type=int, default=0, help="later positions of each round")
    parser.add_argument("--limit", type=int, default=200_000)
    parser.add_argument("--small", type=int, default=0, help="small positions to prove")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    report: dict[str, Any] = {
        **run_info.header(),
        "limit": args.limit,
        "six": six(args.deals, args.plies, args.limit),
    }
    if args.small:
        report["small"] = small(args.small, args.limit)
    report["load_average_after"] = os.getloadavg()
    summary = {k: {kk: vv for kk, vv in v.items() if kk != "rows"} if isinstance(v, dict) else v
               for k, v in report.items()}  # fmt: skip
    print(json.dumps(summary, indent=1))
    if args.out is not None:
        args.out.write_text(json.dumps(report, indent=1) + "\n")
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
