// @vitest-environment jsdom
// The position editor's front end on scenes the Python editor made (tests/editor_fixtures.py):
// every palette card, zone and counter is a native control with a name; each click, key and
// change sends its intent with the scene version; focus and a code being typed survive a new
// scene; Delete removes only a chosen placed card, and never while typing.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import pazaakImpossible from "../tests/fixtures/editor/pazaak_impossible.json";
import tablicChosen from "../tests/fixtures/editor/tablic_chosen.json";
import editorWidget, { type EditorIntent, type EditorScene, EditorView, clickIntent, renderEditor } from "./editor";

const tablic = tablicChosen as unknown as EditorScene;
const pazaak = pazaakImpossible as unknown as EditorScene;

let host: HTMLElement;
let sent: Array<{ intent: EditorIntent; version: number }>;
let view: EditorView;

beforeEach(() => {
  document.body.innerHTML = "";
  host = document.createElement("div");
  document.body.append(host);
  sent = [];
  view = new EditorView(host, (intent, version) => sent.push({ intent, version }));
  view.update(tablic);
});

afterEach(() => view.destroy());

const q = <T extends Element = HTMLElement>(selector: string): T => {
  const found = host.querySelector<T>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
};

describe("the editor's picture", () => {
  it("draws every palette card as a named button, placed ones disabled", () => {
    const palette = host.querySelectorAll<HTMLButtonElement>("[data-palette]");
    expect(palette).toHaveLength(52);
    expect(q<HTMLButtonElement>('[data-palette="A♣"]').disabled).toBe(true);
    expect(q('[data-palette="A♣"]').getAttribute("aria-label")).toBe("ace of clubs, placed");
    expect(q<HTMLButtonElement>('[data-palette="7♦"]').disabled).toBe(false);
    expect(q('[data-palette="7♦"] svg').getAttribute("aria-hidden")).toBe("true");
  });

  it("shows the zones with their cards, the chosen one pressed, and an empty zone's word", () => {
    const table = q('[data-zone-box="table"]');
    const cards = table.querySelectorAll("[data-index]");
    expect(Array.from(cards, (c) => c.getAttribute("data-item"))).toEqual(["A♣", "10♥"]);
    expect(cards[1].getAttribute("aria-pressed")).toBe("true");
    expect(cards[0].getAttribute("aria-pressed")).toBe("false");
    expect(q('[data-zone-box="stock"] .cw-editor-empty').textContent).toBe("empty");
    expect(q('[data-put="stock"]').getAttribute("aria-label")).toBe("Place into Stock");
    expect(q('[data-action="remove"]').hasAttribute("disabled")).toBe(false);
    expect(q('[data-action="play"]').dataset.primary).toBe("true");
    expect(q('[data-action="clear"]').dataset.primary).toBeUndefined();
  });

  it("labels every counter and shows the code and the call for copying", () => {
    for (const control of host.querySelectorAll("[data-counter]")) {
      expect(host.querySelector(`label[for="${control.id}"]`)?.textContent).toBeTruthy();
    }
    expect(q<HTMLSelectElement>('[data-counter="to_move"]').value).toBe("0");
    expect(q<HTMLInputElement>("[data-copy=code]").value).toBe(tablic.code);
    expect(q<HTMLTextAreaElement>("[data-copy=call]").value).toBe(tablic.call);
  });

  it("shows an impossible draft in German with the engine's reason, Play disabled", () => {
    const root = renderEditor(document, pazaak);
    expect(root.getAttribute("lang")).toBe("de");
    expect(root.dataset.theme).toBe("dark");
    const status = root.querySelector(".cw-editor-status");
    expect(status?.getAttribute("data-possible")).toBe("false");
    expect(status?.textContent).toContain("Spieler 2");
    expect(root.querySelector<HTMLButtonElement>('[data-action="play"]')?.disabled).toBe(true);
    expect(root.querySelector<HTMLButtonElement>('[data-action="revert"]')?.disabled).toBe(false);
    const groups = Array.from(root.querySelectorAll(".cw-editor-group"), (g) => g.textContent);
    expect(groups).toEqual(["Hauptstapel", "Handkarten"]);
  });
});

describe("what the editor sends", () => {
  it("sends a pick for a palette card and a placed card, then a put for a zone", () => {
    q('[data-palette="7♦"]').click();
    view.update({ ...tablic, version: tablic.version + 1 });
    q('[data-zone-box="table"] [data-index="1"]').click();
    view.update({ ...tablic, version: tablic.version + 2 });
    q('[data-put="hand1"]').click();
    expect(sent).toEqual([
      { intent: { kind: "pick", zone: "palette", card: "7♦" }, version: tablic.version },
      { intent: { kind: "pick", zone: "table", card: "10♥", index: 1 }, version: tablic.version + 1 },
      { intent: { kind: "put", zone: "hand1" }, version: tablic.version + 2 },
    ]);
  });

  it("holds clicks made before Python answered, and sends each on the scene that answers", () => {
    q('[data-palette="7♦"]').click();
    q('[data-put="hand1"]').click(); // before the pick's scene came back
    q('[data-put="stock"]').click();
    expect(sent.map((s) => s.intent.kind)).toEqual(["pick"]);
    view.update({ ...tablic, version: tablic.version + 1 });
    expect(sent[1]).toEqual({ intent: { kind: "put", zone: "hand1" }, version: tablic.version + 1 });
    expect(sent).toHaveLength(2);
    view.update({ ...tablic, version: tablic.version + 2 });
    expect(sent[2]).toEqual({ intent: { kind: "put", zone: "stock" }, version: tablic.version + 2 });
    view.update({ ...tablic, version: tablic.version + 3 });
    q('[data-palette="7♦"]').click(); // nothing waits: sent at once
    expect(sent[3].version).toBe(tablic.version + 3);
  });

  it("sends nothing for a disabled palette card or a click beside the controls", () => {
    q('[data-palette="A♣"]').click();
    q(".cw-editor-title").click();
    expect(sent).toEqual([]);
    expect(clickIntent(null, host)).toBeNull();
  });

  it("sends a counter's new value and the code typed to load", () => {
    const select = q<HTMLSelectElement>('[data-counter="dealer"]');
    select.value = "0";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    view.update({ ...tablic, version: tablic.version + 1 });
    q<HTMLInputElement>("[data-load]").value = "T AC|- - -|- 1 0 0|0 0|0 1 - -";
    q('[data-action="load"]').click();
    expect(sent.map((s) => s.intent)).toEqual([
      { kind: "counter", name: "dealer", value: "0" },
      { kind: "load", code: "T AC|- - -|- 1 0 0|0 0|0 1 - -" },
    ]);
  });

  it("removes the chosen placed card with Delete, but not while typing a code", () => {
    const card = q('[data-zone-box="table"] [data-index="1"]');
    card.focus();
    card.dispatchEvent(new KeyboardEvent("keydown", { key: "Delete", bubbles: true, cancelable: true }));
    const input = q<HTMLInputElement>("[data-load]");
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Backspace", bubbles: true }));
    expect(sent.map((s) => s.intent)).toEqual([{ kind: "remove" }]);
    view.update(pazaak); // nothing chosen: Delete does nothing
    q("[data-load]").dispatchEvent(new KeyboardEvent("keydown", { key: "Delete", bubbles: true }));
    q('[data-put="deck"]').dispatchEvent(new KeyboardEvent("keydown", { key: "Delete", bubbles: true }));
    expect(sent).toHaveLength(1);
  });
});

describe("a new scene", () => {
  it("follows JupyterLab's theme switch while the scene's theme is auto", async () => {
    view.update({ ...tablic, theme: "auto" });
    document.body.setAttribute("data-jp-theme-light", "false");
    await new Promise((done) => setTimeout(done, 0)); // mutation observers run after the task
    expect(q(".cw-editor").dataset.theme).toBe("dark");
    document.body.setAttribute("data-jp-theme-light", "true");
    await new Promise((done) => setTimeout(done, 0));
    expect(q(".cw-editor").dataset.theme).toBe("light");
    document.body.removeAttribute("data-jp-theme-light");
  });

  it("keeps keyboard focus on the same control and the code being typed", () => {
    q('[data-put="hand0"]').focus();
    q<HTMLInputElement>("[data-load]").value = "T half typed";
    view.update({ ...tablic, version: tablic.version + 1 });
    expect((document.activeElement as HTMLElement).dataset.put).toBe("hand0");
    expect(q<HTMLInputElement>("[data-load]").value).toBe("T half typed");
    q('[data-palette="7♦"]').click();
    expect(sent[sent.length - 1]?.version).toBe(tablic.version + 1);
  });

  it("mounts as an anywidget and follows the model's scene", () => {
    const el = document.createElement("div");
    document.body.append(el);
    const handlers = new Map<string, () => void>();
    const messages: unknown[] = [];
    let scene = tablic;
    const model = {
      get: () => scene,
      on: (name: string, fn: () => void) => handlers.set(name, fn),
      off: (name: string) => handlers.delete(name),
      send: (m: unknown) => messages.push(m),
    };
    const cleanup = editorWidget.render({ model, el });
    expect(el.querySelector(".cw-editor")?.getAttribute("data-version")).toBe(String(tablic.version));
    scene = pazaak;
    handlers.get("change:scene")?.();
    expect(el.querySelector(".cw-editor")?.getAttribute("data-game")).toBe("pazaak");
    el.querySelector<HTMLElement>('[data-action="clear"]')?.click();
    expect(messages).toEqual([{ type: "intent", version: pazaak.version, intent: { kind: "action", id: "clear" } }]);
    cleanup();
    expect(handlers.size).toBe(0);
    expect(el.querySelector(".cw-editor")).toBeNull();
  });
});
