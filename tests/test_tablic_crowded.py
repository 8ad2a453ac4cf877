"""A Tablić table of 20 and more cards (trailing in hot-seat play gets
there) gives a hand of six hundreds of thousands of legal moves. The hint and the computer's
replies must not list them; Pazaak's hint in a widget must not sample figures it never shows.

The bounds are generous (a busy machine must not make them flake): each is about ten times what
the fixed code takes here, and far below what listing the moves took (seconds, hundreds of MB).
The equivalence tests prove the fast greedy choice the same as the listing-based one.
"""

from __future__ import annotations

import itertools
import random
import time
import tracemalloc
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

from cardwidgets import bots, cards, pazaak, tablic
from cardwidgets.bots.strategy import strategy_for
from cardwidgets.bots.tablic import TablicStrategy

LOW_20 = "A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 3♠ 3♥ 3♦ 3♣ 4♠ 4♥ 4♦ 4♣ 5♠ 5♥ 5♦ 5♣"
"""The README's 20-card table (a 10 captures it 104,575 ways)."""
LOW_24 = LOW_20 + " 6♠ 6♥ 6♦ 6♣"
HANDS = ("Q♠ 10♦ 9♦ 7♠ K♥ J♣", "8♥ 8♣ 9♠ 10♠ K♣ Q♦")

STRATEGY = TablicStrategy()
T = TypeVar("T")


def crowded(table: str = LOW_20, to_move: int = 0) -> tablic.State:
    """Six cards each on a crowded table, mid-deal."""
    return tablic.State.from_position(table=table, hands=HANDS, to_move=to_move, seed=1)


def bounded(action: Callable[[], T], seconds: float, megabytes: float) -> T:
    """``action()``, failing unless it takes under ``seconds`` of wall time and ``megabytes``
    of peak traced memory, each from cold caches (a widget's first click). The memory is
    measured in a second run: tracemalloc slows allocating code many times over."""
    tablic.clear_caches()
    started = time.perf_counter()
    found = action()
    took = time.perf_counter() - started
    assert took < seconds, f"took {took:.2f} s"
    tablic.clear_caches()
    tracemalloc.start()
    try:
        action()
        peak = tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()
    assert peak < megabytes, f"peak {peak:.1f} MB"
    return found


def listing_candidates(state: tablic.State) -> list[tablic.Move]:
    """The candidates as they were once made: from the list of every legal move
    (per hand card the trail and the two best captures by points, then cards, then listing
    order), in listing order."""
    moves = state.legal_moves()
    ranked: dict[cards.Card, list[tuple[int, int, int, tablic.Move]]] = {}
    kept = []
    for i, move in enumerate(moves):
        if not move.captured:
            kept.append((i, move))
            continue
        points = sum(tablic.card_points(c) for c in move.captured)
        ranked.setdefault(move.card, []).append((points, len(move.captured), -i, move))
    for options in ranked.values():
        options.sort(reverse=True)
        kept.extend((-k[2], k[3]) for k in options[:2])
    kept.sort(key=lambda item: item[0])
    return [move for _, move in kept]


def play_positions(count: int, seed: int) -> list[tablic.State]:
    """Positions of random-against-greedy games (what normal play looks like)."""
    found: list[tablic.State] = []
    players = (bots.RandomPlayer(seed), bots.GreedyPlayer(seed))
    number = 0
    while len(found) < count:
        state = tablic.new_game(seed=f"crowded:{seed}:{number}")
        number += 1
        while not state.is_over and len(found) < count:
            found.append(state)
            seat = state.to_move
            assert seat is not None
            state = state.play(players[seat].choose(state))
    return found


def piled_positions(count: int, seed: int, low: int, high: int) -> list[tablic.State]:
    """Random positions with ``low`` to ``high`` table cards (as trailing piles them up), kept
    where listing every move is still quick enough to compare with."""
    rng = random.Random(seed)
    found: list[tablic.State] = []
    while len(found) < count:
        deck = list(cards.DECK)
        rng.shuffle(deck)
        size = rng.randint(low, high)
        hands = (deck[size : size + 6], deck[size + 6 : size + 12])
        stock = deck[size + 12 : size + 12 + 12 * rng.randint(0, 2)]
        state = tablic.State.from_position(
            table=deck[:size], hands=hands, stock=stock, to_move=rng.randint(0, 1), seed=seed
        )
        if state.legal_moves_count() <= 20_000:
            found.append(state)
    return found


def greedy_with(candidates: Callable[[tablic.State], list[tablic.Move]]) -> Any:
    """A greedy Tablić decision that scores the given candidates (the same scoring)."""

    class Fixed(TablicStrategy):
        def candidates(self, state: tablic.State) -> list[tablic.Move]:
            return candidates(state)

    strategy = Fixed()

    def decide(state: tablic.State, seed: int) -> tablic.Move:
        seat = state.to_move
        assert seat is not None
        rng = bots.GreedyPlayer(seed).stream(seat, state.ply)  # as the player draws
        return strategy.greedy(state, seat, rng, {}).move

    return decide


# -- the engine: captures ranked without listing them ---------------------------------------------


@pytest.mark.parametrize("maximal", [False, True])
def test_T_S20_ranked_captures_are_every_capture_by_points_then_cards_then_listing(
    maximal: bool,
) -> None:
    rules = tablic.Rules(capture_must_be_maximal=maximal)
    rng = random.Random(27 + maximal)
    compared = 0
    for _ in range(400):
        deck = list(cards.DECK)
        rng.shuffle(deck)
        table, card = deck[: rng.randint(1, 13)], deck[-1]
        listed = tablic.capture_options(card, table, rules)
        points = [sum(tablic.card_points(c) for c in found) for found in listed]
        order = sorted(range(len(listed)), key=lambda i: (-points[i], -len(listed[i]), i))
        ranked = list(itertools.islice(tablic.ranked_captures(card, table, rules), 60))
        assert [r.position for r in ranked] == order[:60]
        assert [r.captured for r in ranked] == [listed[i] for i in order[:60]]
        assert [r.points for r in ranked] == [points[i] for i in order[:60]]
        compared += len(ranked)
    assert compared > (300 if maximal else 2000)  # the tables were not all without captures


def test_ranked_best_capture_on_a_crowded_table_beats_every_listed_capture() -> None:
    # The 104,575 captures of 10♦ walked lazily (no list): none is better than the first ranked.
    best = next(tablic.ranked_captures("10♦", LOW_20))
    top = max(
        (sum(tablic.card_points(c) for c in found), len(found))
        for found in tablic.iter_captures("10♦", LOW_20)
    )
    assert (best.points, len(best.captured)) == top == (5, 20)


def test_ranked_captures_refuse_a_played_card_on_the_table_with_the_rules_reason() -> None:
    with pytest.raises(tablic.IllegalMove) as info:
        next(tablic.ranked_captures("5♠", LOW_20))
    assert "5♠" in str(info.value) and info.value.text("de").startswith("5♠ liegt auf dem Tisch")


def test_T_D2_T_D4_is_capture_splits_like_the_full_search() -> None:
    rng = random.Random(4)
    agreed = positives = 0
    for _ in range(3000):
        deck = list(cards.DECK)
        rng.shuffle(deck)
        card, taken = deck[0], deck[1 : rng.randint(2, 9)]
        expected = frozenset(taken) in tablic.capture_options(card, taken)
        assert tablic.is_capture(card, taken) == expected, (card, taken)
        agreed += 1
        positives += expected
    assert positives > 20
    assert not tablic.is_capture("K♦", "K♠ K♥")  # T-D4: one table King at most


def test_is_capture_of_a_whole_24_card_table_is_quick() -> None:
    # The bots ask this for every card that could clear the table (the tabla danger).
    played = cards.parse_many("7♠ J♣ Q♠ K♥ 8♥ 9♠")
    answers = bounded(lambda: [tablic.is_capture(c, LOW_24) for c in played], 2.0, 20)
    assert answers == [True, True, True, True, False, False]


# -- the greedy player and the hint ----------------------------------------------------------------


def test_greedy_candidates_equal_the_listing_ones_in_normal_play() -> None:
    for state in play_positions(300, seed=1):
        assert STRATEGY._ranked_candidates(state) == listing_candidates(state)


def test_greedy_candidates_equal_the_listing_ones_on_piled_up_tables() -> None:
    for state in piled_positions(40, seed=2, low=8, high=18):
        assert STRATEGY._ranked_candidates(state) == listing_candidates(state)
        assert STRATEGY.candidates(state) == listing_candidates(state)


def test_greedy_picks_the_same_move_as_the_listing_based_greedy() -> None:
    old, new = greedy_with(listing_candidates), greedy_with(STRATEGY._ranked_candidates)
    states = play_positions(300, seed=3) + piled_positions(30, seed=3, low=10, high=18)
    for seed, state in enumerate(states):
        assert new(state, seed) == old(state, seed)
        assert bots.GreedyPlayer(seed).choose(state) == old(state, seed)


def test_greedy_on_a_crowded_table_takes_each_cards_best_captures() -> None:
    # Listing is out of reach here (883,816 moves); the candidates are each hand card's best
    # captures by the greedy criterion, which the lazy walk above proves for 10♦.
    state = crowded()
    found = STRATEGY.candidates(state)
    assert [m for m in found if not m.captured] == [tablic.Move(c) for c in sorted(state.hands[0])]
    ten = [m for m in found if m.card == cards.parse("10♦") and m.captured]
    assert ten[0].captured == next(tablic.ranked_captures("10♦", LOW_20)).captured
    move = bots.GreedyPlayer(1).choose(state)
    assert move in found and len(move.captured) >= 18


@pytest.mark.parametrize("table", [LOW_20, LOW_24], ids=["20 cards", "24 cards"])
def test_greedy_reply_on_a_crowded_table_is_quick_and_small(table: str) -> None:
    # Was 9-15 s and ~300 MB on the 20-card table (every legal move listed and scored).
    state = crowded(table)
    move = bounded(lambda: bots.GreedyPlayer(1).choose(state), 3.0, 20)
    assert state.play(move).ply == 1


@pytest.mark.parametrize("table", [LOW_20, LOW_24], ids=["20 cards", "24 cards"])
def test_hint_on_a_crowded_table_is_quick_and_small(table: str) -> None:
    # Was 14 s and ~350 MB on 20 cards, 34 s and 758 MB on 24 (286,671 moves ranked).
    state = crowded(table)
    found = bounded(lambda: bots.hint(state, locale="de"), 3.0, 20)
    assert found.move.captured and found.reason and found.details["cards"] >= 18


def test_hint_button_of_a_widget_on_a_crowded_table_is_quick() -> None:
    from cardwidgets.widgets import TablicWidget

    w = TablicWidget(state=crowded(), opponent="greedy")
    bounded(w.hint, 3.0, 20)
    assert w.message is not None and w.message.startswith("Hint: ")


# -- the random player and the expert -------------------------------------------------------------


@pytest.mark.parametrize("game", ["tablic", "panjpar", "pazaak"])
def test_random_player_and_opponent_draw_what_they_drew_from_the_list(game: str) -> None:
    # The random player draws with the game's own state.random_move from its position's
    # stream (its seed and name hashed once, mixed with seat and ply); the widget's random
    # opponent still draws from the list (Panjpar's state.random_move is another uniform draw).
    from cardwidgets import games
    from cardwidgets.widgets.base import RandomOpponent

    players = (bots.GreedyPlayer(1), bots.RandomPlayer(2))
    for number in range(3):
        state = games.get(game).new_game(seed=f"draws:{number}")
        while not state.is_over:
            seat = state.to_move
            moves = state.legal_moves()
            stream = bots.RandomPlayer(9).stream(seat, state.ply)
            assert bots.RandomPlayer(9).choose(state) == state.random_move(stream)
            opponent = moves[cards.Rng(f"4:{state.ply}").below(len(moves))]
            assert RandomOpponent(4).choose(state) == opponent
            state = state.play(players[seat].choose(state))


@pytest.mark.parametrize("table", [LOW_20, LOW_24], ids=["20 cards", "24 cards"])
def test_random_reply_on_a_crowded_table_is_quick_and_small(table: str) -> None:
    # Was 1.3-6 s through legal_moves(); State.random_move counts and unranks instead.
    state = crowded(table)
    moves = bounded(lambda: [bots.RandomPlayer(seed).choose(state) for seed in range(3)], 3.0, 20)
    assert all(state.check(move) == move for move in moves)


def test_random_opponent_of_a_widget_does_not_list_a_crowded_table() -> None:
    from cardwidgets.widgets.base import RandomOpponent

    state = crowded()
    move = bounded(lambda: RandomOpponent(1).choose(state), 3.0, 20)
    assert state.check(move) == move


def test_expert_reply_on_a_crowded_table_keeps_near_its_time_cap() -> None:
    # Its rollouts score the candidates instead of listing every move, and the exact ending
    # refuses a position with too many moves to list; the default budget is a fixed number of
    # iterations (no clock), which stays within the bound.
    state = crowded()
    move = bounded(lambda: bots.ExpertPlayer(1).choose(state), 8.0, 50)
    assert move in STRATEGY.candidates(state)


def test_expert_rollout_on_a_crowded_table_is_quick() -> None:
    state = crowded(LOW_24).determinize(0, cards.Rng(1))
    moves = bounded(
        lambda: [STRATEGY.rollout(state, cards.Rng(seed)) for seed in range(10)], 3.0, 20
    )
    assert all(state.check(move) == move for move in moves)


def test_expert_rollout_draws_as_before_on_normal_tables() -> None:
    # One move in ten is uniformly random: state.random_move is the same draw as the list's.
    for state in play_positions(150, seed=5):
        moves = state.legal_moves()
        for seed in range(3):
            rng, twin = cards.Rng(seed), cards.Rng(seed)
            if twin.below(10) == 0:
                assert STRATEGY.rollout(state, rng) == moves[twin.below(len(moves))]
            else:
                assert STRATEGY.rollout(state, rng) in moves


# -- Pazaak's hint: only what is shown ------------------------------------------------------------


def pazaak_position() -> pazaak.State:
    return pazaak.State.from_position(
        hands=["+1 -3 ±2 +4", "+2 +3 -1 -2"], deck=[5], tables=([9], [10]), seed=5
    )


def test_pazaak_hint_without_details_samples_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    def sampled(*args: object) -> float:
        raise AssertionError("the set-win chances were sampled")

    monkeypatch.setattr(type(strategy_for(pazaak_position())), "_set_chance", sampled)
    found = bots.hint(pazaak_position(), details=False)
    assert found.details == {"player": "greedy"}
    assert "38%" in found.reason  # the exact bust chance the reason gives is still there


def test_pazaak_widget_hint_samples_no_set_win_chances(monkeypatch: pytest.MonkeyPatch) -> None:
    # Was 200-430 ms a click for Monte Carlo figures the widget never showed.
    from cardwidgets.widgets import PazaakWidget

    calls = []
    original = type(strategy_for(pazaak_position()))._set_chance

    def counted(*args: Any) -> float:
        calls.append(args)
        return float(original(*args))

    monkeypatch.setattr(type(strategy_for(pazaak_position())), "_set_chance", counted)
    w = PazaakWidget(state=pazaak_position())
    w.hint()
    assert w.message is not None and "38%" in w.message
    assert calls == []
    bots.hint(pazaak_position())  # the figures of bots.hint itself are still computed
    assert len(calls) == 2
