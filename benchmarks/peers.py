"""Random play against pure-Python peers and a rules-free floor, in games per CPU-second.

For each game this measures, in one interleaved run on one core (``time.process_time``):

* ``listing``: our engine's public loop, ``state.play(rng.choice(state.legal_moves()))`` from
  ``new_game(seed=...)`` to ``state.is_over`` (a Pazaak game is a match: first to three sets);
* ``random_move``: the same with ``state.play(state.random_move(rng))``, ``rng`` the package's
  own ``cards.Rng`` (the listing loop uses ``random.Random``, as a user's loop would);
* ``lab_random``: ``lab.simulate(game, players="random", games=...)``, the lab's rows of two
  seeded random players (on the engine's list-based playout where it has one: Pazaak, Panjpar);
* ``floor``: a loop with no rules at all (:func:`floor_game`): an immutable tuple state, the same
  number of moves per game as our engine plays on average and, per move, a pick among as many
  options as our engine lists on average and the next tuple built. No engine can beat it, so
  ``listing / floor`` says how much of a move's cost is the rules;
* a peer, when its checkout is given: ``--pazaakrl PATH`` (andrew-pollock/PazaakRL's
  ``PazaakGame``, beside Pazaak) and ``--durak PATH`` (maks36-dev/durak-rl-agents'
  ``src/po_mcts/env.py`` ``DurakEnv`` with ``valid_actions``, beside Panjpar), each played by its
  own random loop (:func:`pazaakrl_games`, :func:`durak_games`), imported from that path.

Each round runs every contestant for about ``--seconds`` of CPU; the figures are the medians over
``--rounds`` rounds, and the ratios are medians of the per-round ratios. Nothing is fetched: without
a peer's path the results file keeps that peer's last recorded figures (with the commit measured and
how) and the ratios use them.

Reproduce (a checkout of each peer, e.g. ``git clone``; the commits measured are in the file)::

    uv run python benchmarks/peers.py --pazaakrl ../PazaakRL --durak ../durak-rl-agents \
        --label branch
    cd ../base && uv run python ../peers/benchmarks/peers.py --label baseline \
        --out ../peers/benchmarks/results/peers.json --pazaakrl ... --durak ...

``--label`` names the run inside ``benchmarks/results/peers.json`` (other labels are kept), so a
baseline checkout and a branch can be recorded side by side.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cardwidgets
from cardwidgets import panjpar, pazaak, tablic
from cardwidgets.cards import Rng

GAMES: dict[str, Any] = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}
PEER_OF = {"pazaak": "pazaakrl", "panjpar": "durak"}
"""The peer each game is compared with (Tablić has no pure-Python peer measured)."""
AIMS = {
    "of_peer": 1.0,
    "of_floor": {"tablic": 0.25, "panjpar": 0.35, "pazaak": 0.7},
    "issue_23_measured": {
        "of_peer": {"pazaak": 0.60, "panjpar": {"listing": 0.60, "random_move": 0.82}},
        "of_floor": {"tablic": 0.14, "panjpar": 0.20, "pazaak": 0.47},
        "note": "the issue's own one-off run, its floor loop not kept: compare the aims with "
        "this script's baseline run, not with these",
    },
}
"""The aims of issue 23: at least the peer's rate in both loops, and these shares of the floor
(set against the issue's own figures, kept here beside them)."""
OURS = ("listing", "random_move", "lab_random")
"""Our engine's two loops, and the lab's run of two random players."""
SEED, SEED_STEP = 1000, 1_000_000
"""Round ``n`` plays the games seeded from ``SEED + n * SEED_STEP`` on."""
OUT = Path(__file__).parent / "results" / "peers.json"

Loop = Callable[[int, int], int]
"""A contestant: ``loop(games, seed)`` plays ``games`` random games and returns the moves played."""


def listing_games(module: Any) -> Loop:
    """Our engine's listing loop: every legal move listed, one chosen by ``random.choice``."""

    def loop(games: int, seed: int) -> int:
        moves = 0
        for number in range(seed, seed + games):
            rng = random.Random(number)
            state = module.new_game(seed=number)
            while not state.is_over:
                state = state.play(rng.choice(state.legal_moves()))
                moves += 1
        return moves

    return loop


def random_move_games(module: Any) -> Loop:
    """Our engine's ``random_move`` loop: one uniformly random legal move, nothing listed, drawn
    with the package's own ``cards.Rng`` (the generator the engines are built for; a
    ``random.Random`` works too but is wrapped on every call)."""

    def loop(games: int, seed: int) -> int:
        moves = 0
        for number in range(seed, seed + games):
            rng = Rng(number)
            state = module.new_game(seed=number)
            while not state.is_over:
                state = state.play(state.random_move(rng))
                moves += 1
        return moves

    return loop


def lab_games(game: str) -> Loop:
    """The lab as a user runs it: ``lab.simulate(game, players="random")`` (two built-in random
    players, which the lab plays on the engine's list-based playout where it has one); the moves
    are the rows' lengths."""
    from cardwidgets import lab

    def loop(games: int, seed: int) -> int:
        results = lab.simulate(game, players="random", games=games, seed=seed, progress=False)
        return sum(results.column("length"))

    return loop


def options_per_move(module: Any, games: int = 20, seed: int = 1) -> tuple[float, float]:
    """The average moves per game and legal moves per position of our engine's random play."""
    moves = listed = 0
    for number in range(seed, seed + games):
        rng = random.Random(number)
        state = module.new_game(seed=number)
        while not state.is_over:
            legal = state.legal_moves()
            listed += len(legal)
            state = state.play(rng.choice(legal))
            moves += 1
    return moves / games, listed / moves


FLOOR_WIDTH = 40
"""The floor state's cards: about what a game tracks (a 40- to 52-card deck's worth)."""


def floor_game(moves: int, options: int, rng: random.Random) -> tuple[int, ...]:
    """One rules-free game: ``moves`` times, list ``options`` values (a slice of the state, as a
    listing builds its moves), pick one with ``rng.choice`` and build the next immutable state
    (the move number counted up, the first card dropped, the pick appended). The same shape of
    work per move as an engine's, without any rule. The state's first item counts the moves.

    >>> state = floor_game(7, 3, random.Random(0))
    >>> state[0], len(state) == 1 + FLOOR_WIDTH
    (7, True)
    """
    state = (0, *range(FLOOR_WIDTH))
    for _ in range(moves):
        pick = rng.choice(state[1 : options + 1])
        state = (state[0] + 1, *state[2:], pick)
    return state


def floor_games(moves: int, options: int) -> Loop:
    """The floor contestant: ``floor_game`` with our engine's measured moves and options."""

    def loop(games: int, seed: int) -> int:
        for number in range(seed, seed + games):
            floor_game(moves, options, random.Random(number))
        return games * moves

    return loop


def _import_from(path: str, module: str, stubs: tuple[str, ...] = ()) -> Any:
    """Import ``module`` from a peer's checkout at ``path`` (``stubs``: empty stand-ins for
    modules it imports but random play never uses)."""
    for name in stubs:
        sys.modules.setdefault(name, types.ModuleType(name))
    sys.path.insert(0, str(Path(path).resolve()))
    return importlib.import_module(module)


def pazaakrl_games(path: str) -> Loop:
    """andrew-pollock/PazaakRL's random play: ``PazaakGame`` (src/pazaakrl/game_engine.py) with
    its default balanced side decks, ``step(random.choice(legal_actions()))`` and
    ``start_round()`` after each round until ``phase == "game_over"`` (first to three rounds)."""
    engine = _import_from(str(Path(path) / "src"), "pazaakrl.game_engine")
    values = [*range(-6, 0), *range(1, 7)]
    deck = (values * 2)[:20]  # gymnasium_env._default_side_deck

    def loop(games: int, seed: int) -> int:
        moves = 0
        for number in range(seed, seed + games):
            rng = random.Random(number)
            game = engine.PazaakGame(deck, deck, seed=number)
            while game.phase != "game_over":
                game.step(rng.choice(game.legal_actions()))
                moves += 1
                if game.phase == "round_over":
                    game.start_round()
        return moves

    return loop


def durak_games(path: str) -> Loop:
    """maks36-dev/durak-rl-agents' random play: ``DurakEnv`` of src/po_mcts/env.py (36 cards,
    hands of six), ``reset()`` then ``step(random.choice(valid_actions(env)))`` until ``done``;
    the environment draws from the global ``random``, seeded per game."""
    env = _import_from(path, "src.po_mcts.env")

    def loop(games: int, seed: int) -> int:
        moves = 0
        for number in range(seed, seed + games):
            random.seed(number)
            game = env.DurakEnv()
            game.reset()
            while not game.done:
                game.step(random.choice(env.valid_actions(game)))
                moves += 1
        return moves

    return loop


PEERS: dict[str, dict[str, Any]] = {
    "pazaakrl": {
        "repo": "andrew-pollock/PazaakRL",
        "game": "pazaak",
        "loop": pazaakrl_games,
        "driver": "src/pazaakrl/game_engine.py PazaakGame: step(random.choice(legal_actions())), "
        "start_round() on 'round_over', until 'game_over'; side decks "
        "gymnasium_env._default_side_deck(); benchmarks/peers.py pazaakrl_games",
    },
    "durak": {
        "repo": "maks36-dev/durak-rl-agents",
        "game": "panjpar",
        "loop": durak_games,
        "driver": "src/po_mcts/env.py DurakEnv: reset(), step(random.choice(valid_actions(env))) "
        "until env.done; benchmarks/peers.py durak_games",
    },
}


def rate(loop: Loop, games: int, seed: int) -> tuple[float, int]:
    """Games per CPU-second of one chunk, and the moves it played."""
    start = time.process_time()
    moves = loop(games, seed)
    return games / (time.process_time() - start), moves


def chunk_size(loop: Loop, seconds: float) -> int:
    """How many games take about ``seconds`` of CPU (after a warm-up game)."""
    loop(1, 0)
    games, spent = 1, 0.0
    while spent < seconds / 4:
        games *= 2
        start = time.process_time()
        loop(games, 0)
        spent = time.process_time() - start
    return max(1, round(games * seconds / spent))


def contestants(
    shapes: dict[str, tuple[float, float]], peer_paths: dict[str, str]
) -> dict[str, dict[str, Loop]]:
    """Per game, the loops to time: ours twice, the floor (``shapes``: our moves per game and
    options per move), and its peer when given."""
    found: dict[str, dict[str, Loop]] = {}
    for game, module in GAMES.items():
        moves, options = shapes[game]
        found[game] = {
            "listing": listing_games(module),
            "random_move": random_move_games(module),
            "lab_random": lab_games(game),
            "floor": floor_games(round(moves), max(1, round(options))),
        }
        peer = PEER_OF.get(game)
        if peer in peer_paths:
            found[game]["peer"] = PEERS[peer]["loop"](peer_paths[peer])
    return found


def measure(
    loops: dict[str, dict[str, Loop]], rounds: int, seconds: float
) -> dict[tuple[str, str], list[float]]:
    """Interleaved rounds: in each, every contestant of every game runs one chunk of new seeds."""
    chunks = {
        (game, name): chunk_size(loop, seconds)
        for game, named in loops.items()
        for name, loop in named.items()
    }
    rates: dict[tuple[str, str], list[float]] = {key: [] for key in chunks}
    for number in range(rounds):
        for (game, name), games in chunks.items():
            # The same seeds for every contestant of a round: each plays the same deals.
            per_second, _ = rate(loops[game][name], games, SEED + number * SEED_STEP)
            rates[game, name].append(per_second)
            print(f"round {number + 1}/{rounds} {game:8} {name:12} {per_second:9.1f}/s", flush=True)
    return rates


def median_ratio(tops: list[float], bottoms: list[float]) -> float:
    """The median of the per-round ratios (a round's contestants ran side by side).

    >>> median_ratio([2.0, 3.0, 10.0], [1.0, 1.0, 1.0])
    3.0
    """
    return statistics.median(t / b for t, b in zip(tops, bottoms, strict=True))


def game_result(
    shape: tuple[float, float], rates: dict[str, list[float]], peer: dict[str, Any] | None
) -> dict[str, Any]:
    """One game's figures: moves and options (``shape``), rates (medians) and ratios."""
    moves, options = shape
    result: dict[str, Any] = {
        "moves_per_game": round(moves, 1),
        "options_per_move": round(options, 2),
        "games_per_cpu_second": {name: round(statistics.median(r), 1) for name, r in rates.items()},
        "of_floor": {loop: round(median_ratio(rates[loop], rates["floor"]), 3) for loop in OURS},
    }
    if "peer" in rates:
        of_peer = {loop: median_ratio(rates[loop], rates["peer"]) for loop in OURS}
        result["peer_measured"] = "in this run"
    elif peer is not None:
        figure = peer["games_per_cpu_second"]
        of_peer = {loop: statistics.median(rates[loop]) / figure for loop in OURS}
        result["peer_measured"] = f"recorded figure of {peer['measured']}"
    else:
        return result
    result["of_peer"] = {loop: round(ratio, 3) for loop, ratio in of_peer.items()}
    return result


def commit() -> str:
    """The commit of the cardwidgets being measured (its checkout, not the current directory),
    with "+changes" when the package's files differ from it."""
    where = Path(cardwidgets.__file__).parent
    done = subprocess.run(
        ["git", "-C", str(where), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    )
    dirty = subprocess.run(
        ["git", "-C", str(where), "status", "--porcelain", "--untracked-files=no", "--", "."],
        capture_output=True,
        text=True,
    )
    return done.stdout.strip() + ("+changes" if dirty.stdout.strip() else "")


def machine() -> str:
    """The processor's model (Linux) or architecture, and how many cores."""
    cpuinfo = Path("/proc/cpuinfo")
    models = [
        line.split(":", 1)[1].strip()
        for line in (cpuinfo.read_text().splitlines() if cpuinfo.exists() else [])
        if line.startswith("model name")
    ]
    return f"{models[0] if models else platform.machine()}, {os.cpu_count()} cores"


def peer_commit(path: str) -> str:
    """The commit of a peer's checkout, or a note that it is no git checkout."""
    done = subprocess.run(["git", "-C", path, "rev-parse", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() or "(not a git checkout: give its commit by hand)"


PEER_GAMES = 200


def record_peers(
    old: dict[str, Any], paths: dict[str, str], rates: dict[tuple[str, str], list[float]], now: str
) -> dict[str, Any]:
    """The peers section: freshly measured peers replace their old record, the rest stay. Each
    says its moves per game too (over ``PEER_GAMES`` games), to set beside our engine's."""
    peers = dict(old)
    for name, path in paths.items():
        info = PEERS[name]
        per_second = statistics.median(rates[info["game"], "peer"])
        moves = info["loop"](path)(PEER_GAMES, SEED) / PEER_GAMES
        peers[name] = {
            "repo": info["repo"],
            "commit": peer_commit(path),
            "driver": info["driver"],
            "moves_per_game": round(moves, 1),
            "games_per_cpu_second": round(per_second, 1),
            "measured": now,
            "measured_beside": commit(),
        }
    return peers


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pazaakrl", help="a checkout of andrew-pollock/PazaakRL")
    parser.add_argument("--durak", help="a checkout of maks36-dev/durak-rl-agents")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.4, help="CPU seconds per chunk")
    parser.add_argument("--label", default="branch", help="the run's name in the results file")
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args(argv)
    paths = {name: getattr(args, name) for name in PEERS if getattr(args, name)}
    out = Path(args.out)
    old = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    load = os.getloadavg()[0]  # CPU time is robust to other work, not immune: say how busy
    shapes = {game: options_per_move(module) for game, module in GAMES.items()}
    rates = measure(contestants(shapes, paths), args.rounds, args.seconds)
    peers = record_peers(old.get("peers", {}), paths, rates, now)
    games = {
        game: game_result(
            shapes[game],
            {name: r for (g, name), r in rates.items() if g == game},
            peers.get(PEER_OF.get(game, "")),
        )
        for game in GAMES
    }
    run = {
        "commit": commit(),
        "date": now,
        "rounds": args.rounds,
        "seconds": args.seconds,
        "load_average": [round(load, 2), round(os.getloadavg()[0], 2)],  # at start and end
    }
    result = {
        "about": __doc__.split("\n\n")[0],
        "machine": machine(),
        "python": platform.python_version(),
        "aims": AIMS,
        "peers": peers,
        "runs": {**old.get("runs", {}), args.label: {**run, "games": games}},
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(games, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
