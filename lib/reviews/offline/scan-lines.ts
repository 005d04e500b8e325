/**
 * Line helpers shared by the offline reviewer's scanners: which lines a diff
 * adds (with their line numbers in the NEW file, where findings anchor), and
 * how to blank out string literals, URLs and comments so a rule only sees
 * the code it is about.
 */
import type { DiffFile } from "../../diff/parse-diff";
import type { Anchor } from "../schemas";
import { extensionOf } from "./classify-path";

/** One added line and its number in the new version of the file. */
export interface AddedLine {
  line: number;
  content: string;
}

/** The added lines of a file, in order. */
export function addedLines(file: DiffFile): AddedLine[] {
  const out: AddedLine[] = [];
  for (const h of file.hunks) {
    for (const l of h.lines) {
      if (l.type === "add" && l.newLine !== null) out.push({ line: l.newLine, content: l.content });
    }
  }
  return out;
}

const STRING = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\\n]|\\.)*`/g;

/** Replace the contents of one-line string literals by nothing: `log("a // b")` → `log("")`. */
export function blankStrings(code: string): string {
  return code.replace(STRING, (m) => `${m[0]}${m[0]}`);
}

const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'`)>\]]+/gi;

/** Blank out URLs (keeping the length), so `https://x.org/TODO` or `//cdn` is not read as a marker or a comment. */
export function stripUrls(text: string): string {
  return text.replace(URL, (m) => " ".repeat(m.length));
}

const SLASH = new Set(["ts", "tsx", "js", "jsx", "mjs", "cjs", "mts", "cts", "java", "kt", "kts", "c", "cc", "cpp", "cxx", "h", "hpp", "cs", "go", "rs", "swift", "scala", "php", "dart", "css", "scss", "less", "vue", "svelte", "m", "mm", "groovy", "gradle", "proto"]);
const HASH = new Set(["py", "rb", "sh", "bash", "zsh", "yml", "yaml", "toml", "conf", "cfg", "pl", "r", "ex", "exs", "tf", "php", "ps1", "mk", "cmake", "nix"]);
const DASH = new Set(["sql", "lua", "hs", "elm"]);
const HTML = new Set(["html", "htm", "xml", "vue", "svelte", "svg"]);

/** The comment tokens of a file type; an unknown type gets none (see `commentStart`). */
function commentTokens(path: string): string[] {
  const ext = extensionOf(path);
  const base = path.slice(path.lastIndexOf("/") + 1);
  const tokens: string[] = [];
  if (SLASH.has(ext)) tokens.push("//", "/*");
  if (HASH.has(ext) || /^(Makefile|Dockerfile|\.[\w.-]*rc|\.gitignore|\.env[\w.-]*)$/.test(base)) tokens.push("#");
  if (DASH.has(ext)) tokens.push("--");
  if (HTML.has(ext)) tokens.push("<!--");
  if (ext === "ini") tokens.push(";", "#");
  return tokens;
}

/** Index where the comment starts in `code` (strings and URLs already blanked), or -1. */
function commentStart(path: string, code: string): number {
  const tokens = commentTokens(path);
  let best = -1;
  for (const t of tokens) {
    const i = code.indexOf(t);
    if (i !== -1 && (best === -1 || i < best)) best = i;
  }
  // Continuation lines of block comments: ` * TODO …`
  if (best === -1 && tokens.includes("/*") && /^\s*\*/.test(code)) best = code.indexOf("*");
  // Unknown file types: only a whole-line comment counts.
  if (best === -1 && tokens.length === 0 && /^\s*(\/\/|#)/.test(code)) best = code.search(/\/\/|#/);
  return best;
}

/**
 * The comment part of a line (strings and URLs blanked), or null if it has
 * none. A `//` inside a string or a URL is not a comment.
 */
export function commentOf(path: string, line: string): string | null {
  const code = stripUrls(blankStrings(line));
  const at = commentStart(path, code);
  return at === -1 ? null : code.slice(at);
}

/** The code part of a line: strings blanked, trailing comment cut. */
export function codeOf(path: string, line: string): string {
  const blanked = blankStrings(line);
  const at = commentStart(path, stripUrls(blanked));
  return at === -1 ? blanked : blanked.slice(0, at);
}

/** An anchor on lines of the new version of a file. */
export function lineAnchor(file: string, startLine: number, endLine = startLine): Anchor {
  return { file, startLine, endLine: Math.max(startLine, endLine) };
}

/** Shorten text for a title or body. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
