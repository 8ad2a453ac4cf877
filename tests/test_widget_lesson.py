"""The lesson widget from Python, driven by the intents the page sends: every example lesson
stepped through and answered wrong then right, the attempts kept and saved as CSV and JSON,
German, refusals with their reasons, and hidden cards (twin lessons give equal traits)."""

from __future__ import annotations

import csv
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from cardwidgets import lessons, panjpar, pazaak, tablic
from cardwidgets.lessons.attempts import AttemptsError
from cardwidgets.widgets import LessonWidget, PazaakWidget, TablicWidget
from cardwidgets.widgets.base import WidgetError

EXAMPLES = lessons.examples()


def click(w: Any, intent: dict[str, Any]) -> bool:
    return bool(w.handle_intent({"type": "intent", "version": w.version, "intent": intent}))


def press(w: Any, action: str) -> bool:
    return click(w, {"kind": "action", "id": action})


def card(w: Any, zone: str, name: str) -> bool:
    return click(w, {"kind": "card", "zone": zone, "card": name})


def play_by_clicks(w: Any, text: str) -> None:
    """Make the move ``text`` the way a learner does on the board: cards, then the button."""
    move = w.engine.Move.parse(text)
    if isinstance(move, tablic.Move):
        assert card(w, "hand", str(move.card)), w.message
        if not move.captured:
            assert press(w, "trail"), w.message
            return
        for table_card in sorted(set(w.chosen) ^ set(move.captured), key=str):
            assert card(w, "table", str(table_card)), w.message
        assert press(w, "play"), w.message
    elif isinstance(move, pazaak.PlayCard):
        assert card(w, "hand", str(move.card)), w.message
        assert press(w, "play"), w.message
    elif isinstance(move, (pazaak.EndTurn, pazaak.Stand)):
        assert press(w, "end-turn" if isinstance(move, pazaak.EndTurn) else "stand"), w.message
    elif isinstance(move, panjpar.Attack):
        for attack_card in move.cards:
            assert card(w, "hand", str(attack_card)), w.message
        assert press(w, "attack"), w.message
    else:
        assert isinstance(move, panjpar.Defend)
        pairs = list(move.kills.pairs)
        if not pairs:
            assert press(w, "pickup"), w.message
            return
        for attacked, killer in pairs:
            assert card(w, "battle", str(attacked)), w.message
            assert card(w, "hand", str(killer)), w.message
        assert press(w, "defend"), w.message


def mark(w: Any, moves: list[str]) -> None:
    """Mark just ``moves`` among a legal question's choices (the marks stay after a wrong
    answer: toggle those that differ), then press Check."""
    wanted = {w.exercise.choices.index(move) for move in moves}
    marked = {o["index"] for o in w.scene["options"] if o["selected"]}
    for index in sorted(wanted ^ marked):
        assert click(w, {"kind": "option", "index": index}), w.message
    assert press(w, "lesson-check"), w.message


def answer_by_clicks(w: Any, right: bool) -> None:
    exercise = w.exercise
    if exercise.question == "legal":
        chosen = list(exercise.answers) if right else [exercise.choices[0]]
        if not right and set(chosen) == set(exercise.answers):
            chosen = list(exercise.choices)
        mark(w, chosen)
    elif exercise.question == "chance":
        typed = f"{float(Fraction(exercise.answers[0])):.0%}"
        assert click(w, {"kind": "answer", "text": typed if right else "99%"}), w.message
    else:
        wrong = [m for m in exercise.moves() if m not in exercise.answers]
        play_by_clicks(w, exercise.answers[0] if right else wrong[0])


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_lesson_stepped_through_and_answered_wrong_then_right(name: str) -> None:
    w = LessonWidget(name, pace=0)
    lesson = w.lesson
    count = len(lesson.steps)
    for index, step in enumerate(lesson.steps):
        if index:
            assert press(w, "lesson-next"), w.message
        assert w.step_number == index + 1
        title = w.scene["analysis"]["title"]
        assert title.startswith(f"Step {index + 1} of {count}")
        if not isinstance(step, lessons.Exercise):
            assert w.scene["analysis"]["text"] == step.text["en"]
            assert w.scene["banner"]["text"] == "Read, then press Next."
            continue
        assert f"exercise {step.number} of {len(lesson.exercises)}" in title
        assert w.scene["analysis"]["text"].startswith(step.prompt["en"])
        before = w.state
        answer_by_clicks(w, right=False)
        assert w.state is before  # judged, not played
        assert w.verdict is not None and not w.verdict.correct
        assert w.scene["banner"]["text"].startswith("Not quite")
        assert step.explanation["en"] in w.scene["analysis"]["text"]
        answer_by_clicks(w, right=True)
        assert w.verdict is not None and w.verdict.correct, w.scene["analysis"]["text"]
        assert "Right." in w.scene["analysis"]["text"]
        assert w.announcement == "Right."
        # Answered right: the exercise is closed, its controls gone, Next the primary button.
        ids = {a["id"]: a for a in w.scene["actions"]}
        assert "lesson-check" not in ids and "play" not in ids
        assert ids.get("lesson-next", {}).get("primary", False) or index == count - 1
        with pytest.raises(WidgetError, match="answered this exercise right already"):
            w.answer(list(step.answers) if step.question == "legal" else step.answers[0])
    assert press(w, "lesson-next") is False  # the last step: the button is off
    assert w.message == "The button “Next” cannot be used right now."
    with pytest.raises(WidgetError, match="the last step of the lesson"):
        w.next_step()
    records = w.attempts
    assert [(a.exercise, a.correct) for a in records] == [
        (e.number, right) for e in lesson.exercises for right in (False, True)
    ]
    assert all(a.lesson == f"{name}.md" and a.hints == 0 for a in records)
    assert w.scene["banner"]["text"] == (
        f"Lesson done: {len(lesson.exercises)} of {len(lesson.exercises)} exercises answered right."
    )


def test_an_answered_exercise_refuses_another_answer_unrecorded() -> None:
    w = LessonWidget("tablic-captures")
    w.goto_step(2)
    w.answer(list(w.exercise.answers))
    with pytest.raises(WidgetError, match="answered this exercise right already"):
        w.answer(list(w.exercise.answers))
    assert click(w, {"kind": "option", "index": 0}) is False
    assert len(w.attempts) == 1


def test_the_widget_is_the_games_widget() -> None:
    w = LessonWidget(lessons.load("pazaak-odds"), size="large", locale="de")
    assert isinstance(w, LessonWidget) and isinstance(w, PazaakWidget)
    assert type(w).__name__ == "PazaakLesson" and w.size == "large"
    assert isinstance(LessonWidget(Path(lessons.EXAMPLES / "tablic-captures.md")), TablicWidget)
    assert repr(w) == "PazaakLesson(pazaak lesson, step 1 of 4)"


def test_hints_on_request_are_counted_in_the_attempt() -> None:
    w = LessonWidget("tablic-captures")
    w.goto_step(3)  # exercise 2 has two hints
    hints = w.exercise.hints
    assert press(w, "hint")
    assert f"Hint 1 of 2: {hints[0]['en']}" in w.scene["analysis"]["text"]
    assert press(w, "hint")
    assert f"Hint 2 of 2: {hints[1]['en']}" in w.scene["analysis"]["text"]
    hint = next(a for a in w.scene["actions"] if a["id"] == "hint")
    assert hint["enabled"] is False
    assert press(w, "hint") is False  # the page's button is off; Python's call says why
    with pytest.raises(WidgetError, match="no further hint"):
        w.hint()
    play_by_clicks(w, w.exercise.answers[0])
    assert w.attempts[-1].hints == 2 and w.attempts[-1].correct


def test_attempts_are_saved_as_csv_and_json(tmp_path: Path) -> None:
    w = LessonWidget("pazaak-odds")
    w.goto_step(2)
    w.answer("50%")
    w.answer("13/36")
    w.goto_step(4)
    w.answer("stand")
    rows = w.attempts_rows()
    assert [(r["step"], r["answer"], r["correct"]) for r in rows] == [
        (2, "50%", False),
        (2, "13/36", True),
        (4, "stand", False),
    ]
    saved = w.save_attempts(tmp_path / "class.csv")
    with saved.open(encoding="utf-8", newline="") as handle:
        read = list(csv.DictReader(handle))
    assert [r["answer"] for r in read] == ["50%", "13/36", "stand"]
    assert [r["correct"] for r in read] == ["False", "True", "False"]
    assert list(read[0]) == [
        "lesson", "step", "exercise", "question", "answer", "correct", "time", "hints"
    ]  # fmt: skip
    w.save_attempts(str(tmp_path / "class.json"))
    assert json.loads((tmp_path / "class.json").read_text(encoding="utf-8")) == rows
    shown = w.attempts_table()
    assert "<table" in shown._repr_html_() and "13/36" in str(shown)
    w.locale = "de"
    with pytest.raises(AttemptsError, match=r"not 'class\.xlsx'") as refused:
        w.save_attempts(tmp_path / "class.xlsx")
    assert isinstance(refused.value, ValueError)
    assert (
        w.message
        == "Versuche werden als .csv- oder .json-Datei gespeichert, nicht als 'class.xlsx'."
    )
    assert not (tmp_path / "class.xlsx").exists()
    assert "Richtig" in str(w.attempts_table()) and "nein" in str(w.attempts_table())


def test_a_german_lesson_speaks_german_and_the_verdict_follows_the_language() -> None:
    w = LessonWidget("tablic-captures", locale="de")
    assert w.scene["title"] == "Erste Stiche"
    assert [a["label"] for a in w.scene["actions"]] == ["Zurück", "Weiter"]
    assert w.scene["banner"]["text"] == "Lies, dann drücke Weiter."
    w.next_step()
    mark(w, [w.exercise.choices[0]])
    text = w.scene["analysis"]["text"]
    assert "Deine Antwort: Spiele 8♥ und nimm 3♠ 5♦." in text and "Nicht ganz" in text
    assert w.scene["banner"]["text"].startswith("Nicht ganz")
    w.locale = "en"
    assert "Your answer: Play 8♥ and capture 3♠ 5♦." in w.scene["analysis"]["text"]
    w.locale = "de"
    assert press(w, "play") is False
    assert w.message == "Dieses Widget hat keine solche Schaltfläche; nichts wurde geändert."


def test_refusals_say_why_and_change_nothing() -> None:
    w = LessonWidget("pazaak-standing")
    assert card(w, "hand", "+1") is False  # prose: the cards are there to look at
    assert w.message is not None and "cards are there to look at" in w.message
    with pytest.raises(WidgetError, match="for reading"):
        w.answer("stand")
    w.next_step()  # stand or end: Play card is not a move this exercise asks about
    assert {a["id"] for a in w.scene["actions"]} >= {"stand", "end-turn"}
    assert "play" not in {a["id"] for a in w.scene["actions"]}
    with pytest.raises(WidgetError, match="not one of the moves this exercise asks about"):
        w.answer("play +1")
    assert click(w, {"kind": "answer", "text": "50%"}) is False  # no answer field here
    assert w.message is not None and "does not understand" in w.message
    stale = {
        "type": "intent",
        "version": w.version - 1,
        "intent": {"kind": "action", "id": "stand"},
    }
    assert w.handle_intent(stale) is False
    assert w.attempts == []
    w.goto_step(4)  # a side card: the rules refuse a sign the card does not have
    with pytest.raises(ValueError):
        w.answer("play -2")
    assert w.attempts == []
    with pytest.raises(WidgetError, match="no step 9"):
        w.goto_step(9)
    chance = LessonWidget("pazaak-odds")
    chance.goto_step(2)
    assert click(chance, {"kind": "answer", "text": "lots"}) is False
    assert chance.message is not None and "lots" in chance.message
    assert chance.attempts == []
    assert press(chance, "stand") is False  # a chance question: no move buttons
    with pytest.raises(WidgetError, match="asks for a chance"):
        chance.commit("stand")
    with pytest.raises(WidgetError, match="takes no state"):
        LessonWidget("pazaak-odds", state=pazaak.new_game(seed=1))
    with pytest.raises(WidgetError, match="not 42"):
        LessonWidget(42)


def test_a_chance_question_hides_the_teaching_odds() -> None:
    w = LessonWidget("pazaak-odds")
    w.goto_step(2)
    shown = json.dumps(w.scene, ensure_ascii=False)
    assert "13/36" not in shown and "36%" not in shown and "36 %" not in shown
    w.odds = True  # the switch stays on: the chance question hides the odds all the same
    assert "36%" not in json.dumps(w.scene, ensure_ascii=False)
    assert w.scene["analysis"]["answer"]["label"].startswith("Your answer")
    w.goto_step(4)  # stand or draw: the odds help
    assert "answer" not in w.scene["analysis"]


# -- hidden cards ----------------------------------------------------------------------------

TWIN = """```lesson
game: {game}
title.en: Twins
title.de: Zwillinge
```

```text
text.en: Look at the board.
text.de: Sieh dir das Spielfeld an.
```

```exercise
{position}
{question}
prompt.en: What now?
prompt.de: Was nun?
hint.en: Think.
hint.de: Denk nach.
explanation.en: Because.
explanation.de: Weil.
```
"""

TABLIC_LEGAL = "question: legal\nchoices: 8♥ x 3♠ 5♦ | 8♥ x 2♣ 5♦\nanswers: 8♥ x 3♠ 5♦"
PAZAAK_CHANCE = "question: chance\nanswers: 13/36"


def synced(w: Any) -> str:
    state = {
        k: v
        for k, v in w.get_state().items()
        if k not in ("_esm", "_css") and "IPY_MODEL_" not in str(v)
    }
    return json.dumps(state, ensure_ascii=False, sort_keys=True, default=str)


@pytest.mark.parametrize(
    ("game", "first", "second", "question", "steps"),
    [
        (
            "tablic",
            "table: 3♠ 5♦ 2♣ 6♥\nhands: 8♥ K♣ | 9♥ 4♣\nstock: Q♦ 7♠",
            "table: 3♠ 5♦ 2♣ 6♥\nhands: 8♥ K♣ | J♦ A♠\nstock: 10♣ 7♠",
            TABLIC_LEGAL,
            [
                {"kind": "card", "zone": "opponent-hand", "card": "hidden-1-0"},
                {"kind": "action", "id": "lesson-next"},
                {"kind": "action", "id": "hint"},
                {"kind": "option", "index": 1},
                {"kind": "action", "id": "lesson-check"},
                {"kind": "option", "index": 1},
                {"kind": "option", "index": 0},
                {"kind": "action", "id": "lesson-check"},
            ],
        ),
        (
            "pazaak",
            "hands: +1 | -1 -2\ndeck: 4 6 9\ntables: 10 | 10 9\nstanding: no | yes",
            "hands: +1 | +4 ±3\ndeck: 4 1 2\ntables: 10 | 10 9\nstanding: no | yes",
            PAZAAK_CHANCE,
            [
                {"kind": "action", "id": "lesson-next"},
                {"kind": "answer", "text": "80%"},
                {"kind": "action", "id": "hint"},
                {"kind": "answer", "text": "36%"},
            ],
        ),
    ],
)
def test_twin_lessons_that_differ_in_hidden_cards_give_equal_traits(
    game: str, first: str, second: str, question: str, steps: list[dict[str, Any]]
) -> None:
    made = [
        LessonWidget(TWIN.format(game=game, position=p, question=question), pace=0)
        for p in (first, second)
    ]
    a, b = made
    assert a.state.hands[1] != b.state.hands[1]
    assert synced(a) == synced(b)
    for intent in steps:
        assert click(a, intent) == click(b, intent)
        assert synced(a) == synced(b)
        assert (a.message, a.announcement) == (b.message, b.announcement)
    assert [x.correct for x in a.attempts] == [x.correct for x in b.attempts] == [False, True]
    a.locale = b.locale = "de"
    assert synced(a) == synced(b)
    assert a._repr_mimebundle_()[0]["text/html"] == b._repr_mimebundle_()[0]["text/html"]


def test_cards_that_do_not_answer_are_idle_and_unmarked() -> None:
    w = LessonWidget("tablic-captures")
    w.goto_step(3)  # a best question: the hand is there to play
    hand = w.zone("hand")["cards"]
    assert all(c["selectable"] for c in hand) and {c["highlight"] for c in hand} == {"playable"}
    w.goto_step(2)  # a legal question: the choices answer it, the cards are to look at
    cards = [c for zone in w.scene["zones"] for c in zone["cards"]]
    assert not any(c["selectable"] for c in cards)
    assert not any(c["highlight"] in ("playable", "hint") for c in cards)
    assert w.scene["previews"] == {}
    assert w.scene["analysis"]["text"].splitlines() == [w.exercise.prompt["en"]]
    w.hint()
    assert len(w.scene["analysis"]["text"].splitlines()) == 2


def test_stepping_to_an_exercise_of_the_other_seat_never_shows_its_hidden_hand() -> None:
    lines = [
        *("```exercise", "table: 3♠ 5♦ 2♣ 6♥", "hands: 8♥ K♣ | 9♥ 4♣", "stock: Q♦ 7♠"),
        *(TABLIC_LEGAL, "prompt.en: Now?", "prompt.de: Jetzt?"),
        *("explanation.en: So.", "explanation.de: So.", "```", ""),
    ]
    second = "\n".join(lines)
    first = "table: 3♠ 5♦ 2♣ 6♥\nhands: 9♥ 4♣ | 8♥ K♣\nto_move: 1\nstock: Q♦ 7♠"
    w = LessonWidget(TWIN.format(game="tablic", position=first, question=TABLIC_LEGAL) + second)
    scenes: list[str] = []
    w.observe(lambda change: scenes.append(json.dumps(change["new"], ensure_ascii=False)), "scene")
    assert w.seat == 1
    for act in (w.next_step, w.next_step, w.back_step, w.back_step):
        act()
    assert w.seat == 1 and len(scenes) == 4  # one scene a step, none in between
    assert not any("9♥" in shown or "4♣" in shown for shown in scenes)
    assert [c["id"] for c in w.zone("hand")["cards"]] == ["8♥", "K♣"]
