"""Tablić from random positions: the engine against the plain rules, each move said every way.

What it proves, for every rule variant (every combination of ``Rules`` flags, and a short
target so that matches end):

* ``State.from_position`` accepts every legal, reachable-looking position (cards conserved, no
  card twice, hand sizes as the turn order leaves them, piles only of seats that played, a
  tabla behind an empty table, scores so far, any round, dealer, last capturer, the last round
  with the stock empty, and both hands out so that the position goes on at once).
* From each position, a random continuation (one move; every 20th position to the end of the
  round, every 150th to the end of the deal, every 300th, its totals near the target, to the
  end of the match) is compared step by step with ``rules.PlainMatch``, the match played by the
  plain rules (``legal_captures``, ``is_tabla``, ``deal_round``, ``deal_breakdown``,
  ``match_over``, ``deal_deck``): the legal moves as a set, the next position with its hidden
  parts, every finished deal and the match's result.
* Every move is played three ways, which must give the same position: the listed move, its text
  (``play(str(move))`` and ``play(Move.parse(str(move)))``) and a move made anew
  (``Move(card, captured)``). ``random_move(rng)`` is ``legal_moves()[rng.below(n)]`` for the
  same draw, ``legal_moves_count`` counts the listed moves, and ``playout`` from the position
  ends the match as the state loop does.
* The record of the continuation (``to_record``, through JSON, ``games.from_record``) gives
  back the same position.

The defects it found have their own tests at the end: a record of a position that ends its
deal at once scored that deal twice, and totals that had already ended the match were accepted.

Seeded and reproducible. A failure prints the record of the position reached (its start is
the generated position) and the move. ``CARDWIDGETS_POSITIONS`` sets how many positions in all
(default 5,000, split evenly over the variants)::

    CARDWIDGETS_POSITIONS=50000 uv run pytest -q tests/test_tablic_positions.py -p no:cacheprovider
"""

from __future__ import annotations

import itertools
import json
import os
import random
from typing import Any

import pytest

from cardwidgets import cards, games
from cardwidgets.cards import DECK, Card
from cardwidgets.games import tablic
from cardwidgets.games.tablic import Move, Rules, State
from cardwidgets.games.tablic.rules import PlainMatch

POSITIONS = int(os.environ.get("CARDWIDGETS_POSITIONS", "5000"))
"""How many random positions in all (split evenly over the variants)."""

TO_THE_ROUND_END = 20
"""Every this many positions, the continuation goes on to the end of the round (both hands out:
the next round dealt, or in the last round the deal scored); the others stop after one move.
The plain capture rule tries every subset of the table, so checked moves are what the time
budget counts: about 3 ms each (more at the start of a round, with full hands), and the 5,000
positions' first moves take most of it (85 %)."""
TO_THE_DEAL_END = 150
"""Every this many positions, the continuation goes on to the end of the deal."""
TO_THE_MATCH_END = 300
"""Every this many positions (from round 3 or 4, their totals just below the target), to the
end of the match (at the default count: two positions a variant)."""

VARIANTS = [
    Rules(capture_must_be_maximal=maximal, final_card_tabla=final, leftovers_to=leftovers,
          target=target)
    for maximal, final, leftovers, target in itertools.product(
        (False, True), (False, True), ("last_capturer", "dealer"), (101, 30)
    )
]  # fmt: skip


def variant_id(rules: Rules) -> str:
    return (f"max={rules.capture_must_be_maximal:d}-final={rules.final_card_tabla:d}-"
            f"{rules.leftovers_to}-{rules.target}")  # fmt: skip


# -- the positions --------------------------------------------------------------------------------


def random_position(rng: random.Random, rules: Rules, near_end: bool = False) -> dict[str, Any]:
    """The arguments of ``State.from_position`` for a random legal position that a deal could
    reach: the 52 cards shared out once, the round's hands as the turn order leaves them (Elder
    leads and they alternate, T-S6), piles only for seats that played (each capture takes the
    played card and at least one more, T-D12), an empty table only after a tabla (T-S13).
    ``near_end``: round 3 or 4, totals just below the target, so that the match ends soon."""
    deck = list(DECK)
    rng.shuffle(deck)
    dealer = rng.randrange(2)
    elder = 1 - dealer
    round_ = rng.randint(3 if near_end else 1, 4)  # T-S2; round 4: the stock is empty
    # Cards played in this round; 12: both hands are out, and the position goes on at once.
    played = 12 if rng.random() < 0.04 else rng.randrange(12)
    sizes = [0, 0]
    sizes[elder], sizes[dealer] = 6 - (played + 1) // 2, 6 - played // 2
    plays = [0, 0]  # cards each seat has played in this deal
    plays[elder] = 6 * (round_ - 1) + (played + 1) // 2
    plays[dealer] = 6 * (round_ - 1) + played // 2
    out = 4 + sum(plays)  # cards on the table or in piles
    table_size = _table_size(rng, out)
    pile_sizes = _pile_sizes(rng, out - table_size, plays)
    if sum(pile_sizes) != out - table_size:  # no seat could have captured them: on the table
        table_size = out - sum(pile_sizes)
    taken = iter(deck)
    table = [next(taken) for _ in range(table_size)]
    hands = [[next(taken) for _ in range(n)] for n in sizes]
    piles = [[next(taken) for _ in range(n)] for n in pile_sizes]
    stock = [next(taken) for _ in range(48 - 12 * round_)]
    assert next(taken, None) is None
    capturers = [seat for seat in (0, 1) if piles[seat]]
    last_capturer = rng.choice(capturers) if capturers else None
    tablas = [rng.choice((0, 0, 0, 1, 2)) if piles[seat] else 0 for seat in (0, 1)]
    tablas = [min(n, len(piles[seat]) // 2) for seat, n in enumerate(tablas)]
    if not table and last_capturer is not None:  # the last capture cleared the table
        tablas[last_capturer] = max(1, tablas[last_capturer])
    deal_number = rng.randint(4, 8) if near_end else 1 if rng.random() < 0.4 else rng.randint(2, 8)
    return {
        "table": table,
        "hands": hands,
        "stock": stock,
        "to_move": elder if played % 2 == 0 else dealer,
        "dealer": dealer,
        "piles": piles,
        "tablas": tablas,
        "totals": _totals(rng, rules, deal_number, near_end),
        "deal_number": deal_number,
        "last_capturer": last_capturer,
        "seed": rng.getrandbits(40) if rng.random() < 0.8 else f"lesson {rng.randrange(100)}",
    }


def _table_size(rng: random.Random, out: int) -> int:
    """Mostly small tables, as in play; now and then a crowded one (the plain capture rule
    tries every subset of the table, so the crowded ones stay rare)."""
    if out == 4:
        return 4  # nobody has played yet: the four cards of the deal
    roll = rng.random()
    # 11: above the 10 cards where random_move counts and unranks instead of listing.
    size = rng.randint(0, 6) if roll < 0.94 else rng.randint(7, 9) if roll < 0.9975 else 11
    return min(size, out)


def _pile_sizes(rng: random.Random, cards_in_piles: int, plays: list[int]) -> list[int]:
    """The piles' sizes: none, one or two of at least two cards each, only for seats that
    played; their sum may fall short of ``cards_in_piles`` when no seat could take them."""
    can = [seat for seat in (0, 1) if plays[seat]]
    if cards_in_piles < 2 or not can:
        return [0, 0]
    sizes = [0, 0]
    if cards_in_piles < 4 or len(can) == 1:
        sizes[rng.choice(can)] = cards_in_piles
        return sizes
    first = rng.randint(0, cards_in_piles)
    first = 0 if first == 1 else cards_in_piles if first == cards_in_piles - 1 else first
    sizes[0], sizes[1] = first, cards_in_piles - first
    return sizes


def _totals(rng: random.Random, rules: Rules, deal_number: int, near_end: bool) -> tuple[int, int]:
    """Scores of the deals before: none in the first; else below the target, or now and then
    equal at or above it, so that the match goes on (T-D7)."""
    if deal_number == 1:
        return (0, 0)
    if near_end:
        low = max(0, rules.target - 6)
        return (rng.randint(low, rules.target - 1), rng.randint(low, rules.target - 1))
    if rng.random() < 0.05:
        tie = rules.target + rng.randrange(10)
        return (tie, tie)
    most = min(rules.target - 1, 30 * (deal_number - 1))
    return (rng.randint(0, most), rng.randint(0, most))


def plain_match(rules: Rules, position: dict[str, Any]) -> PlainMatch:
    """The plain rules' match from the same position."""
    return PlainMatch(
        rules,
        position["seed"],
        list(position["table"]),
        [list(hand) for hand in position["hands"]],
        list(position["stock"]),
        position["to_move"],
        position["dealer"],
        [list(pile) for pile in position["piles"]],
        list(position["tablas"]),
        list(position["totals"]),
        position["deal_number"],
        position["last_capturer"],
    )


# -- comparing -------------------------------------------------------------------------------------


def snapshot(state: State) -> dict[str, Any]:
    """Everything a state holds about its position, hidden parts included (the public view
    adds the last move with its tabla flag, the revealed cards and the piles' points)."""
    return {
        "table": state.table,
        "hands": state.hands,
        "stock": state.stock,
        "piles": state.piles,
        "to_move": state.to_move,
        "dealer": state.dealer,
        "deal_number": state.deal_number,
        "round": state.round,
        "tablas": state.tablas,
        "totals": state.totals,
        "last_capturer": state.last_capturer,
        "deal_results": state.deal_results,
        "outcome": state.outcome,
        "revealed": state.revealed(),
        "stock_bottom": state.stock_bottom,
        "view": state.view(None),  # a view is a dict of its JSON form
    }


def plain_snapshot(match: PlainMatch) -> dict[str, Any]:
    """What :func:`snapshot` must find in the state of the same position."""
    return {
        "table": tuple(match.table),
        "hands": tuple(tuple(sorted(hand)) for hand in match.hands),
        "stock": tuple(match.stock),
        "piles": tuple(tuple(sorted(pile)) for pile in match.piles),
        "to_move": match.to_move,
        "dealer": match.dealer,
        "deal_number": match.deal_number,
        "tablas": tuple(match.tablas),
        "totals": tuple(match.totals),
        "last_capturer": match.last_capturer,
        "deal_results": tuple(match.results),
        "winner": match.winner,
    }


def engine_as_plain(state: State) -> dict[str, Any]:
    """The fields of :func:`plain_snapshot` read from the engine's state."""
    outcome = state.outcome
    return {
        "table": state.table,
        "hands": state.hands,
        "stock": state.stock,
        "piles": state.piles,
        "to_move": state.to_move,
        "dealer": state.dealer,
        "deal_number": state.deal_number,
        "tablas": state.tablas,
        "totals": state.totals,
        "last_capturer": state.last_capturer,
        "deal_results": state.deal_results,  # those since the position, as from_position starts
        "winner": None if outcome is None else outcome.winner,
    }


def where(state: State, move: Move | None = None) -> str:
    """How to reproduce a failure: the record of the position reached, and the move."""
    shown = "" if move is None else f"\nmove: {move}"
    return f"\nrecord: {state.to_json()}{shown}"


def made_anew(move: Move) -> Move:
    """The same move made from its fields by the public constructor (a new object)."""
    return Move(cards.parse(move.card.text), frozenset(cards.parse(c.text) for c in move.captured))


def play_every_way(state: State, move: Move) -> State:
    """``move`` played as listed, as text, parsed and made anew: the same next position."""
    after = state.play(move)
    expected = snapshot(after)
    for said in (str(move), Move.parse(str(move)), made_anew(move)):
        again = state.play(said)
        assert snapshot(again) == expected, (
            f"{said!r} differs from the listed move{where(state, move)}"
        )
        assert again.last_move == move and str(again.last_move) == str(move), where(state, move)
    return after


def step(state: State, match: PlainMatch, draw: cards.Rng, check: cards.Rng) -> State:
    """One move of the continuation, checked against the plain rules."""
    moves = state.legal_moves()
    listed = {(m.card, m.captured) for m in moves}
    assert len(listed) == len(moves), f"a move listed twice{where(state)}"
    assert listed == match.moves(), f"legal moves differ from the plain rules{where(state)}"
    assert state.legal_moves_count() == len(moves), where(state)
    move = state.random_move(draw)
    assert move == moves[check.below(len(moves))], f"random_move drew another{where(state)}"
    after = play_every_way(state, move)
    match.play(move.card, move.captured)
    return after


def check_position(rules: Rules, rng: random.Random, number: int) -> None:
    """Position ``number`` of a variant: set up, continued and compared (see the module)."""
    to_the_match_end = number % TO_THE_MATCH_END == 0
    to_the_deal_end = number % TO_THE_DEAL_END == 0
    to_the_round_end = number % TO_THE_ROUND_END == 0
    position = random_position(rng, rules, near_end=to_the_match_end)
    start = State.from_position(rules=rules, **position)
    match = plain_match(rules, position)
    assert engine_as_plain(start) == plain_snapshot(match), where(start)
    state = start
    seed = rng.getrandbits(32)
    draw, check = cards.Rng(seed), cards.Rng(seed)
    while not state.is_over:
        before = state
        try:
            state = step(state, match, draw, check)
        except ValueError as err:  # the engine refused a legal move: IllegalMove, PositionError
            raise AssertionError(f"{err}{where(before)}") from err
        assert engine_as_plain(state) == plain_snapshot(match), (
            f"the next position differs from the plain rules{where(before, state.last_move)}"
        )
        if to_the_match_end:
            continue
        dealt = sum(map(len, state.hands)) > sum(map(len, before.hands))
        deal_over = state.deal_number != before.deal_number
        if deal_over or not to_the_round_end or (dealt and not to_the_deal_end):
            break
    try:
        again = games.from_record(json.loads(json.dumps(state.to_record())))
    except ValueError as err:  # RecordError
        raise AssertionError(f"the record does not load: {err}{where(state)}") from err
    assert isinstance(again, State)
    assert snapshot(again) == snapshot(state), f"the record gives another position{where(state)}"
    if to_the_match_end:
        check_playout(start, seed + 1)


def check_playout(start: State, seed: int) -> None:
    """``playout`` from the position ends the match as the state loop does."""
    state, rng = start, cards.Rng(seed)
    while not state.is_over:
        moves = state.legal_moves()
        state = state.play(moves[rng.below(len(moves))])
    assert state.outcome is not None, where(start)
    deals = len(state.deal_results) - len(start.deal_results)
    expected = (state.totals, state.outcome.winner, deals, state.ply)
    assert tablic.playout(start, cards.Rng(seed)) == expected, (
        f"playout ends otherwise{where(start)}"
    )


@pytest.mark.parametrize("rules", VARIANTS, ids=variant_id)
def test_random_positions_play_as_the_plain_rules_say(rules: Rules) -> None:
    rng = random.Random(f"tablic positions {variant_id(rules)}")
    count = -(-POSITIONS // len(VARIANTS))
    for number in range(count):
        check_position(rules, rng, number)


def test_generated_positions_are_legal() -> None:
    # The generator's own promises: the 52 cards once each, hands as the turn order leaves
    # them, piles of two or more cards, an empty table only after a tabla.
    rng = random.Random(7)
    for _ in range(2000):
        rules = rng.choice(VARIANTS)
        position = random_position(rng, rules)
        every: list[Card] = [
            *position["table"], *itertools.chain(*position["hands"]), *position["stock"],
            *itertools.chain(*position["piles"]),
        ]  # fmt: skip
        assert sorted(every) == sorted(DECK)
        assert len(position["stock"]) % 12 == 0
        sizes = [len(hand) for hand in position["hands"]]
        elder = 1 - position["dealer"]
        mover = position["to_move"]
        if sum(sizes):
            # Elder leads: equal hands before Elder's turn, one card fewer before the dealer's.
            behind = 0 if mover == elder else 1
            assert sizes[mover] >= 1 and sizes[1 - mover] == sizes[mover] - behind
        assert all(len(pile) != 1 for pile in position["piles"])
        assert (position["last_capturer"] is None) == (not any(position["piles"]))
        if not position["table"]:
            assert position["tablas"][position["last_capturer"]] >= 1


def test_T_D7_record_of_a_position_that_ends_its_deal_at_once_scores_that_deal_once() -> None:
    # Both hands out and the stock empty: from_position ends the deal at once (T-D6 gives the
    # 9♣ to the last capturer). The record's start kept the next deal's dealer, number, totals
    # and last capturer beside this deal's cards, so loading it scored the deal a second time.
    state = State.from_position(
        table="9♣", hands=((), ()), dealer=1, piles=("5♠ 5♥", ()), totals=(40, 20),
        deal_number=3, last_capturer=0, seed=1,
    )  # fmt: skip
    assert [r.deal for r in state.deal_results] == [3]
    assert (state.deal_number, state.dealer, state.totals) == (4, 0, (43, 20))
    again = tablic.from_record(state.to_json())
    assert [r.deal for r in again.deal_results] == [3]
    assert (again.deal_number, again.dealer, again.totals) == (4, 0, (43, 20))
    assert again.view(0) == state.view(0) and again.hands == state.hands


# -- the plain reference itself --------------------------------------------------------------------


def plain(rules: Rules, **position: Any) -> PlainMatch:
    """A PlainMatch from card texts, the rest as ``State.from_position`` takes it."""
    fields: dict[str, Any] = {"stock": "", "piles": ("", ""), **position}
    return PlainMatch(
        rules,
        fields.pop("seed", 1),
        list(cards.to_cards(fields.pop("table"))),
        [list(cards.to_cards(hand)) for hand in fields.pop("hands")],
        list(cards.to_cards(fields.pop("stock"))),
        piles=[list(cards.to_cards(pile)) for pile in fields.pop("piles")],
        **fields,
    )


def last_trail(totals: tuple[int, int], deal_number: int) -> dict[str, Any]:
    """The dealer's last card of a deal, to trail; seat 0 captured last (10♦ 3♠)."""
    return {
        "table": "9♣",
        "hands": ("", "5♠"),
        "to_move": 1,
        "piles": ("10♦ 3♠", ""),
        "last_capturer": 0,
        "totals": totals,
        "deal_number": deal_number,
    }


def test_plain_match_starts_a_first_deal_as_new_game_deals_it() -> None:
    # T-D8 from deal_deck and deal_round: 4 to the table, Elder's batches, Elder leads.
    for seed, dealer in ((1, 1), ("lesson", 0)):
        deck = tablic.rules.deal_deck(seed, 1)
        match = PlainMatch(Rules(), seed, deck[:4], [[], []], deck[4:], dealer=dealer)
        state = tablic.new_game(seed=seed, dealer=dealer)
        assert tuple(match.table) == state.table and tuple(match.stock) == state.stock
        assert tuple(tuple(sorted(h)) for h in match.hands) == state.hands
        assert match.to_move == state.to_move == 1 - dealer


@pytest.mark.parametrize(
    ("leftovers_to", "scores"), [("last_capturer", (5, 0)), ("dealer", (2, 0))]
)
def test_T_D6_T_D9_plain_match_scores_the_deal_and_deals_the_next(
    leftovers_to: str, scores: tuple[int, int]
) -> None:
    # Seat 1 (the dealer) trails its last card: 9♣ 5♠ are left over. To the last capturer:
    # 4 cards to none, +3 and the 10♦'s 2. To the dealer: 2 cards each, no bonus (T-D9).
    rules = Rules(leftovers_to=leftovers_to)
    position = last_trail(totals=(10, 20), deal_number=2)
    match = plain(rules, **position)
    match.play(cards.parse("5♠"), frozenset())
    result = match.results[-1]
    assert result.scores == scores and result.totals == (10 + scores[0], 20)
    assert result.leftovers == cards.parse_many("9♣ 5♠")
    assert (match.deal_number, match.dealer, match.to_move) == (3, 0, 1)  # T-S3, T-S6
    assert match.table == tablic.rules.deal_deck(1, 3)[:4] and len(match.stock) == 36
    state = State.from_position(rules=rules, seed=1, **position).play("5♠")
    assert state.deal_results[-1] == result


@pytest.mark.parametrize("final_card_tabla", [False, True])
def test_T_D5_plain_match_last_card_of_the_deal_clears_the_table(final_card_tabla: bool) -> None:
    rules = Rules(final_card_tabla=final_card_tabla)
    match = plain(rules, table="3♠ 5♥", hands=("", "8♦"), to_move=1)
    match.play(cards.parse("8♦"), frozenset(cards.parse_many("3♠ 5♥")))
    assert match.results[-1].tablas == (0, int(final_card_tabla))
    assert match.results[-1].leftovers == () and match.results[-1].leftovers_to is None


@pytest.mark.parametrize(("totals", "over"), [((97, 50), True), ((96, 99), False)])
def test_T_D7_plain_match_ends_at_the_target_unless_the_totals_are_equal(
    totals: tuple[int, int], over: bool
) -> None:
    # The deal scores 5:2 (the leftovers to the last capturer, K♠ Q♠ to seat 1): 102:52 ends
    # the match, 101:101 plays another deal.
    position = {**last_trail(totals=totals, deal_number=4), "piles": ("10♦ 3♠", "K♠ Q♠")}
    match = plain(Rules(), **position)
    match.play(cards.parse("5♠"), frozenset())
    assert (match.to_move is None) == over
    assert match.winner == (0 if over else None)
    if over:
        assert match.table == [] and len(match.piles[0]) == 4  # the leftovers taken
    state = State.from_position(seed=1, **position).play("5♠")
    assert state.is_over == over and state.totals == tuple(match.totals)


def test_T_D7_from_position_refuses_totals_that_already_ended_the_match() -> None:
    # A total at the target and the totals different: the match ended with that deal (T-D7),
    # so no position of a later deal has them. Equal totals at the target play on.
    with pytest.raises(tablic.PositionError) as refused:
        State.from_position(table="9♣", hands=("8♦", "5♠"), totals=(103, 90), deal_number=5)
    assert refused.value.text("en") == (
        "the totals 103:90 already end the match (target 101): a match goes on only while "
        "both totals are below the target, or equal"
    )
    assert "103:90" in refused.value.text("de") and "Ziel 101" in refused.value.text("de")
    with pytest.raises(tablic.PositionError):
        State.from_position(table="", hands=("8♦", ""), totals=(31, 0), rules=Rules(target=30))
    tie = State.from_position(table="9♣", hands=("8♦", "5♠"), totals=(103, 103), deal_number=5)
    assert tie.totals == (103, 103) and not tie.is_over
    assert State.from_position(table="", hands=("8♦", ""), totals=(100, 0)).totals == (100, 0)


def test_a_refused_position_names_the_player_in_the_language_it_is_read_in() -> None:
    # The seat's name was written into the error when it was raised, in the locale of that
    # moment: read in German it said "Player 2 ist am Zug…".
    with pytest.raises(tablic.PositionError) as caught:
        tablic.State.from_position(table=[], hands=(["2♠"], []), stock=[], to_move=1)
    err = caught.value
    assert "Player 2" in err.text("en")
    assert "Spieler 2" in err.text("de") and "Player" not in err.text("de")
