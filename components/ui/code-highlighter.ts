/**
 * One syntax highlighter for every Markdown block on a page (highlight.js
 * through lowlight). rehype-highlight builds a new highlighter, registering
 * every grammar again, each time a message renders — most of the main
 * thread while scrolling a long room. Here the grammars of the languages
 * agents write most are registered once; the others load on first use, and
 * blocks in them show plain until their grammar arrives (`subscribe` tells
 * the Markdown views to render again).
 */
import { createLowlight } from "lowlight";
import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import markdown from "highlight.js/lib/languages/markdown";
import plaintext from "highlight.js/lib/languages/plaintext";
import python from "highlight.js/lib/languages/python";
import shell from "highlight.js/lib/languages/shell";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import type { LanguageFn } from "highlight.js";

export const highlighter = createLowlight({ bash, css, diff, javascript, json, markdown, plaintext, python, shell, sql, typescript, xml, yaml });

type Grammar = () => Promise<{ default: LanguageFn }>;
/** Loaded on first use, by name and by the aliases people write after the fence. */
const LAZY: Record<string, Grammar> = {
  go: () => import("highlight.js/lib/languages/go"),
  rust: () => import("highlight.js/lib/languages/rust"),
  java: () => import("highlight.js/lib/languages/java"),
  kotlin: () => import("highlight.js/lib/languages/kotlin"),
  c: () => import("highlight.js/lib/languages/c"),
  cpp: () => import("highlight.js/lib/languages/cpp"),
  csharp: () => import("highlight.js/lib/languages/csharp"),
  ruby: () => import("highlight.js/lib/languages/ruby"),
  php: () => import("highlight.js/lib/languages/php"),
  swift: () => import("highlight.js/lib/languages/swift"),
  ini: () => import("highlight.js/lib/languages/ini"),
  makefile: () => import("highlight.js/lib/languages/makefile"),
  dockerfile: () => import("highlight.js/lib/languages/dockerfile"),
  lua: () => import("highlight.js/lib/languages/lua"),
  perl: () => import("highlight.js/lib/languages/perl"),
  scss: () => import("highlight.js/lib/languages/scss"),
  graphql: () => import("highlight.js/lib/languages/graphql"),
};
const ALIASES: Record<string, string> = {
  golang: "go", rs: "rust", kt: "kotlin", h: "c", cc: "cpp", hpp: "cpp", "c++": "cpp", cs: "csharp", "c#": "csharp",
  rb: "ruby", toml: "ini", make: "makefile", mk: "makefile", docker: "dockerfile", pl: "perl", gql: "graphql",
};

const listeners = new Set<() => void>();
const loading = new Set<string>();
let version = 0;

/** True when `language` (a name or alias) can be highlighted now; otherwise starts loading it if it is one we know. */
export function ensureLanguage(language: string): boolean {
  if (highlighter.registered(language)) return true;
  const name = ALIASES[language] ?? language;
  const load = Object.hasOwn(LAZY, name) ? LAZY[name] : undefined;
  if (!load || loading.has(name)) return false;
  loading.add(name);
  void load().then(
    (grammar) => {
      highlighter.register(name, grammar.default);
      if (name !== language) highlighter.registerAlias(name, language);
      version++;
      for (const listener of listeners) listener();
    },
    () => undefined, // a grammar that cannot load leaves its blocks plain
  );
  return false;
}

/** For useSyncExternalStore: the views render again when a grammar arrives. */
export function subscribeToGrammars(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const grammarsVersion = () => version;
