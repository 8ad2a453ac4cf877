"""Positions of Tablić's last round for ``test_tablic_lastround.py`` and
``benchmarks/bench_lastround.py`` (which loads this file from its own checkout's ``tests/``):
the first of a seeded greedy deal, and random small ones.

The positions follow from the seeds and the order of the draws: change either and the tests'
positions and the benchmark's recorded figures (``lastround.json``) change with them.
"""

from __future__ import annotations

import random

from cardwidgets import bots, cards, tablic


def greedy_last_round(seed: int) -> tablic.State:
    """The first position of the last round of a seeded greedy deal: six cards each."""
    players = [bots.make("greedy", seed=f"lastround:{seed}:{s}") for s in (0, 1)]
    state = tablic.new_game(seed=f"lastround:{seed}")
    while state.stock or len(state.hands[state.to_move or 0]) < 6:
        assert state.to_move is not None
        state = state.play(players[state.to_move].choose(state))
    return state


def random_last_round(
    rng: random.Random, rules: tablic.Rules | None = None, *, varied: bool = True
) -> tablic.State:
    """A last-round position: up to three cards for the seat to move, as many or one fewer for
    the other, up to five table cards, some cards in the piles (a lead in cards either way).

    ``varied`` adds a tabla or none for each seat and, one time in five, no last capturer
    though the piles hold cards; without it there are no tablas and the piles always have a
    last capturer (the benchmark's positions, as recorded).

    >>> state = random_last_round(random.Random(0))
    >>> state.stock, state.deal_number, 1 <= len(state.hands[state.to_move]) <= 3
    ((), 1, True)
    """
    deck = list(cards.DECK)
    rng.shuffle(deck)
    mover = rng.randrange(2)
    mine = rng.randint(1, 3)
    theirs = rng.choice([mine, mine - 1])
    hands: list[list[cards.Card]] = [[], []]
    hands[mover], hands[1 - mover] = deck[:mine], deck[mine : mine + theirs]
    rest = deck[mine + theirs :]
    table_size = rng.randint(0, 5)
    table, rest = rest[:table_size], rest[table_size:]
    split = rng.randint(0, 20)
    piles = (rest[:split], rest[split : split + rng.randint(0, 20)])
    captured = bool(piles[0] or piles[1])
    dealer = rng.randrange(2)
    # The draws in this order: each seeded run gives the positions it gave before.
    if varied:
        tablas = (rng.randint(0, 1), rng.randint(0, 1))
        last_capturer = rng.randrange(2) if captured and rng.random() < 0.8 else None
    else:
        tablas = (0, 0)
        last_capturer = rng.randrange(2) if captured else None
    return tablic.State.from_position(
        table=table, hands=hands, to_move=mover, dealer=dealer, rules=rules, piles=piles,
        tablas=tablas, last_capturer=last_capturer,
    )  # fmt: skip
