// @vitest-environment jsdom
// The lesson page's script (js/lesson.ts): its checksum equals Python's, a damaged page says so,
// chances are read in either language's writing, clicked cards name exactly one move (or ask
// which), progress survives a reload and storage that throws, and the download counts right.
import { beforeEach, describe, expect, it } from "vitest";
import tablicPlay from "../tests/fixtures/scenes/tablic_play.json";
import {
  type ExerciseStep,
  type LessonData,
  type LessonLabels,
  LessonPage,
  type MoveAnswer,
  ProgressStore,
  answersJson,
  boot,
  checksum,
  judgeChance,
  judgeLegal,
  matchMoves,
  openStorage,
  parseChance,
  readData,
} from "./lesson";
import type { Scene } from "./types";

const LABELS: LessonLabels = {
  steps: "Steps of the lesson", previous: "Previous step", next: "Next step", step: "Step {step} of {steps}",
  summary_step: "Your answers", check: "Check my answer", clear: "Clear the selection", hint: "Show a hint",
  no_hint: "No more hints.", your_move: "Click the cards of your move", no_such_move: "No such move.",
  which: "Which one?", chance_label: "Your answer", chance_help: "A percentage", not_a_chance: "That is no chance.",
  choose_first: "Choose first.", pick_first: "Click a card first.", summary: "Your answers",
  score: "{right} of {total} right, {wrong} wrong, {open} open.", unanswered: "not answered yet",
  answered_right: "right", answered_wrong: "wrong", download: "Download my answers (JSON)", reset: "Start again",
  no_storage: "No storage here.", exercise: "Exercise {number}", your_answer: "Your answer: {answer}",
  restart: "Cleared.",
};

const scene = tablicPlay as unknown as Scene;

const MOVES: MoveAnswer[] = [
  { answer: "8♦ x 3♠ 5♥", label: "8♦ captures 3♠ 5♥", cards: ["hand:8♦", "table:3♠", "table:5♥"], correct: true, verdict: "Right. Both." },
  { answer: "8♦ x 8♣", label: "8♦ captures 8♣", cards: ["hand:8♦", "table:8♣"], correct: false, verdict: "Not quite. Both." },
  // Two moves of the same cards (a Pazaak ± card, a Panjpar double kill): the page asks which.
  { answer: "Q♣ x K♦ A♣ one", label: "First way", cards: ["hand:Q♣", "table:A♣"], correct: false, verdict: "Not quite. One." },
  { answer: "Q♣ x K♦ A♣ two", label: "Second way", cards: ["hand:Q♣", "table:A♣"], correct: true, verdict: "Right. Two." },
  { answer: "stand", label: "Stand", cards: [], correct: false, verdict: "Not quite. Stand." },
];

function selectable(keys: string[]): Scene {
  return {
    ...scene,
    zones: scene.zones.map((z) => ({ ...z, cards: z.cards.map((c) => ({ ...c, selectable: keys.includes(`${z.id}:${c.id}`), selected: false })) })),
  };
}

function lesson(): LessonData {
  const base = { hints: ["Add them up.", "Look again."], explanation: "Both.", right: "Right. Both.", wrong: "Not quite. Both." };
  return {
    format: 1, game: "tablic", locale: "en", id: "abc123", title: "Captures", labels: LABELS,
    steps: [
      { kind: "text", text: "A card captures cards adding up to it." },
      { kind: "exercise", number: 1, question: "best", prompt: "Play the best move.", scene: selectable(MOVES.flatMap((m) => m.cards)), moves: MOVES, ...base },
      { kind: "exercise", number: 2, question: "legal", prompt: "Which are legal?", scene: selectable([]), ...base,
        choices: [{ answer: "a", label: "A", correct: true }, { answer: "b", label: "B", correct: false }, { answer: "c", label: "C", correct: true }] },
      { kind: "exercise", number: 3, question: "chance", prompt: "The chance?", scene: selectable([]), ...base,
        chance: { numerator: 13, denominator: 36, tolerance: 0.01 } },
    ],
  };
}

class MemoryStorage {
  items = new Map<string, string>();
  get length() { return this.items.size; }
  key(i: number) { return Array.from(this.items.keys())[i] ?? null; }
  getItem(k: string) { return this.items.get(k) ?? null; }
  setItem(k: string, v: string) { this.items.set(k, v); }
  removeItem(k: string) { this.items.delete(k); }
  clear() { this.items.clear(); }
}

function page(storage: Storage | null = new MemoryStorage() as unknown as Storage) {
  document.body.replaceChildren();
  const host = document.createElement("div");
  document.body.append(host);
  const data = lesson();
  return { host, storage, made: new LessonPage(host, data, new ProgressStore(storage, data.id)) };
}

const q = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T & HTMLElement>(sel) as T & HTMLElement;
const click = (zone: string, card: string) => q(`[data-zone="${zone}"] [data-card="${card}"]`).click();
const verdict = () => q(".cw-lesson-verdict").textContent ?? "";

describe("the page's data", () => {
  it("checksums like Python (FNV-1a over UTF-16 code units)", () => {
    // the values cardwidgets.lessons.page.checksum gives (its doctest)
    expect([checksum(""), checksum("a"), checksum("♥")]).toEqual(["811c9dc5", "e40c292c", "e03b5ce0"]);
  });

  it("reads only an intact, well-formed page", () => {
    const text = JSON.stringify(lesson());
    const check = `${checksum(text)}:${text.length}`;
    expect(readData(text, check)?.title).toBe("Captures");
    expect(readData(text.slice(0, -10), check)).toBeNull(); // cut off
    expect(readData(text.replace('"correct":false', '"correct":true'), check)).toBeNull(); // forged
    const reshaped = JSON.stringify({ ...lesson(), steps: [] });
    expect(readData(reshaped, `${checksum(reshaped)}:${reshaped.length}`)).toBeNull();
  });

  it("boots a damaged page into the sentence its element carries", () => {
    document.body.innerHTML =
      '<div class="cw-lesson" data-check="00000000:5" data-broken="This lesson page is damaged.">' +
      '<p class="cw-lesson-loading">Starting</p><script type="application/json" class="cw-lesson-data">{"a":</script></div>';
    expect(boot(document)).toEqual([]);
    expect(q(".cw-lesson-broken").textContent).toBe("This lesson page is damaged.");
    expect(q(".cw-lesson-broken").getAttribute("role")).toBe("alert");
    expect(document.querySelector(".cw-lesson-loading")).toBeNull();
  });
});

describe("answers", () => {
  it("reads a chance as a percentage, a decimal (either mark) or a fraction", () => {
    expect(parseChance("36%")).toBeCloseTo(0.36);
    expect(parseChance(" 36 % ")).toBeCloseTo(0.36);
    expect(parseChance("0,36")).toBeCloseTo(0.36);
    expect(parseChance(".36")).toBeCloseTo(0.36);
    expect(parseChance("13/36")).toBeCloseTo(13 / 36);
    for (const bad of ["", "abc", "1.5", "120%", "1/0", "-0.2", "3/2"]) expect(parseChance(bad)).toBeNull();
    const chance = { numerator: 13, denominator: 36, tolerance: 0.01 };
    expect(judgeChance(chance, 0.36)).toBe(true);
    expect(judgeChance(chance, 0.37)).toBe(true); // 0.9 points off: within 1 point
    expect(judgeChance(chance, 0.38)).toBe(false);
  });

  it("names a move by exactly its cards, and a legal answer by exactly the legal choices", () => {
    expect(matchMoves(MOVES, new Set(["table:5♥", "hand:8♦", "table:3♠"])).map((m) => m.answer)).toEqual(["8♦ x 3♠ 5♥"]);
    expect(matchMoves(MOVES, new Set(["hand:8♦", "table:3♠"]))).toEqual([]);
    expect(matchMoves(MOVES, new Set())).toEqual([]); // a button move is no set of cards
    expect(matchMoves(MOVES, new Set(["hand:Q♣", "table:A♣"]))).toHaveLength(2);
    const choices = (lesson().steps[2] as ExerciseStep).choices ?? [];
    expect(judgeLegal(choices, new Set(["a", "c"]))).toBe(true);
    expect(judgeLegal(choices, new Set(["a"]))).toBe(false);
    expect(judgeLegal(choices, new Set(["a", "b", "c"]))).toBe(false);
  });
});

describe("the page", () => {
  beforeEach(() => document.body.replaceChildren());

  it("plays a move by its cards, asks which of two, and keeps the answer across a reload", () => {
    const { storage } = page();
    q('[data-lesson="next"]').click();
    expect(q(".cw-lesson-step").dataset.question).toBe("best");
    q('[data-lesson="check"]').click();
    expect(verdict()).toBe("Click a card first.");
    click("hand", "8♦");
    click("table", "3♠");
    expect(q('[data-zone="table"] [data-card="3♠"]').getAttribute("aria-pressed")).toBe("true");
    q('[data-lesson="check"]').click();
    expect(verdict()).toBe("No such move.");
    click("table", "5♥");
    q('[data-lesson="check"]').click();
    expect(verdict()).toBe("Right. Both. Your answer: 8♦ captures 3♠ 5♥");
    expect(q(".cw-lesson-verdict").dataset.correct).toBe("true");
    q('[data-lesson="clear"]').click();
    click("hand", "Q♣");
    click("table", "A♣");
    q('[data-lesson="check"]').click();
    expect(verdict()).toBe("Which one?");
    q('[data-lesson="which"] [data-answer="Q♣ x K♦ A♣ one"]').click();
    expect(verdict()).toBe("Not quite. One. Your answer: First way");
    // a card no move uses does nothing
    click("table", "K♦");
    expect(q('[data-zone="table"] [data-card="K♦"]').getAttribute("aria-pressed")).not.toBe("true");
    // the reload: a new page over the same storage opens on the same step with the answer
    const again = page(storage).made;
    expect(again.progress.step).toBe(1);
    expect(verdict()).toBe("Not quite. One. Your answer: First way");
    q('[data-answer="stand"]').click();
    expect(verdict()).toBe("Not quite. Stand. Your answer: Stand");
  });

  it("judges toggled choices and a written chance, and counts them in the download", () => {
    const { made } = page();
    made.go(2);
    q('[data-lesson="check"]').click();
    expect(verdict()).toBe("Choose first.");
    q('[data-answer="a"]').click();
    expect(q('[data-answer="a"]').getAttribute("aria-pressed")).toBe("true");
    q('[data-lesson="check"]').click();
    expect(verdict()).toBe("Not quite. Both. Your answer: A");
    q('[data-answer="c"]').click();
    q('[data-lesson="check"]').click();
    expect(verdict()).toBe("Right. Both. Your answer: A, C");
    made.go(3);
    const input = q<HTMLInputElement>(".cw-lesson-chance input");
    input.value = "lots";
    q('[data-lesson="check"]').click();
    expect(verdict()).toBe("That is no chance.");
    input.value = "36 %";
    q('[data-lesson="check"]').click();
    expect(verdict()).toBe("Right. Both. Your answer: 36 %");
    const json = JSON.parse(answersJson(made.data, made.progress));
    expect([json.right, json.wrong, json.open, json.total]).toEqual([2, 0, 1, 3]);
    expect(json.exercises[1]).toEqual({ exercise: 2, question: "legal", answer: ["a", "c"], correct: true });
    const href = q<HTMLAnchorElement>('[data-lesson="download"]').getAttribute("href") ?? "";
    expect(JSON.parse(decodeURIComponent(href.replace(/^data:application\/json;charset=utf-8,/, "")))).toEqual(json);
    expect(q(".cw-lesson-score").textContent).toBe("2 of 3 right, 0 wrong, 1 open.");
    made.go(99); // the summary
    expect(q(".cw-lesson-step").dataset.kind).toBe("summary");
    expect(document.querySelectorAll('.cw-lesson-summary-list [data-correct="true"]')).toHaveLength(2);
  });

  it("reveals hints one at a time", () => {
    const { made } = page();
    made.go(1);
    const more = q<HTMLButtonElement>('[data-lesson="hint"]');
    more.click();
    expect(document.querySelectorAll(".cw-lesson-hints li")).toHaveLength(1);
    more.click();
    expect(more.disabled).toBe(true);
    expect(more.textContent).toBe("No more hints.");
  });

  it("plays on without storage, or with storage that throws, and says so", () => {
    const throwing = {
      getItem() { throw new Error("SecurityError"); },
      setItem() { throw new Error("QuotaExceeded"); },
      removeItem() { throw new Error("SecurityError"); },
    } as unknown as Storage;
    expect(openStorage({ get localStorage(): Storage { throw new Error("sandboxed"); } } as unknown as Window)).toBeNull();
    expect(openStorage({ localStorage: throwing } as unknown as Window)).toBeNull();
    const { made } = page(null);
    expect(q(".cw-lesson-note").textContent).toBe("No storage here.");
    made.go(1);
    q('[data-answer="stand"]').click();
    expect(made.progress.answers["1"].correct).toBe(false);
    const store = new ProgressStore(throwing, "x");
    expect(store.load()).toEqual({ step: 0, answers: {} });
    expect(() => store.save(made.progress)).not.toThrow();
  });
});
