// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SceneView, groupColor, resolveTheme } from "./render";
import type { CardView, Intent, Scene } from "./types";
import { render } from "./widget";

function card(id: string, extra: Partial<CardView> = {}): CardView {
  const suit = id.slice(-1);
  return {
    id,
    face: true,
    rank: id.slice(0, -1),
    suit,
    color: suit === "♥" || suit === "♦" ? "red" : "black",
    label: `${id} label`,
    selectable: false,
    selected: false,
    highlight: null,
    group: null,
    ...extra,
  };
}

function hidden(n: number): CardView {
  return { id: `hidden-1-${n}`, face: false, rank: "", suit: "", color: "", label: "face-down card", selectable: false, selected: false, highlight: null, group: null };
}

function scene(extra: Partial<Scene> = {}): Scene {
  return {
    version: 7,
    game: "tablic",
    locale: "en",
    seat: 0,
    four_color: false,
    theme: "auto",
    title: "Tablić",
    status: "Your turn: select a card from your hand",
    message: null,
    announce: "Computer plays 5♥",
    zones: [
      { id: "opponent-hand", label: "Computer", layout: "fan", owner: 1, info: "2 cards", cards: [hidden(0), hidden(1)] },
      {
        id: "table",
        label: "Table",
        layout: "row",
        owner: null,
        info: "3 cards",
        cards: [card("3♠", { highlight: "group", group: 1 }), card("5♥", { highlight: "group", group: 1 }), card("7♣")],
      },
      {
        id: "hand",
        label: "Your hand",
        layout: "fan",
        owner: 0,
        info: "",
        cards: [card("8♦", { selectable: true, selected: true }), card("7♦", { selectable: true })],
      },
    ],
    options: [
      { index: 0, label: "capture 3♠ 5♥", selected: true, maximal: true, groups: [["3♠", "5♥"]] },
    ],
    actions: [
      { id: "play", label: "Capture", enabled: true, primary: true },
      { id: "trail", label: "Trail", enabled: true, primary: false },
      { id: "cancel", label: "Cancel", enabled: true, primary: false },
      { id: "forward", label: "Forward", enabled: false, primary: false },
    ],
    previews: { "8♦": { groups: [["3♠", "5♥"]] }, "7♦": { groups: [["7♣"]] } },
    log: ["Computer plays 5♥"],
    score: { columns: ["You", "Computer"], rows: [[12, 13]], tablas: [2, 0], totals: [12, 13] },
    ...extra,
  };
}

let host: HTMLElement;
let sent: Array<{ intent: Intent; version: number }>;
let view: SceneView;

beforeEach(() => {
  document.body.innerHTML = "";
  document.body.removeAttribute("data-jp-theme-light");
  host = document.createElement("div");
  document.body.append(host);
  sent = [];
  view = new SceneView(host, (intent, version) => sent.push({ intent, version }));
  view.update(scene());
});

afterEach(() => view.destroy());

const q = <T extends Element = HTMLElement>(selector: string) => host.querySelector(selector) as T;

function key(target: Element, keyName: string): KeyboardEvent {
  const event = new KeyboardEvent("keydown", { key: keyName, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

describe("rendering the DOM hooks of the contract", () => {
  it("marks the root with game, version, theme and the shortcut suppressor", () => {
    const root = q(".cw-root");
    expect(root.dataset.game).toBe("tablic");
    expect(root.dataset.version).toBe("7");
    expect(root.dataset.theme).toBe("light");
    expect(root.getAttribute("data-lm-suppress-shortcuts")).toBe("true");
    expect(q(".cw-status").textContent).toBe("Your turn: select a card from your hand");
  });

  it("draws cards with labels, highlights, groups and pressed state", () => {
    const three = q('[data-zone="table"] .cw-card[data-card="3♠"]');
    expect(three.getAttribute("aria-label")).toBe("3♠ label");
    expect(three.dataset.highlight).toBe("group");
    expect(three.dataset.group).toBe("1");
    expect(three.querySelector(".cw-badge")?.textContent).toBe("1");
    expect(three.querySelector("svg path")?.getAttribute("d")).toMatch(/^M50 6/);
    expect(three.querySelector(".cw-letter")?.textContent).toBe("S");
    expect(three.tabIndex).toBe(-1);
    const eight = q('[data-zone="hand"] .cw-card[data-card="8♦"]');
    expect(eight.getAttribute("aria-pressed")).toBe("true");
    expect(eight.getAttribute("role")).toBe("button");
    expect(eight.tabIndex).toBe(0);
    expect(q('.cw-card[data-card="7♦"]').getAttribute("aria-pressed")).toBe("false");
    expect(q('.cw-card[data-card="7♣"]').hasAttribute("data-highlight")).toBe(false);
  });

  it("draws face-down cards without rank or suit", () => {
    const back = q('[data-zone="opponent-hand"] .cw-card[data-card="hidden-1-0"]');
    expect(back.dataset.face).toBe("false");
    expect(back.textContent).toBe("");
    expect(back.querySelector("svg")).toBeNull();
    expect(back.getAttribute("aria-label")).toBe("face-down card");
  });

  it("renders options, actions, the live line, the log and the score sheet with strokes", () => {
    expect(q('[data-option="0"]').getAttribute("aria-pressed")).toBe("true");
    expect(q('[data-option="0"] .cw-swatch').textContent).toBe("1");
    expect(q<HTMLButtonElement>('button[data-action="play"]').dataset.primary).toBe("true");
    expect(q<HTMLButtonElement>('button[data-action="forward"]').disabled).toBe(true);
    expect(q('.cw-announce[aria-live="polite"]').textContent).toBe("Computer plays 5♥");
    expect(q(".cw-log li").textContent).toBe("Computer plays 5♥");
    expect(q(".cw-tablas td").textContent).toBe("||");
    expect(q(".cw-message").textContent).toBe("");
  });

  it("shows the error line and the four-colour option", () => {
    view.update(scene({ version: 8, message: { kind: "error", text: "9♠ is not in your hand" }, four_color: true }));
    expect(q(".cw-message").textContent).toBe("9♠ is not in your hand");
    expect(q(".cw-message").dataset.kind).toBe("error");
    expect(q(".cw-root").dataset.fourColor).toBe("true");
    expect(q(".cw-root").dataset.version).toBe("8");
  });

  it("keeps the live region node and only rewrites it when the sentence changes", () => {
    const live = q(".cw-announce");
    view.update(scene({ version: 8 }));
    expect(q(".cw-announce")).toBe(live);
    view.update(scene({ version: 9, announce: "You play 8♦" }));
    expect(live.textContent).toBe("You play 8♦");
  });

  it("ignores an empty (not yet synced) scene", () => {
    view.update({} as Scene);
    expect(q(".cw-root").dataset.version).toBe("7");
  });
});

describe("intents", () => {
  it("sends a card intent with the zone and the scene version", () => {
    q('.cw-card[data-card="7♦"]').click();
    expect(sent).toEqual([{ intent: { kind: "card", zone: "hand", card: "7♦" }, version: 7 }]);
  });

  it("ignores clicks on cards that are not selectable and on disabled buttons", () => {
    q('.cw-card[data-card="7♣"]').click();
    q('button[data-action="forward"]').click();
    expect(sent).toEqual([]);
  });

  it("sends option and action intents", () => {
    q('[data-option="0"] span').dispatchEvent(new MouseEvent("click", { bubbles: true }));
    q('button[data-action="play"]').click();
    expect(sent.map((s) => s.intent)).toEqual([
      { kind: "option", index: 0 },
      { kind: "action", id: "play" },
    ]);
  });

  it("stamps the version of the scene the click was made on", () => {
    view.update(scene({ version: 12 }));
    q('.cw-card[data-card="8♦"]').click();
    expect(sent[0].version).toBe(12);
  });
});

describe("keyboard", () => {
  it("moves focus with the arrow keys and wraps around", () => {
    const items = view.navigable();
    items[0].focus();
    key(items[0], "ArrowRight");
    expect(document.activeElement).toBe(items[1]);
    key(items[1], "ArrowLeft");
    key(items[0], "ArrowLeft");
    expect(document.activeElement).toBe(items[items.length - 1]);
    expect(items.some((n) => n.matches("button:disabled"))).toBe(false);
  });

  it("selects a card with Enter or Space and cancels with Escape", () => {
    const seven = q('.cw-card[data-card="7♦"]');
    seven.focus();
    expect(key(seven, "Enter").defaultPrevented).toBe(true);
    key(seven, " ");
    key(seven, "Escape");
    expect(sent.map((s) => s.intent)).toEqual([
      { kind: "card", zone: "hand", card: "7♦" },
      { kind: "card", zone: "hand", card: "7♦" },
      { kind: "action", id: "cancel" },
    ]);
  });

  it("keeps key events from reaching notebook shortcuts", () => {
    const spy = vi.fn();
    document.addEventListener("keydown", spy);
    document.addEventListener("keyup", spy);
    const card8 = q('.cw-card[data-card="8♦"]');
    for (const name of ["a", "b", "d", "Enter", "Escape", "ArrowDown"]) {
      key(card8, name);
      card8.dispatchEvent(new KeyboardEvent("keyup", { key: name, bubbles: true }));
    }
    document.removeEventListener("keydown", spy);
    document.removeEventListener("keyup", spy);
    expect(spy).not.toHaveBeenCalled();
  });

  it("keeps focus on the same control across a re-render, or returns to the hand", () => {
    q('.cw-card[data-card="7♦"]').focus();
    view.update(scene({ version: 8 }));
    expect((document.activeElement as HTMLElement).dataset.card).toBe("7♦");
    q('button[data-action="play"]').focus();
    const next = scene({ version: 9 });
    next.actions = next.actions.map((a) => ({ ...a, enabled: a.id !== "play" }));
    view.update(next);
    expect((document.activeElement as HTMLElement).dataset.card).toBe("8♦");
  });

  it("does not steal focus from the notebook", () => {
    const outside = document.createElement("input");
    document.body.append(outside);
    outside.focus();
    view.update(scene({ version: 8 }));
    expect(document.activeElement).toBe(outside);
  });
});

describe("previews and themes", () => {
  it("marks what a hovered hand card would capture, without a round trip", () => {
    q('.cw-card[data-card="7♦"]').dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    expect(q('.cw-card[data-card="7♣"]').dataset.preview).toBe("1");
    expect(q('.cw-card[data-card="3♠"]').dataset.preview).toBeUndefined();
    q('.cw-card[data-card="7♦"]').dispatchEvent(new MouseEvent("mouseout", { bubbles: true }));
    expect(host.querySelector("[data-preview]")).toBeNull();
    expect(sent).toEqual([]);
  });

  it("follows JupyterLab's theme attribute and an explicit theme", () => {
    expect(resolveTheme("auto", document)).toBe("light");
    document.body.setAttribute("data-jp-theme-light", "false");
    expect(resolveTheme("auto", document)).toBe("dark");
    expect(resolveTheme("light", document)).toBe("light");
    view.refreshTheme();
    expect(q(".cw-root").dataset.theme).toBe("dark");
    document.body.setAttribute("data-jp-theme-light", "true");
    expect(resolveTheme("auto", document)).toBe("light");
    expect(resolveTheme("dark", document)).toBe("dark");
  });

  it("follows prefers-color-scheme when no Jupyter theme is set", () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes("dark"), media: query })) as typeof window.matchMedia;
    try {
      expect(resolveTheme("auto", document)).toBe("dark");
    } finally {
      window.matchMedia = original;
    }
  });

  it("cycles six group colours", () => {
    expect([1, 6, 7, 13].map(groupColor)).toEqual([1, 6, 1, 1]);
  });
});

describe("anywidget entry point", () => {
  it("renders the model's scene, re-renders on change and sends intents as messages", () => {
    let current = scene({ version: 3 });
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
    const cleanup = render({ model, el });
    expect(el.querySelector<HTMLElement>(".cw-root")?.dataset.version).toBe("3");
    current = scene({ version: 4, status: "Computer to move" });
    handlers["change:scene"]();
    expect(el.querySelector(".cw-status")?.textContent).toBe("Computer to move");
    el.querySelector<HTMLElement>('.cw-card[data-card="7♦"]')?.click();
    expect(messages).toEqual([{ type: "intent", version: 4, intent: { kind: "card", zone: "hand", card: "7♦" } }]);
    cleanup();
    expect(el.querySelector(".cw-root")).toBeNull();
    expect(handlers["change:scene"]).toBeUndefined();
  });
});
