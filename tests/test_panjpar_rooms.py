"""The Panjpar engine's public face after the rooms restructure, and the table
questions the widgets asked the rules themselves (attack sizes, extenders, beaters)."""

from __future__ import annotations

import pytest

from cardwidgets import cards
from cardwidgets.cards import CardError
from cardwidgets.core import IllegalMove
from cardwidgets.games import panjpar
from cardwidgets.games.panjpar import rules


def test_public_names_outsiders_rely_on_stay() -> None:
    # widgets, bots, rl, lab and the docs read these as panjpar.X.
    wanted = {
        "Attack", "Card", "CardLike", "DECK", "Defend", "IllegalMove", "Kills", "Move",
        "Outcome", "PanjparView", "PositionError", "Rules", "State", "Suit",
        "allowed_attack_sizes", "attack_extenders", "beats", "can_complete", "count_attacks",
        "count_defences", "from_record", "is_valid_attack", "iter_attacks", "iter_defences",
        "new_game", "deck", "moves", "rules", "state", "words",
    }  # fmt: skip
    # The rooms: position codes and the view are sections of state.py now.
    assert wanted <= set(dir(panjpar))
    assert panjpar.PositionError.__module__ == "cardwidgets.games.panjpar"
    assert issubclass(panjpar.PositionError, ValueError)


def test_P_D4_attack_sizes_follow_the_defenders_hand() -> None:
    for held, sizes in ((1, (1,)), (2, (1,)), (3, (1, 3)), (4, (1, 3)), (5, (1, 3, 5))):
        defender = cards.format_cards(cards.DECK[20 : 20 + held])
        state = panjpar.State.from_position(["2♠ 2♥ 2♦ 2♣ 3♠", defender], (), trump="♣")
        assert state.attack_sizes() == sizes == rules.allowed_attack_sizes(held)


def test_P_D3_attack_extenders_match_the_plain_rule_and_the_size_limit() -> None:
    state = panjpar.State.from_position(["7♥ 7♣ 9♦ 9♠ 2♠", "9♥ 8♣ K♠"], (), trump="♦")
    hand = state.hands[0]
    for chosen in ((), ("7♥",), ("7♥", "9♦"), ("7♥", "7♣", "9♦")):
        picked = cards.to_cards(chosen)
        expected = rules.attack_extenders(picked, hand, (1, 3))  # the defender holds three
        assert state.attack_extenders(chosen) == expected
    # Three cards already: a fifth is not allowed against three cards (P-D4).
    assert state.attack_extenders("7♥ 7♣ 9♦") == frozenset()


def test_attack_extenders_refuse_a_card_the_attacker_does_not_hold() -> None:
    state = panjpar.State.from_position(["7♥ 7♣", "9♥ 8♣ K♠"], (), trump="♦")
    with pytest.raises(IllegalMove) as err:
        state.attack_extenders("9♥")
    assert err.value.key == "panjpar.not_in_hand"
    with pytest.raises(CardError):
        state.attack_extenders("7x")


def test_P_S12_beaters_and_beaten_by_agree_with_beats() -> None:
    rng = cards.Rng("beaters")
    for _ in range(40):
        deck = rng.shuffle(cards.DECK)
        attack, defender = deck[:3], deck[3:12]
        trump = deck[12].suit
        state = panjpar.State.from_position(
            [deck[13:16], defender], (), trump=trump, attack=[attack[0]]
        )
        for attacked in attack:
            expected = tuple(sorted(c for c in defender if rules.beats(c, attacked, trump)))
            assert state.beaters(attacked) == expected
        for killer in defender:
            assert state.beaten_by(killer) == (
                (attack[0],) if rules.beats(killer, attack[0], trump) else ()
            )


def test_beaters_refuse_card_text_that_is_no_card() -> None:
    state = panjpar.State.from_position(["2♠", "9♥"], (), trump="♦", attack="7♥")
    with pytest.raises(CardError):
        state.beaters("ZZ")


def test_only_the_state_room_writes_state_slots() -> None:
    # State slots were set from legal.py (the LegalMoves mixin) too; now state.py is
    # the one place to read to see how a state changes.
    import ast
    from pathlib import Path

    slots = {name for cls in panjpar.State.__mro__ for name in getattr(cls, "__slots__", ())}
    writes = []
    for path in sorted(Path(panjpar.__file__).parent.glob("*.py")):
        if path.name == "state.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            stored = isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
            if stored and node.attr in slots:
                writes.append(f"{path.name}:{node.lineno} .{node.attr}")
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "object.__setattr__":
                name = node.args[1]
                if isinstance(name, ast.Constant) and name.value in slots:
                    writes.append(f"{path.name}:{node.lineno} {name.value}")
    assert writes == []
