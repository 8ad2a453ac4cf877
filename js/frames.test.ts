// @vitest-environment jsdom
// The computer's move, shown: FramePlayer plays a scene's frames in order, each for
// its seconds, then settles on the scene; a skip, a newer scene or the widget going away end it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Clock, FramePlayer, frameScene } from "./frames";
import { SceneView } from "./render";
import { cardView, mountWidget } from "./testing";
import type { CardView, Frame, Intent, Scene, TeacherPanel, Zone } from "./types";

const card = cardView;

function zone(id: string, cards: CardView[]): Zone {
  return { id, label: id, layout: "row", owner: null, info: "", cards, columns: 0, places: 0, badges: [] };
}

const LABELS = { options: "", actions: "", log: "", score: "", legend: "", empty: "", summary: "", roles: {} };

function scene(extra: Partial<Scene> = {}): Scene {
  return {
    version: 5,
    game: "demo",
    locale: "en",
    seat: 0,
    four_color: false,
    theme: "light",
    size: "normal",
    title: "Demo",
    status: "Your turn",
    message: null,
    announce: "You play A♣. Computer plays J♥ and captures J♠.",
    banner: { seat: 0, text: "Your turn", tone: "you" },
    zones: [zone("opponent-hand", []), zone("table", [card("2♦")]), zone("hand", [card("K♠", { selectable: true })])],
    options: [{ index: 0, label: "x", selected: false, emphasis: false, swatches: 0 }],
    actions: [{ id: "back", label: "Back", enabled: true, primary: false, pressed: null }],
    previews: {},
    focus: ["hand"],
    log: [],
    score: null,
    summary: null,
    legend: [],
    history: { ply: 2, plies: 2, label: "Move" },
    labels: LABELS,
    ...extra,
  };
}

const FLIGHT: Frame = {
  zones: [zone("table", [card("2♦"), card("J♠", { highlight: "target" }), card("J♥", { highlight: "last" })])],
  status: "Computer to move",
  banner: { seat: 1, text: "Computer plays J♥ and captures J♠.", tone: "them" },
  announce: "You play A♣. Computer plays J♥ and captures J♠.",
  seconds: 1,
};
const SETTLED: Frame = { zones: [zone("table", [card("9♦")])], status: "Computer to move", banner: null, announce: "", seconds: 0.5 };

/** A clock whose timers run only when told. */
function fakeClock(): Clock & { run(): number; waits: number[] } {
  const queue: Array<() => void> = [];
  const clock = {
    waits: [] as number[],
    set(fn: () => void, ms: number) {
      queue.push(fn);
      clock.waits.push(ms);
      return queue.length;
    },
    clear() {
      queue.length = 0;
    },
    run() {
      const fn = queue.shift();
      fn?.();
      return queue.length;
    },
  };
  return clock;
}

function recorder(): { shown: Array<{ scene: Scene; quiet: boolean }>; update(s: Scene, q?: boolean): void } {
  const shown: Array<{ scene: Scene; quiet: boolean }> = [];
  return { shown, update: (s, q = false) => shown.push({ scene: s, quiet: q }) };
}

describe("frameScene", () => {
  it("puts the frame's zones in place of the scene's by id, offers nothing, keeps the rest", () => {
    const final = scene({ frames: [FLIGHT] });
    const shown = frameScene(final, FLIGHT, "said");
    expect(shown.zones.map((z) => z.id)).toEqual(["opponent-hand", "table", "hand"]);
    expect(shown.zones[1].cards.map((c) => [c.id, c.highlight])).toEqual([["2♦", null], ["J♠", "target"], ["J♥", "last"]]);
    expect(shown.zones[2]).toBe(final.zones[2]);
    expect([shown.status, shown.banner?.tone, shown.announce]).toEqual(["Computer to move", "them", "said"]);
    expect([shown.options, shown.previews, shown.frames]).toEqual([[], {}, undefined]);
  });
});

describe("FramePlayer", () => {
  it("shows each frame for its seconds, in order, then the scene, quietly", () => {
    const stage = recorder();
    const clock = fakeClock();
    const player = new FramePlayer(stage, clock);
    const final = scene({ frames: [FLIGHT, SETTLED] });
    player.play(final);
    expect(player.playing).toBe(true);
    expect(stage.shown.map((s) => s.scene.status)).toEqual(["Computer to move"]);
    clock.run();
    clock.run();
    expect(clock.waits).toEqual([1000, 500]);
    const [first, second, last] = stage.shown;
    expect(first.scene.zones[1].cards.map((c) => c.id)).toEqual(["2♦", "J♠", "J♥"]);
    expect(second.scene.zones[1].cards.map((c) => c.id)).toEqual(["9♦"]);
    expect(second.scene.announce).toBe(FLIGHT.announce); // a frame with no sentence keeps it
    expect(last).toEqual({ scene: final, quiet: true }); // every step was heard already
    expect(player.playing).toBe(false);
  });

  it("skips to the scene, its sentence read whole", () => {
    const stage = recorder();
    const clock = fakeClock();
    const player = new FramePlayer(stage, clock);
    const final = scene({ frames: [FLIGHT, SETTLED] });
    player.play(final);
    player.skip();
    expect(stage.shown[stage.shown.length - 1]).toEqual({ scene: final, quiet: false });
    expect(clock.run()).toBe(0); // no frame comes after the skip
    expect(stage.shown).toHaveLength(2);
    player.skip(); // nothing playing: nothing happens
    expect(stage.shown).toHaveLength(2);
  });

  it("ends at once for a newer scene and draws a scene without frames directly", () => {
    const stage = recorder();
    const clock = fakeClock();
    const player = new FramePlayer(stage, clock);
    player.play(scene({ frames: [FLIGHT, SETTLED] }));
    const newer = scene({ version: 6, status: "newer" });
    player.play(newer);
    expect(player.playing).toBe(false);
    expect(clock.run()).toBe(0);
    expect(stage.shown.map((s) => s.scene.status)).toEqual(["Computer to move", "newer"]);
  });
});

describe("FramePlayer and a newer picture of the same position", () => {
  it("plays on and settles on the newer scene when only its panels changed (same position code)", () => {
    const stage = recorder();
    const clock = fakeClock();
    const player = new FramePlayer(stage, clock);
    player.play(scene({ code: "T0 x", frames: [FLIGHT, SETTLED] }));
    const valued = scene({ code: "T0 x", version: 6, status: "with the analysis" });
    player.play(valued);
    expect(player.playing).toBe(true);
    clock.run();
    clock.run();
    expect(stage.shown.map((s) => s.scene.status)).toEqual(["Computer to move", "Computer to move", "with the analysis"]);
    expect(stage.shown[2]).toEqual({ scene: valued, quiet: true });
  });

  it("ends at once for a scene of another position", () => {
    const stage = recorder();
    const player = new FramePlayer(stage, fakeClock());
    player.play(scene({ code: "T0 x", frames: [FLIGHT, SETTLED] }));
    player.play(scene({ code: "T0 y", version: 6, status: "elsewhere" }));
    expect(player.playing).toBe(false);
    expect(stage.shown.map((s) => s.scene.status)).toEqual(["Computer to move", "elsewhere"]);
  });
});

describe("in the widget", () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = "";
  });

  it("plays a reply's frames at their pace, reads each step; a click on the picture only skips", () => {
    vi.useFakeTimers();
    const { el, messages, push, cleanup, root } = mountWidget(scene({ version: 4, announce: "" }));
    push(scene({ frames: [FLIGHT, SETTLED] }));
    expect(root().dataset.playing).toBe("true");
    const table = () => Array.from(el.querySelectorAll<HTMLElement>('[data-zone="table"] [data-card]'));
    expect(table().map((c) => [c.dataset.card, c.dataset.highlight])).toEqual([["2♦", undefined], ["J♠", "target"], ["J♥", "last"]]);
    expect(el.querySelector(".cw-announce")?.textContent).toBe(FLIGHT.announce);
    expect(el.querySelector(".cw-banner")?.textContent).toBe("Computer plays J♥ and captures J♠.");
    vi.advanceTimersByTime(1000);
    expect(table().map((c) => c.dataset.card)).toEqual(["9♦"]);
    table()[0].click(); // skips: no intent for the card in the picture
    expect(messages).toEqual([]);
    expect(root().dataset.playing).toBeUndefined();
    expect(table().map((c) => c.dataset.card)).toEqual(["2♦"]);
    el.querySelector<HTMLElement>('[data-card="K♠"]')!.click(); // the settled board is live
    expect(messages).toHaveLength(1);
    cleanup();
  });

  it("a click on a control still on the settled board skips, then acts there", () => {
    vi.useFakeTimers();
    const { el, messages, push, cleanup, root } = mountWidget(scene({ version: 4 }));
    push(scene({ frames: [FLIGHT, SETTLED] }));
    el.querySelector<HTMLElement>('[data-zone="hand"] [data-card="K♠"]')!.click();
    expect(root().dataset.playing).toBeUndefined();
    expect(messages).toEqual([{ type: "intent", version: 5, intent: { kind: "card", zone: "hand", card: "K♠" } }]);
    push(scene({ version: 6, frames: [FLIGHT] }));
    el.querySelector<HTMLElement>('[data-action="back"]')!.click();
    expect(messages.slice(1)).toEqual([{ type: "intent", version: 6, intent: { kind: "action", id: "back" } }]);
    cleanup();
  });

  it("skips with Escape, Space or Enter, and a view opened later plays nothing", () => {
    vi.useFakeTimers();
    for (const key of ["Escape", " ", "Enter"]) {
      const { push, cleanup, root, messages } = mountWidget(scene({ version: 4 }));
      push(scene({ frames: [FLIGHT] }));
      const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
      root().querySelector<HTMLElement>('[data-card="J♥"]')!.dispatchEvent(event); // not settled
      expect([key, root().dataset.playing, event.defaultPrevented, messages]).toEqual([key, undefined, true, []]);
      push(scene({ version: 6, frames: [FLIGHT] }));
      const onCard = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
      root().querySelector<HTMLElement>('[data-card="K♠"]')!.dispatchEvent(onCard);
      const acted = key === "Escape" ? [] : [{ type: "intent", version: 6, intent: { kind: "card", zone: "hand", card: "K♠" } }];
      expect([key, messages]).toEqual([key, acted]); // Enter and Space act on the settled board
      cleanup();
    }
    const { root, cleanup } = mountWidget(scene({ frames: [FLIGHT] }));
    expect(root().dataset.playing).toBeUndefined();
    expect(root().querySelector('[data-card="J♥"]')).toBeNull();
    cleanup();
  });
});

// While the frames play, the page shows what the frame shows (the log and the
// slider stop at its move), and every control, the teacher panel's too, first skips the frames.
const LOGGED = ["You play A♣ and capture 4♥ 7♦.", "Computer plays J♥ and captures J♠.", "Computer plays 9♦."];
const TEACHER: TeacherPanel = {
  title: "Teacher",
  opponent_label: "Opponent",
  opponent: "greedy",
  opponents: [
    { id: "greedy", label: "Greedy" },
    { id: "expert", label: "Expert" },
  ],
  choose: true,
  seed_label: "Seed",
  seed: "1",
  new_label: "New game from seed",
  undo_label: "Undo my move",
  undo: true,
  reveal_label: "Reveal the computer's hand",
  reveal: false,
};

describe("frameScene and the log", () => {
  it("leaves out the log entries of the moves not landed yet and sets the slider back as many", () => {
    const final = scene({ log: LOGGED, history: { ply: 3, plies: 3, label: "Move" } });
    const shown = frameScene(final, { ...FLIGHT, log_ahead: 1 }, "said");
    expect([shown.log, shown.history]).toEqual([LOGGED.slice(0, 2), { ply: 2, plies: 3, label: "Move" }]);
    expect(frameScene(final, FLIGHT, "said").log).toEqual(LOGGED); // no log_ahead: the whole log
    expect(frameScene(final, { ...FLIGHT, log_ahead: 9 }, "said").log).toEqual([]);
  });
});

describe("in the widget, while the frames play", () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = "";
  });

  const logged = (el: HTMLElement) => Array.from(el.querySelectorAll(".cw-log li")).map((li) => li.textContent);
  const sentTo = (version: number, intent: Intent) => ({ type: "intent", version, intent });

  it("lists each of the computer's moves in the log once a frame shows it made, not in flight", () => {
    vi.useFakeTimers();
    const { el, push, cleanup, root } = mountWidget(scene({ version: 4, log: [] }));
    const frames = [{ ...FLIGHT, log_ahead: 2 }, { ...SETTLED, log_ahead: 1 }, { ...FLIGHT, log_ahead: 1 }];
    push(scene({ log: LOGGED, frames }));
    expect(logged(el)).toEqual(LOGGED.slice(0, 1)); // the learner's move; the first reply in flight
    vi.advanceTimersByTime(1000);
    expect(logged(el)).toEqual(LOGGED.slice(0, 2)); // the first reply landed
    vi.advanceTimersByTime(500);
    expect([root().dataset.playing, logged(el)]).toEqual(["true", LOGGED.slice(0, 2)]); // the second in flight
    vi.advanceTimersByTime(1000);
    expect([root().dataset.playing, logged(el)]).toEqual([undefined, LOGGED]);
    cleanup();
  });

  it("a click on the teacher's Undo skips the frames, then undoes on the settled board", () => {
    vi.useFakeTimers();
    const { el, messages, push, cleanup, root } = mountWidget(scene({ version: 4, teacher: TEACHER }));
    push(scene({ teacher: TEACHER, frames: [FLIGHT] }));
    el.querySelector<HTMLElement>('[data-teacher="undo"]')!.click();
    expect(root().dataset.playing).toBeUndefined();
    expect(messages).toEqual([sentTo(5, { kind: "teacher", control: "undo" })]);
    cleanup();
  });

  it("Enter in the seed field skips, then starts the game typed; Space flips the reveal switch", () => {
    vi.useFakeTimers();
    const { el, messages, push, cleanup, root } = mountWidget(scene({ version: 4, teacher: TEACHER }));
    push(scene({ teacher: TEACHER, frames: [FLIGHT] }));
    const seed = el.querySelector<HTMLInputElement>('[data-teacher="seed"]')!;
    seed.value = "7";
    seed.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    expect(root().dataset.playing).toBeUndefined();
    expect(messages).toEqual([sentTo(5, { kind: "teacher", control: "new", seed: "7" })]);
    push(scene({ version: 6, teacher: TEACHER, frames: [FLIGHT] }));
    const reveal = () => el.querySelector<HTMLInputElement>('[data-teacher="reveal"]')!;
    reveal().dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    expect([root().dataset.playing, messages.length]).toEqual([undefined, 1]); // Enter: only skips
    push(scene({ version: 7, teacher: TEACHER, frames: [FLIGHT] }));
    reveal().dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true, cancelable: true }));
    expect(messages.slice(1)).toEqual([sentTo(7, { kind: "teacher", control: "reveal", on: true })]);
    cleanup();
  });

  it("a changed field (the slider, the opponent chooser) skips the frames first, then acts", () => {
    vi.useFakeTimers();
    const { el, messages, push, cleanup, root } = mountWidget(scene({ version: 4, teacher: TEACHER }));
    push(scene({ teacher: TEACHER, frames: [{ ...FLIGHT, log_ahead: 1 }] }));
    const slider = el.querySelector<HTMLInputElement>("[data-history]")!;
    expect(slider.value).toBe("1"); // the frame's move, not the settled position's
    slider.value = "0";
    slider.dispatchEvent(new Event("change", { bubbles: true }));
    expect(root().dataset.playing).toBeUndefined();
    expect(messages).toEqual([sentTo(5, { kind: "goto", ply: 0 })]);
    push(scene({ version: 6, teacher: TEACHER, frames: [FLIGHT] }));
    const chooser = el.querySelector<HTMLSelectElement>('[data-teacher="opponent"]')!;
    chooser.value = "expert";
    chooser.dispatchEvent(new Event("change", { bubbles: true }));
    expect(root().dataset.playing).toBeUndefined();
    expect(messages.slice(1)).toEqual([sentTo(6, { kind: "teacher", control: "opponent", name: "expert" })]);
    cleanup();
  });
});

describe("Back and Forward by whole turns", () => {
  it("sends a turn intent for Shift+ArrowLeft and Shift+ArrowRight", () => {
    const host = document.createElement("div");
    document.body.append(host);
    const sent: Intent[] = [];
    const view = new SceneView(host, (intent) => sent.push(intent));
    view.update(scene());
    const target = host.querySelector<HTMLElement>('[data-card="K♠"]')!;
    for (const key of ["ArrowLeft", "ArrowRight"]) {
      target.dispatchEvent(new KeyboardEvent("keydown", { key, shiftKey: true, bubbles: true, cancelable: true }));
    }
    expect(sent).toEqual([
      { kind: "turn", step: -1 },
      { kind: "turn", step: 1 },
    ]);
    view.destroy();
  });
});
