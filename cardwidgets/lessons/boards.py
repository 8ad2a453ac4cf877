"""What the position editor edits in each game: its palette (every card of the deck), its zones,
its counters, and the two translations between a draft and the engine: the keywords of
``State.from_position`` a draft stands for (:meth:`Board.keywords`), and the draft of a state
(:meth:`Board.draft_of`, for loading a code).

A draft is plain data: each zone a list of item texts (``"10♦"``; Pazaak's ``"7"``, ``"+3"`` or
``"±4=-4"``, a side card placed as -4) and each counter a number. The editor checks only the
shape of an edit (a card of the palette, a zone of the game, a value of the counter's kind);
whether the position is possible is the engine's decision.

The boards are the authoring model of a lesson's positions, without Jupyter: the position
editor (:class:`cardwidgets.widgets.PositionEditor`) is the widget that edits a draft on them,
and :meth:`Board.call` writes the ``State.from_position`` call a lesson's position stands for.

>>> board = BOARDS["tablic"]
>>> [z.id for z in board.zones]
['table', 'hand0', 'hand1', 'stock', 'pile0', 'pile1']
>>> draft = board.blank()
>>> draft.zones["table"].append("A♣"); draft.zones["hand0"].append("A♦")
>>> board.keywords(draft, seed=0)["hands"]
('A♦', '')
>>> board.call(board.keywords(draft, seed=0))
'tablic.State.from_position(table="A♣", hands=("A♦", ""), seed=0)'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Literal

from cardwidgets import cards, i18n
from cardwidgets import scene as _scene
from cardwidgets.cards import Card
from cardwidgets.games import panjpar, pazaak, tablic
from cardwidgets.games.pazaak.sidecards import ALL_SIDE_CARDS
from cardwidgets.present import pazaak_words

__all__ = ["BOARDS", "Board", "BoardError", "Counter", "Draft", "ZoneSpec"]


class BoardError(i18n.TranslatedError):
    """An edit a board refuses (a counter given a value it cannot take); the draft is
    unchanged. A ``ValueError``, its reason in the current language (the position editor shows
    it in its own)."""


CounterKind = Literal["seat", "seat_or_none", "number", "yes_no", "suit"]
SUITS = ("♠", "♥", "♦", "♣")
MOST = 999  # the editor's own bound: the engine says where a counter's real limit is


@dataclasses.dataclass(frozen=True)
class ZoneSpec:
    """A place cards go: its id (``hand0``), its label's key and number, and a note."""

    id: str
    key: str
    n: int | str | None = None
    note: str | None = None

    def label(self, locale: str) -> str:
        """The zone's name in ``locale`` (``Hand of Player 1``)."""
        return i18n.text(self.key, locale, n=self.n) if self.n else i18n.text(self.key, locale)


@dataclasses.dataclass(frozen=True)
class Counter:
    """A number of the position: a seat, a whole number, yes/no or a suit."""

    name: str
    key: str
    kind: CounterKind
    default: int | str
    n: int | str | None = None
    least: int = 0
    seats: tuple[str, str] = ("1", "2")
    """How the game's sentences name the seats: Player 1 and 2; Panjpar's Player A and B."""
    none_key: str = ""
    """For ``seat_or_none``: the words of the choice "" (nobody, the player to move)."""

    def label(self, locale: str) -> str:
        """The counter's name in ``locale``."""
        return i18n.text(self.key, locale, n=self.n) if self.n else i18n.text(self.key, locale)

    def choices(self, locale: str) -> list[tuple[int | str, str]]:
        """The values offered in a list (seat, yes/no, suit); none for a number."""
        if self.kind in ("seat", "seat_or_none"):
            seats: list[tuple[int | str, str]] = [
                (s, i18n.text("editor.player", locale, n=self.seats[s])) for s in (0, 1)
            ]
            if self.kind == "seat":
                return seats
            return [("", i18n.text(self.none_key, locale)), *seats]
        if self.kind == "yes_no":
            return [(1, i18n.text("editor.yes", locale)), (0, i18n.text("editor.no", locale))]
        if self.kind == "suit":
            return [(s, i18n.text(f"editor.suit.{s}", locale)) for s in SUITS]
        return []

    def check(self, value: object, locale: str) -> int | str:
        """``value`` if it is one of this counter's kind, else the editor's refusal."""
        if self.kind == "number":
            if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) < 5:
                value = int(value.strip())
            if isinstance(value, int) and not isinstance(value, bool):
                if self.least <= value <= MOST:
                    return value
            words = i18n.text("editor.whole_number", locale, least=self.least, most=MOST)
            raise _refusal(self, value, words, locale)
        if isinstance(value, str) and self.kind != "suit" and value in ("0", "1"):
            value = int(value)
        allowed = [c for c, _ in self.choices(locale)]
        if isinstance(value, bool) or value not in allowed:
            shown = ", ".join(repr(c) if c == "" else str(c) for c in allowed)
            raise _refusal(self, value, shown, locale)
        return value


def _refusal(counter: Counter, value: object, choices: str, locale: str) -> BoardError:
    return BoardError(
        "editor.bad_value", name=counter.label(locale), choices=choices, value=i18n.shown(value)
    )


@dataclasses.dataclass
class Draft:
    """The position being built: item texts per zone, a value per counter."""

    zones: dict[str, list[str]]
    counters: dict[str, int | str]
    seen: tuple[list[str], list[str]] = dataclasses.field(default_factory=lambda: ([], []))
    """Each seat's hand cards the opponent has seen, from a loaded code (Panjpar's ``known``,
    Tablić's ``shown`` bottom card); a card that leaves its hand is no longer counted."""

    def copy(self) -> Draft:
        """An independent copy (the last possible draft is kept apart from the edits)."""
        zones = {k: list(v) for k, v in self.zones.items()}
        return Draft(zones, dict(self.counters), (list(self.seen[0]), list(self.seen[1])))


@dataclasses.dataclass(frozen=True)
class Board:
    """One game's editor: palette, zones, counters, and the translations to and from the
    engine's ``from_position`` keywords."""

    game: str
    module: Any
    zones: tuple[ZoneSpec, ...]
    counters: tuple[Counter, ...]
    palette_ids: Callable[[Any], tuple[tuple[str, str], ...]]
    """(group, item id) of every palette card, for the given rules."""
    view: Callable[[str, str, str], _scene.CardView]
    """The card picture of an item text: (item, id, locale)."""
    to_keywords: Callable[[Draft], dict[str, Any]]
    from_state: Callable[[Any], Draft]
    unique: bool
    """Whether each card is placed once (French decks) or as often as the engine allows."""
    seeded: bool
    placed_as: Callable[[str, str], str] = lambda item, zone: item
    """The item as it lies in a zone: Pazaak's ± card on a table counts one of its values."""
    turn: Callable[[str], str | None] = lambda item: None
    """A placed item counting its next value (``±3=+3`` -> ``±3=-3``), None if it has one."""

    def blank(self) -> Draft:
        """An empty draft with each counter at its default."""
        return Draft({z.id: [] for z in self.zones}, {c.name: c.default for c in self.counters})

    def keywords(self, draft: Draft, seed: int | str) -> dict[str, Any]:
        """The keywords of ``State.from_position`` that ``draft`` stands for."""
        found = self.to_keywords(draft)
        if self.seeded:
            found["seed"] = seed
        return found

    def draft_of(self, state: Any) -> Draft:
        """The draft that sets up ``state`` again (a loaded code)."""
        return self.from_state(state)

    def call(self, keywords: dict[str, Any]) -> str:
        """The ``from_position`` call as Python text, default keywords left out."""
        parts = [f"{name}={_python(value)}" for name, value in keywords.items()]
        return f"{self.game}.State.from_position({', '.join(parts)})"


def _python(value: object) -> str:
    """Python text of a keyword's value, card texts in double quotes."""
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, tuple):
        inner = ", ".join(_python(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, list):
        return "[" + ", ".join(_python(v) for v in value) + "]"
    return repr(value)


def _pair(draft: Draft, prefix: str) -> tuple[str, str]:
    return (" ".join(draft.zones[f"{prefix}0"]), " ".join(draft.zones[f"{prefix}1"]))


def _texts(items: Sequence[object]) -> list[str]:
    return [c.text if isinstance(c, Card) else str(c) for c in items]


def _french_view(item: str, cid: str, locale: str) -> _scene.CardView:
    view = _scene.french_card(_card(item), locale)
    view["id"] = cid
    return view


def _card(text: str) -> Card:
    return cards.parse(text)


def _seat(name: str, key: str, default: int, seats: tuple[str, str] = ("1", "2")) -> Counter:
    return Counter(name, key, "seat", default, seats=seats)


def _drop(found: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
    """``found`` without the keywords at their default (a shorter call)."""
    return {k: v for k, v in found.items() if k not in defaults or defaults[k] != v}


# -- Tablić --------------------------------------------------------------------------------------

_TABLIC_DEFAULTS: dict[str, Any] = {
    "stock": "",
    "to_move": 0,
    "dealer": 1,
    "piles": ("", ""),
    "tablas": (0, 0),
    "totals": (0, 0),
    "deal_number": 1,
    "last_capturer": None,
}


def _tablic_keywords(draft: Draft) -> dict[str, Any]:
    c = draft.counters
    found = {
        "table": " ".join(draft.zones["table"]),
        "hands": _pair(draft, "hand"),
        "stock": " ".join(draft.zones["stock"]),
        "to_move": c["to_move"],
        "dealer": c["dealer"],
        "piles": _pair(draft, "pile"),
        "tablas": (c["tablas0"], c["tablas1"]),
        "totals": (c["totals0"], c["totals1"]),
        "deal_number": c["deal_number"],
        "last_capturer": None if c["last_capturer"] == "" else c["last_capturer"],
    }
    seen = [card for s in (0, 1) for card in draft.seen[s] if card in draft.zones[f"hand{s}"]]
    if seen and not draft.zones["stock"]:  # the public bottom card, dealt into a hand (T-D8)
        found["shown"] = seen[0]
    return _drop(found, _TABLIC_DEFAULTS)


def _tablic_draft(state: tablic.State) -> Draft:
    zones = {
        "table": _texts(state.table),
        "hand0": _texts(state.hands[0]),
        "hand1": _texts(state.hands[1]),
        "stock": _texts(state.stock),
        "pile0": _texts(state.piles[0]),
        "pile1": _texts(state.piles[1]),
    }
    counters: dict[str, int | str] = {
        "to_move": state.to_move if state.to_move is not None else 0,
        "dealer": state.dealer,
        "deal_number": state.deal_number,
        "totals0": state.totals[0],
        "totals1": state.totals[1],
        "tablas0": state.tablas[0],
        "tablas1": state.tablas[1],
        "last_capturer": "" if state.last_capturer is None else state.last_capturer,
    }
    shown = state.revealed()
    return Draft(zones, counters, (_texts(shown[0]), _texts(shown[1])))


def _deck_ids(deck: Sequence[Card]) -> Callable[[Any], tuple[tuple[str, str], ...]]:
    return lambda rules: tuple(("cards", c.text) for c in deck)


_TABLIC = Board(
    game="tablic",
    module=tablic,
    zones=(
        ZoneSpec("table", "editor.zone.table"),
        ZoneSpec("hand0", "editor.zone.hand", 1),
        ZoneSpec("hand1", "editor.zone.hand", 2),
        ZoneSpec("stock", "editor.zone.stock", note="editor.zone.stock_note"),
        ZoneSpec("pile0", "editor.zone.pile", 1),
        ZoneSpec("pile1", "editor.zone.pile", 2),
    ),
    counters=(
        _seat("to_move", "editor.counter.to_move", 0),
        _seat("dealer", "editor.counter.dealer", 1),
        Counter("deal_number", "editor.counter.deal_number", "number", 1, least=1),
        Counter("totals0", "editor.counter.totals", "number", 0, 1),
        Counter("totals1", "editor.counter.totals", "number", 0, 2),
        Counter("tablas0", "editor.counter.tablas", "number", 0, 1),
        Counter("tablas1", "editor.counter.tablas", "number", 0, 2),
        Counter(
            "last_capturer",
            "editor.counter.last_capturer",
            "seat_or_none",
            "",
            none_key="editor.nobody",
        ),
    ),
    palette_ids=_deck_ids(cards.DECK),
    view=_french_view,
    to_keywords=_tablic_keywords,
    from_state=_tablic_draft,
    unique=True,
    seeded=True,
)


# -- Panjpar -------------------------------------------------------------------------------------

_PANJPAR_DEFAULTS: dict[str, Any] = {"attacker": 0, "attack": "", "discard": ""}


def _panjpar_keywords(draft: Draft) -> dict[str, Any]:
    found = {
        "hands": _pair(draft, "hand"),
        "stock": " ".join(draft.zones["stock"]),
        "trump": draft.counters["trump"],
        "attacker": draft.counters["attacker"],
        "attack": " ".join(draft.zones["attack"]),
        "discard": " ".join(draft.zones["discard"]),
    }
    seen = [[c for c in draft.seen[s] if c in draft.zones[f"hand{s}"]] for s in (0, 1)]
    if seen[0] or seen[1]:
        found["known"] = (" ".join(seen[0]), " ".join(seen[1]))
    return _drop(found, _PANJPAR_DEFAULTS)


def _panjpar_draft(state: panjpar.State) -> Draft:
    zones = {
        "hand0": _texts(state.hands[0]),
        "hand1": _texts(state.hands[1]),
        "stock": _texts(state.stock),
        "attack": _texts(state.attack),
        "discard": _texts(state.discard),
    }
    counters: dict[str, int | str] = {"attacker": state.attacker, "trump": state.trump.value}
    return Draft(zones, counters, (_texts(state.known[0]), _texts(state.known[1])))


_PANJPAR = Board(
    game="panjpar",
    module=panjpar,
    zones=(
        ZoneSpec("hand0", "editor.zone.hand", "A"),  # the engine's words: Player A, Player B
        ZoneSpec("hand1", "editor.zone.hand", "B"),
        ZoneSpec("attack", "editor.zone.attack"),
        ZoneSpec("stock", "editor.zone.stock", note="editor.zone.stock_note"),
        ZoneSpec("discard", "editor.zone.discard"),
    ),
    counters=(
        _seat("attacker", "editor.counter.attacker", 0, ("A", "B")),
        Counter("trump", "editor.counter.trump", "suit", "♠"),
    ),
    palette_ids=_deck_ids(panjpar.DECK),
    view=_french_view,
    to_keywords=_panjpar_keywords,
    from_state=_panjpar_draft,
    unique=True,
    seeded=False,
)


# -- Pazaak --------------------------------------------------------------------------------------

_PAZAAK_DEFAULTS: dict[str, Any] = {
    "tables": ([], []),
    "to_move": 0,
    "standing": (False, False),
    "sets_won": (0, 0),
    "draw": True,
}


def _placed(item: str) -> object:
    """A table item as ``from_position`` takes it: 7, "+3", or ("±4", -4)."""
    source, _, value = item.partition("=")
    if value:
        return (int(source) if source.isdigit() else source, int(value))
    return int(source) if source.isdigit() else source


def _main(item: str) -> object:
    return int(item) if item.isdigit() else item


def _side_sources(items: Sequence[str]) -> list[str]:
    """The side cards among a table's items (their text without the value they count)."""
    return [i.partition("=")[0] for i in items if not i.partition("=")[0].isdigit()]


def _pazaak_keywords(draft: Draft) -> dict[str, Any]:
    c = draft.counters
    z = draft.zones
    found: dict[str, Any] = {
        "hands": _pair(draft, "side"),
        "deck": [_main(i) for i in draft.zones["deck"]],
        "tables": tuple([_placed(i) for i in draft.zones[f"table{s}"]] for s in (0, 1)),
        "to_move": c["to_move"],
        "standing": (bool(c["standing0"]), bool(c["standing1"])),
        "sets_won": (c["sets_won0"], c["sets_won1"]),
        "draw": bool(c["draw"]),
    }
    if z["used0"] or z["used1"]:
        # the side cards on the tables were used too (the engine's default without ``used``)
        found["used"] = tuple(
            " ".join(z[f"used{s}"] + _side_sources(z[f"table{s}"])) for s in (0, 1)
        )
    if c["starter"] != "" and c["starter"] != c["to_move"]:
        found["starter"] = c["starter"]
    if c["set_number"]:
        found["set_number"] = c["set_number"]
    if c["played"]:
        # the player to move has played his table's last card this turn
        table = z[f"table{c['to_move']}"]
        found["played_this_turn"] = table[-1].partition("=")[0] if table else ""
    return _drop(found, _PAZAAK_DEFAULTS)


def _placed_text(source: object, value: int) -> str:
    if isinstance(source, int):
        return str(source) if source == value else f"{source}={value:+d}"
    card = pazaak.SideCard.parse(str(source))
    plain = card.options.get(None)
    return card.text if plain == value else f"{card.text}={value:+d}"


def _pazaak_draft(state: pazaak.State) -> Draft:
    zones = {
        "table0": [_placed_text(s, v) for s, v in state.placed[0]],
        "table1": [_placed_text(s, v) for s, v in state.placed[1]],
        "side0": [c.text for c in state.hands[0]],
        "side1": [c.text for c in state.hands[1]],
        "deck": [str(v) for v in state.deck],
    }
    for seat in (0, 1):
        earlier = [c.text for c in state.used[seat]]
        for source in _side_sources(zones[f"table{seat}"]):
            if source in earlier:
                earlier.remove(source)
        zones[f"used{seat}"] = earlier
    counters: dict[str, int | str] = {
        "to_move": state.to_move if state.to_move is not None else 0,
        "sets_won0": state.sets_won[0],
        "sets_won1": state.sets_won[1],
        "standing0": int(state.standing[0]),
        "standing1": int(state.standing[1]),
        # the state has made its draw: the loaded tables already hold it
        "draw": 0,
        "played": int(state.played_this_turn is not None),
        "starter": "" if state.starter == state.to_move else state.starter,
        "set_number": 0 if state.set_number == sum(state.sets_won) + 1 else state.set_number,
    }
    return Draft(zones, counters)


def _pazaak_placed_as(item: str, zone: str) -> str:
    """On a table a ± card counts one of its values (first its plus one); elsewhere it is the
    card alone."""
    source = item.partition("=")[0]
    if not zone.startswith("table") or source.isdigit():
        return source
    card = pazaak.SideCard.parse(source)
    if card.needs_sign and "=" not in item:
        return f"{source}={next(iter(card.options.values())):+d}"
    return item


def _pazaak_turn(item: str) -> str | None:
    source, _, value = item.partition("=")
    if source.isdigit() or not value:
        return None
    values = list(dict.fromkeys(pazaak.SideCard.parse(source).options.values()))
    now = int(value)
    if len(values) < 2 or now not in values:
        return None
    return f"{source}={values[(values.index(now) + 1) % len(values)]:+d}"


def _pazaak_ids(rules: Any) -> tuple[tuple[str, str], ...]:
    gold = bool(getattr(rules, "gold_cards", False))
    mains = tuple(("main", str(v)) for v in range(1, 11))
    sides = tuple(("side", c.text) for c in ALL_SIDE_CARDS if gold or not c.is_gold)
    return mains + sides


def _pazaak_view(item: str, cid: str, locale: str) -> _scene.CardView:
    source, _, value = item.partition("=")
    if source.isdigit():
        label = i18n.text("widget.pazaak.name.main", locale, value=source)
        if value:
            label = i18n.text("widget.pazaak.name.main_now", locale, value=source, now=value)
        return _scene.number_card(int(source), locale, id=cid, label=label, note=value)
    card = pazaak.SideCard.parse(source)
    name = pazaak_words.card_name(card, locale)
    if value:
        name = i18n.text("widget.pazaak.name.placed_as", locale, name=name, value=value)
    tone = pazaak_words.tone(card)
    return _scene.side_card(card.text, tone, locale, id=cid, label=name, note=value)


_PAZAAK = Board(
    game="pazaak",
    module=pazaak,
    zones=(
        ZoneSpec("table0", "editor.zone.pazaak_table", 1),
        ZoneSpec("table1", "editor.zone.pazaak_table", 2),
        ZoneSpec("side0", "editor.zone.side_hand", 1),
        ZoneSpec("side1", "editor.zone.side_hand", 2),
        ZoneSpec("deck", "editor.zone.deck", note="editor.zone.deck_note"),
        ZoneSpec("used0", "editor.zone.used", 1),
        ZoneSpec("used1", "editor.zone.used", 2),
    ),
    counters=(
        _seat("to_move", "editor.counter.to_move", 0),
        Counter("draw", "editor.counter.draw", "yes_no", 1),
        Counter("played", "editor.counter.played", "yes_no", 0),
        Counter("sets_won0", "editor.counter.sets_won", "number", 0, 1),
        Counter("sets_won1", "editor.counter.sets_won", "number", 0, 2),
        Counter("standing0", "editor.counter.standing", "yes_no", 0, 1),
        Counter("standing1", "editor.counter.standing", "yes_no", 0, 2),
        Counter("set_number", "editor.counter.set_number", "number", 0),
        Counter("starter", "editor.counter.starter", "seat_or_none", "", none_key="editor.to_move"),
    ),
    palette_ids=_pazaak_ids,
    view=_pazaak_view,
    to_keywords=_pazaak_keywords,
    from_state=_pazaak_draft,
    unique=False,
    seeded=True,
    placed_as=_pazaak_placed_as,
    turn=_pazaak_turn,
)

BOARDS: dict[str, Board] = {"tablic": _TABLIC, "panjpar": _PANJPAR, "pazaak": _PAZAAK}
"""The editor of each game, by the game's name."""
