"""The factored actions of cardwidgets.rl.actions: masks exact against the engine's legal moves,
every legal move reachable, every completed move legal, refusals translated, state unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardwidgets import cards, i18n, panjpar, pazaak, tablic
from cardwidgets.core import IllegalMove
from cardwidgets.rl import actions
from cardwidgets.rl.actions import DONE, Partial, actions_of

GAMES: dict[str, Any] = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}
VARIANTS = [
    ("tablic", tablic.Rules()),
    ("tablic", tablic.Rules(capture_must_be_maximal=True)),
    ("panjpar", panjpar.Rules()),
    ("pazaak", pazaak.Rules()),
]


def _positions(game: str, rules: Any, seeds: range, every: int) -> Iterator[Any]:
    """Positions of random games (every ``every``-th move), seeded."""
    module = GAMES[game]
    for seed in seeds:
        rng = cards.Rng(seed)
        state = module.new_game(seed=seed, rules=rules)
        turn = 0
        while not state.is_over:
            if turn % every == 0:
                yield state
            state = state.play(state.random_move(rng))
            turn += 1


def _expected_next(state: Any, steps: tuple[int, ...], moves: dict[tuple[int, ...], Any]) -> set:
    """The actions after ``steps`` that lead to a legal move, from the legal moves alone:
    cards may be added in any order, so a card can follow if some legal move's set holds it
    and the cards so far (Tablić after the hand card, Panjpar attacks); a defence and Pazaak
    follow their one path."""
    tablic_move = isinstance(state, tablic.State)
    in_any_order = tablic_move or (isinstance(state, panjpar.State) and not state.attack)
    found: set[int] = set()
    for path in moves:
        if not in_any_order or (tablic_move and not steps):
            if path[: len(steps)] == steps and len(path) > len(steps):
                found.add(path[len(steps)])
            continue
        head = 1 if tablic_move else 0
        body, added = set(path[head:-1]), set(steps[head:])
        if steps[:head] == path[:head] and added <= body:
            found |= body - added
            if body == added:
                found.add(DONE)
    return found


def _walk(partial: Partial, moves: dict[tuple[int, ...], Any], seen: set) -> None:
    """Every path in ascending card order (one per move) from ``partial``: check each mask."""
    state = partial.state
    expected = _expected_next(state, partial.steps, moves)
    assert set(partial.legal_actions()) == expected, (str(state.view(state.to_move)), partial)
    assert partial.mask() == [1 if a in expected else 0 for a in range(partial.size)]
    for action in partial.legal_actions():
        ordered = isinstance(state, pazaak.State) or (
            isinstance(state, panjpar.State) and state.attack
        )
        last = partial.steps[-1] if partial.steps else -1
        first_of_tablic = isinstance(state, tablic.State) and len(partial.steps) <= 1
        if not ordered and not first_of_tablic and action != DONE and action < last:
            continue  # the same set in another order
        step = partial.then(action)
        if step.move is not None:
            seen.add(str(step.move))
        else:
            _walk(step, moves, seen)


@pytest.mark.parametrize(("game", "rules"), VARIANTS)
def test_masks_equal_the_engines_legal_moves_and_every_move_is_reachable(
    game: str, rules: Any
) -> None:
    space = actions_of(game)
    checked = 0
    for state in _positions(game, rules, range(3 if game == "tablic" else 8), every=3):
        legal = state.legal_moves()
        moves = {space.encode(state, m): m for m in legal}
        assert len(moves) == len(legal)  # one canonical path per move
        seen: set[str] = set()
        _walk(space.start(state), moves, seen)
        assert seen == {str(m) for m in legal}
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("game", ["tablic", "panjpar", "pazaak"])
def test_encode_then_decode_gives_the_move_back_over_random_games(game: str) -> None:
    space = actions_of(game)
    for state in _positions(game, None, range(4), every=1):
        move = state.random_move(cards.Rng(len(state.history)))
        assert space.decode(state, space.encode(state, move)) == state.play(move).history[-1]


def test_tablic_capture_steps_on_a_crowded_table_without_listing_captures() -> None:
    low = "A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 3♠ 3♥ 3♦ 3♣ 4♠ 4♥ 4♦ 4♣ 5♠ 5♥ 5♦ 5♣"
    steps = tablic.capture_steps("10♦", low, "5♠ 5♥")
    assert steps.complete  # 5 + 5: one group of 10
    assert cards.parse("A♠") in steps.more and cards.parse("5♦") in steps.more
    assert not tablic.capture_steps("10♦", low, "5♠ 4♥").complete


@pytest.mark.parametrize("maximal", [False, True])
def test_tablic_capture_steps_equal_brute_force_on_crowded_low_tables(maximal: bool) -> None:
    """Tables of many low cards, where captures take only some cards of a value (the plans
    with partial values): the next cards and completeness against the listed captures."""
    rules = tablic.Rules(capture_must_be_maximal=maximal)
    low = [c for c in cards.DECK if c.rank <= 6 or c.rank == 14]  # 2-6 and the Aces
    rng = cards.Rng(5)
    for _ in range(60):
        table = [low[i] for i in sorted({rng.below(len(low)) for _ in range(12)})]
        rank = 7 + rng.below(7)  # 7 to K: never on these tables
        played = next(c for c in cards.DECK if c.rank == rank)
        captures = tablic.capture_options(played, table, rules)
        start = captures[rng.below(len(captures))] if captures else frozenset()
        chosen = frozenset(c for c in start if rng.below(2))
        steps = tablic.capture_steps(played, table, sorted(chosen), rules)
        holding = [c for c in captures if chosen <= c]
        assert steps.more == frozenset().union(*holding) - chosen if holding else not steps.more
        assert steps.complete == (not chosen or chosen in captures)


def test_T_D1a_maximal_rule_refuses_done_on_a_capture_that_could_take_more() -> None:
    state = tablic.State.from_position(
        table="3♠ 5♥ 2♦ 6♣",
        hands=("8♦ K♠", "9♥ 4♣"),
        rules=tablic.Rules(capture_must_be_maximal=True),
    )
    step = actions_of(state).start(state).then(cards.parse("8♦").index)
    step = step.then(cards.parse("3♠").index).then(cards.parse("5♥").index)
    assert DONE not in step.legal_actions()
    assert set(step.legal_actions()) == {cards.parse("2♦").index, cards.parse("6♣").index}


def test_P_D5_a_defence_answers_each_attack_card_in_turn_and_may_leave_every_one() -> None:
    state = panjpar.State.from_position(
        hands=("7♥ 7♣ 2♠ 9♦ 3♠", "8♥ A♣ 4♠ 5♠ 6♥"), stock="K♦ Q♦ J♦", trump="♦"
    )
    state = state.play("attack 7♥ 7♣ 2♠")
    space = actions_of("panjpar")
    index = {c: c.index for c in cards.parse_many("2♠ 4♠ 5♠ 7♥ 7♣ 8♥ A♣")}
    first = space.start(state)
    # 2♠ (the lowest index) first: left, or killed by a higher spade (P-S12)
    assert set(first.legal_actions()) == {index[c] for c in cards.parse_many("2♠ 4♠ 5♠")}
    assert DONE not in first.legal_actions()
    by_four = first.then(index[cards.parse("4♠")])
    answers = {cards.card_at(a) for a in by_four.legal_actions()}
    assert cards.parse("4♠") not in answers  # one card kills one attack card
    leave_all = space.decode(state, [c.index for c in sorted(state.attack, key=lambda c: c.index)])
    assert isinstance(leave_all, panjpar.Defend) and not leave_all.kills


def test_an_illegal_action_is_refused_with_a_translated_reason_and_nothing_changes() -> None:
    state = tablic.State.from_position(table="3♠ 5♥", hands=("8♦ K♠", "9♥ 4♣"))
    partial = actions_of("tablic").start(state)
    before = (partial.steps, partial.legal_actions())
    with pytest.raises(IllegalMove) as err:
        partial.then(cards.parse("3♠").index)  # a table card before a hand card
    assert "8♦" in str(err.value) or "legal" in str(err.value)
    assert "erlaubt" in err.value.text("de")
    for bad in (53, -1, "8♦", None, 2.5, True):
        with pytest.raises(IllegalMove) as err:
            partial.then(bad)
        assert "0 to 52" in str(err.value) and "0 bis 52" in err.value.text("de")
    assert (partial.steps, partial.legal_actions()) == before
    done = partial.then(cards.parse("8♦").index).then(DONE)
    with pytest.raises(IllegalMove, match="already complete"):
        done.then(DONE)
    with pytest.raises(IllegalMove, match=r"26 do not complete a move.* 4, 13, 52") as err:
        actions_of("tablic").decode(state, [cards.parse("8♦").index])
    assert "keinen vollständigen Zug" in err.value.text("de")


def test_an_unknown_game_and_a_finished_game_are_refused_in_words() -> None:
    with pytest.raises(IllegalMove, match="not a game of cardwidgets"):
        actions_of("chess")
    with i18n.using("de"), pytest.raises(IllegalMove, match="kein Spiel"):
        actions_of(3)
    state = pazaak.new_game(seed=1)
    while not state.is_over:
        state = state.play(state.random_move(cards.Rng(0)))
    with pytest.raises(IllegalMove, match="no move to build"):
        actions_of(state).start(state)


def test_labels_name_cards_done_and_pazaak_moves_in_both_languages() -> None:
    assert actions_of("tablic").label(DONE, "de") == "fertig"
    assert actions_of("panjpar").labels()[cards.parse("10♦").index] == "10♦"
    assert actions_of("pazaak").labels()[:3] == ["end", "stand", str(actions.PAZAAK_PLAYS[0])]
    assert len(set(actions_of("pazaak").labels())) == actions_of("pazaak").size


def test_P_D3_attack_extenders_equal_can_complete_card_by_card_on_random_hands() -> None:
    rng = cards.Rng(11)
    deck = list(cards.DECK)
    checked = 0
    for _ in range(1500):
        hand = [deck[i] for i in sorted({rng.below(52) for _ in range(1 + rng.below(12))})]
        chosen = [c for c in hand if rng.below(4) == 0][:4]
        sizes = ((1,), (1, 3), (1, 3, 5))[rng.below(3)]
        expected = {
            c for c in hand if c not in chosen and panjpar.can_complete([*chosen, c], hand, sizes)
        }
        assert panjpar.attack_extenders(chosen, hand, sizes) == expected, (hand, chosen, sizes)
        checked += bool(expected)
    assert checked > 300


def test_the_widget_asks_the_engine_which_cards_complete_an_attack() -> None:
    from cardwidgets.present import panjpar as panjpar_attack

    assert panjpar_attack.can_complete is panjpar.can_complete
    source = Path(panjpar_attack.__file__).read_text(encoding="utf-8")
    # The presenter asks the state, whose method is the engine's one function (the RL masks'
    # source too), and keeps no copy of the rule.
    assert ".attack_extenders(" in source and "def can_complete" not in source
    state = panjpar.new_game(seed=3)
    hand = state.hands[state.attacker]
    first = sorted(hand)[:1]
    assert state.attack_extenders(first) == panjpar.attack_extenders(
        first, hand, state.attack_sizes()
    )


@pytest.mark.parametrize("maximal", [False, True])
def test_tablic_capture_step_mask_equals_capture_steps_and_hand_mask_the_hand(
    maximal: bool,
) -> None:
    # The environments ask the state on masks (State.capture_step_mask, State.hand_mask)
    # instead of capture_steps on card lists: the same answers, along random paths.
    rules = tablic.Rules(capture_must_be_maximal=maximal)
    rng, checked = cards.Rng(5), 0
    for state in _positions("tablic", rules, range(2), every=2):
        seat = state.to_move
        assert state.hand_mask(seat) == cards.mask(state.hands[seat])
        assert state.hand_mask(1 - seat) == cards.mask(state.hands[1 - seat])
        for card in state.hands[seat]:
            chosen: list[cards.Card] = []
            while True:
                steps = tablic.capture_steps(card, state.table, chosen, rules)
                more, complete = state.capture_step_mask(card.index, cards.mask(chosen))
                assert (cards.from_mask(more), complete) == (
                    tuple(sorted(steps.more)),
                    steps.complete,
                )
                checked += 1
                if not steps.more:
                    break
                chosen.append(sorted(steps.more)[rng.below(len(steps.more))])
        outside = cards.mask(state.hands[seat])  # hand cards are never on the table
        assert state.capture_step_mask(state.hands[seat][0].index, outside) == (0, False)
    assert checked > 100
