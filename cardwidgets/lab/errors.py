"""The lab's refusals and the errors of a run that stopped early.

Every class says ``__module__ = "cardwidgets.lab"``: tracebacks print ``cardwidgets.lab.ClaimError``
as before the lab became a package, and pickle finds the class there (a worker process sends a
failed game's error back whole).

>>> from cardwidgets import lab
>>> err = lab.LabError("lab.bad_games", games="0")
>>> isinstance(err, ValueError), err.text("de")
(True, 'games muss eine positive ganze Zahl sein, nicht 0')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwidgets import i18n

if TYPE_CHECKING:
    from cardwidgets.lab.claims import CheckResult
    from cardwidgets.lab.play import Failure, Row
    from cardwidgets.lab.results import Results
    from cardwidgets.lab.units import AnyState, Record

__all__ = [
    "ClaimError",
    "GameError",
    "Interrupted",
    "LabError",
    "NoWidget",
    "NotPortable",
    "NotTrueOrFalse",
    "PlayersError",
    "RunError",
    "WorkerError",
]


class LabError(i18n.TranslatedError):
    """A lab request that cannot run (a bad setting) or a run that stopped (:class:`RunError`).
    A ``ValueError`` whose message is in the current locale, like every refusal of the project.
    """

    __module__ = "cardwidgets.lab"


class PlayersError(LabError, TypeError):
    """Players that are not two players or one for both (also a ``TypeError``, as before)."""

    __module__ = "cardwidgets.lab"


class NoWidget(LabError, LookupError):
    """A game without a widget yet (also a ``LookupError``, as before)."""

    __module__ = "cardwidgets.lab"


class NotPortable(i18n.TranslatedError, TypeError):
    """A claim that cannot be carried to worker processes (also a ``TypeError``)."""

    __module__ = "cardwidgets.lab"


class _Kept:
    """What a stopped run keeps: ``results`` (what the call would have returned, made of the
    games that finished) and their ``rows``."""

    results: Results | CheckResult | None = None

    @property
    def rows(self) -> list[Row]:
        """The rows of the games that finished, in game order."""
        return list(self.results.rows) if self.results is not None else []


class RunError(_Kept, LabError):
    """A run that stopped before its last game; nothing that finished is lost.

    ``results`` is what the call would have returned, made of the games that finished (a
    :class:`Results` for :func:`simulate`, a :class:`CheckResult` for :func:`check`), and
    ``rows`` its rows, in game order. The error that stopped the run is the ``__cause__``.
    With ``workers`` the games finished need not be the first ones: a later chunk of games can
    finish while an earlier one still plays; each row's ``game`` says which game it is.
    """

    __module__ = "cardwidgets.lab"

    failure: Failure | None = None


class GameError(RunError):
    """A game raised (a player or the engine): ``index``, ``seed`` and ``ply`` say where, and
    ``record`` (or :meth:`state`) replays the position it reached."""

    __module__ = "cardwidgets.lab"

    @property
    def _failure(self) -> Failure:
        # Set by the run that raised this error, before anyone can read it.
        assert self.failure is not None
        return self.failure

    @property
    def index(self) -> int:
        """The game's index in the run."""
        return self._failure.game

    @property
    def seed(self) -> int:
        """The game's own seed (``new_game(seed=...)`` deals it again)."""
        return self._failure.seed

    @property
    def ply(self) -> int:
        """How many moves had been played."""
        return self._failure.ply

    @property
    def record(self) -> Record | None:
        """The record of the state reached when the error happened."""
        return self._failure.record

    @property
    def details(self) -> str:
        """The traceback of the error where it happened (a worker's, for a process pool)."""
        return self._failure.details

    def state(self) -> AnyState:
        """Replay :attr:`record`: the state on which the error happened."""
        from cardwidgets.games import from_record

        state: AnyState = from_record(self.record)
        return state


class ClaimError(GameError):
    """The claim itself raised on a game (the ``__cause__`` is its own error); the rows of the
    games that finished are kept in ``results``."""

    __module__ = "cardwidgets.lab"


class NotTrueOrFalse(LabError):
    """A claim returned something other than True or False (``None``, ``"no"``, a number): a
    truth value guessed from it would count a forgotten ``return`` as "refuted in every game".
    The ``__cause__`` of the run's :class:`ClaimError`."""

    __module__ = "cardwidgets.lab"


class WorkerError(RunError):
    """A worker process died, or the run exceeded its ``timeout``."""

    __module__ = "cardwidgets.lab"


class Interrupted(_Kept, KeyboardInterrupt):
    """Ctrl-C (or Jupyter's "Interrupt kernel") stopped a run: it keeps the games that
    finished in ``results`` and ``rows``, like a :class:`RunError`, but stays a
    ``KeyboardInterrupt``, so it stops a script or a cell as before and no ``except
    Exception`` swallows it. Its message is in the current locale, ``text(locale)`` in any."""

    __module__ = "cardwidgets.lab"

    def __init__(self, key: str, /, **params: object) -> None:
        super().__init__(key)
        self.key, self.params = key, params

    def text(self, locale: str | None = None) -> str:
        """The message in ``locale`` (default: the current locale)."""
        return i18n.text(self.key, locale, **self.params)

    def __str__(self) -> str:
        return self.text()


class RemoteTraceback(Exception):
    """The text of a traceback from a worker process, shown as the cause of its error (the run
    sets it; not part of the lab's face)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return "\n" + self.text
