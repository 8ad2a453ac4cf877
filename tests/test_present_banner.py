"""The turn banner: whose turn it is and what to do, in English and German,
the seat to move marked on the board (``data-place``/``data-turn`` on the zones)."""

from __future__ import annotations

from typing import Any

import pytest

from cardwidgets import panjpar, pazaak, scene, tablic
from cardwidgets.present import PRESENTERS, Moment, picture
from cardwidgets.widgets import PanjparWidget, PazaakWidget, TablicWidget

STATES = {
    "tablic": lambda: tablic.new_game(seed=1),
    "panjpar": lambda: panjpar.new_game(seed=1),
    "pazaak": lambda: pazaak.new_game(seed=1),
}
PROMPTS = {
    "tablic": ("play a card to capture or trail", "spiel eine Karte zum Stechen oder Ablegen"),
    "pazaak": (
        "play a side card, end your turn or stand",
        "spiel eine Handkarte, beende den Zug oder halte",
    ),
}


def banner_of(state: Any, **options: Any) -> scene.Banner | None:
    built = PRESENTERS[state.game](Moment.of(state, **options)).scene()
    return built["banner"]


@pytest.mark.parametrize("game", ["tablic", "pazaak"])
def test_the_banner_says_it_is_your_turn_and_what_to_do(game: str) -> None:
    state = STATES[game]()
    seat = state.to_move
    english, german = PROMPTS[game]
    assert banner_of(state, seat=seat) == {
        "seat": seat,
        "text": f"Your turn: {english}",
        "tone": "you",
    }
    assert banner_of(state, seat=seat, locale="de") == {
        "seat": seat,
        "text": f"Du bist dran: {german}",
        "tone": "you",
    }


@pytest.mark.parametrize("game", sorted(STATES))
def test_the_banner_marks_the_computers_seat_while_it_moves(game: str) -> None:
    state = STATES[game]()
    mover = state.to_move
    assert banner_of(state, seat=1 - mover) == {
        "seat": mover,
        "text": "Computer's turn: please wait",
        "tone": "them",
    }
    german = banner_of(state, seat=1 - mover, locale="de")
    assert german is not None and german["text"] == "Computer ist am Zug: bitte warten"


def test_the_hot_seat_banner_names_the_player() -> None:
    state = tablic.new_game(seed=1)
    shown = banner_of(state, seat=state.to_move, hot_seat=True)
    player = state.to_move + 1
    assert shown is not None
    assert shown["text"] == f"Player {player}, your turn: play a card to capture or trail"


def test_panjpar_prompts_the_attacker_and_the_defender_differently() -> None:
    attack = panjpar.State.from_position(
        hands=["7♣ Q♠ Q♥ 2♦ 4♣", "2♣ 3♣ 4♥ 8♠"], stock="J♥ 10♠ 6♥ 4♠ 6♦", trump="♦", attacker=0
    )
    defend = panjpar.State.from_position(
        hands=["7♣ Q♠ Q♥ 2♦ 4♣", "2♣ 3♣ 4♥ 8♠"],
        stock="J♥ 10♠ 6♥ 4♠ 6♦",
        trump="♦",
        attacker=1,
        attack="5♣",
    )
    first = banner_of(attack, seat=0)
    second = banner_of(defend, seat=0, locale="de")
    assert first is not None and first["text"] == "Your turn: pick your attack cards, then Attack"
    assert second is not None
    assert second["text"] == "Du bist dran: schlage die Angriffskarten oder nimm alle auf"


def test_an_earlier_position_marks_no_seat_and_names_the_end_button() -> None:
    start = tablic.new_game(seed=1)
    after = start.play(start.legal_moves()[0])
    shown = PRESENTERS["tablic"](Moment(line=(start, after), cursor=0)).scene()["banner"]
    assert shown == {
        "seat": None,
        "text": "An earlier position: “End” brings back the game",
        "tone": "history",
    }


def test_the_end_of_the_game_marks_no_seat() -> None:
    state = panjpar.new_game(seed=2)
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    # First the game-end summary holds the board until Continue; then the game is over.
    assert banner_of(state, seat=0, locale="de") == {
        "seat": None,
        "text": "Lies die Zusammenfassung, dann drücke „Weiter“",
        "tone": "pause",
    }
    shown = banner_of(state, seat=0, locale="de", dismissed=frozenset({state.ply}))
    assert shown == {
        "seat": None,
        "text": "Das Spiel ist vorbei: „Neues Spiel“ beginnt ein neues",
        "tone": "over",
    }


def test_a_still_picture_has_no_banner() -> None:
    assert picture(tablic.new_game(seed=1), seat=0).scene["banner"] is None


def test_the_static_html_shows_the_banner_and_the_seat_to_move() -> None:
    state = tablic.new_game(seed=1)
    built = PRESENTERS["tablic"](Moment.of(state, seat=state.to_move)).scene()
    page = scene.to_html(built)
    assert '<div class="cw-banner" data-tone="you">Your turn: play a card' in page
    hand = page[page.index('data-zone="hand"') - 200 : page.index('data-zone="hand"') + 200]
    assert 'data-place="near"' in hand and 'data-turn="true"' in hand
    opponent = page.index('data-zone="opponent-hand"')
    assert 'data-place="far"' in page[opponent - 200 : opponent + 200]


@pytest.mark.parametrize("game", sorted(STATES))
def test_watching_the_banner_tells_the_audience_who_is_thinking(game: str) -> None:
    """Two computer players: nobody in the room is "you"; the banner names who is thinking."""
    made = {"tablic": TablicWidget, "panjpar": PanjparWidget, "pazaak": PazaakWidget}[game]
    w = made(seed=1, players=("expert", "greedy"), pace=0)
    w.step()
    shown = w.scene["banner"]
    player = f"Player {w.state.to_move + 1} ({('expert', 'greedy')[w.state.to_move]})"
    assert shown == {"seat": w.state.to_move, "text": f"{player} is thinking…", "tone": "them"}
    w.locale = "de"
    assert w.scene["banner"]["text"].endswith(" überlegt …")
    assert "dran" not in w.scene["banner"]["text"]
