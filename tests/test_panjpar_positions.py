"""Panjpar from any position: the engine against the plain rules, and every way of saying a move.

What this proves, on seeded random *legal* positions set up with the public
``State.from_position`` (hands of every size from 0 to 18, a stock of 0 to 42 cards, any trump
given as a suit or as the indicator card, either attacker, an attack of 1, 3 or 5 cards on the
table with the defender to move, a discard of set-aside pairs, cards each player saw go into
the other's hand; all 52 cards accounted for), under every rule variant (``pickup`` x
``hand_size``):

* ``from_position`` accepts the position and holds exactly what it was given, as the plain
  :class:`~cardwidgets.games.panjpar.rules.Table` (the end of P-D7 included);
* then, move by move to the end of the game (every ``FULL_GAME_EVERY``-th position; the others
  play ``BATTLES`` battle), the legal moves equal the plain rules' (``rules.legal_attacks``,
  ``rules.legal_defences``; where they are too many to try plainly, about 1 move in 10,
  the move played is checked by the plain rules instead) and the next position equals the
  plain ``rules.after_attack`` / ``rules.after_defence`` (hands, stock, discard order, known
  cards, next attacker, result);
* every move is played five ways: the object ``random_move`` drew, the equal object of
  ``legal_moves()``, its text, ``Move.parse`` of the text, and a new ``Attack``/``Defend``
  built from its fields; the five next states are equal (every time the whole position,
  hidden cards included, and the move played; on a share of the moves also the teacher's
  view and each seat's view as JSON);
* every position reached is set up again by ``from_position`` from its public fields, and the
  record (``to_json()`` then ``games.from_record``) gives back the same position.

A failure prints the position (the arguments of ``from_position`` as JSON), the rules and the
moves played from it: ``State.from_position(rules=Rules(**rules), **position)`` and ``play``
of each move reproduce it.

Count: ``CARDWIDGETS_POSITIONS`` positions (default 5,000, split over the four rule variants);
run more with ``CARDWIDGETS_POSITIONS=50000 uv run pytest -q tests/test_panjpar_positions.py``.
The seeds are fixed, so a run is reproducible; a bigger count plays further seeds.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import os
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from cardwidgets import cards, games
from cardwidgets.cards import Card, Suit
from cardwidgets.games.panjpar import Attack, Defend, Kills, Move, Rules, State, rules
from cardwidgets.games.panjpar.rules import Table

POSITIONS = int(os.environ.get("CARDWIDGETS_POSITIONS", "5000"))
RULE_SETS = [
    Rules(pickup=pickup, hand_size=size)
    for pickup, size in itertools.product(Rules.choices["pickup"], Rules.choices["hand_size"])
]
FULL_GAME_EVERY = 20
"""Every 20th position is played to the end of the game; the others ``BATTLES`` battles."""
BATTLES = 1
ATTACK_LIMIT = 400
DEFENCE_LIMIT = 300
"""The plain listings try every combination: above this many candidates (attack combinations,
382 for a hand of 10; defence choices, the product over the attack cards of 1 + its beaters
in hand) the plain rules judge only the move played (tests/test_panjpar_props.py compares
bigger listings)."""


def ids(flags: Rules) -> str:
    return f"{flags.pickup}-{flags.hand_size}"


# -- the generator of legal positions ----------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Setup:
    """A random position: the ``from_position`` arguments as JSON, and the plain table."""

    position: dict[str, Any]
    table: Table


def _beats(killer: Card, attacked: Card, trump: Suit) -> bool:
    """rules.beats on Card values only, by card index (rank * 4 + suit order): the generator
    calls it thousands of times. A test below proves it equal to rules.beats."""
    k, a, t = killer.index, attacked.index, trump.order
    if a & 3 == t:
        return k & 3 == t and k > a
    return k & 3 == t or (k & 3 == a & 3 and k > a)


def _hand_sizes(rng: random.Random, stock: int, hand_size: int) -> tuple[int, int]:
    """(attacker, defender) hand sizes at the start of a battle. While the stock lasts both
    hold at least ``hand_size`` (P-S17), more after picking up; after it, anything."""
    if stock:
        return tuple(  # type: ignore[return-value]
            hand_size + (0 if rng.random() < 0.6 else rng.randint(1, 8)) for _ in range(2)
        )
    small = rng.random() < 0.6  # the end game is mostly small hands
    return rng.randint(0, 6 if small else 18), rng.randint(0, 6 if small else 18)


def _attack_cards(rng: random.Random, pool: list[Card], size: int) -> list[Card] | None:
    """A valid attack of ``size`` cards from ``pool`` (P-D3): a random shape, ranks, suits."""
    shape = rng.choice([s for s in rules.VALID_SHAPES if sum(s) == size])
    by_rank: dict[int, list[Card]] = {}
    for card in pool:
        by_rank.setdefault(card.rank, []).append(card)
    ranks = list(by_rank)
    rng.shuffle(ranks)
    chosen: list[Card] = []
    for count in shape:
        rank = next((r for r in ranks if len(by_rank[r]) >= count), None)
        if rank is None:
            return None
        ranks.remove(rank)
        chosen += rng.sample(by_rank[rank], count)
    return chosen


def _discard_pairs(rng: random.Random, pool: list[Card], pairs: int, trump: Suit) -> list[Card]:
    """``pairs`` set-aside pairs, each attack card with a killer that beats it (P-S13), top
    first: each killer lies on its attack card. Empty list if the pool cannot give them."""
    pile: list[Card] = []
    for _ in range(pairs):
        killer, attacked = rng.choice(pool), rng.choice(pool)
        if not _beats(killer, attacked, trump):  # a random pair mostly fails: list the choices
            killer = rng.choice(pool)
            victims = [c for c in pool if _beats(killer, c, trump)]
            if not victims:
                killer = next((k for k in pool if any(_beats(k, c, trump) for c in pool)), killer)
                victims = [c for c in pool if _beats(killer, c, trump)]
                if not victims:
                    return []
            attacked = rng.choice(victims)
        pool.remove(killer)
        pool.remove(attacked)
        pile += (killer, attacked)
    return pile


def _texts(rng: random.Random, hand: list[Card]) -> list[str] | str:
    """A hand as ``from_position`` takes it: a list of card texts or one text, any order."""
    shown = [c.ascii if rng.random() < 0.3 else str(c) for c in rng.sample(hand, len(hand))]
    return " ".join(shown) if rng.random() < 0.5 else shown


def random_position(rng: random.Random, flags: Rules) -> Setup:
    """A random legal position in which all 52 cards are somewhere (see the module text)."""
    while True:
        found = _try_position(rng, flags)
        if found is not None:
            return found


def _try_position(rng: random.Random, flags: Rules) -> Setup | None:
    deck = list(cards.DECK)
    rng.shuffle(deck)
    indicator = deck.pop()
    trump = indicator.suit
    stock_count = 0 if rng.random() < 0.45 else rng.randint(1, 52 - 2 * flags.hand_size)
    before, held_d = _hand_sizes(rng, stock_count, flags.hand_size)
    sizes = [n for n in rules.allowed_attack_sizes(held_d) if n <= before]  # P-D4
    thrown = rng.choice(sizes) if sizes and rng.random() < 0.5 else 0
    held_a = before - thrown
    in_play = held_a + held_d + stock_count + thrown
    if (52 - in_play) % 2:  # the discard holds pairs: one more card for the defender
        held_d += 1
        in_play += 1
    if in_play > 52:
        return None
    if stock_count == 0:
        deck.append(indicator)  # drawn: it may be anywhere
    attack = _attack_cards(rng, deck, thrown) if thrown else []
    if attack is None:
        return None
    pool = [c for c in deck if c not in attack]
    discard = _discard_pairs(rng, pool, (52 - in_play) // 2, trump)
    if len(discard) != 52 - in_play:
        return None
    rng.shuffle(pool)
    stock = pool[: max(stock_count - 1, 0)] + ([indicator] if stock_count else [])
    rest = pool[max(stock_count - 1, 0) :]
    attacker = rng.randrange(2)
    by_seat = [rest[:held_a], rest[held_a:]] if attacker == 0 else [rest[held_a:], rest[:held_a]]
    known = [[c for c in hand if rng.random() < 0.2] for hand in by_seat]
    as_card = rng.random() < 0.5
    trump_arg = str(indicator) if as_card else rng.choice([trump.value, trump.letter])
    position = {
        "hands": [_texts(rng, by_seat[0]), _texts(rng, by_seat[1])],
        "stock": [str(c) for c in stock],
        "trump": trump_arg,
        "attacker": attacker,
        "attack": _texts(rng, attack),
        "discard": [str(c) for c in discard],
        "known": [[str(c) for c in k] for k in known],
    }
    if stock_count == 0 and trump_arg == str(indicator):
        for seat in (0, 1):  # the drawn indicator, named as the trump, is public (P-S21)
            if indicator in by_seat[seat] and indicator not in known[seat]:
                known[seat].append(indicator)
    hands = (tuple(sorted(by_seat[0])), tuple(sorted(by_seat[1])))
    table = Table(
        hands,
        tuple(stock),
        trump,
        attacker,
        tuple(sorted(attack)),
        tuple(discard),
        (tuple(sorted(known[0])), tuple(sorted(known[1]))),
        None if attack else rules.game_result(hands, stock),  # P-D7
    )
    return Setup(position, table)


# -- comparing ---------------------------------------------------------------------------------


def table_of(state: State) -> Table:
    """The engine's position as the plain table."""
    return Table(
        state.hands,
        state.stock,
        state.trump,
        state.attacker,
        state.attack,
        state.discard,
        state.known,
        state.outcome,
    )


def snapshot(state: State) -> tuple[object, ...]:
    """Everything a state shows: the teacher's view (hands, stock, discard, known, result),
    each seat's view, the move that led here and the rules."""
    return (
        state.view(None, teacher=True).to_json(),
        state.view(0).to_json(),
        state.view(1).to_json(),
        str(state.last_move),
        state.rules,
        state.ply,
    )


def teacher(state: State) -> dict[str, Any]:
    """The teacher's view as JSON: everything on the table, hidden cards included."""
    return state.view(None, teacher=True).to_json()


def key(state: State) -> tuple[object, ...]:
    """The whole position, cheaper than :func:`snapshot`: the plain table and the rest."""
    return (
        table_of(state),
        state.to_move,
        state.is_over,
        state.trump_card,
        str(state.last_move),
        state.rules,
    )


def position_of(state: State) -> dict[str, Any]:
    """The ``from_position`` arguments that set ``state`` up again, from its public fields."""
    return {
        "hands": [[str(c) for c in h] for h in state.hands],
        "stock": [str(c) for c in state.stock],
        "trump": str(state.trump_card) if state.trump_card else state.trump.value,
        "attacker": state.attacker,
        "attack": [str(c) for c in state.attack],
        "discard": [str(c) for c in state.discard],
        "known": [[str(c) for c in k] for k in state.known],
    }


class Trail:
    """Where a check failed: the starting position, the rules and the moves played since."""

    def __init__(self, setup: Setup, flags: Rules) -> None:
        self.position = setup.position
        self.flags = flags
        self.moves: list[str] = []
        self.plainly_listed = False

    def __str__(self) -> str:
        return (
            f"\nrules: {self.flags.to_dict()}"
            f"\nposition: {json.dumps(self.position, ensure_ascii=False)}"
            f"\nmoves: {json.dumps(self.moves, ensure_ascii=False)}"
        )


def new_object(move: Move, rng: random.Random) -> Move:
    """The move made anew from its fields with the public constructors (never copied), in
    one of several spellings: cards or card texts, any order, kills as Kills, dict or pairs,
    with or without the pick-up."""
    style = rng.randrange(3)
    if isinstance(move, Attack):
        shuffled = rng.sample(move.cards, len(move.cards))
        if style == 0:
            return Attack(tuple(shuffled))
        return Attack(" ".join(c.ascii if style == 1 else str(c) for c in shuffled))
    assert isinstance(move, Defend)
    pairs = [(a, k) for a, k in move.kills.pairs]
    if style == 0:
        return Defend(Kills(pairs))
    pickup = [str(c) for c in move.pickup or ()]
    if style == 1:
        return Defend({str(a): str(k) for a, k in pairs}, pickup=" ".join(pickup))
    return Defend(list(reversed(pairs)), pickup=tuple(move.pickup or ()))


def play_every_way(
    state: State, move: Move, listed: Move | None, rng: random.Random, trail: Trail
) -> State:
    """Play ``move`` (the object ``random_move`` drew), ``listed`` (the equal listed object;
    the drawn one again when the list is too long to make), its text, the parsed text and a
    new object (one way of the last three also with ``seat=``, as widgets play); all must
    give the same state: the same :func:`key` every time, and for one of them, now and then,
    the same teacher's view or the same :func:`snapshot` (all views)."""
    text = str(move)
    parsed = Move.parse(text)
    assert listed is not None and parsed == move == listed, trail
    made = new_object(move, rng)
    child = state.play(move)
    expected = key(child)
    ways: list[tuple[str, Move | str]] = [
        ("listed", listed),
        ("text", text),
        ("parsed", parsed),
        ("new object", made),
    ]
    viewed = rng.choice(ways)[0]
    seated = rng.choice(ways[1:])[0]
    for name, way in ways:
        other = state.play(way, seat=state.to_move) if name == seated else state.play(way)
        assert key(other) == expected, f"played as {name}: {way!r}{trail}"
        assert other.last_move == move and other.parent is state, f"{name}{trail}"
        if name == viewed:  # views cost as much as the rest, and show what key() holds
            draw = rng.random()
            if draw < 0.05:
                assert snapshot(other) == snapshot(child), f"views, played as {name}{trail}"
            elif draw < 0.3:
                assert teacher(other) == teacher(child), f"teacher's view, as {name}{trail}"
    return child


def check_plain_moves(state: State, table: Table, flags: Rules, trail: Trail) -> list[Move]:
    """The engine's legal moves, checked to be the plain rules' (unless too many to list
    plainly: then the caller checks the move played, and gets no list if it is long)."""
    mover = table.to_move()
    assert mover is not None
    hand = table.hands[mover]
    if table.attack:
        options = 1
        for attacked in table.attack:
            options *= 1 + sum(1 for k in hand if _beats(k, attacked, table.trump))
        if options > DEFENCE_LIMIT:
            return state.legal_moves() if state.legal_moves_count() <= DEFENCE_LIMIT else []
        listed = state.legal_moves()
        plain = rules.legal_defences(table.attack, hand, table.trump, flags.pickup)
        engine = {frozenset(m.kills.pairs) for m in listed if isinstance(m, Defend)}
    else:
        listed = state.legal_moves()
        if sum(math.comb(len(hand), n) for n in (1, 3, 5)) > ATTACK_LIMIT:
            return listed
        defender = len(table.hands[1 - mover])
        plain = {frozenset(a) for a in rules.legal_attacks(hand, defender)}
        engine = {frozenset(m.cards) for m in listed if isinstance(m, Attack)}
    assert engine == plain, (
        f"legal moves: engine only {engine - plain}, plain only {plain - engine}{trail}"
    )
    assert len(listed) == len(plain) == state.legal_moves_count(), trail
    trail.plainly_listed = True
    return listed


def check_move_is_plainly_legal(move: Move, table: Table, flags: Rules, trail: Trail) -> None:
    """For positions with too many moves to list plainly: the move played is legal."""
    mover = table.to_move()
    assert mover is not None
    if isinstance(move, Attack):
        defender = len(table.hands[1 - mover])
        assert set(move.cards) <= set(table.hands[mover]), trail
        assert len(move.cards) in rules.allowed_attack_sizes(defender), trail
        assert rules.is_valid_attack(move.cards), trail
    else:
        assert isinstance(move, Defend)
        assert rules.is_legal_defence(
            table.attack, move.kills.pairs, table.hands[mover], table.trump, flags.pickup
        ), trail


def check_set_up_again(state: State, trail: Trail) -> None:
    """from_position takes the reached position back, and the record replays to it."""
    again = State.from_position(rules=state.rules, **position_of(state))
    assert table_of(again) == table_of(state), f"from_position of the reached position{trail}"
    check_record(state, trail)


def check_record(state: State, trail: Trail) -> None:
    """The record (JSON text, read by games.from_record) replays to the same position."""
    replayed = games.from_record(state.to_json())
    assert isinstance(replayed, State)
    assert key(replayed) == key(state), f"record round trip{trail}"


def play_position(setup: Setup, flags: Rules, rng: random.Random, full: bool) -> Counter[str]:
    """Set up ``setup`` and play it on, checking every step; returns what was seen. An error
    of the engine (a refusal, a crash) is reported with the position and the moves too."""
    trail = Trail(setup, flags)
    try:
        return _play_position(setup, flags, rng, full, trail)
    except AssertionError:
        raise
    except Exception as err:
        raise AssertionError(f"{type(err).__name__}: {err}{trail}") from err


def _play_position(
    setup: Setup, flags: Rules, rng: random.Random, full: bool, trail: Trail
) -> Counter[str]:
    seen: Counter[str] = Counter()
    state = State.from_position(rules=flags, **setup.position)
    table = setup.table
    assert table_of(state) == table, f"from_position holds another position{trail}"
    assert state.to_move == table.to_move() and state.is_over is (table.outcome is not None)
    battles = 0
    while not state.is_over and (full or battles < BATTLES):
        trail.plainly_listed = False
        listed = check_plain_moves(state, table, flags, trail)
        seen["plain listed" if trail.plainly_listed else "too many"] += 1
        move = state.random_move(cards.Rng(rng.getrandbits(64)))
        same = next((m for m in listed if m == move), None) if listed else move
        if not trail.plainly_listed:  # else it is among the plain moves already
            check_move_is_plainly_legal(move, table, flags, trail)
        trail.moves.append(str(move))
        state = play_every_way(state, move, same, rng, trail)
        if isinstance(move, Attack):
            table = rules.after_attack(table, move.cards)
        else:
            table = rules.after_defence(table, move.kills.pairs, flags.hand_size)
            battles += 1
        assert table_of(state) == table, f"next position: engine {table_of(state)}{trail}"
        assert state.to_move == table.to_move(), trail
        if rng.random() < 0.1:
            again = State.from_position(rules=state.rules, **position_of(state))
            assert table_of(again) == table, f"from_position of the reached position{trail}"
    check_set_up_again(state, trail)  # the record replays from the position set up
    seen["plies"] += len(trail.moves)
    seen["games ended"] += state.is_over
    return seen


def describe(setup: Setup) -> Iterator[str]:
    """What a position covers, for the coverage check."""
    table = setup.table
    yield "stock empty" if not table.stock else "stock"
    yield f"attack {len(table.attack)}"
    yield "over" if table.outcome else "running"
    yield f"known {bool(table.known[0] or table.known[1])}"
    yield f"discard {bool(table.discard)}"
    yield f"trump as card {setup.position['trump'] in {str(c) for c in cards.DECK}}"
    for hand in table.hands:
        yield f"hand {len(hand)}"


def test_the_generators_beating_is_the_plain_rule() -> None:
    for trump, killer, attacked in itertools.product(Suit, cards.DECK, cards.DECK):
        assert _beats(killer, attacked, trump) is rules.beats(killer, attacked, trump)


COVERED = (
    "stock empty",
    "stock",
    "attack 0",
    "attack 1",
    "attack 3",
    "attack 5",
    "over",
    "running",
    "known True",
    "discard True",
    "discard False",
    "trump as card True",
    "trump as card False",
)
"""What :func:`describe` must have seen among the positions of each rule variant."""


@pytest.mark.parametrize("flags", RULE_SETS, ids=ids)
def test_random_positions_play_by_the_plain_rules_every_way(flags: Rules) -> None:
    rng = random.Random(f"panjpar positions {ids(flags)}")
    count = POSITIONS // len(RULE_SETS)
    covered: Counter[str] = Counter()
    for number in range(count):
        setup = random_position(rng, flags)
        covered.update(describe(setup))
        covered.update(play_position(setup, flags, rng, full=number % FULL_GAME_EVERY == 0))
    if count >= 1000:  # the generator reached what it promises (at the default count)
        assert all(covered[kind] for kind in COVERED), covered
        assert all(covered[f"hand {n}"] for n in range(19)), covered
        assert covered["games ended"] >= count // FULL_GAME_EVERY
        assert covered["plain listed"] > 5 * covered["too many"], covered
