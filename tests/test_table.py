"""The table (:mod:`cardwidgets.table`): a game's flow without Jupyter.

Random play through the table agrees move for move with the plain engine loop in every game and
rule variant; the table pauses where today's widget pauses (its presenters' summaries) and stops
where the widget stops; the line, cursor, branches and undo; events; the lab's fast loop and the
table play the same games; and bad input gets a reason, the table unchanged.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from cardwidgets import IllegalMove, Table, bots, cards, i18n, panjpar, pazaak, tablic
from cardwidgets.core import GameState, SeatError
from cardwidgets.games import UnknownGame
from cardwidgets.table import Event, TableError, pause_after, undo_point

TABLIC_RULES = [
    tablic.Rules(capture_must_be_maximal=maximal, final_card_tabla=final, leftovers_to=leftovers,
                 target=target)
    for maximal, final, leftovers, target in itertools.product(
        (False, True), (False, True), ("last_capturer", "dealer"), (101, 30)
    )
]  # fmt: skip
PANJPAR_RULES = [
    panjpar.Rules(pickup=pickup, hand_size=size)
    for pickup, size in itertools.product(
        panjpar.Rules.choices["pickup"], panjpar.Rules.choices["hand_size"]
    )
]
PAZAAK_RULES = [
    pazaak.Rules(main_deck=deck, fill_table_wins=fill, gold_cards=gold)
    for deck, fill, gold in itertools.product(
        ("finite40", "uniform_with_replacement"), (False, True), (False, True)
    )
] + [pazaak.Rules.seed(), pazaak.Rules.kotor1(), pazaak.Rules.kotor2()]
VARIANTS = (
    [("tablic", r) for r in TABLIC_RULES]
    + [("panjpar", r) for r in PANJPAR_RULES]
    + [("pazaak", r) for r in PAZAAK_RULES]
)
ENGINES = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}


class Shared:
    """A random player drawing from one random stream shared by both seats, so the plain loop
    and the table draw the same numbers in the same order."""

    def __init__(self, rng: cards.Rng) -> None:
        self.rng = rng

    def choose(self, state: Any) -> Any:
        return state.random_move(self.rng)


def plain_game(game: str, rules: Any, seed: int) -> GameState[Any]:
    """The plain engine loop: the seat to move plays a random move until the game is over."""
    rng = cards.Rng(f"moves:{seed}")
    state: GameState[Any] = ENGINES[game].new_game(seed=seed, rules=rules)
    while not state.is_over:
        state = state.play(state.random_move(rng))
    return state


def variant_id(variant: tuple[str, Any]) -> str:
    game, rules = variant
    return f"{game}-{'-'.join(str(v) for v in rules.to_dict().values())}"


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_watching_random_players_agrees_move_for_move_with_the_plain_loop(
    variant: tuple[str, Any],
) -> None:
    game, rules = variant
    expected = plain_game(game, rules, seed=7)
    player = Shared(cards.Rng("moves:7"))
    table = Table(game, seed=7, rules=rules, players=(player, player))
    moves = []
    while not table.state.is_over:
        moves += [e.move for e in table.step() if e.kind == "move"]
    assert table.state.history == expected.history
    assert tuple(moves) == expected.history  # one "move" event per move, in order
    assert table.state.outcome == expected.outcome


@pytest.mark.parametrize("variant", VARIANTS[::3], ids=variant_id)
def test_a_learner_against_a_computer_agrees_with_the_plain_loop(
    variant: tuple[str, Any],
) -> None:
    game, rules = variant
    expected = plain_game(game, rules, seed=11)
    rng = cards.Rng("moves:11")
    table = Table(game, seed=11, rules=rules, seat=1, opponent=Shared(rng))
    while not table.state.is_over or table.paused:
        if table.paused:
            table.resume()
        else:
            table.play(table.state.random_move(rng))
    assert table.state.history == expected.history


# -- the pauses are today's widget pauses -----------------------------------------------------


def _presenter_pauses(state: GameState[Any]) -> list[bool]:
    """Where today's presenters pause the line of ``state`` (a summary is pending)."""
    from cardwidgets.present import PRESENTERS, Moment

    presenter = PRESENTERS[state.game](Moment.of(state))
    return [presenter.pending_summary(i) is not None for i in range(state.ply + 1)]


@pytest.mark.parametrize("game", ["tablic", "panjpar", "pazaak"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_pauses_are_the_presenters_summaries_over_seeded_games(game: str, seed: int) -> None:
    # T-S18 (a Tablić deal is scored), the end of a Pazaak set, the end of a Panjpar game.
    table = Table(game, seed=seed, players=("greedy", "random"))
    while not table.state.is_over:
        table.step()
    line = table.state.path()
    assert [pause_after(s) is not None for s in line] == _presenter_pauses(table.state)
    assert any(pause_after(s) for s in line)  # the check can fail: pauses happen


def _widget(game: str, seed: int) -> Any:
    from cardwidgets.widgets import PanjparWidget, PazaakWidget, TablicWidget

    kind = {"tablic": TablicWidget, "panjpar": PanjparWidget, "pazaak": PazaakWidget}[game]
    return kind(seed=seed, pace=0)  # its default opponent: greedy, seeded as "seed:opponent"


@pytest.mark.parametrize("game", ["tablic", "panjpar", "pazaak"])
def test_the_table_stops_where_the_widget_stops(game: str) -> None:
    seed = 4 if game != "tablic" else 5
    widget = _widget(game, seed)
    table = Table(game, seed=seed, opponent="greedy")
    learner = bots.GreedyPlayer(seed="learner")
    pauses, wanted = 0, 1 if game == "tablic" else 2  # a deal, two sets, a Panjpar game
    while pauses < wanted:
        assert [s.history for s in table.line] == [s.history for s in widget.line]
        assert (table.cursor, table.paused) == (widget.cursor, widget.paused)
        assert table.learner_to_move() == widget.is_my_turn()
        if widget.state.is_over and not widget.paused:
            break
        if widget.paused:
            widget.next()
            table.resume()
            pauses += 1
        else:
            move = learner.choose(widget.state)
            widget.play(move)
            table.play(move)
    assert table.state.ply >= 10  # a real stretch of play was compared


def test_changing_sides_and_opponents_moves_as_the_widget_does() -> None:
    from cardwidgets.widgets import PazaakWidget, TablicWidget

    widget, table = TablicWidget(seed=1, pace=0), Table("tablic", seed=1, opponent="greedy")
    widget.seat = table.seat = 1  # the computer now holds seat 0, which is to move: it moves
    assert [s.history for s in table.line] == [s.history for s in widget.line]
    assert table.state.ply == 1 and table.learner_to_move()
    widget = PazaakWidget(seed=3, opponent="human", pace=0)
    table = Table("pazaak", seed=3)  # seat 1 opens this match
    widget.opponent = table.opponent = "random"
    assert table.state.history == widget.state.history and table.state.ply > 0
    assert repr(table.opponent) == repr(widget.opponent)


def test_a_failing_new_opponent_leaves_the_table_as_it_was() -> None:
    class Broken:
        def choose(self, state: Any) -> Any:
            raise RuntimeError("no idea")

    table = Table("pazaak", seed=3)  # seat 1 opens this match
    with pytest.raises(RuntimeError):
        table.opponent = Broken()
    assert table.opponent is None and table.hot_seat and table.state.ply == 0


def test_watching_steps_where_the_widget_steps() -> None:
    from cardwidgets.widgets import PazaakWidget

    widget = PazaakWidget(seed=2, players=("greedy", "random"), pace=0)
    table = Table("pazaak", seed=2, players=("greedy", "random"))
    while not widget.state.is_over:
        widget.step()
        table.step()
        assert table.state.history == widget.state.history
        assert table.paused == widget.paused


# -- line, cursor, branches, undo -------------------------------------------------------------


def test_goto_then_play_starts_a_branch_and_keeps_the_old_line() -> None:
    table = Table("tablic", seed=1, opponent="greedy")
    table.play("A♣ x 4♥ 7♦")
    old = table.state
    table.goto(0)
    assert table.state.ply == 0 and table.line[-1] is old  # the line stays while looking back
    events = table.play("2♥ x 2♦")
    assert [e.kind for e in events] == ["move", "move"]
    assert table.branches == (old,)
    assert str(table.state.history[0]) == "2♥ x 2♦" and table.cursor == 2


def test_playing_at_a_computers_turn_in_the_history_is_refused() -> None:
    table = Table("tablic", seed=1, opponent="greedy")
    table.play("A♣ x 4♥ 7♦")
    table.goto(1)
    with pytest.raises(TableError, match="computer player plays it"):
        table.play("J♥ x J♠")
    assert table.line[-1].ply == 2 and table.branches == ()


def test_undo_takes_back_the_learners_move_and_the_replies() -> None:
    table = Table("tablic", seed=1, opponent="greedy")
    table.play("A♣ x 4♥ 7♦")
    table.play(table.state.legal_moves()[0])
    assert table.state.ply == 4
    assert [e.kind for e in table.undo()] == ["undone"]
    assert table.state.ply == 2 and len(table.branches) == 1
    table.undo()
    assert table.state.ply == 0
    with pytest.raises(TableError, match="no move to take back"):
        table.undo()


def test_undo_in_hot_seat_takes_back_one_move() -> None:
    table = Table("panjpar", seed=1)
    table.play(table.state.legal_moves()[0])
    table.play(table.state.legal_moves()[0])
    table.undo()
    assert table.state.ply == 1
    assert undo_point(table.line, None) == 0


def test_a_pause_stops_the_replies_and_resume_goes_on() -> None:
    # The end of a Pazaak set pauses the table; resume() lets the computer open the next set.
    table = Table("pazaak", seed=1, seat=0, opponent="greedy")
    learner = bots.GreedyPlayer(seed=0)
    while not table.paused:
        events = table.play(learner.choose(table.state))
    assert [e.kind for e in events][-2:] == ["set_ended", "summary"]
    with pytest.raises(TableError, match="resume"):
        table.play("stand")
    paused_at = table.state.ply
    kinds = [e.kind for e in table.resume()]
    assert kinds[0] == "resumed" and paused_at in table.dismissed
    with pytest.raises(TableError, match="does not wait"):
        table.resume()


def test_undo_brings_a_continued_pause_back() -> None:
    table = Table("panjpar", seed=2, players=("greedy", "greedy"))
    while not table.paused:
        table.step()
    table.resume()
    assert not table.paused
    table.undo()
    table.step()
    assert table.paused  # the pause after the undone move is a pause again


def test_a_branch_forgets_the_continued_pauses_after_it() -> None:
    table = Table("panjpar", seed=2, players=("greedy", "greedy"))
    while not table.paused:
        table.step()
    end = table.state.ply
    table.resume()
    table.goto(end - 1)
    table.step()  # the same players play the same move again: a new line, the same end
    assert table.state.ply == end and table.paused and len(table.branches) == 1


def test_new_game_from_a_seed_or_a_code() -> None:
    table = Table("tablic", seed=1, opponent="greedy")
    table.play("A♣ x 4♥ 7♦")
    events = table.new()
    assert [e.kind for e in events] == ["new"] and table.seed == "1/1"
    assert table.state.code() == tablic.new_game(seed="1/1").code()
    code = tablic.new_game(seed=9).code(0)
    table.new(code=code, seed=3)
    assert table.state.code(0) == code and table.seed == 3 and len(table.branches) == 2
    assert Table("tablic", code=code, seed=3).state.code() == table.state.code()


def test_a_computer_opening_the_game_replies_at_once() -> None:
    table = Table("tablic", seed=1, seat=1, opponent="greedy")
    assert table.state.ply == 1 and table.learner_to_move()
    assert [e.kind for e in table.events] == ["move"]
    assert table.events == ()  # read once


def test_events_go_to_listeners_and_to_the_unread_list() -> None:
    table = Table("tablic", seed=1, opponent="greedy")
    heard: list[Event] = []
    table.listen(heard.append)
    returned = table.play("A♣ x 4♥ 7♦")
    assert tuple(heard) == returned == table.events
    assert [(e.seat, str(e.move)) for e in returned] == [(0, "A♣ x 4♥ 7♦"), (1, "J♥ x J♠")]
    assert returned[-1].state is table.state
    table.listen(heard.append, remove=True)
    table.goto(0)
    assert len(heard) == 2


def test_the_end_of_a_tablic_deal_is_told_in_order() -> None:
    table = Table("tablic", seed=3, players=("greedy", "greedy"))
    while not table.paused:
        events = table.step()
    assert [e.kind for e in events] == ["move", "deal_ended", "summary"]
    assert table.pause == "deal" and len(table.state.deal_results) == 1


# -- what a person sees -----------------------------------------------------------------------


@pytest.mark.parametrize("game", ["tablic", "panjpar", "pazaak"])
def test_the_text_board_hides_the_other_seats_hand(game: str) -> None:
    table = Table(game, seed=5, opponent="random")
    board = str(table)
    mine = {str(c) for c in table.state.hands[0]}
    theirs = {str(c) for c in table.state.hands[1]} - mine
    assert all(c in board for c in mine)
    assert theirs and not any(f" {c}" in board for c in theirs)


@pytest.mark.parametrize("game", ["tablic", "panjpar", "pazaak"])
def test_the_text_board_speaks_german(game: str) -> None:
    table = Table(game, seed=1, opponent="greedy", locale="de")
    german = str(table).splitlines()
    table.locale = "en"
    english = str(table).splitlines()
    assert len(german) == len(english) > 5
    assert all(de.split(":")[0] != en.split(":")[0] for de, en in zip(german, english, strict=True))
    assert german[0] == f"{game}, Zug {table.state.ply}: Platz 0 ist am Zug (du)"


def test_a_table_loads_no_other_game_no_presenters_and_no_jupyter() -> None:
    import json
    import subprocess
    import sys

    program = (
        "from cardwidgets import Table\n"
        "t = Table('tablic', seed=1, opponent='greedy'); t.play('A♣ x 4♥ 7♦'); str(t)\n"
        "import json, sys; print(json.dumps(sorted(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    assert "cardwidgets.bots.tablic" in loaded
    unwanted = {"cardwidgets.games.pazaak", "cardwidgets.games.panjpar", "cardwidgets.present",
                "cardwidgets.widgets", "cardwidgets.lab", "ipywidgets", "anywidget"}  # fmt: skip
    assert loaded.isdisjoint(unwanted)


def test_the_notebook_picture_is_the_learners_still() -> None:
    from cardwidgets.present import picture

    table = Table("panjpar", seed=5, seat=1, opponent="greedy")
    assert table._repr_html_() == picture(table.state, 1).html


# -- the lab's fast loop plays the same games -------------------------------------------------


@pytest.mark.parametrize(
    ("game", "unit"), [("tablic", "deal"), ("tablic", "match"), ("panjpar", None), ("pazaak", None)]
)
def test_the_lab_loop_and_the_table_play_the_same_games(game: str, unit: str | None) -> None:
    from cardwidgets.lab.jobs import make_job
    from cardwidgets.lab.play import run_chunk
    from cardwidgets.lab.seeds import game_seed, player_seed

    job, _ = make_job(game, ("greedy", "random"), None, 5, unit, records=True)
    chunk = run_chunk(job, 0, 3)
    for index, row in enumerate(chunk.rows):
        seed = game_seed(5, index)
        seats = [job.players[s].reseeded(player_seed(seed, s)) for s in (0, 1)]
        table = Table(game, seed=seed, players=seats)
        while not table.state.is_over and not (unit == "deal" and table.pause == "deal"):
            table.step()
        assert [str(m) for m in table.state.history] == row["record"]["moves"]


@pytest.mark.parametrize("game", ["tablic", "panjpar", "pazaak"])
def test_the_gymnasium_loop_and_the_table_play_the_same_games(game: str) -> None:
    # The learning environment keeps its own tight loop of the opponent's replies; fed the
    # learner's moves, a table with the same opponent replies the same moves.
    np = pytest.importorskip("numpy")
    pytest.importorskip("gymnasium")
    from cardwidgets import rl

    env = rl.gym_env(game, opponent="greedy", seat=1)
    _, info = env.reset(seed=8)
    rng, done, actions = np.random.default_rng(1), False, 0
    while not done and actions < 100:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, done, _, info = env.step(action)
        actions += 1
    played = env.state
    table = Table(game, state=played.root, seat=1, opponent=env.opponent)
    for state in played.path()[1:]:
        if state.parent.to_move == 1:  # the learner's move: the table replies after it
            while table.paused:
                table.resume()
            table.play(state.last_move)
    while table.paused:  # a deal or set that ended in the last replies: the table goes on
        table.resume()
    assert table.state.history == played.history and played.ply > 10


# -- bad input gets a reason, the table unchanged ----------------------------------------------


def test_an_illegal_move_raises_the_engines_reason_and_changes_nothing() -> None:
    table = Table("tablic", seed=1, opponent="greedy")
    with pytest.raises(IllegalMove, match="cannot capture"):
        table.play("K♠ x 7♦")
    assert table.state.ply == 0 and table.events == ()


def test_a_failing_computer_player_leaves_the_game_as_it_was() -> None:
    class Cheater:
        def choose(self, state: Any) -> Any:
            return "Z♠"

    table = Table("tablic", seed=1, opponent=Cheater())
    with pytest.raises(TableError, match="which the rules refuse"):
        table.play("A♣ x 4♥ 7♦")
    assert table.state.ply == 0 and len(table.line) == 1 and table.events == ()


def test_a_finished_game_takes_no_move() -> None:
    table = Table("panjpar", seed=2, players=("greedy", "greedy"))
    while not table.state.is_over or table.paused:
        table.step()
    with pytest.raises(IllegalMove, match="the game is over"):
        table.step()


@pytest.mark.parametrize(
    ("options", "error", "words"),
    [
        ({"opponent": "grandmaster"}, TableError, "an opponent is a player's name"),
        ({"opponent": 3}, TableError, "not 3"),
        ({"players": ("greedy",)}, TableError, "two computer players"),
        ({"players": ("greedy", "human")}, TableError, "two computer players"),
        ({"players": ("greedy", "greedy"), "opponent": "random"}, TableError, "not both"),
        ({"seat": 2}, SeatError, "seat must be 0 or 1"),
        ({"seed": 1.5}, cards.SeedError, "a seed must be"),
        ({"code": "T0", "state": tablic.new_game(seed=1)}, TableError, "not both"),
        ({"state": pazaak.new_game(seed=1)}, TableError, "one of 'pazaak', not of tablic"),
        (
            {"state": tablic.new_game(seed=1), "rules": tablic.Rules(target=30)},
            TableError,
            "its own rules",
        ),
        ({"locale": "fr"}, i18n.LocaleError, "unknown locale"),
    ],
)
def test_bad_options_are_refused_with_a_reason(
    options: dict[str, Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        Table("tablic", **options)


def test_a_bad_new_game_or_listener_changes_nothing() -> None:
    table = Table("tablic", seed=1, opponent="greedy")
    table.play("A♣ x 4♥ 7♦")
    with pytest.raises(tablic.PositionError):
        table.new(code="T0 nonsense")
    assert (table.seed, table.state.ply, table.branches) == (1, 2, ())
    with pytest.raises(TableError, match="a listener is a function"):
        table.listen("print")  # type: ignore[arg-type]
    table.play(table.state.legal_moves()[0])  # no listener was added that would fail


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(UnknownGame, match="unknown game 'chess'"):
        Table("chess")


def test_refusals_speak_german() -> None:
    table = Table("tablic", seed=1, players=("greedy", "greedy"))
    with pytest.raises(TableError) as refused:
        table.play("2♥")
    assert refused.value.text("de") == (
        "hier spielen zwei Computerspieler: step() macht den nächsten Zug"
    )
    with pytest.raises(TableError) as refused:
        table.goto("x")  # type: ignore[arg-type]
    german = refused.value.text("de")
    assert german.startswith("auf dieser Linie gibt es keinen Zug 'x'")
    assert i18n.text("table.paused", "de", part=i18n.text("table.part.set", "de")) == (
        "das Spiel wartet nach dem Ende eines Satzes: resume() setzt es fort"
    )


def test_stepping_a_learners_turn_is_refused() -> None:
    table = Table("tablic", seed=1, opponent="greedy")
    with pytest.raises(TableError, match="a learner plays it"):
        table.step()
    assert table.state.ply == 0


def test_a_table_not_replying_holds_the_computer_until_it_replies_again() -> None:
    # Seat 1 to move first (Panjpar: whoever attacks first) and a computer there.
    table = Table("tablic", seed=1, seat=1, opponent="greedy", replying=False)
    assert table.state.ply == 0 and table.events == ()
    with pytest.raises(TableError, match="computer player plays it"):
        table.play("K♠ x 2♦ J♠")
    table.seat = 0  # the computer takes seat 1, the learner is to move: nothing to hold
    table.play("A♣ x 4♥ 7♦")
    assert table.state.ply == 1 and table.state.to_move == 1  # not answered
    table.replying = True
    table.reset(tablic.new_game(seed=1).play("A♣ x 4♥ 7♦"))
    assert table.state.ply == 2  # the computer answers once it may


def test_a_table_deals_its_new_games_the_way_it_is_told() -> None:
    dealt: list[object] = []

    def deal(seed: int | str, rules: Any) -> GameState[Any]:
        dealt.append(seed)
        return pazaak.new_game(seed=seed, rules=rules, side_decks=[["+1"] * 10, ["-1"] * 10])

    table = Table("pazaak", seed=3, opponent="random", deal=deal)
    assert dealt == [3]
    table.new()
    table.new(seed=8)
    assert dealt == [3, "3/1", 8] and table.seed == 8
    assert table.line[0].code(0) == deal(8, None).code(0)  # the first position, before replies


def test_reset_keeps_the_seats_and_the_seed_and_a_failing_player_changes_nothing() -> None:
    class Cheater:
        def choose(self, state: Any) -> Any:
            return "Z♠"

    table = Table("tablic", seed=1, seat=0, opponent=Cheater())  # the learner opens
    start = table.state
    dealt = tablic.new_game(seed=2)
    later = dealt.play(dealt.legal_moves()[0])  # seat 1 (the cheater) to move
    with pytest.raises(TableError, match="which the rules refuse"):
        table.reset(later)
    assert table.state is start and table.seed == 1
    good = Table("tablic", seed=1, opponent="greedy")
    good.goto(0)
    events = good.reset(later)
    assert [e.kind for e in events] == ["new", "move"] and good.branches == ()
    assert good.seed == 1 and good.players[1] is not None
    with pytest.raises(TableError, match="the position is one of"):
        good.reset(panjpar.new_game(seed=1))  # type: ignore[arg-type]
