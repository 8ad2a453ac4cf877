// The analysis switch's panel and value notes, and a puzzle's prompt and score. The
// panel heads the side column; the notes are small badges added to what they name (a hand card,
// an option, a move button), keyed like the previews: "zone:card", "option:2", "action:stand".
// cardwidgets/scene_html.py draws the panel and the notes the same way (an exported picture too).

import type { H } from "./dom";
import type { AnalysisPanel, AnswerField, Intent } from "./types";

const esc = (value: string): string => value.replace(/["\\]/g, "\\$&");

/** The panel: its title and its sentence (announced politely when it changes), and a lesson's
 * answer field (live only: a picture has no working controls). */
export function renderAnalysis(h: H, panel: AnalysisPanel | null | undefined, live = true): Element | null {
  if (!panel) return null;
  return h(
    "section",
    { class: "cw-analysis", "aria-label": panel.title, "data-lesson": panel.lesson ? "true" : null },
    h("span", { class: "cw-side-title" }, panel.title),
    h("p", { class: "cw-analysis-text", "aria-live": "polite" }, panel.text),
    live && !!panel.answer && renderAnswer(h, panel.answer),
  );
}

/** The answer field: a labelled text input and its button, each named by data-answer. */
function renderAnswer(h: H, field: AnswerField): Element {
  const input = h("input", {
    class: "cw-answer-input",
    type: "text",
    "data-answer": "text",
    value: field.value,
    autocomplete: "off",
    spellcheck: "false",
    maxlength: 32,
    inputmode: "decimal",
  });
  return h(
    "div",
    { class: "cw-answer" },
    h("label", { class: "cw-answer-row" }, h("span", { class: "cw-answer-label" }, field.label), input),
    h("button", { class: "cw-action cw-answer-button", type: "button", "data-answer": "send" }, field.button),
  );
}

/** Whether `target` is in the answer field (its keys stay its own: typing, Enter). */
export const inAnswer = (target: EventTarget | null): boolean => target instanceof Element && !!target.closest(".cw-answer");

/** The intent of a click on the answer button, or of Enter in the field (`key`); else null. */
export function answerIntent(target: EventTarget | null, key = ""): Intent | null {
  if (!(target instanceof Element)) return null;
  const node = target.closest<HTMLElement>(".cw-answer [data-answer]");
  if (!node) return null;
  const which = node.dataset.answer;
  if ((key === "" && which !== "send") || (key !== "" && (key !== "Enter" || which !== "text"))) return null;
  const input = node.closest(".cw-answer")?.querySelector<HTMLInputElement>('[data-answer="text"]');
  return { kind: "answer", text: input ? input.value : "" };
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
