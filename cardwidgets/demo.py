"""One seeded Tablić deal between two simple players, told move by move.

Run it as ``python -m cardwidgets.demo [--seed N] [--locale de]``. The players are deliberately
simple: take the capture worth the most points, then the most cards; with nothing to capture,
lay the card worth least. Everything printed goes through :mod:`cardwidgets.i18n`.

>>> print(run(seed=1).splitlines()[0])
Tablić: one deal between two simple players (seed 1)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from cardwidgets import cards, i18n
from cardwidgets.games import tablic
from cardwidgets.table import Table


def choose(state: tablic.State) -> tablic.Move:
    """The simple player: best capture by (points, cards), else trail the cheapest card."""
    moves = state.legal_moves()
    captures = [m for m in moves if m.captured]
    if captures:
        return max(captures, key=lambda m: (_points(m), len(m.captured), -moves.index(m)))
    return min(moves, key=lambda m: (tablic.card_points(m.card), tablic.played_value(m.card),
                                     m.card.index))  # fmt: skip


class SimplePlayer:
    """The simple player of :func:`choose`, as a seat of a :class:`~cardwidgets.table.Table`.

    >>> state = tablic.new_game(seed=1)
    >>> SimplePlayer().choose(state) == choose(state)
    True
    """

    def choose(self, state: tablic.State) -> tablic.Move:
        """The simple player's move (:func:`choose`)."""
        return choose(state)


def _points(move: tablic.Move) -> int:
    return tablic.card_points(move.card) + sum(map(tablic.card_points, move.captured))


def run(seed: int | str = 1, locale: str | None = None) -> str:
    """Play deal 1 of a match seeded with ``seed`` and return the story as text."""
    say = []
    # The deal is played at a table of two simple players; it pauses when the deal ends.
    table = Table("tablic", seed=seed, players=(SimplePlayer(), SimplePlayer()))
    state = table.state

    def player(seat: int) -> str:
        return i18n.text("tablic.player", locale, n=seat + 1)

    say.append(i18n.text("demo.title", locale, seed=seed))
    say.append(i18n.text("demo.players", locale))
    say.append("")
    bottom = state.stock_bottom
    say.append(i18n.text("demo.deal", locale, dealer=player(state.dealer),
                         table=cards.format_cards(state.table),
                         bottom=bottom if bottom else "-"))  # fmt: skip
    number = 0
    shown_round = 0
    while not table.paused and not state.is_over:
        if state.round != shown_round:
            shown_round = state.round
            say.append("")
            say.append(i18n.text("demo.round", locale, round=shown_round))
            for seat in (1 - state.dealer, state.dealer):
                say.append(i18n.text("demo.hand", locale, player=player(seat),
                                     cards=cards.format_cards(state.hands[seat])))  # fmt: skip
        table.step()
        state = table.state
        number += 1
        story = state.describe_last_move(locale)
        say.append(f"{number:3d}. {story}")
    result = state.deal_results[0]
    say.append("")
    say.extend(_score_table(result, locale, player))
    if result.scores[0] != result.scores[1]:
        best = 0 if result.scores[0] > result.scores[1] else 1
        say.append(i18n.text("demo.winner", locale, player=player(best)))
    else:
        say.append(i18n.text("demo.draw", locale))
    return "\n".join(say)


def _score_table(result: tablic.DealResult, locale: str | None, player: object) -> list[str]:
    assert callable(player)
    rows = [
        ("demo.row.cards", result.cards),
        ("demo.row.points", result.points),
        ("demo.row.most", result.most_cards),
        ("demo.row.tablas", result.tablas),
        ("demo.row.total", result.scores),
    ]
    labels = [i18n.text(key, locale) for key, _ in rows]
    width = max(len(label) for label in labels) + 2
    heads = [str(player(0)), str(player(1))]
    column = max(len(h) for h in heads) + 2
    lines = [i18n.text("demo.score_title", locale),
             " " * width + "".join(h.rjust(column) for h in heads)]  # fmt: skip
    for label, (_, pair) in zip(labels, rows, strict=True):
        lines.append(label.ljust(width) + "".join(str(v).rjust(column) for v in pair))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m cardwidgets.demo [--seed N] [--locale de]``."""
    parser = argparse.ArgumentParser(
        prog="python -m cardwidgets.demo",
        description="Play one seeded Tablić deal between two simple players and tell it.",
    )
    parser.add_argument("--seed", default="1", help="deal seed (an integer or any text)")
    parser.add_argument("--locale", default="en", choices=i18n.LOCALES, help="language")
    args = parser.parse_args(argv)
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    text = run(seed, args.locale)
    out = sys.stdout
    try:
        out.write(text + "\n")
    except UnicodeEncodeError:  # a console without UTF-8: fall back to ASCII suits
        out.write(_ascii(text) + "\n")
    return 0


def _ascii(text: str) -> str:
    return text.translate(str.maketrans("♠♥♦♣", "SHDC"))


if __name__ == "__main__":
    raise SystemExit(main())
