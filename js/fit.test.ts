// @vitest-environment jsdom
// Fitting the stage to what is seen (fit.ts), and the live view's parts that hang on it: the
// full-screen button, the folded side column with its one-line score, Enter on a summary.
// jsdom lays nothing out, so each test gives the root a height that depends on its fit and scale
// (as the stylesheet would) and the notebook's scroll box a height.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CEILING, FLOOR, StageFit, scaleFor, scrollers, visibleHeight } from "./fit";
import { scoreLine } from "./panels";
import { SceneView } from "./render";
import { cardView } from "./testing";
import type { Intent, Scene } from "./types";

/** A notebook-like scroll box `height` px tall around a host, and a root inside it. */
function notebook(height: number): { box: HTMLElement; root: HTMLElement } {
  document.body.innerHTML = "";
  const box = document.createElement("div");
  box.style.overflowY = "auto";
  Object.defineProperty(box, "clientHeight", { configurable: true, get: () => height });
  const host = document.createElement("div");
  const root = document.createElement("div");
  host.append(root);
  box.append(host);
  document.body.append(box);
  return { box, root };
}

/** The root's height as the stylesheet would make it: `roomy` px as drawn, `tight` px tight,
 * times the scale (--cw-fit). */
function tall(root: HTMLElement, roomy: number, tight: number): void {
  root.getBoundingClientRect = () => {
    const scale = Number(root.style.getPropertyValue("--cw-fit") || "1");
    const height = (root.dataset.fit === "tight" ? tight : roomy) * scale;
    return { top: 0, left: 0, bottom: height, right: 800, width: 800, height, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
  };
}

describe("scaleFor", () => {
  it("is 1 when the stage fits, the ratio rounded down when it does not, within its floor", () => {
    expect(scaleFor(500, 600)).toBe(1);
    expect(scaleFor(800, 600)).toBe(0.75);
    expect(scaleFor(900, 600)).toBe(0.66);
    expect(scaleFor(3000, 600)).toBe(FLOOR);
    expect(scaleFor(0, 600)).toBe(1);
  });

  it("grows only when asked (full screen), up to its ceiling", () => {
    expect(scaleFor(400, 600)).toBe(1);
    expect(scaleFor(400, 600, true)).toBe(1.5);
    expect(scaleFor(100, 600, true)).toBe(CEILING);
  });
});

describe("the visible height", () => {
  it("is the notebook's scroll box when it is shorter than the stage, else the window's", () => {
    const { box, root } = notebook(600);
    expect(scrollers(root)).toEqual([box]);
    expect(visibleHeight(root, 900)).toBe(600);
    // A box as tall as the stage only wraps it (an output area): the window decides.
    expect(visibleHeight(root, 500)).toBe(window.innerHeight);
  });
});

describe("StageFit", () => {
  it("leaves a stage that fits as drawn", () => {
    const { root } = notebook(600);
    tall(root, 550, 500);
    const fitted = new StageFit(root).refit();
    expect(fitted).toMatchObject({ fit: "roomy", scale: 1, natural: 550 });
    expect(root.dataset.fit).toBe("roomy");
    expect(root.style.getPropertyValue("--cw-fit")).toBe("");
  });

  it("keeps room for a row of choices while none shows, so selecting a card changes no fit", () => {
    const { root } = notebook(600);
    root.style.fontSize = "20px";
    const actions = document.createElement("div");
    actions.className = "cw-actions";
    root.append(actions);
    tall(root, 560, 500); // fits as drawn, but not with a row of choices (2.4em = 48 px) more
    expect(new StageFit(root).refit().fit).toBe("tight");
    const options = document.createElement("div");
    options.className = "cw-options";
    root.append(options);
    expect(new StageFit(root).refit().fit).toBe("roomy"); // the choices show: nothing to keep
  });

  it("goes tight first, and does not scale when tight fits", () => {
    const { root } = notebook(600);
    tall(root, 700, 580);
    const layout = vi.fn();
    expect(new StageFit(root, layout).refit()).toMatchObject({ fit: "tight", scale: 1, visible: 600 });
    expect(root.dataset.fit).toBe("tight");
    expect(layout).toHaveBeenCalled(); // the view redoes the side column's default
  });

  it("scales a stage too tall even when tight until it fits the visible height", () => {
    const { root } = notebook(600);
    tall(root, 1000, 800);
    const fitted = new StageFit(root).refit();
    expect(fitted.fit).toBe("tight");
    expect(fitted.scale).toBeLessThan(1);
    expect(800 * fitted.scale).toBeLessThanOrEqual(600.5);
    expect(800 * fitted.scale).toBeGreaterThan(580); // not smaller than it must
    expect(Number(root.style.getPropertyValue("--cw-fit"))).toBe(fitted.scale);
  });

  it("keeps its smaller scale when the same stage gets shorter (no jump back), and forgets it when the inputs change", () => {
    const { root } = notebook(600);
    tall(root, 1000, 800);
    const fit = new StageFit(root);
    const first = fit.refit().scale;
    tall(root, 700, 650); // a message went away
    expect(fit.refit().scale).toBe(first);
    expect(root.dataset.fit).toBe("tight");
    expect(fit.refit(true)).toMatchObject({ fit: "tight" });
    expect(fit.refit(true).scale).toBeGreaterThan(first);
  });

  it("in full screen scales the stage up to fill the screen", () => {
    const { root } = notebook(600);
    // Full screen, the root is the screen: its content (here one child) is what is measured.
    const content = document.createElement("div");
    root.append(content);
    tall(root, 400, 380);
    const stage = root.getBoundingClientRect;
    root.getBoundingClientRect = () => ({ ...stage(), bottom: window.innerHeight, height: window.innerHeight }) as DOMRect;
    content.getBoundingClientRect = stage;
    Object.defineProperty(document, "fullscreenElement", { configurable: true, get: () => root });
    try {
      const fitted = new StageFit(root).refit();
      expect(fitted.visible).toBe(window.innerHeight);
      expect(fitted.scale).toBeGreaterThan(1);
      expect(400 * fitted.scale).toBeLessThanOrEqual(window.innerHeight + 0.5);
    } finally {
      Object.defineProperty(document, "fullscreenElement", { configurable: true, get: () => null });
    }
  });
});

describe("scoreLine", () => {
  it("names each column with its total, or the last row's cell", () => {
    const score = {
      caption: "",
      columns: ["Player 1 (expert)", "Player 2 (greedy)"],
      rows: [
        { label: "Tablas", cells: ["1", "0"], kind: "marks" },
        { label: "Total", cells: ["12", "9"], kind: "total" },
      ],
    };
    expect(scoreLine(score)).toBe("Player 1 (expert) 12 · Player 2 (greedy) 9");
    expect(scoreLine({ ...score, rows: [score.rows[0]] })).toBe("Player 1 (expert) 1 · Player 2 (greedy) 0");
    expect(scoreLine({ ...score, rows: [] })).toBe("");
  });
});

const LABELS = {
  options: "Choices",
  actions: "Actions",
  log: "Moves",
  score: "Score",
  legend: "Legend",
  empty: "(empty)",
  summary: "Summary",
  side: "Score, colours and moves",
  fullscreen: "Full screen",
  fullscreen_leave: "Leave full screen",
  roles: {},
};

function scene(extra: Partial<Scene> = {}): Scene {
  return {
    version: 3,
    game: "demo",
    locale: "en",
    seat: 0,
    four_color: false,
    theme: "auto",
    size: "large",
    title: "Demo",
    status: "",
    message: null,
    announce: "",
    banner: { seat: 0, text: "Your turn", tone: "you" },
    zones: [{ id: "hand", label: "Hand", layout: "row", owner: 0, info: "", cards: [cardView("8♦", { selectable: true })], columns: 0, places: 0, badges: [] }],
    options: [],
    actions: [{ id: "play", label: "Play", enabled: true, primary: true, pressed: null }],
    previews: {},
    focus: ["hand"],
    log: ["one"],
    score: { caption: "", columns: ["You", "Computer"], rows: [{ label: "Total", cells: ["3", "5"], kind: "total" }] },
    summary: null,
    legend: [],
    history: null,
    labels: LABELS,
    ...extra,
  } as Scene;
}

describe("the live view on a stage that does not fit", () => {
  let sent: Intent[];
  let view: SceneView;
  const q = <T extends HTMLElement = HTMLElement>(sel: string) => view.root.querySelector<T>(sel) as T;

  function mount(height: number, roomy: number, tight: number): void {
    const { root: probe } = notebook(height);
    const host = probe.parentElement as HTMLElement;
    probe.remove();
    sent = [];
    view = new SceneView(host, (intent) => sent.push(intent));
    tall(view.root, roomy, tight);
  }

  afterEach(() => view.destroy());

  it("folds the narrow side column when tight, shows the one-line score, and keeps the learner's choice", () => {
    mount(600, 900, 560);
    view.update(scene());
    expect(view.root.dataset.fit).toBe("tight");
    expect(q(".cw-side-toggle").getAttribute("aria-expanded")).toBe("false");
    expect(q(".cw-main > .cw-side").dataset.open).toBe("false");
    expect(q(".cw-scoreline").textContent).toBe("You 3 · Computer 5");
    q(".cw-side-toggle").click();
    expect(q(".cw-side-toggle").getAttribute("aria-expanded")).toBe("true");
    view.update(scene({ version: 4 }));
    expect(q(".cw-main > .cw-side").dataset.open).toBe("true");
    expect(sent).toEqual([]);
  });

  it("keeps the side column open where the stage fits", () => {
    mount(600, 500, 450);
    view.update(scene());
    expect(view.root.dataset.fit).toBe("roomy");
    expect(q(".cw-side-toggle").getAttribute("aria-expanded")).toBe("true");
  });

  it("presses the summary's Continue on Enter or Space from anywhere in the widget", () => {
    mount(600, 500, 450);
    const paused = scene({
      actions: [{ id: "continue", label: "Continue", enabled: true, primary: true, pressed: null }],
      summary: { title: "Deal 1 is over", text: "", score: null, zones: [], action: "continue" },
    });
    view.update(paused);
    const card = q('[data-zone="hand"] [data-card="8♦"]');
    card.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    q(".cw-log-box").dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true }));
    expect(sent).toEqual([
      { kind: "action", id: "continue" },
      { kind: "action", id: "continue" },
    ]);
  });
});

describe("the full-screen button", () => {
  let view: SceneView;
  const button = () => view.root.querySelector<HTMLButtonElement>(".cw-fullscreen") as HTMLButtonElement;

  afterEach(() => {
    view.destroy();
    Object.defineProperty(document, "fullscreenEnabled", { configurable: true, get: () => undefined });
    Object.defineProperty(document, "fullscreenElement", { configurable: true, get: () => null });
  });

  it("is hidden where the page has no Fullscreen API", () => {
    view = new SceneView(document.body, () => undefined);
    view.update(scene());
    expect(button().hidden).toBe(true);
  });

  describe("with the API", () => {
    let request: ReturnType<typeof vi.fn>;
    let exit: ReturnType<typeof vi.fn>;
    let full: Element | null;

    beforeEach(() => {
      full = null;
      Object.defineProperty(document, "fullscreenEnabled", { configurable: true, get: () => true });
      Object.defineProperty(document, "fullscreenElement", { configurable: true, get: () => full });
      request = vi.fn(function (this: HTMLElement) {
        full = this;
        document.dispatchEvent(new Event("fullscreenchange"));
        return Promise.resolve();
      });
      exit = vi.fn(() => {
        full = null;
        document.dispatchEvent(new Event("fullscreenchange"));
        return Promise.resolve();
      });
      (HTMLElement.prototype as unknown as { requestFullscreen: unknown }).requestFullscreen = request;
      (document as unknown as { exitFullscreen: unknown }).exitFullscreen = exit;
    });

    afterEach(() => {
      delete (HTMLElement.prototype as unknown as { requestFullscreen?: unknown }).requestFullscreen;
      delete (document as unknown as { exitFullscreen?: unknown }).exitFullscreen;
    });

    it("puts the widget's root on the whole screen, says how to leave, and leaves; Python hears nothing", () => {
      const sent: Intent[] = [];
      view = new SceneView(document.body, (intent) => sent.push(intent));
      view.update(scene());
      expect(button().hidden).toBe(false);
      expect(button().textContent).toBe("Full screen");
      button().click();
      expect(request).toHaveBeenCalledTimes(1);
      expect(request.mock.contexts[0]).toBe(view.root);
      expect(button().textContent).toBe("Leave full screen");
      expect(button().getAttribute("aria-pressed")).toBe("true");
      button().click();
      expect(exit).toHaveBeenCalledTimes(1);
      expect(button().textContent).toBe("Full screen");
      // Escape leaves full screen too (where the browser leaves the key to the page), and
      // is not the board's Cancel then.
      button().click();
      button().dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
      expect(exit).toHaveBeenCalledTimes(2);
      expect(button().textContent).toBe("Full screen");
      expect(sent).toEqual([]);
    });

    it("speaks the scene's language", () => {
      view = new SceneView(document.body, () => undefined);
      view.update(scene({ locale: "de", labels: { ...LABELS, fullscreen: "Vollbild", fullscreen_leave: "Vollbild verlassen" } }));
      expect(button().textContent).toBe("Vollbild");
    });
  });
});
