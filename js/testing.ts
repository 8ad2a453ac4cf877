// Test helpers, shared by the *.test.ts files (vitest collects only those, so not this one; the
// bundle does not import it): a card of a scene, and the widget mounted in the test's document
// on a fake anywidget model, as a notebook would mount it.
import type { CardView, Scene } from "./types";
import widget from "./widget";

/** A French card `id` ("K♠", "10♦"): black, labelled by its id, nothing set on it but `extra`. */
export function cardView(id: string, extra: Partial<CardView> = {}): CardView {
  return {
    id,
    kind: "french",
    text: id.slice(0, -1),
    suit: id.slice(-1),
    tone: "black",
    label: id,
    note: "",
    selectable: false,
    selected: false,
    highlight: null,
    group: null,
    slot: null,
    ...extra,
  };
}

/** A mounted widget: its element, the messages it sent, the model's event handlers, a way to
 * push the next scene (as a synced "scene" change), its cleanup and its `.cw-root`. */
export interface Mounted {
  el: HTMLElement;
  messages: unknown[];
  handlers: Record<string, () => void>;
  push: (next: Scene) => void;
  cleanup: () => void;
  root: () => HTMLElement;
}

/** Render the widget into a new element appended to `document.body`, its model holding `first`. */
export function mountWidget(first: Scene): Mounted {
  let current = first;
  const handlers: Record<string, () => void> = {};
  const messages: unknown[] = [];
  const model = {
    get: () => current,
    on: (event: string, cb: () => void) => (handlers[event] = cb),
    off: (event: string) => delete handlers[event],
    send: (content: unknown) => messages.push(content),
  };
  const el = document.createElement("div");
  document.body.append(el);
  const cleanup = widget.render({ model, el });
  const push = (next: Scene) => {
    current = next;
    handlers["change:scene"]();
  };
  const root = () => el.querySelector<HTMLElement>(".cw-root")!;
  return { el, messages, handlers, push, cleanup, root };
}
