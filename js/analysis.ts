// The analysis switch's panel and value notes, and a puzzle's prompt and score. The
// panel heads the side column; the notes are small badges added to what they name (a hand card,
// an option, a move button), keyed like the previews: "zone:card", "option:2", "action:stand".
// cardwidgets/scene_html.py draws the panel and the notes the same way (an exported picture too).

import type { H } from "./dom";
import type { AnalysisPanel } from "./types";

const esc = (value: string): string => value.replace(/["\\]/g, "\\$&");

/** The panel: its title and its sentence (announced politely when it changes). */
export function renderAnalysis(h: H, panel: AnalysisPanel | null | undefined): Element | null {
  if (!panel) return null;
  return h(
    "section",
    { class: "cw-analysis", "aria-label": panel.title },
    h("span", { class: "cw-side-title" }, panel.title),
    h("p", { class: "cw-analysis-text", "aria-live": "polite" }, panel.text),
  );
}

/** The element a value note belongs to, inside `board`. */
function target(board: Element, key: string): Element | null {
  const at = key.indexOf(":");
  if (at < 0) return null;
  const kind = key.slice(0, at);
  const name = esc(key.slice(at + 1));
  if (kind === "option") return board.querySelector(`[data-option="${name}"]`);
  if (kind === "action") return board.querySelector(`[data-action="${name}"]`);
  return board.querySelector(`[data-zone="${esc(kind)}"] [data-card="${name}"]`);
}

/** Add each value note to what it names; the best move's are marked `data-best`. A button card
 * is named by its content, so the note is part of its name; a picture card adds it to its label. */
export function markValues(h: H, board: Element, panel: AnalysisPanel | null | undefined): void {
  if (!panel) return;
  const best = new Set(panel.best ?? []);
  for (const [key, value] of Object.entries(panel.values ?? {})) {
    const node = target(board, key);
    if (!node) continue;
    node.append(h("span", { class: "cw-value", "data-best": best.has(key) ? "true" : null }, value));
    const label = node.getAttribute("role") === "img" ? node.getAttribute("aria-label") : null;
    if (label) node.setAttribute("aria-label", `${label}, ${value}`);
  }
}
