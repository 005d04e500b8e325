/** glob: find worktree files by name pattern, without following symlinks out. */
import path from "node:path";
import picomatch from "picomatch";
import { z } from "zod";
import { requireWorktree } from "./confine-path";
import { MAX_GLOB_RESULTS, MAX_GLOB_VISITS } from "./limits";
import { resolveInWorktree } from "./resolve-in-worktree";
import { isGitName } from "./tool-path";
import { ToolError, type ToolDefinition } from "./types";
import { walkFiles } from "./walk-files";
import { closeDir, openDirOrNull, type Dir } from "./worktree-dir";

const input = z.strictObject({
  pattern: z.string().min(1).max(500),
});

export type GlobInput = z.infer<typeof input>;

/**
 * The directory the pattern's fixed leading part names, walked from the root
 * handle without following links (a link there yields no matches, as a link
 * anywhere in the walk does), or null.
 */
function openBase(root: Dir, base: string): Dir | null {
  let dir = root;
  for (const part of base.split("/").filter((p) => p !== "" && p !== ".")) {
    const next = part === ".." || isGitName(part) ? null : openDirOrNull(dir, part);
    if (dir !== root) closeDir(dir);
    if (!next) return null;
    dir = next;
  }
  return dir;
}

export const globTool: ToolDefinition<GlobInput> = {
  name: "glob",
  tier: "read",
  effects: [],
  scope: "general",
  description:
    "Find files in the worktree whose path matches a glob pattern, e.g. `**/*.ts` or `src/**/test-*.{js,ts}`. " +
    "The pattern is relative to the worktree root. Returns matching file paths, sorted. Symbolic links are not " +
    `followed, .git is skipped, and node_modules is skipped unless the pattern names it. At most ${MAX_GLOB_RESULTS} results.`,
  input,
  async execute(args, ctx) {
    const worktree = requireWorktree(ctx);
    const pattern = args.pattern;
    if (pattern.includes("\0")) throw new ToolError("pattern contains a NUL byte");
    if (pattern.startsWith("/")) throw new ToolError(`path escapes the worktree: the pattern "${pattern}" is absolute; make it relative to the worktree root`);
    if (pattern.split("/").includes("..")) throw new ToolError(`path escapes the worktree: the pattern "${pattern}" uses ".."`);

    const matches = picomatch(pattern, { dot: true });
    const scan = picomatch.scan(pattern);
    // Walk only below the pattern's fixed leading directories; an escaped character there is left to the matcher.
    const fixed = scan.isGlob ? scan.base : path.posix.dirname(pattern);
    const base = fixed.includes("\\") ? "" : path.posix.normalize(fixed).replace(/^\.$/, "");
    const wantsNodeModules = pattern.includes("node_modules");

    const top = await resolveInWorktree(worktree, "", { allowRoot: true, followLast: true, directory: true });
    const root = top.parent;
    let found: string[] = [];
    let truncated = false;
    try {
      const start = openBase(root, base);
      if (start) {
        try {
          const walked = await walkFiles(start, base, {
            skipDir: (name) => !wantsNodeModules && name === "node_modules",
            maxSegments: pattern.includes("**") ? Infinity : pattern.split("/").length,
            maxEntries: MAX_GLOB_VISITS,
            signal: ctx.signal,
          });
          found = walked.files.filter((file) => matches(file));
          truncated = walked.truncated;
        } finally {
          if (start !== root) closeDir(start);
        }
      }
    } finally {
      await top.close();
    }

    const results = found.sort();
    const note = truncated ? [`[stopped after looking at ${MAX_GLOB_VISITS} entries; narrow the pattern]`] : [];
    if (results.length === 0) return { output: [`No files match ${pattern}.`, ...note].join("\n") };
    const shown = results.slice(0, MAX_GLOB_RESULTS);
    if (results.length > MAX_GLOB_RESULTS) shown.push(`[${results.length - MAX_GLOB_RESULTS} more matches not shown; narrow the pattern]`);
    return { output: [...shown, ...note].join("\n") };
  },
};
