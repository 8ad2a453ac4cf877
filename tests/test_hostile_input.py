"""Random and hostile input at every public entry point of the engines gets a reason, never a
bare Python error, and loses nothing.

For card text, move text, ``play()`` with any object, ``new_game``/``from_position`` arguments
and records (dicts and JSON text), each property asserts:

* only the project's documented errors escape (``CardError``, ``IllegalMove``, ``RecordError``,
  ``PositionError``, ``SeatError``, ``SeedError``, ``RuleError``: all ``TranslatedError``), never
  a ``KeyError``, ``TypeError``, ``AttributeError``, ``IndexError`` or ``RecursionError``;
* the state (or the record given) is unchanged;
* the reason reads fully in German when asked for in German (``language.assert_german``).

The lab's claims are fuzzed in ``test_lab_failures.py``, the command line in ``test_cli.py``.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from language import assert_german, english_words

import cardwidgets
from cardwidgets import IllegalMove, RecordError, cards, core, i18n, panjpar, pazaak, tablic
from cardwidgets.i18n import TranslatedError

GAMES: dict[str, ModuleType] = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}
FORBIDDEN = (KeyError, TypeError, AttributeError, IndexError, RecursionError)


class HostileFailure(RuntimeError):
    """What a :class:`Hostile` object raises. Iterating over it fails by its own error, which
    may rightly propagate: the engines must not swallow a foreign object's own failure."""


class Hostile:
    """An object whose special methods fail: str, bool, iteration, len. (Equality, hashing and
    repr stay: Hypothesis needs them to draw and report the object; :class:`NoRepr` is
    tested without Hypothesis.)"""

    def __repr__(self) -> str:
        return "Hostile()"

    def __str__(self) -> str:
        raise HostileFailure("no str")

    def __bool__(self) -> bool:
        raise HostileFailure("no bool")

    def __iter__(self) -> Iterator[Any]:
        raise HostileFailure("no iter")

    def __len__(self) -> int:
        raise HostileFailure("no len")


def _played(module: ModuleType, seed: int, plies: int) -> Any:
    state = module.new_game(seed=seed)
    rng = cards.Rng(seed)
    for _ in range(plies):
        if state.is_over:
            break
        moves = state.legal_moves()
        state = state.play(moves[rng.below(len(moves))])
    return state


def _finished(module: ModuleType, seed: int) -> Any:
    return _played(module, seed, 100_000)


STATES: dict[str, list[Any]] = {
    "tablic": [
        tablic.new_game(seed=1),
        _played(tablic, 2, 15),
        tablic.State.from_position(table="3♠ 5♥ 2♦ 6♣", hands=("8♦ K♠", "9♥ 4♣"), stock="2♠ 7♣"),
        tablic.State.from_position(
            table="A♣ 10♥",
            hands=("A♦", "5♠"),
            rules=tablic.Rules(capture_must_be_maximal=True),
        ),
        _played(tablic, 3, 200),
    ],
    "panjpar": [
        panjpar.new_game(seed=2),
        _played(panjpar, 3, 1),
        _played(panjpar, 4, 12),
        panjpar.State.from_position(
            hands=["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦", trump="♦"
        ),
        _finished(panjpar, 5),
    ],
    "pazaak": [
        pazaak.new_game(seed=3),
        _played(pazaak, 4, 9),
        pazaak.State.from_position(
            hands=["+2 -3 ±4 -1", "+1 -1 +3 -5"], deck=[9, 6, 8], tables=([10], [4]), seed=7
        ),
        pazaak.new_game(seed=6, rules=pazaak.Rules.kotor2()),
        _finished(pazaak, 7),
    ],
}
"""Positions of every kind: fresh, mid-game, set up by hand, with variant rules, finished."""

ANY_STATE = st.sampled_from([(name, s) for name, states in STATES.items() for s in states])

FOREIGN_MOVES: list[Any] = [
    tablic.Move("8♦"),
    tablic.Move("8♦", "3♠ 5♥"),
    panjpar.Attack("7♥"),
    panjpar.Defend({}),
    panjpar.Defend({"7♥": "9♥"}),
    pazaak.END_TURN,
    pazaak.STAND,
    pazaak.PlayCard("+3"),
    pazaak.PlayCard("±4", -1),
    core.Move(),
]
MOVES_OF_OTHER_STATES: list[Any] = [
    move for states in STATES.values() for s in states for move in s.legal_moves()[:4]
]

ODD_OBJECTS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.just(7 * 10**5000),
    st.text(max_size=20),
    st.binary(max_size=6),
    st.lists(st.integers(0, 60), max_size=3),
    st.tuples(st.text(max_size=4), st.integers()),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    st.sets(st.sampled_from(cards.DECK), max_size=2),
    st.sampled_from(cards.DECK),
    st.sampled_from([object(), Hostile(), type, len, pazaak.SideCard("+3"), cards.Suit.HEARTS]),
    st.sampled_from(FOREIGN_MOVES),
    st.sampled_from(MOVES_OF_OTHER_STATES),
)
"""Anything a learner might hand to ``play()``: values of every type, moves of other games and
moves of other positions of the same game."""

WORDS = [
    *(c.text for c in cards.DECK[::3]),
    *("8D", "td", "♦10", "10 of diamonds", "Karo Zehn", "11♦", "1♠", "ZZ"),
    *("x", "×", "takes", "trail", "lay", "+", ","),
    *("attack", "throw", "kill", "beat", "with", "pick up", "take", ";"),
    *("play", "spiele", "as", "als", "end", "stand", "pass", "halten"),
    *("+3", "-2", "±4", "+-6", "±1/2", "1±2", "D", "±1T", "2&4", "3&6", "+7", "±0", "-"),
    *("0", "9", "-4", "+", "−3", "99999999999999999999", "", " ", "\n", "{}", "{0}", "%s"),
]
MOVE_TEXT = st.one_of(
    st.lists(st.sampled_from(WORDS), max_size=7).map(" ".join),
    st.text(max_size=30),
)
"""Move and card text: near-misses built from the notations' own words, and random text."""


def snapshot(state: Any) -> tuple[Any, ...]:
    """Everything a caller can read from a state (to check it did not change)."""
    return (
        state.to_json(),
        repr(state),
        [str(m) for m in state.legal_moves()],
        json.dumps(state.view(None), sort_keys=True, ensure_ascii=False),
        json.dumps(state.view(0), sort_keys=True, ensure_ascii=False),
    )


def echoes(value: object) -> list[str]:
    """The ways a sentence may quote ``value`` (removed before the German check)."""
    found = [i18n.shown(value), i18n.shown(value)[1:-1]]
    if isinstance(value, str):
        found += [value, value.strip(), value[:59]]
        found += value.split()
    return found


def nested(err: TranslatedError) -> Iterator[TranslatedError]:
    """``err`` and every reason inside it."""
    yield err
    for value in err.params.values():
        if isinstance(value, TranslatedError):
            yield from nested(value)


def check_refusal(err: BaseException, *typed: object) -> None:
    """A refusal is a project error whose German sentence is all German."""
    if isinstance(err, HostileFailure) and str(err.args[0]) in ("no iter", "no len"):
        return  # a hostile iterable failed by itself while being read (its own error)
    assert not isinstance(err, FORBIDDEN) or isinstance(err, TranslatedError), repr(err)
    assert isinstance(err, TranslatedError), f"{type(err).__name__}: {err}"
    assert err.text("en") and err.text("de")
    words = [e for value in typed for e in echoes(value)]
    assert_german(err.text("de"), *words)


def attempt(action: Callable[[], Any], *typed: object) -> Any:
    """Run ``action``; a raised error must be a proper refusal. Returns the result or None."""
    try:
        return action()
    except Exception as err:  # every escape is inspected, not just the expected ones
        check_refusal(err, *typed)
        return err


# -- the German check itself -------------------------------------------------------------------


def test_the_german_check_finds_english_fragments_and_spares_quotes_and_echoes() -> None:
    assert english_words("Zug 1 ist ungültig: the card is not in hand") == ["the", "is", "not"]
    assert english_words("das Feld 'must be' fehlt") == []
    assert english_words("nicht the one", "the one") == []
    assert english_words("ein Protokoll muss ein JSON-Objekt sein, nicht list") == []


# -- cards ---------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.one_of(MOVE_TEXT, ODD_OBJECTS))
def test_card_text_is_a_card_or_a_card_error(text: Any) -> None:
    for read in (cards.parse, cards.to_card, cards.Card):
        found = attempt(lambda read=read: read(text), text)
        assert isinstance(found, (cards.Card, cards.CardError)), found
    for read_many in (cards.parse_many, cards.to_cards):
        found = attempt(lambda read_many=read_many: read_many(text), text)
        assert isinstance(found, (tuple, cards.CardError, HostileFailure)), found


@settings(max_examples=150, deadline=None)
@given(ODD_OBJECTS | MOVE_TEXT, ODD_OBJECTS | MOVE_TEXT)
def test_a_card_from_rank_and_suit_is_a_card_or_a_card_error(rank: Any, suit: Any) -> None:
    found = attempt(lambda: cards.Card(rank, suit), rank, suit)
    assert isinstance(found, (cards.Card, cards.CardError))


@settings(max_examples=150, deadline=None)
@given(ODD_OBJECTS | MOVE_TEXT, ODD_OBJECTS | MOVE_TEXT)
def test_capture_helpers_take_any_card_and_table(card: Any, table: Any) -> None:
    for helper in (tablic.capture_options, tablic.count_captures, tablic.maximal_captures):
        attempt(lambda helper=helper: helper(card, table), card, table)
    attempt(lambda: tablic.capture_groups(card, table), card, table)
    attempt(lambda: panjpar.is_valid_attack(table), table)
    attempt(lambda: pazaak.SideCard.parse(card), card)


# -- moves -----------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ANY_STATE, MOVE_TEXT)
def test_move_text_is_played_or_refused_with_a_reason(named: tuple[str, Any], text: str) -> None:
    name, state = named
    before = snapshot(state)
    parsed = attempt(lambda: GAMES[name].Move.parse(text), text)
    assert isinstance(parsed, (GAMES[name].Move, IllegalMove)), parsed
    after = attempt(lambda: state.play(text), text)
    if isinstance(after, core.GameState):
        assert after.parent is state and after.last_move in state.legal_moves()
    else:
        assert isinstance(after, IllegalMove)
    assert snapshot(state) == before


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ANY_STATE, ODD_OBJECTS)
def test_play_takes_any_object_and_refuses_what_is_no_legal_move(
    named: tuple[str, Any], move: Any
) -> None:
    """``panjpar.new_game(seed=2).play(None)`` raised AttributeError."""
    _, state = named
    before = snapshot(state)
    after = attempt(lambda: state.play(move), move)
    if isinstance(after, core.GameState):
        # Only a legal move of this very position may be played.
        assert str(after.last_move) in {str(m) for m in state.legal_moves()}
    else:
        assert isinstance(after, IllegalMove), repr(after)
    assert snapshot(state) == before


@settings(max_examples=100, deadline=None)
@given(ANY_STATE, ODD_OBJECTS)
def test_play_for_a_seat_checks_the_seat(named: tuple[str, Any], seat: Any) -> None:
    name, state = named
    if name == "tablic" or state.is_over:
        return  # Tablić's play takes no seat; a finished game refuses every move first
    before = snapshot(state)
    move = state.legal_moves()[0]
    after = attempt(lambda: state.play(move, seat=seat), seat)
    if not isinstance(after, core.GameState):
        assert isinstance(after, (IllegalMove, core.SeatError)), repr(after)
    assert snapshot(state) == before


class NoRepr:
    def __repr__(self) -> str:
        raise HostileFailure("no repr")


@pytest.mark.parametrize("name", GAMES)
def test_an_object_that_cannot_even_be_printed_is_refused_with_a_reason(name: str) -> None:
    for state in STATES[name]:
        with pytest.raises(IllegalMove) as err:
            state.play(NoRepr())
        assert err.value.text("de") in (
            "<NoRepr> ist kein Zug dieses Spiels",
            "das Spiel ist vorbei: es sind keine Züge mehr möglich",
        )
    assert i18n.shown(NoRepr()) == "<NoRepr>"


@pytest.mark.parametrize("name", GAMES)
def test_none_is_no_move_in_any_game(name: str) -> None:
    state = GAMES[name].new_game(seed=2)
    with pytest.raises(IllegalMove) as err:
        state.play(None)
    assert err.value.text("en") == "None is not a move of this game"
    assert err.value.text("de") == "None ist kein Zug dieses Spiels"
    if name == "panjpar":
        defending = state.play(state.legal_moves()[0])  # the defender's turn ("kills")
        with pytest.raises(IllegalMove):
            defending.play(None)


# -- setting up games --------------------------------------------------------------------------


RULES_OF = {name: module.Rules() for name, module in GAMES.items()}


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(list(GAMES)),
    ODD_OBJECTS | st.sampled_from(list(RULES_OF.values())),
    ODD_OBJECTS,
)
def test_new_game_checks_its_seed_and_rules(name: str, rules: Any, seed: Any) -> None:
    """Seeds checked in one place with one error; rules of another game are
    refused, not silently used."""
    module = GAMES[name]
    found = attempt(lambda: module.new_game(seed=seed, rules=rules), seed, rules)
    if isinstance(found, core.GameState):
        assert seed is None or (isinstance(seed, (int, str)) and not isinstance(seed, bool))
        assert isinstance(rules, module.Rules) or rules is None
        assert found.rules == (rules or module.Rules())
    elif isinstance(rules, module.Rules) or rules is None:
        assert isinstance(found, cards.SeedError) and isinstance(found, TypeError)
    else:
        assert isinstance(found, (core.RuleError, cards.SeedError))


@pytest.mark.parametrize("name", GAMES)
def test_rules_of_another_game_are_refused(name: str) -> None:
    other = next(module.Rules() for key, module in GAMES.items() if key != name)
    with pytest.raises(core.RuleError) as err:
        GAMES[name].new_game(seed=1, rules=other)
    assert err.value.text("en").startswith(f"rules must be {name}.Rules (the rules of this game)")
    assert err.value.text("de").startswith(f"die Regeln müssen {name}.Rules sein")


def test_every_seed_check_is_the_same_one() -> None:
    """Five places checked seeds with five different errors; now one check, one sentence."""
    calls: list[Callable[[], Any]] = [
        lambda: tablic.new_game(seed=1.5),
        lambda: tablic.State.from_position(table="", hands=("8♦", ""), seed=1.5),
        lambda: panjpar.new_game(seed=1.5),
        lambda: pazaak.new_game(seed=1.5),
        lambda: pazaak.State.from_position(hands=["+1", "+2"], deck=[5], seed=1.5),
        lambda: cards.Rng(1.5),  # type: ignore[arg-type]
        lambda: cards.shuffled(cards.DECK, 1.5),  # type: ignore[arg-type]
        lambda: cardwidgets.bots.RandomPlayer(1.5),
        lambda: cardwidgets.lab.simulate("panjpar", games=1, seed=1.5),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(cards.SeedError) as err:
            call()
        assert err.value.text("en") == "a seed must be a whole number or a text, not 1.5"
        assert (
            err.value.text("de")
            == "ein Startwert muss eine ganze Zahl oder ein Text sein, nicht 1.5"
        )


POSITION_ARGUMENTS = {
    "tablic": ("table", "hands", "stock", "to_move", "dealer", "piles", "tablas", "totals"),
    "panjpar": ("hands", "stock", "trump", "attacker", "attack", "discard", "known"),
    "pazaak": ("hands", "deck", "tables", "to_move", "standing", "sets_won", "set_number"),
}
GOOD_POSITIONS: dict[str, dict[str, Any]] = {
    "tablic": {"table": "3♠ 5♥", "hands": ("8♦", "9♥"), "stock": "2♠ 7♣"},
    "panjpar": {"hands": ["7♥ 7♣ 9♦", "9♥ 8♣"], "stock": "Q♥ J♦", "trump": "♦"},
    "pazaak": {"hands": ["+2 -3", "+1"], "deck": [9, 6, 8], "tables": ([10], [4])},
}


@settings(max_examples=200, deadline=None)
@given(st.data(), st.sampled_from(list(GAMES)))
def test_from_position_explains_every_bad_argument(data: st.DataObject, name: str) -> None:
    arguments = dict(GOOD_POSITIONS[name])
    field = data.draw(st.sampled_from(POSITION_ARGUMENTS[name]))
    value = data.draw(ODD_OBJECTS | MOVE_TEXT | st.lists(ODD_OBJECTS, max_size=3))
    arguments[field] = value
    found = attempt(lambda: GAMES[name].State.from_position(**arguments), value)
    assert isinstance(found, (core.GameState, TranslatedError, HostileFailure))


# -- records -------------------------------------------------------------------------------------


# Text without lower-case ASCII letters, so no English word can come from the input itself and
# the German check needs no echoes (values are quoted in many shapes inside a record).
SAFE_TEXT = st.text(st.characters(blacklist_characters="abcdefghijklmnopqrstuvwxyz"), max_size=8)
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | SAFE_TEXT
    | st.sampled_from(["♦", "8♦", "+3", "red", "seed", "tablic", "position"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(SAFE_TEXT, inner, max_size=4),
    max_leaves=12,
)
RECORDS = [s.to_record() for states in STATES.values() for s in states]


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a record (dict keys and list indices), outermost first."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


@st.composite
def tampered(draw: st.DrawFn) -> dict[str, Any]:
    """A real record with one place replaced, removed or added to."""
    record = copy.deepcopy(draw(st.sampled_from(RECORDS)))
    where = draw(st.sampled_from(list(paths(record))[1:]))
    parent = record
    for step in where[:-1]:
        parent = parent[step]
    last = where[-1]
    how = draw(st.sampled_from(["replace", "remove", "add"]))
    if how == "replace":
        parent[last] = draw(JSON)
    elif how == "remove":
        del parent[last]
    elif isinstance(parent, dict):
        parent[draw(SAFE_TEXT)] = draw(JSON)
    else:
        parent.append(draw(JSON))
    return record


def check_record_refusal(err: BaseException) -> None:
    check_refusal(err)
    assert isinstance(err, RecordError), repr(err)
    # The catch-all for unforeseen errors was not needed: each reason is a specific one.
    assert all(e.key != "record.unreadable" for e in nested(err)), (err, err.__cause__)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tampered())
def test_a_tampered_record_replays_or_names_what_is_wrong(record: dict[str, Any]) -> None:
    kept = copy.deepcopy(record)
    for read in (cardwidgets.from_record, GAMES.get(str(record.get("game")), tablic).from_record):
        try:
            state = read(record)
        except Exception as err:
            check_record_refusal(err)
        else:
            assert isinstance(state, core.GameState)
            assert state.to_record()["moves"] == [str(m) for m in state.history]
    assert record == kept, "reading a record changed it"
    text = json.dumps(record)
    try:
        cardwidgets.from_record(text)
    except Exception as err:
        check_record_refusal(err)


@settings(max_examples=200, deadline=None)
@given(st.one_of(JSON, SAFE_TEXT, JSON.map(json.dumps), ODD_OBJECTS))
def test_any_json_or_object_is_a_record_or_a_record_error(value: Any) -> None:
    try:
        cardwidgets.from_record(value)
    except Exception as err:
        check_record_refusal(err)


@pytest.mark.parametrize(
    ("text", "english", "german"),
    [
        ("[" * 100_000, "nested too deeply", "zu tief verschachtelt"),
        ('{"a":' * 100_000, "nested too deeply", "zu tief verschachtelt"),
        (
            "1" * 5000,
            "a number with more than 4,300 digits",
            "eine Zahl mit mehr als 4.300 Ziffern",
        ),
        (
            '{"schema": 1, "game": "tablic", "start": {"seed": ' + "9" * 5000 + "}}",
            "digits",
            "Ziffern",
        ),
        ("{'schema': 1}", "not valid JSON: it breaks at line 1, column 2", "Zeile 1, Spalte 2"),
    ],
)
def test_json_too_deep_or_too_big_is_a_record_error(text: str, english: str, german: str) -> None:
    """These raised a bare RecursionError or Python's int-digits ValueError."""
    for read in (cardwidgets.from_record, tablic.from_record, pazaak.State.from_record):
        with pytest.raises(RecordError) as err:
            read(text)
        assert english in err.value.text("en")
        assert german in err.value.text("de")
        assert "set_int_max_str_digits" not in err.value.text("en")


def test_a_record_with_a_lone_surrogate_seed_replays() -> None:
    record = tablic.new_game(seed="\ud800").to_record()
    assert cardwidgets.from_record(json.dumps(record)).hands == tablic.new_game(seed="\ud800").hands


# -- records are fresh copies --------------------------------------------------


def clear_every_list(value: Any) -> None:
    if isinstance(value, dict):
        for item in value.values():
            clear_every_list(item)
        value.clear()
    elif isinstance(value, list):
        for item in value:
            clear_every_list(item)
        value.clear()


@pytest.mark.parametrize("state", [s for states in STATES.values() for s in states], ids=repr)
def test_a_returned_record_shares_nothing_with_the_state(state: Any) -> None:
    """Clearing ``record["start"]["position"]["stock"]`` changed the state."""
    expected = json.dumps(state.to_record(), sort_keys=True)
    clear_every_list(state.to_record())  # every dict and list of a record, emptied
    assert json.dumps(state.to_record(), sort_keys=True) == expected
    assert json.dumps(state.root.to_record(), sort_keys=True) == json.dumps(
        state.root.to_record(), sort_keys=True
    )


def test_the_reported_position_records_are_fresh() -> None:
    t = tablic.State.from_position(table="3♠", hands=("8♦", "9♥"), stock="2♠ 7♣")
    t.to_record()["start"]["position"]["stock"].clear()
    assert t.to_record()["start"]["position"]["stock"] == ["2♠", "7♣"]
    z = pazaak.State.from_position(hands=["+2 -3", "+1"], deck=[9, 6, 8], seed=7)
    record = z.to_record()
    record["start"]["position"]["deck"].clear()
    record["start"]["position"]["hands"][0].clear()
    again = z.to_record()["start"]["position"]
    assert again["deck"] == [9, 6, 8] and again["hands"][0] == ["+2", "-3"]
