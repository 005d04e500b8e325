/**
 * The folders of lib/ form layers: a domain folder may use the folders below
 * it, never one that uses it back, so each can be read, tested and changed
 * without the rest. lib/runtime is the one place that composes domains (job
 * handlers, tool-service wiring, run start-up): it may import anything, and
 * only entry points (app/, server/, scripts/, tests) import it.
 *
 * Every import in lib/**\/*.ts counts, type-only ones too. A test file
 * (`*.test.ts`) is an entry point like the suites under tests/: it may
 * exercise its folder together with whatever it needs, and nothing imports it.
 * Shared test helpers (`*.test-support.ts`) are modules and do count.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LIB = path.join(ROOT, "lib");
/** Generated code (the Prisma client) imports only itself. */
const SKIPPED_DIRS = new Set(["generated", "node_modules"]);
const RUNTIME = "runtime";

interface Edge {
  from: string;
  to: string;
  /** "lib/x/file.ts imports ../y/z" */
  evidence: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every module specifier a file names: static imports and re-exports, side-effect imports, dynamic import(). */
function importSpecifiers(source: string): string[] {
  const pattern = /(?:^|[\s;])(?:import|export)\s[^'"]*?\bfrom\s*["']([^"']+)["']|(?:^|[\s;])import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;
  return [...source.matchAll(pattern)].map((m) => m[1] ?? m[2] ?? m[3]!);
}

/** The lib folder a specifier in `file` points into, or null when it leaves lib (packages, app code). */
function targetFolder(file: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith("@/")) target = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
  else return null;
  const relative = path.relative(LIB, target);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] ?? null;
}

function folderOf(file: string): string {
  return path.relative(LIB, file).split(path.sep)[0]!;
}

function libFolderEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(LIB)) {
    const from = folderOf(file);
    for (const specifier of importSpecifiers(readFileSync(file, "utf8"))) {
      const to = targetFolder(file, specifier);
      if (to && to !== from) edges.push({ from, to, evidence: `${path.relative(ROOT, file)} imports ${specifier}` });
    }
  }
  return edges;
}

/**
 * The cycles among folders: one per strongly connected component with more
 * than one folder (Tarjan), spelled as a closed path a → b → … → a with the
 * import that makes each step.
 */
function folderCycles(edges: Edge[]): string[] {
  const next = new Map<string, Map<string, string>>();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, new Map());
    if (!next.has(e.to)) next.set(e.to, new Map());
    if (!next.get(e.from)!.has(e.to)) next.get(e.from)!.set(e.to, e.evidence);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!.keys()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component);
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);

  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    // Shortest way back to the start inside the component (breadth first), so the message names one concrete cycle.
    const previous = new Map<string, string>();
    const queue = [start];
    let closing: string | null = null;
    while (queue.length > 0 && closing === null) {
      const v = queue.shift()!;
      for (const w of [...next.get(v)!.keys()].sort()) {
        if (!members.has(w)) continue;
        if (w === start) {
          closing = v;
          break;
        }
        if (!previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    const path_: string[] = [closing!];
    while (path_[0] !== start) path_.unshift(previous.get(path_[0]!)!);
    path_.push(start);
    const steps = path_.slice(1).map((to, i) => `  ${path_[i]} → ${to}: ${next.get(path_[i]!)!.get(to)}`);
    return `lib/${[...component].sort().join(", lib/")} import each other:\n${steps.join("\n")}`;
  });
}

describe("lib folders form layers", () => {
  it("no two lib folders import each other, directly or through a longer cycle", () => {
    expect(folderCycles(libFolderEdges())).toEqual([]);
  });

  it("nothing in lib imports lib/runtime but lib/runtime itself", () => {
    const intoRuntime = libFolderEdges().filter((e) => e.to === RUNTIME && e.from !== RUNTIME);
    expect(intoRuntime.map((e) => e.evidence)).toEqual([]);
  });

  it("names the folders and imports of a cycle, direct or longer", () => {
    const cycles = folderCycles([
      { from: "a", to: "b", evidence: "lib/a/x.ts imports ../b/y" },
      { from: "b", to: "c", evidence: "lib/b/y.ts imports ../c/z" },
      { from: "c", to: "a", evidence: "lib/c/z.ts imports ../a/x" },
      { from: "c", to: "d", evidence: "lib/c/z.ts imports ../d/w" },
      { from: "d", to: "e", evidence: "lib/d/w.ts imports ../e/v" },
      { from: "e", to: "d", evidence: "lib/e/v.ts imports ../d/w" },
    ]);
    expect(cycles).toHaveLength(2);
    expect(cycles).toContain(
      "lib/a, lib/b, lib/c import each other:\n  a → b: lib/a/x.ts imports ../b/y\n  b → c: lib/b/y.ts imports ../c/z\n  c → a: lib/c/z.ts imports ../a/x",
    );
    expect(cycles).toContain("lib/d, lib/e import each other:\n  d → e: lib/d/w.ts imports ../e/v\n  e → d: lib/e/v.ts imports ../d/w");
  });

  it("reads every kind of import a file can make", () => {
    const source = [
      'import "server-only";',
      'import type { A } from "../a/types";',
      'import { b,\n  c } from "@/lib/b/c";',
      'export { d } from "./d";',
      'const e = await import("../e/lazy");',
      '// a word like "import" in prose is not an import',
    ].join("\n");
    expect(importSpecifiers(source)).toEqual(["server-only", "../a/types", "@/lib/b/c", "./d", "../e/lazy"]);
  });
});
