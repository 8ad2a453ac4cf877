// The scene: what Python sends (cardwidgets/scene.py is the source of truth for these shapes).

export interface CardView {
  id: string;
  face: boolean;
  rank: string;
  suit: string;
  color: string;
  label: string;
  selectable: boolean;
  selected: boolean;
  highlight: "group" | "playable" | "last" | null;
  group: number | null;
}

export interface Zone {
  id: string;
  label: string;
  layout: "row" | "fan" | "stack" | string;
  owner: number | null;
  info: string;
  cards: CardView[];
}

export interface Option {
  index: number;
  label: string;
  selected: boolean;
  maximal: boolean;
  groups: string[][];
}

export interface Action {
  id: string;
  label: string;
  enabled: boolean;
  primary: boolean;
}

export interface Score {
  columns: string[];
  rows: number[][];
  tablas: number[];
  totals: number[];
}

/** Translated words of the frame (headings of the options, actions, log and score sheet). */
export interface Labels {
  options: string;
  actions: string;
  log: string;
  tablas: string;
  total: string;
}

export interface Scene {
  version: number;
  game: string;
  locale: string;
  seat: number;
  four_color: boolean;
  theme: "auto" | "light" | "dark" | string;
  title: string;
  status: string;
  message: { kind: "error" | "info" | string; text: string } | null;
  announce: string;
  zones: Zone[];
  options: Option[];
  actions: Action[];
  previews: Record<string, { groups: string[][] }>;
  log: string[];
  score: Score | null;
  labels?: Partial<Labels>;
}

/** What a click or a key press asks Python to do; Python checks everything. */
export type Intent =
  | { kind: "card"; zone: string; card: string }
  | { kind: "option"; index: number }
  | { kind: "action"; id: string };

export interface IntentMessage {
  type: "intent";
  version: number;
  intent: Intent;
}
