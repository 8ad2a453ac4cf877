"""The static renderer: same markup as the live one (shared fixture skeletons), cards by kind,
layouts, badges, panels, escaping, and readable without the stylesheet."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import scene_fixtures as fx

from cardwidgets import cards, scene, scene_faces
from cardwidgets.scene_html import render, slots

ROOT = Path(__file__).resolve().parent.parent
NAMES = sorted(fx.FIXTURES)


def page_of(name: str) -> str:
    return render(fx.FIXTURES[name](), css=False)


def test_fixture_files_are_up_to_date() -> None:
    """The JSON scenes and skeletons on disk are what tests/scene_fixtures.py makes now."""
    assert sorted(p.stem for p in fx.SCENES.glob("*.json")) == NAMES
    for name in NAMES:
        made = fx.FIXTURES[name]()
        on_disk = json.loads((fx.SCENES / f"{name}.json").read_text(encoding="utf-8"))
        assert on_disk == made, f"{name}.json is stale: run uv run python tests/scene_fixtures.py"
        expected = (fx.SKELETONS / f"{name}.txt").read_text(encoding="utf-8")
        assert fx.skeleton(render(on_disk, css=False)) == expected, f"{name}.txt is stale"


@pytest.mark.parametrize("name", NAMES)
def test_every_card_carries_its_hooks_label_kind_and_index(name: str) -> None:
    made = fx.FIXTURES[name]()
    page = page_of(name)
    summary = made["summary"]
    everything = [
        c for z in [*made["zones"], *(summary["zones"] if summary else [])] for c in z["cards"]
    ]
    assert page.count('class="cw-card"') == len(everything)
    for card in everything:
        tag = re.search(rf'<span class="cw-card" data-card="{re.escape(card["id"])}"[^>]*>', page)
        assert tag is not None, card["id"]
        assert f'data-kind="{card["kind"]}"' in tag.group(0)
        width = 72 if made["size"] == "large" else 45
        after = page[tag.end() :]
        assert after.startswith(f'<svg class="cw-face" viewBox="0 0 60 84" width="{width}"')
        # A picture card is named itself; a button card by its face (a named picture).
        named = after.split(">")[0] if card["selectable"] else tag.group(0)
        assert f'aria-label="{card["label"]}' in named
        assert ("aria-label" in tag.group(0)) is not card["selectable"]
        if card["kind"] == "french":
            assert f'data-suit="{scene_faces.SUIT_LETTERS[card["suit"]]}"' in tag.group(0)
            assert (
                scene_faces.SUIT_PATHS[scene_faces.SUIT_LETTERS[card["suit"]]]
                in after.split("</svg>")[0]
            )
        if card["kind"] != "back":
            assert f">{card['text'].replace('&', '&amp;')}</text>" in after.split("</svg>")[0]


def test_grid_places_badges_and_lights() -> None:
    page = page_of("pazaak_set")
    grid = page.split('data-zone="table-0"')[1].split("</section>")[0]
    assert 'style="--cw-columns: 3"' in grid
    assert grid.count('class="cw-place"') == 9
    assert grid.count('data-empty="true"') == 6
    assert '<span class="cw-total">14</span>' in grid
    assert grid.count('data-lit="true"') == 2 and grid.count('data-lit="false"') == 1
    assert 'aria-label="sets won: 2 of 3"' in grid
    assert 'data-badge="flag" data-tone="good"' in page
    assert 'data-root="large"' not in page and 'data-size="large"' in page


def test_pairs_stock_and_toggle() -> None:
    page = page_of("panjpar_battle")
    battle = page.split('data-zone="battle"')[1].split("</section>")[0]
    assert [m.count('class="cw-card"') for m in battle.split('class="cw-pair"')[1:]] == [2, 1, 1]
    stock = page.split('data-zone="stock"')[1].split("</section>")[0]
    assert stock.count('data-kind="back"') == 4 and stock.count('data-kind="french"') == 1
    assert '<span class="cw-note" aria-hidden="true">trump</span>' in stock
    assert re.search(r'data-action="auto"[^>]*aria-pressed="true"', page)


def test_summary_sheet_marks_and_legend() -> None:
    page = page_of("tablic_summary")
    summary = page.split('<section class="cw-summary"')[1].split("</section>\n")[0]
    assert '<h3 class="cw-summary-title">Runde 1 vorbei</h3>' in summary
    assert 'class="cw-action cw-continue"' in summary and page.count('data-action="continue"') == 1
    assert '<td data-count="2" aria-label="Tablas 2">' in summary
    assert '<tr class="cw-row" data-kind="total">' in summary
    assert "cw-legend" not in page  # no legend entries: no legend
    assert 'data-paused="true"' in page and 'data-four-color="true"' in page


def test_legend_history_options_previews() -> None:
    page = page_of("tablic_play")
    roles = re.findall(r'<li class="cw-legend-item" data-role="([a-z]+)">', page)
    assert roles == ["group", "group", "playable", "last", "hint", "muted"]
    assert (
        '<input class="cw-history-range" type="range" min="0" max="14" step="1" value="14"' in page
    )
    assert 'data-option="0" data-nav="option" data-emphasis="true" aria-pressed="true"' in page
    assert page.count('class="cw-swatch"') == 3
    assert '<p class="cw-hint" aria-live="polite"></p>' in page
    assert "<script" not in page and "onclick" not in page


def test_empty_zones_use_the_scene_word() -> None:
    page = page_of("empty_board")
    assert page.count('<span class="cw-empty">(empty)</span>') == 6
    made = fx.empty_board()
    made["labels"]["empty"] = "(leer)"
    assert "(leer)" in render(made, css=False)


def test_escapes_text() -> None:
    s = scene.make_scene(game="demo", title="T", status='<img src=x onerror="alert(1)">')
    s["zones"] = [
        scene.zone("z", '"><b>', [scene.side_card("<3", "plus", "en", id='x"y', label="a&b")])
    ]
    page = render(s, css=False)
    assert "<img" not in page and "<b>" not in page
    assert '&lt;img src=x onerror="alert(1)"&gt;' in page
    assert 'data-card="x&quot;y"' in page and ">&lt;3</text>" in page


def test_css_is_inlined_on_request() -> None:
    s = scene.make_scene(game="demo", title="T")
    assert render(s).startswith("<style>") and ".cw-root" in render(s)
    assert not render(s, css=False).startswith("<style>")


def test_slots_group_by_first_appearance() -> None:
    c = [
        scene.french_card(cards.parse(t), "en", slot=s)
        for t, s in [("9♠", 1), ("7♥", None), ("J♠", 1), ("6♣", 0)]
    ]
    assert [[x["id"] for x in g] for g in slots(c)] == [["9♠", "J♠"], ["7♥"], ["6♣"]]


def test_four_colour_inks() -> None:
    diamond = scene.french_card(cards.parse("4♦"), "en")
    assert scene_faces.ink_of(diamond, False) == "#c8102e"
    assert scene_faces.ink_of(diamond, True) == "#1250c4"
    assert scene_faces.ink_of(scene.french_card(cards.parse("4♣"), "en"), True) == "#137a2e"


def test_suit_shapes_match_the_front_end() -> None:
    source = (ROOT / "js" / "suits.ts").read_text(encoding="utf-8")
    for letter, path in scene_faces.SUIT_PATHS.items():
        block = re.search(rf"\n  {letter}:\s*((?:\"[^\"]*\"\s*\+?\s*)+),", source)
        assert block is not None, letter
        assert "".join(re.findall(r'"([^"]*)"', block.group(1))) == path, letter


def test_a_card_is_named_by_label_note_group_and_role_and_a_button_by_its_face() -> None:
    """Screen readers hear what the outline, the number and the note show; a button
    card is named by its face, a named picture, so its drawn index need not be in a label."""
    three = scene.french_card(cards.parse("3♠"), "de", highlight="group", group=2)
    seven = scene.french_card(cards.parse("7♣"), "de", highlight="last", note="Trumpf")
    eight = scene.french_card(cards.parse("8♦"), "de", selectable=True, highlight="beats")
    made = scene.make_scene(
        game="demo",
        title="Demo",
        locale="de",
        zones=[scene.zone("table", "Tisch", [three, seven]), scene.zone("hand", "Hand", [eight])],
    )
    page = render(made, css=False)
    assert f'aria-label="{three["label"]}, Gruppe 2"' in page
    assert f'aria-label="{seven["label"]}, Trumpf, eben gespielt"' in page
    button = re.search(r'<span class="cw-card" data-card="8♦"[^>]*>(<svg[^>]*>)', page)
    assert button is not None and "aria-label" not in button.group(0).split("<svg")[0]
    assert f'role="img" aria-label="{eight["label"]}, schlägt die gewählte Karte"' in button[1]
    # No landmarks inside the widget's region: no <header> (a banner), zones are groups.
    assert "<header" not in page
    assert re.search(r'<section class="cw-zone" data-zone="table"[^>]* role="group"', page)
    # The score sheet's corner heads nothing: a plain cell, not an empty header.
    made["score"] = scene.score(["Du", "Computer"], [scene.score_row("Gesamt", [1, 2])])
    assert '<thead><tr><td></td><th scope="col">Du</th>' in render(made, css=False)


def test_a_tabla_tally_draws_one_dot_a_tabla_never_a_lone_stroke_like_a_cursor() -> None:
    page = page_of("tablic_summary")
    cells = re.findall(r'<td data-count="(\d+)"[^>]*>(.*?)</td>', page)
    counted = [(int(n), body) for n, body in cells if int(n) > 0]
    assert counted
    for n, body in counted:
        assert body.count("<circle") == n and "<line" not in body, body
