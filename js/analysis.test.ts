// @vitest-environment jsdom
// The analysis switch's panel and value notes in the live renderer.
import { describe, expect, it } from "vitest";
import { SceneView } from "./render";
import type { CardView, Scene } from "./types";

function card(id: string, extra: Partial<CardView> = {}): CardView {
  return { id, kind: "french", text: id.slice(0, -1), suit: id.slice(-1), tone: "black", label: `${id} label`, note: "", selectable: false, selected: false, highlight: null, group: null, slot: null, ...extra };
}

function scene(extra: Partial<Scene> = {}): Scene {
  return {
    version: 3, game: "demo", locale: "en", seat: 0, four_color: false, theme: "light", size: "normal",
    title: "Demo", status: "", message: null, announce: "",
    zones: [
      { id: "table", label: "Table", layout: "row", owner: null, info: "", cards: [card("3♠")], columns: 0, places: 0, badges: [] },
      { id: "hand", label: "Hand", layout: "fan", owner: 0, info: "", cards: [card("8♣", { selectable: true }), card("10♦", { selectable: true })], columns: 0, places: 0, badges: [] },
    ],
    options: [{ index: 0, label: "Capture 3♠", selected: true, emphasis: false, swatches: 0 }],
    actions: [{ id: "trail", label: "Lay down", enabled: true, primary: false, pressed: null }],
    previews: {}, focus: ["hand"], log: [], score: null, summary: null, legend: [], history: null,
    labels: { options: "Choices", actions: "Actions", log: "Moves", score: "Score", legend: "Legend", empty: "", summary: "", roles: {} },
    ...extra,
  };
}

const PANEL = {
  title: "Analysis",
  text: "Best: 8♣ captures 3♠ (+6).",
  values: { "hand:8♣": "+6", "hand:10♦": "−6", "option:0": "+6", "action:trail": "−6", "table:3♠": "+1", "hand:gone": "0" },
  best: ["hand:8♣", "option:0"],
};

describe("the analysis panel", () => {
  it("puts each value note on what it names and marks the best move's", () => {
    const host = document.createElement("div");
    const view = new SceneView(host, () => {});
    view.update(scene({ analysis: PANEL }));
    const note = (selector: string) => host.querySelector(`${selector} > .cw-value`);
    expect(note('[data-zone="hand"] [data-card="8♣"]')?.textContent).toBe("+6");
    expect(note('[data-zone="hand"] [data-card="8♣"]')?.getAttribute("data-best")).toBe("true");
    expect(note('[data-zone="hand"] [data-card="10♦"]')?.getAttribute("data-best")).toBeNull();
    expect(note('[data-option="0"]')?.textContent).toBe("+6");
    expect(note('[data-action="trail"]')?.textContent).toBe("−6");
    // a picture card (not a button) says its value in its name
    expect(host.querySelector('[data-zone="table"] [data-card="3♠"]')?.getAttribute("aria-label")).toBe("3♠ label, +1");
    expect(host.querySelectorAll(".cw-value")).toHaveLength(5); // "hand:gone" names nothing
    const panel = host.querySelector(".cw-side .cw-analysis");
    expect(panel?.getAttribute("aria-label")).toBe("Analysis");
    expect(panel?.querySelector(".cw-analysis-text")?.textContent).toBe("Best: 8♣ captures 3♠ (+6).");
    expect(panel?.getAttribute("data-lesson")).toBeNull(); // the switch's panel may be cut when tight
  });

  it("draws nothing when the switch is off", () => {
    const host = document.createElement("div");
    const view = new SceneView(host, () => {});
    view.update(scene({ analysis: null }));
    expect(host.querySelector(".cw-analysis, .cw-value")).toBeNull();
  });

  it("a lesson's answer field sends the text typed, by its button or by Enter", () => {
    const host = document.createElement("div");
    const sent: unknown[] = [];
    const view = new SceneView(host, (intent, version) => sent.push([intent, version]));
    const answer = { label: "Your answer (25%, 0.25 or 1/4)", button: "Answer", value: "" };
    view.update(scene({ analysis: { ...PANEL, values: {}, best: [], lesson: true, answer } }));
    expect(host.querySelector(".cw-analysis")?.getAttribute("data-lesson")).toBe("true");
    const input = host.querySelector<HTMLInputElement>('.cw-analysis [data-answer="text"]');
    expect(input?.closest("label")?.textContent).toContain("Your answer");
    input!.value = "36%";
    input!.dispatchEvent(new KeyboardEvent("keydown", { key: "3", bubbles: true }));
    expect(sent).toEqual([]); // typing is the field's own
    host.querySelector<HTMLButtonElement>('[data-answer="send"]')!.click();
    input!.value = "13/36";
    input!.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(sent).toEqual([
      [{ kind: "answer", text: "36%" }, 3],
      [{ kind: "answer", text: "13/36" }, 3],
    ]);
    view.update(scene({ version: 4, analysis: { ...PANEL, answer: { ...answer, value: "13/36" } } }));
    expect(host.querySelector<HTMLInputElement>('[data-answer="text"]')?.value).toBe("13/36");
  });
});
