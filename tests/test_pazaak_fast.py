"""The hot-path shortcuts of the Pazaak engine agree with the plain algorithms they replace."""

from __future__ import annotations

import pytest

from cardwidgets.cards import Rng
from cardwidgets.games import pazaak as pz
from cardwidgets.games.pazaak import Rules

PRESETS = (Rules.seed(), Rules.kotor1(), Rules.kotor2())


def _reference_hand(seed: int, deck: tuple[pz.SideCard, ...], k: int) -> tuple[pz.SideCard, ...]:
    # Z-S5 as first written: one rng.below(n·(n-1)…) whose mixed-radix digits drive a
    # partial Fisher–Yates, then sorted by catalogue code
    rng = Rng(seed)
    pool = list(deck)
    n = len(pool)
    ways = 1
    for i in range(k):
        ways *= n - i
    r = rng.below(ways)
    for i in range(k):
        r, offset = divmod(r, n - i)
        j = i + offset
        pool[i], pool[j] = pool[j], pool[i]
    return tuple(sorted(pool[:k], key=lambda c: c.code))


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.main_deck + str(r.gold_cards))
def test_Z_S5_tabled_hands_match_the_shuffle(rules: Rules, monkeypatch: pytest.MonkeyPatch) -> None:
    deck = pz.default_side_deck(rules)
    tabled = [pz.new_game(seed=s, rules=rules).hands for s in range(40)]
    assert [h[0] for h in tabled] == [_reference_hand(s, deck, 4) for s in range(40)]
    monkeypatch.setattr(pz, "_HAND_TABLES", {})
    monkeypatch.setattr(pz, "_HAND_TABLE_MAX", 0)  # force the shuffle for every draw
    assert [pz.new_game(seed=s, rules=rules).hands for s in range(40)] == tabled


def test_Z_S5_hand_sizes_beyond_the_table() -> None:
    rules = Rules(hand_size=7)  # 10·9·…·4 ways: drawn by the shuffle, not tabled
    deck = pz.default_side_deck(rules)
    for seed in range(10):
        assert pz.new_game(seed=seed, rules=rules).hands[0] == _reference_hand(seed, deck, 7)


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.main_deck + str(r.gold_cards))
def test_Z_D2_inlined_draws_follow_the_announced_deck(rules: Rules) -> None:
    # state.deck replays the stream with cards.Rng; play() draws with inlined SplitMix64
    rng = Rng(5)
    checked = 0
    for number in range(30):
        state = pz.new_game(seed=number, rules=rules)
        while not state.is_over:
            moves = state.legal_moves()
            move = moves[rng.below(len(moves))]
            coming = state.deck
            new = state.play(move)
            if new.set_number == state.set_number and not new.is_over:
                drawn = [
                    src
                    for old, tab in zip(state.placed, new.placed, strict=True)
                    for src, _ in tab[len(old) :]
                    if src.__class__ is int
                ]
                if drawn:
                    assert sorted(drawn) == sorted(coming[: len(drawn)])
                    assert new.deck == coming[len(drawn) :]
                    checked += 1
            state = new
    assert checked > 100


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.main_deck + str(r.gold_cards))
def test_Z_S2_is_over_attribute_follows_to_move(rules: Rules) -> None:
    # is_over is a stored attribute on the hot path: it must agree with to_move everywhere
    rng = Rng(11)
    for number in range(20):
        state = pz.new_game(seed=number, rules=rules)
        while True:
            assert state.is_over == (state.to_move is None) == (state.outcome is not None)
            assert state.determinize(0, Rng(number)).is_over == state.is_over
            if state.is_over:
                break
            moves = state.legal_moves()
            state = state.play(moves[rng.below(len(moves))])
        again = pz.from_record(state.to_record())
        assert again.is_over and again.to_move is None
        assert max(state.sets_won) == rules.sets_to_win
