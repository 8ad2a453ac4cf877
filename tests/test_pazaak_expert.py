"""The Pazaak expert's strength and the speed of the analysis behind it.

Pazaak's public draw step (``State.play_drawing``) against the plain path (a position built
with the card on top of the deck), the exact endings that stand on it, and the experts'
decisions on fixed positions.
"""

from __future__ import annotations

import pytest

from cardwidgets import bots, i18n, pazaak
from cardwidgets.bots import endings
from cardwidgets.bots.pazaak import PazaakStrategy, plays
from cardwidgets.core import IllegalMove
from cardwidgets.games.pazaak import PositionError


def _plain_draw(state: pazaak.State, move: str, card: int) -> pazaak.State:
    """The plain path: the position built anew with ``card`` on top of the deck."""
    seat = state.to_move
    assert seat is not None
    standing = list(state.standing)
    if move == "stand":
        standing[seat] = True
    mover = seat if standing[1 - seat] else 1 - seat
    return pazaak.State.from_position(
        hands=state.hands, deck=[card], tables=state.placed, to_move=mover,
        standing=standing, sets_won=state.sets_won, rules=state.rules, seed=0,
        set_number=state.set_number, starter=state.starter, used=state.used,
    )  # fmt: skip


def _same(one: pazaak.State, two: pazaak.State, before: pazaak.State) -> None:
    """The same position; once the draw ended the set, the same set result (the next set's
    cards come from each state's own seed)."""
    names = ["sets_won", "set_number", "hands", "used", "last_set", "is_over"]
    if one.set_number == before.set_number:
        names += ["placed", "totals", "standing", "to_move", "deck_size", "played_this_turn"]
        assert one.legal_moves() == two.legal_moves()
    for name in names:
        assert getattr(one, name) == getattr(two, name), name


@pytest.mark.parametrize("card", range(1, 11))
def test_play_drawing_equals_a_position_with_the_card_on_top_when_the_opponent_stands(
    card: int,
) -> None:
    state = pazaak.State.from_position(
        hands=["+1 -2", ""], deck=[4], tables=([6], [10, 8]), standing=(False, True), seed=5
    )
    after = state.play_drawing("end", card)
    _same(after, _plain_draw(state, "end", card), state)
    assert after.parent is state and after.ply == state.ply + 1
    assert after.last_move == pazaak.END_TURN


@pytest.mark.parametrize("move", ["end", "stand"])
def test_play_drawing_passes_the_draw_to_the_opponent_who_does_not_stand(move: str) -> None:
    state = pazaak.State.from_position(
        hands=["+1 -2", "+3"], deck=[4], tables=([6], [10, 2]), to_move=0, seed=5
    )
    for card in (1, 7, 10):
        _same(state.play_drawing(move, card), _plain_draw(state, move, card), state)


def test_play_drawing_after_a_hand_card_and_under_draws_with_replacement() -> None:
    state = pazaak.State.from_position(
        hands=["+1 -2", ""],
        deck=[9],
        tables=([10], [10, 9]),
        standing=(False, True),
        seed=2,
        rules=pazaak.Rules(main_deck="uniform_with_replacement"),
    )
    state = state.play("play +1")  # 20: the seat stands at once and the set is over
    assert state.set_number == 2
    state = pazaak.State.from_position(
        hands=["+1 -2", ""],
        deck=[3],
        tables=([10], [10, 9]),
        standing=(False, True),
        seed=2,
        rules=pazaak.Rules(main_deck="uniform_with_replacement"),
    ).play("play -2")
    for card in (1, 10):  # under replacement every value can come again
        _same(state.play_drawing("end", card), _plain_draw(state, "end", card), state)


def test_play_drawing_takes_the_card_out_of_the_forty_card_deck() -> None:
    state = pazaak.State.from_position(
        hands=["", ""], deck=[2], tables=([2, 2], [2, 9]), standing=(False, True), seed=1
    )  # three 2s shown and the 2 just drawn: no 2 is left (Z-D2)
    with pytest.raises(PositionError) as refused:
        state.play_drawing("end", 2)
    assert "four 2s" in str(refused.value)
    assert "2" in i18n.text(refused.value.key, "de", **refused.value.params)
    after = state.play_drawing("end", 3)
    assert after.totals == (9, 11)
    assert after.deck_size == state.deck_size - 1  # type: ignore[operator]
    assert after.deck.count(3) == 3 and 2 not in after.deck


def test_play_drawing_refuses_other_moves_and_bad_cards_with_a_reason_state_unchanged() -> None:
    state = pazaak.State.from_position(
        hands=["+1", ""], deck=[5], tables=([10], [10, 9]), standing=(False, True), seed=1
    )
    before = (state.placed, state.totals, state.deck)
    with pytest.raises(IllegalMove) as refused:
        state.play_drawing("play +1", 3)
    assert "end" in str(refused.value)
    german = i18n.text(refused.value.key, "de", **refused.value.params)
    assert german.startswith("nur end oder stand")
    for bad in (0, 11, "x", True, 2.5):
        with pytest.raises(PositionError):
            state.play_drawing("end", bad)  # type: ignore[arg-type]
    assert (state.placed, state.totals, state.deck) == before


# -- the Pazaak expert: an exact set search on determinizations of the opponent's hand ----------


def _sixteen_against_nine() -> pazaak.State:
    # 16 against 9, nobody stands, the seat holds +3 and -3: the greedy rules make 19 with
    # the +3; drawing keeps it, and the -3 saves most busts (5 to 7 make 21 to 23).
    return pazaak.State.from_position(
        hands=["+3 -3", "+1 -1"], deck=[6], tables=([10], [9]), seed=1
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_pazaak_expert_keeps_a_hand_card_the_greedy_rules_spend(seed: int) -> None:
    state = _sixteen_against_nine()
    assert bots.GreedyPlayer(seed=seed).choose(state) == pazaak.PlayCard(pazaak.SideCard("+3"))
    expert = bots.ExpertPlayer(seed=seed)
    assert expert.choose(state) == pazaak.END_TURN
    search = expert.last_search
    # the fixed default budget: one exact set search per determinization of his hand
    assert search is not None and search.iterations == PazaakStrategy.expert_iterations
    values = {move: mean for move, (_, mean) in search.stats.items()}
    assert values["end"] > values["play +3"] + 0.02


def test_pazaak_expert_is_deterministic_for_a_seed_and_keeps_greedy_when_unsure() -> None:
    state = _sixteen_against_nine()
    one, two = bots.ExpertPlayer(seed=4), bots.ExpertPlayer(seed=4)
    assert one.choose(state) == two.choose(state)
    assert one.last_search is not None and two.last_search is not None
    assert one.last_search.stats == two.last_search.stats
    # with a demand of 100 standard errors nothing beats the greedy move
    sure = bots.ExpertPlayer(seed=4, confidence=100.0)
    assert sure.choose(state) == bots.GreedyPlayer(seed=4).choose(state)


def test_pazaak_expert_time_cap_only_when_asked() -> None:
    state = _sixteen_against_nine()
    capped = bots.ExpertPlayer(seed=1, time_limit=0.05, iterations=10**9)
    capped.choose(state)
    assert capped.last_search is not None
    assert 0 < capped.last_search.iterations < 10**9
    assert bots.ExpertPlayer(seed=1).budget(state) == (PazaakStrategy.expert_iterations, None)


def test_pazaak_rules_of_thumb_take_the_gold_cards_effect_from_the_engine() -> None:
    # Z-D9: the 2&4 turns the 4 on the table (22 becomes 14), D copies the 8 just drawn.
    state = pazaak.State.from_position(
        hands=["2&4 D", ""], deck=[8], tables=([10, 4], [7]), rules=pazaak.Rules.kotor2(), seed=0
    )
    assert state.totals[0] == 22
    deltas = {str(move): delta for move, delta, _ in plays(state, 0)}
    assert deltas == {
        str(move): state.card_effect(move.card, move.sign).total - 22
        for move in state.legal_moves()
        if isinstance(move, pazaak.PlayCard)
    }
    assert deltas["play 2&4"] == -8 and deltas["play D"] == 8
    # the greedy rules recover from 22 with the card the engine says brings it highest
    assert bots.GreedyPlayer(seed=0).choose(state) == pazaak.PlayCard(pazaak.SideCard("2&4"))


@pytest.mark.parametrize(
    ("hand", "start", "rules"),
    [
        ("+1 -2", 5, pazaak.Rules()),  # from 9: equal totals of different cards left to draw
        ("D 2&4", 12, pazaak.Rules.kotor2()),
        ("+2 -3", 12, pazaak.Rules(main_deck="uniform_with_replacement")),
    ],
)
def test_pazaak_exact_endings_on_the_draw_step_equal_brute_force(
    hand: str, start: int, rules: pazaak.Rules
) -> None:
    # The memo keys a position by the seat's own main-deck cards (what is left to draw) and,
    # with gold cards in the hand, by its table: the same values as the plain tree.
    table = [start] if start <= 10 else [2, start - 2]
    state = pazaak.State.from_position(
        hands=[hand, ""], deck=[4], tables=(table, [10, 8]), standing=(False, True),
        rules=rules, seed=3,
    )  # fmt: skip
    fast = endings.solve(state)
    plain = endings.solve(state, memo=False)
    assert fast is not None and plain is not None
    assert [(str(m), round(v, 9)) for m, v in fast.values] == [
        (str(m), round(v, 9)) for m, v in plain.values
    ]
    assert fast.set_values == pytest.approx(plain.set_values)
    assert 0 < fast.nodes <= plain.nodes
