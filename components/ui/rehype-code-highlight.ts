/**
 * rehype plugin: highlights `pre > code` blocks that name their language
 * (```ts), with the page's one highlighter (./code-highlighter). Blocks
 * without a language, or in one we do not know, stay plain text — what
 * rehype-highlight did with `detect: false, ignoreMissing: true`.
 */
import type { Element, ElementContent, Root, RootContent } from "hast";
import { ensureLanguage, highlighter } from "./code-highlighter";

function languageOf(code: Element): string | null {
  const classes = code.properties?.className;
  if (!Array.isArray(classes)) return null;
  for (const value of classes) {
    const name = String(value);
    if (name === "no-highlight" || name === "nohighlight") return null;
    if (name.startsWith("language-")) return name.slice(9);
    if (name.startsWith("lang-")) return name.slice(5);
  }
  return null;
}

function textOf(node: ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}

function highlightCode(code: Element) {
  const language = languageOf(code);
  if (!language || !ensureLanguage(language)) return;
  const classes = code.properties.className as (string | number)[];
  if (!classes.includes("hljs")) classes.unshift("hljs");
  const result = highlighter.highlight(language, code.children.map(textOf).join(""));
  if (result.children.length > 0) code.children = result.children as ElementContent[];
}

function walk(node: Root | RootContent) {
  if (node.type !== "root" && node.type !== "element") return;
  for (const child of node.children) {
    if (node.type === "element" && node.tagName === "pre" && child.type === "element" && child.tagName === "code") highlightCode(child);
    else walk(child);
  }
}

export function rehypeCodeHighlight() {
  return (tree: Root) => walk(tree);
}
