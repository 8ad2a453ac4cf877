"""The lab's loop of two built-in random players plays exactly the games of the general loop.

When both seats are :class:`~cardwidgets.bots.RandomPlayer` (exact class), the lab plays them
with :func:`cardwidgets.bots.player.play_random` instead of asking each player for each move.
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
    # Without records, a game with a list-based playout (Pazaak) plays on it: the same rows.
    bare = _rows(game, "random", rules, unit, seed, False)
    assert bare == [{k: v for k, v in row.items() if k != "record"} for row in plain]


PLAYOUTS = {
    "pazaak-seed": (pazaak, pazaak.Rules.seed()),
    "pazaak-kotor1": (pazaak, pazaak.Rules.kotor1()),
    "pazaak-kotor2": (pazaak, pazaak.Rules.kotor2()),
    "panjpar": (panjpar, None),
    "panjpar-all": (panjpar, panjpar.Rules(pickup="all")),
}


@pytest.mark.parametrize("case", PLAYOUTS)
def test_rows_come_from_the_playout(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The rows above are compared on the playout only if the lab takes it: count its calls.
    module, rules = PLAYOUTS[case]
    game = module.__name__.rpartition(".")[2]
    calls = []
    played_out = module.played_out

    def counted(state: Any, draws: Any) -> Any:
        calls.append(state.ply)
        return played_out(state, draws)

    monkeypatch.setattr(module, "played_out", counted)
    rows = _rows(game, "random", rules, None, 9, False)
    assert calls == [0] * len(rows)
    plain = _rows(game, (SameRandom(0), SameRandom(0)), rules, None, 9, False)
    assert len(calls) == len(rows) and rows == plain
    if module is pazaak:
        assert {row["sets_played"] > row["sets0"] + row["sets1"] for row in rows} == {True, False}
    else:
        assert len({row["trump"] for row in rows}) > 1


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
