"""What every presenter shares: the :class:`Moment` it draws, and :class:`Presenter`, the frame
of a scene (status, narration, the log, the history bar, the frame's buttons) around the
game's own zones, options and sentences.

A presenter is a pure function of what it is given: no widget, no traitlets. It is built anew
for every scene (cheap: a few fields) and never changed.

>>> from cardwidgets import tablic
>>> from cardwidgets.present.tablic import TablicPresenter
>>> moment = Moment.of(tablic.new_game(seed=1), seat=0, locale="de")
>>> TablicPresenter(moment).names(), moment.viewer
(('Du', 'Computer'), 0)

Where the rules live: in the engines, never here. A presenter (and the widget, and the
bots' explanations) asks the engine what a move or a card would do — whether a capture scores
a tabla (``tablic.State.scores_tabla``), its groups (``tablic.capture_groups``), what a
capture being built still misses (``tablic.capture_shortfall``), the attack sizes, extenders
and killers of Panjpar (``State.attack_sizes``, ``attack_extenders``, ``beaters``,
``beaten_by``), what a Pazaak side card makes (``State.card_effect``) or the table a set ended
on (``State.last_set_placed``) — and only words and draws the answer. A rule needed here that
the engine cannot answer yet is added to the engine (public, with a test naming its rule id),
so a rule change is made once; ``tests/test_present_asks_the_engine.py`` checks the scenes follow
the engine's answers.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Generic, TypeVar

from cardwidgets import i18n
from cardwidgets import scene as _scene

__all__ = ["LOG_LINES", "Moment", "Presenter", "Said", "hand_without"]

LOG_LINES = 40
"""The scene carries the last this many log sentences (the widget's ``moves_log`` has all)."""

_NARRATED_LIMIT = 4096
"""Sentences remembered per cache (a long match has about 400 moves)."""

Said = Any
"""An item of the live line: a state (its move is said, :meth:`Presenter.say`) or a
``(catalog key, params)`` pair; kept as such, so the line follows a change of language."""

S = TypeVar("S")
"""The game's state class."""
Sel = TypeVar("Sel")
"""The game's selection class (the learner's half-made move)."""


@dataclasses.dataclass(frozen=True)
class Moment:
    """The moment a presenter draws: the line of play and the position shown on it, whose
    eyes see it, the display options, and what the widget says about it.

    ``hot_seat`` is two learners at one screen (no computer opponent: the view follows the
    player to move, unless ``still``); ``said`` is what the live line announces, ``message``
    the error or info line, ``dismissed`` the plies whose summary was continued past.
    """

    line: tuple[Any, ...]
    cursor: int
    seat: int = 0
    hot_seat: bool = False
    still: bool = False
    locale: str = "en"
    four_color: bool = False
    theme: str = "auto"
    size: str = "normal"
    legend: bool = True
    open_hands: bool = False
    hints: bool = True
    message: _scene.Message | None = None
    said: tuple[Said, ...] = ()
    confirm_new: bool = False
    dismissed: frozenset[int] = frozenset()
    players: tuple[str, ...] = ()
    running: bool = False

    @classmethod
    def of(cls, state: Any, **options: Any) -> Moment:
        """The moment of ``state`` at the end of its own line (its path from the root)."""
        line = tuple(state.path())
        return cls(line=line, cursor=len(line) - 1, **options)

    @property
    def state(self) -> Any:
        """The position shown (full information; what is drawn is only what the viewer sees)."""
        return self.line[self.cursor]

    @property
    def watching(self) -> bool:
        """Whether two computer players (named in :attr:`players`) play each other."""
        return bool(self.players)

    @property
    def viewer(self) -> int:
        """The seat whose cards are shown: :attr:`seat`, or the seat to move in hot-seat play."""
        to_move = self.state.to_move
        if self.hot_seat and to_move is not None and not self.still and not self.watching:
            return int(to_move)
        return int(self.seat)


@dataclasses.dataclass(frozen=True, eq=False)
class Presenter(Generic[S, Sel]):
    """The scene of a :class:`Moment` and a selection: the frame's part; a game subclasses it
    with its zones, options, buttons, previews, score sheet, summary, status and sentences.

    ``narrated`` remembers sentences already said (a widget passes the same dict every time:
    each update redraws the log of past moves, whose sentences change only with the language
    and the seats).
    """

    moment: Moment
    selection: Sel = dataclasses.field(default=None)  # type: ignore[assignment]
    narrated: dict[tuple[object, ...], tuple[object, str]] = dataclasses.field(
        default_factory=dict, repr=False
    )

    game: ClassVar[str] = ""
    focus_zones: ClassVar[tuple[str, ...]] = ("hand",)
    """Zones where keyboard focus falls back to, in order, when its control disappears."""

    # -- the moment, read --------------------------------------------------------------------
    @property
    def state(self) -> S:
        """The position shown."""
        found: S = self.moment.state
        return found

    @property
    def line(self) -> tuple[Any, ...]:
        """The line of play."""
        return self.moment.line

    @property
    def cursor(self) -> int:
        """The index in :attr:`line` of the position shown."""
        return self.moment.cursor

    @property
    def viewer(self) -> int:
        """The seat whose cards are shown."""
        return self.moment.viewer

    @property
    def seat(self) -> int:
        """The learner's seat (against the computer)."""
        return self.moment.seat

    @property
    def locale(self) -> str:
        """The language of every sentence."""
        return self.moment.locale

    @property
    def hints(self) -> bool:
        """Whether aids are shown (what cards could do, the Hint button)."""
        return self.moment.hints

    @property
    def open_hands(self) -> bool:
        """Whether every hand is shown face up (teacher switch)."""
        return self.moment.open_hands

    @property
    def hot_seat(self) -> bool:
        """Two learners at one screen (no computer opponent)."""
        return self.moment.hot_seat

    # -- words -------------------------------------------------------------------------------
    def text(self, key: str, /, **params: object) -> str:
        """A catalog sentence in the moment's language."""
        return i18n.text(key, self.locale, **params)

    def count(self, key: str, n: int) -> str:
        """A counted phrase, singular for one (``"1 card"``)."""
        return i18n.text(key, self.locale, n=n)

    def names(self) -> tuple[str, str]:
        """The players' names as shown: "You" and "Computer", or "Player 1/2" in hot-seat."""
        players = self.moment.players
        if players:
            first, second = players
            return (
                self.text("widget.watch.player", n=1, name=first),
                self.text("widget.watch.player", n=2, name=second),
            )
        if self.hot_seat:
            return (self.text("widget.player", n=1), self.text("widget.player", n=2))
        names = ["", ""]
        names[self.seat] = self.text("widget.you")
        names[1 - self.seat] = self.text("widget.computer")
        return (names[0], names[1])

    def player(self, seat: int | None) -> str:
        """The name of ``seat`` as shown (see :meth:`names`); "" for no seat (a game over)."""
        return "" if seat is None else self.names()[seat]

    def mover_is_learner(self, state: S) -> bool:
        """Whether the move that led to ``state`` was the learner's (for "You play …")."""
        parent = getattr(state, "parent", None)
        return not self.hot_seat and parent is not None and parent.to_move == self.seat

    # -- turns -------------------------------------------------------------------------------
    def pending_summary(self, index: int) -> _scene.Summary | None:
        """The summary the position ``line[index]`` pauses on, or None (none, or continued)."""
        state = self.line[index]
        if state.ply in self.moment.dismissed or state.parent is None:
            return None
        return self.summary(state)

    @property
    def paused(self) -> bool:
        """Whether the position shown waits on a summary (end of a deal or set)."""
        return self.pending_summary(self.cursor) is not None

    def is_my_turn(self) -> bool:
        """Whether the position shown waits for the viewer (not over, not paused)."""
        to_move = self.state.to_move  # type: ignore[attr-defined]
        mine = to_move is not None and to_move == self.viewer and not self.moment.watching
        return mine and not self.paused

    # -- narration ---------------------------------------------------------------------------
    def said_text(self, item: Said) -> str:
        """An item of the live line in words (a state: its move; else a catalog pair)."""
        if not isinstance(item, tuple):
            return self.narrate(item)
        key, params = item
        if key == "status":
            return self.full_status()
        if key == "widget.turn":
            return self.text(key, player=self.names()[params["seat"]])
        return self.text(key, **params)

    @property
    def announcement(self) -> str:
        """The sentence of the aria-live line: what just happened."""
        parts = [self.said_text(item) for item in self.moment.said]
        return " ".join(part for part in parts if part)

    def narrate(self, state: S) -> str:
        """:meth:`say` of ``state``, remembered in :attr:`narrated`."""
        key = (id(state), self.locale, self.seat, self.viewer, self.hot_seat)
        cache = self.narrated
        hit = cache.get(key)
        if hit is not None and hit[0] is state:  # the id of a state no longer alive is reused
            return hit[1]
        if len(cache) > _NARRATED_LIMIT:
            cache.clear()
        text = self.say(state)
        cache[key] = (state, text)
        return text

    def moves_log(self, first: int = 1) -> list[str]:
        """The moves of the line from ``line[first]`` to the position shown, in words."""
        return [self.narrate(s) for s in self.line[first : self.cursor + 1]]

    # -- history -----------------------------------------------------------------------------
    def full_status(self) -> str:
        """:meth:`status`, with the history position when an earlier position is shown."""
        status = self.status()
        if self.cursor < len(self.line) - 1:
            ply, plies = self.state.ply, self.line[-1].ply  # type: ignore[attr-defined]
            return self.text("widget.status.history", status=status, ply=ply, plies=plies)
        return status

    def history_actions(self) -> list[_scene.Action]:
        """The buttons to the first, previous, next and last position of the line."""
        at_start, at_end = self.cursor == 0, self.cursor == len(self.line) - 1
        return [
            _scene.action("start", self.text("widget.action.start"), enabled=not at_start),
            _scene.action("back", self.text("widget.action.back"), enabled=not at_start),
            _scene.action("forward", self.text("widget.action.forward"), enabled=not at_end),
            _scene.action("end", self.text("widget.action.end"), enabled=not at_end),
        ]

    def history_bar(self) -> _scene.History:
        """The slider over the line, from the first position on: before the first move it has
        nowhere to go (``plies`` 0, the renderers disable it), but its row and the move log's
        box (drawn empty beside a history) take their room, so the first move makes nothing jump.
        """
        bar: _scene.History = {
            "ply": self.state.ply,  # type: ignore[attr-defined]
            "plies": self.line[-1].ply,
            "label": self.text("widget.history"),
        }
        return bar

    def frame_actions(self) -> list[_scene.Action]:
        """Continue (on a summary), hint, history and new-game buttons."""
        actions = []
        if self.paused:
            actions.append(
                _scene.action("continue", self.text("widget.action.continue"), primary=True)
            )
        if self.hints and not self.moment.watching:
            actions.append(
                _scene.action("hint", self.text("widget.action.hint"), enabled=self.is_my_turn())
            )
        actions += self.history_actions()
        if self.moment.confirm_new:
            actions.append(_scene.action("new-confirm", self.text("widget.action.new_confirm")))
            actions.append(_scene.action("new-cancel", self.text("widget.action.new_cancel")))
        else:
            actions.append(_scene.action("new", self.text("widget.action.new")))
        return actions

    @property
    def code(self) -> str:
        """The position code of what the viewer sees (``""`` once the game is over)."""
        state: Any = self.state
        return "" if state.is_over else str(state.code(self.viewer))

    def describe(self, paused: bool) -> str:
        """A short deterministic description of the moment for a ``repr`` (no ids, no
        addresses): the seat, the move number and whose turn it is, ``paused`` being whether
        the table waits on a summary (:attr:`cardwidgets.Table.paused`); a game adds its own
        (Tablić's deal, Pazaak's set, Panjpar's trumps).

        >>> from cardwidgets import tablic
        >>> Presenter(Moment.of(tablic.new_game(seed=1), hot_seat=True)).describe(paused=False)
        'seat=0, move 0, player 1'
        """
        moment = self.moment
        state: Any = moment.state
        to_move = state.to_move
        # The table's learner: no computer plays the seat to move (hot-seat: neither does).
        learner = moment.hot_seat or to_move == moment.seat
        if state.is_over:
            turn = "game over"
        elif paused:
            turn = "paused"
        elif to_move is not None and learner and not moment.watching:
            turn = "your turn" if not moment.hot_seat else f"player {(to_move or 0) + 1}"
        else:
            turn = f"seat {to_move} to move"
        return f"seat={moment.seat}, move {state.ply}, {turn}"

    # -- the scene ---------------------------------------------------------------------------
    def buttons(self) -> list[_scene.Action]:
        """The game's move buttons (or, watching, the watch buttons) and the frame's."""
        own = self.watch_actions() if self.moment.watching else self.move_actions()
        return own + self.frame_actions()

    def scene(self) -> _scene.Scene:
        """The scene of the moment, from the game's builders and the frame."""
        moment = self.moment
        labels = _scene.labels(self.locale)
        labels["options"] = self.options_label()
        first = max(1, self.cursor - LOG_LINES + 1)
        return _scene.make_scene(
            game=self.game,
            title=self.text(f"widget.{self.game}.title"),
            locale=self.locale,
            seat=self.viewer,
            four_color=moment.four_color,
            theme=moment.theme,
            size=moment.size,
            status=self.full_status(),
            message=moment.message,
            announce=self.announcement,
            banner=None if moment.still else self.banner(),
            zones=self.zones(),
            options=self.options(),
            actions=self.buttons(),
            previews=self.previews() if self.hints else {},
            focus=list(self.focus_zones),
            log=self.moves_log(first),
            score=self.score_sheet(),
            summary=self.pending_summary(self.cursor),
            legend=self.legend_items() if moment.legend else [],
            history=self.history_bar(),
            code=self.code,
            labels=labels,
        )

    def banner(self) -> _scene.Banner:
        """Whose turn it is and what to do, for the banner above the board.

        An earlier position, a summary and the end of the game mark no seat and name the
        button that goes on; otherwise the seat to move is marked, with the game's
        :meth:`turn_prompt` when it is the viewer's turn; watching two computer players, the
        banner tells the audience who is thinking (no one in the room is "you").
        """
        state: Any = self.state
        if self.cursor < len(self.line) - 1:
            return self._banner(None, "history", "widget.banner.history", "widget.action.end")
        if self.paused:
            return self._banner(None, "pause", "widget.banner.paused", "widget.action.continue")
        if state.is_over or state.to_move is None:
            return self._banner(None, "over", "widget.banner.over", "widget.action.new")
        mover: int = state.to_move
        if self.moment.watching:
            # The audience watches two computer players: nobody in the room is "you".
            text = self.text("widget.banner.thinking", player=self.player(mover))
            return {"seat": mover, "text": text, "tone": "them"}
        if mover != self.viewer:
            text = self.text("widget.banner.them", player=self.player(mover))
            return {"seat": mover, "text": text, "tone": "them"}
        prompt = self.turn_prompt()
        if self.hot_seat:
            text = self.text("widget.banner.player", player=self.player(mover), prompt=prompt)
        else:
            text = self.text("widget.banner.you", prompt=prompt)
        return {"seat": mover, "text": text, "tone": "you"}

    def _banner(self, seat: int | None, tone: str, key: str, button: str) -> _scene.Banner:
        label = self.text(button).rstrip(" ▶|")
        return {"seat": seat, "text": self.text(key, button=label), "tone": tone}

    def turn_prompt(self) -> str:
        """What the viewer can do on their turn, a short phrase ("play a card or capture")."""
        return self.text("widget.banner.prompt")

    # -- moves played out --------------------------------------------------------------------
    def at(self, index: int) -> Presenter[S, Sel]:
        """The presenter of ``line[index]`` as it was when it was the latest position, with
        nothing selected and nothing said, from the same seat."""
        moment = dataclasses.replace(
            self.moment,
            line=self.line[: index + 1],
            cursor=index,
            said=(),
            message=None,
            confirm_new=False,
        )
        return type(self)(moment, narrated=self.narrated)

    def in_flight(self) -> list[_scene.Zone]:
        """The zones of the move that led to the position shown, caught in flight: the cards
        it played where they were played, what they take marked, before anything moves to a
        pile. Only what :attr:`viewer` may see (a card once played is public). By default the
        position after the move; a game whose move takes cards away draws the moment before.
        """
        return self.zones()

    def frames(self, first: int, seconds: float) -> list[_scene.Frame]:
        """The moves from ``line[first]`` to the position shown, played out: for each move not
        the learner's, the move in flight (:meth:`in_flight`, its sentence read aloud) and,
        unless it is the last, the position after it. Each frame carries only the zones that
        differ from the position shown's (the renderer keeps the others). The learner's own
        moves are only said (their sentence leads the next frame's), so the sentences read in
        turn are the :attr:`announcement`. Each frame's ``log_ahead`` counts the moves not yet
        landed in it (the one in flight and those after it): their log entries wait. Empty
        when no move of the line is to be played out.

        >>> from cardwidgets import tablic
        >>> from cardwidgets.present.tablic import TablicPresenter
        >>> state = tablic.new_game(seed=1).play("A♣ x 4♥ 7♦")
        >>> state = state.play("J♥ x J♠")
        >>> frames = TablicPresenter(Moment.of(state)).frames(1, 1.0)
        >>> [(f["announce"], f["banner"]["text"]) for f in frames]  # doctest: +NORMALIZE_WHITESPACE
        [('You play A♣ and capture 4♥ 7♦. Computer plays J♥ and captures J♠.',
          'Computer plays J♥ and captures J♠.')]
        """
        frames: list[_scene.Frame] = []
        lead: list[str] = []
        final = self.zones()
        for index in range(max(first, 1), self.cursor + 1):
            here = self.at(index)
            state: Any = self.line[index]
            lead.append(here.narrate(state))
            if here.mover_is_learner(state) or state.parent is None:
                continue
            steps = [here.flight_frame(lead[-1], " ".join(t for t in lead if t), seconds)]
            lead = []
            if index < self.cursor:
                after = here.zones()
                if after != steps[0]["zones"]:
                    steps.append(here.settled_frame(after, seconds))
            # The log lists a move once it has landed: not while it is in flight, nor later ones.
            for step in steps:
                step["log_ahead"] = self.cursor - index
            steps[0]["log_ahead"] += 1
            frames += steps
        # A frame carries only the zones that differ from the scene it settles on (the browser
        # takes the others from it): a reply's update grows by a few zones, not whole boards.
        for made in frames:
            made["zones"] = [z for z in made["zones"] if z not in final]
        return frames

    def flight_frame(self, move: str, said: str, seconds: float) -> _scene.Frame:
        """The frame of the move that led to the position shown, in flight: ``move`` in words
        on the banner, ``said`` (with the learner's move before it) read aloud."""
        mover = self.state.parent.to_move  # type: ignore[attr-defined]
        before = self.at(self.cursor - 1)
        banner: _scene.Banner = {"seat": mover, "text": move, "tone": "them"}
        return _scene.frame(
            self.in_flight(),
            status=before.status(),
            banner=banner,
            announce=said,
            seconds=seconds,
        )

    def settled_frame(self, zones: list[_scene.Zone], seconds: float) -> _scene.Frame:
        """The frame of the position shown (``zones``), after a move played out."""
        return _scene.frame(
            zones, status=self.status(), banner=self.banner(), announce="", seconds=seconds
        )

    # -- the game's part ---------------------------------------------------------------------
    def zones(self) -> list[_scene.Zone]:
        """The zones of the position shown (only what :attr:`viewer` may see)."""
        raise NotImplementedError

    def options(self) -> list[_scene.Option]:
        """The choices offered for the half-made move."""
        return []

    def options_label(self) -> str:
        """The heading of the option list."""
        return self.text("scene.options")

    def move_actions(self) -> list[_scene.Action]:
        """The game's move buttons (the frame adds hint, history, new game, continue)."""
        return []

    def watch_actions(self) -> list[_scene.Action]:
        """Watching two computer players: one move, play on, or pause."""
        going = not self.state.is_over  # type: ignore[attr-defined]
        step = _scene.action("watch-step", self.text("widget.action.step"), enabled=going)
        if self.moment.running:
            return [step, _scene.action("watch-pause", self.text("widget.action.pause"))]
        play_on = self.text("widget.action.play_on")
        return [step, _scene.action("watch-play", play_on, enabled=going, primary=going)]

    def previews(self) -> dict[str, _scene.Preview]:
        """What lights up while a card is hovered (keys ``"zone:card"``)."""
        return {}

    def score_sheet(self) -> _scene.Score | None:
        """The score sheet, or None."""
        return None

    def legend_items(self) -> list[_scene.LegendItem]:
        """The highlight roles this game uses, explained."""
        return []

    def summary(self, state: S) -> _scene.Summary | None:
        """The pause after the move that led to ``state`` (end of a deal or set), or None."""
        return None

    def status(self) -> str:
        """The status line of the position shown."""
        raise NotImplementedError

    def say(self, state: S) -> str:
        """The move that led to ``state``, in words, for the log and the aria-live line."""
        move = getattr(state, "last_move", None)
        return "" if move is None else str(move.describe(self.locale))

    def move_words(self, move: Any) -> str:
        """A move in words for a hint ("Play 7♥ and capture 7♣")."""
        return str(move)


def hand_without(shown: list[_scene.CardView], card: str) -> list[_scene.CardView]:
    """A hand's cards as shown, without the played ``card``: that card if it is face up (a
    public card), else one face-down card (the played card was one of them)."""
    ids = [c["id"] for c in shown]
    if card in ids:
        gone = ids.index(card)
    else:
        backs = [i for i, c in enumerate(shown) if c["kind"] == "back"]
        if not backs:
            return shown
        gone = backs[-1]
    return shown[:gone] + shown[gone + 1 :]
