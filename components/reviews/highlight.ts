/**
 * A small syntax highlighter for diff lines: keywords, strings, comments and
 * numbers of common languages, picked by file extension. It is a tokenizer,
 * not a parser: good enough to make code readable, cheap enough to run on
 * thousands of lines as they scroll into view. Block comments and multi-line
 * strings carry over to the next line through `LineState`.
 */

export type TokenKind = "plain" | "keyword" | "literal" | "string" | "comment" | "number";

export interface Token {
  kind: TokenKind;
  text: string;
}

export interface Language {
  name: string;
  keywords: ReadonlySet<string>;
  literals: ReadonlySet<string>;
  lineComments: readonly string[];
  block: readonly [string, string] | null;
  /** quote characters; a tripled quote (""" or ''') is a multi-line string when `triple` */
  quotes: readonly string[];
  /** quotes that may span lines (JS template literals) */
  multilineQuotes: readonly string[];
  triple: boolean;
  caseInsensitive: boolean;
}

/** What is still open at the end of a line. */
export interface LineState {
  block: boolean;
  quote: string | null;
}

export const START: LineState = { block: false, quote: null };

const words = (s: string) => new Set(s.split(/\s+/).filter(Boolean));

const C_LIKE_LITERALS = words("true false null undefined nil NULL nullptr this self super None True False");

const JS = words(
  "abstract as async await break case catch class const continue debugger declare default delete do else enum export extends finally for from function get if implements import in infer instanceof interface is keyof let namespace new of private protected public readonly return satisfies set static switch throw try type typeof var void while with yield",
);
const PY = words(
  "and as assert async await break class continue def del elif else except finally for from global if import in is lambda match case nonlocal not or pass raise return try while with yield",
);
const GO = words("break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var");
const RUST = words(
  "as async await break const continue crate dyn else enum extern fn for if impl in let loop match mod move mut pub ref return static struct trait type unsafe use where while",
);
const JAVA = words(
  "abstract assert break case catch class const continue default do else enum extends final finally for goto if implements import instanceof interface native new package private protected public return static super switch synchronized throw throws transient try void volatile while var record sealed permits fun val when object companion override open data internal",
);
const C = words(
  "auto break case char const continue default do double else enum extern float for goto if inline int long register return short signed sizeof static struct switch typedef union unsigned void volatile while class namespace template typename public private protected virtual override new delete using try catch throw constexpr bool",
);
const CS = words(
  "abstract as async await base bool break case catch class const continue default delegate do else enum event explicit extern finally fixed for foreach if implicit in interface internal is lock namespace new operator out override params private protected public readonly ref return sealed sizeof static struct switch throw try typeof using var virtual void while",
);
const RUBY = words("alias and begin break case class def defined? do else elsif end ensure for if in module next not or redo rescue retry return unless until when while yield require");
const SHELL = words("if then else elif fi case esac for while until do done in function return local export readonly set unset shift exit echo");
const SQL = words(
  "select from where and or not insert into values update set delete create table alter drop index view join left right inner outer on as group by order having limit offset union all distinct primary key foreign references null is in exists like between case when then else end begin commit rollback returning default constraint unique",
);

function lang(name: string, keywords: ReadonlySet<string>, options: Partial<Omit<Language, "name" | "keywords">> = {}): Language {
  return {
    name,
    keywords,
    literals: options.literals ?? C_LIKE_LITERALS,
    lineComments: options.lineComments ?? ["//"],
    block: options.block === undefined ? ["/*", "*/"] : options.block,
    quotes: options.quotes ?? ['"', "'"],
    multilineQuotes: options.multilineQuotes ?? [],
    triple: options.triple ?? false,
    caseInsensitive: options.caseInsensitive ?? false,
  };
}

const LANGUAGES = {
  js: lang("javascript", JS, { quotes: ['"', "'", "`"], multilineQuotes: ["`"] }),
  py: lang("python", PY, { lineComments: ["#"], block: null, triple: true }),
  go: lang("go", GO, { quotes: ['"', "'", "`"], multilineQuotes: ["`"] }),
  rust: lang("rust", RUST, { quotes: ['"'] }),
  java: lang("java", JAVA),
  c: lang("c", C),
  cs: lang("csharp", CS),
  ruby: lang("ruby", RUBY, { lineComments: ["#"], block: null }),
  shell: lang("shell", SHELL, { lineComments: ["#"], block: null }),
  yaml: lang("yaml", new Set(), { lineComments: ["#"], block: null }),
  json: lang("json", new Set(), { lineComments: [], block: null, quotes: ['"'] }),
  css: lang("css", new Set(), { lineComments: [], literals: new Set() }),
  sql: lang("sql", SQL, { lineComments: ["--"], caseInsensitive: true }),
} satisfies Record<string, Language>;

const BY_EXTENSION: Record<string, Language> = {
  js: LANGUAGES.js, jsx: LANGUAGES.js, mjs: LANGUAGES.js, cjs: LANGUAGES.js,
  ts: LANGUAGES.js, tsx: LANGUAGES.js, mts: LANGUAGES.js, cts: LANGUAGES.js,
  py: LANGUAGES.py, pyi: LANGUAGES.py,
  go: LANGUAGES.go,
  rs: LANGUAGES.rust,
  java: LANGUAGES.java, kt: LANGUAGES.java, kts: LANGUAGES.java, scala: LANGUAGES.java, swift: LANGUAGES.java, dart: LANGUAGES.java,
  c: LANGUAGES.c, h: LANGUAGES.c, cc: LANGUAGES.c, cpp: LANGUAGES.c, cxx: LANGUAGES.c, hpp: LANGUAGES.c, m: LANGUAGES.c,
  cs: LANGUAGES.cs,
  rb: LANGUAGES.ruby,
  sh: LANGUAGES.shell, bash: LANGUAGES.shell, zsh: LANGUAGES.shell,
  yml: LANGUAGES.yaml, yaml: LANGUAGES.yaml, toml: LANGUAGES.yaml, ini: LANGUAGES.yaml, env: LANGUAGES.yaml,
  json: LANGUAGES.json, jsonc: LANGUAGES.js,
  css: LANGUAGES.css, scss: LANGUAGES.css, less: LANGUAGES.css,
  sql: LANGUAGES.sql,
};

const BY_NAME: Record<string, Language> = { Dockerfile: LANGUAGES.shell, Makefile: LANGUAGES.shell, ".gitignore": LANGUAGES.yaml };

/** The language of a path, or null for text we do not colour (Markdown, plain text, unknown). */
export function languageFor(path: string): Language | null {
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (BY_NAME[name]) return BY_NAME[name];
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return null;
  return BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? null;
}

const IDENT = /[A-Za-z_$][\w$?]*/y;
const NUMBER = /(?:0[xX][\da-fA-F_]+|0[bB][01_]+|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?)[a-zA-Z]*/y;

/** First characters that can start something other than plain text, per language (computed once). */
interface Starts {
  lineComment: ReadonlySet<number>;
  block: number;
  quotes: ReadonlySet<number>;
}
const STARTS = new WeakMap<Language, Starts>();
function startsOf(language: Language): Starts {
  let starts = STARTS.get(language);
  if (!starts) {
    starts = {
      lineComment: new Set(language.lineComments.map((c) => c.charCodeAt(0))),
      block: language.block ? language.block[0].charCodeAt(0) : -1,
      quotes: new Set(language.quotes.map((q) => q.charCodeAt(0))),
    };
    STARTS.set(language, starts);
  }
  return starts;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isIdentStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
const isWord = (c: number) => isIdentStart(c) || isDigit(c);

/**
 * Tokenize one line; returns its tokens and what is still open at its end.
 * One pass over character codes; runs of plain text (punctuation, spaces,
 * ordinary identifiers) become one token.
 */
export function tokenizeLine(text: string, language: Language | null, state: LineState = START): { tokens: Token[]; state: LineState } {
  if (!language || text.length > 2000) return { tokens: [{ kind: "plain", text }], state: START };
  const starts = startsOf(language);
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  let plainFrom = 0;
  const emit = (kind: TokenKind, from: number, to: number) => {
    if (plainFrom < from) tokens.push({ kind: "plain", text: text.slice(plainFrom, from) });
    if (to > from) tokens.push({ kind, text: text.slice(from, to) });
    plainFrom = to;
  };
  const finish = (next: LineState) => {
    if (plainFrom < n) tokens.push({ kind: "plain", text: text.slice(plainFrom) });
    return { tokens, state: next };
  };

  if (state.block && language.block) {
    const close = text.indexOf(language.block[1]);
    if (close === -1) {
      emit("comment", 0, n);
      return finish({ block: true, quote: null });
    }
    i = close + language.block[1].length;
    emit("comment", 0, i);
  } else if (state.quote) {
    const end = findQuoteEnd(text, 0, state.quote);
    if (end === -1) {
      emit("string", 0, n);
      return finish({ block: false, quote: state.quote });
    }
    i = end;
    emit("string", 0, i);
  }

  while (i < n) {
    const c = text.charCodeAt(i);
    if (starts.lineComment.has(c) && language.lineComments.some((lc) => text.startsWith(lc, i))) {
      emit("comment", i, n);
      return finish(START);
    }
    if (c === starts.block && language.block && text.startsWith(language.block[0], i)) {
      const close = text.indexOf(language.block[1], i + language.block[0].length);
      if (close === -1) {
        emit("comment", i, n);
        return finish({ block: true, quote: null });
      }
      const end = close + language.block[1].length;
      emit("comment", i, end);
      i = end;
      continue;
    }
    if (starts.quotes.has(c)) {
      const ch = text[i]!;
      const tripled = language.triple && text.startsWith(ch.repeat(3), i) ? ch.repeat(3) : null;
      const open = tripled ?? ch;
      const end = findQuoteEnd(text, i + open.length, open);
      if (end === -1) {
        emit("string", i, n);
        // Only template literals and triple-quoted strings go on; a plain unterminated string ends with its line.
        const carries = tripled !== null || language.multilineQuotes.includes(ch);
        return finish({ block: false, quote: carries ? open : null });
      }
      emit("string", i, end);
      i = end;
      continue;
    }
    const prev = i > 0 ? text.charCodeAt(i - 1) : 32;
    if (isDigit(c) && !isWord(prev)) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (m) {
        emit("number", i, i + m[0].length);
        i += m[0].length;
        continue;
      }
    }
    if (isIdentStart(c)) {
      IDENT.lastIndex = i;
      const m = IDENT.exec(text);
      const word = m ? m[0] : text[i]!;
      // A property access (obj.type) is not a keyword.
      if (prev !== 46) {
        const key = language.caseInsensitive ? word.toLowerCase() : word;
        if (language.keywords.has(key)) emit("keyword", i, i + word.length);
        else if (language.literals.has(word)) emit("literal", i, i + word.length);
      }
      i += word.length;
      continue;
    }
    i++;
  }
  return finish(START);
}

/** Index just past the closing quote, or -1 when the line ends first. Backslash escapes the next character. */
function findQuoteEnd(text: string, from: number, quote: string): number {
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (text.startsWith(quote, i)) return i + quote.length;
  }
  return -1;
}

/** Tailwind classes per token kind, light and dark. */
export const TOKEN_CLASS: Record<TokenKind, string> = {
  plain: "",
  keyword: "text-violet-700 dark:text-violet-300",
  literal: "text-sky-700 dark:text-sky-300",
  string: "text-emerald-700 dark:text-emerald-300",
  comment: "italic text-zinc-600 dark:text-zinc-400",
  number: "text-amber-700 dark:text-amber-300",
};

/**
 * Tokens of a diff file's lines, computed on first use and only as far into
 * a hunk as has been asked for (a 5,000-line new file is one hunk; its first
 * screen must not wait for the rest). The old side (context + removals) and
 * the new side (context + additions) carry their own open comment/string
 * state, as the two versions of the file would.
 */
export class HunkTokens {
  private readonly hunkState = new Map<number, { tokens: Token[][]; old: LineState; next: LineState }>();
  constructor(
    private readonly hunks: readonly { lines: readonly { type: "context" | "add" | "del"; content: string }[] }[],
    private readonly language: Language | null,
  ) {}

  get(hunk: number, index: number): Token[] {
    const lines = this.hunks[hunk]?.lines;
    if (!lines) return [];
    if (!this.language) return [{ kind: "plain", text: lines[index]?.content ?? "" }];
    let s = this.hunkState.get(hunk);
    if (!s) {
      s = { tokens: [], old: START, next: START };
      this.hunkState.set(hunk, s);
    }
    while (s.tokens.length <= index && s.tokens.length < lines.length) {
      const line = lines[s.tokens.length]!;
      if (line.type === "del") {
        const out = tokenizeLine(line.content, this.language, s.old);
        s.old = out.state;
        s.tokens.push(out.tokens);
      } else {
        const out = tokenizeLine(line.content, this.language, s.next);
        s.next = out.state;
        if (line.type === "context") s.old = out.state;
        s.tokens.push(out.tokens);
      }
    }
    return s.tokens[index] ?? [];
  }
}
