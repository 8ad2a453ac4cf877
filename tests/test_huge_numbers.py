"""Every number a rule set, a position or a record may carry is bounded by what the rules can
reach: a huge one is refused at once with the field, the allowed range and the value
shortened, in English and German; it never loads and then fails with Python's int-digits error
when the state is printed, drawn or replayed, nor makes a match that never ends.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from typing import Any

import pytest
from language import assert_german

import cardwidgets
from cardwidgets import RecordError, cards, cli, core, i18n, panjpar, pazaak, tablic
from cardwidgets.i18n import TranslatedError

HUGE = 10**5000
"""More digits than Python prints (4,300)."""


def short_id(value: object) -> str | None:
    """A test id for a number too long to print (pytest's own id is ``str(value)``)."""
    return i18n.shown(value, 12) if isinstance(value, int) else None


GAMES = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}


def refused_in_both_languages(err: TranslatedError, *words: str) -> tuple[str, str]:
    """The refusal's English and German texts: each names ``words``, quotes the value
    shortened, and the German one has no English fragment."""
    english, german = err.text("en"), err.text("de")
    for text in (english, german):
        assert all(word in text for word in words), (text, words)
        assert len(text) < 400, text  # the value is shortened, not printed whole
    assert "set_int_max_str_digits" not in english
    assert_german(german, *words, i18n.shown(HUGE))
    return english, german


def usable(state: core.GameState[Any]) -> None:
    """Everything that failed on a huge number: printing, the record, the views, replaying."""
    repr(state)
    text = state.to_json()
    json.dumps(state.view(None))
    assert cardwidgets.from_record(text).to_json() == text


# -- rules ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", [10**100, HUGE, -5, 0, 1001], ids=short_id)
def test_T_D7_a_target_beyond_one_to_a_thousand_is_refused(target: int) -> None:
    """``tablic.Rules(target=10**100)`` was accepted: a lab run never ended."""
    with pytest.raises(core.RuleError) as err:
        tablic.Rules(target=target)
    english, german = refused_in_both_languages(err.value, "'target'")
    assert "must be a whole number from 1 to 1,000, not" in english
    assert "muss eine ganze Zahl von 1 bis 1.000 sein, nicht" in german
    with pytest.raises(core.RuleError):
        tablic.Rules.from_dict({"target": target})


def test_T_D7_the_target_bounds_themselves_are_allowed_and_played() -> None:
    assert tablic.Rules(target=1).target == 1 and tablic.Rules(target=1000).target == 1000
    state = tablic.new_game(seed=3, rules=tablic.Rules(target=1))
    rng = cards.Rng(3)
    while not state.is_over:
        state = state.play(state.random_move(rng))
    assert max(state.totals) >= 1 and state.deal_number < 10


def test_a_huge_target_on_the_command_line_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "tablic", "--games", "1", "--rule", "target=" + "9" * 100]
    assert cli.main([*argv, "--locale", "de"]) == 2
    assert "die Regel 'target' muss eine ganze Zahl von 1 bis 1.000 sein" in capsys.readouterr().err


@pytest.mark.parametrize("name", GAMES)
def test_every_whole_number_rule_of_every_game_is_bounded(name: str) -> None:
    """A whole-number rule needs ``choices`` or ``bounds``; one past either end is refused."""
    rules_class = GAMES[name].Rules
    for field in dataclasses.fields(rules_class):
        if type(field.default) is not int:
            continue
        choices = rules_class.choices.get(field.name)
        bounds = rules_class.bounds.get(field.name)
        assert choices is not None or bounds is not None, f"{name}: {field.name} is unbounded"
        least, most = bounds or (min(choices), max(choices))  # type: ignore[type-var]
        for value in (least - 1, most + 1, HUGE, -HUGE):
            with pytest.raises(core.RuleError) as err:
                rules_class(**{field.name: value})
            refused_in_both_languages(err.value, f"'{field.name}'")


# -- Tablić positions and records ------------------------------------------------------------------

TABLIC_POSITION: dict[str, Any] = {"table": "3♠ 5♥", "hands": ("8♦", "9♥"), "stock": "2♠ 7♣"}


@pytest.mark.parametrize(
    ("field", "value", "allowed"),
    [
        ("deal_number", HUGE, "from 1 to 10,000"),
        ("deal_number", 10_001, "from 1 to 10,000"),
        ("deal_number", 0, "from 1 to 10,000"),
        ("tablas", (HUGE, 0), "from 0 to 24"),
        ("tablas", (0, 25), "from 0 to 24"),  # T-S13: 24 cards played, one tabla each at most
        ("totals", (HUGE, 0), "from 0 to 5,000"),
        ("totals", (0, -1), "from 0 to 5,000"),
        ("totals", (5001, 5001), "from 0 to 5,000"),
    ],
    ids=short_id,
)
def test_a_tablic_position_number_beyond_the_rules_is_refused(
    field: str, value: Any, allowed: str
) -> None:
    """``from_position(totals=(10**5000, 0))`` was accepted, then failed when
    printed with Python's int-digits ValueError."""
    with pytest.raises(tablic.PositionError) as err:
        tablic.State.from_position(**TABLIC_POSITION, **{field: value})
    english, _ = refused_in_both_languages(err.value, f"'{field}'")
    assert f"must be a whole number {allowed}, not" in english


def test_a_tablic_position_at_the_bounds_is_set_up_and_usable() -> None:
    state = tablic.State.from_position(
        **TABLIC_POSITION, deal_number=10_000, tablas=(24, 24), totals=(5000, 5000)
    )
    usable(state)
    assert tablic.rules.max_total(tablic.Rules(target=1000)) == 1000 - 1 + 100 * 49


def test_the_highest_total_follows_the_target() -> None:
    # tied totals play on past the target (T-D7), up to the bound; unequal ones ended the match
    rules = tablic.Rules(target=30)
    tablic.State.from_position(**TABLIC_POSITION, rules=rules, totals=(4929, 4929))
    with pytest.raises(tablic.PositionError):
        tablic.State.from_position(**TABLIC_POSITION, rules=rules, totals=(4930, 4930))


@pytest.mark.parametrize(
    ("field", "value"),
    [("deal_number", HUGE), ("tablas", [HUGE, 0]), ("totals", [0, HUGE])],
    ids=short_id,
)
def test_a_tablic_record_with_a_huge_number_is_refused_when_read(field: str, value: Any) -> None:
    """Such a record loaded, then failed when drawn, printed or replayed."""
    record = tablic.State.from_position(**TABLIC_POSITION).to_record()
    record["start"]["position"][field] = value
    kept = copy.deepcopy(record)
    for read in (cardwidgets.from_record, tablic.from_record):
        with pytest.raises(RecordError) as err:
            read(record)
        refused_in_both_languages(err.value, f"'{field}'")
    assert record == kept


# -- Pazaak positions and records ------------------------------------------------------------------

PAZAAK_POSITION: dict[str, Any] = {"hands": ["+2 -3", "+1"], "deck": [9, 6, 8], "seed": 7}


def pazaak_record(**position: Any) -> dict[str, Any]:
    record = pazaak.State.from_position(**PAZAAK_POSITION).to_record()
    record["start"]["position"].update(position)
    return record


@pytest.mark.parametrize("set_number", [HUGE, 1001, 0], ids=short_id)
def test_a_pazaak_set_number_beyond_the_bound_is_refused(set_number: int) -> None:
    record = pazaak_record(set_number=set_number)
    with pytest.raises(RecordError) as err:
        cardwidgets.from_record(record)
    english, german = refused_in_both_languages(err.value)
    assert "the set number must be a whole number from 1 to 1,000, not" in english
    assert "die Satznummer muss eine ganze Zahl von 1 bis 1.000 sein" in german


@pytest.mark.parametrize("where", ["hands", "used"])
def test_Z_S5_a_pazaak_record_with_thousands_of_side_cards_is_refused(where: str) -> None:
    """A player holding 5,000 side cards loaded; its scene was 2.5 MB on every
    update. Z-S5: four hand cards are drawn for the match, held or played."""
    cards_of_seat = {"hands": [["+1"] * 5000, ["+1"]], "used": [["+1"] * 5000, []]}
    record = pazaak_record(**{where: cards_of_seat[where]})
    with pytest.raises(RecordError) as err:
        cardwidgets.from_record(record)
    english, german = refused_in_both_languages(err.value)
    assert "Player 1 has 5,00" in english and "but draws only 4 for the match" in english
    assert "Spieler 1 hat 5.00" in german


def test_Z_S5_hand_and_used_cards_together_fit_the_hand_size() -> None:
    fits = {**PAZAAK_POSITION, "hands": ["+2 -3", "+1 +2"]}
    pazaak.State.from_position(**fits, used=(["+4", "-1"], ["+3"]))
    with pytest.raises(pazaak.PositionError) as err:
        pazaak.State.from_position(**fits, used=(["+4", "-1", "+5"], []))
    assert "Player 1 has 5 hand cards" in err.value.text("en")
    ten = pazaak.Rules(hand_size=10)
    pazaak.State.from_position(**{**PAZAAK_POSITION, "hands": ["+1 " * 10, ""]}, rules=ten)


@pytest.mark.parametrize("rules", [pazaak.Rules(), pazaak.Rules.kotor1()], ids=repr)
def test_Z_S3_a_pazaak_deck_of_more_than_forty_cards_is_refused(rules: pazaak.Rules) -> None:
    """Draws with replacement have no four-of-a-kind limit: the list's length is the bound."""
    with pytest.raises(pazaak.PositionError) as err:
        pazaak.State.from_position(**{**PAZAAK_POSITION, "deck": [5] * 5000}, rules=rules)
    english, german = refused_in_both_languages(err.value)
    assert "the deck lists 5,000 cards, but a main deck has only 40" in english
    assert "das Deck nennt 5.000 Karten" in german
    if rules.main_deck != "finite40":
        usable(pazaak.State.from_position(**{**PAZAAK_POSITION, "deck": [5] * 40}, rules=rules))


def test_a_pazaak_position_at_the_bounds_is_usable() -> None:
    usable(pazaak.State.from_position(**PAZAAK_POSITION, set_number=1000))


# -- seeds -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_number_seed_beyond_64_bits_is_refused(name: str) -> None:
    """``new_game(seed=10**5000)`` dealt (the seed is taken modulo 2**64), then its
    record could not be printed. A bigger seed deals nothing a 64-bit one does not."""
    module = GAMES[name]
    for seed in (HUGE, 2**64, -(2**64)):
        with pytest.raises(cards.SeedError) as err:
            module.new_game(seed=seed)
        english, _ = refused_in_both_languages(err.value)
        assert english.startswith("a whole-number seed must be from -18,446,744,073,709,551,615")
    for seed in (2**64 - 1, -(2**64 - 1)):
        usable(module.new_game(seed=seed))
    record = module.new_game(seed=1).to_record()
    record["start"]["seed"] = HUGE
    with pytest.raises(RecordError) as err:
        cardwidgets.from_record(record)
    refused_in_both_languages(err.value)


# -- every number of every record ----------------------------------------------------------------


def _records() -> list[dict[str, Any]]:
    """Records of set-up positions and of games under way, with every kind of number."""
    states: list[core.GameState[Any]] = [
        tablic.State.from_position(
            **TABLIC_POSITION, tablas=(1, 2), totals=(30, 40), deal_number=3, dealer=0
        ),
        pazaak.State.from_position(
            **PAZAAK_POSITION, tables=([10], [4]), sets_won=(1, 2), set_number=4
        ),
        panjpar.State.from_position(hands=["7♥ 7♣ 9♦", "9♥ 8♣"], stock="Q♥ J♦", trump="♦"),
    ]
    for module in GAMES.values():
        state = module.new_game(seed=5)
        for _ in range(6):
            state = state.play(state.legal_moves()[0])
        states.append(state)
    return [state.to_record() for state in states]


def _number_places(value: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The place of every whole number in a record (dict keys and list indices)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return [where]
    if not isinstance(value, (dict, list)):
        return []
    items = value.items() if isinstance(value, dict) else enumerate(value)
    return [place for key, item in items for place in _number_places(item, (*where, key))]


@pytest.mark.parametrize("record", _records(), ids=lambda r: f"{r['game']}")
def test_any_number_of_a_record_made_huge_is_refused_or_harmless(record: dict[str, Any]) -> None:
    """Every whole number a record carries, replaced by a huge or out-of-range one: the record
    is refused with a reason, or it loads into a state that prints, draws and replays."""
    places = _number_places(record)
    assert places  # a seed at least
    for place in places:
        for value in (HUGE, -HUGE, 2**64, 10**6):
            changed = copy.deepcopy(record)
            parent = changed
            for step in place[:-1]:
                parent = parent[step]
            parent[place[-1]] = value
            try:
                state = cardwidgets.from_record(changed)
            except RecordError as err:
                refused_in_both_languages(err)
            else:
                usable(state)
