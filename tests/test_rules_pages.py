"""The rules pages (docs/rules/) are the project's rules specification.

Every decision has its own section, headed by its id, that states the decision and its reason;
every seed rule is in its page's table; every id cited anywhere in the project is defined on a
rules page; and nothing names the outside specification file (``RULES`` + ``.md``), which the
project does not contain.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "docs" / "rules"
PAGES = {"T": "tablic.md", "P": "panjpar.md", "Z": "pazaak.md"}
DECISIONS = {
    "T": [f"T-D{n}" for n in range(1, 13)] + ["T-D1a"],
    "P": [f"P-D{n}" for n in range(1, 12)],
    "Z": [f"Z-D{n}" for n in range(1, 11)],
}
SEEDS = {"T": 23, "P": 30, "Z": 17}
ID = re.compile(r"\b([TPZ]-[SD]\d+[a-z]?)\b")


def tracked_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout
    return [REPO / name for name in listed.split("\0") if name]


def sections(page: str) -> dict[str, str]:
    """Each "### <id>" section of a rules page, by id."""
    parts = re.split(r"^### (\S+)\s*$", (RULES / page).read_text(encoding="utf-8"), flags=re.M)
    return {parts[i]: parts[i + 1].split("\n## ")[0] for i in range(1, len(parts), 2)}


def defined_ids() -> set[str]:
    ids: set[str] = set()
    for game, page in PAGES.items():
        ids |= set(sections(page))
        text = (RULES / page).read_text(encoding="utf-8")
        ids |= set(re.findall(rf"^\| ({game}-S\d+) \|", text, flags=re.M))
    return ids


@pytest.mark.parametrize("game", sorted(PAGES))
def test_every_decision_has_a_section_with_the_decision_and_its_reason(game: str) -> None:
    found = sections(PAGES[game])
    assert sorted(found) == sorted(DECISIONS[game])
    for decision in DECISIONS[game]:
        body = found[decision]
        assert "*Decision:*" in body, decision
        assert "*Why:*" in body, decision
        assert len(body.split()) > 30, f"{decision} says too little"


@pytest.mark.parametrize("game", sorted(PAGES))
def test_every_seed_rule_is_listed(game: str) -> None:
    text = (RULES / PAGES[game]).read_text(encoding="utf-8")
    listed = re.findall(rf"^\| ({game}-S\d+) \| (.+) \|$", text, flags=re.M)
    assert [seed for seed, _ in listed] == [f"{game}-S{n}" for n in range(1, SEEDS[game] + 1)]
    assert all(len(rule.split()) >= 2 for _, rule in listed)


def test_t_d1a_defines_maximal_as_not_strictly_contained() -> None:
    body = sections("tablic.md")["T-D1a"]
    assert "no other legal capture strictly contains it" in body
    assert "capture_must_be_maximal" in body


def test_every_cited_id_is_defined_on_a_rules_page() -> None:
    defined = defined_ids()
    undefined: dict[str, set[str]] = {}
    for path in tracked_files():
        if path.suffix not in {".py", ".md", ".ipynb", ".ts"} or not path.is_file():
            continue
        for found in ID.findall(path.read_text(encoding="utf-8", errors="replace")):
            if found not in defined:
                undefined.setdefault(found, set()).add(str(path.relative_to(REPO)))
    assert not undefined, undefined


def test_nothing_names_a_rules_md_file() -> None:
    offenders = [
        str(path.relative_to(REPO))
        for path in tracked_files()
        if path.is_file()
        and path.name != "uv.lock"
        and "RULES" + ".md" in path.read_text(encoding="utf-8", errors="replace")
    ]
    assert offenders == []
    assert not (REPO / ("RULES" + ".md")).exists()
