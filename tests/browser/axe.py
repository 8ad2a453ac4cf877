"""axe-core in the test browser (issue 16): inject it from ``node_modules`` (never a CDN), run it
on one widget root, and keep the figures.

The rules: axe's default set (WCAG 2.0-2.2 A and AA and best practices), plus every rule tagged
``experimental`` and ``target-size`` (WCAG 2.2 AA, off by default). Left off: the AAA rules
(``color-contrast-enhanced`` and friends) and the deprecated ones. The run is scoped to the
widget's root (``.cw-root``), so JupyterLab's own interface is not judged, and page-level rules
(a page title, one main landmark) do not apply.

Where a rule truly does not apply to a node, it is listed in :data:`EXEMPT` with the reason; a
violation on any other node fails. The list is empty: every rule applies.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .harness import REPO

AXE_JS = REPO / "node_modules" / "axe-core" / "axe.min.js"
FIGURES = REPO / "test-artifacts" / "axe"

EXEMPT: list[tuple[str, str, str]] = []
"""(rule id, CSS selector, why the rule does not apply there). Nothing is exempt."""

JS_RUN = """async ([selector, exempt]) => {
  const root = document.querySelector(selector);
  if (!root) return {error: 'no element matches ' + selector};
  const rules = {};
  for (const r of axe.getRules()) {
    if (r.tags.includes('experimental') || r.ruleId === 'target-size') rules[r.ruleId] = {enabled: true};
  }
  const result = await axe.run(root, {rules});
  const exempted = (id, node) => {
    const el = node.target.length === 1 ? document.querySelector(node.target[0]) : null;
    return !!el && exempt.some(([rule, sel]) => rule === id && el.matches(sel));
  };
  const violations = [];
  for (const v of result.violations) {
    const nodes = v.nodes.filter((n) => !exempted(v.id, n));
    if (nodes.length) violations.push({id: v.id, impact: v.impact, help: v.help,
      nodes: nodes.slice(0, 5).map((n) => ({target: n.target.join(' '), html: n.html.slice(0, 200),
        summary: n.failureSummary}))});
  }
  const count = (list) => list.reduce((sum, r) => sum + r.nodes.length, 0);
  return {
    violations,
    rules: result.passes.length + result.violations.length,
    checks: count(result.passes) + count(result.violations),
    incomplete: result.incomplete.map((r) => [r.id, r.nodes.length]),
    elements: root.querySelectorAll('*').length + 1,
  };
}"""


def inject(page: Any) -> None:
    """Load axe-core into the page (once per document)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_JS))


def run(page: Any, selector: str) -> dict[str, Any]:
    """axe's verdict on the element ``selector`` and its subtree."""
    inject(page)
    result: dict[str, Any] = page.evaluate(JS_RUN, [selector, [[r, s] for r, s, _ in EXEMPT]])
    assert "error" not in result, result
    return result


def describe(violations: list[dict[str, Any]]) -> str:
    """Violations as readable lines."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"]:
            lines.append(f"    {node['target']}: {node['summary']}".replace("\n", " "))
    return "\n".join(lines)


@dataclass
class Figures:
    """Per (widget, theme, locale): axe runs, violations, rules applied and node checks."""

    kind: str
    rows: dict[tuple[str, str, str], dict[str, int]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def add(self, game: str, theme: str, locale: str, state: str, result: dict[str, Any]) -> None:
        row = self.rows.setdefault(
            (game, theme, locale), {"runs": 0, "violations": 0, "checks": 0, "rules": 0}
        )
        row["runs"] += 1
        row["violations"] += sum(len(v["nodes"]) for v in result["violations"])
        row["checks"] += result["checks"]
        row["rules"] = max(row["rules"], result["rules"])
        if result["violations"]:
            where = f"{self.kind} {game} {state} {theme} {locale}"
            self.failures.append(f"{where}:\n{describe(result['violations'])}")

    def save(self, name: str) -> Path:
        """Write the figures to ``test-artifacts/axe/<name>.json`` and return the path."""
        FIGURES.mkdir(parents=True, exist_ok=True)
        path = FIGURES / f"{name}.json"
        rows = [
            {"widget": g, "theme": t, "locale": loc, **row}
            for (g, t, loc), row in sorted(self.rows.items())
        ]
        path.write_text(json.dumps({"kind": self.kind, "rows": rows}, indent=1) + "\n")
        return path

    def table(self) -> str:
        lines = [f"axe ({self.kind}): widget theme locale: runs, violations, node checks"]
        for (g, t, loc), row in sorted(self.rows.items()):
            lines.append(
                f"  {g:8} {t:12} {loc}: {row['runs']:2} runs, {row['violations']} violations, "
                f"{row['checks']} checks ({row['rules']} rules)"
            )
        return "\n".join(lines)
