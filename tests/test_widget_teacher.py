"""Teacher controls: the opponent chooser, a new game from a seed, undo and
the reveal switch, in every game, from Python and as intents from the page; their refusals
(translated, state unchanged), and the safety that only Python turns the panel (and so a
revealed hand) on."""

from __future__ import annotations

from typing import Any

import pytest
from language import assert_german

from cardwidgets import bots, i18n
from cardwidgets.table import read_seed, undo_point
from cardwidgets.widgets import GameWidget, PanjparWidget, PazaakWidget, TablicWidget
from cardwidgets.widgets.base import OptionError, RandomOpponent, WidgetError
from cardwidgets.widgets.teacher import OPPONENTS

GAMES = [TablicWidget, PanjparWidget, PazaakWidget]
ids = [w.game for w in GAMES]


def send(w: GameWidget[Any, Any], intent: dict[str, Any], version: int | None = None) -> None:
    """What the browser does: a custom message on the widget's comm, stamped with a version."""
    v = w.version if version is None else version
    w._handle_custom_msg({"type": "intent", "version": v, "intent": intent}, [])


def teacher(control: str, **fields: object) -> dict[str, Any]:
    return {"kind": "teacher", "control": control, **fields}


def learner_move(w: GameWidget[Any, Any]) -> None:
    """The learner plays the first legal move (after reading any summary)."""
    while w.paused:
        w.next()
    w.play(w.state.legal_moves()[0])


def snapshot(w: GameWidget[Any, Any]) -> tuple[object, ...]:
    """Everything a refused request must leave as it was."""
    return (
        w.state,
        w.line,
        w.cursor,
        w.branches,
        w.opponent,
        w.open_hands,
        w.game_seed,
        w.scene["zones"],
    )


# -- the panel --------------------------------------------------------------------------------
@pytest.mark.parametrize("widget", GAMES, ids=ids)
def test_the_panel_is_in_the_scene_only_when_the_teacher_turns_it_on(widget: Any) -> None:
    w = widget(seed=3)
    assert "teacher" not in w.scene  # a learner's widget looks as before
    w.teacher = True
    panel = w.scene["teacher"]
    assert [c["id"] for c in panel["opponents"]] == list(OPPONENTS)
    assert (panel["opponent"], panel["seed"], panel["reveal"], panel["choose"]) == (
        "greedy",
        "3",
        False,
        True,
    )
    w.teacher = False
    assert "teacher" not in w.scene


def test_the_panel_speaks_german_and_names_no_card() -> None:
    w = TablicWidget(seed=3, locale="de", teacher=True)
    panel = w.scene["teacher"]
    words = [panel[k] for k in ("title", "opponent_label", "seed_label", "new_label")]
    words += [panel["undo_label"], panel["reveal_label"]]
    words += [c["label"] for c in panel["opponents"]]
    assert panel["title"] == "Lehrkraft" and panel["reveal_label"] == "Hand des Computers aufdecken"
    for text in words:
        assert_german(text)
    assert not any(suit in " ".join(words) for suit in "♠♥♦♣")


def test_the_opponent_names_are_the_bots_players() -> None:
    assert set(OPPONENTS) == {*bots.PLAYERS, "human"}


def test_a_teachers_own_player_is_shown_as_such_and_the_chooser_is_off_when_watching() -> None:
    w = TablicWidget(seed=3, opponent=RandomOpponent(2), teacher=True)
    panel = w.scene["teacher"]
    assert panel["opponent"] == "" and panel["opponents"][0]["id"] == ""
    assert "RandomOpponent" in panel["opponents"][0]["label"]
    watched = TablicWidget(seed=3, players=("greedy", "random"), teacher=True)
    assert watched.scene["teacher"]["choose"] is False


# -- the opponent -----------------------------------------------------------------------------
@pytest.mark.parametrize("widget", GAMES, ids=ids)
def test_the_opponent_setter_takes_the_constructors_names(widget: Any) -> None:
    w = widget(seed=4)
    for name, kind in [("random", "RandomPlayer"), ("expert", "ExpertPlayer")]:
        w.opponent = name
        assert type(w.opponent).__name__ == kind and w.opponent_name == name
    w.opponent = "human"
    assert w.opponent is None
    w.opponent = "greedy"
    assert type(w.opponent).__name__ == "GreedyPlayer"
    assert w.message == "The opponent is now Greedy; it plays from its next move."
    w.locale = "de"  # the message follows the language, the bot's name too
    assert w.message == "Der Gegner ist jetzt Gierig; er spielt ab seinem nächsten Zug."


@pytest.mark.parametrize("bad", ["grandmaster", "", 3, object(), ["expert"]])
def test_the_opponent_setter_refuses_others_with_a_translated_option_error(bad: object) -> None:
    w = TablicWidget(seed=4, locale="de", opponent="expert")
    before = w.opponent
    with pytest.raises(OptionError) as refused:
        w.opponent = bad
    assert isinstance(refused.value, ValueError)
    assert str(refused.value).startswith("Die Einstellung opponent kann nicht")
    assert_german(str(refused.value), "choose")
    assert w.opponent is before


def test_a_new_opponent_plays_from_its_next_reply() -> None:
    w = TablicWidget(seed=4)
    seen: list[int] = []

    class Recorder:
        def choose(self, state: Any) -> Any:
            seen.append(state.ply)
            return state.legal_moves()[0]

    w.opponent = Recorder()
    assert seen == []  # the learner's turn: nobody replies yet
    learner_move(w)
    assert seen == [1]


def test_an_opponent_chosen_while_it_is_its_turn_moves_at_once() -> None:
    w = TablicWidget(seed=4, opponent="human")
    learner_move(w)  # hot-seat: seat 1 to move now
    assert w.state.to_move == 1
    w.opponent = "greedy"
    assert w.state.to_move == 0 and w.state.ply == 2


def test_an_opponent_whose_first_move_is_illegal_is_refused_and_the_old_one_stays() -> None:
    w = TablicWidget(seed=4, opponent="human")
    learner_move(w)  # hot-seat: seat 1 to move, so a new opponent moves at once

    class Cheat:
        def choose(self, state: Any) -> Any:
            return "K♠ x A♠"

    before = snapshot(w)
    with pytest.raises(WidgetError, match="not allowed"):
        w.opponent = Cheat()
    assert snapshot(w) == before


@pytest.mark.parametrize("widget", GAMES, ids=ids)
def test_the_opponent_intent_changes_the_opponent(widget: Any) -> None:
    w = widget(seed=4, teacher=True)
    send(w, teacher("opponent", name="expert"))
    assert type(w.opponent).__name__ == "ExpertPlayer"
    assert w.scene["teacher"]["opponent"] == "expert"


@pytest.mark.parametrize(
    ("intent", "says"),
    [
        (teacher("opponent", name="grandmaster"), "cannot be 'grandmaster'"),
        (teacher("opponent", name=["expert"]), "does not understand"),
        (teacher("opponent"), "does not understand"),
        (teacher("reveal", on="yes"), "does not understand"),
        (teacher("reveal"), "does not understand"),
        (teacher("new", seed=[7]), "does not understand"),
        (teacher("new", seed=7.5), "does not understand"),
        (teacher("new", seed=True), "does not understand"),
        (teacher("new", seed="-3"), "A seed is a whole number"),
        (teacher("new", seed="x" * 65), "A seed is a whole number"),
        (teacher("new", seed="7\x00"), "A seed is a whole number"),
        (teacher("undo"), "no move of yours"),
        (teacher("teleport"), "does not understand"),
        (teacher(None), "does not understand"),  # type: ignore[arg-type]
    ],
)
def test_a_malformed_or_refused_teacher_intent_is_refused_with_a_reason(
    intent: dict[str, Any], says: str
) -> None:
    w = TablicWidget(seed=4, teacher=True)
    before = snapshot(w)
    send(w, intent)
    assert w.message is not None and says in w.message
    assert snapshot(w) == before


def test_a_stale_teacher_intent_is_refused() -> None:
    w = TablicWidget(seed=4, teacher=True)
    old = w.version
    learner_move(w)
    before = snapshot(w)
    send(w, teacher("undo"), version=old)
    assert w.message is not None and "older picture" in w.message
    assert snapshot(w) == before


@pytest.mark.parametrize(
    "intent",
    [teacher("opponent", name="expert"), teacher("new", seed="7"), teacher("reveal", on=True)],
)
def test_every_teacher_intent_is_refused_without_the_teacher_option(
    intent: dict[str, Any],
) -> None:
    w = TablicWidget(seed=4, locale="de")
    before = snapshot(w)
    send(w, intent)
    assert w.message is not None and w.message.startswith("Die Bedienelemente für Lehrkräfte")
    assert_german(w.message, "teacher", "True", "Python")
    assert snapshot(w) == before


def test_the_page_cannot_turn_the_panel_or_the_open_hands_on() -> None:
    w = TablicWidget(seed=4)
    w.set_state({"teacher": True, "open_hands": True})
    assert (w.teacher, w.open_hands) == (False, False)
    assert "teacher" not in w.scene


# -- a new game from a seed -------------------------------------------------------------------
@pytest.mark.parametrize("widget", GAMES, ids=ids)
def test_new_with_a_seed_deals_the_same_game_twice_and_what_the_constructor_deals(
    widget: Any,
) -> None:
    w = widget(seed=1)
    w.new(seed=5)
    first = [s.to_record() for s in w.line]
    learner_move(w)
    w.new(seed=5)
    assert [s.to_record() for s in w.line] == first
    assert [s.to_record() for s in widget(seed=5).line] == first  # the opponent seeded alike
    assert w.game_seed == 5 and w.message == "A new game has started (seed 5)."
    w.new()  # no seed: follows on from the new one
    assert w.game_seed == "5/1"
    assert [s.to_record() for s in w.line] == [s.to_record() for s in _renewed(widget, 5)]


def _renewed(widget: Any, seed: int) -> tuple[Any, ...]:
    other = widget(seed=seed)
    other.new()
    return tuple(other.line)


@pytest.mark.parametrize("widget", GAMES, ids=ids)
def test_the_new_intent_takes_the_seed_text(widget: Any) -> None:
    w = widget(seed=1, teacher=True)
    send(w, teacher("new", seed=" 7 "))
    assert w.message == "A new game has started (seed 7)."
    assert w.game_seed == 7 and w.scene["teacher"]["seed"] == "7"
    assert w.state.to_record() == widget(seed=7).state.to_record()
    send(w, teacher("new", seed=""))  # an empty field: the next game of this seed
    assert w.game_seed == "7/1"


def test_a_widget_made_with_its_own_player_keeps_it_in_a_new_game() -> None:
    mine = RandomOpponent(9)
    w = TablicWidget(seed=1, opponent=mine)
    w.new(seed=2)
    assert w.opponent is mine


@pytest.mark.parametrize("bad", ["", "  ", "-3", "+4", "x" * 65, "a\nb", 2**63, -1, True, 1.5])
def test_a_bad_seed_is_refused_in_the_widgets_language_state_unchanged(bad: object) -> None:
    w = TablicWidget(seed=1, locale="de")
    learner_move(w)
    before = snapshot(w)
    with pytest.raises(WidgetError) as refused:
        w.new(seed=bad)  # type: ignore[arg-type]
    assert isinstance(refused.value, ValueError)
    assert w.message == refused.value.text("de")
    assert w.message.startswith("Ein Startwert ist eine ganze Zahl")
    assert_german(w.message, i18n.shown(bad))
    assert snapshot(w) == before


@pytest.mark.parametrize(
    ("given", "seed"), [(7, 7), (" 7 ", 7), ("007", 7), ("lesson 1", "lesson 1"), ("5/2", "5/2")]
)
def test_read_seed_takes_numbers_and_short_words(given: object, seed: object) -> None:
    assert read_seed(given) == seed


# -- undo -------------------------------------------------------------------------------------
@pytest.mark.parametrize("widget", GAMES, ids=ids)
def test_undo_goes_back_to_the_learners_previous_turn_and_replay_gives_the_same_state(
    widget: Any,
) -> None:
    w = widget(seed=11)
    learner_move(w)
    while w.paused:
        w.next()
    turn = len(w.line) - 1  # the learner's turn, after the computer's replies
    move = w.state.legal_moves()[0]
    w.play(move)
    played = [s.to_record() for s in w.line]
    end = w.line[-1]
    w.undo()
    assert w.cursor == turn == len(w.line) - 1
    assert w.state.to_move == w.seat and w.is_my_turn()
    assert w.branches[-1] is end  # the undone line is kept, as the history keeps its lines
    w.play(move)
    assert [s.to_record() for s in w.line] == played


@pytest.mark.parametrize("widget", GAMES, ids=ids)
def test_undo_with_nothing_to_take_back_is_refused_in_the_widgets_language(widget: Any) -> None:
    w = widget(seed=11, locale="de")
    before = snapshot(w)
    with pytest.raises(WidgetError) as refused:
        w.undo()
    said = "Es gibt keinen Zug von dir, der sich zurücknehmen ließe."
    assert w.message == refused.value.text("de") == said
    assert_german(w.message)
    assert snapshot(w) == before
    assert w.can_undo() is False


@pytest.mark.parametrize("widget", GAMES, ids=ids)
def test_the_undo_intent_takes_back_the_move(widget: Any) -> None:
    w = widget(seed=11, teacher=True)
    assert w.scene["teacher"]["undo"] is False
    start = w.state
    learner_move(w)
    assert w.scene["teacher"]["undo"] is True
    send(w, teacher("undo"))
    assert w.state is start and w.message is None
    assert w.announcement.endswith("taken back: your turn again (move 0).")


def test_undo_from_an_earlier_position_undoes_the_end_of_the_line() -> None:
    w = TablicWidget(seed=11)
    learner_move(w)
    learner_move(w)
    w.start()
    w.undo()
    assert w.cursor == len(w.line) - 1 == 2


def test_undo_in_hot_seat_takes_back_one_move() -> None:
    w = TablicWidget(seed=11, opponent="human")
    learner_move(w)
    learner_move(w)
    w.undo()
    assert w.state.ply == 1
    assert w.announcement == "1 move taken back (move 1)."


def test_undo_while_watching_takes_back_one_move() -> None:
    w = TablicWidget(seed=11, players=("greedy", "random"))
    w.step()
    w.step()
    w.undo()
    assert w.state.ply == 1


def test_undo_past_a_summary_shows_the_summary_again_on_replay() -> None:
    """A Pazaak set ends on the learner's stand: undo before it, stand again, and the set's
    summary pauses the game again (its dismissal was taken back with the moves)."""
    w = PazaakWidget(seed=2)
    for _ in range(60):
        if w.paused:
            break
        learner_move(w)
    assert w.paused, "a set ended"
    summary = w.state.ply
    w.next()
    w.undo()
    assert w.state.ply < summary and not w.paused
    for _ in range(60):
        if w.paused:
            break
        learner_move(w)
    assert w.paused and w.state.ply == summary


def test_undo_point_finds_the_learners_last_move() -> None:
    from cardwidgets import tablic

    line = tablic.new_game(seed=1).play("A♣ x 4♥ 7♦").play("J♥ x J♠").path()
    assert [undo_point(line, 0), undo_point(line, 1), undo_point(line, None)] == [0, 1, 1]
    assert undo_point(line[:1], 0) is None and undo_point(line[:1], None) is None


# -- reveal -----------------------------------------------------------------------------------
@pytest.mark.parametrize("widget", GAMES, ids=ids)
def test_the_reveal_intent_shows_the_computers_hand_only_with_the_teacher_option(
    widget: Any,
) -> None:
    w = widget(seed=6, teacher=True)
    kinds = {c["kind"] for c in w.zone("opponent-hand")["cards"]}
    assert kinds == {"back"}
    send(w, teacher("reveal", on=True))
    assert w.open_hands is True and w.scene["teacher"]["reveal"] is True
    assert "back" not in {c["kind"] for c in w.zone("opponent-hand")["cards"]}
    send(w, teacher("reveal", on=False))
    assert w.open_hands is False
    assert {c["kind"] for c in w.zone("opponent-hand")["cards"]} == {"back"}
    w.teacher = False
    send(w, teacher("reveal", on=True))
    assert w.open_hands is False
    assert {c["kind"] for c in w.zone("opponent-hand")["cards"]} == {"back"}
