"""Card notation (docs/rules/index.md, "Writing cards"), card sets and the stable seeded shuffle."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardwidgets import cards, i18n
from cardwidgets.cards import DECK, Card, CardError, Rank, Rng, Suit


@pytest.mark.parametrize(
    "text",
    ["10♦", "10D", "TD", "td", "♦10", "D10", "d10", "10d", " 10♦ ", "10 of diamonds",
     "Ten of Diamonds", "Karo 10", "karo zehn", "10♢"],
)  # fmt: skip
def test_every_notation_of_the_ten_of_diamonds(text: str) -> None:
    card = cards.parse(text)
    assert card is DECK[(10 - 2) * 4 + 2]
    assert str(card) == "10♦" and card.ascii == "10D"
    assert card.rank == Rank.TEN == 10 and card.suit == Suit.DIAMONDS == "♦"


@pytest.mark.parametrize("card", DECK, ids=str)
def test_display_and_ascii_forms_read_back(card: Card) -> None:
    assert cards.parse(str(card)) is card
    assert cards.parse(card.ascii) is card
    assert cards.parse(card.ascii.lower()) is card
    assert cards.parse(f"{card.suit}{card.rank}") is card
    assert cards.parse(card.name()) is card
    assert cards.parse(card.name("de")) is card


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("11♦", "'11♦' is not a card: ranks are A K Q J 10 9 8 7 6 5 4 3 2"),
        ("1S", "'1S' is not a card: ranks are A K Q J 10 9 8 7 6 5 4 3 2"),
        ("10X", "'10X' is not a card: suits are ♠ ♥ ♦ ♣ (or S H D C)"),
        ("", "'' is not a card: write a rank and a suit, such as 10♦ or QS"),
        ("K", "'K' is not a card: write a rank and a suit, such as 10♦ or QS"),
        ("eleven of hearts", "'eleven of hearts' is not a card: ranks are A K Q J 10 9 8 7 6 5 4 3 2"),
    ],
)  # fmt: skip
def test_bad_card_text_says_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(CardError) as info:
        cards.parse(text)
    assert str(info.value) == reason
    assert isinstance(info.value, ValueError)


def test_bad_card_text_in_german() -> None:
    with pytest.raises(CardError) as info:
        cards.parse("11♦")
    assert (
        info.value.text("de") == "'11♦' ist keine Karte: die Ränge sind A K Q J 10 9 8 7 6 5 4 3 2"
    )
    with i18n.using("de"):
        assert "ist keine Karte" in str(info.value)


def test_non_text_is_refused() -> None:
    with pytest.raises(CardError, match="is not a card or card text"):
        cards.parse(10)  # type: ignore[arg-type]


def test_card_constructor_forms() -> None:
    assert Card("QS") is Card(12, "♠") is Card("Q", "S") is Card(Rank.QUEEN, Suit.SPADES)
    with pytest.raises(CardError):
        Card(15, "S")


def test_parse_many_separators_and_pagat_hyphens() -> None:
    assert cards.format_cards(cards.parse_many("3♠ 5♥, 7♣;QD")) == "3♠ 5♥ 7♣ Q♦"
    assert cards.format_cards(cards.parse_many("♦5-♣5-♣K")) == "5♦ 5♣ K♣"
    assert cards.format_cards(cards.parse_many("ace of spades 10 of hearts")) == "A♠ 10♥"


def test_to_cards_refuses_duplicates() -> None:
    with pytest.raises(CardError, match="appears twice"):
        cards.to_cards(["3♠", "3S"])
    assert cards.to_cards(["3♠", "3S"], distinct=False) == (Card("3♠"), Card("3♠"))


def test_cards_are_interned_through_pickle_and_copy() -> None:
    import copy

    for card in DECK:
        assert pickle.loads(pickle.dumps(card)) is card
        assert copy.deepcopy(card) is card


def test_order_is_rank_then_suit() -> None:
    assert sorted(cards.parse_many("A♣ 2♦ 2♠ K♥")) == list(cards.parse_many("2♠ 2♦ K♥ A♣"))
    assert list(DECK) == sorted(DECK)
    assert len(set(DECK)) == 52


@given(st.sets(st.sampled_from(DECK)))
def test_mask_round_trip(card_set: set[Card]) -> None:
    assert set(cards.from_mask(cards.mask(card_set))) == card_set


def test_suit_colours_and_names() -> None:
    assert [s.color for s in Suit] == ["black", "red", "red", "black"]
    assert Card("QH").name() == "queen of hearts"
    assert Card("QH").name("de") == "Herz Dame"


# Golden values: these pin the generator and the shuffle; they must never change, because
# saved records of seeded games replay through them.
def test_splitmix64_matches_the_reference_test_vector() -> None:
    # The first outputs for seed 1234567 published with Vigna's reference splitmix64.c.
    rng = Rng(1234567)
    assert [rng.next64() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


@pytest.mark.parametrize(
    ("seed", "first_ten"),
    [
        (0, "K♦ J♠ 4♠ Q♠ 5♦ 8♠ K♠ 4♥ 5♣ 2♠"),
        (1, "6♣ 4♠ 6♠ 10♥ 7♠ Q♣ 7♣ 6♦ K♣ 4♦"),
        (2026, "10♥ J♦ 6♠ Q♣ 7♥ 8♦ 3♣ 7♠ 5♥ K♣"),
        ("lesson one", "Q♦ 3♣ 3♥ 7♠ 6♣ A♣ K♣ 3♦ 10♣ 5♠"),
    ],
)
def test_golden_deals(seed: int | str, first_ten: str) -> None:
    deck = cards.shuffled(DECK, seed)
    assert cards.format_cards(deck[:10]) == first_ten
    assert sorted(deck) == list(DECK)


def test_seed_types() -> None:
    assert cards.shuffled(DECK, 5) == cards.shuffled(DECK, 5)
    assert cards.shuffled(DECK, 5) != cards.shuffled(DECK, 6)
    assert cards.shuffled(DECK, "5") != cards.shuffled(DECK, 5)
    with pytest.raises(TypeError):
        Rng(True)
    with pytest.raises(TypeError):
        Rng(1.5)  # type: ignore[arg-type]


def test_below_is_in_range_and_roughly_uniform() -> None:
    rng = Rng(99)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(900 < c < 1100 for c in counts), counts
    with pytest.raises(ValueError):
        rng.below(0)


def test_derive_gives_independent_reproducible_streams() -> None:
    a, b = Rng(7).derive("game", 1), Rng(7).derive("game", 1)
    assert a.next64() == b.next64()
    assert Rng(7).derive("game", 1).next64() != Rng(7).derive("game", 2).next64()


# -- the plain SplitMix64 generator, as cards.Rng was written before its hot paths were inlined:
# the reference every faster Rng must match draw for draw (records, tests and docs depend on it).
_PLAIN_MASK = (1 << 64) - 1


class _PlainRng:
    """SplitMix64, ``below`` by rejection and Fisher–Yates, written out without shortcuts."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _PLAIN_MASK

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _PLAIN_MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _PLAIN_MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _PLAIN_MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = (1 << 64) - (1 << 64) % n
        while True:
            z = self.next64()
            if z < limit:
                return z % n

    def shuffle(self, items: list[int]) -> list[int]:
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result


def test_rng_stream_matches_the_plain_reference_over_a_long_mixed_run() -> None:
    """Shuffles of every size a game deals (and sizes beyond the small-limit table), ``below``
    over small and big limits and raw outputs, interleaved on one generator per seed: a
    faster Rng must give the very same stream (seeded games stay byte-identical)."""
    sizes = (0, 1, 2, 3, 10, 36, 40, 52, 1023, 1024, 1025, 1560)
    for seed in (*range(40), 2**63 + 5, -7):
        fast, plain = Rng(seed), _PlainRng(seed)
        for size in sizes:
            assert fast.shuffle(range(size)) == plain.shuffle(list(range(size)))
            for n in (1, 2, 7, 10, 1023, 1024, 1560, 5040, 2**40, 2**64 - 1):
                assert fast.below(n) == plain.below(n)
            assert fast.next64() == plain.next64()
