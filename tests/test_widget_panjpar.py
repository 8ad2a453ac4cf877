"""PanjparWidget from Python: attacks built by clicking (P-D3, P-D4), kills (P-S11, P-S12,
P-D5), the table a seat may see (P-D9), the log of draws (P-D2) and who attacks next (P-S14,
P-S15), the end (P-D7, P-S25), hidden-card twins, German, hints and their speed."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import nbformat
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from twins import panjpar_stock_twins

from cardwidgets import IllegalMove, cards, i18n, panjpar
from cardwidgets.present import picture
from cardwidgets.widgets import PanjparWidget
from cardwidgets.widgets.base import RandomOpponent, WidgetError
from cardwidgets.widgets.panjpar import can_complete

STOCK = "J♥ 10♠ 6♥ 4♥ 6♦"


def attacking(mine: str, theirs: str = "9♥ 8♣ K♠ 4♦ 5♦", **options: Any) -> PanjparWidget:
    """Seat 0 attacks; the computer is a seeded random player unless said otherwise."""
    stock = options.pop("stock", STOCK)
    state = panjpar.State.from_position(hands=[mine, theirs], stock=stock, trump="♦")
    options.setdefault("opponent", RandomOpponent(2))
    return PanjparWidget(state=state, **options)


def defending(mine: str, attack: str, theirs: str = "2♣ 3♣", **options: Any) -> PanjparWidget:
    """Seat 0 defends against ``attack`` (seat 1 attacked); trumps are ♦."""
    stock = options.pop("stock", STOCK)
    state = panjpar.State.from_position(
        hands=[mine, theirs], stock=stock, trump="♦", attacker=1, attack=attack
    )
    options.setdefault("opponent", RandomOpponent(2))
    return PanjparWidget(state=state, **options)


def click(w: PanjparWidget, intent: dict[str, Any]) -> bool:
    return w.handle_intent({"type": "intent", "version": w.version, "intent": intent})


def card(w: PanjparWidget, zone: str, name: str) -> bool:
    return click(w, {"kind": "card", "zone": zone, "card": name})


def press(w: PanjparWidget, action: str) -> bool:
    return click(w, {"kind": "action", "id": action})


def lit(w: PanjparWidget, zone: str = "hand") -> dict[str, str]:
    return {c["id"]: c["highlight"] for c in w.zone(zone)["cards"] if c["highlight"]}


def action(w: PanjparWidget, name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(a for a in w.scene["actions"] if a["id"] == name)
    return found


# -- attacks ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "shape",
    ["7♥ 7♣ 9♦", "Q♠ Q♥ 2♣", "8♠ 8♥ 8♦", "K♠ K♥ 4♠ 4♥ 7♣", "10♠ 10♥ 3♠ 3♥ 3♦", "6♠ 6♥ 6♦ 6♣ J♠"],
)
def test_P_D3_the_rulebook_shapes_are_built_by_clicking_and_played(shape: str) -> None:
    shape_cards = shape.split()
    w = attacking(f"{shape} 2♥", theirs="A♠ A♥ A♦ A♣ 5♣", stock=(), opponent="human")
    for name in shape_cards:
        assert card(w, "hand", name)
    assert w.scene["status"].startswith("Player 1: Ready: attack with")
    assert action(w, "attack")["enabled"] and action(w, "attack")["primary"]
    assert press(w, "attack")
    assert sorted(w.state.attack) == sorted(cards.parse_many(shape))


def test_P_D3_seven_nine_is_not_an_attack_and_the_widget_says_why() -> None:
    w = attacking("7♥ 9♦ 2♠ 3♠ 5♣")
    w.select("7♥")
    w.select("9♦")
    assert w.scene["status"] == "Not an attack: an attack has 1, 3 or 5 cards, not 2."
    assert lit(w) == {}  # nothing can pair up with 7-9 in this hand
    assert not action(w, "attack")["enabled"]
    w.select("2♠")
    assert w.scene["status"] == "Not an attack: a three-card attack needs a pair: 2-7-9 has none."
    with pytest.raises(IllegalMove, match="needs a pair"):
        w.play()
    assert w.state.ply == 0 and w.message is not None


def test_P_D3_the_cards_that_can_complete_an_attack_light_up() -> None:
    w = attacking("7♥ 7♣ 9♦ 9♠ 2♣ 3♣ A♠")
    assert set(lit(w)) == {"7♥", "7♣", "9♦", "9♠", "2♣", "3♣", "A♠"}  # any card alone
    w.select("2♣")  # a single: only the pairs can grow it into 2-7-7 or 2-7-7-9-9
    assert lit(w) == {c: "playable" for c in ("7♥", "7♣", "9♦", "9♠")}
    w.select("7♥")
    assert w.scene["status"].startswith("Not an attack yet: an attack has 1, 3 or 5 cards, not 2.")
    assert w.scene["status"].endswith("The lit cards can complete one.")
    assert set(lit(w)) == {"7♣", "9♦", "9♠"}
    w.select("3♣")  # 2-3-7 has no pair and no room for two
    assert lit(w) == {}
    assert not can_complete(cards.parse_many("2♣ 3♣ 7♥"), w.state.hands[0], (1, 3, 5))


def test_P_D4_five_cards_are_refused_against_a_defender_holding_four() -> None:
    w = attacking("K♠ K♥ 4♠ 4♥ 7♣", theirs="9♥ 8♣ 2♠ 3♦", stock=())
    status = w.scene["status"]
    assert "Computer holds only 4 cards: attack with one or three cards, not five" in status
    for name in ("K♠", "K♥", "4♠", "4♥"):
        w.select(name)
    assert "7♣" not in lit(w)  # a fifth card cannot help
    assert w.scene["status"] == (
        "Not an attack: an attack has 1, 3 or 5 cards, not 4. Computer holds only 4 cards: "
        "attack with one or three cards, not five (an attack may not have more cards than the "
        "defender holds)."
    )
    w.select("7♣")
    assert "Computer holds only 4 cards" in w.scene["status"]
    with pytest.raises(IllegalMove, match="holds 4 cards"):
        w.play()


def test_P_D4_one_card_only_against_a_defender_holding_two() -> None:
    w = attacking("K♠ K♥ 4♠", theirs="9♥ 8♣", stock=())
    assert w.scene["status"].endswith(
        "Computer holds only 2 cards: attack with one card (an attack may not have more cards "
        "than the defender holds)."
    )
    w.select("K♠")
    assert lit(w) == {}


# -- defending ----------------------------------------------------------------------------


def test_P_S12_the_cards_that_beat_the_chosen_attack_card_light_up() -> None:
    w = defending("7♣ 9♣ 4♣ 2♦ Q♥", attack="5♣ 5♦ K♣")
    assert card(w, "battle", "5♣")
    marks = {c["id"]: c for c in w.zone("battle")["cards"]}
    assert marks["5♣"]["highlight"] == "target" and marks["5♣"]["selected"]
    # a higher club or any trump (P-S12); 4♣ is lower, Q♥ another suit
    assert lit(w) == {"7♣": "beats", "9♣": "beats", "2♦": "beats"}
    assert w.scene["status"].startswith("5♣: click a card that beats it")
    card(w, "battle", "5♦")  # a trump is beaten only by a higher trump
    assert lit(w) == {}
    assert w.scene["status"] == "Nothing in your hand beats 5♦: it will be picked up."


def test_P_S11_kills_are_drawn_as_pairs_and_the_rest_goes_to_the_hand() -> None:
    w = defending("7♣ 9♣ 4♣ 2♦ Q♥", attack="5♣ 5♦ K♣")
    card(w, "battle", "5♣")
    card(w, "hand", "7♣")
    assert w.kills == {cards.parse("5♣"): cards.parse("7♣")}
    battle = [(c["id"], c["slot"], c["highlight"], c["note"]) for c in w.zone("battle")["cards"]]
    slot = next(s for name, s, _, _ in battle if name == "5♣")
    assert ("7♣", slot, "beats", "") in battle
    assert {(n, h, note) for n, _, h, note in battle if n in ("5♦", "K♣")} == {
        ("5♦", "pickup", "to the hand"),
        ("K♣", "pickup", "to the hand"),
    }
    hand = {c["id"]: c for c in w.zone("hand")["cards"]}
    assert hand["7♣"]["highlight"] == "muted" and hand["7♣"]["note"] == "on 5♣"
    assert w.scene["status"] == "Kill 5♣ with 7♣; pick up 5♦ K♣. Press Defend."
    assert action(w, "defend")["enabled"]
    assert press(w, "defend")
    assert str(w.state.history[0]) == "kill 5♣ with 7♣, pick up 5♦ K♣"


def test_the_last_battle_stays_in_view_greyed_until_the_next_attack() -> None:
    w = defending("7♣ 9♣ 4♣ 2♦ Q♥", attack="5♣ 5♦ K♣", opponent="human")
    w.kill("5♣", "7♣")
    w.defend()  # hot-seat: the attacker (player 2) is to move and sees the battle just fought
    battle = [(c["id"], c["slot"], c["highlight"], c["note"]) for c in w.zone("battle")["cards"]]
    assert battle == [
        ("5♦", 0, "pickup", "picked up"),
        ("5♣", 1, "muted", ""),
        ("7♣", 1, "muted", ""),
        ("K♣", 2, "pickup", "picked up"),
    ]
    assert w.zone("battle")["info"] == "The last battle, over · Player 2 attacks"
    assert not card(w, "battle", "5♣")
    assert (
        w.message == "5♣ lies in the last battle, which is over; build your attack from your hand."
    )
    w.play("attack 2♣")
    assert [c["id"] for c in w.zone("battle")["cards"]] == ["2♣"]


def test_P_D5_a_second_click_takes_a_kill_back_and_a_killer_moves() -> None:
    w = defending("7♣ 9♣ 4♣ 2♦ Q♥", attack="5♣ 5♦ K♣")
    w.kill("5♣", "7♣")
    w.select("7♣")  # again: the kill is taken back, 5♣ is aimed at once more
    assert w.kills == {} and w.target == cards.parse("5♣")
    w.select("9♣")
    w.kill("K♣", "2♦")
    assert {str(a): str(k) for a, k in w.kills.items()} == {"5♣": "9♣", "K♣": "2♦"}
    w.aim("5♣")  # aiming at a killed card takes its kill back
    assert cards.parse("5♣") not in w.kills and w.target == cards.parse("5♣")
    w.select("9♣")
    assert card(w, "battle", "9♣")  # a click on the killer lying on 5♣ takes it back too
    assert cards.parse("5♣") not in w.kills
    assert not card(w, "battle", "7♣")  # not on the table: a stale click


def test_P_S12_an_illegal_kill_is_refused_with_the_engines_reason() -> None:
    w = defending("7♣ 9♣ 4♣ 2♦ Q♥", attack="5♣ 5♦ K♣")
    card(w, "battle", "5♣")
    assert not card(w, "hand", "4♣")
    assert w.message == "the 4♣ cannot beat the 5♣: it is lower"
    card(w, "battle", "5♦")
    assert not card(w, "hand", "Q♥")
    assert w.message == ("the Q♥ cannot beat the 5♦: a trump (♦) is beaten only by a higher trump")
    card(w, "battle", "K♣")
    assert not card(w, "hand", "Q♥")
    assert w.message == "the Q♥ cannot beat the K♣: only a higher ♣ or a trump (♦) can"
    assert w.kills == {} and w.state.ply == 0


def test_a_single_attack_card_needs_no_aiming_and_pick_up_all_takes_everything() -> None:
    w = defending("7♣ 9♣ 4♣ 2♦ Q♥", attack="5♣", opponent="greedy")
    assert w.zone("battle")["info"] == "You defend: kill or pick up"
    assert lit(w) == {"7♣": "playable", "9♣": "playable", "2♦": "playable"}
    w.select("9♣")
    assert w.kills == {cards.parse("5♣"): cards.parse("9♣")}
    assert w.scene["status"] == (
        "Kill 5♣ with 9♣: everything is beaten, then you attack. Press Defend."
    )
    w.defend()
    assert w.moves_log == ["You kill 5♣ with 9♣. Computer draws 3, you draw 1."]
    assert w.zone("battle")["info"] == "The last battle, over · You attack"
    other = defending("7♣ 9♣ 4♣ 2♦ Q♥", attack="5♣ 5♦ K♣")
    assert not card(other, "hand", "7♣")
    assert other.message == "Click the attack card 7♣ should kill first."
    assert not press(other, "defend")
    assert other.message == "The button “Defend” cannot be used right now."
    assert press(other, "pickup")
    assert str(other.state.history[0]) == "pick up 5♦ 5♣ K♣"


def test_the_take_all_variant_refuses_a_partial_defence_with_its_reason() -> None:
    state = panjpar.State.from_position(
        hands=["7♣ 9♣ 4♣ 2♦ Q♥", "2♣ 3♣"],
        stock=STOCK,
        trump="♦",
        attacker=1,
        attack="5♣ 5♦ K♣",
        rules=panjpar.Rules(pickup="all"),
    )
    w = PanjparWidget(state=state, opponent=RandomOpponent(1))
    w.kill("5♣", "7♣")
    assert not press(w, "defend")
    assert w.message == "under the take-all rule you kill every attack card or pick up all of them"


# -- the table (P-D9) ---------------------------------------------------------------------


def test_P_D9_the_table_shows_no_stock_count_the_indicator_and_the_top_discard() -> None:
    state = panjpar.State.from_position(
        hands=["7♣ 9♣ 4♣ 2♦ Q♥", "2♣ 3♣ 8♥"],
        stock=STOCK,
        trump="♦",
        discard="J♠ 10♣ 3♥",
        known=[(), "8♥"],
    )
    w = PanjparWidget(state=state, opponent=RandomOpponent(1))
    stock = w.zone("stock")
    assert [c["id"] for c in stock["cards"]] == ["hidden-stock-0", "6♦"]
    assert stock["cards"][1]["note"] == "trump indicator"
    assert stock["info"] == "Trumps: ♦ · the stock is not counted"
    assert stock["badges"][0]["text"] == "♦" and stock["badges"][0]["label"] == "trumps: diamonds"
    assert not any(ch.isdigit() for ch in stock["info"] + stock["label"])
    assert [c["id"] for c in w.zone("discard")["cards"]] == ["J♠"]
    opponent = w.zone("opponent-hand")
    assert [(c["id"], c["note"]) for c in opponent["cards"]] == [
        ("8♥", "seen"),
        ("hidden-1-0", ""),
        ("hidden-1-1", ""),
    ]
    assert opponent["info"].startswith("3 cards")
    text = json.dumps(w.scene, ensure_ascii=False)
    for hidden in cards.parse_many("2♣ 3♣ J♥ 10♠ 6♥ 4♥ 10♣ 3♥"):  # hands, stock, discard
        assert f'"{hidden}"' not in text and hidden.name("en") not in text, hidden


def test_P_D9_once_the_indicator_is_drawn_the_stock_zone_is_empty() -> None:
    w = attacking("7♥ 7♣ 9♦ 2♠ 3♠", stock=(), opponent="human")
    stock = w.zone("stock")
    assert stock["cards"] == []
    assert stock["info"] == "Trumps: ♦ · the stock is used up: no more drawing"


def test_P_S29_the_worked_battle_with_draws_and_who_attacks_next() -> None:
    state = panjpar.State.from_position(
        hands=["5♦ 5♣ K♣ 9♥ 9♣", "7♣ 4♠ 6♠ 2♥ 3♥"],
        stock="3♠ Q♥ 8♦ 2♣ 4♥ 6♥ J♣ 10♥ 7♥ A♦",
        trump="♦",
    )
    w = PanjparWidget(state=state, opponent="human")
    w.play("attack ♦5-♣5-♣K")
    assert w.viewer == 1 and w.zone("hand")["label"] == "Player 2: hand"  # hot-seat follows
    w.kill("5♣", "7♣")
    w.defend()
    assert w.moves_log[-1] == "Player 2 kills 5♣ with 7♣ and picks up 5♦ K♣. Player 1 draws 3."
    assert w.scene["status"].startswith("Player 1: Player 2 picked up, so Player 1 attacks again.")
    assert [c["id"] for c in w.zone("opponent-hand")["cards"]][:2] == ["5♦", "K♣"]  # known
    w.play("attack 9♥ 9♣ 3♠")
    w.kill("3♠", "4♠")
    w.kill("9♣", "K♣")
    w.kill("9♥", "5♦")
    w.defend()
    assert w.moves_log[-1].endswith("Player 1 draws 3, Player 2 draws 2.")  # P-D8: 3 left, draws 2
    assert w.scene["status"].startswith(
        "Player 2: Player 2 killed every attack card, so Player 2 attacks now."
    )
    assert [c["id"] for c in w.zone("discard")["cards"]] == ["K♣"]  # the top discard only


def test_P_S5_P_D1_the_trump_guess_asked_for_is_said_at_the_start() -> None:
    right = PanjparWidget(seed=2026, guess="red", opponent="greedy")
    assert right.guess == "red" and right.state.guess == {"guesser": 0, "guess": "red"}
    assert right.guess_asked is True
    assert right.scene["status"].startswith(
        "You guessed red and the trump indicator 5♦ is red, so you attack first. Select 1, 3 or 5"
    )
    wrong = PanjparWidget(seed=2026, guess="black", opponent="greedy")
    assert wrong.scene["status"].startswith(
        "You guessed black but the trump indicator 5♦ is red, so Computer attacks first. "
        "Computer attacks with"
    )
    german = PanjparWidget(seed=2026, guess="schwarz", locale="de")
    assert german.scene["status"].startswith(
        "Du hast auf Schwarz getippt, aber die Trumpfkarte 5♦ ist rot, also greift Computer "
        "zuerst an."
    )  # the guess is a noun (Schwarz), the card's colour an adjective (rot)
    wrong.new()  # a new game keeps the guess asked for
    assert wrong.state.guess == {"guesser": 0, "guess": "black"}
    assert wrong.scene["status"].startswith("You guessed black")


def test_P_D1_a_guess_nobody_asked_for_is_said_to_be_drawn_never_guessed() -> None:
    drawn = PanjparWidget(seed=2026, opponent="greedy")  # the seed draws black
    assert drawn.guess is None and drawn.guess_asked is False
    assert drawn.scene["status"].startswith(
        "The seed drew the trump guess (You: black); the trump indicator 5♦ is red, so "
        "Computer attacks first. Computer attacks with"
    )
    german = PanjparWidget(seed=2026, locale="de")
    assert german.scene["status"].startswith(
        "Der Startwert hat den Trumpftipp gezogen (Du: Schwarz); die Trumpfkarte 5♦ ist rot,"
    )
    # A state made elsewhere: who chose its guess is not known, so nobody "guessed" it.
    given = PanjparWidget(
        state=panjpar.new_game(seed=2026, guess="black", guesser=1), opponent="greedy"
    )
    assert given.scene["status"].startswith(
        "The trump guess was black (Computer); the trump indicator 5♦ is red, so you attack first."
    )
    assert "guessed" not in drawn.scene["status"] + given.scene["status"]
    assert given.guess_asked is None


def test_P_D1_guess_ask_asks_on_the_board_before_the_deal_with_every_card_face_down() -> None:
    w = PanjparWidget(seed=2026, guess="ask", opponent="greedy")
    assert w.asking and w.ply == 0
    shown = json.dumps(w.scene, ensure_ascii=False)
    assert w.scene["banner"]["text"] == (
        "Before the deal: guess the colour of the trump card, red or black"
    )
    assert w.scene["status"] == "Before the deal" and w.scene["announce"] == ""
    assert [o["label"] for o in w.scene["options"]] == ["Red", "Black"]
    kinds = {c["kind"] for z in w.scene["zones"] for c in z["cards"]}
    assert kinds == {"back"} and "♦" not in shown and w.scene["code"] == ""  # trumps are ♦
    assert w.scene["actions"] == [] and w.scene["log"] == []
    with pytest.raises(WidgetError, match="First guess the trump colour"):
        w.play("attack 5♦")
    assert w.ply == 0 and w.asking
    # The learner clicks Black: dealt with that call, the indicator 5♦ is red, so the computer
    # attacks at once, and the status says that the learner guessed.
    assert w.handle_intent({"type": "intent", "version": w.version,
                            "intent": {"kind": "option", "index": 1}}, bare=False)  # fmt: skip
    assert not w.asking and w.guess == "black" and w.guess_asked is True
    assert w.state.guess == {"guesser": 0, "guess": "black"} and w.ply == 1
    assert w.scene["status"].startswith(
        "You guessed black but the trump indicator 5♦ is red, so Computer attacks first."
    )
    w.new()  # each new game asks again
    assert w.asking and w.guess is None and w.ply == 0
    with pytest.raises(WidgetError):
        w.new(seed="-3")  # refused: still asking, nothing dealt
    assert w.asking
    german = PanjparWidget(seed=2026, guess="ask", locale="de")
    assert german.scene["banner"]["text"] == (
        "Vor dem Geben: Tippe auf die Farbe der Trumpfkarte, Rot oder Schwarz"
    )
    assert german.scene["status"] == "Vor dem Geben"
    german.make_guess("rot")
    assert german.scene["status"].startswith("Du hast auf Rot getippt und die Trumpfkarte 5♦")


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"seed": 1, "guess": "green"}, "the trump guess is 'red' or 'black', not 'green'"),
        ({"state": panjpar.new_game(seed=1), "guess": "red"}, "The trump guess is made before"),
    ],
)
def test_P_D1_a_bad_guess_option_is_refused_with_a_reason(
    options: dict[str, Any], reason: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        PanjparWidget(**options)


def end_game(mine: str, theirs: str) -> PanjparWidget:
    """Both hold five, four cards are left in the stock with the trump 10♦ (P-S27, P-S28)."""
    state = panjpar.State.from_position(hands=[mine, theirs], stock="J♥ J♠ 4♣ 10♦", trump="♦")
    return PanjparWidget(state=state, opponent="human")


def test_P_S27_killing_three_hands_the_indicator_to_the_defender_who_wins() -> None:
    w = end_game("7♥ 7♣ 9♣ 2♠ 3♠", "9♥ 8♣ K♣ 5♠ 5♥")
    w.play("attack 7♥ 7♣ 9♣")
    w.play("kill 7♥ with 9♥, kill 7♣ with 8♣, kill 9♣ with K♣")
    assert w.moves_log[-1] == (
        "Player 2 kills 7♥ with 9♥, 7♣ with 8♣, 9♣ with K♣. Player 1 draws 3, Player 2 draws 1. "
        "Player 2 takes the trump indicator 10♦, the last card of the stock."
    )
    assert w.zone("stock")["cards"] == []
    assert w.viewer == 1 and "Player 2 killed every attack card" in w.scene["status"]
    w.play("attack 5♠ 5♥ 10♦")  # a pair plus one: B's whole hand
    w.pick_up()
    assert w.state.is_over and w.state.outcome.winner == 1
    assert w.scene["status"] == (
        "Game over: Player 2 won: the stock is used up and Player 2 has no cards left, while "
        "Player 1 still holds 8 cards."
    )
    assert w.moves_log[-1].endswith(w.scene["status"])


def test_P_S28_killing_four_of_five_leaves_the_defender_with_two_and_a_one_card_attack() -> None:
    w = end_game("K♠ K♥ 4♠ 4♥ 7♣", "A♠ A♥ 5♠ 5♥ 2♦")
    w.play("attack K♠ K♥ 4♠ 4♥ 7♣")
    w.play("kill K♠ with A♠, kill K♥ with A♥, kill 4♠ with 5♠, kill 4♥ with 5♥, pick up 7♣")
    assert w.moves_log[-1].endswith(
        "Player 1 draws 4. Player 1 takes the trump indicator 10♦, the last card of the stock."
    )
    assert w.viewer == 0 and w.zone("opponent-hand")["info"].startswith("2 cards")
    assert w.scene["status"].endswith(
        "Player 2 holds only 2 cards: attack with one card (an attack may not have more cards "
        "than the defender holds)."
    )
    w.select("J♥")
    w.select("J♠")
    assert "Player 2 holds only 2 cards" in w.scene["status"]


def test_P_S25_both_hands_empty_in_the_last_battle_is_a_draw() -> None:
    state = panjpar.State.from_position(hands=["5♣", "7♣"], stock=(), trump="♦")
    w = PanjparWidget(state=state, opponent="human")
    w.play("attack 5♣")
    w.select("7♣")
    w.defend()
    assert w.state.is_over and w.state.outcome.winner is None
    assert w.scene["status"] == ("Game over: a draw: both hands were emptied in the last battle.")
    german = PanjparWidget(state=w.state, locale="de", opponent="human")
    assert german.scene["status"] == (
        "Spiel vorbei: unentschieden: beide Hände wurden im letzten Kampf leer."
    )


def test_P_D7_you_win_and_you_lose_are_said_to_the_learner() -> None:
    state = panjpar.State.from_position(hands=["5♣", "7♣ 2♠"], stock=(), trump="♦")
    lost = PanjparWidget(state=state.play("attack 5♣"), seat=1, opponent=RandomOpponent(1))
    lost.play("kill 5♣ with 7♣")
    assert lost.scene["status"] == (
        "Game over: Computer won: the stock is used up and Computer has no cards left, while "
        "you still hold 1 card."
    )
    won = PanjparWidget(state=state, opponent=RandomOpponent(1))
    won.play("attack 5♣")
    assert won.state.is_over
    if won.state.outcome.winner == 0:
        assert won.scene["status"].startswith("Game over: you won: the stock is used up")


# -- clicks that do nothing, bad input ---------------------------------------------------


def test_a_click_that_does_nothing_says_why() -> None:
    w = attacking("7♥ 7♣ 9♦ 2♠ 3♠")
    assert not card(w, "opponent-hand", "hidden-1-0")
    assert w.message == "That card is face down: you cannot see or play it."
    assert not card(w, "stock", "6♦")
    assert w.message is not None and w.message.startswith("6♦ is the trump indicator")
    assert not card(w, "stock", "hidden-stock-0")
    assert not press(w, "attack")
    assert w.message == "The button “Attack” cannot be used right now."
    assert not click(w, {"kind": "action", "id": "defend"})
    assert w.message == "This widget has no such button; nothing changed."
    assert not card(w, "hand", "K♣")
    assert w.message == "That card is not on the board any more."
    with pytest.raises(WidgetError, match="not in your hand"):
        w.select("K♣")
    with pytest.raises(IllegalMove, match="is not a Panjpar move"):
        w.play("kill with")
    with pytest.raises(ValueError, match="is not a card"):
        w.select("Z♣")
    with pytest.raises(WidgetError, match="Select the cards of your attack first"):
        w.attack()
    with pytest.raises(WidgetError, match="no attack to answer"):
        w.pick_up()
    assert w.state.ply == 0


def test_a_discard_click_and_an_attack_click_while_defending_say_why() -> None:
    state = panjpar.State.from_position(
        hands=["7♣ 9♣", "2♣ 3♣"], stock=STOCK, trump="♦", attacker=1, attack="5♣",
        discard="J♠",
    )  # fmt: skip
    w = PanjparWidget(state=state, opponent=RandomOpponent(1))
    assert not card(w, "discard", "J♠")
    assert w.message == "J♠ is set aside: beaten cards are not used again."
    with pytest.raises(WidgetError, match="Answer the attack on the table first"):
        w.attack()
    with pytest.raises(WidgetError, match="not one of the attack cards"):
        w.aim("7♣")


def test_escape_cancels_and_the_stale_click_is_refused() -> None:
    w = defending("7♣ 9♣ 4♣ 2♦ Q♥", attack="5♣ 5♦ K♣")
    w.kill("5♣", "7♣")
    assert press(w, "cancel")
    assert w.kills == {} and w.target is None
    before = w.version
    w._on_custom_msg(w, {"kind": "card", "zone": "battle", "card": "5♣"}, [])
    assert w.target is None and w.version > before and w.scene["message"]["kind"] == "error"


# -- hidden cards -------------------------------------------------------------------------


def without_version(w: PanjparWidget) -> dict[str, Any]:
    data = dict(w.scene)
    data.pop("version")
    return data


def test_hidden_card_twins_give_equal_scenes_messages_hints_and_pictures() -> None:
    first, second = panjpar_stock_twins()
    a, b = (PanjparWidget(state=s, opponent=RandomOpponent(1)) for s in (first, second))
    assert without_version(a) == without_version(b) and repr(a) == repr(b)
    for w in (a, b):
        w.select("7♥")
        w.select("9♦")
        w.hint()
    assert without_version(a) == without_version(b)
    assert a.message == b.message and a.message is not None
    assert a.picked == b.picked
    assert picture(first, seat=0).scene == picture(second, seat=0).scene
    assert picture(first, seat=0).html == picture(second, seat=0).html
    assert a._repr_mimebundle_()[0]["text/html"] == b._repr_mimebundle_()[0]["text/html"]
    dumped = json.dumps(a.get_state(), ensure_ascii=False, default=str)
    for hidden in ("2♣", "3♣", "K♥", "Q♥", "J♦", "10♣"):
        assert hidden not in dumped, hidden


def test_hidden_card_twins_after_a_battle_and_with_german_words() -> None:
    first, second = panjpar_stock_twins()
    c, d = (
        PanjparWidget(state=s.play("attack 2♠").play("pick up"), opponent=RandomOpponent(1))
        for s in (first, second)
    )
    assert without_version(c) == without_version(d)
    assert (
        c.moves_log == d.moves_log == ["You attack with 2♠.", "Computer picks up 2♠. You draw 1."]
    )
    c.locale = d.locale = "de"
    assert without_version(c) == without_version(d)
    assert c.moves_log == ["Du greifst mit 2♠ an.", "Computer nimmt 2♠ auf. Du ziehst 1."]


def test_hidden_cards_never_reach_messages_mimebundle_or_a_notebook(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("cardwidgets.scene_html")
    w = PanjparWidget(seed=2024, opponent="greedy")
    sent: list[Any] = []
    monkeypatch.setattr(w, "_send", lambda msg, buffers=None: sent.append(msg))
    monkeypatch.setattr(w, "send", lambda content, buffers=None: sent.append(content))
    for _ in range(6):
        if w.state.is_over:
            break
        w.hint()
        w.send_state()
        w.play()
    unseen = unseen_by(w.state, w.seat)
    assert unseen
    data, _ = w._repr_mimebundle_()
    notebook = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("PanjparWidget(seed=2024)")
    cell.outputs = [nbformat.v4.new_output("display_data", data=data)]
    notebook.cells.append(cell)
    for text in (json.dumps(sent, default=str, ensure_ascii=False), nbformat.writes(notebook)):
        for hidden in unseen:
            assert f'"{hidden.text}"' not in text and hidden.name("en") not in text, hidden


def unseen_by(state: panjpar.State, seat: int) -> list[cards.Card]:
    known = set(state.known[1 - seat])
    return [c for c in (*state.hands[1 - seat], *state.stock[:-1]) if c not in known]


def test_a_state_draws_itself_as_a_seat_sees_it_or_with_hands_open() -> None:
    state = panjpar.new_game(seed=2024)
    seen = picture(state, seat=0)
    assert all(c["kind"] == "back" for c in seen.zone("opponent-hand")["cards"])
    assert seen.scene["actions"] == [] and seen.scene["previews"] == {}
    full = picture(state)
    assert {c["id"] for c in full.zone("opponent-hand")["cards"]} == {
        c.text for c in state.hands[1]
    }
    pytest.importorskip("cardwidgets.scene_html")
    assert 'data-game="panjpar"' in state._repr_html_() or "panjpar" in state._repr_html_()
    assert state.picture(0).html != state.picture().html


def test_open_hands_is_the_teacher_switch() -> None:
    w = PanjparWidget(seed=5, opponent="greedy")
    assert all(c["kind"] == "back" for c in w.zone("opponent-hand")["cards"] if not c["note"])
    w.open_hands = True
    assert {c["id"] for c in w.zone("opponent-hand")["cards"]} == {c.text for c in w.state.hands[1]}


# -- German, hints, speed, a whole game -----------------------------------------------------


def test_a_german_widget_speaks_german() -> None:
    w = defending("7♣ 9♣ 4♣ 2♦ Q♥", attack="5♣ 5♦ K♣", locale="de")
    assert w.scene["status"].startswith("Computer greift mit 5♦ 5♣ K♣ an")
    w.kill("5♣", "7♣")
    assert w.scene["status"] == "Schlage 5♣ mit 7♣; nimm 5♦ K♣ auf. Drücke Verteidigen."
    assert {a["label"] for a in w.scene["actions"]} >= {"Verteidigen", "Alle aufnehmen"}
    assert w.zone("stock")["info"] == "Trumpf: ♦ · der Talon wird nicht gezählt"
    card(w, "battle", "5♦")
    assert not card(w, "hand", "Q♥")
    assert w.message == (
        "Q♥ kann 5♦ nicht schlagen: einen Trumpf (♦) schlägt nur ein höherer Trumpf"
    )
    w.defend()
    assert w.moves_log[0].startswith("Du schlägst 5♣ mit 7♣ und nimmst 5♦ K♣ auf.")


ENGLISH = re.compile(r"\b(the|and|you|with|attack|kill|pick|draws|cards|holds|Hint)\b")


def test_a_german_game_has_no_english_fragment() -> None:
    w = PanjparWidget(seed=7, locale="de", opponent="greedy")
    said: set[str] = set()
    for _ in range(300):
        if w.state.is_over:
            break
        w.hint()
        said |= {w.message or "", w.scene["status"]}
        said |= {z["info"] for z in w.scene["zones"]} | {z["label"] for z in w.scene["zones"]}
        said |= {a["label"] for a in w.scene["actions"]} | {i["text"] for i in w.scene["legend"]}
        said |= {p["text"] for p in w.scene["previews"].values()}
        w.play() if w.picked or w.kills else w.pick_up()
    said |= set(w.moves_log) | {w.scene["status"]}
    assert w.state.is_over and len(said) > 50
    assert [t for t in said if ENGLISH.search(t)] == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.one_of(
            st.fixed_dictionaries(
                {
                    "kind": st.just("card"),
                    "zone": st.sampled_from(["hand", "battle", "opponent-hand", "stock", "x"]),
                    "card": st.sampled_from(["7♣", "5♣", "2♦", "Q♥", "6♦", "hidden-1-0", "??"]),
                }
            ),
            st.fixed_dictionaries(
                {
                    "kind": st.just("action"),
                    "id": st.sampled_from(["defend", "pickup", "attack", "cancel", "hint", "x"]),
                }
            ),
            st.dictionaries(st.text(max_size=5), st.integers() | st.text(max_size=5), max_size=3),
        ),
        max_size=8,
    )
)
def test_hostile_intents_never_raise_and_a_refusal_changes_nothing(intents: list[Any]) -> None:
    w = defending("7♣ 9♣ 4♣ 2♦ Q♥", attack="5♣ 5♦ K♣")
    for intent in intents:
        before = (w.state, w.kills, w.target, w.picked)
        if not click(w, intent):
            assert (w.state, w.kills, w.target, w.picked) == before
            assert w.scene["message"]["kind"] == "error"


def test_every_panjpar_widget_sentence_exists_in_both_locales_with_the_same_blanks() -> None:
    import string

    keys = [k for k in i18n.keys() if k.startswith("widget.panjpar.")]
    assert len(keys) > 50
    for key in keys:
        texts = {loc: " | ".join(i18n.forms(key, loc)) for loc in ("en", "de")}
        blanks = [
            {name for _, name, _, _ in string.Formatter().parse(texts[loc]) if name}
            for loc in ("en", "de")
        ]
        assert texts["en"] and texts["de"] and blanks[0] == blanks[1], key


def test_a_hint_selects_a_move_and_says_why_in_words() -> None:
    w = attacking("7♥ 7♣ 9♦ 2♠ 3♠")
    assert press(w, "hint")
    assert w.picked and w.message is not None and w.message.startswith("Hint: Attack with ")
    defence = defending("7♣ 9♣ 4♣ 2♦ Q♥", attack="5♣ 5♦ K♣")
    defence.hint()
    assert defence.message is not None and defence.message.startswith("Hint: ")
    quiet = attacking("7♥ 7♣ 9♦ 2♠ 3♠", hints=False)
    assert lit(quiet) == {} and "hint" not in {a["id"] for a in quiet.scene["actions"]}


def big_defence() -> PanjparWidget:
    hand = "8♥ 10♥ J♥ 8♣ 10♣ J♣ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ Q♠ K♠ A♠ 2♠ 3♠ 4♠ Q♥ K♥ A♥"
    state = panjpar.State.from_position(hands=["7♥ 7♣ 9♥ 9♣ 2♣ K♣", hand], stock=(), trump="♦")
    return PanjparWidget(state=state, seat=1, opponent="greedy")


def test_a_hint_and_a_reply_on_a_five_card_attack_against_a_big_hand_are_fast() -> None:
    w = big_defence()  # the computer attacked with five at once
    assert len(w.state.attack) == 5 and w.is_my_turn()
    start = time.perf_counter()
    w.hint()
    hint_ms = (time.perf_counter() - start) * 1000
    assert w.kills
    start = time.perf_counter()
    w.play()
    reply_ms = (time.perf_counter() - start) * 1000
    assert hint_ms < 250 and reply_ms < 250, (hint_ms, reply_ms)  # the bar is 50 ms; CI is noisy


def test_a_whole_game_by_clicks_against_the_computer() -> None:
    w = PanjparWidget(seed=11, opponent="greedy")
    for _ in range(200):
        if w.state.is_over:
            break
        assert press(w, "hint")
        name = "defend" if w.defending else "attack"
        if w.defending and not w.kills:
            name = "pickup"
        assert press(w, name), w.message
    assert w.state.is_over and w.scene["status"].startswith("Game over")
    assert len(w.moves_log) == w.state.ply
    w.goto(2)
    assert w.ply == 2 and "move 2 of" in w.scene["status"]
    w.back()
    w.forward()
    assert w.ply == 2
    assert press(w, "new") and press(w, "new-confirm")
    assert w.ply in (0, 1) and w.branches


def test_the_widget_takes_rules_and_exports_from_cardwidgets() -> None:
    import cardwidgets

    assert cardwidgets.PanjparWidget is PanjparWidget
    w = PanjparWidget(seed=1, rules=panjpar.Rules(pickup="all"))
    assert w.state.rules.pickup == "all"
    with pytest.raises(WidgetError, match="not rules of panjpar"):
        PanjparWidget(seed=1, rules=object())
