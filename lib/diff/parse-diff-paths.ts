/**
 * Path handling for unified diffs: git's C-style quoting of unusual names,
 * the `diff --git a/x b/x` header (where names may contain spaces) and the
 * `a/` `b/` prefixes. Split from parse-diff.ts because the quoting rules are
 * their own small grammar.
 */

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, "\\": 92 };
const utf8 = new TextDecoder("utf-8");
const encoder = new TextEncoder();

/**
 * Read a git-quoted name starting at `text[start] === '"'`. Git escapes
 * control characters, quotes and backslashes, and (with core.quotePath)
 * every non-ASCII byte as octal, so the bytes are collected and decoded as
 * UTF-8 at the end. Returns null when the quote is never closed.
 */
export function readQuoted(text: string, start: number): { value: string; end: number } | null {
  const bytes: number[] = [];
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '"') return { value: utf8.decode(new Uint8Array(bytes)), end: i + 1 };
    if (ch === "\\") {
      const next = text[i + 1] ?? "";
      const octal = /^[0-7]{3}/.exec(text.slice(i + 1, i + 4));
      if (octal) {
        bytes.push(parseInt(octal[0], 8));
        i += 4;
        continue;
      }
      const code = ESCAPES[next];
      if (code !== undefined) {
        bytes.push(code);
        i += 2;
        continue;
      }
      bytes.push(92);
      i += 1;
      continue;
    }
    // Whole code points, so a name with an emoji is not cut between surrogates.
    const char = String.fromCodePoint(text.codePointAt(i) ?? 0xfffd);
    for (const b of encoder.encode(char)) bytes.push(b);
    i += char.length;
  }
  return null;
}

/** A name as it appears after `--- `, `+++ `, `rename from ` etc.: maybe quoted, maybe followed by a tab. */
export function readName(text: string): string {
  const trimmed = text.replace(/\r$/, "");
  if (trimmed.startsWith('"')) {
    const q = readQuoted(trimmed, 0);
    if (q) return q.value;
  }
  // Git appends a tab after names containing spaces, plain `diff -u` a tab and
  // a timestamp; a real tab inside a name would have been quoted.
  const tab = trimmed.indexOf("\t");
  return tab === -1 ? trimmed : trimmed.slice(0, tab);
}

/** The two names of a `diff --git <old> <new>` header, prefixes still on. */
export function splitGitHeader(rest: string): [string, string] | null {
  const text = rest.replace(/\r$/, "");
  if (text.startsWith('"')) {
    const first = readQuoted(text, 0);
    if (!first) return null;
    return [first.value, readName(text.slice(first.end + 1))];
  }
  const quotedSecond = text.indexOf(' "');
  if (quotedSecond !== -1) {
    const second = readQuoted(text, quotedSecond + 1);
    if (second) return [text.slice(0, quotedSecond), second.value];
  }
  // Unquoted names may contain spaces. Without a rename both halves carry the
  // same name, so "a/P b/P" splits exactly in the middle.
  if ((text.length - 1) % 2 === 0) {
    const half = (text.length - 1) / 2;
    const left = text.slice(0, half);
    const right = text.slice(half + 1);
    if (text[half] === " " && left.slice(2) === right.slice(2)) return [left, right];
  }
  const sep = text.indexOf(" b/");
  if (sep !== -1) return [text.slice(0, sep), text.slice(sep + 1)];
  const space = text.indexOf(" ");
  return space === -1 ? null : [text.slice(0, space), text.slice(space + 1)];
}

/**
 * Strip git's default `a/` and `b/` prefixes, but only when both sides carry
 * them (or one side is /dev/null), so `--no-prefix` output keeps a real
 * top-level folder called `a/`.
 */
export function stripPrefixes(oldName: string | null, newName: string | null): [string | null, string | null] {
  const oldOk = oldName === null || oldName === "/dev/null" || oldName.startsWith("a/");
  const newOk = newName === null || newName === "/dev/null" || newName.startsWith("b/");
  const anyPrefixed = (oldName?.startsWith("a/") ?? false) || (newName?.startsWith("b/") ?? false);
  if (!(oldOk && newOk && anyPrefixed)) return [oldName, newName];
  const strip = (n: string | null) => (n === null || n === "/dev/null" ? n : n.slice(2));
  return [strip(oldName), strip(newName)];
}
