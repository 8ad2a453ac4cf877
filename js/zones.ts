// Cards and zones: a zone draws its cards by its layout and its badges beside them. Mirrors
// cardwidgets/scene_html.py function for function (same elements, classes and data-* hooks).

import { type Attrs, type H, groupColor } from "./dom";
import { face } from "./faces";
import { SUIT_LETTERS } from "./suits";
import type { Badge, CardView, Labels, Zone } from "./types";

/** What every builder needs: h(), the scene's size and colour option, its words, and whether the
 * output is live (focusable, clickable) or the static picture. */
export interface Ctx {
  h: H;
  size: string;
  fourColor: boolean;
  labels: Labels;
  live: boolean;
}

const has = (value: number | null | undefined): value is number => value !== null && value !== undefined;

/** What a screen reader says for a card: its label, its note, its group and role in words (what
 * the outline, the number and the note show). */
export function cardName(card: CardView, labels: Labels): string {
  const roles = labels.roles ?? {};
  const parts = [card.label, card.note];
  if (has(card.group)) parts.push((roles.group ?? "").replace("{number}", String(card.group)));
  if (card.highlight && card.highlight !== "group") parts.push(roles[card.highlight] ?? "");
  return parts.filter((part) => !!part).join(", ");
}

function cardAttrs(ctx: Ctx, card: CardView): Attrs {
  const navigable = card.kind !== "back" || card.selectable;
  // A picture card carries its name; a button card is named by its content, the face (a picture
  // named the same way), like <button><img alt></button>: the index drawn on the face is part of
  // the picture, not a text label the name would have to repeat (WCAG 2.5.3).
  return {
    class: "cw-card",
    "data-card": card.id,
    "data-kind": card.kind,
    "data-tone": card.tone || null,
    "data-suit": SUIT_LETTERS[card.suit] ?? null,
    "data-highlight": card.highlight || null,
    "data-group": has(card.group) ? card.group : null,
    "data-group-color": has(card.group) ? groupColor(card.group) : null,
    "data-slot": has(card.slot) ? card.slot : null,
    "data-selectable": card.selectable ? "true" : null,
    "data-selected": card.selected ? "true" : null,
    "data-nav": navigable ? "card" : null,
    role: card.selectable ? "button" : "img",
    "aria-label": card.selectable ? null : cardName(card, ctx.labels),
    "aria-pressed": card.selectable ? String(!!card.selected) : null,
    tabindex: ctx.live && navigable ? (card.selectable ? 0 : -1) : null,
  };
}

/** One card: its SVG face, the group number, the note under it. */
export function renderCard(ctx: Ctx, card: CardView): Element {
  const { h } = ctx;
  // Spans, not divs: without the stylesheet (a sanitiser strips it) cards still lie in rows.
  return h(
    "span",
    cardAttrs(ctx, card),
    face(h, card, ctx.size, ctx.fourColor, card.selectable ? cardName(card, ctx.labels) : null),
    has(card.group) && h("span", { class: "cw-groupnum", "aria-hidden": "true" }, String(card.group)),
    !!card.note && h("span", { class: "cw-note", "aria-hidden": "true" }, card.note),
  );
}

/** Cards sharing a slot, in order of first appearance; a card without a slot lies alone. */
export function slots(cards: CardView[]): CardView[][] {
  const groups: CardView[][] = [];
  const bySlot = new Map<number, CardView[]>();
  for (const card of cards) {
    if (!has(card.slot)) {
      groups.push([card]);
      continue;
    }
    let group = bySlot.get(card.slot);
    if (!group) {
      group = [];
      bySlot.set(card.slot, group);
      groups.push(group);
    }
    group.push(card);
  }
  return groups;
}

function gridCards(ctx: Ctx, zone: Zone): Element {
  const { h } = ctx;
  const columns = zone.columns > 0 ? zone.columns : Math.max(1, zone.cards.length);
  const count = Math.max(zone.places || 0, zone.cards.length);
  const places: Element[] = [];
  for (let i = 0; i < count; i++) {
    const card = zone.cards[i];
    const attrs: Attrs = { class: "cw-place", "data-place": i, "data-empty": card ? null : "true" };
    places.push(h("span", attrs, card && renderCard(ctx, card)));
  }
  return h("div", { class: "cw-cards", style: `--cw-columns: ${columns}` }, ...places);
}

function zoneCards(ctx: Ctx, zone: Zone): Element {
  const { h } = ctx;
  if (zone.layout === "grid" && Math.max(zone.places || 0, zone.cards.length) > 0) return gridCards(ctx, zone);
  if (zone.cards.length === 0) return h("div", { class: "cw-cards" }, h("span", { class: "cw-empty" }, ctx.labels.empty));
  if (zone.layout === "pairs") {
    const pairs = slots(zone.cards).map((group) =>
      h("span", { class: "cw-pair", "data-slot": group[0].slot ?? null, "data-count": group.length }, ...group.map((c) => renderCard(ctx, c))),
    );
    return h("div", { class: "cw-cards" }, ...pairs);
  }
  return h("div", { class: "cw-cards" }, ...zone.cards.map((card) => renderCard(ctx, card)));
}

/** Lights as circles: `value` of `of` filled (filled versus hollow, not colour alone). */
function lights(h: H, value: number, of: number): Element {
  const width = Math.max(1, of) * 14;
  const circles: Element[] = [];
  for (let i = 0; i < of; i++) {
    const lit = i < value;
    const attrs: Attrs = { class: "cw-light", cx: 7 + 14 * i, cy: 7, r: 5, "data-lit": String(lit) };
    circles.push(h("circle", { ...attrs, fill: lit ? "currentColor" : "none", stroke: "currentColor", "stroke-width": 2 }));
  }
  const attrs: Attrs = { class: "cw-lights", viewBox: `0 0 ${width} 14`, width, height: 14, "aria-hidden": "true" };
  return h("svg", attrs, ...circles);
}

export function renderBadge(ctx: Ctx, badge: Badge): Element {
  const { h } = ctx;
  const attrs: Attrs = {
    class: "cw-badge",
    "data-badge": badge.kind,
    "data-tone": badge.tone || null,
    role: "img",
    "aria-label": badge.label || badge.text,
    title: badge.label || badge.text,
  };
  if (badge.kind === "total") return h("span", attrs, h("span", { class: "cw-total" }, badge.text));
  if (badge.kind === "lights") {
    return h("span", attrs, !!badge.text && h("span", { class: "cw-badge-text" }, badge.text), lights(h, badge.value, badge.of));
  }
  return h("span", attrs, badge.text);
}

/** Who sits where on the board: the viewer's seat, and the seat to move (null: nobody). */
export interface Seats {
  seat: number;
  turn: number | null;
}

/** Where a zone lies on the stage: the other seat's at the top ("far"), shared zones in the
 * middle, the viewer's at the bottom ("near"), as at a card table. */
export function place(owner: number | null, seat: number): "far" | "middle" | "near" {
  if (!has(owner)) return "middle";
  return owner === seat ? "near" : "far";
}

/** A zone: heading (label, info), its cards by layout, and its badges. On the board (`seats`
 * given) it carries its place on the stage and, when its owner is to move, data-turn. */
export function renderZone(ctx: Ctx, zone: Zone, seats: Seats | null = null): Element {
  const { h } = ctx;
  const attrs: Attrs = {
    class: "cw-zone",
    "data-zone": zone.id,
    "data-layout": zone.layout,
    "data-owner": has(zone.owner) ? zone.owner : null,
    "data-place": seats ? place(zone.owner, seats.seat) : null,
    "data-turn": seats && has(zone.owner) && zone.owner === seats.turn ? "true" : null,
    // A group, not a landmark: a board has many zones, and a summary repeats their names.
    role: "group",
    "aria-label": zone.label,
  };
  const head = h("div", { class: "cw-zone-head" }, h("span", { class: "cw-zone-label" }, zone.label), h("span", { class: "cw-zone-info" }, zone.info));
  const badges = (zone.badges ?? []).length > 0 && h("div", { class: "cw-badges" }, ...zone.badges.map((b) => renderBadge(ctx, b)));
  return h("section", attrs, head, h("div", { class: "cw-zone-body" }, zoneCards(ctx, zone), badges));
}
