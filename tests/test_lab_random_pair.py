"""The lab's loop of two built-in random players plays exactly the games of the general loop.

When both seats are :class:`~cardwidgets.bots.RandomPlayer` (exact class), the lab plays them
with :func:`cardwidgets.bots.player.play_random` instead of asking each player for each move,
or, when only rows are asked, on the engine's list-based playout (``played_out``: Pazaak,
Panjpar, and Tablić's matches and deals).
A subclass of the random player that changes nothing still takes the general loop (the class
test is exact), so running the same seeds with both shows that the rows, the records (every
move) and the game facts are the same, for every game, rule set and unit.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardwidgets import bots, lab, panjpar, pazaak, tablic
from cardwidgets.bots.player import SeatDraws, play_random
from cardwidgets.lab.play import _random_pair


class SameRandom(bots.RandomPlayer):
    """The random player under another class: the lab gives it the general loop."""


CASES: dict[str, tuple[str, Any, str | None]] = {
    "tablic-match": ("tablic", None, "match"),
    "tablic-deal": ("tablic", None, "deal"),
    "tablic-maximal-deal": ("tablic", tablic.Rules(capture_must_be_maximal=True), "deal"),
    "tablic-final-tabla-match": ("tablic", tablic.Rules(final_card_tabla=True), "match"),
    "tablic-maximal-match": ("tablic", tablic.Rules(capture_must_be_maximal=True), "match"),
    "tablic-final-tabla-deal": ("tablic", tablic.Rules(final_card_tabla=True), "deal"),
    "tablic-dealer-leftovers-deal": ("tablic", tablic.Rules(leftovers_to="dealer"), "deal"),
    "tablic-dealer-leftovers-match": ("tablic", tablic.Rules(leftovers_to="dealer"), "match"),
    "tablic-short-match": ("tablic", tablic.Rules(target=30), "match"),
    "panjpar": ("panjpar", None, None),
    "panjpar-all": ("panjpar", panjpar.Rules(pickup="all"), None),
    "pazaak-seed": ("pazaak", pazaak.Rules.seed(), None),
    "pazaak-kotor1": ("pazaak", pazaak.Rules.kotor1(), None),
    "pazaak-kotor2": ("pazaak", pazaak.Rules.kotor2(), None),
}
GAMES = {"tablic": 6, "panjpar": 25, "pazaak": 60}


def _rows(
    game: str, players: object, rules: Any, unit: str | None, seed: Any, records: bool
) -> list[Any]:
    results = lab.simulate(
        game, players=players, games=GAMES[game], rules=rules, seed=seed, unit=unit,
        records=records, progress=False,
    )  # fmt: skip
    return list(results.rows)


@pytest.mark.parametrize("seed", [0, 1, "class"])
@pytest.mark.parametrize("case", CASES)
def test_random_pair_plays_the_general_loops_games(case: str, seed: Any) -> None:
    game, rules, unit = CASES[case]
    fast = _rows(game, "random", rules, unit, seed, True)
    plain = _rows(game, (SameRandom(0), SameRandom(0)), rules, unit, seed, True)
    assert fast == plain
    assert len({str(row["record"]) for row in fast}) == len(fast)  # the games differ
    # Without records, a game with a list-based playout plays on it: the same rows.
    bare = _rows(game, "random", rules, unit, seed, False)
    assert bare == [{k: v for k, v in row.items() if k != "record"} for row in plain]


PLAYOUTS: dict[str, tuple[Any, Any, str | None]] = {
    "pazaak-seed": (pazaak, pazaak.Rules.seed(), None),
    "pazaak-kotor1": (pazaak, pazaak.Rules.kotor1(), None),
    "pazaak-kotor2": (pazaak, pazaak.Rules.kotor2(), None),
    "panjpar": (panjpar, None, None),
    "panjpar-all": (panjpar, panjpar.Rules(pickup="all"), None),
    "tablic-deal": (tablic, None, "deal"),
    "tablic-match": (tablic, None, "match"),
    "tablic-maximal-deal": (tablic, tablic.Rules(capture_must_be_maximal=True), "deal"),
    "tablic-final-tabla-match": (tablic, tablic.Rules(final_card_tabla=True), "match"),
    "tablic-dealer-leftovers-deal": (tablic, tablic.Rules(leftovers_to="dealer"), "deal"),
}


@pytest.mark.parametrize("case", PLAYOUTS)
def test_rows_come_from_the_playout(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The rows above are compared on the playout only if the lab takes it: count its calls.
    module, rules, unit = PLAYOUTS[case]
    game = module.__name__.rpartition(".")[2]
    calls = []
    played_out = module.played_out

    def counted(state: Any, draws: Any, **limit: Any) -> Any:
        calls.append(state.ply)
        return played_out(state, draws, **limit)

    monkeypatch.setattr(module, "played_out", counted)
    rows = _rows(game, "random", rules, unit, 9, False)
    assert calls == [0] * len(rows)
    plain = _rows(game, (SameRandom(0), SameRandom(0)), rules, unit, 9, False)
    assert len(calls) == len(rows) and rows == plain
    if module is pazaak:
        assert {row["sets_played"] > row["sets0"] + row["sets1"] for row in rows} == {True, False}
    elif module is panjpar:
        assert len({row["trump"] for row in rows}) > 1
    elif unit == "deal":
        assert len({row["winner"] for row in rows}) > 1 and {row["length"] for row in rows} == {48}
    else:
        assert min(row["deals"] for row in rows) > 1


def test_records_keep_the_general_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    # A record is the end state's: the list-based playout has none, so it is not taken.
    calls = []
    monkeypatch.setattr(tablic, "played_out", lambda *args, **kw: calls.append(args))
    rows = _rows("tablic", "random", None, "deal", 3, True)
    assert calls == [] and all(row["record"] for row in rows)


@pytest.mark.parametrize("rules", [None, tablic.Rules(capture_must_be_maximal=True)])
def test_tablic_playout_plays_the_states_moves(rules: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # From a start and from the middle of a match (deals booked already), crowded tables
    # included (counted and unranked): the playout's deals and end are the State loop's.
    from cardwidgets.games.tablic import _fast

    crowded = []
    unranked = _fast.drawn_hand_option

    def counted(*args: Any) -> int:
        crowded.append(args[1])
        return unranked(*args)

    monkeypatch.setattr(_fast, "drawn_hand_option", counted)
    players = (bots.RandomPlayer(21), bots.RandomPlayer(22))
    keys = (bots.RandomPlayer.key_of(21), bots.RandomPlayer.key_of(22))
    for seed in range(12):
        start = tablic.new_game(seed=seed, rules=rules)
        for _ in range(seed * 17):  # into the match: later deals, rounds and turns
            start = start.play(players[start.to_move].choose(start))
        for deals in (None, 0, 1, 2):
            pair = SeatDraws(keys, start.ply)
            end = tablic.played_out(start, pair, deals=deals)
            state, booked = start, len(start.deal_results)
            while not state.is_over and (deals is None or len(state.deal_results) < booked + deals):
                state = state.play(players[state.to_move].choose(state))
            assert pair.moves() == state.ply - start.ply
            assert end.outcome == state.outcome and end.totals == state.totals
            assert end.is_over == state.is_over
            assert end.deal_results == tuple(
                tablic.DealTally(deal.cards, deal.points, deal.tablas, deal.scores)
                for deal in state.deal_results
            )
    assert any(table.bit_count() > _fast.UNRANK_ABOVE for table in crowded)


def test_a_replay_ends_where_the_row_does() -> None:
    # Results.replay needs the end state: it plays the general loop, the row the playout.
    results = lab.simulate("pazaak", games=3, seed=4, progress=False)
    for index, row in enumerate(results.rows):
        end = results.replay(index)
        assert (end.sets_won, end.set_number, end.ply) == (
            (row["sets0"], row["sets1"]),
            row["sets_played"],
            row["length"],
        )


@pytest.mark.parametrize("unit", ["deal", "match"])
def test_a_tablic_replay_ends_where_the_row_does(unit: str) -> None:
    results = lab.simulate("tablic", games=3, seed=4, unit=unit, progress=False)
    for index, row in enumerate(results.rows):
        end = results.replay(index)
        deals = end.deal_results[:1] if unit == "deal" else end.deal_results
        assert (end.ply, [sum(deal.cards) for deal in deals]) == (row["length"], [52] * len(deals))
        assert sum(deal.tablas[1] for deal in deals) == row["tablas1"]
        assert sum(deal.points[0] for deal in deals) == row["points0"]
        scores = deals[0].scores if unit == "deal" else end.totals
        assert (row["score0"], row["score1"]) == scores


def test_the_subclass_takes_the_general_loop() -> None:
    # Otherwise the test above would compare the fast loop with itself.
    assert _random_pair((bots.RandomPlayer(1), bots.RandomPlayer(2)))
    assert not _random_pair((SameRandom(1), bots.RandomPlayer(2)))
    assert not _random_pair((bots.RandomPlayer(1), bots.GreedyPlayer(2)))


@pytest.mark.parametrize("game", ["tablic", "panjpar", "pazaak"])
def test_play_random_stops_where_told(game: str) -> None:
    module = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}[game]
    players = (bots.RandomPlayer(3), bots.RandomPlayer(4))
    start = module.new_game(seed=5)
    keys = (bots.RandomPlayer.key_of(3), bots.RandomPlayer.key_of(4))
    end, moves = play_random(start, keys, lambda state: state.ply >= 7)
    assert (end.ply, moves) == (7, 7)
    state = start
    for _ in range(7):
        state = state.play(players[state.to_move].choose(state))
    assert end.history == state.history
    whole, count = play_random(start, keys)
    assert whole.is_over and count == whole.ply


@pytest.mark.parametrize("n", [1, 2, 7, 40, 315, 2**63 + 1])
def test_seat_draws_are_the_players_streams(n: int) -> None:
    # n = 2**63 + 1 rejects about half the first outputs: the generator's own path is taken.
    players = (bots.RandomPlayer(11), bots.RandomPlayer(12))
    pair = SeatDraws((players[0].key_of(11), players[1].key_of(12)), 5)
    draws, count = pair.draws, pair.moves
    seats = [0, 1, 1, 0, 1, 0, 0, 0, 1, 1] * 4
    got = [draws[seat](n) for seat in seats]
    want = [players[seat].stream(seat, 5 + ply).below(n) for ply, seat in enumerate(seats)]
    assert got == want and count() == len(seats)


def test_a_claim_on_the_end_is_asked_in_the_random_pair_loop() -> None:
    def short(state: Any) -> bool:
        return state.ply < 60

    fast = lab.check(short, "panjpar", games=20, seed=2, progress=False)
    plain = lab.check(short, "panjpar", players=(SameRandom(0),) * 2, games=20, seed=2,
                      progress=False)  # fmt: skip
    assert list(fast.rows) == list(plain.rows)
    assert {row["held"] for row in fast.rows} == {True, False}
