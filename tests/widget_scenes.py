"""Recorded widget scenes: seeded games driven through the widgets' public calls and intents,
every scene they send written down, so a change inside the widgets can prove the learner sees
the same bytes for the same public state (``tests/test_widget_scenes.py``).

Each scenario makes a widget and drives it the way a learner and a teacher do (card clicks,
options, buttons, the history slider, a whole turn back, undo, a new game, a stale click, the
language switched, the teacher panel's controls, the analysis switch, watching two computer
players); after every step it writes the scene as JSON (key order kept: byte-equal means
that), the widget's ``repr`` and its announcement. ``tests/fixtures/widget_scenes/<name>.json.gz``
are the recordings. Only a change meant to alter what the widget shows may rewrite them::

    uv run python tests/widget_scenes.py

(run with ``PYTHONHASHSEED=0``, which it sets itself) and the diff of what changed (``python tests/widget_scenes.py --diff NAME``) says why.
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardwidgets.analysis import Puzzle
from cardwidgets.cards import Rng
from cardwidgets.widgets import PanjparWidget, PazaakWidget, TablicWidget
from cardwidgets.widgets.base import GameWidget, RandomOpponent
from cardwidgets.widgets.puzzles import puzzle_widget

HERE = Path(__file__).resolve().parent / "fixtures" / "widget_scenes"

HASH_SEED = "0"

Record = list[list[str]]
"""One row per step: the step's name, the scene as JSON, ``repr`` and the announcement."""


def _json(scene: Any) -> str:
    """The scene as JSON, its key order kept, but a ``previews`` mapping's keys sorted: the
    renderers look a preview up by its key, and Tablić builds them from a set of cards, whose
    order follows the cards' addresses in memory (it differs from run to run)."""
    if isinstance(scene, dict):
        return (
            "{"
            + ", ".join(
                f"{json.dumps(k, ensure_ascii=False)}: "
                + (_json(dict(sorted(v.items()))) if k == "previews" else _json(v))
                for k, v in scene.items()
            )
            + "}"
        )
    if isinstance(scene, list):
        return "[" + ", ".join(_json(v) for v in scene) + "]"
    return json.dumps(scene, ensure_ascii=False)


class Recorder:
    """Drives one widget and writes down what it shows after each step."""

    def __init__(self, widget: GameWidget[Any, Any], seed: str) -> None:
        self.w = widget
        self.rng = Rng(seed)
        self.rows: Record = []
        self.note("made")

    def note(self, step: str) -> None:
        w = self.w
        self.rows.append([step, _json(w.scene), repr(w), w.announcement])

    def intent(self, step: str, intent: dict[str, Any]) -> None:
        self.w.handle_intent(intent)
        self.note(step)

    def action(self, name: str) -> None:
        self.intent(f"action {name}", {"kind": "action", "id": name})

    def select(self) -> None:
        """A hand card clicked (and the last option offered, if any), as a learner does."""
        hand = self.w.zone("hand")["cards"]
        if not hand:
            return
        card = hand[self.rng.below(len(hand))]["id"]
        self.intent(f"card {card}", {"kind": "card", "zone": "hand", "card": card})
        options = self.w.scene.get("options") or []
        if options:
            index = options[-1]["index"]
            self.intent(f"option {index}", {"kind": "option", "index": index})

    def play_on(self, moves: int, *, languages: bool = True, hints: bool = True) -> None:
        """Up to ``moves`` turns: a selection, now and then the other language or a hint,
        then a random legal move (or Continue at a pause, One move when watching)."""
        w = self.w
        for turn in range(moves):
            if w.state.is_over and not w.paused:
                return
            if w.players:
                self.action("watch-step")
                continue
            if w.paused:
                self.action("continue")
                continue
            if getattr(w, "asking", False):
                self.intent("guess", {"kind": "option", "index": turn % 2})
                continue
            if not w.is_my_turn():
                return
            self.select()
            if languages and turn % 4 == 1:
                w.locale = "de" if w.locale == "en" else "en"
                self.note(f"locale {w.locale}")
            if hints and turn % 5 == 2:
                self.action("hint")
            w.play(RandomOpponent(self.rng.below(1000)).choose(w.state))
            self.note(f"play {w.last_move}")

    def history(self) -> None:
        """The history controls: the slider, back, a turn back, forward, start, end."""
        w = self.w
        self.intent("goto", {"kind": "goto", "ply": max(0, w.ply - 3)})
        self.action("back")
        self.intent("turn back", {"kind": "turn", "step": -1})
        self.action("forward")
        self.intent("turn forward", {"kind": "turn", "step": 1})
        self.action("start")
        self.action("end")

    def branch(self) -> None:
        """A move played from an earlier position (a new line), then undo."""
        w = self.w
        for back in range(1, len(w.line)):
            w.goto(w.line[-1 - back].ply)
            if w.is_my_turn():
                break
        self.note(f"back to {w.ply}")
        if w.is_my_turn():
            w.play(RandomOpponent(self.rng.below(1000)).choose(w.state))
            self.note(f"branch {w.last_move}")
        self.action("undo")

    def refusals(self) -> None:
        """A stale click, a card that is gone, a malformed intent."""
        stale = {"type": "intent", "version": self.w.version - 1, "intent": {"kind": "action"}}
        self.w.handle_intent(stale, bare=False)
        self.note("stale")
        self.intent("gone", {"kind": "card", "zone": "hand", "card": "nothing"})
        self.intent("malformed", {"kind": ["goto"]})

    def new_games(self) -> None:
        self.action("new")
        self.action("new-cancel")
        self.action("new")
        self.action("new-confirm")

    def teacher(self) -> None:
        """The teacher panel's controls."""
        for name in ("random", "human", "greedy"):
            self.intent(
                f"opponent {name}", {"kind": "teacher", "control": "opponent", "name": name}
            )
        self.intent("reveal", {"kind": "teacher", "control": "reveal", "on": True})
        self.intent("undo", {"kind": "teacher", "control": "undo"})
        self.intent("seed 7", {"kind": "teacher", "control": "new", "seed": "7"})
        self.intent("bad seed", {"kind": "teacher", "control": "new", "seed": "-3"})
        self.intent("next seed", {"kind": "teacher", "control": "new", "seed": ""})


def _full(recorder: Recorder, moves: int) -> Record:
    recorder.play_on(moves)
    recorder.history()
    recorder.branch()
    recorder.refusals()
    recorder.new_games()
    recorder.play_on(3)
    return recorder.rows


def _taught(recorder: Recorder, moves: int) -> Record:
    recorder.play_on(moves, hints=False)
    recorder.teacher()
    recorder.play_on(4, hints=False)
    recorder.history()
    return recorder.rows


def _analysed(recorder: Recorder, moves: int) -> Record:
    w = recorder.w
    recorder.play_on(moves, languages=False, hints=False)
    recorder.action("analysis")
    recorder.play_on(3, hints=False)
    w.analysis_allowed = False
    recorder.note("analysis not allowed")
    w.analysis_allowed = True
    w.analysis = True
    recorder.note("analysis again")
    recorder.history()
    return recorder.rows


def _watched(recorder: Recorder, moves: int) -> Record:
    w = recorder.w
    recorder.play_on(moves)
    w.locale = "de"
    recorder.note("locale de")
    recorder.history()
    recorder.action("undo")
    recorder.action("watch-step")
    recorder.new_games()
    return recorder.rows


def _puzzles() -> Record:
    from cardwidgets import tablic

    start = tablic.State.from_position(
        table=["3♠", "5♥", "K♦"], hands=[["8♣", "10♦"], ["5♦", "3♣"]], to_move=0, dealer=1
    )
    puzzle = Puzzle(
        "tablic", start.to_record(), 0, 0, start.code(0), "exact", "8♣ x 3♠ 5♥", "10♦", 6.0, -6.0
    )
    recorder = Recorder(puzzle_widget("tablic", puzzles=[puzzle, puzzle]), "puzzles")
    recorder.select()
    recorder.w.play("10♦")
    recorder.note("answered")
    recorder.action("analysis")
    recorder.action("puzzle-next")
    recorder.w.play("8♣ x 3♠ 5♥")
    recorder.note("answered right")
    recorder.history()
    return recorder.rows


SCENARIOS: dict[str, Callable[[], Record]] = {
    "tablic": lambda: _full(Recorder(TablicWidget(seed=5), "tablic"), 30),
    "tablic-hot-seat": lambda: _full(
        Recorder(TablicWidget(seed=6, opponent="human", open_hands=True), "hot"), 20
    ),
    "tablic-seat-1": lambda: _full(Recorder(TablicWidget(seed=7, seat=1, pace=0), "seat1"), 20),
    "tablic-teacher": lambda: _taught(Recorder(TablicWidget(seed=8, teacher=True), "teach"), 6),
    "tablic-analysis": lambda: _analysed(Recorder(TablicWidget(seed=9, pace=0), "an"), 3),
    "tablic-watch": lambda: _watched(
        Recorder(TablicWidget(seed=3, players=("greedy", "random")), "watch"), 60
    ),
    "panjpar": lambda: _full(Recorder(PanjparWidget(seed=5), "panjpar"), 30),
    "panjpar-ask": lambda: _full(Recorder(PanjparWidget(seed=4, guess="ask"), "ask"), 12),
    "panjpar-hot-seat": lambda: _full(
        Recorder(PanjparWidget(seed=7, opponent="human", legend=False), "phot"), 20
    ),
    "panjpar-teacher": lambda: _taught(
        Recorder(PanjparWidget(seed=8, teacher=True, locale="de"), "pteach"), 5
    ),
    "panjpar-analysis": lambda: _analysed(Recorder(PanjparWidget(seed=9, pace=0), "pan"), 2),
    "panjpar-watch": lambda: _watched(
        Recorder(PanjparWidget(seed=3, players=("random", "greedy"), pace=0), "pw"), 40
    ),
    "pazaak": lambda: _full(Recorder(PazaakWidget(seed=5), "pazaak"), 30),
    "pazaak-seat-1": lambda: _full(
        Recorder(PazaakWidget(seed=8, seat=1, odds=False, size="large"), "zseat1"), 25
    ),
    "pazaak-hot-seat": lambda: _full(Recorder(PazaakWidget(seed=2, opponent="human"), "zh"), 20),
    "pazaak-teacher": lambda: _taught(Recorder(PazaakWidget(seed=8, teacher=True), "zteach"), 6),
    "pazaak-analysis": lambda: _analysed(Recorder(PazaakWidget(seed=9, pace=0), "zan"), 3),
    "pazaak-watch": lambda: _watched(
        Recorder(PazaakWidget(seed=3, players=("greedy", "greedy")), "zw"), 40
    ),
    "tablic-puzzles": _puzzles,
}


def path(name: str, folder: Path = HERE) -> Path:
    return folder / f"{name}.json.gz"


def read(name: str, folder: Path = HERE) -> Record:
    rows: Record = json.loads(gzip.decompress(path(name, folder).read_bytes()).decode())
    return rows


def write(name: str, rows: Record, folder: Path = HERE) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    data = json.dumps(rows, ensure_ascii=False, indent=0).encode()
    path(name, folder).write_bytes(gzip.compress(data, mtime=0))


def _diff(name: str, was: Record, now: Record) -> None:
    """Print the first step where ``now`` differs from ``was``, around the first change."""
    for row, (old, new) in enumerate(zip(was, now, strict=False)):
        for label, a, b in zip(("step", "scene", "repr", "said"), old, new, strict=True):
            if a != b:
                at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), 0)
                print(f"{name} row {row} ({old[0]}), {label} from character {at}:")
                print(f"  was …{a[max(0, at - 200) : at + 300]}")
                print(f"  now …{b[max(0, at - 200) : at + 300]}")
                return
    if len(was) != len(now):
        print(f"{name}: {len(was)} steps recorded, {len(now)} now")


def main(argv: list[str]) -> None:
    if os.environ.get("PYTHONHASHSEED") != HASH_SEED:
        # Some scene parts follow a set's order (the previews of a hand): fixed string hashes
        # make that order the same in every run, so the bytes can be compared.
        env = {**os.environ, "PYTHONHASHSEED": HASH_SEED}
        sys.exit(subprocess.run([sys.executable, __file__, *argv], env=env, check=False).returncode)
    folder = HERE
    if argv[:1] == ["--out"]:
        folder, argv = Path(argv[1]), argv[2:]
    if argv[:1] == ["--diff"]:
        for name in argv[1:]:
            _diff(name, read(name, folder), SCENARIOS[name]())
        return
    for name in argv or sorted(SCENARIOS):
        rows = SCENARIOS[name]()
        write(name, rows, folder)
        print(name, len(rows), "steps")


if __name__ == "__main__":
    main(sys.argv[1:])
