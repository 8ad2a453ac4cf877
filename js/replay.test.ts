// @vitest-environment jsdom
// The kernel-free replay player (js/replay.ts): unpacking the pool, stepping, the slider, the
// keyboard, autoplay and its speed, and booting from a page written by cardwidgets/replay/.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type PlayerLabels, type ReplayData, ReplayPlayer, boot, positionText, unpack } from "./replay";
import type { Scene } from "./types";

const LABELS: PlayerLabels = {
  controls: "Replay controls",
  first: "First position",
  previous: "Previous move",
  play: "Play",
  pause: "Pause",
  next: "Next move",
  last: "Last position",
  slider: "Move of the game",
  speed: "Speed",
  position: "Move {ply} of {plies}",
  start: "Starting position",
};

function scene(ply: number): Scene {
  return {
    version: 0, game: "demo", locale: "en", seat: 0, four_color: false, theme: "light", size: "normal",
    title: "Demo", status: `status ${ply}`, message: null, announce: "",
    zones: [{ id: "table", label: "Table", layout: "row", owner: null, info: "", columns: 0, places: 0, badges: [], cards: [] }],
    options: [], actions: [], previews: {}, focus: [], log: Array.from({ length: ply }, (_, i) => `move ${i + 1}`),
    score: null, summary: null, legend: [], history: null,
    labels: { options: "", actions: "", log: "Moves", score: "", legend: "", empty: "(empty)", summary: "", roles: {} },
  };
}

const R = "\ue000";

describe("unpack", () => {
  it("rebuilds shared pieces and keeps an escaped literal", () => {
    const data: ReplayData = {
      format: 1, game: "demo", locale: "en", labels: LABELS,
      pool: [[1, 2], `${R}${R}odd`, { zones: `${R}0`, text: `${R}1` }, { zones: `${R}0`, text: "plain" }],
      plies: [2, 3],
    };
    const scenes = unpack(data) as unknown as Array<Record<string, unknown>>;
    expect(scenes[0]).toEqual({ zones: [1, 2], text: `${R}odd` });
    expect(scenes[1]).toEqual({ zones: [1, 2], text: "plain" });
  });

  it("refuses a reference outside the pool", () => {
    const data: ReplayData = { format: 1, game: "d", locale: "en", labels: LABELS, pool: [{ a: `${R}9` }], plies: [0] };
    expect(() => unpack(data)).toThrow(/no piece 9/);
  });
});

describe("ReplayPlayer", () => {
  let host: HTMLElement;
  let player: ReplayPlayer;
  const scenes = [0, 1, 2, 3].map(scene);

  beforeEach(() => {
    vi.useFakeTimers();
    host = document.createElement("div");
    document.body.append(host);
    player = new ReplayPlayer(host, scenes, LABELS);
  });

  afterEach(() => {
    player.destroy();
    host.remove();
    vi.useRealTimers();
  });

  const button = (id: string) => host.querySelector<HTMLButtonElement>(`[data-replay-action="${id}"]`)!;
  const slider = () => host.querySelector<HTMLInputElement>(".cw-replay-slider")!;
  const status = () => host.querySelector(".cw-status")!.textContent;
  const key = (name: string, target: EventTarget = document.body) =>
    target.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));

  it("starts at the first position with named, labelled controls and a live region", () => {
    expect(status()).toBe("status 0");
    expect(host.querySelector(".cw-replay-position")!.textContent).toBe("Starting position (Move 0 of 3)");
    expect(host.querySelector(".cw-replay-position")!.getAttribute("aria-live")).toBe("polite");
    expect(slider().getAttribute("aria-label")).toBe("Move of the game");
    expect(slider().max).toBe("3");
    for (const id of ["first", "previous", "play", "next", "last"]) expect(button(id).getAttribute("aria-label")).toBeTruthy();
    expect(button("first").disabled && button("previous").disabled).toBe(true);
    expect(host.querySelector(".cw-replay-speed")!.textContent).toContain("Speed");
  });

  it("steps with the buttons and says the last move", () => {
    button("next").click();
    button("next").click();
    expect(status()).toBe("status 2");
    expect(host.querySelector(".cw-replay-position")!.textContent).toBe("Move 2 of 3: move 2");
    expect(slider().value).toBe("2");
    expect(slider().getAttribute("aria-valuetext")).toBe("Move 2 of 3");
    button("last").click();
    expect(player.ply).toBe(3);
    expect(button("next").disabled && button("last").disabled).toBe(true);
    button("previous").click();
    button("first").click();
    expect(player.ply).toBe(0);
  });

  it("follows the slider", () => {
    slider().value = "2";
    slider().dispatchEvent(new Event("input"));
    expect(status()).toBe("status 2");
  });

  it("answers Left, Right, Home, End and Space, but leaves the slider's own keys alone", () => {
    key("ArrowRight");
    key("ArrowRight");
    expect(player.ply).toBe(2);
    key("ArrowLeft");
    expect(player.ply).toBe(1);
    key("End");
    expect(player.ply).toBe(3);
    key("Home");
    expect(player.ply).toBe(0);
    key("ArrowRight", slider());
    expect(player.ply).toBe(0);
    key(" ");
    expect(player.playing).toBe(true);
    key(" ");
    expect(player.playing).toBe(false);
  });

  it("plays by itself at the chosen speed and stops at the end", () => {
    button("play").click();
    expect(button("play").getAttribute("aria-label")).toBe("Pause");
    expect(button("play").getAttribute("aria-pressed")).toBe("true");
    vi.advanceTimersByTime(1000);
    expect(player.ply).toBe(1);
    const select = host.querySelector<HTMLSelectElement>("[data-replay-speed]")!;
    select.value = "4";
    select.dispatchEvent(new Event("change"));
    vi.advanceTimersByTime(250);
    expect(player.ply).toBe(2);
    vi.advanceTimersByTime(1000);
    expect(player.ply).toBe(3);
    expect(player.playing).toBe(false);
    expect(button("play").getAttribute("aria-label")).toBe("Play");
    button("play").click(); // from the end: again from the start
    expect(player.ply).toBe(0);
    expect(player.playing).toBe(true);
  });

  it("clamps a ply outside the game", () => {
    player.go(99);
    expect(player.ply).toBe(3);
    player.go(-5);
    expect(player.ply).toBe(0);
    player.go(Number.NaN);
    expect(player.ply).toBe(0);
  });

  it("asks nothing when a card is clicked: there is no kernel", () => {
    expect(() => host.querySelector<HTMLElement>(".cw-root")!.click()).not.toThrow();
  });
});

describe("boot", () => {
  it("starts one player per replay element from its JSON, once", () => {
    const pool: unknown[] = [scene(0), scene(1)];
    const data: ReplayData = { format: 1, game: "demo", locale: "de", labels: { ...LABELS, position: "Zug {ply} von {plies}" }, pool, plies: [0, 1] };
    document.body.innerHTML = `<div class="cw-replay"><script type="application/json" class="cw-replay-data">${JSON.stringify(data)}</script></div>`;
    const players = boot(document);
    expect(players).toHaveLength(1);
    expect(boot(document)).toHaveLength(0);
    expect(document.querySelector(".cw-replay")!.getAttribute("lang")).toBe("de");
    expect(positionText(players[0].labels, 1, 1)).toBe("Zug 1 von 1");
    const speeds = Array.from(document.querySelectorAll("[data-replay-speed] option"), (o) => o.textContent);
    expect(speeds).toEqual(["0,5×", "1×", "2×", "4×"]);
    players[0].destroy();
  });
});
