// The scene: what Python sends. cardwidgets/scene.py is the source of truth for these shapes and
// documents every field; the renderer knows no game, only this vocabulary.

export type CardKind = "french" | "number" | "side" | "back";

/** Highlight roles; each is drawn with its own border style, never by colour alone. */
export type Role = "group" | "playable" | "last" | "beats" | "target" | "pickup" | "hint" | "muted";

export interface CardView {
  id: string;
  kind: CardKind | string;
  /** The corner index: "10", "7", "+3", "±1T"; "" for a back. */
  text: string;
  /** A French card's suit symbol ("♠" "♥" "♦" "♣"), else "". */
  suit: string;
  /** red | black (French), main (number card), plus | minus | both | gold (side cards), "" (back). */
  tone: string;
  label: string;
  /** A small caption under the face ("as −4"), or "". */
  note: string;
  selectable: boolean;
  selected: boolean;
  highlight: Role | string | null;
  group: number | null;
  /** Cards sharing a slot lie together in a "pairs" zone (a kill on its attack). */
  slot: number | null;
}

export interface Badge {
  kind: "total" | "lights" | "flag" | string;
  text: string;
  label: string;
  value: number;
  of: number;
  tone: "" | "good" | "bad" | string;
}

export interface Zone {
  id: string;
  label: string;
  layout: "row" | "fan" | "stack" | "stock" | "grid" | "pairs" | string;
  owner: number | null;
  info: string;
  cards: CardView[];
  /** grid: cards per row (0: not a grid). */
  columns: number;
  /** grid: places drawn even when empty (0: as many as cards). */
  places: number;
  badges: Badge[];
}

export interface Option {
  index: number;
  label: string;
  selected: boolean;
  emphasis: boolean;
  swatches: number;
}

export interface Action {
  id: string;
  label: string;
  enabled: boolean;
  primary: boolean;
  /** Not null: a toggle button (aria-pressed). */
  pressed: boolean | null;
}

/** Whose turn it is and what to do; `seat` (the seat to move, or null) has its zones marked. */
export interface Banner {
  seat: number | null;
  text: string;
  /** you | them | pause | over | history */
  tone: string;
}

export interface Target {
  zone: string;
  card: string;
  role: Role | string;
  group: number | null;
}

export interface Preview {
  cards: Target[];
  text: string;
}

export interface ScoreRow {
  label: string;
  cells: string[];
  kind: "" | "total" | "marks" | string;
}

export interface Score {
  caption: string;
  columns: string[];
  rows: ScoreRow[];
}

export interface Summary {
  title: string;
  text: string;
  score: Score | null;
  zones: Zone[];
  /** The id of the action (in scene.actions) that continues. */
  action: string;
}

export interface LegendItem {
  role: Role | string;
  group: number | null;
  text: string;
}

export interface History {
  ply: number;
  plies: number;
  label: string;
}

/** Translated words of the frame. */
export interface Labels {
  options: string;
  actions: string;
  log: string;
  score: string;
  legend: string;
  empty: string;
  summary: string;
  /** The heading of the position-code line. */
  code?: string;
  /** The button that shows or hides the side column (score, legend, log) when narrow. */
  side?: string;
  /** The full-screen button (live view only), and its words while the stage is full screen. */
  fullscreen?: string;
  fullscreen_leave?: string;
  /** Spoken words of the highlight roles; `group` is a template with {number}. */
  roles: Record<string, string>;
}

export interface Scene {
  version: number;
  game: string;
  locale: string;
  seat: number;
  four_color: boolean;
  theme: "auto" | "light" | "dark" | string;
  size: "normal" | "large" | string;
  title: string;
  status: string;
  message: { kind: "error" | "info" | string; text: string } | null;
  announce: string;
  /** Whose turn it is and what to do; null or absent: no banner (a picture). */
  banner?: Banner | null;
  zones: Zone[];
  options: Option[];
  actions: Action[];
  /** Keyed "zone:card": what lights up while that card is hovered or focused. */
  previews: Record<string, Preview>;
  /** Zone ids, in the order keyboard focus falls back to when the focused control disappears. */
  focus: string[];
  log: string[];
  score: Score | null;
  summary: Summary | null;
  legend: LegendItem[];
  history: History | null;
  /** The seat's position code (`T0 …`), or "": one line a teacher can paste. */
  code?: string;
  labels: Labels;
  /** The teacher panel: only when the widget's teacher option is on (never in a picture). */
  teacher?: TeacherPanel | null;
  /** The computer's move played out before this scene settles (a live update, once; see frames.ts). */
  frames?: Frame[];
  /** The analysis switch's panel and value notes, or a puzzle's prompt; null: off. */
  analysis?: AnalysisPanel | null;
}

/** An opponent the teacher panel offers: the name it sends, its label. */
export interface TeacherChoice {
  id: string;
  label: string;
}

/** The teacher panel (cardwidgets/scene.py TeacherPanel): every label translated by Python. */
export interface TeacherPanel {
  title: string;
  opponent_label: string;
  /** The current opponent's id among `opponents` ("": none of them). */
  opponent: string;
  opponents: TeacherChoice[];
  /** Whether the opponent may change now (not while two computer players are watched). */
  choose: boolean;
  seed_label: string;
  /** The seed of the game shown: the seed field's placeholder. */
  seed: string;
  new_label: string;
  undo_label: string;
  undo: boolean;
  reveal_label: string;
  reveal: boolean;
}

/** One step of a move played out: zones that replace the scene's by id while it is shown. */
export interface Frame {
  zones: Zone[];
  status: string;
  banner: Banner | null;
  /** Read by the live region; "" keeps the sentence before. */
  announce: string;
  /** How long the frame stays. */
  seconds: number;
  /** The scene's last log entries that are moves not yet landed in this frame, the one in flight
   * and those after it (hidden while the frame shows; absent: none). */
  log_ahead?: number;
}


/** The analysis panel: `values` keyed "zone:card", "option:N" or "action:id"; `best` the best
 * move's keys. */
export interface AnalysisPanel {
  title: string;
  text: string;
  values: Record<string, string>;
  best: string[];
  /** A lesson's panel: it carries the lesson's text, so the page gives it the room it needs. */
  lesson?: boolean;
  /** A text field and its button (a lesson's chance question); absent: none. */
  answer?: AnswerField;
}

/** The answer field (cardwidgets/scene.py AnswerField): its label, button and the last answer. */
export interface AnswerField {
  label: string;
  button: string;
  value: string;
}

/** What a click or a key press asks Python to do; Python checks everything. */
export type Intent =
  | { kind: "card"; zone: string; card: string }
  | { kind: "option"; index: number }
  | { kind: "action"; id: string }
  | { kind: "goto"; ply: number }
  | { kind: "turn"; step: -1 | 1 }
  | { kind: "answer"; text: string }
  | TeacherIntent;

/** What the teacher panel asks; Python refuses it unless the teacher turned the panel on. */
export type TeacherIntent =
  | { kind: "teacher"; control: "opponent"; name: string }
  | { kind: "teacher"; control: "new"; seed: string }
  | { kind: "teacher"; control: "undo" }
  | { kind: "teacher"; control: "reveal"; on: boolean };

export interface IntentMessage {
  type: "intent";
  version: number;
  intent: Intent;
}
