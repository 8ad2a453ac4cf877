"""axe-core in the test browser: inject it from ``node_modules`` (never a CDN), run it
on one widget root, and keep the figures.

The rules: axe's default set (WCAG 2.0-2.2 A and AA and best practices), plus every rule tagged
``experimental`` and ``target-size`` (WCAG 2.2 AA, off by default). Left off: the AAA rules
(``color-contrast-enhanced`` and friends) and the deprecated ones. The run is scoped to the
widget's root (``.cw-root``), so JupyterLab's own interface is not judged, and page-level rules
(a page title, one main landmark) do not apply. Colour contrast axe leaves to review, and the
non-text contrast of the role outlines, are computed by :data:`JS_CONTRAST`.

Where a rule truly does not apply to a node, it is listed in :data:`EXEMPT` with the reason; a
violation on any other node fails. The list is empty: every rule applies.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

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
  const review = result.incomplete.filter((r) => r.id === 'color-contrast')
    .flatMap((r) => r.nodes.map((n) => n.target[0]));
  const contrast = window.__cwContrast(root, review);
  return {
    contrast,
    violations,
    rules: result.passes.length + result.violations.length,
    checks: count(result.passes) + count(result.violations),
    incomplete: result.incomplete.map((r) => [r.id, r.nodes.length]),
    contrastPasses: count(result.passes.filter((r) => r.id === 'color-contrast')),
    elements: root.querySelectorAll('*').length + 1,
  };
}"""


# What axe leaves "to review" for colour contrast, computed here: text drawn in a card's SVG face
# (axe cannot see the paper under it), one-character markers (a group number), text partly
# covered by a neighbour; and what axe does not look at: the role outlines against the ring
# under them (non-text contrast, 3:1, WCAG 1.4.11) and the markers drawn by ::after.
JS_CONTRAST = """window.__cwContrast = (root, review) => {
  const parse = (c) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(c || '');
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
  };
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const dim = (c, k) => ({r: c.r * k, g: c.g * k, b: c.b * k, a: c.a});
  const background = (el) => {
    for (let n = el; n; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c && c.a >= 0.99) return c;
    }
    return {r: 255, g: 255, b: 255, a: 1};
  };
  const out = {checked: 0, failures: []};
  const check = (what, fg, bg, need, el) => {
    out.checked++;
    const r = fg && bg ? ratio(fg, bg) : 0;
    if (r + 1e-6 < need) {
      const where = el.closest('[data-card]')?.dataset.card || el.className?.baseVal || el.className;
      out.failures.push(`${what} ${where}: ${r.toFixed(2)}:1 < ${need}:1`);
    }
  };
  const large = (el) => {
    const s = getComputedStyle(el);
    const px = parseFloat(s.fontSize), bold = Number(s.fontWeight) >= 700;
    return px >= 24 || (bold && px >= 18.66);
  };
  for (const target of review) {
    const el = document.querySelector(target);
    if (!el) continue;
    const face = el.closest('svg.cw-face');
    if (face) {
      // Text on a card's own paper (and, for a ± card, on both halves); a filter dims both.
      const m = /brightness\\(([0-9.]+)\\)/.exec(getComputedStyle(face).filter);
      const k = m ? Number(m[1]) : 1;
      const ink = dim(parse(getComputedStyle(el).fill), k);
      const papers = [...face.querySelectorAll(':scope > rect, :scope > path')]
        .map((n) => parse(getComputedStyle(n).fill)).filter((c) => c && c.a > 0);
      for (const paper of papers) check('card text', ink, dim(paper, k), large(el) ? 3 : 4.5, el);
    } else {
      check('text', parse(getComputedStyle(el).color), background(el), large(el) ? 3 : 4.5, el);
    }
  }
  // The ring under an outline is the widget's background (its root's).
  const ring = parse(getComputedStyle(root).backgroundColor);
  for (const face of root.querySelectorAll('.cw-card > .cw-face')) {
    const s = getComputedStyle(face);
    if (s.outlineStyle === 'none' || parseFloat(s.outlineWidth) === 0) continue;
    if (!s.boxShadow.includes(getComputedStyle(root).backgroundColor)) {
      out.checked++;
      out.failures.push('outline without a ring: ' + face.closest('[data-card]').dataset.card);
      continue;
    }
    check('outline', parse(s.outlineColor), ring, 3, face);
  }
  for (const card of root.querySelectorAll('.cw-card')) {
    const s = getComputedStyle(card, '::after');
    if (!s.content || s.content === 'none' || s.content === 'normal') continue;
    check('marker', parse(s.color), parse(s.backgroundColor), 4.5, card);
  }
  return out;
};"""


def inject(page: Any) -> None:
    """Load axe-core and the contrast check into the page (once per document)."""
    if not AXE_JS.is_file():
        pytest.fail(f"{AXE_JS} is missing: run `npm ci` (scripts/setup.sh does)", pytrace=False)
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_JS))
        page.add_script_tag(content=JS_CONTRAST)


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
        row["contrast"] = row.get("contrast", 0) + result["contrast"]["checked"]
        row["axe_contrast"] = row.get("axe_contrast", 0) + result["contrastPasses"]
        for rule, nodes in result["incomplete"]:
            row[f"review:{rule}"] = row.get(f"review:{rule}", 0) + nodes
        row["violations"] += len(result["contrast"]["failures"])
        where = f"{self.kind} {game} {state} {theme} {locale}"
        if result["violations"]:
            self.failures.append(f"{where}:\n{describe(result['violations'])}")
        for failure in result["contrast"]["failures"]:
            self.failures.append(f"{where}: contrast {failure}")

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
                f"{row['checks']} checks ({row['rules']} rules), {row['contrast']} contrasts"
            )
        return "\n".join(lines)
