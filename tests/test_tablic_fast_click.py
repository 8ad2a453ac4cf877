"""What a click asks of the Tablić engine on masks gives the plain rules' answers.

A Play click draws the capture groups of the moves shown, marks a capture's tabla and writes
the piles' points into the seat's position code; the greedy reply reads card points and
played values. Each of these is answered on masks or by card index
(:func:`cardwidgets.games.tablic.capture_groups` over the fast engine,
``State.scores_tabla`` with the fast sweep rule, the pile points and the package's
``card_points``, ``played_value`` and ``card_values`` from the fast lookups); here they are
compared with :mod:`cardwidgets.games.tablic.rules` over random positions and every card.
"""

from __future__ import annotations

import pytest

from cardwidgets import cards
from cardwidgets.cards import DECK, Card, Rng
from cardwidgets.core import IllegalMove
from cardwidgets.games import tablic
from cardwidgets.games.tablic import Rules, rules


def _random_table(rng: Rng, size: int) -> tuple[Card, ...]:
    return tuple(rng.shuffle(DECK)[:size])


def _plain_or_refusal(card: Card, captured: object) -> object:
    """The plain rule's groups, or the catalog key of its refusal."""
    try:
        return rules.capture_groups(card, captured)  # type: ignore[arg-type]
    except IllegalMove as refused:
        return refused.key


def _fast_or_refusal(card: Card, captured: object) -> object:
    try:
        return tablic.capture_groups(card, captured)  # type: ignore[arg-type]
    except IllegalMove as refused:
        return refused.key


def test_the_groups_of_every_capture_on_random_tables_are_the_plain_rules_groups() -> None:
    rng = Rng("capture groups")
    compared = 0
    for _ in range(300):
        table = _random_table(rng, 1 + rng.below(9))
        for card in DECK:
            if card in table:
                continue
            for captured in rules.legal_captures(card, table):
                expected = rules.capture_groups(card, captured)
                assert tablic.capture_groups(card, captured) == expected, (card, captured)
                # The same split asked again (the cache) and as text: the same groups.
                assert tablic.capture_groups(card, captured) == expected
                text = " ".join(c.text for c in captured)
                assert tablic.capture_groups(card.text, text) == expected
                compared += 1
    assert compared > 2000  # the tables give many captures, not a handful


def test_the_groups_of_aces_and_kings_are_the_plain_rules_groups() -> None:
    # Table Aces count 1 or 11 and a King takes one King at most: the splits where the
    # backtracking's order matters most.
    aces = [c for c in DECK if c.rank == 14]
    kings = [c for c in DECK if c.rank == 13]
    low = [c for c in DECK if c.rank <= 5]
    rng = Rng("aces and kings")
    for _ in range(400):
        pool = rng.shuffle([*aces, *kings, *low])
        taken = frozenset(pool[: 1 + rng.below(7)])
        for card in (c for c in DECK if c not in taken and c.rank in (8, 10, 11, 12, 13, 14)):
            assert _fast_or_refusal(card, taken) == _plain_or_refusal(card, taken), (card, taken)


def test_cards_that_are_no_capture_are_refused_as_the_plain_rules_refuse_them() -> None:
    rng = Rng("not captures")
    refused = 0
    for _ in range(600):
        taken = frozenset(_random_table(rng, rng.below(6)))
        card = DECK[rng.below(52)]
        expected = _plain_or_refusal(card, taken)
        assert _fast_or_refusal(card, taken) == expected, (card, taken)
        refused += isinstance(expected, str)
    assert refused > 100
    with pytest.raises(cards.CardError):
        tablic.capture_groups("8♦", "3♠ 3♠ 5♥")


@pytest.mark.parametrize("final_card_tabla", [False, True])
def test_scores_tabla_at_every_move_of_random_deals_is_the_plain_is_tabla(
    final_card_tabla: bool,
) -> None:
    variant = Rules(final_card_tabla=final_card_tabla)
    checked = 0
    for seed in range(8):
        state = tablic.new_game(seed=seed, rules=variant)
        rng = Rng(seed)
        while not state.deal_results:
            hands = state.hands
            for move in state.legal_moves():
                after = tuple(c for c in state.table if c not in move.captured)
                left = len(hands[0]) + len(hands[1]) - 1 + len(state.stock)
                plain = bool(move.captured) and rules.is_tabla(after, left, variant)
                assert state.scores_tabla(move) is plain, (state.code(), move)
                checked += 1
            state = state.play(state.random_move(rng))
    assert checked > 500


def test_the_pile_points_in_a_seats_code_are_the_plain_card_points() -> None:
    written_piles = 0
    for seed in range(6):
        state = tablic.new_game(seed=seed)
        rng = Rng(seed)
        while not state.deal_results:
            for seat in (0, 1):
                piles = state.code(seat).split()[4].split("|")
                for pile, written in zip(state.piles, piles, strict=True):
                    points = sum(rules.card_points(c) for c in pile)
                    assert written == (f"{len(pile)}?p{points}" if pile else "-"), written
                    written_piles += bool(pile)
            state = state.play(state.random_move(rng))
    assert written_piles > 200


def test_the_card_lookups_are_the_plain_rules_for_every_card_and_its_texts() -> None:
    # The greedy player's tables and the scene's points read the package's lookups.
    for card in DECK:
        for given in (card, card.text, f"{card.text[:-1]}{card.suit.letter}"):
            assert tablic.card_points(given) == rules.card_points(given), given
            assert tablic.played_value(given) == rules.played_value(given), given
            assert tablic.card_values(given) == rules.card_values(given), given


@pytest.mark.parametrize("bad", ["1♠", "", "K♠ Q♠", None, 7])
def test_the_card_lookups_refuse_what_the_plain_rules_refuse(bad: object) -> None:
    for fast, plain in (
        (tablic.card_points, rules.card_points),
        (tablic.played_value, rules.played_value),
        (tablic.card_values, rules.card_values),
    ):
        with pytest.raises(Exception) as plain_refusal:
            plain(bad)  # type: ignore[arg-type]
        with pytest.raises(type(plain_refusal.value)) as fast_refusal:
            fast(bad)  # type: ignore[arg-type]
        assert str(fast_refusal.value) == str(plain_refusal.value)
