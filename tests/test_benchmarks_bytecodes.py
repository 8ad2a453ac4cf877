"""The logic of ``benchmarks/bytecodes.py`` (never a full count): the loops cover the variants
the benchmark rows time, ``--only`` picks them, and each variant plays under its own rules."""

from __future__ import annotations

from types import ModuleType

import benchmark_scripts
import pytest

from cardwidgets.games import pazaak, tablic


@pytest.fixture(scope="module")
def bytecodes() -> ModuleType:
    return benchmark_scripts.load("bytecodes")


def test_the_loops_cover_the_benchmark_variants(bytecodes: ModuleType) -> None:
    variants = {(game, variant) for game, variant, _, _ in bytecodes.LOOPS}
    assert {("tablic", "maximal"), ("pazaak", "kotor1"), ("pazaak", "kotor2")} <= variants


def test_only_picks_a_game_or_one_variant_of_it(bytecodes: ModuleType) -> None:
    assert {v for _, v, _, _ in bytecodes.selected("tablic")} == {"seed", "maximal"}
    picked = bytecodes.selected("tablic:maximal,pazaak:kotor2")
    assert {(g, v) for g, v, _, _ in picked} == {("tablic", "maximal"), ("pazaak", "kotor2")}


def test_each_variant_plays_under_its_own_rules(bytecodes: ModuleType) -> None:
    assert bytecodes.rules_of("tablic", "maximal").capture_must_be_maximal
    assert not bytecodes.rules_of("tablic", "seed").capture_must_be_maximal
    assert bytecodes.rules_of("pazaak", "kotor2") == pazaak.Rules.kotor2()
    assert bytecodes.rules_of("pazaak", "kotor1") != pazaak.Rules.kotor2()
    assert isinstance(bytecodes.rules_of("tablic", "seed"), tablic.Rules)


def test_a_count_is_the_same_on_every_run(bytecodes: ModuleType) -> None:
    first = bytecodes.count("pazaak", "playout", 2, "kotor2")
    assert first["total"] > 0
    assert bytecodes.count("pazaak", "playout", 2, "kotor2")["total"] == first["total"]
