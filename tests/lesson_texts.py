"""Lesson texts two test files share: the page's Python tests and its browser tests."""

SIGNS = """\
```lesson
game: pazaak
title.en: Signs
title.de: Vorzeichen
```

```exercise
hands: +1 +1 ±2 | -
deck: 8
tables: 10 | 10 9
standing: no | yes
question: best
prompt.en: You have 18 against 19. Play the best move.
prompt.de: Du hast 18 gegen 19. Spiele den besten Zug.
answers: play ±2 as +2
explanation.en: The ±2 played as +2 makes 20.
explanation.de: Die ±2 als +2 gespielt ergibt 20.
```
"""
"""A card held twice and a card whose sign is chosen (the same card makes two moves)."""
