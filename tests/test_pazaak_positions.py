"""Pazaak positions set up by hand play as the plain rules, however a move is written.

What this proves, for random *legal* positions made with the public
:meth:`pazaak.State.from_position` (what tutorials, lesson widgets and teachers use) under every
rule variant (finite or endless main deck, forced stand or winning fill, with or without gold
cards, 1 to 5 sets, hands of 0 to 10 cards):

1. ``from_position`` makes the position the plain rules (:class:`rules.PlainMatch`, started by
   :meth:`rules.PlainMatch.from_position` from the same fields) make: tables, totals, hands,
   used cards, standing, set score, the cards still to come, and the automatic draw.
2. Every move of a random continuation is played four ways: the listed object from
   ``legal_moves()``, its text ``str(move)``, ``Move.parse(str(move))`` and a new object
   from the public constructors (``PlayCard(SideCard(kind, size), sign)``, ``EndTurn()``,
   ``Stand()``). The four next states are the same position, hidden cards included.
3. Step by step the engine agrees with the plain rules: the legal moves in order, the next
   position, how each set and the match ended. Most continuations stop at the end of the set
   (or deal); every ``TO_MATCH_END``-th one goes on to the end of the match and also checks
   :func:`pazaak.playout` against the state API move for move.
4. Each continuation's record (``to_record()``, read back by ``pazaak.from_record``) gives the
   same position again.

The positions cover tables with main-deck and side cards (gold cards flipped and doubled),
standing flags, sets won and tied, totals near 20 and over (the player to move after his draw,
``draw=False``), explicit decks shorter than the set needs, used side cards, hands of 0 to 4
cards (and 10), and a hand card already played this turn.

Seeded and reproducible: ``POSITIONS`` positions (default 5,000; more with the environment
variable, e.g. ``CARDWIDGETS_POSITIONS=50000 uv run pytest -q tests/test_pazaak_positions.py``).
A failure prints the position's number, its record and the moves played from it.
"""

from __future__ import annotations

import itertools
import json
import os
import random
from collections import Counter
from typing import Any

import pytest

from cardwidgets.cards import Rng
from cardwidgets.core import Outcome
from cardwidgets.games import pazaak as pz
from cardwidgets.games.pazaak import _fast as fast
from cardwidgets.games.pazaak.rules import (
    FLIPS,
    FULL_DECK,
    MAX_CARDS,
    TARGET,
    PlainMatch,
    Rules,
    draw_next,
)
from cardwidgets.games.pazaak.sidecards import CODE

POSITIONS = int(os.environ.get("CARDWIDGETS_POSITIONS", "5000"))
"""How many random positions in all (shared evenly among the rule variants)."""
TO_MATCH_END = 8
"""Every this many-th continuation plays to the end of the match, the rest to the set end."""
VARIANTS = tuple(
    Rules(main_deck=deck, fill_table_wins=fill, gold_cards=gold)
    for deck, fill, gold in itertools.product(
        ("finite40", "uniform_with_replacement"), (False, True), (False, True)
    )
)
"""Every combination of the rule flags; sets_to_win and hand_size vary per position."""
SETS_TO_WIN = (1, 2, 3, 3, 5)
HAND_SIZES = (0, 1, 2, 3, 4, 4, 4, 10)


def _variant_id(rules: Rules) -> str:
    return f"{rules.main_deck[:4]}-fill{int(rules.fill_table_wins)}-gold{int(rules.gold_cards)}"


# -------------------------------------------------------------------------------------------
# random legal positions
# -------------------------------------------------------------------------------------------


class _Setup:
    """A set in progress, built turn by turn by the rules (Z-D5): the fields of a position.

    Each turn draws a main-deck card, may play one hand card (Z-S8) and may stand; a turn that
    would end the set (a bust, both standing, a winning fill) is taken back, so the set is
    still running when the position is handed to ``from_position``.
    """

    def __init__(self, rng: random.Random, rules: Rules) -> None:
        self.rng, self.rules = rng, rules
        pool = [c for c in pz.ALL_SIDE_CARDS if rules.gold_cards or not c.is_gold]
        size = rules.hand_size
        self.hands = [sorted((rng.choice(pool) for _ in range(size)), key=CODE) for _ in "ab"]
        self.sets = [rng.randrange(rules.sets_to_win) for _ in "ab"]
        self.set_number = sum(self.sets) + 1 + rng.choice((0, 0, 0, 1, 2))  # ties count
        self.used: list[list[pz.SideCard]] = [[], []]
        if self.set_number > 1:  # hand cards played in earlier sets
            for seat in (0, 1):
                for _ in range(rng.randrange(len(self.hands[seat]) + 1)):
                    self.used[seat].append(
                        self.hands[seat].pop(rng.randrange(len(self.hands[seat])))
                    )
        self.remaining = Counter(FULL_DECK)
        self.tables: list[list[tuple[int | pz.SideCard, int]]] = [[], []]
        self.standing = [False, False]
        self.starter = rng.randrange(2)
        self.played: pz.SideCard | None = None

    def snapshot(self) -> tuple[Any, ...]:
        return (
            [list(t) for t in self.tables],
            list(self.standing),
            [list(h) for h in self.hands],
            [list(u) for u in self.used],
            Counter(self.remaining),
            self.played,
        )

    def restore(self, saved: tuple[Any, ...]) -> None:
        self.tables, self.standing, self.hands, self.used, self.remaining, self.played = saved

    def main_card(self) -> int:
        if self.rules.main_deck != "finite40":
            return self.rng.randint(1, 10)
        card = self.rng.choice(list(self.remaining.elements()))
        self.remaining[card] -= 1
        return card

    def total(self, seat: int) -> int:
        return sum(v for _, v in self.tables[seat])

    def forced(self, seat: int) -> str | None:
        """``"end"`` if the table ends the set (fill, Z-D1; bust at 9 cards), ``"stand"`` if it
        forces a stand (Z-S12, Z-S13), else None."""
        count, total = len(self.tables[seat]), self.total(seat)
        if count >= MAX_CARDS and (total > TARGET or self.rules.fill_table_wins):
            return "end"
        if count >= MAX_CARDS or total == TARGET:
            return "stand"
        return None

    def play_hand_card(self, seat: int) -> pz.SideCard:
        """One random hand card with a random declared value, gold effects applied (Z-D9)."""
        hand = self.hands[seat]
        card = hand.pop(self.rng.randrange(len(hand)))
        table = self.tables[seat]
        value = self.rng.choice(list(card.options.values()))
        if card.kind in FLIPS:
            low, high = FLIPS[card.kind]
            table[:] = [(s, -v) if abs(v) in (low, high) else (s, v) for s, v in table]
        if card is pz.SideCard("D"):
            value = table[-1][1]
        table.append((card, value))
        self.used[seat].append(card)
        return card

    def turn(self, seat: int) -> bool:
        """One whole turn of ``seat``; False (and nothing changed) if it would end the set."""
        saved = self.snapshot()
        self.tables[seat].append((c := self.main_card(), c))
        forced = self.forced(seat)
        if forced is None and self.hands[seat] and self.rng.random() < 0.35:
            self.play_hand_card(seat)
            forced = self.forced(seat)
        if forced == "stand" or (forced is None and self.rng.random() < 0.25):
            self.standing[seat] = True
        if forced == "end" or self.total(seat) > TARGET or all(self.standing):
            self.restore(saved)
            return False
        return True

    def position(self) -> tuple[dict[str, Any], int, bool]:
        """The fields of a random position, the seat to move and whether he still draws."""
        rng = self.rng
        seat = self.starter
        for _ in range(rng.randrange(14)):
            if not self.turn(seat):
                break
            seat = seat if self.standing[1 - seat] else 1 - seat
        draw = rng.random() < 0.5
        if not draw:  # the mover has drawn; he may have played a hand card, may be over 20
            saved = self.snapshot()
            self.tables[seat].append((c := self.main_card(), c))
            if self.forced(seat) is not None:
                self.restore(saved)
                draw = True
            elif self.hands[seat] and rng.random() < 0.5:
                before = self.snapshot()
                self.played = self.play_hand_card(seat)
                if self.forced(seat) is not None:
                    self.restore(before)
        top = [self.main_card() for _ in range(rng.choice((0, 0, 1, 2, 3, 5, 8, 12)))]
        return self.fields(top, seat, draw), seat, draw

    def fields(self, top: list[int], seat: int, draw: bool) -> dict[str, Any]:
        """The position as ``from_position`` takes it, cards written in the ways it reads."""
        rng = self.rng
        hands: list[Any] = [[c.text for c in h] for h in self.hands]
        if rng.random() < 0.5:
            hands = [" ".join(h) for h in hands]
        return {
            "hands": hands,
            "deck": top if rng.random() < 0.7 else " ".join(map(str, top)),
            "tables": [[_written(p) for p in t] for t in self.tables],
            "to_move": seat,
            "standing": list(self.standing),
            "sets_won": list(self.sets),
            "set_number": self.set_number,
            "starter": self.starter,
            "used": [[c.text for c in u] for u in self.used],
            "draw": draw,
            "played_this_turn": None if self.played is None else self.played.text,
            "seed": rng.randrange(2**32) if rng.random() < 0.8 else f"lesson {rng.random()}",
        }


def _written(placed: tuple[int | pz.SideCard, int]) -> object:
    src, value = placed
    if isinstance(src, int):
        return src if src == value else (src, value)
    if src.options.get(None) == value and not src.is_gold:
        return src.text
    return (src.text, value)


def random_position(number: int) -> tuple[Rules, dict[str, Any], _Setup]:
    """Position ``number``: its rules (the variants in turn) and its fields."""
    rng = random.Random(number)
    base = VARIANTS[number % len(VARIANTS)]
    rules = Rules(
        main_deck=base.main_deck,
        fill_table_wins=base.fill_table_wins,
        gold_cards=base.gold_cards,
        sets_to_win=rng.choice(SETS_TO_WIN),
        hand_size=rng.choice(HAND_SIZES),
    )
    setup = _Setup(rng, rules)
    fields, _, _ = setup.position()
    return rules, fields, setup


# -------------------------------------------------------------------------------------------
# the plain reference and the comparisons
# -------------------------------------------------------------------------------------------


def plain_match(rules: Rules, fields: dict[str, Any], setup: _Setup) -> PlainMatch:
    """The same position started by the plain rules (the draws' key as from_position makes
    it: the first output of ``Rng(seed)``)."""
    top = [
        int(c)
        for c in (fields["deck"].split() if isinstance(fields["deck"], str) else fields["deck"])
    ]
    return PlainMatch.from_position(
        rules,
        setup.hands,
        setup.tables,
        (fields["to_move"], fields["starter"]),
        (fields["standing"][0], fields["standing"][1]),
        (fields["sets_won"][0], fields["sets_won"][1]),
        (top, Rng(fields["seed"]).next64()),
        played=setup.played is not None,
        draw=fields["draw"],
    )


def full(state: pz.State) -> tuple[object, ...]:
    """Everything a position holds, hidden cards included (the deck in draw order)."""
    return (
        state.placed,
        state.totals,
        state.standing,
        state.sets_won,
        state.hands,
        state.used,
        state.played_this_turn,
        state.to_move,
        state.set_number,
        state.starter,
        state.last_set,
        state.is_over,
        state.outcome,
        state.deck,
        state.legal_moves(),
    )


def as_plain(move: pz.Move) -> object:
    """An engine move as PlainMatch writes it: (card, sign), "end" or "stand"."""
    return (move.card, move.sign) if isinstance(move, pz.PlayCard) else str(move)


def made_anew(move: pz.Move) -> pz.Move:
    """The same move made by the public constructors from its fields (no copy)."""
    if isinstance(move, pz.PlayCard):
        return pz.PlayCard(pz.SideCard(move.card.kind, move.card.size), move.sign)
    return pz.Stand() if isinstance(move, pz.Stand) else pz.EndTurn()


def agree(state: pz.State, plain: PlainMatch, first_set: int) -> None:
    """The engine's position is the plain one."""
    assert state.to_move == plain.to_move
    assert state.placed == tuple(tuple(t) for t in plain.tables)
    assert state.totals == plain.totals
    assert state.standing == tuple(plain.standing)
    assert state.sets_won == tuple(plain.sets)
    assert state.hands == tuple(tuple(h) for h in plain.hands)
    assert (state.played_this_turn is not None) == plain.played
    assert [as_plain(m) for m in state.legal_moves()] == plain.moves()
    if plain.set_ends:
        assert state.last_set is not None and state.last_set[:2] == plain.set_ends[-1]
        assert state.last_set[2] == plain.last_tables
    else:
        assert state.last_set is None
    if not state.is_over:
        assert state.starter == plain.starter
        assert state.set_number == first_set + len(plain.set_ends)
    else:
        winner = 0 if plain.sets[0] > plain.sets[1] else 1
        assert state.outcome == Outcome(winner, (plain.sets[0], plain.sets[1]))


def plain_deck(plain: PlainMatch, count: int) -> tuple[int, ...]:
    """The next ``count`` main-deck cards the plain rules would draw in this set."""
    top, unseen, key = list(plain.top), list(plain.unseen), plain.key
    cards = []
    for _ in range(count):
        card, key = draw_next(top, unseen, key, plain.rules)
        cards.append(card)
    return tuple(cards)


def same_every_way(state: pz.State, move: pz.Move, after: pz.State) -> None:
    """The listed move, its text, its parsed text and a new object give the same position."""
    expected = full(after)
    text = str(move)
    for other in (text, pz.Move.parse(text), made_anew(move)):
        assert full(state.play(other)) == expected, f"{other!r} differs from the listed {move!r}"


def continue_to_the_end(number: int) -> None:
    """Position ``number``: made, continued at random, compared and read back."""
    rules, fields, setup = random_position(number)
    kwargs = dict(fields)
    if kwargs["set_number"] == sum(kwargs["sets_won"]) + 1 and number % 2:
        del kwargs["set_number"]  # the default: the set after those won
    state = pz.State.from_position(kwargs.pop("hands"), kwargs.pop("deck"), rules=rules, **kwargs)
    plain = plain_match(rules, fields, setup)
    first_set = state.set_number - len(plain.set_ends)
    played: list[str] = []
    try:
        agree(state, plain, first_set)
        # the cards to come, hidden: the explicit top, then the seeded draws (Z-D2, Z-D10)
        if plain.to_move is not None and state.set_number == first_set:
            assert state.deck == plain_deck(plain, len(state.deck))
        start, rng = state, random.Random(-number)
        # every variant has its share of whole matches (number % 8 picks the variant)
        to_match_end = number // len(VARIANTS) % TO_MATCH_END == 0
        while not state.is_over and (to_match_end or state.set_number == first_set):
            moves = state.legal_moves()
            i = rng.randrange(len(moves))
            after = state.play(moves[i])
            played.append(str(moves[i]))
            same_every_way(state, moves[i], after)
            plain.play(plain.moves()[i])
            agree(after, plain, first_set)
            state = after
        again = pz.from_record(json.loads(json.dumps(state.to_record())))
        assert full(again) == full(state)
        if to_match_end:
            choices = Rng(number)
            end = start
            while not end.is_over:
                end = end.play(end.random_move(choices))
            assert pz.playout(start, Rng(number)) == end.outcome
    except AssertionError as error:
        raise AssertionError(
            f"position {number} ({rules!r}):\n  from_position fields: {fields!r}\n"
            f"  moves played from it (the failure is at the last): {played}\n"
            f"  record of the position before the last move: {json.dumps(state.to_record())}\n"
            f"{error}"
        ) from error


# -------------------------------------------------------------------------------------------
# the tests
# -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", range(len(VARIANTS)), ids=[_variant_id(v) for v in VARIANTS])
def test_positions_play_as_the_plain_rules_however_a_move_is_written(variant: int) -> None:
    for number in range(variant, POSITIONS, len(VARIANTS)):  # the positions of this variant
        continue_to_the_end(number)


def test_the_generator_covers_what_it_promises() -> None:
    # the coverage the module docstring promises, counted over the first 2,000 positions
    seen: Counter[str] = Counter()
    count = min(POSITIONS, 2000)
    for number in range(count):
        rules, fields, setup = random_position(number)
        seen[_variant_id(rules)] += 1
        seen["draw=False"] += not fields["draw"]
        seen["played_this_turn"] += fields["played_this_turn"] is not None
        seen["over 20"] += any(setup.total(s) > TARGET for s in (0, 1))
        seen["near 20"] += any(17 <= setup.total(s) <= TARGET for s in (0, 1))
        seen["standing"] += any(fields["standing"])
        seen["sets won"] += any(fields["sets_won"])
        seen["used"] += any(fields["used"])
        seen["gold on a table"] += any(
            isinstance(s, pz.SideCard) and s.is_gold for t in setup.tables for s, _ in t
        )
        seen["empty hand"] += not setup.hands[fields["to_move"]]
        seen["top given"] += bool(fields["deck"])
    assert all(seen[_variant_id(v)] >= count // len(VARIANTS) for v in VARIANTS)
    for what in (
        "draw=False",
        "played_this_turn",
        "over 20",
        "near 20",
        "standing",
        "sets won",
        "used",
        "gold on a table",
        "empty hand",
        "top given",
    ):
        assert seen[what] >= count // 50, (what, seen)


def test_Z_S11_playout_stands_only_with_the_listed_stand() -> None:
    # fast.play_out tests `move is STAND`: it draws its moves only from these tuples, and
    # takes no policy, so no other Stand object can reach it
    assert fast.TAIL[1] is pz.STAND
    for hand in [(), *((c,) for c in pz.ALL_SIDE_CARDS)]:
        stands = [m for m in fast.hand_moves(hand) if isinstance(m, pz.Stand)]
        assert len(stands) == 1 and stands[0] is pz.STAND


# -------------------------------------------------------------------------------------------
# positions the rules forbid: from_position refuses them with the reason
# -------------------------------------------------------------------------------------------


def refusal(hands: object, tables: object, **more: Any) -> str:
    """The reason from_position gives for an impossible position."""
    with pytest.raises(pz.PositionError) as info:
        pz.State.from_position(hands, [5, 5, 5], tables, seed=1, **more)
    return str(info.value)


GOLD = Rules(gold_cards=True)


def test_Z_D5_the_player_to_move_has_drawn_unless_he_still_draws() -> None:
    # without his draw the Double was listed but refused: it copies the card placed before it
    why = refusal(["D", "-1"], ([], [3]), draw=False, rules=GOLD)
    assert "Player 1 is to move with draw=False but has no card on his table" in why
    state = pz.State.from_position(["D", "-1"], [5], ([4], [3]), draw=False, rules=GOLD, seed=1)
    assert state.play(state.legal_moves()[0]).totals == (8, 3)


def test_Z_D5_a_table_starts_with_a_main_card_and_has_one_hand_card_per_turn() -> None:
    assert "table must start with a main-deck card" in refusal(["-1", "-1"], (["+3", 5], [3]))
    assert "Player 1's table" in refusal(["-1", "-1"], ([5, "+3", "+2"], [3]))
    assert "Player 2's table" in refusal(["-1", "-1"], ([5], [3, "-1", "-1"]))
    state = pz.State.from_position(["-1", "+1"], [5], ([5, "+3", 4, "+2"], [3]), seed=1)
    assert state.totals == (14 + 5, 3)


def test_Z_S11_a_standing_player_has_drawn() -> None:
    why = refusal(["-1", "-1"], ([], [3]), standing=(True, False), to_move=1)
    assert "Player 1 stands without a card on his table" in why
    state = pz.State.from_position(["-1", "+1"], [5], ([2], [3]), standing=(True, False), to_move=1)
    assert state.totals == (2, 8) and state.to_move == 1


def test_Z_D1_nine_cards_would_have_won_the_set_under_fill_table_wins() -> None:
    nine = ([1, 1, 1, 1, 2, 2, 2, 2, 3], [3])
    why = refusal(["-1", "-1"], nine, standing=(True, False), to_move=1, rules=Rules.kotor1())
    assert "Player 1 has nine cards on his table" in why and "fill_table_wins" in why
    state = pz.State.from_position(
        ["-1", "+1"], [5], nine, standing=(True, False), to_move=1, seed=1
    )
    assert state.totals == (15, 8)  # the seed rules: nine cards only stand (Z-S12)


def test_Z_S8_the_card_played_this_turn_lies_last_on_the_movers_table() -> None:
    why = refusal(["-1", "-1"], ([5], [3]), draw=False, played_this_turn="+2")
    assert "+2 was played this turn, so it must be the last card on the table of Player 1" in why
    state = pz.State.from_position(
        ["-1", "+1"], [5], ([5, "+2"], [3]), draw=False, played_this_turn="+2", seed=1
    )
    assert [str(m) for m in state.legal_moves()] == ["end", "stand"]


def test_Z_S16_the_set_number_counts_every_set_played() -> None:
    why = refusal(["-1", "-1"], ([], []), sets_won=(2, 2), set_number=4)
    assert "set 4 cannot follow 4 won sets" in why
    state = pz.State.from_position(["-1", "+1"], [5], sets_won=(2, 2), set_number=6, seed=1)
    assert state.set_number == 6  # a tied set was played too
    state = pz.State.from_position(["-1", "+1"], [5], sets_won=(2, 2), seed=1)
    assert state.set_number == 5  # not given: the set after those won


def test_Z_D9_table_values_come_from_what_was_played_and_later_flips() -> None:
    kotor2 = Rules.kotor2()
    for table in (
        [(4, -4)],  # a main-deck card turned without a Flip
        [4, ("+2", -2)],  # a plus card worth minus
        [4, ("2&4", 0), (4, -4)],  # a Flip turns only the cards placed before it
        [6, ("D", 5)],  # a Double copies the card placed just before it
        [(2, -2), ("3&6", 0)],  # a 3&6 does not turn a 2
    ):
        why = refusal(["-1", "-1"], (table, [3]), rules=kotor2)
        assert "Player 1's table cannot have these values" in why, table
    for table, total in (
        ([(4, -4), ("+2", -2), 1, ("2&4", 0)], -5),
        ([4, "+2", 3, ("2&4", 0), (2, -2), ("2&4", 0)], 7),  # 4 and +2 flipped twice
        ([(6, -6), ("D", -6), (3, -3), ("±3", -3), 1, ("3&6", 0)], -17),  # ±3 played as +3
        ([5, ("D", 5), 1, ("±1T", -1)], 10),
    ):
        state = pz.State.from_position(["-1", "-1"], [5], (table, [3]), rules=kotor2, seed=1)
        assert state.totals[0] == total + 5, table  # and the 5 drawn


def test_Z_S5_the_hand_cards_on_the_tables_were_used() -> None:
    why = refusal(["-1", "-1"], ([5, "+2"], [3]), used=((), ()))
    assert "+2 lies on the table of Player 1, so it must be among his used cards" in why
    state = pz.State.from_position(["-1", "-1"], [5], ([5, "+2"], [3]), seed=1)
    assert state.used == ((pz.SideCard("+2"),), ())  # not given: the cards on the tables
    given = pz.State.from_position(
        ["-1", "-1"], [5], ([5, "+2"], [3]), used=(["±4", "+2"], []), seed=1
    )
    assert given.used == ((pz.SideCard("±4"), pz.SideCard("+2")), ())
