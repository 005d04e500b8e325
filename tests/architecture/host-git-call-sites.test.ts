/**
 * H6: every host-side git runs through one wrapper, lib/repos/git.ts, which
 * refuses a git directory, index or working directory inside a worktree or
 * anywhere an agent could write (lib/repos/host-git-paths.ts) and has no way
 * to name a work tree. This reads the source of everything that runs on the
 * server (lib/, server/, app/, components/, scripts/; tests and their helpers
 * build fixtures with git of their own and are not the server) and fails,
 * naming the line, when:
 *
 * - anything but the wrapper names the git program (`"git"`,
 *   `"/usr/bin/git"`) — a spawn of git that would bypass it;
 * - a file starts processes that is not one of the known starters (a new one
 *   must be looked at, then listed here);
 * - anything outside the two sandboxed-git modules sets GIT_WORK_TREE or
 *   GIT_DIR for a process, or passes a `workTree` — git pointed at a worktree;
 * - the wrapper stops checking its paths before it spawns, or starts setting
 *   a work tree;
 * - server code outside lib/ imports the wrapper (routes and pages go through
 *   lib functions, which this enumerates).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["lib", "server", "app", "components", "scripts"];
const SKIPPED_DIRS = new Set(["generated", "node_modules", ".next"]);
const WRAPPER = "lib/repos/git.ts";

/** Files that may start processes, each for a reason; none of them may start git itself. */
const PROCESS_STARTERS: Record<string, string> = {
  "lib/sandbox/spawn-capped.ts": "the one bounded spawn: the wrapper's git and the sandbox's command lines",
  "lib/sandbox/spawn-capped-core.mjs": "the bounded spawn itself, run by spawn-capped.ts or by the process launcher",
  "lib/sandbox/launcher.mjs": "the process launcher: runs spawn-capped-core for the app, message by message",
  "lib/sandbox/process-launcher.ts": "starts the process launcher (node running launcher.mjs)",
  "lib/sandbox/start-sandboxed-process.ts": "a long-lived process inside the sandbox (Claude Code)",
  "lib/transports/claude-code/model-relay-inside.ts": "runs inside the sandbox: starts the CLI there",
  "scripts/e2e-server.mjs": "test tooling: starts Next.js and the stand-in model server",
  "scripts/dev.mjs": "npm run dev: starts the Next.js dev server and warms its first pages",
  "scripts/prisma-generate.mjs": "build tooling: runs prisma generate",
  "lib/hosts/refs-server.ts": "issue 24: the refs server's `git http-backend` (see GIT_SERVERS)",
};

/**
 * Git run as a server, not on a worktree: the refs server's `git http-backend` serves only the
 * bare repositories under its own root (made by ensureMirror, through the wrapper and its path
 * checks), and as a CGI program it streams packs both ways, which the bounded wrapper does not.
 */
const GIT_SERVERS = new Set(["lib/hosts/refs-server.ts"]);

/** Callers of spawnCapped: the wrapper, the sandbox's own starts and its file hand-over. */
const SPAWN_CAPPED_CALLERS = new Set([WRAPPER, "lib/sandbox/run-in-sandbox.ts", "lib/sandbox/detect-sandbox.ts", "lib/sandbox/sandbox-user.ts"]);

/** The modules that build the environment of git *inside the sandbox* (GIT_DIR/GIT_WORK_TREE there point at sandbox mounts). */
const SANDBOXED_GIT = new Set(["lib/repos/read-worktree-git.ts", "lib/repos/sandbox-git-step.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(full);
    if (!/\.(tsx?|mjs|cjs|js)$/.test(entry.name)) return [];
    if (/\.test\.tsx?$|\.test-support\.ts$/.test(entry.name)) return [];
    return [full];
  });
}

/** Source without comments (block comments and whole-line `//` comments), line numbers kept. */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, " ")).replace(/^\s*\/\/.*$/gm, "");
}

interface Hit {
  file: string;
  line: number;
  text: string;
}

function hits(pattern: RegExp, filter: (file: string) => boolean = () => true): Hit[] {
  const found: Hit[] = [];
  for (const file of FILES) {
    if (!filter(file)) continue;
    const lines = code(readFileSync(path.join(ROOT, file), "utf8")).split("\n");
    lines.forEach((text, i) => {
      if (pattern.test(text)) found.push({ file, line: i + 1, text: text.trim().slice(0, 160) });
    });
  }
  return found;
}

const show = (list: Hit[]) => list.map((h) => `${h.file}:${h.line}: ${h.text}`);

const FILES = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).map((file) => path.relative(ROOT, file));

describe("H6: one wrapper for host-side git", () => {
  it("H6: the scan sees the server's source (the wrapper, its callers, the sandbox)", () => {
    expect(FILES).toContain(WRAPPER);
    expect(FILES).toContain("lib/repos/commit-worktree.ts");
    expect(FILES.length).toBeGreaterThan(300);
  });

  it("H6: only the wrapper names the git program; no other file can spawn git on the host", () => {
    const named = hits(/(["'`])(?:\/usr\/(?:local\/)?bin\/)?git\1/, (file) => file !== WRAPPER && !GIT_SERVERS.has(file));
    expect(show(named)).toEqual([]);
    // And the wrapper spawns it exactly once, through the bounded spawn.
    expect(hits(/spawnCapped\(\s*"git"/, (file) => file === WRAPPER)).toHaveLength(1);
  });

  it("H6: only the known files start processes, and only the known ones use the bounded spawn", () => {
    const starters = hits(/from\s+["'](?:node:)?child_process["']|require\(\s*["'](?:node:)?child_process["']\s*\)/);
    expect(show(starters.filter((h) => !(h.file in PROCESS_STARTERS)))).toEqual([]);
    const capped = hits(/\bspawnCapped\(/, (file) => file !== "lib/sandbox/spawn-capped.ts");
    expect(show(capped.filter((h) => !SPAWN_CAPPED_CALLERS.has(h.file)))).toEqual([]);
  });

  it("H6: nothing outside the sandboxed-git modules points a process at a work tree or a git directory of its choosing", () => {
    const pointed = hits(/\bGIT_WORK_TREE\b|\bGIT_DIR\s*[:=]|\bworkTree\s*[:?]|["'`]--(?:work-tree|git-dir)["'`]|--(?:work-tree|git-dir)=/, (file) => !SANDBOXED_GIT.has(file) && file !== WRAPPER);
    expect(show(pointed)).toEqual([]);
  });

  it("H6: the wrapper checks every path before it spawns, and never sets a work tree", () => {
    const wrapper = code(readFileSync(path.join(ROOT, WRAPPER), "utf8"));
    expect(wrapper).not.toMatch(/GIT_WORK_TREE|workTree/);
    const body = wrapper.slice(wrapper.indexOf("export async function git("));
    expect(body.indexOf("await checkPlaces(")).toBeGreaterThan(-1);
    expect(body.indexOf("await checkPlaces(")).toBeLessThan(body.indexOf('spawnCapped("git"'));
    const checks = wrapper.slice(wrapper.indexOf("async function checkPlaces("), wrapper.indexOf("export async function git("));
    for (const place of ["options.gitDir", "options.commonDir", "index", "cwd"]) expect(checks).toContain(`assertHostGitPath(${place}`);
  });

  it("H6: the wrapper's call sites are all in lib/; routes, pages and scripts reach git only through lib functions", () => {
    const importers = hits(/import\s*\{[^}]*\bgit\b[^}]*\}\s*from\s*["'][^"']*repos\/git["']|import\s*\{[^}]*\bgit\b[^}]*\}\s*from\s*["']\.\/git["']/);
    const files = [...new Set(importers.map((h) => h.file))].sort();
    expect(files.filter((file) => !file.startsWith("lib/"))).toEqual([]);
    // Each is a domain module of Gatehouse's own git (mirrors, worktrees' git directories), never a tool or a route.
    // lib/hosts (issue 24): pushes and fetches of rooms' refs, in Gatehouse's own mirrors.
    expect(files.filter((file) => !/^lib\/(repos|orchestration|runs|demo|hosts)\//.test(file))).toEqual([]);
    expect(files.length).toBeGreaterThan(10);
  });
});
