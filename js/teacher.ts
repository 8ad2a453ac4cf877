// The teacher panel: the opponent chooser, a new game from a seed, undo and the
// switch that reveals the computer's hand. Python adds scene.teacher only when the teacher turned
// the panel on (a learner's widget never has it), and checks every intent the panel sends: the
// page cannot turn the panel, or the revealed hand, on by itself. The panel is a <details> in the
// side column, so it folds away; the view keeps it folded, and keeps the seed being typed, across
// re-renders (teacherState / restoreTeacher).

import type { TeacherIntent, TeacherPanel } from "./types";
import type { Ctx } from "./zones";

/** The panel: a foldable section of labelled controls, each named by data-teacher. */
export function renderTeacher(ctx: Ctx, panel: TeacherPanel): Element {
  const { h } = ctx;
  const off = (enabled = true): string | null => (ctx.live && enabled ? null : "");
  const choices = panel.opponents.map((c) =>
    h("option", { value: c.id, selected: c.id === panel.opponent ? "" : null, disabled: c.id === "" ? "" : null }, c.label),
  );
  const select = h("select", { class: "cw-teacher-select", "data-teacher": "opponent", disabled: off(panel.choose) }, ...choices);
  const opponent = h("label", { class: "cw-teacher-row" }, h("span", { class: "cw-teacher-label" }, panel.opponent_label), select);
  const seedInput = h("input", {
    class: "cw-teacher-seed",
    type: "text",
    "data-teacher": "seed",
    placeholder: panel.seed,
    autocomplete: "off",
    spellcheck: "false",
    maxlength: 64,
    disabled: off(),
  });
  const seed = h("label", { class: "cw-teacher-row" }, h("span", { class: "cw-teacher-label" }, panel.seed_label), seedInput);
  const button = (id: string, label: string, enabled = true) =>
    h(
      "button",
      { class: "cw-action cw-teacher-button", type: "button", "data-teacher": id, "data-disabled": enabled ? null : "true", disabled: off(enabled) },
      label,
    );
  const reveal = h(
    "label",
    { class: "cw-teacher-reveal" },
    h("input", { type: "checkbox", "data-teacher": "reveal", checked: panel.reveal ? "" : null, disabled: off() }),
    h("span", {}, panel.reveal_label),
  );
  const body = h(
    "div",
    { class: "cw-teacher-body" },
    opponent,
    h("div", { class: "cw-teacher-new" }, seed, button("new", panel.new_label)),
    button("undo", panel.undo_label, panel.undo),
    reveal,
  );
  return h("details", { class: "cw-teacher", open: "" }, h("summary", { class: "cw-side-title cw-teacher-title" }, panel.title), body);
}

const control = (target: EventTarget | null): HTMLElement | null =>
  target instanceof Element ? target.closest<HTMLElement>(".cw-teacher [data-teacher]") : null;

const enabled = (node: HTMLElement): boolean => !(node as HTMLInputElement).disabled;

function seedText(from: Element): string {
  const input = from.closest(".cw-teacher")?.querySelector<HTMLInputElement>('[data-teacher="seed"]');
  return input ? input.value : "";
}

/** The intent of a click (buttons) or a change (the chooser, the switch) in the panel, or null. */
export function teacherIntent(target: EventTarget | null, event: "click" | "change"): TeacherIntent | null {
  const node = control(target);
  if (!node || !enabled(node)) return null;
  const which = node.dataset.teacher;
  if (event === "click") {
    if (which === "new") return { kind: "teacher", control: "new", seed: seedText(node) };
    if (which === "undo") return { kind: "teacher", control: "undo" };
    return null;
  }
  if (which === "opponent" && node instanceof HTMLSelectElement) return { kind: "teacher", control: "opponent", name: node.value };
  if (which === "reveal" && node instanceof HTMLInputElement) return { kind: "teacher", control: "reveal", on: node.checked };
  return null;
}

/** A key inside the panel: Enter in the seed field starts the game; null leaves the key to the
 * browser (the chooser's arrows, the switch's space, the fold's Enter). */
export function teacherKey(target: EventTarget | null, key: string): TeacherIntent | null {
  const node = control(target);
  if (node && node.dataset.teacher === "seed" && key === "Enter") return teacherIntent(node.closest(".cw-teacher")?.querySelector('[data-teacher="new"]') ?? null, "click");
  return null;
}

/**
 * A selector for the panel's control under `target`, to find it on a redrawn panel and click it
 * there: a click, Enter or Space that skips the computer's frames then does on the settled board
 * what it would have done (frames.ts). `key` ("": a click): Enter presses a button, and in the
 * seed field New game; Space presses a button or flips the reveal switch; any other control
 * and key: null (nothing to do again).
 */
export function teacherSelector(target: EventTarget | null, key = ""): string | null {
  const node = control(target);
  if (!node) return null;
  const button = node instanceof HTMLButtonElement;
  let which = node.dataset.teacher ?? "";
  if (key === "Enter") which = which === "seed" ? "new" : button ? which : "";
  else if (key === " ") which = button || which === "reveal" ? which : "";
  else if (key !== "") which = "";
  return /^[a-z-]+$/.test(which) ? `.cw-teacher [data-teacher="${which}"]` : null;
}

/** Whether a key press happened in the panel (the renderer's own keys stay out of it). */
export const inTeacher = (target: EventTarget | null): boolean => target instanceof Element && !!target.closest(".cw-teacher");

/** What a re-render would lose: whether the panel is open, the seed being typed. */
export interface TeacherState {
  open: boolean;
  seed: string;
}

export function teacherState(root: Element): TeacherState | null {
  const panel = root.querySelector<HTMLDetailsElement>(".cw-teacher");
  if (!panel) return null;
  const seed = panel.querySelector<HTMLInputElement>('[data-teacher="seed"]');
  return { open: panel.open, seed: seed ? seed.value : "" };
}

export function restoreTeacher(root: Element, state: TeacherState | null): void {
  const panel = root.querySelector<HTMLDetailsElement>(".cw-teacher");
  if (!panel || !state) return;
  panel.open = state.open;
  const seed = panel.querySelector<HTMLInputElement>('[data-teacher="seed"]');
  if (seed) seed.value = state.seed;
}
