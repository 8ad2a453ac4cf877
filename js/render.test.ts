// @vitest-environment jsdom
// The live renderer's behaviour: intents, keyboard, focus, previews, the slider, the log, themes
// and the anywidget entry point. Its markup is checked against the shared fixtures in
// fixtures.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as widgetModule from "./widget";
import { SceneView, groupColor, resolveTheme } from "./render";
import { cardView, mountWidget } from "./testing";
import type { CardView, Intent, Scene, Zone } from "./types";

function card(id: string, extra: Partial<CardView> = {}): CardView {
  const red = id.endsWith("♥") || id.endsWith("♦");
  return cardView(id, { tone: red ? "red" : "black", label: `${id} label`, ...extra });
}

function zone(id: string, cards: CardView[], extra: Partial<Zone> = {}): Zone {
  return { id, label: id, layout: "row", owner: null, info: "", cards, columns: 0, places: 0, badges: [], ...extra };
}

const ROLES = { group: "group {number}", beats: "beats the chosen card", last: "just played" };
const LABELS = { options: "Choices", actions: "Actions", log: "Moves", score: "Score", legend: "Legend", empty: "(empty)", summary: "Summary", roles: ROLES };

function scene(extra: Partial<Scene> = {}): Scene {
  return {
    version: 7,
    game: "demo",
    locale: "en",
    seat: 0,
    four_color: false,
    theme: "auto",
    size: "normal",
    title: "Demo",
    status: "Your turn",
    message: null,
    announce: "Computer plays 5♥",
    zones: [
      zone("table", [card("3♠"), card("5♥"), card("7♣")]),
      zone("hand", [card("8♦", { selectable: true, selected: true }), card("7♦", { selectable: true })], { layout: "fan", owner: 0 }),
      zone("pile", [card("2♣", { selectable: true })], { layout: "stack", owner: 0 }),
    ],
    options: [{ index: 0, label: "3♠ 5♥", selected: true, emphasis: true, swatches: 1 }],
    actions: [
      { id: "play", label: "Capture", enabled: true, primary: true, pressed: null },
      { id: "cancel", label: "Cancel", enabled: true, primary: false, pressed: null },
      { id: "forward", label: "Forward", enabled: false, primary: false, pressed: null },
      { id: "auto", label: "Auto", enabled: true, primary: false, pressed: false },
    ],
    previews: {
      "hand:8♦": { cards: [{ zone: "table", card: "3♠", role: "group", group: 1 }, { zone: "table", card: "5♥", role: "group", group: 7 }], text: "8♦ takes 3♠ 5♥" },
      "table:7♣": { cards: [{ zone: "hand", card: "7♦", role: "beats", group: null }], text: "7♦ answers 7♣" },
    },
    focus: ["pile", "hand"],
    log: ["one", "two"],
    score: null,
    summary: null,
    legend: [],
    history: { ply: 3, plies: 5, label: "Move 3 of 5" },
    labels: LABELS,
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
const intents = () => sent.map((s) => s.intent);

function key(target: Element, keyName: string): KeyboardEvent {
  const event = new KeyboardEvent("keydown", { key: keyName, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

describe("frame", () => {
  it("marks the root with game, version, size, theme and the shortcut suppressor", () => {
    const root = q(".cw-root");
    expect(root.dataset.game).toBe("demo");
    expect(root.dataset.version).toBe("7");
    expect(root.dataset.size).toBe("normal");
    expect(root.dataset.theme).toBe("light");
    expect(root.getAttribute("data-lm-suppress-shortcuts")).toBe("true");
    expect(q(".cw-status").textContent).toBe("Your turn");
  });

  it("shows the message, keeps the live region node and rewrites it only on change", () => {
    const live = q(".cw-announce");
    view.update(scene({ version: 8, message: { kind: "error", text: "9♠ is not in your hand" }, four_color: true }));
    expect(q(".cw-message").dataset.kind).toBe("error");
    expect(q(".cw-root").dataset.fourColor).toBe("true");
    expect(q(".cw-announce")).toBe(live);
    view.update(scene({ version: 9, announce: "You play 8♦" }));
    expect(live.textContent).toBe("You play 8♦");
    expect(q(".cw-message").dataset.kind).toBeUndefined();
  });

  it("shows the turn banner with its tone and marks the zones of the seat to move", () => {
    view.update(scene({ version: 8, seat: 0, banner: { seat: 1, text: "Computer's turn: please wait", tone: "them" } }));
    expect(q(".cw-banner").textContent).toBe("Computer's turn: please wait");
    expect(q(".cw-banner").dataset.tone).toBe("them");
    const places = Array.from(host.querySelectorAll<HTMLElement>(".cw-board > .cw-zone")).map((z) => [z.dataset.zone, z.dataset.place, z.dataset.turn ?? ""]);
    expect(places).toEqual([
      ["table", "middle", ""],
      ["hand", "near", ""],
      ["pile", "near", ""],
    ]);
    view.update(scene({ version: 9, banner: { seat: 0, text: "Your turn", tone: "you" } }));
    expect(q('[data-zone="hand"]').dataset.turn).toBe("true");
    expect(q('[data-zone="table"]').dataset.turn).toBeUndefined();
    view.update(scene({ version: 10, banner: null }));
    expect(q(".cw-banner").textContent).toBe("");
    expect(q(".cw-banner").dataset.tone).toBeUndefined();
    expect(host.querySelector("[data-turn]")).toBeNull();
  });

  it("ignores an empty (not yet synced) scene", () => {
    view.update({} as Scene);
    expect(q(".cw-root").dataset.version).toBe("7");
  });

  it("has no words of its own: empty labels give empty headings", () => {
    const blank = { options: "", actions: "", log: "", score: "", legend: "", empty: "", summary: "", roles: {} };
    view.update(scene({ labels: blank, zones: [zone("pile", [])], summary: { title: "", text: "", score: null, zones: [], action: "play" } }));
    expect(q(".cw-empty").textContent).toBe("");
    expect(q(".cw-summary-title").textContent).toBe("");
    expect(q(".cw-log-panel .cw-side-title").textContent).toBe("");
  });
});

describe("names", () => {
  it("names a card by its label, note, group and role; a button card by its face", () => {
    const marked = scene({
      zones: [
        zone("table", [card("3♠", { group: 2, highlight: "group" }), card("7♣", { highlight: "last", note: "trump" })]),
        zone("hand", [card("8♦", { selectable: true, highlight: "beats" })], { owner: 0 }),
      ],
    });
    view.update(marked);
    expect(q('[data-card="3♠"]').getAttribute("aria-label")).toBe("3♠ label, group 2");
    expect(q('[data-card="7♣"]').getAttribute("aria-label")).toBe("7♣ label, trump, just played");
    const button = q('[data-card="8♦"]');
    expect(button.getAttribute("role")).toBe("button");
    expect(button.hasAttribute("aria-label")).toBe(false);
    const picture = button.querySelector("svg.cw-face") as Element;
    expect([picture.getAttribute("role"), picture.getAttribute("aria-label")]).toEqual(["img", "8♦ label, beats the chosen card"]);
    expect(picture.hasAttribute("aria-hidden")).toBe(false);
    expect(q('[data-card="3♠"] svg.cw-face').getAttribute("aria-hidden")).toBe("true");
  });

  it("has no landmarks inside the widget but the log: zones are groups, the header a div", () => {
    expect(q(".cw-root header")).toBeNull();
    expect(q('[data-zone="table"]').getAttribute("role")).toBe("group");
    const log = q(".cw-log-box");
    expect([log.getAttribute("role"), log.getAttribute("aria-label"), log.getAttribute("tabindex")]).toEqual(["region", "Moves", "0"]);
  });
});

describe("intents", () => {
  it("sends a card intent with the zone and the scene version", () => {
    q('.cw-card[data-card="7♦"]').click();
    expect(sent).toEqual([{ intent: { kind: "card", zone: "hand", card: "7♦" }, version: 7 }]);
  });

  it("sends clicks on cards that are not selectable (Python says why) but not disabled buttons", () => {
    q('.cw-card[data-card="7♣"]').click();
    q('button[data-action="forward"]').click();
    expect(sent).toEqual([{ intent: { kind: "card", zone: "table", card: "7♣" }, version: 7 }]);
  });

  it("sends option, action and toggle intents; the toggle shows aria-pressed", () => {
    q('[data-option="0"] .cw-option-label').dispatchEvent(new MouseEvent("click", { bubbles: true }));
    q('button[data-action="play"]').click();
    q('button[data-action="auto"]').click();
    expect(q('button[data-action="auto"]').getAttribute("aria-pressed")).toBe("false");
    expect(q('button[data-action="play"]').hasAttribute("aria-pressed")).toBe(false);
    expect(intents()).toEqual([
      { kind: "option", index: 0 },
      { kind: "action", id: "play" },
      { kind: "action", id: "auto" },
    ]);
  });

  it("the history slider sends goto with the chosen ply", () => {
    const range = q<HTMLInputElement>('input[type="range"]');
    expect([range.min, range.max, range.value]).toEqual(["0", "5", "3"]);
    expect(range.closest("label")?.textContent).toBe("Move 3 of 5");
    range.value = "1";
    range.dispatchEvent(new Event("change", { bubbles: true }));
    expect(intents()).toEqual([{ kind: "goto", ply: 1 }]);
  });

  it("the summary's continue button is the named action, clickable, and not repeated below", () => {
    view.update(scene({ summary: { title: "Deal over", text: "You lead", score: null, zones: [], action: "play" } }));
    expect(host.querySelectorAll('[data-action="play"]').length).toBe(1);
    q(".cw-summary button.cw-continue").click();
    expect(intents()).toEqual([{ kind: "action", id: "play" }]);
    expect(q(".cw-root").dataset.paused).toBe("true");
  });
});

describe("keyboard", () => {
  it("moves focus with the arrow keys, Home and End, skipping disabled buttons", () => {
    const items = view.navigable();
    items[0].focus();
    key(items[0], "ArrowRight");
    expect(document.activeElement).toBe(items[1]);
    key(items[1], "ArrowLeft");
    key(items[0], "ArrowLeft");
    expect(document.activeElement).toBe(items[items.length - 1]);
    key(items[items.length - 1], "Home");
    expect(document.activeElement).toBe(items[0]);
    key(items[0], "End");
    expect(document.activeElement).toBe(items[items.length - 1]);
    expect(items.some((n) => n.matches("button:disabled"))).toBe(false);
  });

  it("selects a card with Enter or Space and cancels with Escape", () => {
    const seven = q('.cw-card[data-card="7♦"]');
    seven.focus();
    expect(key(seven, "Enter").defaultPrevented).toBe(true);
    key(seven, " ");
    key(seven, "Escape");
    expect(intents()).toEqual([
      { kind: "card", zone: "hand", card: "7♦" },
      { kind: "card", zone: "hand", card: "7♦" },
      { kind: "action", id: "cancel" },
    ]);
  });

  it("leaves the arrows to the slider", () => {
    const range = q<HTMLInputElement>('input[type="range"]');
    range.focus();
    expect(key(range, "ArrowLeft").defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(range);
  });

  it("keeps key events from reaching notebook shortcuts", () => {
    const spy = vi.fn();
    document.addEventListener("keydown", spy);
    document.addEventListener("keyup", spy);
    const eight = q('.cw-card[data-card="8♦"]');
    for (const name of ["a", "b", "d", "Enter", "Escape", "ArrowDown"]) {
      key(eight, name);
      eight.dispatchEvent(new KeyboardEvent("keyup", { key: name, bubbles: true }));
    }
    document.removeEventListener("keydown", spy);
    document.removeEventListener("keyup", spy);
    expect(spy).not.toHaveBeenCalled();
  });

  it("keeps focus on the same control across a re-render", () => {
    q('.cw-card[data-card="7♦"]').focus();
    view.update(scene({ version: 8 }));
    expect((document.activeElement as HTMLElement).dataset.card).toBe("7♦");
    q('input[type="range"]').focus();
    view.update(scene({ version: 9 }));
    expect(document.activeElement).toBe(q('input[type="range"]'));
  });

  it("falls back through scene.focus, then to the first control", () => {
    q('button[data-action="play"]').focus();
    const next = scene({ version: 8 });
    next.actions = next.actions.filter((a) => a.id !== "play");
    view.update(next);
    expect((document.activeElement as HTMLElement).dataset.card).toBe("2♣"); // "pile" comes first
    const none = scene({ version: 9, focus: [] });
    none.actions = [];
    (document.activeElement as HTMLElement).focus();
    none.zones = none.zones.filter((z) => z.id !== "pile");
    view.update(none);
    expect((document.activeElement as HTMLElement).dataset.card).toBe("3♠"); // first navigable
  });

  it("keeps focus on the log box, and moves it to the summary's continue button when lost", () => {
    q(".cw-log-box").focus();
    view.update(scene({ version: 8 }));
    expect(document.activeElement).toBe(q(".cw-log-box"));
    q('.cw-card[data-card="8♦"]').focus();
    const paused = scene({ version: 9, summary: { title: "Deal 1 is over", text: "", score: null, zones: [], action: "play" } });
    paused.zones = paused.zones.filter((z) => z.id !== "hand");
    view.update(paused);
    expect(document.activeElement).toBe(q('.cw-summary button[data-action="play"]'));
  });

  it("does not steal focus from the notebook", () => {
    const outside = document.createElement("input");
    document.body.append(outside);
    outside.focus();
    view.update(scene({ version: 8 }));
    expect(document.activeElement).toBe(outside);
  });
});

describe("previews", () => {
  const over = (id: string) => q(`.cw-card[data-card="${id}"]`).dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
  const out = (id: string) => q(`.cw-card[data-card="${id}"]`).dispatchEvent(new MouseEvent("mouseout", { bubbles: true }));

  it("lights the listed targets with role and group and says the sentence, without a round trip", () => {
    over("8♦");
    expect(q('.cw-card[data-card="3♠"]').dataset.preview).toBe("group");
    expect(q('.cw-card[data-card="5♥"]').dataset.previewColor).toBe("1");
    expect(q('.cw-card[data-card="5♥"]').dataset.previewGroup).toBe("7");
    expect(q('.cw-card[data-card="7♣"]').dataset.preview).toBeUndefined();
    expect(q(".cw-hint").textContent).toBe("8♦ takes 3♠ 5♥");
    out("8♦");
    expect(host.querySelector("[data-preview]")).toBeNull();
    expect(q(".cw-hint").textContent).toBe("");
    expect(sent).toEqual([]);
  });

  it("works for a card in any zone and on keyboard focus", () => {
    q('.cw-card[data-card="7♣"]').focus();
    expect(q('.cw-card[data-card="7♦"]').dataset.preview).toBe("beats");
    expect(q(".cw-hint").textContent).toBe("7♦ answers 7♣");
  });

  it("survives a re-render while the card is still hovered", () => {
    over("8♦");
    view.update(scene({ version: 8 }));
    expect(q('.cw-card[data-card="3♠"]').dataset.preview).toBe("group");
    expect(q(".cw-hint").textContent).toBe("8♦ takes 3♠ 5♥");
  });
});

describe("instant selection", () => {
  const click = (id: string) => q(`.cw-card[data-card="${id}"]`).dispatchEvent(new MouseEvent("click", { bubbles: true }));

  it("marks a clicked card selected and pending and lights its preview before the kernel answers", () => {
    view.update(scene({ zones: [zone("table", [card("3♠"), card("5♥")]), zone("hand", [card("8♦", { selectable: true })])] }));
    click("8♦");
    const picked = q('.cw-card[data-card="8♦"]');
    expect(picked.dataset.selected).toBe("true");
    expect(picked.getAttribute("aria-pressed")).toBe("true");
    expect(picked.dataset.pending).toBe("true");
    expect(q(".cw-root").dataset.pending).toBe("true");
    expect(q('.cw-card[data-card="3♠"]').dataset.preview).toBe("group");
    expect(q('.cw-card[data-card="5♥"]').dataset.previewGroup).toBe("7");
    expect(q(".cw-hint").textContent).toBe("8♦ takes 3♠ 5♥");
    expect(intents()).toEqual([{ kind: "card", zone: "hand", card: "8♦" }]);
    expect(sent[0].version).toBe(7);
  });

  it("keeps the local preview lit when the pointer leaves the card", () => {
    view.update(scene({ zones: [zone("table", [card("3♠"), card("5♥")]), zone("hand", [card("8♦", { selectable: true })])] }));
    click("8♦");
    q('.cw-card[data-card="8♦"]').dispatchEvent(new MouseEvent("mouseout", { bubbles: true }));
    expect(q('.cw-card[data-card="3♠"]').dataset.preview).toBe("group");
    expect(q(".cw-hint").textContent).toBe("8♦ takes 3♠ 5♥");
  });

  it("unselects a selected card locally and lights nothing", () => {
    click("8♦");
    const picked = q('.cw-card[data-card="8♦"]');
    expect(picked.dataset.selected).toBeUndefined();
    expect(picked.getAttribute("aria-pressed")).toBe("false");
    expect(picked.dataset.pending).toBe("true");
    expect(host.querySelector("[data-preview]")).toBeNull();
  });

  it("marks a card chosen with Enter too", () => {
    key(q('.cw-card[data-card="7♦"]'), "Enter");
    expect(q('.cw-card[data-card="7♦"]').dataset.pending).toBe("true");
    expect(q('.cw-card[data-card="7♦"]').dataset.selected).toBe("true");
  });

  it("leaves a card that is not selectable alone: the kernel says why", () => {
    click("7♣");
    expect(intents()).toEqual([{ kind: "card", zone: "table", card: "7♣" }]);
    expect(host.querySelector("[data-pending]")).toBeNull();
    expect(q('.cw-card[data-card="7♣"]').dataset.selected).toBeUndefined();
  });

  it("the kernel's next scene replaces the local mark: a refusal clears it and shows the reason", () => {
    click("7♦");
    view.update(scene({ version: 8, message: { kind: "error", text: "Not your turn" } }));
    expect(host.querySelector("[data-pending]")).toBeNull();
    expect(q(".cw-root").dataset.pending).toBeUndefined();
    expect(q('.cw-card[data-card="7♦"]').dataset.selected).toBeUndefined();
    expect(q(".cw-message").textContent).toBe("Not your turn");
    expect(host.querySelector("[data-preview]")).toBeNull();
  });

  it("sends a second click with the version on screen (the kernel refuses it as stale)", () => {
    click("7♦");
    click("7♦");
    expect(sent.map((s) => s.version)).toEqual([7, 7]);
    expect(q('.cw-card[data-card="7♦"]').dataset.selected).toBeUndefined();
  });

  it("does nothing locally without a kernel (the replay player)", () => {
    const other = document.createElement("div");
    document.body.append(other);
    const player = new SceneView(other, () => undefined, false);
    player.update(scene());
    other.querySelector<HTMLElement>('.cw-card[data-card="7♦"]')?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(other.querySelector("[data-pending]")).toBeNull();
    player.destroy();
  });
});

describe("side column toggle (stage)", () => {
  const toggle = () => q<HTMLButtonElement>(".cw-side-toggle");
  const side = () => q(".cw-main > .cw-side");

  it("is a real button before the side column, named by the scene, expanded, controlling it", () => {
    view.update(scene({ labels: { ...LABELS, side: "Score, colours and moves" } }));
    expect(toggle().tagName).toBe("BUTTON");
    expect(toggle().getAttribute("type")).toBe("button");
    expect(toggle().textContent).toBe("Score, colours and moves");
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    expect(toggle().getAttribute("aria-controls")).toBe(side().id);
    expect(toggle().nextElementSibling).toBe(side());
    expect(side().dataset.open).toBe("true");
  });

  it("collapses and expands the column locally, asks Python nothing, and keeps the choice across scenes", () => {
    toggle().click();
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(side().dataset.open).toBe("false");
    expect(sent).toEqual([]);
    view.update(scene({ version: 8 }));
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(side().dataset.open).toBe("false");
    toggle().click();
    expect(side().dataset.open).toBe("true");
  });

  it("keeps focus on the button when a scene arrives", () => {
    toggle().focus();
    view.update(scene({ version: 8 }));
    expect(document.activeElement).toBe(toggle());
  });

  it("is left out when the side column is empty", () => {
    view.update(scene({ log: [], history: null, legend: [], score: null }));
    expect(host.querySelector(".cw-side-toggle")).toBeNull();
  });
});

describe("log", () => {
  function fakeScroll(box: HTMLElement, height: number, client: number): void {
    Object.defineProperty(box, "scrollHeight", { configurable: true, get: () => height });
    Object.defineProperty(box, "clientHeight", { configurable: true, get: () => client });
  }
  const box = () => q(".cw-log-box");

  it("follows the newest entry when it was at the bottom", () => {
    fakeScroll(box(), 300, 100);
    box().scrollTop = 200;
    const proto = HTMLElement.prototype;
    const height = Object.getOwnPropertyDescriptor(proto, "scrollHeight");
    Object.defineProperty(proto, "scrollHeight", { configurable: true, get: () => 340 });
    try {
      view.update(scene({ version: 8, log: ["one", "two", "three"] }));
      expect(box().scrollTop).toBe(340);
    } finally {
      if (height) Object.defineProperty(proto, "scrollHeight", height);
    }
  });

  it("keeps the user's place when they scrolled up", () => {
    fakeScroll(box(), 300, 100);
    box().scrollTop = 40;
    view.update(scene({ version: 8, log: ["one", "two", "three"] }));
    expect(box().scrollTop).toBe(40);
  });
});

describe("themes and helpers", () => {
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

  it("follows Colab's html[theme] attribute, over the system's preference", () => {
    const html = document.documentElement;
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes("dark"), media: query })) as typeof window.matchMedia;
    try {
      html.setAttribute("theme", "dark");
      expect(resolveTheme("auto", document)).toBe("dark");
      expect(resolveTheme("light", document)).toBe("light");
      html.setAttribute("theme", "light");
      expect(resolveTheme("auto", document)).toBe("light");
      document.body.setAttribute("data-jp-theme-light", "false");
      expect(resolveTheme("auto", document)).toBe("dark");
    } finally {
      window.matchMedia = original;
      html.removeAttribute("theme");
    }
  });

  it("re-renders dark when Colab switches its theme attribute", async () => {
    const html = document.documentElement;
    try {
      html.setAttribute("theme", "dark");
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(q(".cw-root").dataset.theme).toBe("dark");
      html.setAttribute("theme", "light");
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(q(".cw-root").dataset.theme).toBe("light");
    } finally {
      html.removeAttribute("theme");
    }
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
  it("exports only default", () => {
    expect(Object.keys(widgetModule)).toEqual(["default"]);
  });

  it("renders the model's scene, re-renders on change and sends intents as messages", () => {
    const { el, messages, handlers, push, cleanup } = mountWidget(scene({ version: 3 }));
    expect(el.querySelector<HTMLElement>(".cw-root")?.dataset.version).toBe("3");
    push(scene({ version: 4, status: "Computer to move" }));
    expect(el.querySelector(".cw-status")?.textContent).toBe("Computer to move");
    el.querySelector<HTMLElement>('.cw-card[data-card="7♦"]')?.click();
    expect(messages).toEqual([{ type: "intent", version: 4, intent: { kind: "card", zone: "hand", card: "7♦" } }]);
    cleanup();
    expect(el.querySelector(".cw-root")).toBeNull();
    expect(handlers["change:scene"]).toBeUndefined();
  });
});
