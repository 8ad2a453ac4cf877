// Suit shapes on a 100x100 view box, drawn for this package. cardwidgets/scene_faces.py SUIT_PATHS
// holds the same strings (tests/test_scene_html.py checks they agree), so both renderers draw the
// same cards.

export const SUIT_PATHS: Record<string, string> = {
  S:
    "M50 6C70 30 94 44 94 62C94 76 83 84 72 84C63 84 56 80 53 74C54 84 58 90 66 96H34" +
    "C42 90 46 84 47 74C44 80 37 84 28 84C17 84 6 76 6 62C6 44 30 30 50 6Z",
  H:
    "M50 90C20 66 6 50 6 31C6 17 17 7 30 7C40 7 47 13 50 21C53 13 60 7 70 7" +
    "C83 7 94 17 94 31C94 50 80 66 50 90Z",
  D: "M50 4L86 50L50 96L14 50Z",
  C:
    "M32 28a18 18 0 1 0 36 0a18 18 0 1 0-36 0ZM10 60a18 18 0 1 0 36 0a18 18 0 1 0-36 0Z" +
    "M54 60a18 18 0 1 0 36 0a18 18 0 1 0-36 0ZM46 56C46 76 42 88 33 96H67C58 88 54 76 54 56Z",
};

/** Suit symbol to a letter, used as a CSS/test hook (the card shows the suit's shape). */
export const SUIT_LETTERS: Record<string, string> = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
