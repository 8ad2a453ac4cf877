"""``State.random_move(rng)`` for every game: uniform over ``legal_moves()`` (a chi-square
goodness-of-fit test on small positions), always legal, deterministic per seed, and random play
with it ends under every rule variant."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from cardwidgets import IllegalMove, panjpar, pazaak, tablic
from cardwidgets.cards import Rng, RngError

DRAWS = 6000
"""Draws per position: at least 19 expected per move for the biggest position (315 moves),
well above the usual minimum of 5 for the chi-square approximation."""

ALPHA_TABLE = {
    1: 10.828,
    2: 13.816,
    3: 16.266,
    4: 18.467,
    5: 20.515,
    6: 22.458,
    7: 24.322,
    8: 26.124,
    9: 27.877,
    10: 29.588,
}
"""Upper 0.1% points of the chi-square distribution for small degrees of freedom, where the
Wilson–Hilferty approximation is least accurate."""

Z_999 = 3.090232306167813
"""The standard normal 0.999 quantile."""


def chi2_critical(df: int) -> float:
    """The chi-square value exceeded with probability 0.001 under the null hypothesis: the
    table for small ``df``, else Wilson–Hilferty, ``df * (1 - 2/(9 df) + z sqrt(2/(9 df)))**3``
    (relative error about 0.5% at df 11, less above).

    We test many positions at once, so a small alpha keeps the chance that some correct
    sampler fails by bad luck low (about 1% over the ~12 positions here), while a real bias
    (say one move drawn 1.5x as often as it should, with 6,000 draws) gives a statistic far
    above the critical value. The draws are seeded, so the test is deterministic anyway; the
    alpha matters when the seeds or the engines' draw order change.
    """
    if df in ALPHA_TABLE:
        return ALPHA_TABLE[df]
    h = 2 / (9 * df)
    return df * (1 - h + Z_999 * math.sqrt(h)) ** 3


def chi2_statistic(observed: Counter[Any], support: list[Any]) -> float:
    """Pearson's statistic of the counts against the uniform distribution over ``support``."""
    total = sum(observed.values())
    expected = total / len(support)
    return sum((observed[item] - expected) ** 2 / expected for item in support)


def test_critical_values_match_known_quantiles() -> None:
    # Published upper 0.1% points of chi-square.
    for df, known in ((15, 37.697), (20, 45.315), (30, 59.703), (100, 149.449)):
        assert chi2_critical(df) == pytest.approx(known, rel=0.005)


# -- small positions, one per kind of move generation ----------------------------------------
MAXIMAL = tablic.Rules(capture_must_be_maximal=True)
CROWDED = "A♠ A♥ 2♠ 2♥ 2♦ 3♠ 3♥ 4♠ 4♥ 5♠ 6♠"  # 11 cards: random_move counts and unranks


def tablic_positions() -> dict[str, Any]:
    small = "3♠ 5♥ 2♦ 6♣"
    return {
        "tablic-small": tablic.State.from_position(table=small, hands=("8♦ K♠", "9♥ 4♣")),
        "tablic-small-maximal": tablic.State.from_position(
            table=small, hands=("8♦ K♠", "9♥ 4♣"), rules=MAXIMAL
        ),
        "tablic-crowded": tablic.State.from_position(table=CROWDED, hands=("8♣", "K♣")),
        "tablic-crowded-maximal": tablic.State.from_position(
            table=CROWDED, hands=("10♦ 7♣ Q♦", "K♣"), rules=MAXIMAL
        ),
    }


def panjpar_positions() -> dict[str, Any]:
    def defence(attack: str, hand: str, pickup: str) -> panjpar.State:
        rules = panjpar.Rules(pickup=pickup)
        return panjpar.State.from_position(
            ["A♠", hand], stock=(), trump="♣", attack=attack, rules=rules
        )

    return {
        "panjpar-attack": panjpar.State.from_position(
            ["A♠ A♥ 5♦ 5♣ 9♥", "2♣ 3♣ 9♠ 10♥ K♠"], stock=(), trump="♣"
        ),
        "panjpar-one-card": defence("K♥", "2♣ 3♣ 9♠ 10♥ K♠", "unbeaten"),
        "panjpar-three-cards": defence("8♥ 8♦ 8♠", "9♥ 9♦ 9♠ 2♣", "unbeaten"),
        "panjpar-three-cards-all": defence("8♥ 8♦ 8♠", "9♥ 10♥ 9♦ 10♦ 9♠ 2♣ 3♣", "all"),
        "panjpar-five-cards": defence("7♥ 7♦ 7♠ 8♥ 8♦", "9♥ 9♦ 9♠ 10♥ 10♦ 2♣", "unbeaten"),
        "panjpar-five-cards-all": defence("7♥ 7♦ 7♠ 8♥ 8♦", "9♥ 9♦ 9♠ 10♥ 2♣ 3♣", "all"),
    }


def pazaak_positions() -> dict[str, Any]:
    start = pazaak.State.from_position(hands=["+3 -4 ±2 +1", "-1 -2 +5 ±6"], deck=[8], seed=1)
    return {
        "pazaak-hand": start,
        "pazaak-after-card": start.play("play +1"),  # only end and stand are left
        "pazaak-pairs": pazaak.State.from_position(
            hands=["+3 +3 -2 -2", "-1 -2 +5 ±6"], deck=[8], seed=1
        ),
    }


POSITIONS = {**tablic_positions(), **panjpar_positions(), **pazaak_positions()}


GENERATORS: dict[str, Callable[[str], Any]] = {
    "Rng": Rng,
    "random.Random": random.Random,  # the standard library's generator too
}


@pytest.mark.parametrize("generator", GENERATORS)
@pytest.mark.parametrize("name", POSITIONS)
def test_uniform_over_legal_moves(name: str, generator: str) -> None:
    state = POSITIONS[name]
    support = state.legal_moves()
    assert len(support) == len(set(support)) >= 2
    rng = GENERATORS[generator](f"uniform {name}")
    observed = Counter(state.random_move(rng) for _ in range(DRAWS))
    assert set(observed) <= set(support)  # (b) every drawn move is a legal move
    statistic = chi2_statistic(observed, support)
    df = len(support) - 1
    assert statistic < chi2_critical(df), (name, df, statistic)


def test_the_test_rejects_a_biased_sampler() -> None:
    # Power check: a sampler that draws the last move twice as often as each other one.
    state = POSITIONS["panjpar-attack"]
    support = state.legal_moves()
    rng = Rng("biased")
    n = len(support)
    observed = Counter(support[min(rng.below(n + 1), n - 1)] for _ in range(DRAWS))
    assert chi2_statistic(observed, support) > chi2_critical(n - 1)


# -- random play: legal, deterministic, terminates -------------------------------------------
Factory = Callable[[int], Any]
VARIANTS: dict[str, Factory] = {
    "tablic": lambda seed: tablic.new_game(seed=seed),
    "tablic-maximal": lambda seed: tablic.new_game(seed=seed, rules=MAXIMAL),
    "panjpar": lambda seed: panjpar.new_game(seed=seed),
    "panjpar-all": lambda seed: panjpar.new_game(seed=seed, rules=panjpar.Rules(pickup="all")),
    "pazaak-seed": lambda seed: pazaak.new_game(seed=seed, rules=pazaak.Rules.seed()),
    "pazaak-kotor1": lambda seed: pazaak.new_game(seed=seed, rules=pazaak.Rules.kotor1()),
    "pazaak-kotor2": lambda seed: pazaak.new_game(seed=seed, rules=pazaak.Rules.kotor2()),
}
MAX_PLIES = 5000


def play_out(state: Any, rng: Rng | random.Random, check: bool = False) -> Any:
    """Random play with random_move to the end (at most MAX_PLIES moves)."""
    for _ in range(MAX_PLIES):
        if state.is_over:
            return state
        move = state.random_move(rng)
        if check:
            assert move in state.legal_moves()
        state = state.play(move)
    raise AssertionError(f"no end after {MAX_PLIES} moves")


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_play_terminates_with_legal_moves(variant: str) -> None:
    for seed in range(4):
        end = play_out(VARIANTS[variant](seed), Rng(seed), check=seed == 0)
        assert end.is_over and end.outcome is not None
        with pytest.raises(IllegalMove) as caught:
            end.random_move(Rng(0))
        assert caught.value.key == "move.game_over"


@pytest.mark.parametrize("variant", VARIANTS)
def test_same_seed_same_moves(variant: str) -> None:
    a = play_out(VARIANTS[variant](7), Rng("same"))
    b = play_out(VARIANTS[variant](7), Rng("same"))
    assert a.history == b.history
    c = play_out(VARIANTS[variant](7), Rng("other"))
    assert a.history != c.history


@pytest.mark.parametrize("variant", ["tablic", "tablic-maximal", "pazaak-seed", "pazaak-kotor2"])
def test_same_draw_as_indexing_legal_moves(variant: str) -> None:
    # Tablić and Pazaak document random_move as legal_moves()[rng.below(n)], move for move
    # (so it also agrees with their playout()); Panjpar's defences sample differently.
    state, rng, twin = VARIANTS[variant](3), Rng(11), Rng(11)
    while not state.is_over:
        move = state.random_move(rng)
        moves = state.legal_moves()
        assert move == moves[twin.below(len(moves))]
        state = state.play(move)


def test_tablic_crowded_unranking_agrees_with_the_list() -> None:
    # Over 10 table cards random_move unranks without listing; it must pick the same move.
    for hand in ("8♣", "10♦ 7♣ Q♦", "A♦ 9♣", "K♦ J♦"):
        for rules in (tablic.Rules(), MAXIMAL):
            state = tablic.State.from_position(table=CROWDED, hands=(hand, "K♣"), rules=rules)
            moves = tablic.State.from_position(
                table=CROWDED, hands=(hand, "K♣"), rules=rules
            ).legal_moves()
            for seed in range(40):
                assert state.random_move(Rng(seed)) == moves[Rng(seed).below(len(moves))]
            assert state._keys is None  # nothing listed
            state.play(state.random_move(Rng(0)))  # and play() accepts it (checked)


def test_tablic_random_move_matches_playout() -> None:
    for rules in (tablic.Rules(), MAXIMAL):
        result = tablic.playout(tablic.new_game(seed=5, rules=rules), Rng(9))
        end = play_out(tablic.new_game(seed=5, rules=rules), Rng(9))
        assert (end.totals, end.outcome.winner, end.ply) == (
            result.totals,
            result.winner,
            result.moves,
        )


# -- the standard library's random.Random ------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_play_with_random_Random_is_legal_deterministic_and_ends(variant: str) -> None:
    a = play_out(VARIANTS[variant](2), random.Random(5), check=True)
    b = play_out(VARIANTS[variant](2), random.Random(5))
    assert a.is_over and a.history == b.history


@pytest.mark.parametrize("variant", ["tablic", "tablic-maximal", "pazaak-seed", "pazaak-kotor2"])
def test_random_Random_draws_the_move_at_its_randrange_index(variant: str) -> None:
    state, rng, twin = VARIANTS[variant](3), random.Random(11), random.Random(11)
    while not state.is_over:
        move = state.random_move(rng)
        moves = state.legal_moves()
        assert move == moves[twin.randrange(len(moves))]
        state = state.play(move)


def test_random_Random_subclass_SystemRandom_is_accepted() -> None:
    state = POSITIONS["panjpar-attack"]
    assert state.random_move(random.SystemRandom()) in state.legal_moves()


@pytest.mark.parametrize(
    "name", ["tablic-small", "tablic-crowded", "panjpar-attack", "pazaak-hand"]
)
@pytest.mark.parametrize("bad", [None, 42, "seed", random, [1, 2]])
def test_random_move_refuses_what_is_not_a_generator_with_a_reason(name: str, bad: object) -> None:
    state = POSITIONS[name]
    before = state.legal_moves()
    with pytest.raises(RngError) as caught:
        state.random_move(bad)  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError)
    assert "cardwidgets.cards.Rng or a random.Random" in caught.value.text("en")
    assert caught.value.text("de").startswith("ein Zufallsgenerator muss")
    assert state.legal_moves() == before and state.random_move(Rng(1)) in before
