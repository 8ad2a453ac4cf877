"""The game protocol of ``core.GameState``, enforced on every game and rule variant by random
play (in the manner of OpenSpiel's API tests): what bots, the lab and the widgets rely on.

Each step checks: ``to_move``/``is_over``/``outcome`` agree; ``legal_moves_count`` is the
listing's length; ``random_move`` is listed; a move played by the wrong seat is refused with
a reason and changes nothing; each seat's ``view`` is a typed :class:`core.View` whose dict is
its JSON form; ``determinize`` keeps the seat's view; the repr names the ply and who moves.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest

from cardwidgets import core, panjpar, pazaak, tablic
from cardwidgets.cards import Rng
from cardwidgets.core import GameState, IllegalMove, Outcome, View

Factory = Callable[[int], GameState[core.Move]]
VARIANTS: dict[str, Factory] = {
    "tablic": lambda seed: tablic.new_game(seed=seed),
    "tablic-maximal": lambda seed: tablic.new_game(
        seed=seed, rules=tablic.Rules(capture_must_be_maximal=True, target=40)
    ),
    "tablic-dealer": lambda seed: tablic.new_game(
        seed=seed, rules=tablic.Rules(leftovers_to="dealer", final_card_tabla=True, target=30)
    ),
    "panjpar": lambda seed: panjpar.new_game(seed=seed),
    "panjpar-all": lambda seed: panjpar.new_game(seed=seed, rules=panjpar.Rules(pickup="all")),
    "pazaak-seed": lambda seed: pazaak.new_game(seed=seed, rules=pazaak.Rules.seed()),
    "pazaak-kotor1": lambda seed: pazaak.new_game(seed=seed, rules=pazaak.Rules.kotor1()),
    "pazaak-kotor2": lambda seed: pazaak.new_game(seed=seed, rules=pazaak.Rules.kotor2()),
}
REPR = re.compile(
    r"<(tablic|panjpar|pazaak)\.State ply (\d+), (seat [01] to move|over: (seat [01] won|a draw)), .+>"
)


def _check_step(state: GameState[core.Move], rng: Rng) -> core.Move:
    seat = state.to_move
    assert seat is not None and not state.is_over and state.outcome is None
    moves = state.legal_moves()
    assert moves and state.legal_moves_count() == len(moves)
    move = state.random_move(rng)
    assert move in moves
    with pytest.raises(IllegalMove) as refused:
        state.play(move, seat=1 - seat)  # type: ignore[call-arg]
    assert refused.value.text("de") != refused.value.text("en")
    assert state.to_move == seat and state.legal_moves() == moves
    return move


def _check_views(state: GameState[core.Move], rng: Rng) -> None:
    for seat in (0, 1, None):
        view = state.view(seat)
        assert isinstance(view, View) and view.game == state.game
        assert json.loads(json.dumps(view, ensure_ascii=False)) == view.to_json() == view
    if state.to_move is not None:
        # A determinized state is a fresh root: only what history holds may differ.
        twin, seat = state.determinize(state.to_move, rng), state.to_move
        assert _now(twin.view(seat)) == _now(state.view(seat))


HISTORY = {"last_move", "last_deal", "guess"}  # Tablić's last move and deal, Panjpar's trump guess


def _now(view: View) -> dict[str, object]:
    return {key: value for key, value in view.items() if key not in HISTORY}


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_play_keeps_the_protocol(variant: str) -> None:
    rng = Rng(variant)
    for seed in range(2):
        state = VARIANTS[variant](seed)
        ply = 0
        while not state.is_over:
            if ply % 7 == 0:
                _check_views(state, rng)
                assert REPR.fullmatch(repr(state)), repr(state)
            state = state.play(_check_step(state, rng))
            ply += 1
        assert isinstance(state.outcome, Outcome) and state.to_move is None
        assert state.legal_moves() == [] and state.ply == ply
        match = REPR.fullmatch(repr(state))
        assert match and match.group(1) == state.game and match.group(3).startswith("over")
        _check_views(state, rng)
        with pytest.raises(IllegalMove):
            state.play(state.path()[-2].last_move or "x")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("game", "position"),
    [
        (tablic, lambda: tablic.State.from_position(table="A♣ A♣", hands=("2♦", "3♦"))),
        (panjpar, lambda: panjpar.State.from_position(["7♠ 7♠", "4♣"], stock=(), trump="♦")),
        (pazaak, lambda: pazaak.State.from_position(hands=((), ()), deck="", tables=[["11"], []])),
    ],
)
def test_every_game_refuses_an_impossible_position_with_its_position_error(
    game: object, position: Callable[[], object]
) -> None:
    with pytest.raises(core.PositionError) as refused:
        position()
    assert type(refused.value) is game.PositionError  # type: ignore[attr-defined]
    assert type(refused.value).__module__ == game.__name__  # type: ignore[attr-defined]
    assert refused.value.text("de") != refused.value.text("en")


def test_names_of_the_one_module_engines_still_import() -> None:
    # 0.1 had one module per engine (and cardwidgets.ismcts); code written for it keeps working.
    from cardwidgets import bots, ismcts
    from cardwidgets.bots import ismcts as search

    assert tablic.IllegalMove is pazaak.IllegalMove is bots.IllegalMove is IllegalMove
    assert tablic.Outcome is pazaak.Outcome is Outcome and panjpar.Card is tablic.Card
    assert pazaak.SIDE_DECK_SIZE == 10 and ismcts.search is search.search
    assert bots.Strategy is bots.strategy.Strategy and bots.Reason is bots.strategy.Reason
