// Everything around the zones: options, actions, the history slider, the score sheet, the legend,
// the move log, the summary panel, and the frame (header, message, live line). Mirrors
// cardwidgets/scene_html.py function for function.

import { markValues, renderAnalysis } from "./analysis";
import { type Attrs, type H, flag, groupColor } from "./dom";
import type { Action, History, LegendItem, Option, Scene, Score, ScoreRow, Summary } from "./types";
import { renderTeacher } from "./teacher";
import { type Ctx, renderZone } from "./zones";

const inert = (ctx: Ctx, enabled = true): string | null => (ctx.live && enabled ? null : "");

export function renderOption(ctx: Ctx, option: Option): Element {
  const { h } = ctx;
  const swatches: Element[] = [];
  for (let i = 1; i <= (option.swatches || 0); i++) {
    swatches.push(h("span", { class: "cw-swatch", "data-group-color": groupColor(i), "aria-hidden": "true" }, String(i)));
  }
  const attrs: Attrs = {
    class: "cw-option",
    type: "button",
    "data-option": option.index,
    "data-nav": "option",
    "data-emphasis": option.emphasis ? "true" : null,
    "aria-pressed": String(!!option.selected),
    disabled: inert(ctx),
  };
  return h("button", attrs, ...swatches, h("span", { class: "cw-option-label" }, option.label));
}

export function renderAction(ctx: Ctx, action: Action, extra = ""): Element {
  const attrs: Attrs = {
    class: extra ? `cw-action ${extra}` : "cw-action",
    type: "button",
    "data-action": action.id,
    "data-nav": "action",
    "data-primary": action.primary || extra ? "true" : null,
    "aria-pressed": flag(action.pressed),
    // The static picture disables every button; this says which ones are really off.
    "data-disabled": action.enabled ? null : "true",
    disabled: inert(ctx, action.enabled),
  };
  return ctx.h("button", attrs, action.label);
}

function renderHistory(ctx: Ctx, history: History): Element {
  const { h } = ctx;
  const range: Attrs = {
    class: "cw-history-range",
    type: "range",
    min: 0,
    max: history.plies,
    step: 1,
    value: history.ply,
    "data-history": "range",
    // Before the first move the slider has nowhere to go; it is drawn to keep its row.
    disabled: inert(ctx, history.plies > 0),
  };
  const label = h("label", { class: "cw-history-label" }, h("span", {}, history.label), h("input", range));
  return h("div", { class: "cw-history" }, label);
}

/** Buttons, choices, the hint line (previews) and the history slider under the zones. */
export function renderControls(ctx: Ctx, scene: Scene): Element {
  const { h, labels } = ctx;
  const group = (cls: string, label: string, kids: Element[]) =>
    kids.length > 0 && h("div", { class: cls, role: "group", "aria-label": label }, ...kids);
  const skip = scene.summary?.action;
  const actions = scene.actions.filter((a) => a.id !== skip).map((a) => renderAction(ctx, a));
  return h(
    "div",
    { class: "cw-controls" },
    Object.keys(scene.previews ?? {}).length > 0 && h("p", { class: "cw-hint", "aria-live": "polite" }),
    group("cw-options", labels.options, scene.options.map((o) => renderOption(ctx, o))),
    group("cw-actions", labels.actions, actions),
    scene.history && renderHistory(ctx, scene.history),
  );
}

/** One dot a tabla, in groups of five. Not strokes: a lone "|" beside the count read as a text
 * cursor. */
function tally(h: H, count: number): Element {
  const dots: Element[] = [];
  for (let i = 0; i < count; i++) {
    dots.push(h("circle", { cx: Math.floor(i / 5) * 51 + (i % 5) * 9 + 4, cy: 9, r: 3.5 }));
  }
  const width = Math.floor((count - 1) / 5) * 51 + ((count - 1) % 5) * 9 + 8; // to the last dot
  const attrs: Attrs = { class: "cw-tally", viewBox: `0 0 ${width} 18`, width, height: 18, "aria-hidden": "true" };
  return h("svg", { ...attrs, fill: "currentColor" }, ...dots);
}

function scoreCell(ctx: Ctx, row: ScoreRow, cell: string): Element {
  const { h } = ctx;
  if (row.kind !== "marks" || !/^[0-9]+$/.test(cell)) return h("td", {}, cell);
  const count = Number(cell);
  const attrs: Attrs = { "data-count": count, "aria-label": `${row.label} ${count}` };
  return h("td", attrs, count > 0 && tally(h, count), h("span", { class: "cw-count" }, String(count)));
}

export function renderScore(ctx: Ctx, score: Score): Element {
  const { h } = ctx;
  const caption = score.caption || ctx.labels.score;
  // The corner cell heads nothing: a plain cell, not an empty header.
  const head = h("tr", {}, h("td", {}), ...score.columns.map((c) => h("th", { scope: "col" }, c)));
  const rows = score.rows.map((row) =>
    h(
      "tr",
      { class: "cw-row", "data-kind": row.kind || null },
      h("th", { scope: "row" }, row.label),
      ...row.cells.map((cell) => scoreCell(ctx, row, cell)),
    ),
  );
  return h("table", { class: "cw-score" }, h("caption", {}, caption), h("thead", {}, head), h("tbody", {}, ...rows));
}

/**
 * The score on one line, for a folded side column: each column's name and its total (the row
 * marked total, else the last row), e.g. "You 12 · Computer 9".
 */
export function scoreLine(score: Score): string {
  const row = score.rows.find((r) => r.kind === "total") ?? score.rows[score.rows.length - 1];
  if (!row) return "";
  return score.columns.map((name, i) => `${name} ${row.cells[i] ?? ""}`.trim()).join(" · ");
}

function legendItem(ctx: Ctx, item: LegendItem): Element {
  const { h } = ctx;
  const numbered = item.group !== null && item.group !== undefined;
  const swatch: Attrs = {
    class: "cw-legend-swatch",
    "data-highlight": item.role,
    "data-group-color": numbered ? groupColor(item.group as number) : null,
    "aria-hidden": "true",
  };
  return h(
    "li",
    { class: "cw-legend-item", "data-role": item.role },
    h("span", swatch, numbered ? String(item.group) : null),
    h("span", { class: "cw-legend-text" }, item.text),
  );
}

/** What the highlight roles mean, each swatch drawn in its role's style; nothing when empty. */
export function renderLegend(ctx: Ctx, items: LegendItem[]): Element | null {
  if (!items || items.length === 0) return null;
  const { h, labels } = ctx;
  const list = h("ul", { class: "cw-legend-list" }, ...items.map((item) => legendItem(ctx, item)));
  return h("section", { class: "cw-legend", "aria-label": labels.legend }, h("span", { class: "cw-side-title" }, labels.legend), list);
}

/** The move log in a scroll box (the live view keeps it scrolled to the newest entry).
 * `reserved` (a game with a history): drawn empty before the first move, so that move's entry
 * does not push the board around. */
export function renderLog(ctx: Ctx, log: string[], reserved = false): Element | null {
  if ((!log || log.length === 0) && !reserved) return null;
  const { h, labels } = ctx;
  const list = h("ol", { class: "cw-log" }, ...log.map((line) => h("li", {}, line)));
  // A named, focusable region: keyboard users can scroll the log too.
  const box = h("div", { class: "cw-log-box", role: "region", "aria-label": labels.log, tabindex: 0 }, list);
  return h("section", { class: "cw-log-panel" }, h("span", { class: "cw-side-title" }, labels.log), box);
}

/** The seat's position code on one line, to copy (`State.from_code` reads it back). */
export function renderCode(ctx: Ctx, code: string | undefined): Element | null {
  if (!code) return null;
  const { h, labels } = ctx;
  return h("p", { class: "cw-code" }, h("span", { class: "cw-code-label" }, labels.code ?? ""), " ", h("code", { translate: "no" }, code));
}

/** The pause between deals or sets; its continue button is the action the summary names. */
export function renderSummary(ctx: Ctx, scene: Scene, summary: Summary): Element {
  const { h } = ctx;
  const title = summary.title || ctx.labels.summary;
  const action = scene.actions.find((a) => a.id === summary.action);
  return h(
    "section",
    { class: "cw-summary", "aria-label": title },
    h("h3", { class: "cw-summary-title" }, title),
    !!summary.text && h("p", { class: "cw-summary-text" }, summary.text),
    summary.score && renderScore(ctx, summary.score),
    (summary.zones ?? []).length > 0 && h("div", { class: "cw-summary-zones" }, ...summary.zones.map((z) => renderZone(ctx, z))),
    action && renderAction(ctx, action, "cw-continue"),
  );
}

/** The part redrawn on every update: summary, board (zones and controls) and side column. */
export function renderMain(ctx: Ctx, scene: Scene): Element[] {
  const { h } = ctx;
  const seats = { seat: scene.seat, turn: scene.banner?.seat ?? null };
  const board = h("div", { class: "cw-board" }, ...scene.zones.map((z) => renderZone(ctx, z, seats)), renderControls(ctx, scene));
  if (ctx.live) markValues(h, board, scene.analysis);
  const side = h(
    "div",
    { class: "cw-side" },
    !!scene.teacher && renderTeacher(ctx, scene.teacher),
    renderAnalysis(h, scene.analysis, ctx.live),
    scene.score && renderScore(ctx, scene.score),
    renderLegend(ctx, scene.legend),
    renderLog(ctx, scene.log ?? [], !!scene.history),
    renderCode(ctx, scene.code),
  );
  return scene.summary ? [renderSummary(ctx, scene, scene.summary), board, side] : [board, side];
}

/** Attributes of the root element (the live view sets data-theme to the resolved theme). */
export function rootAttrs(scene: Scene, theme: string): Attrs {
  return {
    "data-game": scene.game,
    "data-version": scene.version,
    "data-theme": theme,
    "data-four-color": String(!!scene.four_color),
    "data-size": scene.size || "normal",
    "data-paused": scene.summary ? "true" : null,
    lang: scene.locale,
    "aria-label": scene.title,
  };
}
