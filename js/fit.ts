// Fitting the stage to what the reader sees: the widget's own width and the height of the box it
// is seen through (the notebook's scroll box, the window, or the whole screen in full screen)
// decide the layout, never the window's size alone. Three steps, each taken only when the one
// before does not fit:
//   roomy  as drawn;
//   tight  data-fit="tight": the stylesheet puts the header on one line, folds the side column
//          under a narrow board (its one-line score stays in sight), caps a side column beside
//          the board at the board's height, and shows a summary without the board under it;
//   scaled --cw-fit below 1: every em shrinks together (cards, text, buttons), down to a floor.
// In full screen the stage is scaled to fill the screen (up to a ceiling), or down to fit it.
// A scale only shrinks while the inputs (width, visible height, summary or not) stay the same,
// so a card selected or a message shown never makes the board jump back and forth.

/** The smallest scale: large cards stay about 60 px tall, text about 11 px. */
export const FLOOR = 0.62;
/** The largest scale, in full screen only. */
export const CEILING = 2;
/** A row of option buttons and the gap above it, in the root's em (cards.css .cw-options). */
export const ROW_OF_CHOICES = 2.4;

/**
 * The scale that brings a stage `natural` px tall into `visible` px: 1 when it fits (unless
 * `grow`), else their ratio rounded down to a hundredth, between `FLOOR` and 1 (or `CEILING`).
 *
 *     scaleFor(500, 600) === 1; scaleFor(800, 600) === 0.75; scaleFor(400, 600, true) === 1.5
 */
export function scaleFor(natural: number, visible: number, grow = false): number {
  if (!(natural > 0) || !(visible > 0)) return 1;
  const ratio = Math.floor((visible / natural) * 100) / 100;
  if (ratio >= 1 && !grow) return 1;
  return Math.min(grow ? CEILING : 1, Math.max(FLOOR, ratio));
}

/** Ancestors of `el` that scroll vertically (overflow-y auto or scroll), nearest first. */
export function scrollers(el: HTMLElement): HTMLElement[] {
  const doc = el.ownerDocument;
  const win = doc.defaultView;
  const found: HTMLElement[] = [];
  if (!win) return found;
  for (let node = el.parentElement; node && node !== doc.body && node !== doc.documentElement; node = node.parentElement) {
    if (/(auto|scroll)/.test(win.getComputedStyle(node).overflowY)) found.push(node);
  }
  return found;
}

/**
 * The height the stage is seen in: the window's, or less where a scrolling ancestor is shorter
 * than the stage (a notebook's scroll box clips it; a box as tall as the stage only wraps it).
 */
export function visibleHeight(el: HTMLElement, natural: number): number {
  const win = el.ownerDocument.defaultView;
  let visible = win ? win.innerHeight : 0;
  for (const box of scrollers(el)) {
    if (box.clientHeight > 0 && box.clientHeight < natural - 1) visible = Math.min(visible, box.clientHeight);
  }
  return visible;
}

/** Whether `el` is the page's full-screen element. */
export function isFullscreen(el: HTMLElement): boolean {
  return el.ownerDocument.fullscreenElement === el;
}

/** The stage's height as laid out: in full screen the root is the screen, so its content's. */
function heightOf(root: HTMLElement): number {
  if (!isFullscreen(root)) return root.getBoundingClientRect().height;
  const top = root.getBoundingClientRect().top;
  let bottom = top;
  for (const kid of Array.from(root.children)) bottom = Math.max(bottom, kid.getBoundingClientRect().bottom);
  const style = root.ownerDocument.defaultView?.getComputedStyle(root);
  const px = (value: string | undefined) => parseFloat(value ?? "") || 0; // "medium": no number
  return bottom - top + px(style?.paddingBottom) + px(style?.borderBottomWidth);
}

/** What a fit found: its step, scale and the heights it saw (for tests and the data-* hooks). */
export interface Fitted {
  fit: "roomy" | "tight";
  scale: number;
  natural: number;
  visible: number;
}

/**
 * Keeps one stage fitted: call `refit()` after every scene; a ResizeObserver (where the page has
 * one) refits when the widget's width or a scroll box's height changes.
 * `layout()` is called after each change of step, so the view can redo what depends on it (the
 * side column's default: folded when tight).
 */
export class StageFit {
  private observer: ResizeObserver | null = null;
  private seen = "";
  private last: { key: string; fitted: Fitted } | null = null;
  private frame = 0;
  private readonly stop: Array<() => void> = [];

  /**
   * `settled`: called after every fit (the view scrolls the move log back to its newest entry,
   * when it showed it, since a fit may have made the log's box shorter).
   */
  constructor(
    private readonly root: HTMLElement,
    private readonly layout: () => void = () => undefined,
    private readonly settled: () => void = () => undefined,
  ) {
    const win = root.ownerDocument.defaultView;
    if (win && typeof win.ResizeObserver === "function") {
      this.observer = new win.ResizeObserver(() => this.later());
      this.observer.observe(root);
    }
    const doc = root.ownerDocument;
    const changed = () => this.refit(true);
    doc.addEventListener("fullscreenchange", changed);
    this.stop.push(() => doc.removeEventListener("fullscreenchange", changed));
    if (win) {
      const resized = () => this.later();
      win.addEventListener("resize", resized);
      this.stop.push(() => win.removeEventListener("resize", resized));
    }
  }

  /** The inputs a fit depends on: the width the widget is given, the boxes' heights, a summary. */
  private inputs(): string {
    const host = this.root.parentElement;
    const win = this.root.ownerDocument.defaultView;
    // Only boxes that scroll: a box wrapping the widget (an output area) grows with it, and a
    // widget growing by a row must keep its fit (no jump), not start a new one.
    const heights = scrollers(this.root)
      .filter((b) => b.scrollHeight > b.clientHeight + 1)
      .map((b) => b.clientHeight);
    return [host?.clientWidth ?? 0, win?.innerHeight ?? 0, ...heights, this.root.dataset.paused ?? "", isFullscreen(this.root)].join(" ");
  }

  /** A resize seen: refit in the next frame (never inside the observer: no resize loop). */
  private later(): void {
    const win = this.root.ownerDocument.defaultView;
    if (!win || this.frame) return;
    this.frame = win.requestAnimationFrame(() => {
      this.frame = 0;
      if (this.inputs() !== this.seen) this.refit(true);
    });
  }

  /** Fit the stage now; `fresh`: forget the scale kept from before (the inputs changed). */
  refit(fresh = false): Fitted {
    const root = this.root;
    this.watchScrollers();
    const key = this.inputs();
    const kept = !fresh && this.last && this.last.key === key ? this.last.fitted : null;
    const full = isFullscreen(root);
    this.apply("roomy", 1);
    const natural = heightOf(root);
    // Room kept for the choices a selected card brings (at scale 1; it scales with the rest).
    const reserve = this.reserve();
    const visible = full ? (root.ownerDocument.defaultView?.innerHeight ?? 0) : visibleHeight(root, natural + reserve);
    const needs = (scale: number) => heightOf(root) + reserve * scale;
    let fitted: Fitted = { fit: "roomy", scale: 1, natural, visible };
    if (natural + reserve > visible + 0.5 || kept?.fit === "tight") {
      this.apply("tight", 1);
      fitted = { ...fitted, fit: "tight" };
    }
    if (full || needs(1) > visible + 0.5 || (kept && kept.scale < 1)) {
      let scale = 1;
      for (let i = 0; i < 4; i++) {
        const next = scaleFor(needs(scale) / scale, visible, full);
        if (Math.abs(next - scale) < 0.005) break;
        scale = next;
        this.apply(fitted.fit, scale);
      }
      // Wrapping does not scale exactly: shrink on until it fits (or the floor).
      while (needs(scale) > visible + 0.5 && scale > FLOOR) {
        scale = Math.max(FLOOR, Math.round((scale - 0.02) * 100) / 100);
        this.apply(fitted.fit, scale);
      }
      if (kept && kept.scale < scale) {
        scale = kept.scale;
        this.apply(fitted.fit, scale);
      }
      fitted = { ...fitted, scale };
    }
    this.last = { key, fitted };
    this.seen = this.inputs();
    this.settled();
    return fitted;
  }

  /**
   * The height a row of choices takes (the options a selected card brings: Tablić's captures,
   * Pazaak's signs) while none shows, so choosing a card never tips the stage into another fit
   * (the board would jump); nothing on a summary or while choices already show.
   */
  private reserve(): number {
    const root = this.root;
    if (root.dataset.paused === "true" || root.querySelector(".cw-options")) return 0;
    if (!root.querySelector(".cw-actions")) return 0;
    const em = parseFloat(root.ownerDocument.defaultView?.getComputedStyle(root).fontSize || "") || 0;
    return ROW_OF_CHOICES * em;
  }

  private apply(fit: "roomy" | "tight", scale: number): void {
    const root = this.root;
    const changed = root.dataset.fit !== fit;
    root.dataset.fit = fit;
    if (scale === 1) root.style.removeProperty("--cw-fit");
    else root.style.setProperty("--cw-fit", String(scale));
    if (changed) this.layout();
    this.reserveNarration();
    this.capSide(fit);
  }

  /**
   * The banner keeps a strip under its words for the narration line (and a refusal over it):
   * as tall as the taller of the two as laid out, so two lines of narration (a narrow widget,
   * German) never run into the banner's words.
   */
  private reserveNarration(): void {
    const root = this.root;
    const parts = Array.from(root.querySelectorAll<HTMLElement>(":scope > .cw-announce, :scope > .cw-message"));
    const tallest = Math.max(0, ...parts.map((n) => n.getBoundingClientRect().height));
    if (tallest > 0) root.style.setProperty("--cw-narration", `${tallest.toFixed(1)}px`);
    else root.style.removeProperty("--cw-narration");
  }

  /** Tight, a side column beside the board is no taller than the board (in em: it scales). */
  private capSide(fit: "roomy" | "tight"): void {
    const root = this.root;
    root.style.removeProperty("--cw-side-max");
    if (fit !== "tight") return;
    const board = root.querySelector<HTMLElement>(".cw-main > .cw-board");
    const side = root.querySelector<HTMLElement>(".cw-main > .cw-side");
    if (!board || !side || board.offsetHeight === 0) return;
    const beside = side.offsetTop < board.offsetTop + board.offsetHeight / 2 && side.offsetLeft > board.offsetLeft;
    if (!beside) return;
    const em = parseFloat(root.ownerDocument.defaultView?.getComputedStyle(root).fontSize || "14") || 14;
    root.style.setProperty("--cw-side-max", `${(board.offsetHeight / em).toFixed(2)}em`);
  }

  private watched = new Set<HTMLElement>();

  /** Observe the scroll boxes around the widget too (the notebook's height changes). */
  private watchScrollers(): void {
    if (!this.observer) return;
    for (const box of scrollers(this.root)) {
      if (this.watched.has(box)) continue;
      this.watched.add(box);
      this.observer.observe(box);
    }
  }

  destroy(): void {
    this.observer?.disconnect();
    const win = this.root.ownerDocument.defaultView;
    if (this.frame && win) win.cancelAnimationFrame(this.frame);
    for (const stop of this.stop.splice(0)) stop();
  }
}
