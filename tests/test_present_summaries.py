"""Summaries that tell one moment: while a deal's or set's summary shows, the
board shows the deal or set that ended (the engine has already dealt the next one), the next
appears after Continue; a Tablić summary walks through the scoring; Panjpar has a game-end
summary; a still picture (and a replay) never asks for a Continue button it does not have."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardwidgets import cards, pazaak, replay, tablic
from cardwidgets.present import picture
from cardwidgets.widgets import PanjparWidget, PazaakWidget, TablicWidget
from cardwidgets.widgets.base import RandomOpponent
from tests.language import assert_german


def texts(w: Any, zone: str) -> list[str]:
    """The card ids of ``zone`` in the widget's scene."""
    return [c["id"] for c in w.zone(zone)["cards"]]


def tablic_at_deal_end(**options: Any) -> TablicWidget:
    """A widget on the summary of deal 1 (the engine has dealt deal 2 already)."""
    w = TablicWidget(seed=3, opponent=RandomOpponent(3), **options)
    while not w.paused:
        w.play(max(w.state.legal_moves(), key=lambda move: len(move.captured)))
    assert len(w.state.deal_results) == 1 and not w.state.is_over
    return w


class Scripted:
    """A Pazaak opponent that ends its turn."""

    def choose(self, state: Any) -> Any:
        return "end"


def pazaak_at_set_end() -> PazaakWidget:
    """A widget on the summary of set 1: the learner busts with 10 5 8 (Z-D4)."""
    state = pazaak.State.from_position(
        hands=["+3 -4 ±2 +1", "-1 -2 +5 ±6"], deck=[8, 5, 7, 9, 6], tables=([10, 5], [5]), seed=1
    )
    w = PazaakWidget(state=state, opponent=Scripted())
    w.end_turn()
    assert w.paused
    return w


# -- Tablić ---------------------------------------------------------------------------------------
def test_tablic_summary_board_is_the_finished_deal_not_the_next() -> None:
    w = tablic_at_deal_end()
    result, state = w.state.deal_results[-1], w.state
    assert texts(w, "table") == [c.text for c in result.leftovers]  # what was left, not deal 2's
    assert texts(w, "hand") == [] and w.zone("opponent-hand")["cards"] == []
    assert texts(w, "table") != [c.text for c in state.table] and state.hands[0]
    assert w.zone("stock")["info"] == "0 cards"
    assert w.zone("hand")["info"] == "Deal 1 · round 4 of 4"
    piles = [int(w.zone(f"pile-{seat}")["info"].split()[0]) for seat in (0, 1)]
    assert sum(piles) + len(result.leftovers) == 52  # each pile before the leftovers


def test_tablic_next_deal_appears_after_continue() -> None:
    w = tablic_at_deal_end()
    w.next()
    assert not w.paused
    assert texts(w, "table") == [c.text for c in w.state.table]
    assert "Deal 2" in w.zone("hand")["info"]
    assert len(texts(w, "hand")) == len(w.state.hands[0]) > 0


def test_tablic_summary_walks_through_the_scoring_en_and_de() -> None:
    w = tablic_at_deal_end()
    result = w.state.deal_results[-1]
    scoring = cards.format_cards(
        c for c in cards.from_mask(result.piles[0]) if tablic.card_points(c)
    )
    assert result.points == (22, 0) and result.most_cards == (3, 0)  # this seed's deal
    text = w.scene["summary"]["text"]
    assert f"Scoring cards, You: {scoring} (22 points). Scoring cards, Computer: none." in text
    assert f"Most cards: You with {result.cards[0]} (3 points)." in text
    assert f"Tablas: You {result.tablas[0]}, Computer {result.tablas[1]}." in text
    w.locale = "de"
    text = w.scene["summary"]["text"]
    assert f"Punktkarten, Du: {scoring} (22 Punkte). Punktkarten, Computer: keine." in text
    assert f"Meiste Karten: Du mit {result.cards[0]} (3 Punkte)." in text
    assert f"Tablas: Du {result.tablas[0]}, Computer {result.tablas[1]}." in text
    assert_german(text)


def test_T_S18_a_tie_on_cards_says_nobody_scores_the_most_cards() -> None:
    tie = tablic.State.from_position(table="3♠ 4♥", hands=("3♦", "4♣"), to_move=0, seed=1)
    done = tie.play("3♦ x 3♠").play("4♣ x 4♥")
    assert done.deal_results[-1].cards == (2, 2)
    text = picture(done, 0).scene["summary"]["text"]
    assert "Most cards: a tie at 2, nobody scores." in text
    assert (
        "Meiste Karten: Gleichstand bei 2" in picture(done, 0, locale="de").scene["summary"]["text"]
    )


# -- Pazaak ---------------------------------------------------------------------------------------
def test_pazaak_summary_board_is_the_finished_set_not_the_next() -> None:
    w = pazaak_at_set_end()
    assert w.state.set_number == 2 and any(w.state.placed)  # the engine drew set 2's first card
    assert [c["text"] for c in w.zone("table")["cards"]] == ["10", "5", "8"]
    assert [c["text"] for c in w.zone("opponent-table")["cards"]] == ["5"]
    totals = {b["kind"]: b["text"] for b in w.zone("table")["badges"]}
    assert totals["total"] == "23"
    assert w.zone("deck")["info"].startswith("Set 1")


def test_pazaak_set_summary_tells_the_set_alone() -> None:
    w = pazaak_at_set_end()
    text = w.scene["summary"]["text"]
    assert text == "You are over 20 with 23: bust. Computer wins set 1."
    assert "Set 2" not in text and "draws" not in text


@pytest.mark.parametrize("locale", ["en", "de"])
def test_pazaak_set_summary_narration_and_score_tell_the_finished_set_only(locale: str) -> None:
    """Under "Set 1 is over" the narration line ends with the set (Z-D4: the bust), not with
    set 2's starter and first draw, and the score sheet has no "This set" row of set 2."""
    w = pazaak_at_set_end()
    w.locale = locale
    said = w.scene["announce"]
    assert said.startswith("Du beendest" if locale == "de" else "You end"), said
    assert ("Satz 2" if locale == "de" else "Set 2") not in said
    assert ("zieht" if locale == "de" else "draws") not in said
    labels = [row["label"] for row in w.scene["score"]["rows"]]
    assert labels == (["Satz 1", "Gewonnene Sätze"] if locale == "de" else ["Set 1", "Sets won"])
    w.next()  # set 2 on the board: its total again, and the log still tells how it began
    assert len(w.scene["score"]["rows"]) == 3
    assert ("Satz 2" if locale == "de" else "Set 2") in " ".join(w.scene["log"])


@pytest.mark.parametrize("locale", ["en", "de"])
def test_pazaak_set_summary_shows_the_deck_the_set_ended_with(locale: str) -> None:
    """Under "Set 1 is over" the deck is set 1's: 40 less the four main-deck cards its tables
    ended with (10 5 8 and 5), not set 2's fresh deck (Z-D2) less its first draw."""
    w = pazaak_at_set_end()
    w.locale = locale
    assert w.state.deck_size == 39  # the engine has dealt set 2 and drawn its first card
    expected = {
        "en": "Set 1 · 36 cards left when it ended",
        "de": "Satz 1 · noch 36 Karten übrig, als er endete",
    }
    assert w.zone("deck")["info"] == expected[locale]
    w.next()  # on set 2's board the deck is set 2's again
    left = w.state.deck_size
    now = {
        "en": f"Set 2 · {left} cards left in this set",
        "de": f"Satz 2 · noch {left} Karten in diesem Satz",
    }
    assert left < 39 and w.zone("deck")["info"] == now[locale]


def test_pazaak_next_set_appears_after_continue() -> None:
    w = pazaak_at_set_end()
    w.next()
    assert not w.paused
    for seat, zone in ((0, "table"), (1, "opponent-table")):
        assert len(w.zone(zone)["cards"]) == len(w.state.placed[seat])
    assert w.zone("deck")["info"].startswith("Set 2")


# -- Panjpar --------------------------------------------------------------------------------------
def test_panjpar_has_a_game_end_summary_until_continue() -> None:
    w = PanjparWidget(seed=2, opponent=RandomOpponent(2))
    rng = random.Random(2)
    for _ in range(500):
        if w.state.is_over:
            break
        w.play(w.state.random_move(rng))
    assert w.state.is_over and w.paused
    summary = w.scene["summary"]
    assert summary["title"] == "Game over" and summary["action"] == "continue"
    assert summary["text"] == w.scene["status"]  # who won and why
    rows = {row["label"]: row["cells"] for row in summary["score"]["rows"]}
    assert rows["Cards left in hand"] == [str(len(hand)) for hand in w.state.hands]
    attacks = rows["Attacks made"]
    assert all(int(n) > 0 for n in attacks)
    w.locale = "de"
    assert w.scene["summary"]["title"] == "Spiel vorbei"
    assert_german(w.scene["summary"]["text"])
    w.next()
    assert not w.paused and w.scene["summary"] is None and w.state.is_over


# -- stills ---------------------------------------------------------------------------------------
def deal_and_set_ends() -> list[Any]:
    """A Tablić state on deal 1's end and a Pazaak state on set 1's end."""
    return [tablic_at_deal_end().state, pazaak_at_set_end().state]


@pytest.mark.parametrize("locale", ["en", "de"])
def test_a_still_never_asks_for_the_continue_button_it_lacks(locale: str) -> None:
    for state in deal_and_set_ends():
        still = picture(state, 0, locale=locale).scene
        assert still["summary"] is not None and still["actions"] == []
        status = still["status"]
        assert "Continue" not in status and "Weiter" not in status, status
        assert status in (
            "Deal 1 is over",
            "Set 1 is over",
            "Spiel 1 ist vorbei",
            "Satz 1 ist vorbei",
        )


def test_a_replay_never_asks_for_a_continue_button() -> None:
    for state in deal_and_set_ends():
        for locale in ("en", "de"):
            said = [s["status"] for s in replay.scenes(state, seat=0, locale=locale)]
            assert not [s for s in said if "Continue" in s or "Weiter" in s]
