// Card faces as inline SVG on a 60x84 view box. Sizes and colours are SVG attributes, so a card
// still reads when a sanitiser strips the stylesheet; cards.css only re-tints the paper for the
// dark theme and scales the face. cardwidgets/scene_faces.py draws the same elements (the fixture
// skeleton tests compare them attribute by attribute): change both together.

import { type Attrs, type H, num } from "./dom";
import { SUIT_LETTERS, SUIT_PATHS } from "./suits";
import type { CardView } from "./types";

/** SVG width/height in pixels by scene size; the stylesheet overrides them with em sizes. */
export const FACE_SIZE: Record<string, [number, number]> = { normal: [45, 63], large: [72, 101] };

const FONT = "sans-serif";
const SERIF = "serif";
const INK: Record<string, string> = { black: "#16181a", red: "#c8102e", blue: "#1250c4", green: "#137a2e" };
// Side-card tones: fill, border, ink. Colour is never the only cue: each tone also has its own
// marker shape and border style (see sideFace).
const SIDE: Record<string, [string, string, string]> = {
  plus: ["#2158b8", "#0d3a80", "#ffffff"],
  minus: ["#c0282d", "#7f1010", "#ffffff"],
  both: ["#2158b8", "#3a2a6a", "#ffffff"],
  gold: ["#e8b923", "#7a5a00", "#2b2000"],
};
const MARKERS: Record<string, string[]> = {
  plus: ["48,4 55,16 41,16"],
  minus: ["41,5 55,5 48,17"],
  both: ["48,3 53,10 43,10", "43,12 53,12 48,19"],
  gold: ["48,4 49.76,8.57 54.66,8.84 50.85,11.93 52.11,16.66 48,14 43.89,16.66 45.15,11.93 41.34,8.84 46.24,8.57"],
};
const LOWER_HALF = "M0.75 42H59.25V78.25A5 5 0 0 1 54.25 83.25H5.75A5 5 0 0 1 0.75 78.25Z";
const COURT_RX: Record<string, number> = { K: 1, Q: 9, J: 3 };
const ORNAMENTS: Record<string, string> = {
  K: "M20 31V21L25 26L30 17L35 26L40 21V31Z",
  Q: "M21 31V25Q30 17 39 25V31ZM28 19a2 2 0 1 0 4 0a2 2 0 1 0-4 0Z",
  J: "M21 31C23 22 31 17 40 16C36 22 30 28 21 31Z",
};

/** Diagonal lines filling a rectangle: the pattern on the back of a card. */
export function lattice(x0: number, y0: number, x1: number, y1: number, step: number): string {
  const parts: string[] = [];
  for (let c = x0 - y1 + step; c < x1 - y0; c += step) {
    const xs = Math.max(x0, y0 + c);
    const xe = Math.min(x1, y1 + c);
    parts.push(`M${xs} ${xs - c}L${xe} ${xe - c}`);
  }
  for (let c = x0 + y0 + step; c < x1 + y1; c += step) {
    const xs = Math.max(x0, c - y1);
    const xe = Math.min(x1, c - y0);
    parts.push(`M${xs} ${c - xs}L${xe} ${c - xe}`);
  }
  return parts.join("");
}
const LATTICE = lattice(5, 5, 55, 79, 8);

/** Bold centred text; squeezed into `max` units when it would be wider (roughly 0.62 em a glyph). */
function text(h: H, value: string, x: number, y: number, size: number, max: number, extra: Attrs = {}): Element {
  const wide = Array.from(value).length * size * 62 > max * 100;
  const fit: Attrs = wide ? { textLength: max, lengthAdjust: "spacingAndGlyphs" } : {};
  const attrs: Attrs = { x, y, "font-size": size, "font-weight": "700", "text-anchor": "middle" };
  return h("text", { ...attrs, "font-family": FONT, ...fit, ...extra }, value);
}

function pip(h: H, path: string, x: number, y: number, size: number): Element {
  return h("path", { d: path, transform: `translate(${x} ${y}) scale(${num(size / 100)})` });
}

function paper(h: H, fill: string, stroke: string, extra: Attrs = {}): Element {
  const box: Attrs = { x: "0.75", y: "0.75", width: "58.5", height: "82.5", rx: 5 };
  return h("rect", { ...box, fill, stroke, "stroke-width": "1.5", ...extra });
}

/** The colour of a French card's ink; the four-colour option gives ♦ blue and ♣ green. */
export function inkOf(card: CardView, fourColor: boolean): string {
  if (fourColor && card.suit === "♦") return INK.blue;
  if (fourColor && card.suit === "♣") return INK.green;
  return card.tone === "red" ? INK.red : INK.black;
}

function court(h: H, rank: string, path: string, ink: string): Element[] {
  const frame: Attrs = { x: 15, y: 12, width: 30, height: 60, rx: COURT_RX[rank] ?? 3 };
  const parts = [
    h("rect", {
      ...frame,
      class: "cw-court",
      "fill-opacity": "0.1",
      stroke: ink,
      "stroke-width": "1.5",
      "stroke-dasharray": rank === "J" ? "5 2" : null,
    }),
  ];
  if (rank === "K") {
    parts.push(h("rect", { x: "17.5", y: "14.5", width: 25, height: 55, rx: 1, fill: "none", stroke: ink }));
  }
  if (ORNAMENTS[rank]) parts.push(h("path", { class: "cw-ornament", d: ORNAMENTS[rank] }));
  parts.push(text(h, rank, 30, 54, 24, 26, { "font-family": SERIF }), pip(h, path, 25, 58, 10));
  return parts;
}

function centre(h: H, rank: string, path: string, ink: string): Element[] {
  if (/^[0-9]+$/.test(rank)) return [pip(h, path, 17, 29, 26)];
  if (rank === "A") {
    return [h("circle", { cx: 30, cy: 42, r: 18, fill: "none", stroke: ink }), pip(h, path, 16, 28, 28)];
  }
  return court(h, rank, path, ink);
}

function frenchFace(h: H, card: CardView, fourColor: boolean): Element[] {
  const ink = inkOf(card, fourColor);
  const path = SUIT_PATHS[SUIT_LETTERS[card.suit] ?? ""] ?? "";
  const index = () => h("g", { class: "cw-index" }, text(h, card.text, 9, 17, 16, 17), pip(h, path, 4, 21, 10));
  return [
    paper(h, "#ffffff", "#8c939a", { class: "cw-paper" }),
    h("g", { class: "cw-ink", fill: ink }, index(), h("g", { transform: "rotate(180 30 42)" }, index()), ...centre(h, card.text, path, ink)),
  ];
}

function numberFace(h: H, card: CardView): Element[] {
  const ink = "#1d3b1d";
  const corner = () => text(h, card.text, 11, 16, 11, 18);
  return [
    paper(h, "#e6f1de", "#3d7a3d", { class: "cw-paper" }),
    h("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, fill: "none", stroke: "#3d7a3d" }),
    h("g", { class: "cw-ink", fill: ink }, corner(), h("g", { transform: "rotate(180 30 42)" }, corner()), text(h, card.text, 30, 53, 30, 40)),
  ];
}

function sideFace(h: H, card: CardView): Element[] {
  const tone = SIDE[card.tone] ? card.tone : "gold";
  const [fill, stroke, ink] = SIDE[tone];
  const size = Array.from(card.text).length <= 2 ? 28 : Array.from(card.text).length === 3 ? 22 : 18;
  const parts = [paper(h, fill, "none")];
  if (tone === "both") parts.push(h("path", { d: LOWER_HALF, fill: SIDE.minus[0] }));
  // A minus card is told by its sign and its ▼ marker, its border solid like the others': a
  // dashed outline is the legend's "makes exactly 20 or brings you back" (playable).
  const border: Attrs = { "stroke-width": tone === "gold" ? 3 : "1.5" };
  parts.push(paper(h, "none", stroke, border));
  if (tone === "both") parts.push(h("rect", { x: 4, y: 4, width: 52, height: 76, rx: 3, fill: "none", stroke: ink }));
  const marks = MARKERS[tone].map((points) => h("polygon", { points }));
  parts.push(h("g", { class: "cw-ink", fill: ink }, text(h, card.text, 13, 16, 11, 20), ...marks, text(h, card.text, 30, 55, size, 48)));
  return parts;
}

function backFace(h: H): Element[] {
  const line = "#d5e1f7";
  return [
    paper(h, "#2c4f8f", "#1b3566"),
    h("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, fill: "#3b64ad", stroke: line }),
    h("path", { d: LATTICE, fill: "none", stroke: line, "stroke-opacity": "0.5" }),
    h("circle", { cx: 30, cy: 42, r: 8, fill: "#2c4f8f", stroke: line, "stroke-width": "1.5" }),
  ];
}

function faceParts(h: H, card: CardView, fourColor: boolean): Element[] {
  if (card.kind === "french") return frenchFace(h, card, fourColor);
  if (card.kind === "side") return sideFace(h, card);
  if (card.kind === "back") return backFace(h);
  return numberFace(h, card); // "number", and any kind this renderer does not know yet
}

/** The SVG face of one card: a picture named `name`, or hidden when `name` is null (the card
 * element around it carries the name). */
export function face(h: H, card: CardView, size: string, fourColor: boolean, name: string | null = null): Element {
  const [width, height] = FACE_SIZE[size] ?? FACE_SIZE.normal;
  const named: Attrs = name === null ? { "aria-hidden": "true" } : { role: "img", "aria-label": name };
  const attrs: Attrs = { class: "cw-face", viewBox: "0 0 60 84", width, height, ...named, focusable: "false" };
  return h("svg", attrs, ...faceParts(h, card, fourColor));
}
