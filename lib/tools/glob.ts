/** glob: find worktree files by name pattern, without following symlinks out. */
import path from "node:path";
import { glob } from "tinyglobby";
import { z } from "zod";
import { requireWorktree } from "./confine-path";
import { MAX_GLOB_RESULTS } from "./limits";
import { ToolError, type ToolDefinition } from "./types";

const input = z.strictObject({
  pattern: z.string().min(1).max(500),
});

export type GlobInput = z.infer<typeof input>;

const IGNORED = ["**/.git", "**/.git/**"];
const NODE_MODULES = ["**/node_modules/**"];

/** A result is kept only if it is a plain relative path inside the root and outside .git. */
function keep(result: string): boolean {
  const normalized = path.posix.normalize(result);
  if (path.isAbsolute(normalized) || normalized === ".." || normalized.startsWith("../")) return false;
  return !normalized.split("/").some((part) => part.toLowerCase() === ".git");
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

    const found = await glob(pattern, {
      cwd: worktree,
      dot: true,
      onlyFiles: true,
      followSymbolicLinks: false,
      expandDirectories: false,
      ignore: pattern.includes("node_modules") ? IGNORED : [...IGNORED, ...NODE_MODULES],
      signal: ctx.signal,
    });
    // Brace expansion can build ".." or an absolute path out of harmless-looking pieces; drop any such result.
    const results = found.filter(keep).sort();
    if (results.length === 0) return { output: `No files match ${pattern}.` };
    const shown = results.slice(0, MAX_GLOB_RESULTS);
    if (results.length > MAX_GLOB_RESULTS) shown.push(`[${results.length - MAX_GLOB_RESULTS} more matches not shown; narrow the pattern]`);
    return { output: shown.join("\n") };
  },
};
