/**
 * M7: the readable text of an HTML page, for a model's context window. Pure.
 * Scripts, styles and other non-content elements are dropped, block elements
 * become line breaks, links keep their target, entities are decoded and runs
 * of whitespace collapse. Not a browser: it reads what a person would read
 * without running anything the page carries.
 */

const DROPPED = ["script", "style", "noscript", "template", "svg", "canvas", "iframe", "object", "head"];
const BLOCKS =
  "address|article|aside|blockquote|br|dd|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|main|nav|ol|p|pre|section|table|tr|ul";

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  copy: "©",
  reg: "®",
  laquo: "«",
  raquo: "»",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

export interface ReadablePage {
  title: string | null;
  text: string;
}

export function htmlToText(html: string): ReadablePage {
  const titleMatch = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  const title = titleMatch ? decodeEntities(titleMatch[1]!.replace(/\s+/g, " ").trim()) || null : null;
  let body = html.replace(/<!--[\s\S]*?-->/g, "");
  for (const tag of DROPPED) body = body.replace(new RegExp(`<${tag}\\b[\\s\\S]*?(</${tag}\\s*>|$)`, "gi"), " ");
  body = body
    .replace(/<a\b[^>]*?href\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a\s*>/gi, (_m, dq?: string, sq?: string, inner?: string) => {
      const href = dq ?? sq ?? "";
      const label = (inner ?? "").replace(/<[^>]*>/g, "").trim();
      return href && !href.startsWith("#") && !href.startsWith("javascript:") && label ? `${label} (${href})` : label;
    })
    .replace(/<li\b[^>]*>/gi, "\n- ")
    .replace(/<(td|th)\b[^>]*>/gi, " | ")
    .replace(new RegExp(`</?(?:${BLOCKS})\\b[^>]*>`, "gi"), "\n")
    .replace(/<[^>]*>/g, "");
  const text = decodeEntities(body)
    .split("\n")
    .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { title, text };
}
