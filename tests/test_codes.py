"""Position codes: ``state.code(seat=None)`` and ``State.from_code(text, seed)``.

For random positions of every game (made by the position generators of the
``test_*_positions`` modules, then played on at random for a few moves):

- the whole code reads back to a state with the same code, hands, legal moves and view;
- a seat's code reads back (the unseen cards dealt from the seed) to a state whose code for
  that seat is the same, whose view for that seat is the same, and which offers the same
  legal moves when that seat is to move;
- a seat's code names no card the seat's view does not show, and two states that differ
  only in cards hidden from a seat (a determinized twin) give that seat the same code.

Malformed codes are refused with the game's PositionError, in English and German.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from language import assert_german
from test_panjpar_positions import RULE_SETS as PANJPAR_RULES
from test_panjpar_positions import random_position as panjpar_position
from test_pazaak_positions import random_position as pazaak_position
from test_tablic_positions import VARIANTS as TABLIC_RULES
from test_tablic_positions import random_position as tablic_position

from cardwidgets import cards, codes, core, i18n
from cardwidgets.games import panjpar, pazaak, tablic

POSITIONS = 150
"""Random positions per game (each checked in full and from both seats)."""

_CARD = re.compile(r"(?<![\w?])([2-9TJQKA][SHDC])", re.IGNORECASE)


def tablic_states(count: int) -> list[Any]:
    rng = random.Random(26)
    found = []
    for number in range(count):
        rules = TABLIC_RULES[number % len(TABLIC_RULES)]
        found.append(tablic.State.from_position(rules=rules, **tablic_position(rng, rules)))
    return found


def panjpar_states(count: int) -> list[Any]:
    rng = random.Random(26)
    found = []
    for number in range(count):
        rules = PANJPAR_RULES[number % len(PANJPAR_RULES)]
        setup = panjpar_position(rng, rules)
        found.append(panjpar.State.from_position(rules=rules, **setup.position))
    return found


def pazaak_states(count: int) -> list[Any]:
    found = []
    for number in range(count):
        rules, fields, _ = pazaak_position(number)
        kwargs = dict(fields)
        found.append(
            pazaak.State.from_position(
                kwargs.pop("hands"), kwargs.pop("deck"), rules=rules, **kwargs
            )
        )
    return found


def played_on(start: Any, rng: random.Random) -> Any:
    """``start`` after up to six random moves, stopping before the game ends."""
    state = start
    for _ in range(rng.randrange(7)):
        after = state.play(state.random_move(rng))
        if after.is_over:
            break
        state = after
    return state


GAMES = {
    "tablic": (tablic, tablic_states),
    "panjpar": (panjpar, panjpar_states),
    "pazaak": (pazaak, pazaak_states),
}

_HISTORY = {"last_move", "last_deal", "last_set", "guess", "legal_moves"}
"""View fields about how the position came about, which a code does not hold."""


def position_facts(view: Any) -> dict[str, Any]:
    """A view's JSON without the fields about the past."""
    return {k: v for k, v in view.to_json().items() if k not in _HISTORY}


def random_states(game: str) -> list[Any]:
    make = GAMES[game][1]
    rng = random.Random(game)
    states = [played_on(s, rng) for s in make(POSITIONS) if not s.is_over]
    assert len(states) > POSITIONS * 0.9
    return states


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_code_reads_back_to_the_same_position(game: str) -> None:
    module, _ = GAMES[game]
    for state in random_states(game):
        code = state.code()
        again = module.State.from_code(code, seed=7, rules=state.rules)
        assert again.code() == code, code
        assert again.hands == state.hands, code
        assert [str(m) for m in again.legal_moves()] == [str(m) for m in state.legal_moves()]
        assert position_facts(again.view(None)) == position_facts(state.view(None)), code


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_code_reads_back_to_what_that_seat_sees(game: str) -> None:
    module, _ = GAMES[game]
    for number, state in enumerate(random_states(game)):
        for seat in (0, 1):
            code = state.code(seat)
            again = module.State.from_code(code, seed=number, rules=state.rules)
            assert again.code(seat) == code, code
            assert position_facts(again.view(seat)) == position_facts(state.view(seat)), code
            if state.to_move == seat:
                listed = [str(m) for m in state.legal_moves()]
                assert [str(m) for m in again.legal_moves()] == listed, code


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_code_names_only_cards_its_view_shows(game: str) -> None:
    for state in random_states(game):
        for seat in (0, 1):
            code = state.code(seat)
            shown = json.dumps(state.view(seat).to_json(), ensure_ascii=False)
            for text in _CARD.findall(code.split(" ", 1)[1]) if game != "pazaak" else ():
                card = cards.parse(text)
                assert f'"{card.text}"' in shown, (code, card)
            if game == "pazaak":  # side cards: the other hand only as its number
                other = code.split()[1].split("|")[1 - seat]
                assert re.fullmatch(r"\d+\?|-", other), code
                assert code.split()[2] == "*", code


@pytest.mark.parametrize("game", GAMES)
def test_twins_that_differ_only_in_hidden_cards_give_a_seat_the_same_code(game: str) -> None:
    differ = 0
    for number, state in enumerate(random_states(game)[:60]):
        for seat in (0, 1):
            twin = state.determinize(seat, cards.Rng(number))
            assert twin.code(seat) == state.code(seat)
            differ += twin.code() != state.code()
    assert differ > 40  # the twins did differ in their hidden cards


def test_panjpar_twins_with_other_stock_sizes_and_discards_give_a_seat_the_same_code() -> None:
    # the stock's size and the discard under its top card are hidden too
    one = panjpar.State.from_position(["7♥ 9♦", "8♣ K♠"], "Q♥ J♦", "♦", discard="A♠ 2♠ 3♠ 4♠")
    two = panjpar.State.from_position(["7♥ 9♦", "8♣ K♠"], "5♣ 6♣ Q♥ J♦", "♦", discard="A♠ 6♠")
    assert one.code(0) == two.code(0) == "P0 7H9D|2? *JD D 0 - AS* -|-"
    assert one.code() != two.code()


def test_the_seed_deals_a_seats_unseen_cards_the_same_way_every_time() -> None:
    code = tablic.new_game(seed=3).code(0)
    first = tablic.State.from_code(code, seed="lesson 4")
    assert tablic.State.from_code(code, seed="lesson 4").code() == first.code()
    assert tablic.State.from_code(code, seed="lesson 5").code() != first.code()


def test_a_finished_game_has_no_code() -> None:
    state = tablic.State.from_position(table="5♥", hands=("5♠", ""), stock="", totals=(100, 0))
    over = state.play("5♠ x 5♥")
    assert over.is_over
    with pytest.raises(tablic.PositionError, match="finished game"):
        over.code()


MALFORMED = {
    tablic: [
        ("", "code.game"),
        ("P 7H|8C - D 0 - - -|-", "code.game"),
        ("T AC", "code.fields"),
        ("T AX 2C|3C - -|- 0 1 0|0 0|0 1 - -", "code.cards"),
        ("T AC 2C3C - -|- 0 1 0|0 0|0 1 - -", "code.pair"),
        ("T AC 2C|3C - -|- 2 1 0|0 0|0 1 - -", "code.number"),
        ("T AC 2C|3C - -|- 0 1 0|0 0|0 0 - -", "code.number"),
        ("T AC 2C|3? - -|- 0 1 0|0 0|0 1 - -", "code.unseen_in_full"),
        ("T0 AC 2?|3C - -|- 0 1 0|0 0|0 1 - -", "code.unseen_misplaced"),
        ("T0 AC 2C|3? - -|- 0 1 0|0 0|0 1 - -", "code.unseen_count"),
        ("T0 - 2C|3? 47? 1?p9|- 0 1 0|0 0|0 1 - -", "tablic.code.piles"),
        ("T AC AC|3C - -|- 0 1 0|0 0|0 1 - -", "tablic.position.duplicate"),
        ("T AC 2C|3C - -|- 0 1 0|0 0|0 1 - AC", "tablic.position.bad"),
    ],
    panjpar: [
        ("P 7H|8C - X 0 - - -|-", "code.cards"),
        ("P 7H|8C - D 0 - -|-", "code.fields"),
        ("P0 7H|2? 3? D 0 - - -|-", "code.cards"),
        ("P1 7H|2? * D 0 - - -|-", "code.unseen_misplaced"),
    ],
    pazaak: [
        ("Z +1|-1 55 -|- 0 00 0|0 1 0 -|-", "code.fields"),
        ("Z +1|-1 5X -|- 0 00 0|0 1 0 -|- -", "pazaak.code.deck"),
        ("Z +1|-1 55 7=x|- 0 00 0|0 1 0 -|- -", "code.cards"),
        ("Z +1|-1 55 -|- 0 02 0|0 1 0 -|- -", "code.cards"),
        ("Z +1|2? 55 -|- 0 00 0|0 1 0 -|- -", "code.unseen_in_full"),
    ],
}


@pytest.mark.parametrize(
    ("module", "code", "key"),
    [(m, c, k) for m, cases in MALFORMED.items() for c, k in cases],
)
def test_a_malformed_code_is_refused_with_a_reason_in_both_languages(
    module: Any, code: str, key: str
) -> None:
    with pytest.raises(module.PositionError) as caught:
        module.State.from_code(code, seed=1)
    error = caught.value
    assert isinstance(error, core.PositionError)
    assert error.key == key, error.text("en")
    assert error.text("en") != error.text("de")
    assert_german(error.text("de"), code)


def test_a_code_that_is_not_text_is_refused() -> None:
    with pytest.raises(pazaak.PositionError) as caught:
        pazaak.State.from_code(42)  # type: ignore[arg-type]
    assert caught.value.key == "code.not_text"


def test_codes_catalog_has_both_languages() -> None:
    for key in i18n.keys():
        if key.startswith("code.") or ".code." in key:
            assert i18n.text(key, "en", **_PARAMS) != i18n.text(key, "de", **_PARAMS)


_PARAMS = dict.fromkeys(
    ("value text game letter count names found field least most seat pool piles"
     ).split(), 3
)  # fmt: skip


def test_T_D8_the_public_bottom_card_in_a_hand_is_kept_by_the_code_and_the_record() -> None:
    named = cards.parse_many("5♥ 5♠ 9♣ Q♦ 2♥")
    rest = [c for c in cards.DECK if c not in named]  # every card is somewhere in a deal
    state = tablic.State.from_position(
        table="5♥", hands=("5♠ 9♣", "Q♦ 2♥"), piles=(rest, ()), last_capturer=0, shown="Q♦"
    )
    assert state.revealed() == ((), (cards.parse("Q♦"),))
    assert state.code(0).split()[2] == "5S9C|1?QD"
    again = tablic.State.from_code(state.code(0), seed=2)
    assert again.revealed() == state.revealed()
    assert tablic.from_record(state.to_record()).revealed() == state.revealed()


def test_T_D8_shown_is_refused_while_the_stock_holds_the_bottom_card() -> None:
    with pytest.raises(tablic.PositionError, match="shown"):
        tablic.State.from_position(table="5♥", hands=("5♠", "Q♦"), stock="3♣", shown="Q♦")


def test_codes_module_reads_runs_and_cards() -> None:
    items = codes.read_cards("TD12?p4*5H", "piles", tablic.PositionError)
    assert [str(i) for i in items] == ["10♦", "12?p4", "*", "5♥"]
