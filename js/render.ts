// The one generic scene renderer. It draws whatever scene Python sends and forwards what the user
// did as intents carrying the scene version; it knows no rules. The markup mirrors
// cardwidgets/scene.py to_html() class for class, so one stylesheet styles both.

import { SUIT_LETTERS, SUIT_PATHS } from "./suits";
import type { Action, CardView, Intent, Labels, Option, Scene, Score, Zone } from "./types";

const SVG_NS = "http://www.w3.org/2000/svg";
const GROUP_COLORS = 6;

export type Send = (intent: Intent, version: number) => void;

/** Light or dark: an explicit scene theme wins, then JupyterLab's, VS Code's, marimo's, the system's. */
export function resolveTheme(theme: string, doc: Document): "light" | "dark" {
  if (theme === "light" || theme === "dark") return theme;
  const body = doc.body;
  const jp = body?.getAttribute("data-jp-theme-light");
  if (jp === "false") return "dark";
  if (jp === "true") return "light";
  if (body?.classList.contains("vscode-dark") || body?.classList.contains("vscode-high-contrast")) {
    return "dark";
  }
  const html = doc.documentElement;
  if (html?.classList.contains("dark") || html?.getAttribute("data-theme") === "dark") return "dark";
  const win = doc.defaultView;
  const query = win && typeof win.matchMedia === "function" ? win.matchMedia("(prefers-color-scheme: dark)") : null;
  return query && query.matches ? "dark" : "light";
}

/** The colour slot (1..6) of a capture group number; colours cycle, numbers do not. */
export function groupColor(group: number): number {
  return ((((group - 1) % GROUP_COLORS) + GROUP_COLORS) % GROUP_COLORS) + 1;
}

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function suitSvg(doc: Document, letter: string): SVGSVGElement {
  const svg = doc.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", "cw-pip");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = doc.createElementNS(SVG_NS, "path");
  path.setAttribute("d", SUIT_PATHS[letter] ?? "");
  svg.appendChild(path);
  return svg;
}

export function renderCard(doc: Document, card: CardView): HTMLElement {
  const node = el(doc, "div", card.face ? "cw-card" : "cw-card cw-back");
  node.dataset.card = card.id;
  node.dataset.face = String(card.face);
  node.setAttribute("aria-label", card.label);
  if (!card.face) {
    node.setAttribute("role", "img");
    return node;
  }
  const letter = SUIT_LETTERS[card.suit] ?? "";
  node.dataset.suit = letter;
  node.dataset.color = card.color;
  node.dataset.nav = "card";
  if (card.highlight) node.dataset.highlight = card.highlight;
  if (card.group !== null && card.group !== undefined) {
    node.dataset.group = String(card.group);
    node.dataset.groupColor = String(groupColor(card.group));
  }
  if (card.selectable) {
    node.dataset.selectable = "true";
    node.setAttribute("role", "button");
    node.setAttribute("aria-pressed", String(card.selected));
    node.tabIndex = 0;
  } else {
    node.setAttribute("role", "img");
    node.tabIndex = -1;
  }
  const corner = el(doc, "span", "cw-corner");
  corner.append(el(doc, "span", "cw-rank", card.rank), el(doc, "span", "cw-letter", letter));
  node.append(corner, suitSvg(doc, letter));
  if (card.group !== null && card.group !== undefined) {
    node.append(el(doc, "span", "cw-badge", String(card.group)));
  }
  return node;
}

function renderZone(doc: Document, zone: Zone): HTMLElement {
  const section = el(doc, "section", "cw-zone");
  section.dataset.zone = zone.id;
  section.dataset.layout = zone.layout;
  if (zone.owner !== null && zone.owner !== undefined) section.dataset.owner = String(zone.owner);
  section.setAttribute("aria-label", zone.label);
  const head = el(doc, "div", "cw-zone-head");
  head.append(el(doc, "span", "cw-zone-label", zone.label), el(doc, "span", "cw-zone-info", zone.info));
  const cards = el(doc, "div", "cw-cards");
  for (const card of zone.cards) cards.append(renderCard(doc, card));
  section.append(head, cards);
  return section;
}

function renderOption(doc: Document, option: Option): HTMLElement {
  const button = el(doc, "button", "cw-option");
  button.type = "button";
  button.dataset.option = String(option.index);
  button.dataset.nav = "option";
  if (option.maximal) button.dataset.maximal = "true";
  button.setAttribute("aria-pressed", String(option.selected));
  option.groups.forEach((_, i) => {
    const swatch = el(doc, "span", "cw-swatch", String(i + 1));
    swatch.dataset.groupColor = String(groupColor(i + 1));
    swatch.setAttribute("aria-hidden", "true");
    button.append(swatch);
  });
  button.append(el(doc, "span", undefined, option.label));
  return button;
}

function renderAction(doc: Document, action: Action): HTMLElement {
  const button = el(doc, "button", "cw-action", action.label);
  button.type = "button";
  button.dataset.action = action.id;
  button.dataset.nav = "action";
  if (action.primary) button.dataset.primary = "true";
  button.disabled = !action.enabled;
  return button;
}

function renderScore(doc: Document, score: Score, labels: { tablas: string; total: string }): HTMLElement {
  const table = el(doc, "table", "cw-score");
  const head = el(doc, "tr");
  head.append(el(doc, "th"));
  for (const column of score.columns) head.append(el(doc, "th", undefined, column));
  const thead = el(doc, "thead");
  thead.append(head);
  const body = el(doc, "tbody");
  score.rows.forEach((row, i) => {
    const tr = el(doc, "tr");
    tr.append(el(doc, "th", undefined, String(i + 1)));
    for (const value of row) tr.append(el(doc, "td", undefined, String(value)));
    body.append(tr);
  });
  const tablas = el(doc, "tr", "cw-tablas");
  tablas.append(el(doc, "th", undefined, labels.tablas));
  for (const count of score.tablas) {
    const td = el(doc, "td", undefined, "|".repeat(Math.max(0, count)));
    td.setAttribute("aria-label", `${count} ${labels.tablas}`);
    tablas.append(td);
  }
  const totals = el(doc, "tr", "cw-totals");
  totals.append(el(doc, "th", undefined, labels.total));
  for (const value of score.totals) totals.append(el(doc, "td", undefined, String(value)));
  body.append(tablas, totals);
  table.append(thead, body);
  return table;
}

// Fallback labels for a scene without "labels" (Python always sends them, translated).
const LABELS: Labels = { tablas: "Tablas", total: "Total", options: "Options", actions: "Actions", log: "Moves" };

/** A key naming the focused control, so focus survives a re-render. */
function focusKey(node: Element | null): string | null {
  if (!(node instanceof HTMLElement)) return null;
  if (node.dataset.card) return `card:${node.dataset.card}`;
  if (node.dataset.option) return `option:${node.dataset.option}`;
  if (node.dataset.action) return `action:${node.dataset.action}`;
  return null;
}

function cssEscape(value: string): string {
  return value.replace(/["\\]/g, "\\$&");
}

/** Renders scenes into a host element and turns clicks and keys into intents. */
export class SceneView {
  readonly root: HTMLElement;
  private readonly doc: Document;
  private readonly titleEl: HTMLElement;
  private readonly statusEl: HTMLElement;
  private readonly messageEl: HTMLElement;
  private readonly announceEl: HTMLElement;
  private readonly mainEl: HTMLElement;
  private scene: Scene | null = null;
  private readonly cleanups: Array<() => void> = [];

  constructor(host: HTMLElement, private readonly send: Send) {
    this.doc = host.ownerDocument;
    const doc = this.doc;
    this.root = el(doc, "div", "cw-root");
    // JupyterLab and Notebook 7 ignore shortcuts from inside an element with this attribute;
    // stopPropagation below covers the other front ends.
    this.root.setAttribute("data-lm-suppress-shortcuts", "true");
    this.root.setAttribute("role", "region");
    const header = el(doc, "header", "cw-header");
    this.titleEl = el(doc, "span", "cw-title");
    this.statusEl = el(doc, "span", "cw-status");
    header.append(this.titleEl, this.statusEl);
    this.messageEl = el(doc, "p", "cw-message");
    this.messageEl.setAttribute("aria-live", "assertive");
    this.announceEl = el(doc, "p", "cw-announce");
    this.announceEl.setAttribute("aria-live", "polite");
    this.announceEl.setAttribute("aria-atomic", "true");
    this.mainEl = el(doc, "div", "cw-main");
    this.root.append(header, this.messageEl, this.announceEl, this.mainEl);
    host.append(this.root);

    const on = <K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void) => {
      this.root.addEventListener(type, fn);
      this.cleanups.push(() => this.root.removeEventListener(type, fn));
    };
    on("click", (e) => this.onClick(e));
    on("keydown", (e) => this.onKeydown(e));
    // Keep every key inside the widget: notebook shortcuts (a, b, d d, Enter, Escape) must not fire.
    on("keyup", (e) => e.stopPropagation());
    on("keypress", (e) => e.stopPropagation());
    on("mouseover", (e) => this.preview(e.target));
    on("focusin", (e) => this.preview(e.target));
    on("mouseout", () => this.preview(null));
    on("focusout", () => this.preview(null));
    this.watchTheme();
  }

  private watchTheme(): void {
    const win = this.doc.defaultView;
    const refresh = () => this.refreshTheme();
    if (win && typeof win.matchMedia === "function") {
      const query = win.matchMedia("(prefers-color-scheme: dark)");
      if (typeof query.addEventListener === "function") {
        query.addEventListener("change", refresh);
        this.cleanups.push(() => query.removeEventListener("change", refresh));
      }
    }
    if (win && typeof win.MutationObserver === "function") {
      const observer = new win.MutationObserver(refresh);
      const targets = [this.doc.body, this.doc.documentElement].filter((n): n is HTMLElement => !!n);
      for (const target of targets) {
        observer.observe(target, { attributes: true, attributeFilter: ["data-jp-theme-light", "class", "data-theme"] });
      }
      this.cleanups.push(() => observer.disconnect());
    }
  }

  refreshTheme(): void {
    this.root.dataset.theme = resolveTheme(this.scene?.theme ?? "auto", this.doc);
  }

  get version(): number {
    return this.scene?.version ?? -1;
  }

  update(scene: Scene): void {
    if (!scene || !Array.isArray(scene.zones)) return; // not synced yet
    const active = this.doc.activeElement;
    const hadFocus = !!active && this.root.contains(active);
    const key = hadFocus ? focusKey(active) : null;
    this.scene = scene;
    const root = this.root;
    root.dataset.game = scene.game;
    root.dataset.version = String(scene.version);
    root.dataset.fourColor = String(!!scene.four_color);
    root.setAttribute("lang", scene.locale);
    root.setAttribute("aria-label", scene.title);
    this.refreshTheme();
    this.titleEl.textContent = scene.title;
    this.statusEl.textContent = scene.status;
    if (scene.message) {
      this.messageEl.dataset.kind = scene.message.kind;
      this.messageEl.textContent = scene.message.text;
    } else {
      delete this.messageEl.dataset.kind;
      this.messageEl.textContent = "";
    }
    // Only touch the live region when the sentence changes, so it is announced once.
    if (this.announceEl.textContent !== scene.announce) this.announceEl.textContent = scene.announce;
    this.mainEl.replaceChildren(...this.renderMain(scene));
    if (hadFocus) this.restoreFocus(key);
  }

  private renderMain(scene: Scene): HTMLElement[] {
    const doc = this.doc;
    const labels = { ...LABELS, ...(scene.labels ?? {}) };
    const board = el(doc, "div", "cw-board");
    for (const zone of scene.zones) board.append(renderZone(doc, zone));
    const controls = el(doc, "div", "cw-controls");
    if (scene.options.length > 0) {
      const options = el(doc, "div", "cw-options");
      options.setAttribute("role", "group");
      options.setAttribute("aria-label", labels.options);
      for (const option of scene.options) options.append(renderOption(doc, option));
      controls.append(options);
    }
    if (scene.actions.length > 0) {
      const actions = el(doc, "div", "cw-actions");
      actions.setAttribute("role", "group");
      actions.setAttribute("aria-label", labels.actions);
      for (const action of scene.actions) actions.append(renderAction(doc, action));
      controls.append(actions);
    }
    board.append(controls);
    const side = el(doc, "div", "cw-side");
    if (scene.score) side.append(renderScore(doc, scene.score, labels));
    if (scene.log.length > 0) {
      const log = el(doc, "ol", "cw-log");
      log.setAttribute("aria-label", labels.log);
      for (const line of scene.log) log.append(el(doc, "li", undefined, line));
      side.append(log);
    }
    return [board, side];
  }

  /** Controls reachable with the arrow keys, in document order. */
  navigable(): HTMLElement[] {
    return Array.from(this.root.querySelectorAll<HTMLElement>("[data-nav]")).filter(
      (node) => !(node instanceof HTMLButtonElement && node.disabled),
    );
  }

  private restoreFocus(key: string | null): void {
    let target: HTMLElement | null = null;
    if (key) {
      const [kind, value] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
      const found = this.root.querySelector<HTMLElement>(`[data-${kind}="${cssEscape(value)}"]`);
      if (found && !(found instanceof HTMLButtonElement && found.disabled)) target = found;
    }
    // The focused card was played or the button went disabled: go back to the hand.
    target ??=
      this.root.querySelector<HTMLElement>('[data-zone="hand"] [data-selectable="true"]') ??
      this.navigable()[0] ??
      null;
    target?.focus();
  }

  private intentFor(target: EventTarget | null): Intent | null {
    if (!(target instanceof Element)) return null;
    const node = target.closest<HTMLElement>("[data-card], [data-option], [data-action]");
    if (!node || !this.root.contains(node)) return null;
    if (node.dataset.card !== undefined) {
      if (node.dataset.selectable !== "true") return null;
      const zone = node.closest<HTMLElement>("[data-zone]")?.dataset.zone ?? "";
      return { kind: "card", zone, card: node.dataset.card };
    }
    if (node instanceof HTMLButtonElement && node.disabled) return null;
    if (node.dataset.option !== undefined) return { kind: "option", index: Number(node.dataset.option) };
    if (node.dataset.action !== undefined) return { kind: "action", id: node.dataset.action };
    return null;
  }

  private emit(intent: Intent | null): void {
    if (intent && this.scene) this.send(intent, this.scene.version);
  }

  private onClick(event: MouseEvent): void {
    this.emit(this.intentFor(event.target));
  }

  private onKeydown(event: KeyboardEvent): void {
    event.stopPropagation();
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement | null;
    switch (event.key) {
      case "ArrowRight":
      case "ArrowDown":
        this.moveFocus(target, 1);
        break;
      case "ArrowLeft":
      case "ArrowUp":
        this.moveFocus(target, -1);
        break;
      case "Home":
        this.navigable()[0]?.focus();
        break;
      case "End":
        this.navigable().slice(-1)[0]?.focus();
        break;
      case "Escape":
        if (this.scene?.actions.some((a) => a.id === "cancel" && a.enabled)) {
          this.emit({ kind: "action", id: "cancel" });
        }
        break;
      case "Enter":
      case " ":
        // Buttons activate natively (one click event); cards are divs, so act here.
        if (target instanceof HTMLButtonElement) return;
        this.emit(this.intentFor(target));
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  private moveFocus(from: HTMLElement | null, step: number): void {
    const items = this.navigable();
    if (items.length === 0) return;
    const at = from ? items.indexOf(from) : -1;
    const next = at < 0 ? (step > 0 ? 0 : items.length - 1) : (at + step + items.length) % items.length;
    items[next].focus();
  }

  /** Show locally (no round trip) what a hovered or focused hand card would capture. */
  private preview(target: EventTarget | null): void {
    for (const node of Array.from(this.root.querySelectorAll<HTMLElement>("[data-preview]"))) {
      delete node.dataset.preview;
    }
    if (!(target instanceof Element) || !this.scene) return;
    const card = target.closest<HTMLElement>("[data-zone] [data-card]");
    const id = card?.dataset.card;
    if (!card || !id || card.closest<HTMLElement>("[data-zone]")?.dataset.zone !== "hand") return;
    const groups = this.scene.previews[id]?.groups ?? [];
    groups.forEach((group, i) => {
      for (const member of group) {
        const node = this.root.querySelector<HTMLElement>(
          `[data-zone="table"] [data-card="${cssEscape(member)}"]`,
        );
        if (node) node.dataset.preview = String(groupColor(i + 1));
      }
    });
  }

  destroy(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.root.remove();
  }
}
