// anywidget entry point: keep a SceneView in step with the synced "scene" traitlet and send each
// intent to Python as a custom message carrying the scene version it was made on. The module
// exports only `default`: anywidget warns (once per widget) about a bare `render` export.

import { FramePlayer, SKIP_KEYS, controlSelector } from "./frames";
import { SceneView } from "./render";
import type { IntentMessage, Scene } from "./types";

/** The part of anywidget's model this front end uses. */
export interface WidgetModel {
  get(name: "scene"): Scene;
  on(event: string, callback: () => void): void;
  off(event: string, callback: () => void): void;
  send(content: IntentMessage): void;
}

function render({ model, el }: { model: WidgetModel; el: HTMLElement }): () => void {
  const view = new SceneView(el, (intent, version) => model.send({ type: "intent", version, intent }));
  const player = new FramePlayer({
    update(scene, quiet) {
      view.update(scene, quiet);
      // While frames play the board is a picture: marked for CSS and tests, clicks skip.
      if (player.playing) view.root.dataset.playing = "true";
      else delete view.root.dataset.playing;
    },
  });
  const update = () => player.play(model.get("scene"));
  const skip = (event: Event) => {
    if (!player.playing) return;
    if (event instanceof KeyboardEvent && !SKIP_KEYS.has(event.key)) return;
    // A click, Enter or Space on a control acts on it on the settled board; Escape only skips.
    const key = event instanceof KeyboardEvent ? event.key : "";
    const acts = key !== "Escape";
    const again = acts ? controlSelector(event.target, key) : null;
    event.preventDefault();
    event.stopPropagation();
    player.skip();
    // It also acts on the settled board, if its control is still there (a click is what
    // Enter and Space do on a card or button, see SceneView.navigate).
    if (again) view.root.querySelector<HTMLElement>(again)?.click();
  };
  // A field changed while the frames play (the history slider, the teacher's chooser by key):
  // the settled board first, then the change goes on to the view, which acts on it.
  const settle = () => player.skip();
  el.addEventListener("click", skip, true);
  el.addEventListener("keydown", skip, true);
  el.addEventListener("change", settle, true);
  model.on("change:scene", update);
  view.update(model.get("scene")); // a view opened later shows the scene, not a past reply
  return () => {
    model.off("change:scene", update);
    el.removeEventListener("click", skip, true);
    el.removeEventListener("keydown", skip, true);
    el.removeEventListener("change", settle, true);
    player.stop();
    view.destroy();
  };
}

export default { render };
