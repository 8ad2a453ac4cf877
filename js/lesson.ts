// The lesson page: a lesson's steps played without a kernel. Python (cardwidgets/lessons/page.py)
// writes the steps into the page as JSON: prose, and for each exercise the board its learner's
// seat sees, the answers a learner can give and the verdict of each, computed by the engine. This
// bundle (esbuild entry `lesson`, an IIFE so it runs inline from file://) only looks answers up:
// the cards clicked on the board name a move, the choices pressed are compared with the ones
// Python marked legal, a chance is compared with the exact one. No rule is written here, and no
// word: every sentence comes from the page's data (the Python catalogs).

import { SceneView } from "./render";
import type { Intent, Scene } from "./types";

/** The page's words (fields in braces are filled in here). */
export interface LessonLabels {
  steps: string;
  previous: string;
  next: string;
  step: string;
  summary_step: string;
  check: string;
  clear: string;
  hint: string;
  no_hint: string;
  your_move: string;
  no_such_move: string;
  which: string;
  chance_label: string;
  chance_help: string;
  not_a_chance: string;
  choose_first: string;
  pick_first: string;
  summary: string;
  score: string;
  unanswered: string;
  answered_right: string;
  answered_wrong: string;
  download: string;
  reset: string;
  no_storage: string;
  exercise: string;
  your_answer: string;
  restart: string;
}

/** A move a learner can make in a `best` exercise: the board's cards that make it ([]: a button). */
export interface MoveAnswer {
  answer: string;
  label: string;
  cards: string[];
  correct: boolean;
  verdict: string;
}

/** A choice of a `legal` exercise; `correct`: the engine found it legal. */
export interface Choice {
  answer: string;
  label: string;
  correct: boolean;
}

export interface Chance {
  numerator: number;
  denominator: number;
  tolerance: number;
}

export interface TextStep {
  kind: "text";
  text: string;
}

export interface ExerciseStep {
  kind: "exercise";
  number: number;
  question: "best" | "legal" | "chance";
  prompt: string;
  hints: string[];
  explanation: string;
  right: string;
  wrong: string;
  scene: Scene;
  moves?: MoveAnswer[];
  choices?: Choice[];
  chance?: Chance;
}

export type Step = TextStep | ExerciseStep;

/** What Python writes (``payload`` in cardwidgets/lessons/page.py). */
export interface LessonData {
  format: number;
  game: string;
  locale: string;
  id: string;
  title: string;
  labels: LessonLabels;
  steps: Step[];
}

export const FORMAT = 1;

/** FNV-1a (32 bits) over a string's UTF-16 code units, as 8 hex digits (Python: `checksum`). */
export function checksum(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value.toString(16).padStart(8, "0");
}

/** The data if `text` has the length and checksum `check` ("hash:length") names and the shape
 * the page needs; null if the page is damaged. */
export function readData(text: string, check: string): LessonData | null {
  const [hash, length] = check.split(":");
  if (text.length !== Number(length) || checksum(text) !== hash) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  return wellFormed(data) ? data : null;
}

function wellFormed(data: unknown): data is LessonData {
  if (!data || typeof data !== "object") return false;
  const d = data as Partial<LessonData>;
  if (d.format !== FORMAT || typeof d.id !== "string" || typeof d.title !== "string") return false;
  if (!d.labels || typeof d.labels !== "object" || !Array.isArray(d.steps) || d.steps.length === 0) return false;
  return d.steps.every((step) => {
    if (!step || typeof step !== "object") return false;
    if (step.kind === "text") return typeof step.text === "string";
    if (step.kind !== "exercise" || !step.scene || !Array.isArray(step.scene.zones)) return false;
    if (step.question === "best") return Array.isArray(step.moves) && step.moves.length > 0;
    if (step.question === "legal") return Array.isArray(step.choices) && step.choices.length > 0;
    return step.question === "chance" && !!step.chance && step.chance.denominator > 0;
  });
}

/** A chance a learner wrote: "36%", "36 %", "0.36", "0,36", "13/36"; null if it is none. */
export function parseChance(text: string): number | null {
  const t = text.trim().replace(/\s+/g, "").replace(",", ".");
  let value: number;
  const fraction = /^(\d+)\/(\d+)$/.exec(t);
  if (fraction) {
    const den = Number(fraction[2]);
    if (den === 0) return null;
    value = Number(fraction[1]) / den;
  } else if (/^(\d+(\.\d*)?|\.\d+)%$/.test(t)) {
    value = Number(t.slice(0, -1)) / 100;
  } else if (/^(\d+(\.\d*)?|\.\d+)$/.test(t)) {
    value = Number(t);
  } else {
    return null;
  }
  return value >= 0 && value <= 1 ? value : null;
}

/** Whether `value` is within the exercise's tolerance of the exact chance. */
export function judgeChance(chance: Chance, value: number): boolean {
  return Math.abs(value - chance.numerator / chance.denominator) <= chance.tolerance + 1e-9;
}

/** Whether the choices pressed are exactly the legal ones. */
export function judgeLegal(choices: Choice[], pressed: Set<string>): boolean {
  return choices.every((c) => c.correct === pressed.has(c.answer));
}

/** The moves made of exactly the cards selected ("zone:card" keys). */
export function matchMoves(moves: MoveAnswer[], selected: Set<string>): MoveAnswer[] {
  return moves.filter((m) => m.cards.length > 0 && m.cards.length === selected.size && m.cards.every((c) => selected.has(c)));
}

/** A template's {fields} filled in. */
export function fill(template: string, fields: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in fields ? String(fields[name]) : whole));
}

/** One answer given: what was answered (a move, the choices pressed, the chance written). */
export interface Answered {
  answer: string | string[];
  label: string;
  correct: boolean;
}

export interface Progress {
  step: number;
  answers: Record<string, Answered>;
}

export function emptyProgress(): Progress {
  return { step: 0, answers: {} };
}

/** The browser's storage, or null where there is none (a sandboxed iframe throws on access). */
export function openStorage(win: Window | null): Storage | null {
  try {
    const storage = win?.localStorage ?? null;
    if (!storage) return null;
    const probe = "cardwidgets-probe";
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/** Progress kept under the lesson's identity; without storage it lives as long as the page. */
export class ProgressStore {
  readonly key: string;
  constructor(
    private readonly storage: Storage | null,
    id: string,
  ) {
    this.key = `cardwidgets-lesson:${id}`;
  }

  get available(): boolean {
    return this.storage !== null;
  }

  load(): Progress {
    try {
      const text = this.storage?.getItem(this.key);
      if (!text) return emptyProgress();
      const found = JSON.parse(text) as Partial<Progress>;
      const step = typeof found.step === "number" && Number.isFinite(found.step) ? found.step : 0;
      const answers = found.answers && typeof found.answers === "object" ? found.answers : {};
      return { step, answers };
    } catch {
      return emptyProgress();
    }
  }

  save(progress: Progress): void {
    try {
      this.storage?.setItem(this.key, JSON.stringify(progress));
    } catch {
      // Storage full or refused: the page goes on, the answers still download.
    }
  }

  clear(): void {
    try {
      this.storage?.removeItem(this.key);
    } catch {
      // as above
    }
  }
}

export interface Counts {
  right: number;
  wrong: number;
  open: number;
  total: number;
}

export function exercisesOf(data: LessonData): ExerciseStep[] {
  return data.steps.filter((s): s is ExerciseStep => s.kind === "exercise");
}

export function counts(data: LessonData, progress: Progress): Counts {
  const all = exercisesOf(data);
  const given = all.map((e) => progress.answers[String(e.number)]).filter((a): a is Answered => !!a);
  const right = given.filter((a) => a.correct).length;
  return { right, wrong: given.length - right, open: all.length - given.length, total: all.length };
}

/** The learner's answers as the JSON the download gives. */
export function answersJson(data: LessonData, progress: Progress): string {
  const exercises = exercisesOf(data).map((e) => {
    const given = progress.answers[String(e.number)];
    return {
      exercise: e.number,
      question: e.question,
      answer: given ? given.answer : null,
      correct: given ? given.correct : null,
    };
  });
  return JSON.stringify({ lesson: data.id, title: data.title, game: data.game, locale: data.locale, ...counts(data, progress), exercises }, null, 2);
}

type Make = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Record<string, string>, text?: string) => HTMLElementTagNameMap[K];

let pages = 0;

/** The page: the steps one at a time, the exercises answered, the progress kept. */
export class LessonPage {
  readonly root: HTMLElement;
  progress: Progress;
  private readonly doc: Document;
  private readonly make: Make;
  private readonly stage: HTMLElement;
  private readonly where: HTMLElement;
  private readonly prevButton: HTMLButtonElement;
  private readonly nextButton: HTMLButtonElement;
  private readonly scoreEl: HTMLElement;
  private readonly download: HTMLAnchorElement;
  private readonly noteEl: HTMLElement;
  private view: SceneView | null = null;
  private readonly uid = ++pages;

  constructor(
    host: HTMLElement,
    readonly data: LessonData,
    readonly store: ProgressStore,
  ) {
    this.doc = host.ownerDocument;
    this.make = (tag, attrs = {}, text) => {
      const node = this.doc.createElement(tag);
      for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
      if (text !== undefined) node.textContent = text;
      return node;
    };
    const make = this.make;
    const labels = data.labels;
    this.progress = store.load();
    this.root = make("div", { class: "cw-lesson-page" });
    const nav = make("nav", { class: "cw-lesson-nav", "aria-label": labels.steps });
    this.prevButton = make("button", { type: "button", class: "cw-lesson-button", "data-lesson": "previous" }, `◀ ${labels.previous}`);
    this.nextButton = make("button", { type: "button", class: "cw-lesson-button cw-lesson-primary", "data-lesson": "next" }, `${labels.next} ▶`);
    this.where = make("p", { class: "cw-lesson-where", "aria-live": "polite", "aria-atomic": "true" });
    this.prevButton.addEventListener("click", () => this.go(this.progress.step - 1));
    this.nextButton.addEventListener("click", () => this.go(this.progress.step + 1));
    nav.append(this.prevButton, this.where, this.nextButton);
    this.stage = make("section", { class: "cw-lesson-step", "aria-labelledby": `cw-lesson-heading-${this.uid}` });
    const footer = make("div", { class: "cw-lesson-footer" });
    this.scoreEl = make("p", { class: "cw-lesson-score", "aria-live": "polite" });
    const tools = make("div", { class: "cw-lesson-nav" });
    this.download = make("a", { class: "cw-lesson-button", "data-lesson": "download", download: `lesson-${data.id}.json`, href: "#" }, labels.download);
    const reset = make("button", { type: "button", class: "cw-lesson-button", "data-lesson": "reset" }, labels.reset);
    reset.addEventListener("click", () => this.reset());
    tools.append(this.download, reset);
    this.noteEl = make("p", { class: "cw-lesson-note", role: "status" });
    if (!store.available) this.noteEl.textContent = labels.no_storage;
    footer.append(this.scoreEl, tools, this.noteEl);
    this.root.append(nav, this.stage, footer);
    host.append(this.root);
    this.go(this.progress.step, false);
  }

  /** How many steps the page has: the lesson's and the summary. */
  get steps(): number {
    return this.data.steps.length + 1;
  }

  /** Show step `index` (clamped); `focus`: move the keyboard focus to its heading. */
  go(index: number, focus = true): void {
    const to = Math.max(0, Math.min(this.steps - 1, Number.isFinite(index) ? Math.round(index) : 0));
    this.progress.step = to;
    this.store.save(this.progress);
    this.view?.destroy();
    this.view = null;
    this.stage.replaceChildren();
    this.root.dataset.step = String(to);
    const labels = this.data.labels;
    this.where.textContent = to === this.steps - 1 ? labels.summary_step : fill(labels.step, { step: to + 1, steps: this.steps - 1 });
    this.prevButton.disabled = to === 0;
    this.nextButton.disabled = to === this.steps - 1;
    const step = this.data.steps[to];
    this.scoreEl.hidden = !step; // the summary says it itself
    if (!step) this.drawSummary();
    else if (step.kind === "text") this.drawText(step);
    else this.drawExercise(step);
    this.refresh();
    if (focus) this.stage.querySelector<HTMLElement>("h2")?.focus();
  }

  private heading(text: string): HTMLElement {
    return this.make("h2", { id: `cw-lesson-heading-${this.uid}`, tabindex: "-1" }, text);
  }

  private drawText(step: TextStep): void {
    this.stage.dataset.kind = "text";
    this.stage.append(this.heading(fill(this.data.labels.step, { step: this.progress.step + 1, steps: this.steps - 1 })));
    this.stage.append(this.make("p", { class: "cw-lesson-prose" }, step.text));
  }

  private drawSummary(): void {
    const labels = this.data.labels;
    this.stage.dataset.kind = "summary";
    this.stage.append(this.heading(labels.summary));
    const c = counts(this.data, this.progress);
    this.stage.append(this.make("p", { class: "cw-lesson-summary-score" }, fill(labels.score, { ...c })));
    const list = this.make("ol", { class: "cw-lesson-summary-list" });
    for (const exercise of exercisesOf(this.data)) {
      const given = this.progress.answers[String(exercise.number)];
      const item = this.make("li", { "data-exercise": String(exercise.number), "data-correct": given ? String(given.correct) : "" });
      const state = given ? (given.correct ? labels.answered_right : labels.answered_wrong) : labels.unanswered;
      const jump = this.make("button", { type: "button", class: "cw-lesson-button" }, `${fill(labels.exercise, { number: exercise.number })}: ${state}`);
      jump.addEventListener("click", () => this.go(this.data.steps.indexOf(exercise)));
      item.append(jump);
      if (given) item.append(" ", this.make("span", {}, fill(labels.your_answer, { answer: given.label })));
      list.append(item);
    }
    this.stage.append(list);
  }

  private drawExercise(step: ExerciseStep): void {
    const make = this.make;
    const labels = this.data.labels;
    this.stage.dataset.kind = "exercise";
    this.stage.dataset.question = step.question;
    this.stage.append(this.heading(fill(labels.exercise, { number: step.number })));
    this.stage.append(make("p", { class: "cw-lesson-prompt" }, step.prompt));
    const boardHost = make("div", { class: "cw-lesson-board" });
    this.stage.append(boardHost);
    const verdict = make("div", { class: "cw-lesson-verdict", role: "status", "aria-live": "polite" });
    verdict.hidden = true;
    const say = (text: string, correct: boolean | null) => {
      verdict.hidden = false;
      verdict.textContent = text;
      verdict.dataset.correct = correct === null ? "" : String(correct);
    };
    const record = (answer: string | string[], label: string, correct: boolean, text: string) => {
      this.progress.answers[String(step.number)] = { answer, label, correct };
      this.store.save(this.progress);
      say(`${text} ${fill(labels.your_answer, { answer: label })}`, correct);
      this.refresh();
    };
    const selected = new Set<string>();
    const draw = () => {
      const zones = step.scene.zones.map((zone) => ({
        ...zone,
        cards: zone.cards.map((card) => ({ ...card, selected: selected.has(`${zone.id}:${card.id}`) })),
      }));
      this.view?.update({ ...step.scene, zones });
    };
    const onCard = (intent: Intent) => {
      if (intent.kind !== "card") return;
      const key = `${intent.zone}:${intent.card}`;
      const card = step.scene.zones.find((z) => z.id === intent.zone)?.cards.find((c) => c.id === intent.card);
      if (!card?.selectable) return;
      if (selected.has(key)) selected.delete(key);
      else selected.add(key);
      draw();
    };
    this.view = new SceneView(boardHost, onCard, false);
    draw();
    const controls = make("div", { class: "cw-lesson-answer" });
    if (step.question === "best") this.bestControls(step, controls, selected, draw, record, say);
    else if (step.question === "legal") this.legalControls(step, controls, record, say);
    else this.chanceControls(step, controls, record, say);
    this.stage.append(controls);
    this.stage.append(this.hints(step));
    this.stage.append(verdict);
    const given = this.progress.answers[String(step.number)];
    if (given) {
      const text = step.question === "best" ? (step.moves ?? []).find((m) => m.answer === given.answer)?.verdict : given.correct ? step.right : step.wrong;
      say(`${text ?? ""} ${fill(labels.your_answer, { answer: given.label })}`.trim(), given.correct);
    }
  }

  private button(text: string, attrs: Record<string, string> = {}, primary = false): HTMLButtonElement {
    const cls = primary ? "cw-lesson-button cw-lesson-primary" : "cw-lesson-button";
    return this.make("button", { type: "button", class: cls, ...attrs }, text);
  }

  private bestControls(
    step: ExerciseStep,
    controls: HTMLElement,
    selected: Set<string>,
    draw: () => void,
    record: (answer: string, label: string, correct: boolean, text: string) => void,
    say: (text: string, correct: boolean | null) => void,
  ): void {
    const labels = this.data.labels;
    const moves = step.moves ?? [];
    const pick = (move: MoveAnswer) => record(move.answer, move.label, move.correct, move.verdict);
    const which = this.make("div", { class: "cw-lesson-moves", "data-lesson": "which" });
    if (moves.some((m) => m.cards.length > 0)) {
      controls.append(this.make("p", { class: "cw-lesson-help" }, labels.your_move));
      const check = this.button(labels.check, { "data-lesson": "check" }, true);
      check.addEventListener("click", () => {
        which.replaceChildren();
        if (selected.size === 0) return say(labels.pick_first, null);
        const found = matchMoves(moves, selected);
        if (found.length === 0) return say(labels.no_such_move, null);
        if (found.length === 1) return pick(found[0]);
        say(labels.which, null);
        for (const move of found) {
          const b = this.button(move.label, { "data-answer": move.answer });
          b.addEventListener("click", () => pick(move));
          which.append(b);
        }
      });
      const clear = this.button(labels.clear, { "data-lesson": "clear" });
      clear.addEventListener("click", () => {
        selected.clear();
        which.replaceChildren();
        draw();
      });
      controls.append(check, clear);
    }
    for (const move of moves.filter((m) => m.cards.length === 0)) {
      const b = this.button(move.label, { "data-answer": move.answer });
      b.addEventListener("click", () => pick(move));
      controls.append(b);
    }
    controls.append(which);
  }

  private legalControls(
    step: ExerciseStep,
    controls: HTMLElement,
    record: (answer: string[], label: string, correct: boolean, text: string) => void,
    say: (text: string, correct: boolean | null) => void,
  ): void {
    const labels = this.data.labels;
    const choices = step.choices ?? [];
    const pressed = new Set<string>();
    const given = this.progress.answers[String(step.number)];
    if (given && Array.isArray(given.answer)) for (const a of given.answer) pressed.add(a);
    const list = this.make("div", { class: "cw-lesson-choices", role: "group", "aria-label": step.prompt });
    for (const choice of choices) {
      const b = this.button(choice.label, { "data-answer": choice.answer, "aria-pressed": String(pressed.has(choice.answer)) });
      b.addEventListener("click", () => {
        if (pressed.has(choice.answer)) pressed.delete(choice.answer);
        else pressed.add(choice.answer);
        b.setAttribute("aria-pressed", String(pressed.has(choice.answer)));
      });
      list.append(b);
    }
    const check = this.button(labels.check, { "data-lesson": "check" }, true);
    check.addEventListener("click", () => {
      if (pressed.size === 0 && choices.some((c) => c.correct)) return say(labels.choose_first, null);
      const correct = judgeLegal(choices, pressed);
      const chosen = choices.filter((c) => pressed.has(c.answer));
      record(
        chosen.map((c) => c.answer),
        chosen.map((c) => c.label).join(", "),
        correct,
        correct ? step.right : step.wrong,
      );
    });
    controls.append(list, check);
  }

  private chanceControls(
    step: ExerciseStep,
    controls: HTMLElement,
    record: (answer: string, label: string, correct: boolean, text: string) => void,
    say: (text: string, correct: boolean | null) => void,
  ): void {
    const labels = this.data.labels;
    const id = `cw-lesson-chance-${this.uid}-${step.number}`;
    const form = this.make("form", { class: "cw-lesson-chance cw-lesson-answer" });
    const label = this.make("label", { for: id }, labels.chance_label);
    const input = this.make("input", { id, type: "text", inputmode: "decimal", autocomplete: "off", "aria-describedby": `${id}-help` });
    const given = this.progress.answers[String(step.number)];
    if (given && typeof given.answer === "string") input.value = given.answer;
    const check = this.button(labels.check, { "data-lesson": "check", type: "submit" }, true);
    form.append(label, input, check);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const value = parseChance(input.value);
      if (value === null) return say(labels.not_a_chance, null);
      const correct = judgeChance(step.chance as Chance, value);
      record(input.value.trim(), input.value.trim(), correct, correct ? step.right : step.wrong);
    });
    controls.append(form, this.make("p", { class: "cw-lesson-help", id: `${id}-help` }, labels.chance_help));
  }

  private hints(step: ExerciseStep): HTMLElement {
    const labels = this.data.labels;
    const box = this.make("div", { class: "cw-lesson-hint-box" });
    if (step.hints.length === 0) return box;
    const list = this.make("ul", { class: "cw-lesson-hints", "aria-live": "polite" });
    const more = this.button(labels.hint, { "data-lesson": "hint" });
    let shown = 0;
    more.addEventListener("click", () => {
      if (shown < step.hints.length) list.append(this.make("li", {}, step.hints[shown++]));
      if (shown >= step.hints.length) {
        more.disabled = true;
        more.textContent = labels.no_hint;
      }
    });
    box.append(more, list);
    return box;
  }

  /** The score line and the download's contents, after every answer. */
  private refresh(): void {
    this.scoreEl.textContent = fill(this.data.labels.score, { ...counts(this.data, this.progress) });
    this.download.href = `data:application/json;charset=utf-8,${encodeURIComponent(answersJson(this.data, this.progress))}`;
  }

  reset(): void {
    this.store.clear();
    this.progress = emptyProgress();
    this.go(0);
    this.noteEl.textContent = this.data.labels.restart;
  }

  destroy(): void {
    this.view?.destroy();
    this.root.remove();
  }
}

/** Start the page in every `.cw-lesson` element that has not got one; a damaged page says so. */
export function boot(doc: Document): LessonPage[] {
  const started: LessonPage[] = [];
  for (const host of Array.from(doc.querySelectorAll<HTMLElement>(".cw-lesson:not([data-started])"))) {
    host.dataset.started = "true";
    host.querySelector(".cw-lesson-loading")?.remove();
    const script = host.querySelector("script.cw-lesson-data");
    const data = script ? readData(script.textContent ?? "", host.dataset.check ?? "") : null;
    if (!data) {
      const broken = doc.createElement("p");
      broken.className = "cw-lesson-broken";
      broken.setAttribute("role", "alert");
      broken.textContent = host.dataset.broken ?? "";
      host.append(broken);
      continue;
    }
    started.push(new LessonPage(host, data, new ProgressStore(openStorage(doc.defaultView), data.id)));
  }
  return started;
}

if (typeof document !== "undefined" && document.querySelector(".cw-lesson")) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => boot(document));
  else boot(document);
}
