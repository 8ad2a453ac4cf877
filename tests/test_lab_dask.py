"""The lab on a Dask cluster: ``Client.get_executor()`` gives the rows of an in-process run.

A two-worker ``LocalCluster`` (threads, then processes) starts in about a second here; every
wait has a timeout and the cluster is always closed.
"""

from __future__ import annotations

import pytest

from cardwidgets import lab

distributed = pytest.importorskip("distributed")

GAMES = 16


@pytest.mark.timeout(120)
@pytest.mark.parametrize("processes", [False, True])
def test_dask_executor_gives_the_same_rows_and_counterexamples(processes: bool) -> None:
    inline = lab.check(lambda s: s.outcome.winner == 0, "panjpar", games=GAMES, seed=21)
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=processes,
            dashboard_address=None,
            silence_logs=50,
        ) as cluster,
        distributed.Client(cluster, timeout=60) as client,
    ):
        executor = client.get_executor()
        simulated = lab.simulate("panjpar", games=GAMES, seed=21, executor=executor, timeout=90)
        checked = lab.check(
            lambda s: s.outcome.winner == 0,
            "panjpar",
            games=GAMES,
            seed=21,
            executor=executor,
            chunk_size=3,
            timeout=90,
        )
    assert simulated.rows == lab.simulate("panjpar", games=GAMES, seed=21).rows
    assert checked.rows == inline.rows
    assert [c.record for c in checked.counterexamples] == [c.record for c in inline.counterexamples]
