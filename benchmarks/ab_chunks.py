"""Fine-grained paired timing of one engine loop in two checkouts: a long-lived worker process
per checkout, the same chunk of seeded games run in each in turn, a ratio per chunk.

``ab.py`` pairs whole benchmark runs (seconds to minutes apart); on two cores shared by eight
engineers the load changes within that time, and its paired ratios still spread by ±20 %. Here
the two runs of a chunk (about 0.1 s of CPU each) are a fraction of a second apart, which
leaves mostly the noise of co-scheduling, and the median of a hundred chunk ratios is stable.
Both workers use this checkout's interpreter with the checkout's code first on ``sys.path``
(the engines are pure Python).

Run: ``uv run python benchmarks/ab_chunks.py BEFORE_DIR ROW [--size N] [--chunks 120]`` with
ROW one of ``tablic:{seed,maximal}:{playout_deals,playout_matches,deals}`` or
``pazaak:{seed,kotor1,kotor2}:{state_api,playout}`` (the rows of bench_tablic.py and
bench_pazaak.py). Prints the CPU seconds of each side and the chunk speed ratios (before time /
after time: above 1 is faster) as median, quartiles and min-max. Writes nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

AFTER = Path(__file__).resolve().parent.parent

WORKER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from cardwidgets.cards import Rng
from cardwidgets.games import pazaak, tablic

game, variant, mode, size = sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])

def tablic_chunk(i):
    rules = tablic.Rules(capture_must_be_maximal=variant == "maximal")
    for number in range(i * size, (i + 1) * size):
        state = tablic.new_game(seed=1_000_003 + number, rules=rules)
        if mode == "playout_deals":
            tablic.playout(state, Rng(1 + number), deals=1)
        elif mode == "playout_matches":
            tablic.playout(state, Rng(1 + number))
        else:
            rng = Rng(number)
            while not state.deal_results:
                moves = state.legal_moves()
                state = state.play(moves[rng.below(len(moves))])

def pazaak_chunk(i):
    rules = getattr(pazaak.Rules, variant)()
    rng = Rng(i)
    for number in range(i * size, (i + 1) * size):
        state = pazaak.new_game(seed=1 + number, rules=rules)
        if mode == "playout":
            pazaak.playout(state, rng)
            continue
        while not state.is_over:
            moves = state.legal_moves()
            state = state.play(moves[rng.below(len(moves))])

chunk = tablic_chunk if game == "tablic" else pazaak_chunk
for warm in range(3):
    chunk(10_000 + warm)
for line in sys.stdin:
    start = time.process_time()
    chunk(int(line))
    print(json.dumps(time.process_time() - start), flush=True)
"""

# Games per chunk (about 0.1 s of CPU on an idle core).
SIZES = {"playout_deals": 100, "playout_matches": 20, "deals": 60, "state_api": 1000,
         "playout": 1500}  # fmt: skip


def summary(before: list[float], after: list[float]) -> dict[str, float]:
    """Totals and the chunk speed ratios (before / after time: above 1, after is faster).

    >>> summary([1.0, 2.0, 1.0], [1.0, 1.0, 2.0])["ratio_median"]
    1.0
    """
    ratios = sorted(b / a for b, a in zip(before, after, strict=True))
    last = len(ratios) - 1
    return {
        "before_seconds": round(sum(before), 3),
        "after_seconds": round(sum(after), 3),
        "ratio_median": round(statistics.median(ratios), 3),
        "ratio_q1": round(ratios[last // 4], 3),
        "ratio_q3": round(ratios[3 * last // 4], 3),
        "ratio_min": round(ratios[0], 3),
        "ratio_max": round(ratios[-1], 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("row", help="e.g. tablic:maximal:playout_matches")
    parser.add_argument("--size", type=int, default=0, help="games per chunk")
    parser.add_argument("--chunks", type=int, default=120)
    args = parser.parse_args()
    game, variant, mode = args.row.split(":")
    size = args.size or SIZES[mode]
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, str(checkout), game, variant, mode, str(size)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for checkout in (args.before.resolve(), AFTER)
    ]
    times: tuple[list[float], list[float]] = ([], [])
    for i in range(args.chunks):
        # The same chunk in both workers, back to back, the first one alternating.
        for side in (0, 1) if i % 2 == 0 else (1, 0):
            stdin, stdout = workers[side].stdin, workers[side].stdout
            assert stdin is not None and stdout is not None
            stdin.write(f"{i}\n")
            stdin.flush()
            times[side].append(json.loads(stdout.readline()))
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.close()
        worker.wait()
    result = {"row": args.row, "size": size, "chunks": args.chunks, **summary(*times)}
    result["load_average_1min"] = round(os.getloadavg()[0], 1)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
