"""The lab: test rule hypotheses by playing many seeded games.

Three functions answer the three kinds of question a learner asks:

* :func:`simulate` plays ``games`` seeded games and returns :class:`Results`, one plain row per
  game (seed, winner, scores, length and game facts such as tablas or sets won);
* :func:`check` tests a *claim*, a function of a finished game (or, with ``per_state=True``, of
  every state along the way): how often it held, a 95% interval, and the first counterexamples
  as replayable records;
* :func:`compare` plays the same seeds under rule variants or player pairings and reports each
  variant and its difference from the baseline, with intervals.

And contests of bots: :func:`tournament` (a round robin or gauntlet on duplicate deals, kept
game by game, with :func:`ratings` by maximum likelihood and a leaderboard) and :func:`sprt`
(plays pairs of duplicate games until a sequential test decides "is a better than b?").

>>> from cardwidgets import lab
>>> results = lab.simulate("panjpar", games=20, seed=1)
>>> len(results.rows), sorted(results.rows[0])[:4]
(20, ['first', 'game', 'length', 'score0'])
>>> lab.simulate("panjpar", games=20, seed=1).rows == results.rows
True

Trade-offs:

* Rows are plain JSON-safe dicts, not a DataFrame: the lab needs only the standard library;
  pandas and matplotlib (the ``lab`` extra) are imported only by :meth:`Results.to_pandas` and
  :meth:`Results.plot`. A run keeps them by column (:mod:`~cardwidgets.lab.table`, about 100
  bytes a game) and makes the dicts when they are read.
* Game ``i`` is dealt from :func:`game_seed` ``(seed, i)`` and both players are reseeded from it,
  so a row never depends on chunking, on the executor or on the other games: a process pool or a
  Dask cluster gives exactly the rows of an in-process run.
* Work goes to an executor in chunks of many games, so the cost of shipping a task is paid once
  per chunk, not per game; counterexamples are capped per chunk and merged by game index.
* A claim that plain pickle cannot carry (a lambda typed in a notebook) is sent with cloudpickle
  when that is installed (it comes with Dask); otherwise define it at module level.
* Intervals are Wilson score intervals for rates and normal intervals for means and paired
  differences: good enough to teach with, and stated as 95% everywhere.

The package, one module per concern: :mod:`~cardwidgets.lab.verbs` (the three functions),
:mod:`~cardwidgets.lab.results`, :mod:`~cardwidgets.lab.claims` and
:mod:`~cardwidgets.lab.comparison` (what they return), :mod:`~cardwidgets.lab.stats` (rates and
means with intervals), :mod:`~cardwidgets.lab.display` (numbers, tables, plots),
:mod:`~cardwidgets.lab.players`, :mod:`~cardwidgets.lab.jobs` and :mod:`~cardwidgets.lab.units`
(what a run asks for), :mod:`~cardwidgets.lab.run`, :mod:`~cardwidgets.lab.progress` and
:mod:`~cardwidgets.lab.limits` (chunks on executors), :mod:`~cardwidgets.lab.play` and
:mod:`~cardwidgets.lab.seeds` (what a worker runs), :mod:`~cardwidgets.lab.errors` and
:mod:`~cardwidgets.lab.words` (its sentences); the contests: :mod:`~cardwidgets.lab.contest`
(bots, deals, the plan), :mod:`~cardwidgets.lab.tournament` (a game, the run, the results file),
:mod:`~cardwidgets.lab.ratings`, :mod:`~cardwidgets.lab.sprt` (the test's statistics),
:mod:`~cardwidgets.lab.stopping` (the test played), :mod:`~cardwidgets.lab.leaderboard`,
:mod:`~cardwidgets.lab.bot_files` and :mod:`~cardwidgets.lab.contest_words` (their sentences).
"""

from __future__ import annotations

# Besides ``__all__``, the names imported "as" themselves stay public as before the package.
from cardwidgets.lab import words as words
from cardwidgets.lab.claims import CheckResult, Counterexample
from cardwidgets.lab.comparison import Comparison
from cardwidgets.lab.errors import (
    ClaimError,
    GameError,
    Interrupted,
    LabError,
    RunError,
    WorkerError,
)
from cardwidgets.lab.errors import NotPortable as NotPortable
from cardwidgets.lab.errors import NotTrueOrFalse as NotTrueOrFalse
from cardwidgets.lab.errors import NoWidget as NoWidget
from cardwidgets.lab.errors import PlayersError as PlayersError
from cardwidgets.lab.jobs import Job as Job
from cardwidgets.lab.limits import MAX_GAMES, MAX_WORKERS
from cardwidgets.lab.limits import NO_PROCESSES as NO_PROCESSES
from cardwidgets.lab.play import Chunk as Chunk
from cardwidgets.lab.play import Failure as Failure
from cardwidgets.lab.ratings import Ratings, ratings
from cardwidgets.lab.results import Results
from cardwidgets.lab.sandbox import BotFault, SealedBot
from cardwidgets.lab.seeds import game_seed
from cardwidgets.lab.stats import Z95 as Z95
from cardwidgets.lab.stats import Estimate, estimate_mean, estimate_rate

# ``from`` a module binds its names after loading it: ``lab.tournament`` and ``lab.sprt`` are
# the functions, their modules stay importable by their full names (tests/test_lab_contest.py).
from cardwidgets.lab.stopping import SprtResult, sprt
from cardwidgets.lab.tournament import Tournament, tournament
from cardwidgets.lab.verbs import check, compare, simulate

__all__ = [
    "MAX_GAMES",
    "MAX_WORKERS",
    "BotFault",
    "CheckResult",
    "ClaimError",
    "Comparison",
    "Counterexample",
    "Estimate",
    "GameError",
    "Interrupted",
    "LabError",
    "Ratings",
    "Results",
    "RunError",
    "SealedBot",
    "SprtResult",
    "Tournament",
    "WorkerError",
    "check",
    "compare",
    "estimate_mean",
    "estimate_rate",
    "game_seed",
    "ratings",
    "simulate",
    "sprt",
    "tournament",
]
