"""What the Pazaak engine answers for a table view: ``State.card_effect`` (what a hand card would
do, Z-D9) and ``State.last_set_placed`` (the tables a set ended with), each checked against what
``State.play`` does; and the public names outsiders import from the package."""

from __future__ import annotations

import pytest

from cardwidgets.cards import Rng
from cardwidgets.core import IllegalMove
from cardwidgets.games import pazaak as pz
from cardwidgets.games.pazaak import PlayCard, Rules, SideCard, State


def _positions(rules: Rules, matches: int) -> list[State]:
    """Every state of ``matches`` random matches."""
    states = []
    rng = Rng(11)
    for seed in range(matches):
        state = pz.new_game(seed=seed, rules=rules)
        while not state.is_over:
            states.append(state)
            state = state.play(state.random_move(rng))
    return states


@pytest.mark.parametrize("rules", [Rules.kotor2(), Rules.seed()], ids=["kotor2", "seed"])
def test_Z_D9_card_effect_is_what_playing_the_card_does(rules: Rules) -> None:
    checked = 0
    for state in _positions(rules, 40):
        seat = state.to_move
        assert seat is not None
        if state.played_this_turn is not None:
            continue
        before = state.placed[seat]
        for move in state.legal_moves():
            if not isinstance(move, PlayCard):
                continue
            effect = state.card_effect(move.card, move.sign)
            after = state.play(move)
            ended = after.is_over or after.set_number != state.set_number
            last = after.last_set_placed
            assert last is not None or not ended
            table = last[seat] if ended and last is not None else after.placed[seat]
            assert table[len(before)] == (move.card, effect.value)
            assert sum(v for _, v in table[: len(before) + 1]) == effect.total
            turned = tuple(
                i
                for i, (p, q) in enumerate(zip(before, table[: len(before)], strict=True))
                if p != q
            )
            if move.card is pz.DOUBLE:
                assert effect.targets == (len(before) - 1,)
            else:
                assert effect.targets == turned
            checked += 1
    assert checked > 300


def test_Z_D9_card_effect_of_a_flip_turns_own_twos_and_fours_only() -> None:
    state = State.from_position(
        hands=["2&4 3&6", ""], deck=[4], tables=([2, 6, "-4"], [2]), rules=Rules.kotor2(), seed=0
    )
    assert state.placed[0] == ((2, 2), (6, 6), (SideCard("-4"), -4), (4, 4))
    assert state.card_effect("2&4") == (0, -2 + 6 + 4 - 4, (0, 2, 3))
    assert state.card_effect("3&6") == (0, 2 - 6 - 4 + 4, (1,))
    assert state.card_effect("2&4", seat=1) == (0, -2, (0,))  # the other table, its own cards


def test_Z_D9_card_effect_refuses_with_a_reason_and_changes_nothing() -> None:
    state = State.from_position(hands=["D ±3", "D"], deck=[5], rules=Rules.kotor2(), seed=0)
    code = state.code()
    with pytest.raises(IllegalMove, match="D doubles the card placed before it"):
        state.card_effect("D", seat=1)  # seat 1's table is empty
    with pytest.raises(IllegalMove, match="needs a declared value"):
        state.card_effect("±3")
    with pytest.raises(IllegalMove, match="not a Pazaak side card"):
        state.card_effect("+9")
    with pytest.raises(IllegalMove):
        state.card_effect("±3", 7)
    assert state.card_effect("±3", +1) == (3, 8, ())
    assert state.code() == code
    over = pz.new_game(seed=3)
    rng = Rng(3)
    while not over.is_over:
        over = over.play(over.random_move(rng))
    with pytest.raises(IllegalMove):
        over.card_effect("+1")
    assert over.card_effect("+1", seat=0).total == over.totals[0] + 1


def test_last_set_placed_holds_the_cards_of_last_set_with_their_final_values() -> None:
    seen = 0
    for state in _positions(Rules.kotor2(), 30):
        last, placed = state.last_set, state.last_set_placed
        assert (last is None) == (placed is None)
        if last is None or placed is None:
            continue
        assert tuple(tuple(v for _, v in tab) for tab in placed) == last[2]
        parent = state.parent
        if parent is not None and parent.set_number != state.set_number:
            for seat in (0, 1):  # the cards before the ending move lie there, in order
                old = [src for src, _ in parent.placed[seat]]
                assert [src for src, _ in placed[seat]][: len(old)] == old
            seen += 1
    assert seen > 50


def test_pazaak_public_names_that_outsiders_import_stay() -> None:
    # bots, rl, widgets, docs and notebooks import these from the package itself
    for name in (
        "State",
        "Move",
        "PlayCard",
        "EndTurn",
        "Stand",
        "END_TURN",
        "STAND",
        "SideCard",
        "Rules",
        "PazaakView",
        "PositionError",
        "IllegalMove",
        "Placed",
        "SetResult",
        "CardEffect",
        "new_game",
        "from_record",
        "playout",
        "bust_probability",
        "default_side_deck",
        "validate_side_deck",
        "TARGET",
        "MAX_CARDS",
        "SIDE_DECKS",
        "DOUBLE",
        "TIEBREAKER",
        "rules",
        "words",
    ):
        assert hasattr(pz, name), name
    assert pz.State.__module__ == pz.PositionError.__module__ == "cardwidgets.games.pazaak"
