// The replay player: a whole game's scenes (one per ply, as one seat saw them) played back without
// a kernel. Python (cardwidgets/replay/) writes the scenes into the page as packed JSON; this
// bundle (esbuild entry `replay`, an IIFE so it runs inline from file://) unpacks them, draws
// each with the widget's own SceneView and adds the controls: first, previous, play/pause, next,
// last, a slider, a speed and the keyboard (Left/Right/Home/End/Space). Every word of the
// controls comes from the page's data (the Python catalogs), none is written here.

import { SceneView } from "./render";
import type { Scene } from "./types";

/** The translated words of the player. `position` is a template with {ply} and {plies}. */
export interface PlayerLabels {
  controls: string;
  first: string;
  previous: string;
  play: string;
  pause: string;
  next: string;
  last: string;
  slider: string;
  speed: string;
  position: string;
  start: string;
}

/** What Python writes: a pool of shared pieces and, per ply, the index of its scene. */
export interface ReplayData {
  format: number;
  game: string;
  locale: string;
  labels: PlayerLabels;
  pool: unknown[];
  plies: number[];
}

/** The speeds offered (plies per second at 1×: one). */
export const SPEEDS = [0.5, 1, 2, 4];
const STEP_MS = 1000;
const REF = 0xe000;

/**
 * Rebuild the scenes from the pool. A string that starts with U+E000 is a reference to a pool
 * entry ("\ue000" + index), or, doubled, a literal string that began with U+E000.
 */
export function unpack(data: ReplayData): Scene[] {
  const done = new Map<number, unknown>();
  const resolve = (value: unknown): unknown => {
    if (typeof value === "string") {
      if (value.charCodeAt(0) !== REF) return value;
      if (value.charCodeAt(1) === REF) return value.slice(1);
      return entry(Number(value.slice(1)));
    }
    if (Array.isArray(value)) return value.map(resolve);
    if (value && typeof value === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) out[key] = resolve(item);
      return out;
    }
    return value;
  };
  const entry = (index: number): unknown => {
    if (!done.has(index)) {
      if (!(index >= 0 && index < data.pool.length)) throw new Error(`replay: no piece ${index}`);
      done.set(index, resolve(data.pool[index]));
    }
    return done.get(index);
  };
  return data.plies.map((index) => entry(index) as Scene);
}

/** "Move {ply} of {plies}" filled in; ply 0 is the starting position. */
export function positionText(labels: PlayerLabels, ply: number, plies: number): string {
  const at = labels.position.replace("{ply}", String(ply)).replace("{plies}", String(plies));
  return ply === 0 ? `${labels.start} (${at})` : at;
}

/** The player's state and controls; `go` is the one place the ply changes. */
export class ReplayPlayer {
  readonly root: HTMLElement;
  readonly view: SceneView;
  ply = 0;
  speed = 1;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly slider: HTMLInputElement;
  private readonly playButton: HTMLButtonElement;
  private readonly buttons: Record<string, HTMLButtonElement> = {};
  private readonly positionEl: HTMLElement;
  private readonly doc: Document;

  constructor(
    host: HTMLElement,
    readonly scenes: Scene[],
    readonly labels: PlayerLabels,
    readonly locale = "en",
  ) {
    if (scenes.length === 0) throw new Error("replay: no scenes");
    this.doc = host.ownerDocument;
    const make = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}) => {
      const node = this.doc.createElement(tag);
      for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
      return node;
    };
    this.root = make("div", { class: "cw-replay-player" });
    const bar = make("div", { class: "cw-replay-controls", role: "toolbar", "aria-label": labels.controls });
    const button = (id: string, face: string, label: string) => {
      const b = make("button", { type: "button", class: "cw-replay-button", "data-replay-action": id, "aria-label": label, title: label });
      b.textContent = face;
      b.addEventListener("click", () => this.act(id));
      this.buttons[id] = b;
      return b;
    };
    this.playButton = button("play", "▶", labels.play);
    this.playButton.setAttribute("aria-pressed", "false");
    this.slider = make("input", {
      type: "range", class: "cw-replay-slider", min: "0", max: String(scenes.length - 1), step: "1", value: "0",
      "aria-label": labels.slider,
    });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    const speedLabel = make("label", { class: "cw-replay-speed" });
    const select = make("select", { "data-replay-speed": "" });
    for (const speed of SPEEDS) {
      const option = make("option", { value: String(speed) });
      option.textContent = `${speed.toLocaleString(locale)}×`; // German: 0,5×
      if (speed === this.speed) option.selected = true;
      select.append(option);
    }
    select.addEventListener("change", () => this.setSpeed(Number(select.value)));
    speedLabel.append(`${labels.speed} `, select);
    this.positionEl = make("p", { class: "cw-replay-position", "aria-live": "polite", "aria-atomic": "true" });
    bar.append(
      button("first", "⇤", labels.first),
      button("previous", "◁", labels.previous),
      this.playButton,
      button("next", "▷", labels.next),
      button("last", "⇥", labels.last),
      this.slider,
      speedLabel,
    );
    this.root.append(bar, this.positionEl);
    host.append(this.root);
    const stage = make("div", { class: "cw-replay-stage" });
    this.root.append(stage);
    // Clicks on cards ask nothing: a replay has no kernel to answer (so no local selection).
    this.view = new SceneView(stage, () => undefined, false);
    this.doc.addEventListener("keydown", this.onKey);
    this.go(0);
  }

  get plies(): number {
    return this.scenes.length - 1;
  }

  get playing(): boolean {
    return this.timer !== null;
  }

  /** Show ply `ply` (clamped to the game). */
  go(ply: number): void {
    const to = Math.max(0, Math.min(this.plies, Math.round(Number.isFinite(ply) ? ply : 0)));
    this.ply = to;
    this.view.update(this.scenes[to]);
    const text = positionText(this.labels, to, this.plies);
    this.slider.value = String(to);
    this.slider.setAttribute("aria-valuetext", text);
    const log = this.scenes[to].log;
    const said = log[log.length - 1];
    this.positionEl.textContent = to > 0 && said ? `${text}: ${said}` : text;
    this.buttons.first.disabled = this.buttons.previous.disabled = to === 0;
    this.buttons.next.disabled = this.buttons.last.disabled = to === this.plies;
    this.root.dataset.ply = String(to);
    if (to === this.plies) this.pause();
  }

  act(id: string): void {
    if (id === "first") this.go(0);
    else if (id === "previous") this.go(this.ply - 1);
    else if (id === "next") this.go(this.ply + 1);
    else if (id === "last") this.go(this.plies);
    else if (id === "play") this.toggle();
  }

  toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  play(): void {
    if (this.playing || this.plies === 0) return;
    if (this.ply === this.plies) this.go(0); // from the end: play the game again
    this.timer = setInterval(() => this.go(this.ply + 1), STEP_MS / this.speed);
    this.showPlaying(true);
  }

  pause(): void {
    if (this.timer === null) return;
    clearInterval(this.timer);
    this.timer = null;
    this.showPlaying(false);
  }

  setSpeed(speed: number): void {
    if (!SPEEDS.includes(speed)) return;
    this.speed = speed;
    if (this.playing) {
      this.pause();
      this.play();
    }
  }

  private showPlaying(playing: boolean): void {
    this.playButton.textContent = playing ? "❚❚" : "▶";
    const label = playing ? this.labels.pause : this.labels.play;
    this.playButton.setAttribute("aria-label", label);
    this.playButton.title = label;
    this.playButton.setAttribute("aria-pressed", String(playing));
    this.root.dataset.playing = String(playing);
  }

  private readonly onKey = (event: KeyboardEvent): void => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const target = event.target;
    // The slider and the speed list use the keys themselves; a focused button clicks on Space.
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
    if (event.key === " " && target instanceof HTMLButtonElement) return;
    const keys: Record<string, string> = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last", " ": "play" };
    const id = keys[event.key];
    if (!id) return;
    event.preventDefault();
    this.act(id);
  };

  destroy(): void {
    this.pause();
    this.doc.removeEventListener("keydown", this.onKey);
    this.view.destroy();
    this.root.remove();
  }
}

/** Start a player in every `.cw-replay` element of the page that has not got one. */
export function boot(doc: Document): ReplayPlayer[] {
  const started: ReplayPlayer[] = [];
  for (const host of Array.from(doc.querySelectorAll<HTMLElement>(".cw-replay:not([data-started])"))) {
    const script = host.querySelector("script.cw-replay-data");
    if (!script) continue;
    host.dataset.started = "true";
    const data = JSON.parse(script.textContent ?? "") as ReplayData;
    host.setAttribute("lang", data.locale);
    started.push(new ReplayPlayer(host, unpack(data), data.labels, data.locale));
  }
  return started;
}

if (typeof document !== "undefined" && document.querySelector(".cw-replay")) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => boot(document));
  else boot(document);
}
