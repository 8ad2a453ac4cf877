"""The notes under cards in Chromium (static pictures, no server: about a second): a note never
breaks inside a word ("play / ed", "aufgen / omme / n") and two notes never overlap (the
"seeseesee / n n n" of the computer's fanned Panjpar cards), in both sizes, English and German."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardwidgets import panjpar, pazaak
from cardwidgets.present import picture

from .harness import screenshot

pytestmark = pytest.mark.browser

# For each note shown: its words, and for each word how many line boxes it takes (1 when it is
# whole); then every pair of shown notes whose boxes overlap.
JS_NOTES = """(root) => {
  const notes = [...root.querySelectorAll('.cw-note')].filter((n) => n.getClientRects().length);
  const words = [];
  for (const note of notes) {
    const text = note.firstChild;
    const re = /\\S+/g;
    let m;
    while ((m = re.exec(text.data))) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      words.push([m[0], range.getClientRects().length]);
    }
  }
  const boxes = notes.map((n) => n.getBoundingClientRect());
  const overlaps = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, j) => {
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
      overlaps.push([notes[i].textContent, notes[i + 1 + j].textContent]);
  }));
  return {shown: notes.length, words, overlaps};
}"""


def _played_until(state: Any, done: Any) -> Any:
    rng = random.Random(7)
    while not done(state):
        assert not state.is_over, "no such position in this game"
        state = state.play(state.random_move(rng))
    return state


def _positions() -> list[Any]:
    # Panjpar just after the computer picked up three cards: they are "seen" in its fanned hand
    # and "picked up" in the battle zone; Pazaak with two of the computer's side cards "played".
    seen = _played_until(panjpar.new_game(seed=0), lambda s: len(s.view(0).known[1]) >= 3)
    played = _played_until(pazaak.new_game(seed=0), lambda s: len(s.view(0).used[1]) >= 2)
    return [seen, played]


@pytest.mark.parametrize("locale", ["en", "de"])
def test_notes_under_cards_keep_their_words_whole_and_apart(page: Any, locale: str) -> None:
    for state in _positions():
        for size in ("normal", "large"):
            page.set_content(picture(state, 0, locale=locale, size=size).html)
            root = page.locator(".cw-root")
            found = root.evaluate(JS_NOTES)
            name = f"labels-{state.game}-{locale}-{size}"
            screenshot(page, name)
            assert found["shown"] >= 2, (name, found)
            broken = [word for word, lines in found["words"] if lines != 1]
            assert not broken, (name, broken)
            assert not found["overlaps"], (name, found["overlaps"])
