"""The fast paths of the Pazaak engine agree with the plain rules (games/pazaak/rules.py).

``rules.PlainMatch`` plays a match with nothing but the plain rule functions; the engine
(``State.play`` with its one-step transitions in ``state``, the cached moves, the lazy draws
and hand tables and the loop of ``playout`` in ``_fast``) must agree with it move
for move, card for card.
"""

from __future__ import annotations

import pytest

from cardwidgets.cards import Rng
from cardwidgets.core import Outcome
from cardwidgets.games import pazaak as pz
from cardwidgets.games.pazaak import _fast as fast
from cardwidgets.games.pazaak import rules as plain_rules
from cardwidgets.games.pazaak import sidecards
from cardwidgets.games.pazaak import state as state_module
from cardwidgets.games.pazaak.rules import PlainMatch, Rules

PRESETS = (Rules.seed(), Rules.kotor1(), Rules.kotor2())
EVERY = (
    *PRESETS,
    Rules(gold_cards=True),
    Rules(main_deck="uniform_with_replacement", gold_cards=True),
    Rules(fill_table_wins=True, gold_cards=True, sets_to_win=1, hand_size=10),
)


def _ids(r: Rules) -> str:
    return f"{r.main_deck[:4]}-fill{int(r.fill_table_wins)}-gold{int(r.gold_cards)}-{r.hand_size}"


def _plain(move: pz.Move) -> object:
    """An engine move as PlainMatch writes it: (card, sign), "end" or "stand"."""
    return (move.card, move.sign) if isinstance(move, pz.PlayCard) else str(move)


def _agree(state: pz.State, plain: PlainMatch) -> None:
    assert state.to_move == plain.to_move
    assert state.placed == tuple(tuple(t) for t in plain.tables)
    assert state.totals == plain.totals
    assert state.standing == tuple(plain.standing)
    assert state.sets_won == tuple(plain.sets)
    assert state.hands == tuple(tuple(h) for h in plain.hands)
    assert (state.played_this_turn is not None) == plain.played
    assert state.starter == plain.starter or state.is_over
    assert state.set_number == len(plain.set_ends) + 1 or state.is_over
    assert (state.last_set or (None, None))[:2] == (plain.set_ends or [(None, None)])[-1]


def _match(number: int, rules: Rules) -> None:
    """One match by the engine and by the plain rules, the same seed and the same choices."""
    side = pz.default_side_deck(rules)
    plain = PlainMatch.new(number, rules, (side, side))
    state = pz.new_game(seed=number, rules=rules)
    rng = Rng(number)
    while not state.is_over:
        _agree(state, plain)
        moves = state.legal_moves()
        assert [_plain(m) for m in moves] == plain.moves()
        i = rng.below(len(moves))
        state = state.play(moves[i])
        plain.play(plain.moves()[i])
    _agree(state, plain)
    assert plain.to_move is None and plain.moves() == []
    winner = plain_rules.match_winner((plain.sets[0], plain.sets[1]), rules)
    assert state.outcome == Outcome(winner, (plain.sets[0], plain.sets[1]))
    fast = Rng(number)
    assert pz.playout(pz.new_game(seed=number, rules=rules), fast) == state.outcome
    assert fast.next64() == rng.next64()  # the same number of random choices


@pytest.mark.parametrize("rules", EVERY, ids=_ids)
def test_the_engine_and_playout_play_as_the_plain_rules(rules: Rules) -> None:
    for number in range(40):
        _match(number, rules)


@pytest.mark.parametrize("rules", PRESETS, ids=_ids)
def test_a_rejected_draw_is_redone_as_the_plain_rules_draw(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Rng.below rejects an output with chance below 2**-58: force the rare branch everywhere
    zeros = tuple(0 for _ in fast.LIMITS)
    monkeypatch.setattr(state_module, "LIMITS", zeros)
    monkeypatch.setattr(fast, "LIMITS", zeros)
    for number in range(8):
        _match(number, rules)


def test_inlined_below_is_rng_below() -> None:
    # z % n below the limit is what Rng.below returns without a rejection
    for key in range(0, 2**64, 2**64 // 997):
        z = Rng(key).next64()
        for n in range(1, 41):
            if z < fast.LIMITS[n]:
                assert z % n == Rng(key).below(n)


@pytest.mark.parametrize("rules", PRESETS, ids=_ids)
def test_lazy_draws_are_the_plain_draws(rules: Rules) -> None:
    finite = rules.main_deck == "finite40"
    for number in range(30):
        key = Rng(number).next64()
        rest, unseen, top = (
            bytes(pz.FULL_DECK) if finite else b"",
            plain_rules.fresh_deck(rules),
            (),
        )
        for _ in range(18):
            card, top, rest, next_key = fast.draw(top, rest, key, finite)
            assert (card, next_key) == plain_rules.draw_main(unseen, key, rules)
            assert list(rest) == unseen
            key = next_key


def test_cached_hand_moves_are_the_plain_choices() -> None:
    for card in pz.ALL_SIDE_CARDS:
        assert [_plain(m) for m in fast.PLAYS[card]] == plain_rules.hand_choices([card], False)[:-2]
    rng = Rng(3)
    for _ in range(300):
        size = rng.below(6)
        hand = tuple(
            sorted((rng.choice(pz.ALL_SIDE_CARDS) for _ in range(size)), key=sidecards.CODE)
        )
        assert [_plain(m) for m in fast.hand_moves(hand)] == plain_rules.hand_choices(hand, False)


def test_the_side_card_catalogue_follows_the_plain_values() -> None:
    for card in pz.ALL_SIDE_CARDS:
        assert card.options == plain_rules.side_card_values(card.kind, card.size)
        assert card.is_gold == plain_rules.is_gold(card.kind)
        assert card.needs_sign == (None not in card.options)
    kinds = [(c.kind, c.size) for c in pz.ALL_SIDE_CARDS]
    plain = [(k, n) for k in ("+", "-", "±") for n in plain_rules.SIZES] + [
        (k, 0) for k in plain_rules.GOLD_KINDS
    ]
    assert kinds == plain
    assert {c.kind: v for c, v in sidecards.FLIPPED.items()} == plain_rules.FLIPS


@pytest.mark.parametrize("rules", PRESETS, ids=_ids)
def test_Z_S5_tabled_hands_are_the_plain_draw(
    rules: Rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    side = pz.default_side_deck(rules)
    tabled = [pz.new_game(seed=s, rules=rules).hands for s in range(40)]
    assert [h[0] for h in tabled] == [plain_rules.draw_hand(Rng(s), side, 4) for s in range(40)]
    monkeypatch.setattr(fast, "HAND_TABLES", {})
    monkeypatch.setattr(fast, "HAND_TABLE_MAX", 0)  # force the shuffle for every draw
    assert [pz.new_game(seed=s, rules=rules).hands for s in range(40)] == tabled


def test_Z_S5_hand_sizes_beyond_the_table() -> None:
    rules = Rules(hand_size=7)  # 10·9·…·4 ways: drawn by the shuffle, not tabled
    side = pz.default_side_deck(rules)
    for seed in range(10):
        assert pz.new_game(seed=seed, rules=rules).hands[0] == plain_rules.draw_hand(
            Rng(seed), side, 7
        )


@pytest.mark.parametrize("rules", PRESETS, ids=_ids)
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


@pytest.mark.parametrize("rules", PRESETS, ids=_ids)
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
