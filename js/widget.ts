// anywidget entry point: keep a SceneView in step with the synced "scene" traitlet and send each
// intent to Python as a custom message carrying the scene version it was made on. The module
// exports only `default`: anywidget warns (once per widget) about a bare `render` export.

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
  const update = () => view.update(model.get("scene"));
  model.on("change:scene", update);
  update();
  return () => {
    model.off("change:scene", update);
    view.destroy();
  };
}

export default { render };
