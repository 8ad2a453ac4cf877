"""Replays without a kernel: cardwidgets.replay writes one HTML page per game
that holds only what one seat could see at each ply, in English or German."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from language import assert_german
from twins import TWINS, panjpar_twins, pazaak_twins, tablic_twins

from cardwidgets import RecordError, i18n, panjpar, replay
from cardwidgets.core import GameState, SeatError
from cardwidgets.replay import words
from cardwidgets.replay.pack import REF, pack, unpack


@pytest.mark.parametrize("game", TWINS)
def test_hidden_card_twins_give_byte_equal_replays_to_the_seat_that_cannot_see(game: str) -> None:
    a, b = TWINS[game]()
    assert a.ply == b.ply >= 2
    assert a.hands[1] != b.hands[1]  # the twins do differ in hidden cards
    for locale in ("en", "de"):
        assert replay.to_html(a, seat=0, locale=locale) == replay.to_html(b, seat=0, locale=locale)
    # seat 1 (its own hand) and open hands do see the difference
    assert replay.to_html(a, seat=1) != replay.to_html(b, seat=1)
    assert replay.to_html(a, seat=None) != replay.to_html(b, seat=None)


@pytest.mark.parametrize("game", TWINS)
def test_a_replay_holds_no_hidden_card_and_no_record(game: str) -> None:
    a, _ = TWINS[game]()
    page = replay.to_html(a, seat=0)
    data = json.dumps(replay.payload(a, seat=0), ensure_ascii=False)
    hidden = [str(card) for card in a.hands[1]]
    assert hidden
    shown = json.dumps([s.view(0).to_json() for s in a.path()], ensure_ascii=False)
    for card in hidden:
        if card not in shown:  # a card seat 0 never saw (Panjpar's known 8♥ it did see)
            # a side card's text ("-1") is also part of ids: look for it as a whole value
            needle = f'"{card}"' if game == "pazaak" else card
            assert needle not in data and needle not in page, card
    assert sorted(replay.payload(a, seat=0)) == [
        "format",
        "game",
        "labels",
        "locale",
        "plies",
        "pool",
    ]
    for key in ('"schema":', '"moves":', '"rules":', '"stock":', '"deck":'):
        assert key not in data, key  # no record, nothing of the full state


@pytest.mark.parametrize("game", TWINS)
def test_each_ply_holds_the_scene_that_seat_saw_then(game: str) -> None:
    a, _ = TWINS[game]()
    data = replay.payload(a, seat=0, locale="de")
    scenes = unpack(data["pool"], data["plies"])
    assert len(scenes) == a.ply + 1
    for state, scene in zip(a.path(), scenes, strict=True):
        assert scene == state.picture(0, locale="de").scene
    assert data["locale"] == "de" and data["game"] == game


def test_a_record_replays_like_its_state() -> None:
    a, _ = tablic_twins()
    assert replay.to_html(a.to_record()) == replay.to_html(a)
    assert replay.to_html(a.to_json(), seat=1) == replay.to_html(a, seat=1)


def test_the_page_is_self_contained_and_allows_no_request() -> None:
    a, _ = pazaak_twins()
    page = replay.to_html(a)
    assert page.startswith("<!DOCTYPE html>")
    assert "default-src 'none'" in page
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    assert "@import" not in page and "url(http" not in page
    assert page.count("<script") == 2  # the data and the player, both inline
    assert 'class="cw-replay-data"' in page


def test_the_players_words_are_german_in_a_german_replay() -> None:
    a, _ = panjpar_twins()
    data = replay.payload(a, locale="de")
    assert data["labels"]["position"] == "Zug {ply} von {plies}"
    for name in words.PLAYER_LABELS:
        assert_german(data["labels"][name].replace("{ply}", "").replace("{plies}", ""))
    page = replay.to_html(a, locale="de")
    assert '<html lang="de">' in page and "Wiedergabe: Panjpar" in page
    assert replay.payload(a)["labels"]["play"] == "Play"


def test_malformed_input_gets_a_translated_reason() -> None:
    a, _ = pazaak_twins()
    with pytest.raises(replay.ReplayError) as caught:
        replay.to_html(42)
    assert "42" in caught.value.text("en")
    assert_german(caught.value.text("de"), "42")
    with pytest.raises(RecordError):
        replay.to_html({"schema": 1, "game": "tablic"})
    with pytest.raises(RecordError):
        replay.to_html("{not json")
    with pytest.raises(SeatError):
        replay.to_html(a, seat=2)
    with pytest.raises(i18n.LocaleError):
        replay.to_html(a, locale="fr")
    with pytest.raises(replay.ReplayError):
        replay.Replay({"format": 1, "pool": [], "plies": [3]})
    with pytest.raises(replay.ReplayError):
        replay.Replay("scenes")
    for bad in (("greedy",), "greedy", ("greedy", "greedy", "greedy")):
        with pytest.raises(replay.ReplayError):
            replay.watch("pazaak", bad)
    with pytest.raises(replay.ReplayError) as caught:
        replay.watch("pazaak", limit=-1)
    assert_german(caught.value.text("de"), "-1")


def test_watch_mode_plays_two_computer_players_to_the_end_and_opens_both_hands() -> None:
    shown = replay.watch("pazaak", ("greedy", "random"), seed=3)
    again = replay.watch("pazaak", ("greedy", "random"), seed=3)
    assert shown.html == again.html  # the seed fixes the whole game
    scenes = unpack(shown.data["pool"], shown.data["plies"])
    assert shown.plies >= 4 and shown.plies == len(scenes) - 1
    assert all(c["kind"] != "back" for c in scenes[0]["zones"][0]["cards"])
    short = replay.watch("tablic", seed=1, limit=6, seat=0)
    assert short.plies == 6


def test_a_replay_shows_in_a_notebook_as_an_isolated_iframe_and_saves(tmp_path: Path) -> None:
    a, _ = tablic_twins()
    shown = replay.replay(a, seat=0)
    frame = shown._repr_html_()
    assert frame.startswith("<iframe") and 'sandbox="allow-scripts"' in frame
    assert "allow-same-origin" not in frame and "srcdoc=" in frame
    saved = shown.save(tmp_path / "game.html")
    assert saved.read_text(encoding="utf-8") == replay.to_html(a, seat=0)
    assert "4 moves" in repr(shown)


def test_packing_shares_what_repeats_and_round_trips_odd_strings() -> None:
    odd = [{"a": REF + "x", "b": [True, 1, 1.0], "c": "long sentence " * 3}] * 3
    pool, roots = pack(odd)
    assert roots == [roots[0]] * 3
    assert unpack(pool, roots) == odd
    back = unpack(pool, roots)[0]["b"]
    assert [type(v) for v in back] == [bool, int, float]


def test_a_whole_game_is_much_smaller_packed_than_its_scenes() -> None:
    state: GameState[Any] = panjpar.new_game(seed=2)
    rng = __import__("random").Random(2)
    while not state.is_over:
        state = state.play(state.random_move(rng))
    scenes = replay.scenes(state)
    plain = len(json.dumps(scenes, ensure_ascii=False).encode())
    packed = len(replay.to_html(state).encode())
    assert packed < plain / 2, (packed, plain)


# -- the three places that use replays: the lab, the notebook export, the docs ----------------


def test_a_counterexample_replays_the_game_up_to_where_the_claim_failed() -> None:
    from cardwidgets import lab

    result = lab.check(lambda s: s.ply < 5, "panjpar", games=1, seed=7, per_state=True)
    example = result.counterexamples[0]
    shown = example.replay()
    assert shown.plies == example.ply == 5
    assert shown.html == replay.to_html(example.state(), seat=0)
    with i18n.using("de"):
        assert example.replay().data["locale"] == "de"
    assert example.replay(seat=None).html != shown.html


def test_a_widget_output_carries_its_replay_only_when_an_export_asks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardwidgets.replay.embed import ENV, MIME
    from cardwidgets.widgets import TablicWidget

    a, b = tablic_twins()
    monkeypatch.delenv(ENV, raising=False)
    assert MIME not in TablicWidget(state=a)._repr_mimebundle_()[0]
    monkeypatch.setenv(ENV, "1")
    first = TablicWidget(state=a)._repr_mimebundle_()[0][MIME]
    assert first == replay.payload(a, seat=0)
    assert first == TablicWidget(state=b)._repr_mimebundle_()[0][MIME]  # twins: equal
    opened = TablicWidget(state=a, open_hands=True, locale="de")._repr_mimebundle_()[0][MIME]
    assert opened == replay.payload(a, seat=None, locale="de")


def test_the_exporter_plays_the_replay_where_the_widget_was_and_never_exports_the_scenes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import nbformat

    from cardwidgets.export import StaticPictures
    from cardwidgets.replay.embed import ENV, MIME

    a, _ = pazaak_twins()

    def notebook() -> Any:
        data = {
            "application/vnd.jupyter.widget-view+json": {"model_id": "x"},
            "text/html": "<div class='cw-root'></div>",
            "text/plain": "w",
            MIME: replay.payload(a, seat=0),
        }
        out = nbformat.v4.new_output("display_data", data=data)
        return nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("w", outputs=[out])])

    # setenv, not delenv: monkeypatch then removes the variable StaticPictures sets below
    monkeypatch.setenv(ENV, "0")
    plain, _ = StaticPictures().preprocess(notebook(), {})
    assert plain.cells[0].outputs[0].data == {
        "text/html": "<div class='cw-root'></div>",
        "text/plain": "w",
    }
    import os

    assert os.environ[ENV] == "0"  # StaticPictures() without replays leaves it alone
    played, _ = StaticPictures(replays=True).preprocess(notebook(), {})
    assert os.environ[ENV] == "1"  # set before --execute starts the kernel
    data = played.cells[0].outputs[0].data
    assert sorted(data) == ["text/html", "text/plain"]
    assert data["text/html"] == replay.replay(a, seat=0).iframe()


def test_a_long_title_pooled_by_itself_still_names_the_page() -> None:
    a, _ = pazaak_twins()
    drawn = replay.scenes(a)
    for scene in drawn:
        scene["title"] = "Pazaak, the long way round"  # longer than a string kept inline
    data = {**replay.payload(a)}
    data["pool"], data["plies"] = pack(drawn)
    assert isinstance(data["pool"][data["plies"][0]]["title"], str)
    assert data["pool"][data["plies"][0]]["title"].startswith(REF)
    assert "<title>Replay: Pazaak, the long way round</title>" in replay.Replay(data).html


def test_the_export_tests_leave_no_replay_request_behind() -> None:
    import os

    from cardwidgets.replay.embed import ENV

    assert ENV not in os.environ  # runs after the exporter test: widgets' outputs stay small
