"""The teacher panel of a scene, as a function of the moment and the table's seats: who plays
against the learner, the seed of the game, whether undo has a move to take back, whether the
hands are revealed (its sentences are the catalog's ``widget.teacher.`` keys); the controls
it offers are carried out by :mod:`cardwidgets.widgets.teacher`.

>>> from cardwidgets import tablic
>>> from cardwidgets.present import Moment
>>> moment = Moment.of(tablic.new_game(seed=1).play("A♣ x 4♥ 7♦"), locale="de")
>>> shown = teacher_panel(moment, opponent="greedy", named=True, seed=1)
>>> shown["title"], shown["opponent"], shown["seed"], shown["undo"]
('Lehrkraft', 'greedy', '1', True)
>>> teacher_panel(Moment.of(tablic.new_game(seed=1)), opponent="", named=False, seed=1)["undo"]
False
"""

from __future__ import annotations

from cardwidgets import i18n
from cardwidgets import scene as _scene
from cardwidgets.present.base import Moment
from cardwidgets.table import undo_point

__all__ = ["OPPONENTS", "teacher_panel"]

OPPONENTS = ("random", "greedy", "expert", "human")
"""The opponents the panel offers (the names ``opponent=`` takes; ``"human"``: hot-seat)."""


def teacher_panel(
    moment: Moment, *, opponent: str, named: bool, seed: int | str
) -> _scene.TeacherPanel:
    """The teacher panel of ``moment``, in its language. ``opponent`` is the computer
    player's name against the learner (``""``: none, hot-seat or watching), ``named`` whether
    it was made from that name (else it is the teacher's own player), ``seed`` the game's."""
    locale = moment.locale

    def text(key: str, **params: object) -> str:
        return i18n.text(key, locale, **params)

    if moment.hot_seat:
        current = "" if moment.players else "human"
    else:
        current = opponent if opponent in OPPONENTS and named else ""
    choices: list[_scene.TeacherChoice] = [
        {"id": name, "label": text(f"widget.teacher.opponent.{name}")} for name in OPPONENTS
    ]
    if not current and not moment.hot_seat:
        choices.insert(0, {"id": "", "label": text("widget.teacher.opponent.other", name=opponent)})
    # Undo takes back the learner's last move and the replies (anyone's last move when no
    # computer plays against a learner).
    undo = undo_point(moment.line, None if moment.hot_seat else moment.seat) is not None
    return {
        "title": text("widget.teacher.title"),
        "opponent_label": text("widget.teacher.opponent"),
        "opponent": current,
        "opponents": choices,
        "choose": not moment.players,
        "seed_label": text("widget.teacher.seed"),
        "seed": str(seed),
        "new_label": text("widget.teacher.new"),
        "undo_label": text("widget.teacher.undo"),
        "undo": undo,
        "reveal_label": text("widget.teacher.reveal"),
        "reveal": bool(moment.open_hands),
    }
