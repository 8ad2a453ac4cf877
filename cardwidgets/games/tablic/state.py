"""A Tablić match as a value: :class:`State`, with every deal until someone wins (T-D7).

A state is a value: :meth:`State.play` returns a new state whose ``parent`` is the old one.
Cards in hands, on the table and in piles are bitmasks; the legal moves are kept as ints
(``captured mask << 6 | card index``), so :meth:`State.play` accepts a listed move by an int
comparison; the table's arrival order is worked out from the parents only when asked. One
State is the whole match (T-S2, T-D7): when a deal ends, its score is added and the next deal
is shuffled from the match seed and the deal number, with the dealer alternating (T-S3).

This room is the only one that sets a state's fields, so everything that does is here, in
this order: construction (new matches, given positions, codes, records), full information,
moves (:meth:`State.legal_moves`, :meth:`State.random_move`, :meth:`State.check`,
:meth:`State.play`, :meth:`State.scores_tabla`), what players see and the descriptions, and
a deal's life (dealt, its rounds, scored, the next deal or the end); then :func:`playout`,
which reads a state's fields into :func:`._fast.play_out`. Checking a given position is
:mod:`.position`'s, the rules on ints are :mod:`._fast`'s.

Trade-off: :meth:`State.legal_moves` and :meth:`State.play` are the hot path of self-play
and are written for speed (the fast engine's loop inlined, every field copied in place, no
helper call per move); the rest is plain code, run once a round or on request.

>>> state = new_game(seed=1)
>>> state.to_move, len(state.table), [len(h) for h in state.hands]
(0, 4, [6, 6])
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar, NamedTuple

from cardwidgets import cards, core, i18n
from cardwidgets.cards import DECK, Card, CardLike
from cardwidgets.core import IllegalMove, Outcome
from cardwidgets.games.tablic._fast import (
    PLANS,
    PLAYED,
    POSITION,
    REACH,
    UNIT,
    UNRANK_ABOVE,
    UP_TO,
    containing,
    expand_partial,
    hand_options,
    plans_of,
    play_out,
    points_of_mask,
    profile_of,
    random_hand_option,
    reach_of,
    search_of,
)
from cardwidgets.games.tablic.captures import count_captures
from cardwidgets.games.tablic.codes import position_code, read_code
from cardwidgets.games.tablic.deck import deal_hands, shuffled_deck
from cardwidgets.games.tablic.moves import SET_CARD, SET_MASK, TRAILS, Move, new_move
from cardwidgets.games.tablic.position import Position, check_position, check_rules, check_start
from cardwidgets.games.tablic.rules import (
    DealResult,
    Rules,
    breakdown,
    is_tabla,
    leftovers_taker,
    match_over,
    winner,
)
from cardwidgets.games.tablic.view import LastMove, Pile, TablicView
from cardwidgets.games.tablic.words import player

__all__ = ["Playout", "State", "describe_deal", "from_record", "new_game", "playout"]

new_object = object.__new__


class State(core.GameState[Move]):
    """A position in a Tablić match (all deals until someone reaches the target, T-D7).

    Full-information attributes: :attr:`table` (arrival order), :attr:`hands`, :attr:`piles`,
    :attr:`tablas` (this deal), :attr:`totals` (finished deals), :attr:`dealer`,
    :attr:`stock` (top first), :attr:`deal_number`, :attr:`last_capturer`. What a player may
    see is :meth:`view`.
    """

    game: ClassVar[str] = "tablic"

    # Slots: play() makes one object per move and copies these fields one by one. The rarely
    # set _start, _outcome and _last_tabla live in the instance dict (from the base class),
    # with class-level defaults, so most states never make one.
    __slots__ = (
        "_bottom",
        "_hand0",
        "_hand1",
        "_keys",
        "_last_seat",
        "_pile0",
        "_pile1",
        "_ply",
        "_profile",
        "_reach",
        "_stock",
        "_table",
        "_table_bits",
        "_to_move",
        "deal_number",
        "deal_results",
        "dealer",
        "last_capturer",
        "last_move",
        "parent",
        "rules",
        "seed",
        "tablas",
        "totals",
    )

    rules: Rules
    parent: State | None
    last_move: Move | None
    seed: int | str
    dealer: int
    deal_number: int
    tablas: tuple[int, int]
    totals: tuple[int, int]
    last_capturer: int | None
    deal_results: tuple[DealResult, ...]
    """Every finished deal of the match, oldest first."""

    _to_move: int | None
    _hand0: int
    _hand1: int
    _table: tuple[Card, ...] | None
    """The table in arrival order; None until asked for (see :meth:`_table_cards`)."""
    _table_bits: int
    _profile: int
    """The table's packed count per value (see the capture search)."""
    _reach: int | None
    """:func:`reach_of` of the table once known: play() works it out after a trail."""
    _stock: tuple[Card, ...]
    _pile0: int
    _pile1: int
    _bottom: Card | None
    _last_seat: int | None
    _keys: list[int] | None
    """The legal moves as ints (captured mask << 6 | card index), once listed."""
    _start: dict[str, object] | None = None
    _outcome: Outcome | None = None
    _last_tabla: bool = False

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def _blank(cls, rules: Rules, seed: int | str) -> State:
        state = object.__new__(cls)
        state.rules = rules
        state.seed = seed
        state.parent = None
        state.last_move = None
        state._ply = 0
        state.deal_results = ()
        state._last_seat = None
        state._keys = None
        state._reach = None
        return state

    @property
    def _hands(self) -> tuple[int, int]:
        return (self._hand0, self._hand1)

    @property
    def _piles(self) -> tuple[int, int]:
        return (self._pile0, self._pile1)

    def _table_cards(self) -> tuple[Card, ...]:
        """The table in arrival order. play() leaves it to be worked out on first use
        (self-play never asks): a table card stays until captured and never comes back, so
        the table is the cards still there of the last known table, in order, then the cards
        trailed since then that are still there, in the order they were trailed."""
        table = self._table
        if table is not None:
            return table
        bits = self._table_bits
        left = bits.bit_count()  # table cards not yet found among the trailed ones
        trailed: list[Card] = []
        state: State = self
        while state._table is None:
            if not left:
                # Every table card was trailed since: none of an older table is left, so the
                # walk can stop here (at a deal's end it would otherwise go back 48 moves).
                trailed.reverse()
                table = self._table = tuple(trailed)
                return table
            move = state.last_move
            assert move is not None and state.parent is not None  # made by play()
            if not move.mask and bits >> move.card.index & 1:
                trailed.append(move.card)
                left -= 1
            state = state.parent
        trailed.reverse()
        table = self._table = (*(c for c in state._table if bits >> c.index & 1), *trailed)
        return table

    @classmethod
    def new(
        cls, seed: int | str | None = None, rules: Rules | None = None, dealer: int = 1
    ) -> State:
        """A new match; see :func:`new_game`."""
        rules = check_rules(rules)
        seed = cards.fresh_seed() if seed is None else cards.check_seed(seed)
        dealer = core.check_seat(dealer)
        state = cls._blank(rules, seed)
        state.totals = (0, 0)
        state._begin_deal(1, dealer)
        state._start = {"seed": seed, "dealer": dealer}
        return state

    @classmethod
    def from_position(
        cls,
        table: Iterable[CardLike] | str,
        hands: Sequence[Iterable[CardLike] | str],
        stock: Iterable[CardLike] | str = (),
        to_move: int = 0,
        dealer: int = 1,
        rules: Rules | None = None,
        *,
        piles: Sequence[Iterable[CardLike] | str] = ((), ()),
        tablas: Sequence[int] = (0, 0),
        totals: Sequence[int] = (0, 0),
        deal_number: int = 1,
        last_capturer: int | None = None,
        seed: int | str | None = None,
        shown: CardLike | None = None,
    ) -> State:
        """Set up any position (lessons, tests). Cards as Card objects or text; stock top first.

        ``seed`` fixes the shuffles of the later deals of the match (fresh if None). The bottom
        card of ``stock`` is public, as after a real deal (T-D8). If both hands are empty, the
        next round is dealt from ``stock`` at once.

        >>> s = State.from_position(table="A♣ 10♥", hands=("A♦", "5♠"), to_move=0)
        >>> [str(m) for m in s.legal_moves()]
        ['A♦', 'A♦ x 10♥ A♣', 'A♦ x A♣']
        """
        rules = check_rules(rules)
        seed = cards.fresh_seed() if seed is None else cards.check_seed(seed)
        position = check_position(
            rules,
            table,
            hands,
            stock,
            to_move,
            dealer,
            piles,
            tablas,
            totals,
            deal_number,
            last_capturer,
            shown,
        )
        state = cls._blank(rules, seed)
        state._set_position(position)
        # The position as given, kept before both hands out go on at once: _after_turn() may
        # end the deal, which changes the dealer, deal number, totals, tablas and last
        # capturer, and a record starting from those would score the deal twice (T-D6, T-D7;
        # issue 21).
        state._start = {"position": position.record(), "seed": seed}
        if not state._hand0 and not state._hand1:
            state._after_turn()
        return state

    def _set_position(self, position: Position) -> None:
        """Fill in the fields of a checked position (the state is being made)."""
        self.dealer, self.deal_number = position.dealer, position.deal_number
        self.tablas, self.totals = position.tablas, position.totals
        self.last_capturer = position.last_capturer
        self._table = position.table
        self._table_bits = cards.mask(position.table)
        self._profile = profile_of(self._table_bits)
        self._stock = stock = position.stock
        # The bottom card is public, as after a deal (T-D8); once dealt, the shown card.
        shown = position.shown
        self._bottom = shown if shown is not None else stock[-1] if stock else None
        self._hand0, self._hand1 = cards.mask(position.hands[0]), cards.mask(position.hands[1])
        self._pile0, self._pile1 = cards.mask(position.piles[0]), cards.mask(position.piles[1])
        self._to_move = position.to_move

    # -- position codes --------------------------------------------------------------------
    def code(self, seat: int | None = None) -> str:
        """The position as one line of text (like chess's FEN): everything, or with ``seat``
        only what that seat sees. See :mod:`cardwidgets.games.tablic.codes` for the fields.

        >>> new_game(seed=1).code(1).split()[:3]
        ['T1', '4H2DJS7D', '6?|2S5S9HJHQHAS']
        """
        return position_code(self, seat)

    @classmethod
    def from_code(
        cls, text: str, seed: int | str | None = None, *, rules: Rules | None = None
    ) -> State:
        """The position of a code from :meth:`code`; a seat's code gets the cards that seat
        cannot see dealt from ``seed`` (fresh if None), which also fixes the later deals.
        The rules are not in the code: give them if they are not the seed rules."""
        seed = cards.fresh_seed() if seed is None else cards.check_seed(seed)
        return cls.from_position(rules=rules, **read_code(text, seed, rules))

    # -- records ---------------------------------------------------------------------------
    def _start_record(self) -> dict[str, object]:
        assert self._start is not None
        return {k: (dict(v) if isinstance(v, dict) else v) for k, v in self._start.items()}

    @classmethod
    def _from_start(cls, start: Mapping[str, object], rules: core.Rules) -> State:
        assert isinstance(rules, Rules)
        seed, dealer, position = check_start(start)
        if position is None:
            return cls.new(seed, rules, dealer)
        return cls.from_position(rules=rules, seed=seed, **position)

    @classmethod
    def _rules_from_dict(cls, data: Mapping[str, object]) -> Rules:
        return Rules.from_dict(data)

    # -- full information --------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat to play (0 or 1), or None when the match is over."""
        return self._to_move

    @property
    def table(self) -> tuple[Card, ...]:
        """The face-up table cards, in the order they arrived."""
        return self._table_cards()

    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Each seat's cards (full information), in card order."""
        return (cards.from_mask(self._hand0), cards.from_mask(self._hand1))

    @property
    def piles(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Each seat's captured cards in this deal (at the end: with the leftovers)."""
        return (cards.from_mask(self._pile0), cards.from_mask(self._pile1))

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, top first (full information; a view shows only their number)."""
        return self._stock

    @property
    def stock_bottom(self) -> Card | None:
        """The bottom stock card, shown to both players at the deal (T-D8), while in the stock."""
        return self._stock[-1] if self._stock and self._stock[-1] is self._bottom else None

    @property
    def round(self) -> int:
        """The round of the deal (1–4): four rounds of six cards each (T-S2)."""
        return max(1, 4 - (len(self._stock) + 11) // 12)

    @property
    def is_over(self) -> bool:
        """Whether the match is over (T-D7)."""
        return self._to_move is None

    @property
    def outcome(self) -> Outcome | None:
        """The winner and the final totals, or None while the match runs."""
        return self._outcome

    def revealed(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Cards in each hand that both players know: the public bottom card once dealt."""
        bottom = self._bottom
        if bottom is None:
            return ((), ())
        bit = bottom.bit
        return ((bottom,) if self._hand0 & bit else (), (bottom,) if self._hand1 & bit else ())

    # -- moves -----------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move: for each hand card (card order) the trail, then its captures
        (bigger first)."""
        keys = self._keys
        if keys is not None:
            trails = TRAILS
            return [trails[key] if key < 64 else new_move(key) for key in keys]
        seat = self._to_move
        if seat is None:
            self._keys = []
            return []
        # hand_options() and new_move() inlined: the keys and the moves in one pass.
        hand = self._hand1 if seat else self._hand0
        table = self._table_bits
        profile = self._profile
        reach = self._reach
        if reach is None:
            reach = self._reach = REACH.get(profile) or reach_of(profile)
        maximal = self.rules.capture_must_be_maximal
        cache = PLANS[maximal]
        keys = []
        moves: list[Move] = []
        add_key = keys.append
        add_move = moves.append
        while hand:
            low = hand & -hand
            hand ^= low
            index = low.bit_length() - 1
            add_key(index)
            add_move(TRAILS[index])
            v = PLAYED[index]
            if not reach >> v & 1:
                continue  # no table cards add up to v (also when the table is empty)
            # The plans of the legal captures of value v (T-D1-T-D4; only the maximal ones,
            # T-D1a, with capture_must_be_maximal): ints take whole values of the table.
            plans = cache[v].get(profile & UP_TO[v])
            if plans is None:
                plans = plans_of(v, profile, maximal)
            card = DECK[index]
            for plan in plans:
                if isinstance(plan, int):
                    captured = table & plan
                    add_key(captured << 6 | index)
                    move = new_object(Move)
                    SET_CARD(move, card)
                    SET_MASK(move, captured)
                    add_move(move)
                else:
                    for captured in expand_partial(plan, table):
                        add_key(captured << 6 | index)
                        move = new_object(Move)
                        SET_CARD(move, card)
                        SET_MASK(move, captured)
                        add_move(move)
        self._keys = keys
        return moves

    def scores_tabla(self, move: Move | str) -> bool:
        """Whether playing ``move`` here scores a tabla (T-S13, T-D5): a capture that takes
        every table card, unless it is made with the deal's last card and the rules do not
        count that one (``final_card_tabla``). The rule itself is :func:`.rules.is_tabla`;
        a widget asks this before the move is played (to mark a suggested capture).
        Raises :class:`IllegalMove` if ``move`` is not legal here.

        >>> s = State.from_position(table="3♠ 5♥", hands=("8♦ K♠", "9♥"), stock="")
        >>> s.scores_tabla("8♦ x 3♠ 5♥"), s.scores_tabla("8♦")
        (True, False)
        >>> last = State.from_position(table="3♠ 5♥", hands=("8♦", ""))
        >>> last.scores_tabla("8♦ x 3♠ 5♥")  # the deal's last card (T-D5)
        False
        """
        move = self.check(move)
        if not move.mask:
            return False
        left = (self._hand0 | self._hand1).bit_count() - 1 + len(self._stock)
        return is_tabla(cards.from_mask(self._table_bits & ~move.mask), left, self.rules)

    def legal_moves_count(self) -> int:
        """How many legal moves there are, counted without listing crowded tables' captures."""
        if self._to_move is None:
            return 0
        total = 0
        table = self.table
        for card in cards.from_mask(self._hands[self._to_move]):
            total += 1 + (count_captures(card, table, self.rules) if table else 0)
        return total

    def random_move(self, rng: cards.Rng | random.Random) -> Move:
        """A move chosen uniformly among :meth:`legal_moves` (each with the same probability).

        Exactly ``legal_moves()[rng.below(len(legal_moves()))]`` (the same rng draw, the same
        move; also :func:`playout`'s choice), made faster: the moves are listed as ints only
        (no Move objects but the drawn one), or on a crowded table counted and the drawn one
        unranked, without listing them. Raises :class:`IllegalMove` once the match is over.

        >>> state = State.from_position(table="3♠ 5♥ 2♦ 6♣", hands=("8♦ K♠", "9♥ 4♣"))
        >>> str(state.random_move(cards.Rng(3)))
        '8♦ x 3♠ 5♥'
        >>> state.random_move(cards.Rng(3)) == state.legal_moves()[cards.Rng(3).below(6)]
        True

        ``rng`` may also be a standard-library ``random.Random`` (its ``randrange`` draws the
        index, see :func:`cards.as_rng`); any other object raises :class:`cards.RngError`.

        >>> import random
        >>> moves = state.legal_moves()
        >>> state.random_move(random.Random(1)) == moves[random.Random(1).randrange(len(moves))]
        True
        """
        if rng.__class__ is not cards.Rng:  # the benchmarked path pays one class test only
            rng = cards.as_rng(rng)
        seat = self._to_move
        if seat is None:
            raise IllegalMove("move.game_over")
        keys = self._keys
        if keys is None:
            hand = self._hand1 if seat else self._hand0
            table = self._table_bits
            profile = self._profile
            reach = self._reach
            if reach is None:
                reach = self._reach = REACH.get(profile) or reach_of(profile)
            maximal = self.rules.capture_must_be_maximal
            if table.bit_count() > UNRANK_ABOVE:
                return new_move(random_hand_option(hand, table, profile, reach, maximal, rng))
            # Kept, so that play() accepts the drawn move by an int comparison.
            keys = self._keys = hand_options(hand, table, profile, reach, maximal)
        return new_move(keys[rng.below(len(keys))])

    def check(self, move: Move | str) -> Move:
        """The move if it is legal here; else raise :class:`IllegalMove` saying why."""
        if self._to_move is None:
            raise IllegalMove("move.game_over")
        if not isinstance(move, Move):
            move = Move.parse(move)
        card = move.card
        if not (self._hand1 if self._to_move else self._hand0) >> card.index & 1:
            raise IllegalMove("tablic.not_in_hand", card=card)
        captured = move.mask
        if not captured:
            return move
        missing = captured & ~self._table_bits
        if missing:
            raise IllegalMove(
                "tablic.not_on_table", cards=cards.format_cards(cards.from_mask(missing))
            )
        v = PLAYED[card.index]
        taken = profile_of(captured)
        search = search_of(v, self._profile)
        if not taken & ~UP_TO[v] and search.contains(taken):
            bigger = search.bigger(taken) if self.rules.capture_must_be_maximal else None
            if bigger is None:
                return move
            shown = containing(self._table_bits, captured, bigger - taken)
            raise IllegalMove("tablic.not_maximal", card=card, bigger=shown)
        kings = [c for c in cards.from_mask(captured) if c.rank == 13]
        if v == 14 and len(kings) > 1:
            raise IllegalMove("tablic.king_rule", kings=cards.format_cards(kings))
        raise IllegalMove(
            "tablic.not_a_capture",
            card=card,
            value=v,
            captured=cards.format_cards(cards.from_mask(captured)),
        )

    def _checked(self, move: Move | str, seat: int | None) -> Move:
        if seat is not None and core.check_seat(seat) != self._to_move:
            if self._to_move is None:
                raise IllegalMove("move.game_over")
            raise IllegalMove("tablic.not_your_turn", player=self._to_move + 1, other=seat + 1)
        return self.check(move)

    def play(self, move: Move | str, *, seat: int | None = None) -> State:
        """The state after ``move`` (a Move or its text); raises :class:`IllegalMove` if illegal.

        ``seat``, if given, must be the seat to move (a widget's stale click is refused):

        >>> new_game(seed=1).play("2♥", seat=1)
        Traceback (most recent call last):
        ...
        cardwidgets.core.IllegalMove: it is Player 1's turn, not Player 2's

        The hot path of self-play: a move among the listed legal moves needs no further check
        (an int comparison); then one new object, its fields copied and changed in place
        (several to a line: that costs nothing, unlike a helper call per move).
        """
        keys = self._keys
        if (
            keys is None
            or move.__class__ is not Move
            or move.mask << 6 | move.card.index not in keys
            or seat is not None
        ):
            move = self._checked(move, seat)
        seat = self._to_move
        assert seat is not None
        child = new_object(State)
        # Copy every field, then change what the move changes (the table's order is worked
        # out from this state's when asked).
        child.rules = rules = self.rules
        child.seed, child.dealer, child.deal_number = self.seed, self.dealer, self.deal_number
        child.totals, child.deal_results = self.totals, self.deal_results
        child._stock = stock = self._stock
        child._bottom, child.parent, child.last_move = self._bottom, self, move
        child._ply, child._last_seat, child._keys, child._table = self._ply + 1, seat, None, None
        bit = 1 << (index := move.card.index)
        if seat:
            hand0, hand1 = self._hand0, self._hand1 ^ bit
        else:
            hand0, hand1 = self._hand0 ^ bit, self._hand1
        child._hand0, child._hand1 = hand0, hand1
        captured = move.mask
        if captured:
            child._table_bits = table_bits = self._table_bits ^ captured
            child._profile = self._profile - profile_of(captured)
            child._reach, child.last_capturer = None, seat
            # T-D12: the played card and the captured cards go to the capturer's pile.
            if seat:
                child._pile0, child._pile1 = self._pile0, self._pile1 | captured | bit
            else:
                child._pile0, child._pile1 = self._pile0 | captured | bit, self._pile1
            # T-D5, as rules.is_tabla: an empty table, unless the deal's last card was played.
            tablas = self.tablas
            if not table_bits and (hand0 or hand1 or stock or rules.final_card_tabla):
                child._last_tabla = True
                tablas = (tablas[0], tablas[1] + 1) if seat else (tablas[0] + 1, tablas[1])
            child.tablas = tablas
        else:
            child._table_bits = self._table_bits | bit
            child._profile = self._profile + UNIT[index]
            # Adding a card x to the table adds x to every sum (an Ace 1 or 11).
            reach = self._reach
            if reach is not None:
                x = POSITION[index]
                reach = (reach | reach << x | (reach << 11 if x == 1 else 0)) & 0x7FFF
            child._reach = reach
            child._pile0, child._pile1 = self._pile0, self._pile1
            child.last_capturer, child.tablas = self.last_capturer, self.tablas
        if hand1 if seat == 0 else hand0:
            child._to_move = 1 - seat
        elif hand0 or hand1:
            child._to_move = seat
        else:
            child._to_move = None
            child._after_turn()
        return child

    # -- what players see ----------------------------------------------------------------------
    def view(self, seat: int | None = None) -> TablicView:
        """What ``seat`` may see (None: what both may see): never the other hand or the stock
        order. A read-only :class:`TablicView`: typed fields, and as a dict its JSON form.

        >>> s = new_game(seed=1)
        >>> v = s.view(0)
        >>> v["hand"], v["table"], v["stock"], v["stock_bottom"]
        (['2♥', '6♦', '8♦', 'Q♠', 'K♠', 'A♣'], ['4♥', '2♦', 'J♠', '7♦'], 36, 'Q♣')
        >>> v.hand == s.hands[0], v.stock_bottom
        (True, Card('Q♣'))
        """
        if seat is not None:
            seat = core.check_seat(seat)
        last = self.last_move
        hands = self._hands
        return TablicView(
            seat=seat,
            deal=self.deal_number,
            round=self.round,
            dealer=self.dealer,
            to_move=self._to_move,
            hand=None if seat is None else cards.from_mask(hands[seat]),
            hand_sizes=(hands[0].bit_count(), hands[1].bit_count()),
            revealed=self.revealed(),
            table=self._table_cards(),
            piles=(Pile.of(self._pile0), Pile.of(self._pile1)),
            tablas=self.tablas,
            totals=self.totals,
            stock=len(self._stock),
            stock_bottom=self.stock_bottom,
            last_capturer=self.last_capturer,
            last_move=None if last is None else LastMove(self._last_seat, last, self._last_tabla),
            last_deal=self.deal_results[-1] if self.deal_results else None,
            target=self.rules.target,
            over=self.is_over,
            outcome=self._outcome,
        )

    def describe_last_move(self, locale: str | None = None) -> str:
        """The last move in words with the player, a tabla, and the end of a deal or match.

        >>> s = State.from_position(table="3♠ 5♥", hands=("8♦ K♠", "9♥"))
        >>> s.play("8♦ x 3♠ 5♥").describe_last_move("de")
        'Spieler 1 spielt 8♦ und nimmt 3♠ 5♥. Tabla: der Tisch ist abgeräumt (+1 Punkt).'
        """
        move, seat = self.last_move, self._last_seat
        if move is None or seat is None:
            return ""
        who = player(seat, locale)
        if move.mask:
            taken = cards.format_cards(cards.from_mask(move.mask))
            parts = [
                i18n.text("tablic.say.capture", locale, player=who, card=move.card, captured=taken)
            ]
        else:
            parts = [i18n.text("tablic.say.trail", locale, player=who, card=move.card)]
        if self._last_tabla:
            parts.append(i18n.text("tablic.say.tabla", locale))
        parent = self.parent
        if parent is not None and len(self.deal_results) > len(parent.deal_results):
            parts.extend(describe_deal(self.deal_results[-1], locale))
        outcome = self._outcome
        if outcome is not None and outcome.winner is not None:
            high, low = max(self.totals), min(self.totals)
            winner = player(outcome.winner, locale)
            parts.append(
                i18n.text("tablic.say.match_end", locale, player=winner, high=high, low=low)
            )
        return " ".join(parts)

    def determinize(self, seat: int, rng: cards.Rng) -> State:
        """A state that looks the same to ``seat``, with the hidden cards dealt at random.

        The opponent's unknown cards and the stock are redistributed uniformly; the public
        bottom card keeps its place, and the later deals get a new seed from ``rng``. Uses only
        what ``seat`` knows, so states that differ only in hidden cards give the same result.
        """
        seat = core.check_seat(seat)
        if self._to_move is None:
            return self
        other = 1 - seat
        bottom = self._bottom
        hands = self._hands
        known = hands[seat] | self._table_bits | self._pile0 | self._pile1
        revealed_other = self.revealed()[other]
        bottom_in_stock = self.stock_bottom is not None
        fixed = cards.mask(revealed_other)
        if bottom_in_stock and bottom is not None:
            fixed |= bottom.bit
        pool = cards.from_mask((hands[other] | cards.mask(self._stock)) & ~known & ~fixed)
        shuffled = rng.shuffle(pool)
        need = hands[other].bit_count() - len(revealed_other)
        dealt: list[tuple[Card, ...]] = [(), ()]
        dealt[seat] = cards.from_mask(hands[seat])
        dealt[other] = (*revealed_other, *shuffled[:need])
        stock = shuffled[need:]
        if bottom_in_stock and bottom is not None:
            stock.append(bottom)
        found = type(self).from_position(
            table=self._table_cards(),
            hands=dealt,
            stock=stock,
            to_move=self._to_move,
            dealer=self.dealer,
            rules=self.rules,
            piles=self.piles,
            tablas=self.tablas,
            totals=self.totals,
            deal_number=self.deal_number,
            last_capturer=self.last_capturer,
            seed=rng.next64(),
        )
        found._bottom = bottom  # the public card keeps its place even once dealt
        return found

    # -- a deal's life: dealt, its rounds, scored, then the next deal or the end (T-S2, T-S3,
    # T-D6-T-D9). These fill in a state while it is being made (by new, play or
    # from_position); once returned, a state never changes. They run once a round, so they
    # are plain methods, not part of the per-move hot path.
    def _begin_deal(self, deal_number: int, dealer: int) -> None:
        """Deal ``deal_number`` of the match, shuffled from its seed (T-D8): the first 4 cards
        to the table, the other 48 to the stock (its bottom card public), then the first
        round."""
        deck = shuffled_deck(self.seed, deal_number)
        self.deal_number = deal_number
        self.dealer = dealer
        self._table = table = tuple(deck[:4])
        self._table_bits = cards.mask(table)
        self._profile = profile_of(self._table_bits)
        self._reach = None
        self._stock = stock = tuple(deck[4:])
        self._bottom = stock[-1]
        self._hand0 = self._hand1 = 0
        self._pile0 = self._pile1 = 0
        self.tablas = (0, 0)
        self.last_capturer = None
        self._deal_next_round()

    def _deal_next_round(self) -> None:
        """T-D8: Elder gets stock[0:3] and [6:9], the dealer [3:6] and [9:12]; Elder leads."""
        dealt = deal_hands(self._stock, self.dealer)
        self._stock = self._stock[12:]
        self._hand0 |= dealt[0]
        self._hand1 |= dealt[1]
        elder = 1 - self.dealer
        self._to_move = elder if (self._hand1 if elder else self._hand0) else self.dealer

    def _after_turn(self) -> None:
        """Both hands are empty: deal the next round, or end the deal (and maybe the match)."""
        if self._stock:
            self._deal_next_round()
        else:
            self._end_deal()

    def _end_deal(self) -> None:
        """Score the deal (T-S18, T-D6, T-D9), add it to the totals, and start the next deal
        with the other dealer (T-S3), or end the match (T-D7)."""
        rules = self.rules
        result = self._deal_result()
        self.deal_results = (*self.deal_results, result)
        self.totals = totals = result.totals
        if not match_over(rules, totals):
            self._begin_deal(self.deal_number + 1, 1 - self.dealer)
            return
        self._pile0, self._pile1 = result.piles
        if result.leftovers_to is not None:
            self._table = ()
            self._table_bits = 0
            self._profile = 0
            self._reach = None
        self._to_move = None
        self._outcome = Outcome(winner(totals), totals)

    def _deal_result(self) -> DealResult:
        """The finished deal's result: the leftovers to their taker (T-D6), then the piles
        and tablas scored (T-S18, T-D9) and added to the totals."""
        leftovers = self._table_cards()  # in table order
        taker = leftovers_taker(self.rules, self.dealer, self.last_capturer)
        piles = [self._pile0, self._pile1]
        if taker is not None and leftovers:
            piles[taker] |= self._table_bits
        counts = (piles[0].bit_count(), piles[1].bit_count())
        points = (points_of_mask(piles[0]), points_of_mask(piles[1]))
        parts = breakdown(counts, points, self.tablas)
        scores = parts["scores"]
        return DealResult(
            deal=self.deal_number,
            dealer=self.dealer,
            cards=counts,
            points=points,
            most_cards=parts["most_cards"],
            tablas=self.tablas,
            scores=scores,
            totals=(self.totals[0] + scores[0], self.totals[1] + scores[1]),
            leftovers=leftovers,
            leftovers_to=taker if leftovers else None,
            piles=(piles[0], piles[1]),
        )

    def _repr_details(self) -> str:
        table = cards.format_cards(self._table_cards()) or "-"
        totals = f"{self.totals[0]}:{self.totals[1]}"
        return f"deal {self.deal_number} round {self.round}, table {table}, totals {totals}"


def new_game(seed: int | str | None = None, rules: Rules | None = None, dealer: int = 1) -> State:
    """A new match. ``seed`` (int or str; fresh if None) fixes every deal; ``dealer`` is the
    first dealer (T-D10), so by default seat 0 is Elder and plays first.

    >>> s = new_game(seed=1)
    >>> s.to_move, s.dealer, len(s.table), len(s.stock), [len(h) for h in s.hands]
    (0, 1, 4, 36, [6, 6])
    """
    return State.new(seed, rules, dealer)


def from_record(record: Mapping[str, object] | str) -> State:
    """Replay a record (dict or JSON text) made by :meth:`State.to_record`."""
    return State.from_record(record)


def describe_deal(result: DealResult, locale: str | None = None) -> list[str]:
    """Sentences for the end of a deal: who took the leftovers, and the deal's scores.

    >>> last = State.from_position(table="9♣", hands=((), ("5♠",)), to_move=1, last_capturer=0)
    >>> describe_deal(last.play("5♠").deal_results[0], "en")[0]
    'Player 1 takes the cards left on the table: 9♣ 5♠.'
    """
    parts = []
    if result.leftovers:
        left = cards.format_cards(result.leftovers)
        if result.leftovers_to is None:
            parts.append(i18n.text("tablic.say.leftovers_nobody", locale, cards=left))
        else:
            taker = player(result.leftovers_to, locale)
            parts.append(i18n.text("tablic.say.leftovers", locale, cards=left, player=taker))
    parts.append(
        i18n.text(
            "tablic.say.deal_end",
            locale,
            deal=result.deal,
            player0=player(0, locale),
            score0=result.scores[0],
            player1=player(1, locale),
            score1=result.scores[1],
        )
    )
    return parts


class Playout(NamedTuple):
    """What :func:`playout` returns."""

    totals: tuple[int, int]
    """The running totals when the playout stopped."""
    winner: int | None
    """The winner if the match ended, else None."""
    deals: int
    """How many deals ended during the playout."""
    moves: int
    """How many moves were played."""


def playout(state: State, rng: cards.Rng, deals: int | None = None) -> Playout:
    """Play uniformly random legal moves from ``state`` to the end of the match (or of
    ``deals`` deals), fast: the same rules, move order and random choices as the loop
    ``moves = s.legal_moves(); s = s.play(moves[rng.below(len(moves))])``, on plain ints
    (:func:`._fast.play_out`; a test checks they agree move for move). The bots' and the
    lab's rollouts.

    >>> a = playout(new_game(seed=4), cards.Rng(1))
    >>> s, rng = new_game(seed=4), cards.Rng(1)
    >>> while not s.is_over:
    ...     moves = s.legal_moves()
    ...     s = s.play(moves[rng.below(len(moves))])
    >>> a.totals == s.totals and a.winner == s.outcome.winner and a.moves == s.ply
    True
    """
    seat = state._to_move
    if seat is None:
        outcome = state._outcome
        return Playout(state.totals, outcome.winner if outcome is not None else None, 0, 0)
    return Playout(
        *play_out(
            state.rules,
            state.seed,
            rng,
            deals,
            hands=(state._hand0, state._hand1),
            table=state._table_bits,
            stock=state._stock,
            piles=(state._pile0, state._pile1),
            tablas=state.tablas,
            last=state.last_capturer,
            seat=seat,
            dealer=state.dealer,
            number=state.deal_number,
            totals=state.totals,
        )
    )
