"""The scene model and its static HTML: same hooks as the live renderer, safe escaping, JSON size."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardwidgets import cards, scene

ROOT = Path(__file__).resolve().parent.parent


def sample(**fields: object) -> scene.Scene:
    table = [
        scene.face_card(cards.parse("3♠"), "en", highlight="group", group=1),
        scene.face_card(cards.parse("5♥"), "en", highlight="group", group=1),
        scene.face_card(cards.parse("2♣"), "en", highlight="group", group=7),
    ]
    hand = [scene.face_card(cards.parse("8♦"), "en", selectable=True, selected=True)]
    return scene.make_scene(
        game="tablic",
        title="Tablić",
        zones=[
            scene.zone("opponent-hand", "Computer", [scene.hidden_card(1, 0, "en")], owner=1),
            scene.zone("table", "Table", table, info="3 cards"),
            scene.zone("hand", "Your hand", hand, layout="fan", owner=0),
        ],
        options=[
            {"index": 0, "label": "capture 3♠ 5♥", "selected": True, "maximal": True,
             "groups": [["3♠", "5♥"]]},
        ],
        actions=[scene.action("play", "Capture", primary=True)],
        score={"columns": ["You", "Computer"], "rows": [[3, 4]], "tablas": [2, 0],
               "totals": [3, 4]},
        log=["Computer plays 5♥"],
        **fields,
    )  # fmt: skip


def test_face_card_carries_everything_the_renderer_needs() -> None:
    view = scene.face_card(cards.parse("10♦"), "de", selectable=True)
    assert view == {
        "id": "10♦",
        "face": True,
        "rank": "10",
        "suit": "♦",
        "color": "red",
        "label": "Karo Zehn",
        "selectable": True,
        "selected": False,
        "highlight": None,
        "group": None,
    }


def test_hidden_card_has_no_identity() -> None:
    view = scene.hidden_card(1, 4, "en")
    assert view["id"] == "hidden-1-4"
    assert (view["face"], view["rank"], view["suit"], view["color"]) == (False, "", "", "")
    assert view["label"] == "face-down card"


def test_make_scene_fills_every_field_and_rejects_unknown_ones() -> None:
    s = scene.make_scene(game="tablic", title="T", locale="de")
    assert set(s) == set(scene.Scene.__annotations__)
    assert s["labels"]["total"] == "Summe"
    with pytest.raises(TypeError, match="unknown scene fields: colour"):
        scene.make_scene(game="tablic", title="T", colour="red")


def test_scene_is_json_and_size_counts_utf8_bytes() -> None:
    s = sample()
    assert json.loads(scene.to_json(s)) == s
    assert scene.size(s) == len(scene.to_json(s).encode("utf-8"))
    assert scene.size(s) > len(scene.to_json(s))  # the suits are multi-byte


def test_static_html_has_the_dom_hooks_of_the_live_widget() -> None:
    page = scene.to_html(sample(four_color=True, version=5))
    assert '<div class="cw-root cw-static" data-game="tablic" data-version="5"' in page
    assert 'data-four-color="true"' in page
    assert '<section class="cw-zone" data-zone="table" data-layout="row"' in page
    three = re.search(r'<div class="cw-card" data-card="3♠"[^>]*>', page)
    assert three is not None
    assert 'data-highlight="group" data-group="1" data-group-color="1"' in three.group(0)
    assert 'aria-label="three of spades"' in three.group(0)
    # group numbers go on, colours cycle through six
    assert 'data-group="7" data-group-color="1"' in page
    assert 'data-card="8♦"' in page and 'aria-pressed="true"' in page
    assert 'data-card="hidden-1-0" data-face="false"' in page
    assert 'data-option="0"' in page
    assert '<td aria-label="2 Tablas">||</td>' in page
    assert "<li>Computer plays 5♥</li>" in page
    assert "<script" not in page
    assert page.startswith("<style>") and ".cw-root" in page


def test_static_html_escapes_text() -> None:
    page = scene.to_html(sample(status='<img src=x onerror="alert(1)">'), css=False)
    assert "<img" not in page
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in page


def test_static_html_shows_the_message_and_empty_zones() -> None:
    s = sample(message=scene.message("error", "8♦ cannot capture 7♣"))
    s["zones"].append(scene.zone("pile-0", "Your pile", [], layout="stack"))
    page = scene.to_html(s, css=False)
    assert '<p class="cw-message" data-kind="error">8♦ cannot capture 7♣</p>' in page
    assert '<span class="cw-empty">(empty)</span>' in page


def test_suit_shapes_match_the_front_end() -> None:
    source = (ROOT / "js" / "suits.ts").read_text(encoding="utf-8")
    for letter, path in scene.SUIT_PATHS.items():
        block = re.search(rf"\n  {letter}:\s*((?:\"[^\"]*\"\s*\+?\s*)+),", source)
        assert block is not None, letter
        joined = "".join(re.findall(r'"([^"]*)"', block.group(1)))
        assert joined == path, letter


def test_stylesheet_has_light_dark_and_four_colour_rules() -> None:
    css = scene.stylesheet()
    assert '.cw-root[data-theme="dark"]' in css
    assert 'body[data-jp-theme-light="false"]' in css
    assert "prefers-color-scheme: dark" in css
    assert '.cw-root[data-four-color="true"] .cw-card[data-suit="D"]' in css
    assert "url(" not in css  # no images, no fonts from a CDN
