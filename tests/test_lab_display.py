"""The lab's own tables and charts: HTML and SVG without pandas or matplotlib, in
both languages, readable in dark mode, and estimates in plain words."""

from __future__ import annotations

import html
import sys
import xml.etree.ElementTree as ET

import pytest

from cardwidgets import lab
from cardwidgets.lab import display
from cardwidgets.lab.comparison import metric_words as comparison_words


@pytest.fixture(scope="module")
def results() -> lab.Results:
    return lab.simulate("pazaak", games=20, seed=1, progress=False)


@pytest.fixture
def no_extras(monkeypatch: pytest.MonkeyPatch) -> None:
    """pandas and matplotlib cannot be imported (as in the classroom site's Pyodide)."""
    for name in ("pandas", "matplotlib", "matplotlib.pyplot"):
        monkeypatch.setitem(sys.modules, name, None)


def svg_of(shown: display.Shown) -> ET.Element:
    return ET.fromstring(shown._repr_html_())


def test_win_chart_is_svg_without_matplotlib(results: lab.Results, no_extras: None) -> None:
    chart = results.chart()
    svg = svg_of(chart)
    ns = "{http://www.w3.org/2000/svg}"
    assert svg.get("role") == "img"
    assert len(svg.findall(f"{ns}rect")) == 2  # a bar per seat
    texts = [t.text for t in svg.iter(f"{ns}text")]
    assert "45.0%" in texts and "55.0%" in texts
    assert "seat 0 (random)" in texts
    # Text and axes take the theme's colour: readable on a dark background too.
    assert all(t.get("fill") == "currentColor" for t in svg.iter(f"{ns}text"))
    assert "45.0% (95% interval 25.8% to 65.8%; 9 of 20)" in str(chart)


def test_chart_speaks_german(results: lab.Results, no_extras: None) -> None:
    chart = results.chart(locale="de")
    texts = [t.text for t in svg_of(chart).iter("{http://www.w3.org/2000/svg}text")]
    assert "45,0%" in texts and "Platz 0 (random)" in texts and "Siegquote" in texts
    assert "pazaak, 20 Partien" in str(chart)


def test_histogram_of_a_column(results: lab.Results, no_extras: None) -> None:
    chart = results.chart("length", locale="de")
    bars = svg_of(chart).findall("{http://www.w3.org/2000/svg}rect")
    counts = [
        int(b.find("{http://www.w3.org/2000/svg}title").text.rsplit(": ", 1)[1]) for b in bars
    ]
    assert sum(counts) == 20
    assert str(chart).startswith("pazaak, 20 Partien: 20 Werte von ")


def test_show_is_a_table_without_pandas(results: lab.Results, no_extras: None) -> None:
    shown = results.show(["game", "winner", "score0"], head=3)
    html = shown._repr_html_()
    assert html.count("<tr>") == 4  # the header and three rows
    assert "<th>score0</th>" in html
    assert str(shown).splitlines()[0].split() == ["game", "winner", "score0"]


def test_show_refuses_an_unknown_column_with_a_reason(results: lab.Results) -> None:
    with pytest.raises(lab.LabError, match="no column “points”; the columns are: game, seed"):
        results.show(["game", "points"])
    with pytest.raises(lab.LabError) as refused:
        results.chart("points")
    assert refused.value.text("de").startswith("Es gibt keine Spalte „points“")


def test_won_says_the_estimate_in_plain_words(results: lab.Results) -> None:
    assert results.won(0, "en") == "seat 0 won 45% of matches (95% interval 26–66%)"
    assert results.won(1, "de") == "Platz 1 gewann 55% der Partien (95%-Intervall 34–74%)"


def test_check_and_compare_draw_their_charts(no_extras: None) -> None:
    claim = lab.check(lambda s: s.outcome.winner == 0, "pazaak", games=10, seed=2, progress=False)
    assert "<svg" in claim.chart()._repr_html_()
    assert str(claim.chart("de")).startswith("Wie oft die Behauptung galt")
    comparison = lab.compare(
        "pazaak",
        players={"a": ("greedy:stand_at=15", "greedy"), "b": ("greedy:stand_at=17", "greedy")},
        games=10,
        seed=3,
        progress=False,
    )
    svg = svg_of(comparison.chart())
    labels = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert "a" in labels and "b" in labels


def test_compare_names_its_built_in_metric_in_plain_words_not_its_key(no_extras: None) -> None:
    # The notebook's comparison table and chart axis read "win0".
    comparison = lab.compare(
        "pazaak",
        players={"a": ("greedy:stand_at=15", "greedy"), "b": ("greedy:stand_at=17", "greedy")},
        games=10,
        seed=3,
        progress=False,
    )
    pages = [comparison._repr_html_(), comparison.chart()._repr_html_()]
    shown = [comparison.table("en"), *map(html.unescape, pages)]
    assert not [text for text in shown if "win0" in text]
    assert all("seat 0's win rate" in text for text in shown)
    assert "Siegquote von Platz 0" in comparison.table("de")
    assert "Siegquote von Platz 0" in str(comparison.chart("de"))
    # a column or function given as the metric keeps its own name
    assert comparison_words("score0") == "score0"
