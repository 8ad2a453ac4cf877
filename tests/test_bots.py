"""Computer players and hints: the protocol, seeds, no cheating, strength, hints in en/de.

The strength tests are small honest samples (the ladder in benchmarks/ is the real measure);
the search budgets here are tiny so the file runs in seconds.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import pytest

from cardwidgets import bots, cards
from cardwidgets.bots import ExpertPlayer, GreedyPlayer, Player, PlayerError, RandomPlayer, ismcts
from cardwidgets.bots.strategy import Strategy, strategy_for

# -- the protocol -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["random", "greedy", "expert"])
def test_players_follow_the_protocol_pickle_and_reseed(name: str) -> None:
    player = bots.make(name, seed=5)
    assert isinstance(player, Player)
    assert isinstance(player, bots.PLAYERS[name])
    twin = pickle.loads(pickle.dumps(player))
    assert twin == player and repr(twin) == repr(player)
    other = player.reseeded(6)
    assert other.seed == 6 and player.seed == 5 and type(other) is type(player)


def test_make_passes_options_and_reseeds_players() -> None:
    assert bots.make("greedy", seed=1, stand_at=15).options == {"stand_at": 15}
    assert bots.make("expert", seed=1, iterations=50).iterations == 50
    given = RandomPlayer(3)
    assert bots.make(given) is given
    assert bots.make(given, seed=4) == RandomPlayer(4)


def test_unknown_names_options_and_budgets_are_explained_in_en_and_de() -> None:
    with pytest.raises(PlayerError) as info:
        bots.make("clever")
    assert info.value.text("de") == (
        "es gibt keinen Spieler 'clever': wähle einen von random, greedy, expert"
    )
    with pytest.raises(PlayerError, match="GreedyPlayer has no option 'stand'"):
        GreedyPlayer(stand=15)
    with pytest.raises(PlayerError, match="option 'stand_at' must be int"):
        GreedyPlayer(stand_at="15")
    with pytest.raises(PlayerError, match="positive number of iterations"):
        ExpertPlayer(iterations=0)


def test_seedless_players_get_a_fresh_seed() -> None:
    assert RandomPlayer().seed != RandomPlayer().seed


# -- the search core on a toy game ---------------------------------------------------------------


class Nim:
    """Take 1 or 2 counters; who takes the last one wins (full information)."""

    game = "nim"

    def __init__(self, n: int, to_move: int = 0) -> None:
        self.n, self._to_move = n, to_move

    @property
    def is_over(self) -> bool:
        return self.n == 0

    @property
    def to_move(self) -> int | None:
        return None if self.n == 0 else self._to_move

    @property
    def ply(self) -> int:
        return 0

    def legal_moves(self) -> list[int]:
        return [k for k in (1, 2) if k <= self.n]

    def play(self, k: int) -> Nim:
        return Nim(self.n - k, 1 - self._to_move)

    def determinize(self, seat: int, rng: cards.Rng) -> Nim:
        return self

    @property
    def outcome(self) -> Any:
        return type("O", (), {"winner": 1 - self._to_move})()


@pytest.mark.parametrize(("counters", "best"), [(4, 1), (5, 2), (7, 1), (8, 2)])
def test_search_finds_the_winning_nim_move(counters: int, best: int) -> None:
    result = ismcts.search(Nim(counters), 0, cards.Rng(1), iterations=400)
    assert result.move == best and result.iterations == 400
    assert sum(visits for visits, _ in result.stats.values()) == 400


def test_expert_plays_any_game_with_determinize_and_is_reproducible() -> None:
    expert = ExpertPlayer(seed=3, iterations=300)
    assert expert.choose(Nim(7)) == 1
    assert expert.last_search is not None and expert.last_search.iterations == 300
    assert [ExpertPlayer(seed=9, iterations=20).choose(Nim(6)) for _ in range(3)] == [
        ExpertPlayer(seed=9, iterations=20).choose(Nim(6))
    ] * 3


def test_search_needs_a_budget_and_honours_a_time_limit() -> None:
    with pytest.raises(ValueError, match="iterations, time_limit"):
        ismcts.search(Nim(5), 0, cards.Rng(1), iterations=None)
    result = ismcts.search(Nim(30), 0, cards.Rng(1), iterations=None, time_limit=0.05)
    assert result.iterations >= 1 and result.seconds < 1.0


# -- helpers for the games ------------------------------------------------------------------------


def play_out(state: Any, players: tuple[Any, Any], done: Callable[[Any], bool]) -> Any:
    while not done(state):
        state = state.play(players[state.to_move].choose(state))
    return state


GAMES = ("tablic", "panjpar", "pazaak")


def _module(game: str) -> Any:
    from cardwidgets import games

    return games.get(game)


def _unit_over(game: str, start: Any) -> Callable[[Any], bool]:
    """The ladder's unit of play: a Tablić deal, a Panjpar game, a Pazaak match."""
    if game == "tablic":
        return lambda s: s.is_over or s.deal_number != start.deal_number
    return lambda s: bool(s.is_over)


def _seat0_score(game: str, state: Any) -> float:
    if game == "tablic":
        scores = state.deal_results[-1].scores
        return 0.5 if scores[0] == scores[1] else float(scores[0] > scores[1])
    winner = state.outcome.winner
    return 0.5 if winner is None else float(winner == 0)


def _strategy(state: Any) -> Strategy[Any, Any]:
    """The registered strategy of ``state``'s game (every game here has one)."""
    found = strategy_for(state)
    assert found is not None
    return found


def _positions(game: str, count: int, seed: int = 0) -> list[Any]:
    """Positions from random games (every few plies), for the no-cheating tests."""
    rng = cards.Rng(seed)
    found: list[Any] = []
    game_number = 0
    while len(found) < count:
        state = _module(game).new_game(seed=f"positions:{game_number}")
        game_number += 1
        step = 0
        while not state.is_over and len(found) < count:
            if step % 5 == 2:
                found.append(state)
            moves = state.legal_moves()
            state = state.play(moves[rng.below(len(moves))])
            step += 1
    return found


# -- no cheating ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_no_cheating_states_differing_only_in_hidden_cards_get_the_same_choice(game: str) -> None:
    """Two states that look the same to the seat to move (its view, its legal moves) but deal
    the hidden cards differently get the same choice and the same hint under the same seed."""
    players = [RandomPlayer(11), GreedyPlayer(12), ExpertPlayer(13, iterations=12)]
    differed = 0
    for number, state in enumerate(_positions(game, 12)):
        seat = state.to_move
        one = state.determinize(seat, cards.Rng(f"one:{number}"))
        two = state.determinize(seat, cards.Rng(f"two:{number}"))
        assert one.view(seat) == two.view(seat)
        if one.hands[1 - seat] != two.hands[1 - seat]:
            differed += 1
        for player in players:
            assert player.choose(one) == player.choose(two), (player, number)
        assert str(bots.hint(one)) == str(bots.hint(two))
        assert bots.hint(one).details == bots.hint(two).details
    assert differed >= 6  # the hidden cards really were different


def test_no_cheating_tablic_explicit_pair() -> None:
    from cardwidgets.games import tablic

    table = "3♠ 5♥ 9♦"
    mine = "8♦ K♠ 2♣"
    a = tablic.State.from_position(table, (mine, "9♣ 4♥ 7♠"), stock="J♥ 6♣ Q♦", to_move=0)
    b = tablic.State.from_position(table, (mine, "J♥ 6♣ 4♥"), stock="9♣ 7♠ Q♦", to_move=0)
    assert a.view(0) == b.view(0) and a.hands[1] != b.hands[1]
    for player in (GreedyPlayer(1), ExpertPlayer(2, iterations=40), RandomPlayer(3)):
        assert player.choose(a) == player.choose(b)


def test_no_cheating_pazaak_explicit_pair() -> None:
    from cardwidgets.games import pazaak

    def position(other_hand: str, deck: list[int]) -> Any:
        return pazaak.State.from_position(
            hands=["+1 -3 ±2 +4", other_hand], deck=deck, tables=([9], [8]), seed=5
        )

    a = position("+2 +3 -1 -2", [6, 10, 2, 7])
    b = position("-4 ±5 +1 +1", [6, 3, 9, 1])
    assert a.view(0) == b.view(0)
    for player in (GreedyPlayer(1), ExpertPlayer(2, iterations=60), RandomPlayer(3)):
        assert player.choose(a) == player.choose(b)


def test_no_cheating_panjpar_explicit_pair() -> None:
    from cardwidgets.games import panjpar

    mine = "7♥ 7♣ 9♦ 2♠ 3♠"
    a = panjpar.State.from_position([mine, "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦ 10♣ 6♦", trump="♦")
    b = panjpar.State.from_position([mine, "Q♥ J♦ 10♣ 8♣ 4♦"], stock="9♥ K♠ 5♦ 6♦", trump="♦")
    assert a.view(0) == b.view(0)
    for player in (GreedyPlayer(1), ExpertPlayer(2, iterations=40), RandomPlayer(3)):
        assert player.choose(a) == player.choose(b)


# -- reproducible -----------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_game(game: str) -> None:
    def record(seed: int) -> list[str]:
        players = (GreedyPlayer(seed), ExpertPlayer(seed + 1, iterations=8))
        start = _module(game).new_game(seed="repro")
        end = play_out(start, players, _unit_over(game, start))
        return [str(m) for m in end.history]

    assert record(1) == record(1)


# -- strength (small honest samples; the ladder in benchmarks/ is the real measure) -------------


@pytest.mark.parametrize("game", GAMES)
def test_greedy_beats_random_in_200_games(game: str) -> None:
    score = 0.0
    for number in range(100):
        for swapped in (False, True):
            greedy, rand = GreedyPlayer(f"g{number}"), RandomPlayer(f"r{number}")
            players = (rand, greedy) if swapped else (greedy, rand)
            start = _module(game).new_game(seed=f"strength:{number}")
            end = play_out(start, players, _unit_over(game, start))
            seat0 = _seat0_score(game, end)
            score += 1 - seat0 if swapped else seat0
    assert score / 200 > 0.55, score / 200


@pytest.mark.parametrize("game", GAMES)
def test_every_player_only_plays_legal_moves(game: str) -> None:
    for state in _positions(game, 10, seed=3):
        legal = state.legal_moves()
        for player in (RandomPlayer(1), GreedyPlayer(2), ExpertPlayer(3, iterations=10)):
            move = player.choose(state)
            assert move in legal
            state.play(move)  # does not raise


# -- hints ----------------------------------------------------------------------------------------


def test_T_D5_tablic_hint_names_the_tabla_in_en_and_de() -> None:
    from cardwidgets.games import tablic

    state = tablic.State.from_position(
        table="3♠ 5♥ 2♦ 6♣", hands=("8♦ K♠ 4♥", "9♥ 4♣ 7♦"), to_move=0
    )
    hint = bots.hint(state, locale="en")
    assert str(hint.move) == "8♦ x 2♦ 3♠ 5♥ 6♣"
    assert hint.reason == "8♦ clears the table: a tabla, 1 point and 5 cards."
    assert hint.text("de") == "8♦ räumt den Tisch ab: eine Tabla, 1 Punkt und 5 Karten."
    assert bots.hint(state, locale="de").reason == hint.text("de")
    assert hint.details["tabla"] is True and hint.details["cards"] == 5
    assert str(hint) == f"{hint.move}: {hint.reason}"


def test_tablic_greedy_does_not_leave_a_tabla_for_the_opponent() -> None:
    from cardwidgets.games import tablic

    # Trailing the 9 leaves 4 + 9 = 13 (a queen clears it); trailing the 2 leaves 4 + 2 = 6,
    # which only a six clears, and two sixes are in our own hand.
    state = tablic.State.from_position(
        table="4♠", hands=("9♦ 2♥ 6♣ 6♦", "Q♥ 3♣ 8♠ 7♦"), stock="", to_move=0
    )
    hint = bots.hint(state)
    assert str(hint.move) == "2♥" and hint.key == "bots.tablic.trail"
    nine = _strategy(state).details(state, 0, tablic.Move.parse("9♦"))
    assert hint.details["opponent_tabla_risk"] < nine["opponent_tabla_risk"]


def test_panjpar_hints_in_en_and_de() -> None:
    from cardwidgets.games import panjpar

    state = panjpar.State.from_position(
        hands=["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦", trump="♦"
    )
    hint = bots.hint(state)
    # The pair of sevens and the lowest card.
    assert sorted(map(str, hint.move.cards)) == ["2♠", "7♣", "7♥"]
    assert hint.reason.startswith("Attack with 2♠ 7♥ 7♣: 3 low cards")
    defence = bots.hint(state.play(hint.move), locale="de")
    assert defence.seat == 1 and defence.details["pickup"] == 0
    assert defence.reason.startswith("Schlage 2♠ mit K♠, 7♥ mit 9♥ und 7♣ mit 8♣")


def test_P_D7_panjpar_greedy_goes_out_and_keeps_trumps_while_the_stock_lasts() -> None:
    from cardwidgets.games import panjpar

    # Stock empty: killing the last attack card with the last hand card wins (P-D7).
    end = panjpar.State.from_position(["5♠ 9♠", "A♦"], stock=(), trump="♦", attack="K♠")
    hint = bots.hint(end)
    assert str(hint.move) == "kill K♠ with A♦" and hint.key == "bots.panjpar.win"
    # With stock left, a trump ace is not spent on a low card.
    early = panjpar.State.from_position(
        ["5♠ 9♠ 3♥ 4♥ 7♣", "A♦ 8♥ 9♥ 10♣ J♣"], stock="2♣ 3♣ 4♦", trump="♦", attack="6♠"
    )
    assert str(GreedyPlayer(1).choose(early)) == "pick up 6♠"


def test_Z_D2_pazaak_hint_gives_the_exact_bust_chance_and_compares_stand_with_draw() -> None:
    from fractions import Fraction

    from cardwidgets.games import pazaak

    state = pazaak.State.from_position(
        hands=["+1 -3 ±2 +4", "+2 +3 -1 -2"], deck=[5], tables=([9], [10]), seed=5
    )
    hint = bots.hint(state)
    bust = pazaak.bust_probability(state, 0)
    assert bust == Fraction(14, 37)  # 7, 8, 9, 10 bust 14; 9 and 10 are on the tables
    assert hint.details["bust_chance_exact"] == "14/37"
    assert hint.details["bust_chance"] == pytest.approx(float(bust))
    assert "38%" in hint.reason and "38%" in hint.text("de")
    assert 0.0 <= hint.details["win_chance_stand"] < hint.details["win_chance_draw"] <= 1.0


def test_pazaak_standing_behind_a_standing_opponent_never_wins() -> None:
    from cardwidgets.games import pazaak

    state = pazaak.State.from_position(
        hands=["+1 -3 -2 -4", "+2 +3 -1 -2"],
        deck=[6, 7],
        tables=([9], [10, 8]),
        standing=(False, True),
        seed=5,
    )
    assert state.totals == (15, 18)
    hint = bots.hint(state)
    assert hint.key == "bots.pazaak.must_draw" and hint.move == pazaak.END_TURN
    assert hint.details["win_chance_stand"] == 0.0 < hint.details["win_chance_draw"]


@pytest.mark.parametrize(
    ("hand", "tables", "expected", "key"),
    [
        ("+1 -3 ±2 +4", ([9], [5]), "play +4", "bots.pazaak.make20"),  # 16 + 4 = 20
        ("+1 -3 ±2 +4", ([9, 7], [5]), "play -3", "bots.pazaak.recover"),  # 23 - 3 = 20
        ("±1T -1 +2 +3", ([9, 5], [5]), "play -1", "bots.pazaak.recover"),  # tiebreaker kept
        ("+1 -3 ±2 +4", ([9, 9], [5]), "stand", "bots.pazaak.bust"),  # 25 - 3 > 20
        ("+3 +4 +5 +6", ([9, 2], [5]), "stand", "bots.pazaak.stand_at"),  # 18, no card to 20
        ("+3 +4 +5 +6", ([3, 2], [5]), "end", "bots.pazaak.draw"),  # 12
    ],
)
def test_Z_D4_Z_D6_Z_D7_pazaak_greedy_rules(
    hand: str, tables: Any, expected: str, key: str
) -> None:
    from cardwidgets.games import pazaak

    rules = pazaak.Rules(gold_cards=True) if "T" in hand else None
    state = pazaak.State.from_position(
        hands=[hand, "+2 +3 -1 -2"], deck=[7], tables=tables, seed=5, rules=rules
    )
    decision = GreedyPlayer(1).decide(state)
    assert str(decision.move) == expected and decision.key == key


def test_pazaak_stand_threshold_is_an_option() -> None:
    from cardwidgets.games import pazaak

    state = pazaak.State.from_position(
        hands=["+5 +6 -5 -6", "+2 +3 -1 -2"], deck=[6], tables=([10], [5]), seed=5
    )
    assert state.totals == (16, 5)
    assert GreedyPlayer(1).choose(state) == pazaak.END_TURN
    assert GreedyPlayer(1, stand_at=15).choose(state) == pazaak.STAND


def test_hint_errors() -> None:
    from cardwidgets.games import pazaak

    state = pazaak.new_game(seed=2)
    with pytest.raises(PlayerError) as info:
        bots.hint(state, seat=1 - state.to_move)
    assert "it is seat" in str(info.value) and "ist am Zug" in info.value.text("de")


@pytest.mark.parametrize("game", GAMES)
def test_hint_with_the_expert_explains_its_move(game: str) -> None:
    state = _positions(game, 3, seed=5)[-1]
    hint = bots.hint(state, player=ExpertPlayer(4, iterations=30))
    assert hint.move in state.legal_moves() and hint.details["player"] == "expert"
    moves = len(_strategy(state).candidates(state))
    if moves > 1:
        # the budget is spent whole (Pazaak: an iteration is one determinization of the
        # opponent's hand; an obvious draw skips the search)
        iterations = hint.details["search"]["iterations"]
        obvious = game == "pazaak" and iterations == 0 and str(hint.move) == "end"
        assert iterations == 30 or obvious
    assert hint.reason and hint.text("de") and hint.text("de") != hint.reason


@pytest.mark.parametrize(
    ("game", "rules"),
    [
        ("tablic", {"capture_must_be_maximal": True, "leftovers_to": "dealer"}),
        ("tablic", {"final_card_tabla": True}),
        ("panjpar", {"pickup": "all"}),
        ("panjpar", {"hand_size": 6}),
        ("pazaak", "kotor1"),
        ("pazaak", "kotor2"),
        ("pazaak", {"main_deck": "uniform_with_replacement"}),
    ],
)
def test_players_handle_rule_variants(game: str, rules: Any) -> None:
    module = _module(game)
    made = getattr(module.Rules, rules)() if isinstance(rules, str) else module.Rules(**rules)
    start = module.new_game(seed="variants", rules=made)
    players = (GreedyPlayer(1), ExpertPlayer(2, iterations=6))
    end = play_out(start, players, _unit_over(game, start))
    assert end.ply > 0
    for state in end.path()[::7]:
        if not state.is_over:
            assert bots.hint(state).move in state.legal_moves()


def test_pazaak_explains_any_move_in_fitting_words() -> None:
    from cardwidgets.games import pazaak

    state = pazaak.State.from_position(
        hands=["+1 -3 ±2 +4", "+2 +3 -1 -2"], deck=[2], tables=([3], [5]), seed=5
    )
    strategy = _strategy(state)
    keys = {str(m): strategy.explain(state, 0, m).key for m in state.legal_moves()}
    assert keys["end"] == "bots.pazaak.draw_safe"  # 5: no card busts
    assert keys["play +4"] == "bots.pazaak.play"
    assert keys["stand"] == "bots.pazaak.stand_at"
    assert strategy.explain(state, 0, pazaak.END_TURN).text("de") == (
        "Beende den Zug und ziehe weiter: von 5 aus kann dich keine Karte überziehen."
    )
