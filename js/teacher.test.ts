// @vitest-environment jsdom
// The teacher panel: drawn only when the scene carries it, each control sends
// its intent with the scene version, the fold and the seed being typed survive a re-render, and
// the keys inside it stay the browser's own.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import tablicPlay from "../tests/fixtures/scenes/tablic_play.json";
import { SceneView } from "./render";
import type { Intent, Scene, TeacherPanel } from "./types";

const PANEL: TeacherPanel = {
  title: "Teacher",
  opponent_label: "Opponent",
  opponent: "greedy",
  opponents: [
    { id: "random", label: "Random" },
    { id: "greedy", label: "Greedy" },
    { id: "expert", label: "Expert" },
    { id: "human", label: "Nobody (two learners)" },
  ],
  choose: true,
  seed_label: "Seed",
  seed: "1",
  new_label: "New game from seed",
  undo_label: "↶ Undo my move",
  undo: true,
  reveal_label: "Reveal the computer's hand",
  reveal: false,
};

const base = tablicPlay as unknown as Scene;
const withPanel = (version: number, panel: Partial<TeacherPanel> = {}): Scene => ({ ...base, version, teacher: { ...PANEL, ...panel } });

let host: HTMLElement;
let sent: Array<{ intent: Intent; version: number }>;
let view: SceneView;

beforeEach(() => {
  document.body.innerHTML = "";
  host = document.createElement("div");
  document.body.append(host);
  sent = [];
  view = new SceneView(host, (intent, version) => sent.push({ intent, version }));
  view.update(withPanel(11));
});

afterEach(() => view.destroy());

const q = <T extends Element = HTMLElement>(selector: string) => host.querySelector(selector) as T;

function change(node: HTMLElement): void {
  node.dispatchEvent(new Event("change", { bubbles: true }));
}

function key(target: Element, name: string): KeyboardEvent {
  const event = new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

describe("teacher panel", () => {
  it("is absent from a learner's scene and first in the side column of a teacher's", () => {
    view.update({ ...base, version: 12 });
    expect(q(".cw-teacher")).toBeNull();
    view.update(withPanel(13));
    expect(q(".cw-side")?.firstElementChild?.classList.contains("cw-teacher")).toBe(true);
    expect(q(".cw-teacher-title").textContent).toBe("Teacher");
    expect(q<HTMLDetailsElement>(".cw-teacher").open).toBe(true);
  });

  it("shows the opponents with the current one chosen, the seed as placeholder, the reveal switch", () => {
    const select = q<HTMLSelectElement>('[data-teacher="opponent"]');
    expect(Array.from(select.options).map((o) => o.value)).toEqual(["random", "greedy", "expert", "human"]);
    expect(select.value).toBe("greedy");
    expect(q<HTMLInputElement>('[data-teacher="seed"]').placeholder).toBe("1");
    expect(q<HTMLInputElement>('[data-teacher="reveal"]').checked).toBe(false);
    expect(q(".cw-teacher-reveal").textContent).toBe("Reveal the computer's hand");
    view.update(withPanel(12, { reveal: true, undo: false, choose: false }));
    expect(q<HTMLInputElement>('[data-teacher="reveal"]').checked).toBe(true);
    expect(q<HTMLButtonElement>('[data-teacher="undo"]').disabled).toBe(true);
    expect(q<HTMLSelectElement>('[data-teacher="opponent"]').disabled).toBe(true);
  });

  it("sends each control's intent with the scene version", () => {
    const select = q<HTMLSelectElement>('[data-teacher="opponent"]');
    select.value = "expert";
    change(select);
    q<HTMLInputElement>('[data-teacher="seed"]').value = " 7 ";
    q<HTMLButtonElement>('[data-teacher="new"]').click();
    q<HTMLButtonElement>('[data-teacher="undo"]').click();
    const reveal = q<HTMLInputElement>('[data-teacher="reveal"]');
    reveal.click(); // a checkbox click toggles it and fires change
    expect(sent).toEqual([
      { intent: { kind: "teacher", control: "opponent", name: "expert" }, version: 11 },
      { intent: { kind: "teacher", control: "new", seed: " 7 " }, version: 11 },
      { intent: { kind: "teacher", control: "undo" }, version: 11 },
      { intent: { kind: "teacher", control: "reveal", on: true }, version: 11 },
    ]);
  });

  it("sends nothing for a disabled undo, a click on the fold or on the seed field", () => {
    view.update(withPanel(12, { undo: false }));
    q<HTMLButtonElement>('[data-teacher="undo"]').click();
    q<HTMLElement>(".cw-teacher-title").click();
    q<HTMLInputElement>('[data-teacher="seed"]').click();
    expect(sent).toEqual([]);
  });

  it("starts the game on Enter in the seed field and leaves other keys to the browser", () => {
    const seed = q<HTMLInputElement>('[data-teacher="seed"]');
    seed.value = "42";
    const enter = key(seed, "Enter");
    expect(enter.defaultPrevented).toBe(true);
    expect(sent.map((s) => s.intent)).toEqual([{ kind: "teacher", control: "new", seed: "42" }]);
    const arrow = key(q('[data-teacher="opponent"]'), "ArrowDown");
    const space = key(q(".cw-teacher-title"), " ");
    expect(arrow.defaultPrevented || space.defaultPrevented).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it("keeps the fold, the typed seed and the focus across a re-render", () => {
    const seed = q<HTMLInputElement>('[data-teacher="seed"]');
    seed.value = "lesson 3";
    seed.focus();
    q<HTMLDetailsElement>(".cw-teacher").open = false;
    view.update(withPanel(12));
    expect(q<HTMLDetailsElement>(".cw-teacher").open).toBe(false);
    expect(q<HTMLInputElement>('[data-teacher="seed"]').value).toBe("lesson 3");
    expect(document.activeElement).toBe(q('[data-teacher="seed"]'));
  });

  it("names no card (hidden cards stay hidden)", () => {
    const text = q(".cw-teacher").textContent ?? "";
    expect(text).not.toMatch(/[♠♥♦♣]/);
  });
});
