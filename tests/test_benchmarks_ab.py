"""The logic of ``benchmarks/ab.py`` (never its timings): paired ratios come from the same
round, the verdict needs every round to agree, ``--scale`` multiplies counts only, and the
results file keeps its old fields."""

from __future__ import annotations

import doctest
import json
import sys
from pathlib import Path
from types import ModuleType

import benchmark_scripts
import pytest


@pytest.fixture(scope="module")
def ab() -> ModuleType:
    return benchmark_scripts.load("ab")


def test_the_docstring_examples_hold(ab: ModuleType) -> None:
    assert doctest.testmod(ab).failed == 0


def test_paired_ratios_divide_the_runs_of_the_same_round(ab: ModuleType) -> None:
    # Round 2 ran on a loaded machine: both sides slow. Separate medians see a change that
    # no round had; the paired ratios are each round's after/before.
    key = "/results[0]/deals_per_cpu_second"
    before = [{key: 1000.0}, {key: 500.0}, {key: 1100.0}]
    after = [{key: 1050.0}, {key: 520.0}, {key: 1160.0}]
    row = ab._rows(before, after)[key]
    assert row["before"] == 1000.0 and row["after"] == 1050.0  # the old fields stay
    assert row["change_percent"] == 5.0
    assert row["paired_ratios"] == [1.05, 1.04, 1.055]
    assert row["paired_ratio_median"] == 1.05
    assert (row["paired_ratio_min"], row["paired_ratio_max"]) == (1.04, 1.055)
    assert row["verdict"] == "faster"


def test_one_round_against_the_others_makes_parity(ab: ModuleType) -> None:
    key = "/results[0]/matches_per_cpu_second"
    before = [{key: 100.0}, {key: 100.0}, {key: 100.0}]
    after = [{key: 90.0}, {key: 101.0}, {key: 92.0}]
    assert ab._rows(before, after)[key]["verdict"] == "parity"
    after[1][key] = 99.0
    assert ab._rows(before, after)[key]["verdict"] == "slower"


def test_a_lower_time_is_faster_and_a_count_has_no_verdict(ab: ModuleType) -> None:
    before = [{"/r/cpu_seconds": 2.0, "/r/games": 10.0}] * 2
    after = [{"/r/cpu_seconds": 1.5, "/r/games": 10.0}] * 2
    rows = ab._rows(before, after)
    assert rows["/r/cpu_seconds"]["verdict"] == "faster"
    assert rows["/r/games"]["verdict"] is None


def test_a_row_whose_run_took_under_a_second_is_marked_short(ab: ModuleType) -> None:
    before = [{"/r[0]/cpu_seconds": 0.6, "/r[0]/deals_per_cpu_second": 10.0}]
    after = [{"/r[0]/cpu_seconds": 1.2, "/r[0]/deals_per_cpu_second": 9.0}]
    assert ab._rows(before, after)["/r[0]/deals_per_cpu_second"]["short_run"] is True
    before[0]["/r[0]/cpu_seconds"] = 1.1
    assert ab._rows(before, after)["/r[0]/deals_per_cpu_second"]["short_run"] is False


def test_scale_multiplies_counts_but_not_the_cold_cache_count(ab: ModuleType) -> None:
    assert ab.command("tablic", 3) == [
        "bench_tablic.py", "--deals", "6000", "--matches", "600", "--cold", "200",
    ]  # fmt: skip
    assert ab.command("panjpar", 0.0001) == ["bench_panjpar.py", "1"]


def test_scale_per_benchmark_names_only_chosen_benchmarks(ab: ModuleType) -> None:
    assert ab.parse_scale("2", ["tablic", "bots"]) == {"tablic": 2.0, "bots": 2.0}
    assert ab.parse_scale("bots=4", ["tablic", "bots"]) == {"tablic": 1.0, "bots": 4.0}
    with pytest.raises(SystemExit, match="scene"):
        ab.parse_scale("scene=2", ["tablic"])


def test_rows_are_labelled_with_the_words_of_their_results_entry(ab: ModuleType) -> None:
    written = {"results": [{"preset": "kotor2", "mode": "state_api", "matches": 5}]}
    labels = ab._labels(written)
    key = "/results[0]/matches"
    row = ab._rows([dict(ab._numbers(written))], [dict(ab._numbers(written))], labels)[key]
    assert row["label"] == "kotor2 state_api"


def test_a_benchmark_with_out_writes_a_private_file_not_the_checkouts(
    ab: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    results = tmp_path / "benchmarks" / "results"
    results.mkdir(parents=True)
    (results / "pazaak.json").write_text('{"results": [{"matches": 1}]}', encoding="utf-8")
    seen: list[list[str]] = []

    def fake_script(checkout: Path, script: list[str]) -> None:
        seen.append(script)
        out = Path(script[script.index("--out") + 1])
        out.write_text('{"results": [{"preset": "kotor2", "matches": 7}]}', encoding="utf-8")

    monkeypatch.setattr(ab, "_run_script", fake_script)
    labels: dict[str, str] = {}
    assert ab.run_one(tmp_path, "pazaak", 1.0, labels) == {"/results[0]/matches": 7.0}
    assert labels == {"/results[0]": "kotor2"}
    assert seen[0][:3] == ["bench_pazaak.py", "--matches", "8000"]
    out = Path(seen[0][-1])
    assert out.parent != results and not out.exists()  # private, and gone afterwards
    assert (results / "pazaak.json").read_text(encoding="utf-8") == '{"results": [{"matches": 1}]}'


def test_a_benchmark_without_out_gets_its_checkouts_file_back(
    ab: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    results = tmp_path / "benchmarks" / "results"
    results.mkdir(parents=True)
    (results / "bots.json").write_text('{"kept": 1}', encoding="utf-8")

    def fake_script(checkout: Path, script: list[str]) -> None:
        assert "--out" not in script
        (results / "bots.json").write_text('{"games": {"tablic": {"n": 2}}}', encoding="utf-8")

    monkeypatch.setattr(ab, "_run_script", fake_script)
    assert ab.run_one(tmp_path, "bots") == {"/games/tablic/n": 2.0}
    assert (results / "bots.json").read_text(encoding="utf-8") == '{"kept": 1}'


def test_chunk_ratios_are_before_over_after_time_so_above_one_is_faster() -> None:
    chunks = benchmark_scripts.load("ab_chunks")
    result = chunks.summary([2.0, 2.0, 3.0, 1.0, 2.0], [1.0, 2.0, 2.0, 2.0, 1.6])
    assert result["ratio_median"] == 1.25
    assert (result["ratio_min"], result["ratio_max"]) == (0.5, 2.0)
    assert (result["ratio_q1"], result["ratio_q3"]) == (1.0, 1.5)
    assert (result["before_seconds"], result["after_seconds"]) == (10.0, 8.6)


def test_each_benchmark_keeps_its_own_row_labels(
    ab: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Both scripts write a row at /results[0]; the Tablić row must not take Pazaak's words.
    written = {
        "bench_tablic.py": {"results": [{"variant": "maximal", "mode": "playout", "games": 3}]},
        "bench_pazaak.py": {"results": [{"preset": "kotor2", "mode": "state_api", "games": 5}]},
    }

    def fake_script(checkout: Path, script: list[str]) -> None:
        out = Path(script[script.index("--out") + 1])
        out.write_text(json.dumps(written[script[0]]), encoding="utf-8")

    monkeypatch.setattr(ab, "_run_script", fake_script)
    monkeypatch.setattr(ab, "_commit", lambda checkout: "abc")
    monkeypatch.setattr(ab, "_uptime", lambda: "load average: 1.0")
    out = tmp_path / "ab.json"
    argv = ["ab.py", str(tmp_path), "--rounds", "2", "--only", "tablic,pazaak", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    ab.main()
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["rounds"] == 2 and result["uptime_before"] == "load average: 1.0"
    assert result["benchmarks"]["tablic"]["/results[0]/games"]["label"] == "maximal playout"
    assert result["benchmarks"]["pazaak"]["/results[0]/games"]["label"] == "kotor2 state_api"
