// The one generic scene renderer. It draws whatever scene Python sends and forwards what the user
// did as intents carrying the scene version; it knows no game and holds no words of its own (every
// label comes from scene.labels). The markup is built by zones.ts and panels.ts, which mirror
// cardwidgets/scene_html.py element for element, so one stylesheet styles both.

import { answerIntent, inAnswer } from "./analysis";
import { type H, builder, groupColor } from "./dom";
import { StageFit, isFullscreen } from "./fit";
import { renderMain, rootAttrs, scoreLine } from "./panels";
import { inTeacher, restoreTeacher, teacherIntent, teacherKey, teacherState } from "./teacher";
import type { Intent, Labels, Preview, Scene } from "./types";
import type { Ctx } from "./zones";

export { groupColor } from "./dom";

export type Send = (intent: Intent, version: number) => void;

const NO_LABELS: Labels = { options: "", actions: "", log: "", score: "", legend: "", empty: "", summary: "", roles: {} };

/**
 * Call ``refresh`` whenever the page's light or dark theme may have changed (the system's
 * preference, JupyterLab's theme switch, VS Code's or Colab's marks); returns the function that
 * stops watching.
 */
export function onThemeChange(doc: Document, refresh: () => void): () => void {
  const stops: Array<() => void> = [];
  const win = doc.defaultView;
  if (win && typeof win.matchMedia === "function") {
    const query = win.matchMedia("(prefers-color-scheme: dark)");
    if (typeof query.addEventListener === "function") {
      query.addEventListener("change", refresh);
      stops.push(() => query.removeEventListener("change", refresh));
    }
  }
  if (win && typeof win.MutationObserver === "function") {
    const observer = new win.MutationObserver(refresh);
    for (const target of [doc.body, doc.documentElement]) {
      if (target) observer.observe(target, { attributes: true, attributeFilter: ["data-jp-theme-light", "class", "data-theme", "theme"] });
    }
    stops.push(() => observer.disconnect());
  }
  return () => stops.forEach((stop) => stop());
}

/**
 * Light or dark: an explicit scene theme wins, then JupyterLab's, VS Code's, Colab's, marimo's,
 * the system's.
 */
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
  // Colab marks its page (and each output frame) with <html theme="dark"> or theme="light",
  // whatever the system prefers: a user's Colab setting wins over the system's.
  const colab = html?.getAttribute("theme");
  if (colab === "dark" || colab === "light") return colab;
  if (html?.classList.contains("dark") || html?.getAttribute("data-theme") === "dark") return "dark";
  const win = doc.defaultView;
  const query = win && typeof win.matchMedia === "function" ? win.matchMedia("(prefers-color-scheme: dark)") : null;
  return query && query.matches ? "dark" : "light";
}

function cssEscape(value: string): string {
  return value.replace(/["\\]/g, "\\$&");
}

/** A selector naming the focused control, so focus survives a re-render. */
function focusKey(node: Element | null): string | null {
  if (!(node instanceof HTMLElement)) return null;
  const data = node.dataset;
  if (data.card !== undefined) {
    const zone = node.closest<HTMLElement>("[data-zone]")?.dataset.zone ?? "";
    return `[data-zone="${cssEscape(zone)}"] [data-card="${cssEscape(data.card)}"]`;
  }
  if (data.option !== undefined) return `[data-option="${cssEscape(data.option)}"]`;
  if (data.action !== undefined) return `[data-action="${cssEscape(data.action)}"]`;
  if (data.history !== undefined) return "[data-history]";
  if (data.teacher !== undefined) return `[data-teacher="${cssEscape(data.teacher)}"]`;
  if (node.classList.contains("cw-log-box")) return ".cw-log-box";
  if (node.classList.contains("cw-side-toggle")) return ".cw-side-toggle";
  if (node.classList.contains("cw-fullscreen")) return ".cw-fullscreen";
  return null;
}

let sideCount = 0;

const usable = (node: HTMLElement | null): node is HTMLElement =>
  !!node && !((node instanceof HTMLButtonElement || node instanceof HTMLInputElement) && node.disabled);

/** Renders scenes into a host element and turns clicks, keys and the slider into intents. */
export class SceneView {
  readonly root: HTMLElement;
  private readonly doc: Document;
  private readonly h: H;
  private readonly titleEl: Element;
  private readonly statusEl: Element;
  private readonly bannerEl: HTMLElement;
  private readonly messageEl: HTMLElement;
  private readonly announceEl: Element;
  private readonly mainEl: Element;
  private scene: Scene | null = null;
  private spoken = ""; // the last sentence given to the live region (or marked as heard)
  private previewed: Element | null = null;
  /** The preview of a card selected locally, lit until the kernel's next scene (see `instant`). */
  private pending: Preview | null = null;
  private readonly cleanups: Array<() => void> = [];
  /** Whether the side column is shown when the widget is narrow: the user's choice, kept; until
   * there is one, shown unless the stage is tight (fit.ts), where its one-line score stays. */
  private sideChoice: boolean | null = null;
  private readonly fullscreenEl: HTMLButtonElement;
  private readonly fit: StageFit;
  private readonly sideId = `cw-side-${++sideCount}`;

  /**
   * `instant`: a click on a selectable card shows at once, before the kernel answers (off for a
   * player with no kernel behind it, where no scene would ever replace the local mark).
   */
  constructor(
    host: HTMLElement,
    private readonly send: Send,
    private readonly instant = true,
  ) {
    this.doc = host.ownerDocument;
    const h = (this.h = builder(this.doc));
    // JupyterLab and Notebook 7 ignore shortcuts from inside an element with this attribute;
    // stopPropagation below covers the other front ends.
    this.root = h("div", { class: "cw-root", "data-lm-suppress-shortcuts": "true", role: "region" }) as HTMLElement;
    this.titleEl = h("span", { class: "cw-title" });
    this.statusEl = h("span", { class: "cw-status" });
    // A div, not a <p>: a large bold paragraph above others reads to axe as a fake heading.
    this.bannerEl = h("div", { class: "cw-banner" }) as HTMLElement;
    this.messageEl = h("p", { class: "cw-message", "aria-live": "assertive" }) as HTMLElement;
    this.announceEl = h("p", { class: "cw-announce", "aria-live": "polite", "aria-atomic": "true" });
    this.mainEl = h("div", { class: "cw-main" });
    // A div, not <header>: inside the widget's region a header would be a misplaced banner.
    // The projector's one click: the stage alone on the whole screen (a live control only; it
    // needs a click, the Fullscreen API refuses a call from Python). Hidden where there is none.
    this.fullscreenEl = h("button", { type: "button", class: "cw-fullscreen", "aria-pressed": "false" }) as HTMLButtonElement;
    this.fullscreenEl.hidden = !(this.doc.fullscreenEnabled && typeof this.root.requestFullscreen === "function");
    const header = h("div", { class: "cw-header" }, this.titleEl, this.statusEl, this.fullscreenEl);
    this.root.append(header, this.bannerEl, this.messageEl, this.announceEl, this.mainEl);
    host.append(this.root);
    this.fit = new StageFit(
      this.root,
      () => this.showSide(),
      () => this.followLog(),
    );
    const screen = () => this.labelFullscreen();
    this.doc.addEventListener("fullscreenchange", screen);
    this.cleanups.push(() => this.doc.removeEventListener("fullscreenchange", screen));
    this.cleanups.push(() => this.fit.destroy());
    this.listen();
    this.watchTheme();
  }

  private listen(): void {
    const on = <K extends keyof HTMLElementEventMap>(type: K, fn: (e: HTMLElementEventMap[K]) => void) => {
      this.root.addEventListener(type, fn);
      this.cleanups.push(() => this.root.removeEventListener(type, fn));
    };
    on("click", (e) => {
      if (!this.toggleSide(e.target) && !this.toggleFullscreen(e.target)) this.emit(this.intentFor(e.target));
    });
    on("change", (e) => this.onChange(e));
    on("keydown", (e) => this.onKeydown(e));
    // Keep every key inside the widget: notebook shortcuts (a, b, d d, Enter, Escape) must not fire.
    on("keyup", (e) => e.stopPropagation());
    on("keypress", (e) => e.stopPropagation());
    on("mouseover", (e) => this.preview(e.target));
    on("focusin", (e) => this.preview(e.target));
    on("mouseout", () => this.preview(null));
    on("focusout", () => this.preview(null));
  }

  private watchTheme(): void {
    this.cleanups.push(onThemeChange(this.doc, () => this.refreshTheme()));
  }

  refreshTheme(): void {
    this.root.dataset.theme = resolveTheme(this.scene?.theme ?? "auto", this.doc);
  }

  get version(): number {
    return this.scene?.version ?? -1;
  }

  /** The element with focus, also inside a shadow root (marimo). */
  private active(): Element | null {
    const owner = this.root.getRootNode() as Document | ShadowRoot;
    return owner.activeElement ?? null;
  }

  /** Draw `scene`; `quiet`: its sentence was already heard (read step by step, frames.ts). */
  update(scene: Scene, quiet = false): void {
    if (!scene || !Array.isArray(scene.zones)) return; // not synced yet
    if (quiet) this.spoken = scene.announce;
    const active = this.active();
    const hadFocus = !!active && this.root.contains(active);
    const key = hadFocus ? focusKey(active) : null;
    const hovered = this.previewed ? focusKey(this.previewed) : null;
    const log = this.logState();
    const teacher = teacherState(this.root);
    this.scene = scene;
    // The kernel's scene confirms or corrects what was shown locally: the local mark goes.
    this.pending = null;
    delete this.root.dataset.pending;
    this.updateFrame(scene);
    const ctx: Ctx = { h: this.h, size: scene.size, fourColor: !!scene.four_color, labels: { ...NO_LABELS, ...scene.labels }, live: true };
    this.mainEl.replaceChildren(...renderMain(ctx, scene));
    this.addSideToggle(ctx.labels.side ?? "", scene);
    this.labelFullscreen();
    this.fit.refit();
    // After the fit: it may have made the log's box shorter, and its end is what must show.
    this.restoreLog(log);
    restoreTeacher(this.root, teacher);
    if (hadFocus) this.restoreFocus(key);
    if (hovered) this.preview(this.root.querySelector(hovered));
  }

  private updateFrame(scene: Scene): void {
    for (const [name, value] of Object.entries(rootAttrs(scene, ""))) {
      if (value === null || value === undefined) this.root.removeAttribute(name);
      else this.root.setAttribute(name, String(value));
    }
    this.refreshTheme();
    this.titleEl.textContent = scene.title;
    this.statusEl.textContent = scene.status;
    this.updateBanner(scene);
    if (scene.message) {
      this.messageEl.dataset.kind = scene.message.kind;
      this.messageEl.textContent = scene.message.text;
    } else {
      delete this.messageEl.dataset.kind;
      this.messageEl.textContent = "";
    }
    // Only touch the live region when the sentence changes, so it is announced once.
    if (this.spoken !== scene.announce) this.announceEl.textContent = this.spoken = scene.announce;
  }

  /** The turn banner: its words, and its tone (the colour) as data-tone. */
  private updateBanner(scene: Scene): void {
    const banner = scene.banner;
    if (banner) this.bannerEl.dataset.tone = banner.tone;
    else delete this.bannerEl.dataset.tone;
    this.bannerEl.textContent = banner ? banner.text : "";
  }

  /**
   * The side column's show/hide button, a live control only (the static picture has no script
   * to run it): the stylesheet shows it when the widget is narrow and the side column lies under
   * the board, and hides the column while it is collapsed. Python is not asked: it is a view
   * choice, kept across scenes.
   */
  private addSideToggle(label: string, scene: Scene): void {
    const side = this.mainEl.querySelector<HTMLElement>(":scope > .cw-side");
    if (!side || side.childElementCount === 0) return;
    side.id = this.sideId;
    const attrs = { type: "button", class: "cw-side-toggle", "aria-controls": this.sideId };
    // Folded, the score still shows on one line beside the button.
    const line = scene.score ? scoreLine(scene.score) : "";
    side.before(this.h("button", attrs, label), ...(line ? [this.h("p", { class: "cw-scoreline" }, line)] : []));
    this.showSide();
  }

  /** Whether the side column shows when narrow: the user's choice, else not when tight. */
  private get sideOpen(): boolean {
    return this.sideChoice ?? this.root.dataset.fit !== "tight";
  }

  /** Mark the side column and its button open or folded (the stylesheet acts when narrow). */
  private showSide(): void {
    const open = String(this.sideOpen);
    this.root.querySelector(".cw-main > .cw-side-toggle")?.setAttribute("aria-expanded", open);
    const side = this.root.querySelector<HTMLElement>(`#${this.sideId}`);
    if (side) side.dataset.open = open;
  }

  /** The full-screen button's words: go full screen, or leave it (Escape does too). */
  private labelFullscreen(): void {
    const labels = this.scene?.labels;
    const full = isFullscreen(this.root);
    this.fullscreenEl.textContent = (full ? labels?.fullscreen_leave : labels?.fullscreen) ?? "";
    this.fullscreenEl.setAttribute("aria-pressed", String(full));
    if (!this.fullscreenEl.textContent) this.fullscreenEl.hidden = true;
  }

  /** Puts the stage on the whole screen, or back, when `target` is the button; else false. */
  private toggleFullscreen(target: EventTarget | null): boolean {
    const button = target instanceof Element ? target.closest(".cw-fullscreen") : null;
    if (button !== this.fullscreenEl) return false;
    if (isFullscreen(this.root)) void this.doc.exitFullscreen?.();
    else void this.root.requestFullscreen?.().catch(() => undefined);
    return true;
  }

  /** Shows or hides the side column when `target` is its button; false for any other target. */
  private toggleSide(target: EventTarget | null): boolean {
    const button = target instanceof Element ? target.closest<HTMLElement>(".cw-side-toggle") : null;
    if (!button || !this.root.contains(button)) return false;
    this.sideChoice = !this.sideOpen;
    this.showSide();
    this.fit.refit(true);
    this.restoreLog({ bottom: true, top: 0 });
    return true;
  }

  /** Whether the move log follows its newest entry (it did at the last scene, or was scrolled
   * back there): after a fit, it is scrolled to its end again. */
  private logFollows = true;

  private followLog(): void {
    const box = this.root.querySelector<HTMLElement>(".cw-log-box");
    if (box && this.logFollows) box.scrollTop = box.scrollHeight;
  }

  /** Where the log was scrolled: at the bottom (follow new entries) or where the user left it. */
  private logState(): { bottom: boolean; top: number } {
    const box = this.root.querySelector<HTMLElement>(".cw-log-box");
    if (!box) return { bottom: true, top: 0 };
    return { bottom: box.scrollHeight - box.scrollTop - box.clientHeight < 8, top: box.scrollTop };
  }

  private restoreLog(state: { bottom: boolean; top: number }): void {
    this.logFollows = state.bottom;
    const box = this.root.querySelector<HTMLElement>(".cw-log-box");
    if (box) box.scrollTop = state.bottom ? box.scrollHeight : state.top;
    // The first scene is drawn before the notebook shows the widget (no height yet): follow the
    // newest entry again once it is laid out, or the log would stay at its oldest one.
    const win = this.doc.defaultView;
    if (box && state.bottom && box.scrollHeight === 0 && win && typeof win.requestAnimationFrame === "function") {
      win.requestAnimationFrame(() => (box.scrollTop = box.scrollHeight));
    }
  }

  /** Controls reachable with the arrow keys, in document order. */
  navigable(): HTMLElement[] {
    return Array.from(this.root.querySelectorAll<HTMLElement>("[data-nav]")).filter(usable);
  }

  private restoreFocus(key: string | null): void {
    const found = key ? this.root.querySelector<HTMLElement>(key) : null;
    let target: HTMLElement | null = usable(found) ? found : null;
    // A summary paused the game: its continue button is what to press next.
    const summary = this.scene?.summary?.action;
    if (summary) target ??= this.root.querySelector<HTMLElement>(`.cw-summary [data-action="${cssEscape(summary)}"]`);
    // The focused card was played or the button went away: fall back in the scene's order.
    for (const zone of this.scene?.focus ?? []) {
      target ??= this.root.querySelector<HTMLElement>(`[data-zone="${cssEscape(zone)}"] [data-selectable="true"]`);
    }
    target ??= this.navigable()[0] ?? null;
    target?.focus();
  }

  private intentFor(target: EventTarget | null): Intent | null {
    if (!(target instanceof Element)) return null;
    if (inTeacher(target)) return teacherIntent(target, "click");
    if (inAnswer(target)) return answerIntent(target);
    const node = target.closest<HTMLElement>("[data-card], [data-option], [data-action]");
    if (!node || !this.root.contains(node)) return null;
    if (node.dataset.card !== undefined) {
      // Any card on the board, selectable or not: Python says why a click does nothing
      // (a table card before a hand card, the computer's cards). Summary cards are a picture.
      const zone = node.closest<HTMLElement>("[data-zone]");
      if (!zone || zone.closest(".cw-summary")) return null;
      return { kind: "card", zone: zone.dataset.zone ?? "", card: node.dataset.card };
    }
    if (!usable(node)) return null;
    if (node.dataset.option !== undefined) return { kind: "option", index: Number(node.dataset.option) };
    if (node.dataset.action !== undefined) return { kind: "action", id: node.dataset.action };
    return null;
  }

  private emit(intent: Intent | null): void {
    if (!intent || !this.scene) return;
    // Paint first, then ask: the mark is in the DOM before the message leaves.
    if (intent.kind === "card") this.selectLocally(intent.zone, intent.card);
    this.send(intent, this.scene.version);
  }

  /**
   * Instant feedback: show a click on a selectable card within the frame,
   * without waiting for the kernel. The card toggles its selected mark (a click on a selected
   * card unselects it, in every game), and while selected it lights what its preview lists, the
   * data the scene already carries; no rule is decided here. The card and the root carry
   * `data-pending` until the kernel's next scene replaces the whole board, confirming the
   * selection or correcting it (a refusal: the mark goes and the message says why).
   */
  private selectLocally(zone: string, card: string): void {
    if (!this.instant || !this.scene) return;
    const node = this.cardNode(zone, card);
    if (!node || node.dataset.selectable !== "true") return;
    const selected = node.dataset.selected !== "true";
    if (selected) node.dataset.selected = "true";
    else delete node.dataset.selected;
    node.setAttribute("aria-pressed", String(selected));
    node.dataset.pending = "true";
    this.root.dataset.pending = "true";
    this.pending = selected ? (this.scene.previews?.[`${zone}:${card}`] ?? null) : null;
    this.preview(this.previewed);
  }

  private cardNode(zone: string, card: string): HTMLElement | null {
    return this.root.querySelector<HTMLElement>(`[data-zone="${cssEscape(zone)}"] [data-card="${cssEscape(card)}"]`);
  }

  private onChange(event: Event): void {
    const input = event.target;
    if (inTeacher(input)) {
      this.emit(teacherIntent(input, "change"));
      return;
    }
    if (input instanceof HTMLInputElement && input.dataset.history !== undefined && !input.disabled) {
      this.emit({ kind: "goto", ply: Number(input.value) });
    }
  }

  private onKeydown(event: KeyboardEvent): void {
    event.stopPropagation();
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement | null;
    // The teacher panel's controls keep their own keys (Enter in the seed field starts a game).
    if (inTeacher(target)) {
      const intent = teacherKey(target, event.key);
      if (intent) {
        this.emit(intent);
        event.preventDefault();
      }
      return;
    }
    // The answer field keeps its keys (typing); Enter in it sends the answer.
    if (inAnswer(target)) {
      const intent = answerIntent(target, event.key);
      if (intent) {
        this.emit(intent);
        event.preventDefault();
      }
      return;
    }
    // Escape leaves full screen first (where the browser leaves it to the page).
    if (event.key === "Escape" && isFullscreen(this.root)) {
      void this.doc.exitFullscreen?.();
      event.preventDefault();
      return;
    }
    // The slider uses the arrows, Home and End itself.
    if (target instanceof HTMLInputElement && event.key !== "Escape") return;
    if (event.shiftKey && this.turn(event.key)) {
      event.preventDefault();
      return;
    }
    if (!this.navigate(target, event.key)) return;
    event.preventDefault();
  }

  /** Carries out a navigation or activation key; false when the key is not ours. */
  private navigate(target: HTMLElement | null, key: string): boolean {
    const items = this.navigable();
    if (key === "ArrowRight" || key === "ArrowDown") this.moveFocus(items, target, 1);
    else if (key === "ArrowLeft" || key === "ArrowUp") this.moveFocus(items, target, -1);
    else if (key === "Home") items[0]?.focus();
    else if (key === "End") items[items.length - 1]?.focus();
    else if (key === "Escape") {
      if (this.scene?.actions.some((a) => a.id === "cancel" && a.enabled)) this.emit({ kind: "action", id: "cancel" });
    } else if (key === "Enter" || key === " ") {
      // Buttons activate natively (one click event); cards are divs, so act here.
      if (target instanceof HTMLButtonElement) return false;
      // On a summary, Enter or Space anywhere in the widget presses its Continue.
      const summary = this.scene?.summary?.action;
      if (summary && this.scene?.actions.some((a) => a.id === summary && a.enabled)) this.emit({ kind: "action", id: summary });
      else this.emit(this.intentFor(target));
    } else return false;
    return true;
  }

  /** Shift+ArrowLeft/Right: Back or Forward by a whole turn (when there is a history). */
  private turn(key: string): boolean {
    const step = key === "ArrowLeft" ? -1 : key === "ArrowRight" ? 1 : 0;
    if (step === 0 || !this.scene?.history?.plies) return false;
    this.emit({ kind: "turn", step });
    return true;
  }

  private moveFocus(items: HTMLElement[], from: HTMLElement | null, step: number): void {
    if (items.length === 0) return;
    const at = from ? items.indexOf(from) : -1;
    const next = at < 0 ? (step > 0 ? 0 : items.length - 1) : (at + step + items.length) % items.length;
    items[next].focus();
  }

  /** Light up, locally (no round trip), what the scene's preview for a card lists, in any zone;
   * a card selected locally keeps its preview lit until the kernel answers. */
  private preview(target: EventTarget | null): void {
    for (const node of Array.from(this.root.querySelectorAll<HTMLElement>("[data-preview]"))) {
      delete node.dataset.preview;
      delete node.dataset.previewColor;
      delete node.dataset.previewGroup;
    }
    const hint = this.root.querySelector(".cw-hint");
    if (hint) hint.textContent = this.pending?.text ?? "";
    for (const t of this.pending?.cards ?? []) this.light(t.zone, t.card, t.role, t.group);
    this.previewed = null;
    if (!(target instanceof Element) || !this.scene) return;
    const card = target.closest<HTMLElement>("[data-zone] [data-card]");
    const zone = card?.closest<HTMLElement>("[data-zone]")?.dataset.zone;
    const preview: Preview | undefined = card && zone !== undefined ? this.scene.previews?.[`${zone}:${card.dataset.card}`] : undefined;
    if (!card || !preview) return;
    this.previewed = card;
    for (const t of preview.cards ?? []) this.light(t.zone, t.card, t.role, t.group);
    if (hint) hint.textContent = preview.text ?? "";
  }

  private light(zone: string, card: string, role: string, group: number | null): void {
    const node = this.cardNode(zone, card);
    if (!node) return;
    node.dataset.preview = role;
    if (group !== null && group !== undefined) {
      node.dataset.previewColor = String(groupColor(group));
      node.dataset.previewGroup = String(group);
    }
  }

  destroy(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.root.remove();
  }
}
