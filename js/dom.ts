// A tiny element builder shared by the renderer's modules. cardwidgets/scene_html.py has the same
// h(tag, attrs, ...kids) and builds the same tree as text, so the two renderers read alike and
// tests can compare their output element by element.

const SVG_NS = "http://www.w3.org/2000/svg";
const SVG_TAGS = new Set(["svg", "g", "path", "rect", "circle", "line", "polygon", "text"]);

/** Attribute values; null and undefined leave the attribute out. */
export type Attrs = Record<string, string | number | null | undefined>;
export type Kid = Element | string | null | undefined | false;
export type H = (tag: string, attrs?: Attrs, ...kids: Kid[]) => Element;

/** An h() bound to a document (the widget may live in an iframe or a shadow root's document). */
export function builder(doc: Document): H {
  return (tag, attrs = {}, ...kids) => {
    const node = SVG_TAGS.has(tag) ? doc.createElementNS(SVG_NS, tag) : doc.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) {
      if (value !== null && value !== undefined) node.setAttribute(name, String(value));
    }
    for (const kid of kids) {
      if (kid === null || kid === undefined || kid === false) continue;
      node.append(typeof kid === "string" ? doc.createTextNode(kid) : kid);
    }
    return node;
  };
}

/** A number as the static renderer writes it: at most two decimals, no trailing zeros. */
export function num(value: number): string {
  let text = value.toFixed(2);
  if (text.includes(".")) text = text.replace(/0+$/, "").replace(/\.$/, "");
  return text === "-0" ? "0" : text;
}

/** The colour slot (1..6) of a group number; colours cycle, numbers do not. */
export function groupColor(group: number): number {
  return ((((group - 1) % 6) + 6) % 6) + 1;
}

/** "true"/"false" for aria-pressed and friends, or null to leave the attribute out. */
export function flag(value: boolean | null | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}
