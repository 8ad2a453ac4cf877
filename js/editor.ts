// The position editor's front end (cardwidgets/widgets/editor.py): a palette of every card of
// the game, the game's zones, its counters, the position code and the from_position call. Python
// decides everything (which card is chosen, whether the position is possible, every word); this
// draws the editor scene with the game widgets' card faces (faces.ts) and sends what was clicked
// as an intent stamped with the scene version. Every control is a native button, select or input,
// so Tab reaches it and Enter or Space works it; Delete (or Backspace) removes the chosen card.

import { type H, builder, flag } from "./dom";
import { face } from "./faces";
import { onThemeChange, resolveTheme } from "./render";
import type { CardView } from "./types";

export interface EditorCard {
  index: number;
  item: string;
  card: CardView;
}

export interface EditorZone {
  id: string;
  label: string;
  count: string;
  note: string;
  place: string;
  cards: EditorCard[];
}

export interface EditorCounter {
  name: string;
  label: string;
  kind: "seat" | "number" | "yes_no" | "suit" | string;
  value: number | string;
  least: number;
  choices: { value: number | string; label: string }[];
}

export interface EditorAction {
  id: string;
  label: string;
  enabled: boolean;
  primary: boolean;
}

export interface EditorScene {
  version: number;
  game: string;
  locale: string;
  theme: string;
  title: string;
  labels: Record<string, string>;
  palette: { group: string; card: CardView }[];
  zones: EditorZone[];
  counters: EditorCounter[];
  possible: boolean;
  status: string;
  message: { kind: string; text: string } | null;
  code: string;
  call: string;
  actions: EditorAction[];
}

export type EditorIntent =
  | { kind: "pick"; zone: string; card: string; index?: number }
  | { kind: "put"; zone: string }
  | { kind: "remove" }
  | { kind: "counter"; name: string; value: string }
  | { kind: "load"; code: string }
  | { kind: "action"; id: string };

function cardButton(h: H, card: CardView, attrs: Record<string, string | number | null>): Element {
  const marks = { "data-selected": flag(card.selected), "data-selectable": flag(card.selectable) };
  return h(
    "button",
    { class: "cw-card cw-editor-card", type: "button", "aria-label": card.label, "aria-pressed": flag(card.selected), ...marks, ...attrs },
    face(h, card, "normal", false),
    card.note ? h("span", { class: "cw-editor-note", "aria-hidden": "true" }, card.note) : null,
  );
}

function renderZone(h: H, scene: EditorScene, zone: EditorZone): Element {
  const head = `cw-ed-${zone.id}`;
  const cards = zone.cards.map((c) =>
    cardButton(h, c.card, { "data-zone": zone.id, "data-index": c.index, "data-item": c.item }),
  );
  return h(
    "div",
    { class: "cw-editor-zone", "data-zone-box": zone.id, role: "group", "aria-labelledby": head },
    h(
      "div",
      { class: "cw-editor-zone-head" },
      h("span", { class: "cw-editor-zone-label", id: head }, zone.label),
      h("span", { class: "cw-editor-count" }, zone.count),
      h("button", { class: "cw-action cw-editor-put", type: "button", "data-put": zone.id, "aria-label": zone.place }, scene.labels.put),
    ),
    zone.note ? h("div", { class: "cw-editor-zone-note" }, zone.note) : null,
    h("div", { class: "cw-editor-cards" }, ...(cards.length ? cards : [h("span", { class: "cw-editor-empty" }, scene.labels.empty)])),
  );
}

function renderCounter(h: H, counter: EditorCounter): Element {
  const id = `cw-ed-counter-${counter.name}`;
  const control =
    counter.kind === "number"
      ? h("input", { id, type: "number", min: counter.least, step: 1, value: String(counter.value), "data-counter": counter.name })
      : h(
          "select",
          { id, "data-counter": counter.name },
          ...counter.choices.map((c) =>
            h("option", { value: String(c.value), selected: String(c.value) === String(counter.value) ? "" : null }, c.label),
          ),
        );
  return h("div", { class: "cw-editor-counter" }, h("label", { for: id }, counter.label), control);
}

function renderPalette(h: H, scene: EditorScene): Element {
  const groups = new Map<string, Element[]>();
  for (const { group, card } of scene.palette) {
    const attrs = { "data-palette": card.id.slice(2), disabled: card.selectable ? null : "" };
    const list = groups.get(group) ?? [];
    list.push(cardButton(h, card, attrs));
    groups.set(group, list);
  }
  const parts: Element[] = [];
  for (const [group, buttons] of groups) {
    const title = scene.labels[group];
    if (title && groups.size > 1) parts.push(h("div", { class: "cw-editor-group" }, title));
    parts.push(h("div", { class: "cw-editor-cards cw-editor-palette-cards" }, ...buttons));
  }
  return h("section", { class: "cw-editor-palette", "aria-label": scene.labels.palette }, h("h4", {}, scene.labels.palette), ...parts);
}

/** The whole editor for one scene (a fresh tree; the view swaps it in). */
export function renderEditor(doc: Document, scene: EditorScene): HTMLElement {
  const h = builder(doc);
  const theme = resolveTheme(scene.theme, doc);
  const actions = scene.actions.map((a) =>
    h(
      "button",
      { class: "cw-action", type: "button", "data-action": a.id, "data-primary": a.primary ? "true" : null, disabled: a.enabled ? null : "" },
      a.label,
    ),
  );
  const message = scene.message
    ? h("div", { class: "cw-message cw-editor-message", "data-kind": scene.message.kind }, scene.message.text)
    : null;
  const root = h(
    "div",
    { class: "cw-root cw-editor", "data-theme": theme, "data-version": scene.version, "data-game": scene.game, lang: scene.locale },
    h("h3", { class: "cw-editor-title" }, scene.title),
    h("div", { class: "cw-editor-status", role: "status", "data-possible": String(scene.possible) }, scene.status),
    h("div", { class: "cw-editor-live", "aria-live": "polite" }, message),
    h("section", { class: "cw-editor-zones", "aria-label": scene.labels.zones }, ...scene.zones.map((z) => renderZone(h, scene, z))),
    h("div", { class: "cw-editor-actions" }, ...actions),
    h("section", { class: "cw-editor-counters", "aria-label": scene.labels.counters }, ...scene.counters.map((c) => renderCounter(h, c))),
    renderPalette(h, scene),
    h(
      "section",
      { class: "cw-editor-code" },
      h("label", { for: "cw-ed-code" }, scene.labels.code),
      h("input", { id: "cw-ed-code", class: "cw-editor-code-text", readonly: "", value: scene.code, "data-copy": "code" }),
      h("label", { for: "cw-ed-call" }, scene.labels.call),
      h("textarea", { id: "cw-ed-call", class: "cw-editor-call", readonly: "", rows: 3, "data-copy": "call" }, scene.call),
      h("label", { for: "cw-ed-load" }, scene.labels.code_input),
      h(
        "div",
        { class: "cw-editor-load" },
        h("input", { id: "cw-ed-load", type: "text", "data-load": "", autocomplete: "off", spellcheck: "false" }),
        h("button", { class: "cw-action", type: "button", "data-action": "load" }, scene.labels.load),
      ),
    ),
  ) as HTMLElement;
  return root;
}

/** The intent of a click on `target` (null: the click is not on a control of the editor). */
export function clickIntent(target: EventTarget | null, root: Element): EditorIntent | null {
  if (!(target instanceof Element)) return null;
  const node = target.closest<HTMLElement>("[data-palette], [data-index], [data-put], [data-action]");
  if (!node || !root.contains(node) || (node as HTMLButtonElement).disabled) return null;
  const data = node.dataset;
  if (data.palette !== undefined) return { kind: "pick", zone: "palette", card: data.palette };
  if (data.index !== undefined) return { kind: "pick", zone: data.zone ?? "", card: data.item ?? "", index: Number(data.index) };
  if (data.put !== undefined) return { kind: "put", zone: data.put };
  if (data.action === "load") {
    const input = root.querySelector<HTMLInputElement>("[data-load]");
    return { kind: "load", code: input?.value ?? "" };
  }
  return data.action ? { kind: "action", id: data.action } : null;
}

/** The intent of a key: Delete or Backspace removes the chosen placed card (not while typing). */
export function keyIntent(event: KeyboardEvent, root: Element): EditorIntent | null {
  if (event.key !== "Delete" && event.key !== "Backspace") return null;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return null;
  const chosen = root.querySelector('[data-index][aria-pressed="true"]');
  return chosen ? { kind: "remove" } : null;
}

/** A selector for the focused control, so focus survives a re-render. */
export function focusKey(node: Element | null): string | null {
  if (!(node instanceof HTMLElement)) return null;
  const d = node.dataset;
  const q = (v: string) => v.replace(/["\\]/g, "\\$&");
  if (d.palette !== undefined) return `[data-palette="${q(d.palette)}"]`;
  if (d.index !== undefined) return `[data-zone="${q(d.zone ?? "")}"][data-index="${q(d.index)}"]`;
  if (d.put !== undefined) return `[data-put="${q(d.put)}"]`;
  if (d.action !== undefined) return `[data-action="${q(d.action)}"]`;
  if (d.counter !== undefined) return `[data-counter="${q(d.counter)}"]`;
  if (d.load !== undefined) return "[data-load]";
  if (d.copy !== undefined) return `[data-copy="${q(d.copy)}"]`;
  return null;
}

export type SendEditor = (intent: EditorIntent, version: number) => void;

/** Keeps the editor in `el` in step with the scenes it is given, and sends what is done. */
export class EditorView {
  root: HTMLElement | null = null;
  private scene: EditorScene | null = null;
  private readonly onClick = (event: Event) => this.act(clickIntent(event.target, this.el));
  private readonly onKey = (event: KeyboardEvent) => {
    const intent = keyIntent(event, this.el);
    if (intent) event.preventDefault();
    this.act(intent);
  };
  private readonly onChange = (event: Event) => {
    const node = event.target;
    if (node instanceof HTMLElement && node.dataset.counter !== undefined) {
      this.act({ kind: "counter", name: node.dataset.counter, value: (node as HTMLInputElement).value });
    }
  };

  private readonly cleanups: Array<() => void> = [];

  constructor(
    private readonly el: HTMLElement,
    private readonly send: SendEditor,
  ) {
    el.addEventListener("click", this.onClick);
    el.addEventListener("keydown", this.onKey);
    el.addEventListener("change", this.onChange);
    this.watchTheme();
  }

  /** "auto" follows the page: JupyterLab's theme switch, the system's preference. */
  private watchTheme(): void {
    const doc = this.el.ownerDocument;
    this.cleanups.push(
      onThemeChange(doc, () => {
        if (this.root && this.scene) this.root.dataset.theme = resolveTheme(this.scene.theme, doc);
      }),
    );
  }

  // Clicks made before Python answered the last one wait their turn, each sent on the scene
  // that answers the one before: a pick then a quick put means "put the card just picked",
  // which a put stamped with the older scene would not (Python refuses those as stale).
  private waiting: number | null = null;
  private readonly queue: EditorIntent[] = [];

  private act(intent: EditorIntent | null): void {
    if (!intent || !this.scene) return;
    if (this.waiting !== null && this.waiting >= this.scene.version) {
      this.queue.push(intent);
      return;
    }
    this.waiting = this.scene.version;
    this.send(intent, this.scene.version);
  }

  private flush(): void {
    if (this.waiting !== null && this.scene && this.scene.version > this.waiting) this.waiting = null;
    const next = this.queue.shift();
    if (next) this.act(next);
  }

  update(scene: EditorScene): void {
    const doc = this.el.ownerDocument;
    const focus = this.root?.contains(doc.activeElement) ? focusKey(doc.activeElement) : null;
    const typed = this.root?.querySelector<HTMLInputElement>("[data-load]")?.value ?? "";
    const next = renderEditor(doc, scene);
    const load = next.querySelector<HTMLInputElement>("[data-load]");
    if (load) load.value = typed; // a code being pasted survives a re-render
    if (this.root) this.root.replaceWith(next);
    else this.el.append(next);
    this.root = next;
    this.scene = scene;
    if (focus) next.querySelector<HTMLElement>(focus)?.focus();
    this.flush();
  }

  destroy(): void {
    this.el.removeEventListener("click", this.onClick);
    this.el.removeEventListener("keydown", this.onKey);
    this.el.removeEventListener("change", this.onChange);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.root?.remove();
  }
}

interface EditorModel {
  get(name: "scene"): EditorScene;
  on(event: string, callback: () => void): void;
  off(event: string, callback: () => void): void;
  send(content: { type: "intent"; version: number; intent: EditorIntent }): void;
}

function render({ model, el }: { model: EditorModel; el: HTMLElement }): () => void {
  const view = new EditorView(el, (intent, version) => model.send({ type: "intent", version, intent }));
  const update = () => view.update(model.get("scene"));
  model.on("change:scene", update);
  update();
  return () => {
    model.off("change:scene", update);
    view.destroy();
  };
}

export default { render };
