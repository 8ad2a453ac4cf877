"""The teacher panel's words, en and de: its labels, the opponents' names,
and the refusals of its controls (:mod:`cardwidgets.widgets.teacher`).

>>> from cardwidgets import i18n
>>> i18n.text("widget.teacher.title", "de"), i18n.text("widget.teacher.opponent.expert", "de")
('Lehrkraft', 'Experte')
"""

from __future__ import annotations

from cardwidgets import i18n

__all__: list[str] = []

i18n.register(
    {
        "widget.teacher.title": {"en": "Teacher", "de": "Lehrkraft"},
        "widget.teacher.opponent": {"en": "Opponent", "de": "Gegner"},
        "widget.teacher.opponent.random": {"en": "Random", "de": "Zufällig"},
        "widget.teacher.opponent.greedy": {"en": "Greedy", "de": "Gierig"},
        "widget.teacher.opponent.expert": {"en": "Expert", "de": "Experte"},
        "widget.teacher.opponent.human": {
            "en": "Nobody (two learners)",
            "de": "Niemand (zwei Lernende)",
        },
        "widget.teacher.opponent.other": {
            "en": "Own player: {name}",
            "de": "Eigener Spieler: {name}",
        },
        "widget.teacher.seed": {"en": "Seed", "de": "Startwert"},
        # not just "New game": the board's own New game button asks first and takes no seed
        "widget.teacher.new": {"en": "New game from seed", "de": "Neues Spiel mit Startwert"},
        "widget.teacher.undo": {"en": "↶ Undo my move", "de": "↶ Zug zurücknehmen"},
        "widget.teacher.reveal": {
            "en": "Reveal the computer's hand",
            "de": "Hand des Computers aufdecken",
        },
        "widget.teacher.off": {
            "en": "The teacher controls are off; a teacher turns them on in Python "
            "(teacher=True). Nothing changed.",
            "de": "Die Bedienelemente für Lehrkräfte sind aus; eine Lehrkraft schaltet sie in "
            "Python ein (teacher=True). Nichts wurde geändert.",
        },
        "widget.teacher.bad_seed": {
            "en": "A seed is a whole number (0 or more) or a short word of letters and digits "
            "(at most 64), not {seed}. Nothing changed.",
            "de": "Ein Startwert ist eine ganze Zahl (ab 0) oder ein kurzes Wort aus Buchstaben "
            "und Ziffern (höchstens 64), nicht {seed}. Nichts wurde geändert.",
        },
        "widget.teacher.opponent_choices": {
            "en": "random, greedy, expert, human, None or a player with choose(state)",
            "de": "random, greedy, expert, human, None oder ein Spieler mit choose(state)",
        },
        "widget.teacher.opponent_set": {
            "en": "The opponent is now {name}; it plays from its next move.",
            "de": "Der Gegner ist jetzt {name}; er spielt ab seinem nächsten Zug.",
        },
        "widget.teacher.new_seed": {
            "en": "A new game has started (seed {seed}).",
            "de": "Ein neues Spiel hat begonnen (Startwert {seed}).",
        },
        "widget.teacher.nothing_to_undo": {
            "en": "There is no move of yours to take back.",
            "de": "Es gibt keinen Zug von dir, der sich zurücknehmen ließe.",
        },
        "widget.teacher.undone": {
            "en": "{n:# move|# moves} taken back: your turn again (move {ply}).",
            "de": "{n:# Zug|# Züge} zurückgenommen: du bist wieder dran (Zug {ply}).",
        },
        "widget.teacher.undone_one": {
            "en": "{n:# move|# moves} taken back (move {ply}).",
            "de": "{n:# Zug|# Züge} zurückgenommen (Zug {ply}).",
        },
    }
)
