// @vitest-environment jsdom
/// <reference types="vite/client" />
// The live renderer against the shared fixture scenes (tests/fixtures/scenes): its element tree
// must match, line for line, the skeleton of the static renderer (tests/fixtures/skeletons, written
// by tests/scene_fixtures.py and checked by tests/test_scene_html.py), and the structural facts
// pytest asserts on the static HTML hold here too.
import { describe, expect, it } from "vitest";
import { SceneView } from "./render";
import type { Scene } from "./types";

const scenes = import.meta.glob<Scene>("../tests/fixtures/scenes/*.json", { eager: true, import: "default" });
const skeletons = import.meta.glob<string>("../tests/fixtures/skeletons/*.txt", { eager: true, query: "?raw", import: "default" });
const nameOf = (path: string) => path.replace(/^.*\//, "").replace(/\.[a-z]+$/, "");
const fixtures = Object.entries(scenes).map(([path, scene]) => [nameOf(path), scene] as const);

const IGNORED = new Set(["tabindex", "disabled"]);
// The root's attributes only the live view sets: the resolved theme and its fit (fit.ts).
const LIVE_ROOT = new Set(["data-theme", "data-fit", "style"]);
// The live view's own controls, with no static twin: the side column's show/hide button and its
// one-line score, and the full-screen button.
const LIVE_ONLY = ["cw-side-toggle", "cw-scoreline", "cw-fullscreen"];

function attrs(node: Element): string {
  const root = node.classList.contains("cw-root");
  const side = node.classList.contains("cw-side");
  const pairs = Array.from(node.attributes).map((a) => [a.name.toLowerCase(), a.value] as const);
  return pairs
    .filter(([name]) => !IGNORED.has(name) && !(root && LIVE_ROOT.has(name)) && !(side && (name === "id" || name === "data-open")))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => ` ${name}=${JSON.stringify(value)}`)
    .join("");
}

/** The same normalised tree tests/scene_fixtures.py skeleton() makes from HTML text. */
export function skeleton(node: Element, depth = 0, lines: string[] = []): string[] {
  // The id the side column's button links it by is the live view's too.
  if (LIVE_ONLY.some((name) => node.classList.contains(name))) return lines;
  lines.push("  ".repeat(depth) + node.tagName.toLowerCase() + attrs(node));
  for (const kid of Array.from(node.childNodes)) {
    if (kid.nodeType === 1) skeleton(kid as Element, depth + 1, lines);
    else if (kid.nodeType === 3 && (kid.textContent ?? "").trim()) {
      lines.push("  ".repeat(depth + 1) + JSON.stringify((kid.textContent ?? "").trim()));
    }
  }
  return lines;
}

function draw(scene: Scene): HTMLElement {
  document.body.innerHTML = "";
  const host = document.createElement("div");
  document.body.append(host);
  new SceneView(host, () => undefined).update(scene);
  return host;
}

describe("fixture scenes", () => {
  it("are all there", () => {
    expect(fixtures.map(([name]) => name).sort()).toEqual(["empty_board", "pazaak_set", "panjpar_battle", "tablic_play", "tablic_start", "tablic_summary"].sort());
  });

  for (const [name, scene] of fixtures) {
    it(`${name}: the live markup matches the static renderer's skeleton`, () => {
      const host = draw(scene);
      const expected = skeletons[`../tests/fixtures/skeletons/${name}.txt`];
      expect(skeleton(host.querySelector(".cw-root") as Element).join("\n") + "\n").toBe(expected);
    });

    it(`${name}: every card carries its hooks, label, kind and index`, () => {
      const host = draw(scene);
      const all = [...scene.zones, ...(scene.summary?.zones ?? [])].flatMap((z) => z.cards);
      expect(host.querySelectorAll(".cw-card").length).toBe(all.length);
      for (const card of all) {
        const node = host.querySelector(`.cw-card[data-card="${card.id}"]`) as HTMLElement;
        expect(node.dataset.kind).toBe(card.kind);
        // A picture card is named itself; a button card by its face (a named picture).
        const named = card.selectable ? node.querySelector("svg.cw-face") : node;
        expect(named?.getAttribute("aria-label")).toContain(card.label);
        expect(node.hasAttribute("aria-label")).toBe(!card.selectable);
        expect(node.querySelector("svg.cw-face")?.getAttribute("width")).toBe(scene.size === "large" ? "72" : "45");
        if (card.kind !== "back") expect(node.querySelector("svg text")?.textContent).toBe(card.text);
      }
    });
  }
});

describe("fixture facts", () => {
  const get = (name: string) => fixtures.find(([n]) => n === name)?.[1] as Scene;

  it("a grid draws all its places, outlining the empty ones", () => {
    const host = draw(get("pazaak_set"));
    const grid = host.querySelector('[data-zone="table-0"] .cw-cards') as HTMLElement;
    expect(grid.getAttribute("style")).toBe("--cw-columns: 3");
    expect(grid.querySelectorAll(".cw-place").length).toBe(9);
    expect(grid.querySelectorAll('.cw-place[data-empty="true"]').length).toBe(6);
    expect(host.querySelector('[data-badge="lights"]')?.querySelectorAll('[data-lit="true"]').length).toBe(1);
    expect(host.querySelector('[data-badge="total"] .cw-total')?.textContent).toBe("20");
  });

  it("pairs group cards by slot; the stock holds backs and the face-up card", () => {
    const host = draw(get("panjpar_battle"));
    const pairs = Array.from(host.querySelectorAll('[data-zone="battle"] .cw-pair')).map((p) => p.querySelectorAll(".cw-card").length);
    expect(pairs).toEqual([2, 1, 1]);
    expect(host.querySelectorAll('[data-zone="stock"] .cw-card[data-kind="back"]').length).toBe(4);
    expect(host.querySelector('[data-action="auto"]')?.getAttribute("aria-pressed")).toBe("true");
  });

  it("the summary has the continue button, the sheet with tallies, the zones", () => {
    const host = draw(get("tablic_summary"));
    const summary = host.querySelector(".cw-summary") as HTMLElement;
    expect(summary.querySelector("button.cw-continue")?.getAttribute("data-action")).toBe("continue");
    expect(host.querySelectorAll('[data-action="continue"]').length).toBe(1);
    expect(summary.querySelector('td[data-count="2"]')?.getAttribute("aria-label")).toBe("Tablas 2");
    expect(summary.querySelectorAll(".cw-zone").length).toBe(2);
    expect(host.querySelector(".cw-legend")).toBeNull();
  });

  it("before the first move the slider row and the move log are there already: the first move adds no row", () => {
    // The rows under the board and in the side column, with the move log's box: what would make
    // the widget grow (486 to 565 px) when the first move brought them.
    const rows = (host: HTMLElement) =>
      Array.from(host.querySelectorAll(".cw-controls > *, .cw-side > *, .cw-log-panel > *")).map((n) => n.className);
    const start = draw(get("tablic_start"));
    const startRows = rows(start);
    const slider = start.querySelector<HTMLInputElement>(".cw-history-range")!;
    expect([slider.max, slider.disabled]).toEqual(["0", true]); // nowhere to go yet
    expect(start.querySelectorAll(".cw-log li").length).toBe(0);
    const played = draw(get("tablic_play"));
    expect(rows(played)).toEqual(startRows);
    expect(startRows).toEqual(expect.arrayContaining(["cw-history", "cw-log-panel", "cw-log-box"]));
    expect(played.querySelector<HTMLInputElement>(".cw-history-range")!.disabled).toBe(false);
  });

  it("Shift+arrow asks for no turn step while there is no move to step over", () => {
    const intents: unknown[] = [];
    document.body.innerHTML = "";
    const host = document.createElement("div");
    document.body.append(host);
    const view = new SceneView(host, (intent) => intents.push(intent));
    view.update(get("tablic_start"));
    const key = () => host.querySelector(".cw-root")!.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", shiftKey: true, bubbles: true }));
    key();
    expect(intents).toEqual([]);
    view.update(get("tablic_play"));
    key();
    expect(intents).toEqual([{ kind: "turn", step: -1 }]);
  });

  it("the legend lists every entry with a swatch in its role's style", () => {
    const host = draw(get("tablic_play"));
    const items = Array.from(host.querySelectorAll(".cw-legend-item"));
    expect(items.map((i) => i.getAttribute("data-role"))).toEqual(["group", "group", "playable", "last", "hint", "muted"]);
    expect(items[1].querySelector(".cw-legend-swatch")?.textContent).toBe("2");
    expect(host.querySelector(".cw-history-range")?.getAttribute("max")).toBe("14");
  });
});
