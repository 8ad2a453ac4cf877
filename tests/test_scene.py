"""The scene model: the helpers build complete, JSON-safe views of the contract."""

from __future__ import annotations

import json

import pytest

from cardwidgets import cards, scene


def test_french_card_carries_everything_the_renderer_needs() -> None:
    view = scene.french_card(cards.parse("10♦"), "de", selectable=True, note="Trumpf", slot=2)
    assert view == {
        "id": "10♦",
        "kind": "french",
        "text": "10",
        "suit": "♦",
        "tone": "red",
        "label": "Karo Zehn",
        "note": "Trumpf",
        "selectable": True,
        "selected": False,
        "highlight": None,
        "group": None,
        "slot": 2,
    }
    assert scene.face_card is scene.french_card


def test_back_card_has_no_identity() -> None:
    view = scene.back_card(1, 4, "en")
    assert view["id"] == "hidden-1-4"
    assert (view["kind"], view["text"], view["suit"], view["tone"]) == ("back", "", "", "")
    assert view["label"] == "face-down card"
    assert scene.hidden_card is scene.back_card


def test_number_and_side_cards() -> None:
    seven = scene.number_card(7, "en", id="m3")
    assert (seven["kind"], seven["text"], seven["tone"], seven["label"]) == (
        "number",
        "7",
        "main",
        "7",
    )
    flip = scene.side_card("2&4", "gold", "en", id="h1", label="flip two and four", note="as −2")
    assert (flip["kind"], flip["tone"], flip["note"]) == ("side", "gold", "as −2")
    with pytest.raises(ValueError, match="tone must be"):
        scene.side_card("+3", "green", "en", id="h2", label="x")


def test_marks_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown highlight role 'glow'"):
        scene.french_card(cards.parse("3♠"), "en", highlight="glow")
    with pytest.raises(TypeError, match="unknown card fields: colour"):
        scene.french_card(cards.parse("3♠"), "en", colour="red")
    for role in scene.ROLES:
        assert scene.french_card(cards.parse("3♠"), "en", highlight=role)["highlight"] == role


def test_zone_badge_option_action_and_score_defaults() -> None:
    grid = scene.zone(
        "t0", "You", [], layout="grid", columns=3, places=9, badges=[scene.badge("total", "14")]
    )
    assert (grid["layout"], grid["columns"], grid["places"]) == ("grid", 3, 9)
    assert grid["badges"] == [
        {"kind": "total", "text": "14", "label": "14", "value": 0, "of": 0, "tone": ""}
    ]
    assert scene.zone("z", "Z", [])["badges"] == []
    assert scene.option(2, "as +4", swatches=3) == {
        "index": 2,
        "label": "as +4",
        "selected": False,
        "emphasis": False,
        "swatches": 3,
    }
    assert scene.action("auto", "Auto", pressed=False)["pressed"] is False
    assert scene.action("play", "Play")["pressed"] is None
    assert scene.score_row("Tablas", [2, 0], "marks") == {
        "label": "Tablas",
        "cells": ["2", "0"],
        "kind": "marks",
    }
    assert scene.score(["A"], [], caption="Deal 1")["caption"] == "Deal 1"


def test_make_scene_fills_every_field_and_rejects_unknown_ones() -> None:
    s = scene.make_scene(game="demo", title="T", locale="de")
    assert set(s) == set(scene.Scene.__annotations__)
    assert set(s["labels"]) == set(scene.Labels.__annotations__)
    assert s["labels"]["empty"] == "(leer)"
    assert (s["size"], s["focus"], s["legend"], s["history"], s["summary"]) == (
        "normal",
        [],
        [],
        None,
        None,
    )
    with pytest.raises(TypeError, match="unknown scene fields: colour"):
        scene.make_scene(game="demo", title="T", colour="red")


def test_scene_is_json_and_size_counts_utf8_bytes() -> None:
    s = scene.make_scene(
        game="demo",
        title="T",
        zones=[scene.zone("t", "T", [scene.french_card(cards.parse("3♠"), "en")])],
    )
    assert json.loads(scene.to_json(s)) == s
    assert scene.size(s) == len(scene.to_json(s).encode("utf-8"))
    assert scene.size(s) > len(scene.to_json(s))  # the suit is multi-byte


def test_to_html_delegates_to_the_static_renderer() -> None:
    s = scene.make_scene(game="demo", title="T")
    from cardwidgets import scene_html

    assert scene.to_html(s) == scene_html.render(s, css=True)
    assert scene.to_html(s, css=False) == scene_html.render(s, css=False)


def test_stylesheet_has_light_dark_large_and_four_colour_rules() -> None:
    css = scene.stylesheet()
    assert '.cw-root[data-theme="dark"]' in css
    assert 'body[data-jp-theme-light="false"]' in css
    assert "prefers-color-scheme: dark" in css
    # Colab's own theme attribute: dark turns the static HTML dark, light keeps it light.
    assert 'html[theme="dark"] body:not([data-jp-theme-light="true"]) .cw-root' in css
    assert 'html:not([theme="light"]) body:not([data-jp-theme-light="true"])' in css
    assert '.cw-root[data-size="large"]' in css
    assert "url(" not in css  # no images, no fonts from a CDN
    for layout in ("fan", "stack", "stock", "grid", "pairs"):
        assert f'.cw-zone[data-layout="{layout}"]' in css, layout
    for role in scene.ROLES:
        assert f'[data-highlight="{role}"]' in css, role
        assert f'[data-preview="{role}"]' in css, role
