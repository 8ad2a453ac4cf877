"""What hand cards are worth in a Pazaak set: the match model's ``set_chance`` by self-play.

Issue 28: the expert's set-end value charges for spending a hand card (hands last the whole
match, Z-D8) through :func:`cardwidgets.bots.pazaak.match_value`: each later set is won with
``set_chance(a, b)`` for ``a`` hand cards against ``b``. This measures it from self-play,
not from the ladder's seeds: sets of the greedy player against itself (standing at
17) from an empty table, each seat holding a hand of ``a`` and ``b`` cards dealt at random
from the seed side deck (Z-D8), the starter alternating. A tied set counts half (it is
replayed with fewer cards on both sides).

Run::

    nice uv run python benchmarks/calibrate_pazaak_hand.py --sets 20000

Writes ``benchmarks/results/pazaak_hand_card.json``: the set-win rate of seat "a" for each pair
of hand sizes, and the slope per hand card (the mean of ``rate(a, b) - 1/2`` over ``a - b``).
A card is worth more the fewer are left, so ``set_chance`` is ``1/2 + HAND_WEIGHT * (a - b) /
(a + b + HAND_SOFTNESS)``, its two constants fitted to these rates (the file records the fit).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

import run_info

from cardwidgets import cards
from cardwidgets.bots.pazaak import plan
from cardwidgets.games import pazaak

RESULTS = Path(__file__).parent / "results"
PAIRS = [(4, 4), (4, 3), (3, 2), (2, 1), (1, 0), (4, 2), (3, 1), (2, 0), (4, 0)]


def one_set(a: int, b: int, rng: cards.Rng, starter: int) -> float:
    """Seat 0 (``a`` cards) against seat 1 (``b``), greedy both: 1, 1/2 or 0 for seat 0."""
    deck = pazaak.default_side_deck()
    hands = [rng.shuffle(deck)[:a], rng.shuffle(deck)[:b]]
    state = pazaak.State.from_position(
        hands=hands, deck=[], to_move=starter, seed=rng.next64() % (1 << 62)
    )
    number = state.set_number
    while state.set_number == number and not state.is_over:
        seat = state.to_move
        assert seat is not None
        state = state.play(plan(state, seat, 17)[0])
    last = state.last_set
    assert last is not None
    return 0.5 if last[0] is None else float(last[0] == 0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=20000, help="sets per pair of hand sizes")
    parser.add_argument("--out", default=str(RESULTS / "pazaak_hand_card.json"))
    args = parser.parse_args(argv)
    cpu = time.process_time()
    rates = {}
    for a, b in PAIRS:
        rng = cards.Rng(f"calibrate:{a}:{b}")
        score = sum(one_set(a, b, rng, i % 2) for i in range(args.sets))
        rate = score / args.sets
        rates[f"{a}-{b}"] = {
            "rate": round(rate, 4),
            "standard_error": round(math.sqrt(rate * (1 - rate) / args.sets), 4),
        }
        print(a, b, rates[f"{a}-{b}"], flush=True)
    slopes = [(rates[f"{a}-{b}"]["rate"] - 0.5) / (a - b) for a, b in PAIRS if a != b]
    report = {
        **run_info.header(),
        "question": "issue 28: the match model's set_chance(a, b): the chance of winning a set "
        "with a hand cards against b",
        "method": "greedy (stand at 17) against greedy, one set from an empty table, hands dealt "
        "at random from the seed side deck, starter alternating, a tie counts half",
        "sets_per_pair": args.sets,
        "rates": rates,
        "slope_per_card": round(sum(slopes) / len(slopes), 4),
        "slopes": [round(s, 4) for s in slopes],
        "cpu_seconds": round(time.process_time() - cpu, 1),
    }
    Path(args.out).write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps({"slope_per_card": report["slope_per_card"]}))


if __name__ == "__main__":
    main()
