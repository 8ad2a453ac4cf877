// The computer's move, shown: a live scene may carry `frames`, the move played out
// step by step (its card in flight where it is played, what it takes marked, then the position
// after it). FramePlayer draws each frame for its `seconds`, its sentence in the live region, then
// settles on the scene itself; the move log and the history slider keep to the frame (a move is
// listed once it has landed, not while it is in flight).
// A click anywhere on the widget, or Escape, Space or Enter, skips to the end; a click, Enter or
// Space on a control (the board's, the buttons', the teacher panel's) then acts on the settled
// board if that control is still there (a card still on the board, a button still enabled), so a
// quick learner loses no click or key and nothing acts on a position other than the one shown;
// Escape only skips. A changed field (the history slider, the teacher's opponent chooser) skips
// too, then its change acts. A newer scene ends the playing at once, unless it shows the same position (then it is the one settled on). Python builds every frame from what the learner may see and sends none at
// pace=0.

import { inTeacher, teacherSelector } from "./teacher";
import type { Frame, Scene } from "./types";

/** What the player draws on: SceneView (`quiet`: the scene's sentence was already heard). */
export interface Stage {
  update(scene: Scene, quiet?: boolean): void;
}

/** A timer; tests pass a fake one. */
export interface Clock {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const REAL_CLOCK: Clock = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A selector for the control (a board card, a button, an option, a control of the teacher panel)
 * a click landed on, to find the same control on the settled board: a click that skips the
 * frames then also does what it would have done there (if that control is still there), so no
 * click of a quick learner (or teacher) is lost. `key`: the key pressed, if it was a key (Enter
 * in the teacher's seed field presses New game).
 */
export function controlSelector(target: EventTarget | null, key = ""): string | null {
  if (!(target instanceof Element)) return null;
  if (inTeacher(target)) return teacherSelector(target, key);
  const node = target.closest<HTMLElement>("[data-card], [data-option], [data-action]");
  if (!node) return null;
  const quote = (value: string) => `"${value.replace(/["\\]/g, "\\$&")}"`;
  const data = node.dataset;
  if (data.card !== undefined) {
    const zone = node.closest<HTMLElement>("[data-zone]");
    if (!zone || zone.closest(".cw-summary")) return null;
    return `[data-zone=${quote(zone.dataset.zone ?? "")}] [data-card=${quote(data.card)}]`;
  }
  if (data.option !== undefined) return `[data-option=${quote(data.option)}]`;
  return data.action !== undefined ? `[data-action=${quote(data.action)}]` : null;
}

/** Keys that skip the frames still to come. */
export const SKIP_KEYS: ReadonlySet<string> = new Set(["Escape", " ", "Enter"]);

/**
 * The scene a frame shows: `final` with the frame's zones in place of those of the same id (a
 * frame carries only the zones that differ), its status, banner and sentence (`said`: the last
 * sentence read, kept when the frame has none); nothing to choose or preview meanwhile. The
 * move log and the history slider leave out the moves not landed yet (`log_ahead`: the one in
 * flight and those after it); each is listed once a frame shows it made.
 */
export function frameScene(final: Scene, frame: Frame, said: string): Scene {
  const own = new Map(frame.zones.map((z) => [z.id, z]));
  const zones = final.zones.map((z) => {
    const mine = own.get(z.id);
    own.delete(z.id);
    return mine ?? z;
  });
  zones.push(...own.values());
  const ahead = Math.max(0, frame.log_ahead ?? 0);
  const log = final.log.slice(0, Math.max(0, final.log.length - ahead));
  const history = final.history && { ...final.history, ply: Math.max(0, final.history.ply - ahead) };
  const shown: Scene = { ...final, zones, status: frame.status, banner: frame.banner, announce: said, log, history };
  return { ...shown, options: [], previews: {}, summary: null, message: null, frames: undefined };
}

/** Whether two scenes show the same position to the same seat (their position codes agree). */
function samePosition(a: Scene, b: Scene): boolean {
  return !!a.code && a.code === b.code && a.seat === b.seat;
}

/** Plays a scene's frames on a stage, then the scene. */
export class FramePlayer {
  private timer: unknown = null;
  private pending: Scene | null = null;

  constructor(private readonly stage: Stage, private readonly clock: Clock = REAL_CLOCK) {}

  /** Whether frames are being shown (a click or a skip key then skips). */
  get playing(): boolean {
    return this.pending !== null;
  }

  /** Show `scene`: its frames one after the other first, if it has any. */
  play(scene: Scene): void {
    if (this.pending && !scene.frames?.length && samePosition(this.pending, scene)) {
      // A newer picture of the position the frames lead to (the analysis's values arriving from
      // its worker, an option changed): the frames play on and settle on it.
      this.pending = scene;
      return;
    }
    this.stop();
    const frames = scene.frames ?? [];
    if (frames.length === 0) {
      this.stage.update(scene);
      return;
    }
    let said = "";
    const shown = frames.map((f) => frameScene(scene, f, (said = f.announce || said)));
    this.pending = scene;
    let index = 0;
    const next = (): void => {
      if (index >= shown.length) return this.finish(true);
      this.stage.update(shown[index]);
      this.timer = this.clock.set(next, Math.max(0, frames[index].seconds) * 1000);
      index += 1;
    };
    next();
  }

  /** Jump to the scene the frames lead to (its sentence read whole). */
  skip(): void {
    if (this.playing) this.finish(false);
  }

  /** Stop without drawing anything more (the widget goes away, or a newer scene came). */
  stop(): void {
    if (this.timer !== null) this.clock.clear(this.timer);
    this.timer = null;
    this.pending = null;
  }

  private finish(quiet: boolean): void {
    const scene = this.pending;
    this.stop();
    if (scene) this.stage.update(scene, quiet);
  }
}
