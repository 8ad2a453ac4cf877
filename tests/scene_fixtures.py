"""Fixture scenes shared by the two renderers' tests, and the skeletons both must produce.

``tests/fixtures/scenes/<name>.json`` are these scenes as JSON (read by ``js/fixtures.test.ts``
and by ``tests/test_scene_html.py``); ``tests/fixtures/skeletons/<name>.txt`` is the normalised
element tree of the static renderer's output, which the live renderer (vitest, jsdom) must match
line for line. After changing a renderer or a scene here, rewrite both with::

    uv run python tests/scene_fixtures.py

and check the diff: a skeleton change is a markup change of both renderers.

Between them the scenes use every card kind, zone layout, badge kind, highlight role, score row
kind, options with swatches and emphasis, a toggle, previews, a summary, a legend and the history.
The scenes are made up (no rules are checked) but look like the three games.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

from cardwidgets import cards, scene
from cardwidgets.scene import CardView, Scene
from cardwidgets.scene_html import render

HERE = Path(__file__).resolve().parent / "fixtures"
SCENES = HERE / "scenes"
SKELETONS = HERE / "skeletons"

# Attributes only one renderer has: the live one makes controls focusable and enabled, the
# static one marks its root and resolves no theme.
IGNORED = {"tabindex", "disabled"}


def fc(text: str, **marks: object) -> CardView:
    return scene.french_card(cards.parse(text), "en", **marks)


def side(text: str, tone: str, label: str, **marks: object) -> CardView:
    return scene.side_card(
        text, tone, "en", id=f"side-{label.replace(' ', '-')}", label=label, **marks
    )


TABLIC_PREVIEWS: dict[str, scene.Preview] = {
    "hand:8♦": {
        "cards": [
            {"zone": "table", "card": "3♠", "role": "group", "group": 1},
            {"zone": "table", "card": "5♥", "role": "group", "group": 1},
            {"zone": "table", "card": "8♣", "role": "group", "group": 2},
        ],
        "text": "8♦ captures 3♠ + 5♥ and 8♣",
    },
    "hand:10♠": {"cards": [], "text": "10♠ captures nothing"},
    "table:K♦": {
        "cards": [{"zone": "hand", "card": "J♥", "role": "target", "group": None}],
        "text": "K♦ is worth 1",
    },
}
TABLIC_LEGEND: list[scene.LegendItem] = [
    {"role": "group", "group": 1, "text": "captured together (group 1)"},
    {"role": "group", "group": 2, "text": "group 2"},
    {"role": "playable", "group": None, "text": "you can play it"},
    {"role": "last", "group": None, "text": "the computer's last card"},
    {"role": "hint", "group": None, "text": "the suggested card"},
    {"role": "muted", "group": None, "text": "no capture"},
]


def tablic_play() -> Scene:
    """A Tablić turn: groups on the table, a selected hand card, options, previews, history."""
    table = [
        fc("3♠", highlight="group", group=1),
        fc("5♥", highlight="group", group=1),
        fc("8♣", highlight="group", group=2),
        fc("K♦"),
        fc("A♣", highlight="last"),
    ]
    hand = [
        fc("8♦", selectable=True, selected=True, highlight="playable"),
        fc("10♠", selectable=True, highlight="hint"),
        fc("J♥", selectable=True),
        fc("Q♣", selectable=True, highlight="muted"),
    ]
    pile = [fc("2♣"), fc("10♦")]
    return scene.make_scene(
        game="tablic",
        title="Tablić",
        version=7,
        status="Your turn: choose what 8♦ captures",
        announce="Computer plays A♣",
        banner={"seat": 0, "text": "Your turn: play a card to capture or trail", "tone": "you"},
        zones=[
            scene.zone("opponent-hand", "Computer", [scene.back_card(1, i, "en") for i in range(3)], layout="fan", owner=1, info="3 cards"),
            scene.zone("table", "Table", table, info="5 cards"),
            scene.zone("hand", "Your hand", hand, layout="fan", owner=0),
            scene.zone("pile-0", "Your captures", pile, layout="stack", owner=0, info="2 cards"),
            scene.zone("pile-1", "Computer's captures", [], layout="stack", owner=1),
        ],
        options=[
            scene.option(0, "3♠ + 5♥ and 8♣", selected=True, emphasis=True, swatches=2),
            scene.option(1, "8♣", swatches=1),
        ],
        actions=[
            scene.action("play", "Capture", primary=True),
            scene.action("cancel", "Cancel"),
            scene.action("hint", "Hint", enabled=False),
            scene.action("four-color", "Four colours", pressed=False),
        ],
        previews=TABLIC_PREVIEWS,
        focus=["hand", "table"],
        log=["You play 9♥, capturing 9♠", "Computer plays 4♦", "You play 7♣", "Computer plays A♣"],
        score=scene.score(
            ["You", "Computer"],
            [
                scene.score_row("Deal 1", [12, 9]),
                scene.score_row("Tablas", [7, 0], "marks"),
                scene.score_row("Total", [19, 9], "total"),
            ],
        ),
        legend=TABLIC_LEGEND,
        history={"ply": 14, "plies": 14, "label": "Move 14 of 14"},
        code="T0 5H9S3SQC8C 8D7C|3? 30?KD 2?p3|- 0 1 1|0 0|0 1 0 -",
    )  # fmt: skip


def tablic_start() -> Scene:
    """:func:`tablic_play` before the first move: the history at 0 of 0 and an empty move log,
    both drawn (the slider inert) so that the first move adds no row."""
    made = tablic_play()
    made["log"], made["history"] = [], {"ply": 0, "plies": 0, "label": "Position in the game"}
    return made


def tablic_summary() -> Scene:
    """The end of a deal in German, four colours, dark: a summary with a sheet and the piles."""
    piles = [
        scene.zone(
            "pile-0",
            "Deine Stiche",
            [fc("2♣"), fc("10♦"), fc("A♠"), fc("K♥")],
            layout="stack",
            owner=0,
        ),
        scene.zone("pile-1", "Computer", [fc("7♦"), fc("Q♣")], layout="stack", owner=1),
    ]
    sheet = scene.score(
        ["Du", "Computer"],
        [
            scene.score_row("Punkte", [14, 8]),
            scene.score_row("Tablas", [1, 2], "marks"),
            scene.score_row("Summe", [15, 10], "total"),
        ],
        caption="Runde 1",
    )
    return scene.make_scene(
        game="tablic",
        title="Tablić",
        locale="de",
        version=31,
        four_color=True,
        theme="dark",
        status="Runde vorbei",
        zones=[scene.zone("table", "Tisch", [fc("9♦"), fc("4♣")]), scene.zone("hand", "Deine Hand", [], layout="fan", owner=0)],
        actions=[scene.action("continue", "Weiter", primary=True), scene.action("new", "Neues Spiel")],
        summary={"title": "Runde 1 vorbei", "text": "Du führst mit 15 zu 10.", "score": sheet, "zones": piles, "action": "continue"},
        log=["Du spielst 9♦", "Computer nimmt 7♦"],
        history={"ply": 48, "plies": 48, "label": "Zug 48 von 48"},
    )  # fmt: skip


def panjpar_battle() -> Scene:
    """A Panjpar attack: kills drawn on their attacks, the stock with the trump under it."""
    battle = [
        fc("9♠", slot=0, highlight="target"),
        fc("J♠", slot=0, highlight="beats"),
        fc("9♥", slot=1, highlight="target", selected=True),
        fc("7♥", slot=2, highlight="pickup"),
    ]
    stock = [fc("6♦", note="trump")] + [scene.back_card("stock", i, "en") for i in range(4)]
    hand = [
        fc("10♥", selectable=True, highlight="beats"),
        fc("Q♥", selectable=True, highlight="beats"),
        fc("6♣", selectable=True),
        fc("A♦", selectable=True, highlight="beats"),
    ]
    return scene.make_scene(
        game="panjpar",
        title="Panjpar",
        version=5,
        status="Beat 9♥ or pick up",
        message=scene.message("info", "Choose a card that beats 9♥"),
        banner={"seat": 1, "text": "Computer's turn: please wait", "tone": "them"},
        zones=[
            scene.zone("opponent-hand", "Computer", [scene.back_card(1, i, "en") for i in range(5)], layout="fan", owner=1),
            scene.zone("battle", "Battle", battle, layout="pairs", info="3 attacks",
                       badges=[scene.badge("flag", "pick up?", label="the defender may pick up", tone="bad")]),
            scene.zone("stock", "Stock", stock, layout="stock", info="24 cards"),
            scene.zone("discard", "Beaten", [scene.back_card("discard", 0, "en"), scene.back_card("discard", 1, "en")], layout="stack"),
            scene.zone("hand", "Your hand", hand, layout="fan", owner=0),
        ],
        actions=[
            scene.action("pickup", "Pick up"),
            scene.action("auto", "Play for me", pressed=True),
            scene.action("cancel", "Cancel", enabled=False),
        ],
        previews={"hand:10♥": {"cards": [{"zone": "battle", "card": "9♥", "role": "target", "group": None}], "text": "10♥ beats 9♥"}},
        focus=["hand"],
        legend=[
            {"role": "target", "group": None, "text": "to be beaten"},
            {"role": "beats", "group": None, "text": "beats it"},
            {"role": "pickup", "group": None, "text": "you would pick it up"},
        ],
    )  # fmt: skip


def pazaak_set() -> Scene:
    """A Pazaak set on the projector: two 3×3 tables, big totals, sets won, a stand, side cards."""
    mine = [
        scene.number_card(7, "en", id="m1", label="seven"),
        scene.number_card(10, "en", id="m2", label="ten", highlight="last"),
        side("-3", "minus", "minus three", note="as −3"),
    ]
    theirs = [scene.number_card(v, "en", id=f"o{i}", label=str(v)) for i, v in enumerate([4, 9, 6])]
    theirs.append(side("±1T", "gold", "plus or minus one, tiebreaker", note="as +1"))
    hand = [
        side("+3", "plus", "plus three", selectable=True, highlight="playable"),
        side("±4", "both", "plus or minus four", selectable=True, selected=True),
        side("2&4", "gold", "flip two and four", selectable=True),
        side("D", "gold", "double", selectable=True, highlight="muted"),
        side("±1/2", "both", "plus or minus one or two", selectable=True),
    ]
    return scene.make_scene(
        game="pazaak",
        title="Pazaak",
        version=22,
        size="large",
        status="Your turn: draw, play a side card, stand or end the turn",
        zones=[
            scene.zone("table-1", "Opponent", theirs, layout="grid", owner=1, columns=3, places=9,
                       badges=[scene.badge("total", "20", label="total 20"), scene.badge("lights", "Sets", label="sets won: 1 of 3", value=1, of=3),
                               scene.badge("flag", "stands", label="the opponent stands", tone="good")]),
            scene.zone("table-0", "You", mine, layout="grid", owner=0, columns=3, places=9,
                       badges=[scene.badge("total", "14", label="total 14", tone="bad"), scene.badge("lights", "Sets", label="sets won: 2 of 3", value=2, of=3)]),
            scene.zone("hand-0", "Your side cards", hand, layout="row", owner=0),
            scene.zone("deck", "Main deck", [scene.back_card("deck", 0, "en")], layout="stack", info="31 cards"),
        ],
        options=[scene.option(0, "as +4", emphasis=True), scene.option(1, "as −4", selected=True)],
        actions=[
            scene.action("end-turn", "End turn", primary=True),
            scene.action("stand", "Stand"),
            scene.action("cancel", "Cancel"),
        ],
        previews={"hand-0:±4": {"cards": [{"zone": "table-0", "card": "m2", "role": "hint", "group": None}], "text": "as −4: your total would be 10"}},
        focus=["hand-0"],
        log=[f"Set 3, turn {n}: you draw {n + 2}" for n in range(1, 13)],
        score=scene.score(["You", "Opponent"], [scene.score_row("Sets", [2, 1], "marks")], caption="Match"),
    )  # fmt: skip


def empty_board() -> Scene:
    """A bare scene: empty zones of every layout, no sheet, log, legend or history."""
    layouts = ("row", "fan", "stack", "stock", "grid", "pairs")
    zones = [scene.zone(f"z-{name}", name.title(), [], layout=name) for name in layouts]  # type: ignore[arg-type]
    return scene.make_scene(game="demo", title="Empty", zones=zones)


FIXTURES = {
    "tablic_play": tablic_play,
    "tablic_start": tablic_start,
    "tablic_summary": tablic_summary,
    "panjpar_battle": panjpar_battle,
    "pazaak_set": pazaak_set,
    "empty_board": empty_board,
}


class _Skeleton(HTMLParser):
    VOID = frozenset({"input", "br", "img", "meta", "link", "hr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.depth = 0
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "style":
            self.skip += 1
            return
        self.lines.append("  " * self.depth + tag + skeleton_attrs(dict(attrs)))
        if tag not in self.VOID:
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self.skip -= 1
        elif tag not in self.VOID:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip and data.strip():
            self.lines.append("  " * self.depth + json.dumps(data.strip(), ensure_ascii=False))


def skeleton_attrs(attrs: dict[str, str | None]) -> str:
    """The attributes both renderers must agree on, sorted, as ` name="value"` (JSON strings)."""
    out = []
    root = "cw-root" in (attrs.get("class") or "").split()
    for name in sorted(attrs):
        value = attrs[name] or ""
        if name in IGNORED or (root and name == "data-theme"):
            continue
        if name == "class":
            value = " ".join(c for c in value.split() if c != "cw-static")
        out.append(f" {name.lower()}={json.dumps(value, ensure_ascii=False)}")
    return "".join(out)


def skeleton(page: str) -> str:
    """The normalised element tree of rendered HTML: one line per element or text."""
    parser = _Skeleton()
    parser.feed(page)
    parser.close()
    return "\n".join(parser.lines) + "\n"


def write() -> None:
    """Rewrite the JSON scenes and the skeletons from this module and the static renderer."""
    SCENES.mkdir(parents=True, exist_ok=True)
    SKELETONS.mkdir(parents=True, exist_ok=True)
    for name, make in FIXTURES.items():
        made = make()
        text = json.dumps(made, ensure_ascii=False, indent=1) + "\n"
        (SCENES / f"{name}.json").write_text(text, encoding="utf-8")
        (SKELETONS / f"{name}.txt").write_text(skeleton(render(made, css=False)), encoding="utf-8")


if __name__ == "__main__":
    write()
