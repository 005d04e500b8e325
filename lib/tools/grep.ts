/**
 * grep: search file contents in the worktree with a regular expression.
 * Runs `git grep` as a child process, inside the OS sandbox with the worktree
 * read-only (sandboxed-git-grep.ts, H2): the regex engine then lives in a
 * process with a timeout, so a pathological pattern cannot stall the worker,
 * and git already skips .git, ignored files and binary files and does not
 * follow symbolic links it finds.
 */
import { z } from "zod";
import { literalPathspec } from "../repos/git-refs";
import { confinePath } from "./confine-path";
import { gitWorktree } from "./git-worktree";
import { cutLine, MAX_GREP_LINE_CHARS, MAX_GREP_MATCHES, MAX_PATH_CHARS } from "./limits";
import { sandboxedGitGrep } from "./sandboxed-git-grep";
import { ToolError, type ToolDefinition } from "./types";

const input = z.strictObject({
  pattern: z.string().min(1).max(1000),
  path: z.string().max(MAX_PATH_CHARS).optional(),
  glob: z.string().min(1).max(200).optional(),
  ignoreCase: z.boolean().optional(),
});

export type GrepInput = z.infer<typeof input>;

const GREP_TIMEOUT_MS = 20_000;
const GREP_MAX_BYTES = 2 * 1024 * 1024;

/** Characters git's glob magic treats specially, escaped so a directory name is matched literally. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}

function pathspecFor(relative: string, glob: string | undefined): string[] {
  if (glob === undefined) return relative === "" ? [] : [literalPathspec(relative)];
  if (glob.includes("\0") || glob.startsWith("/") || glob.startsWith(":") || glob.split("/").includes("..")) {
    throw new ToolError(`invalid glob "${glob}": give a file pattern such as *.ts or src/**/*.py, relative to the search path`);
  }
  const prefix = relative === "" ? "" : `${escapeGlob(relative)}/`;
  const body = glob.includes("/") ? glob : `**/${glob}`;
  return [`:(glob)${prefix}${body}`];
}

export const grepTool: ToolDefinition<GrepInput> = {
  name: "grep",
  tier: "read",
  effects: [],
  scope: "general",
  description:
    "Search the contents of files in the worktree with an extended regular expression (POSIX ERE, like `grep -E`). " +
    "Optional `path` (a directory or file relative to the worktree root) limits the search, `glob` filters file " +
    "names (e.g. `*.ts`), `ignoreCase` makes it case-insensitive. Returns `file:line:text` lines. Searches tracked " +
    `and untracked files but skips .gitignored, binary and .git files. At most ${MAX_GREP_MATCHES} matches.`,
  input,
  async execute(args, ctx) {
    const { worktree, onRecord } = await gitWorktree(ctx);
    if (args.pattern.includes("\0")) throw new ToolError("pattern contains a NUL byte");
    const where = await confinePath(worktree, args.path ?? "", { allowRoot: true });
    if (!where.exists) throw new ToolError(`path not found: ${where.relative}`);
    const pathspecs = pathspecFor(where.relative, args.glob);

    const result = await sandboxedGitGrep(
      onRecord,
      [
        "--untracked", "-n", "-I", "-E", "--no-color", "--full-name",
        ...(args.ignoreCase ? ["-i"] : []),
        // -e makes the pattern an argument even when it starts with "-".
        "-e", args.pattern,
        "--", ...pathspecs,
      ],
      { timeoutMs: GREP_TIMEOUT_MS, maxOutputBytes: GREP_MAX_BYTES },
    );
    if (result.exitCode === 1) return { output: `No matches for /${args.pattern}/.` };

    const lines = result.stdout.split("\n").filter(Boolean);
    if (result.truncated) lines.pop(); // the last line may be cut mid-way
    const shown = lines.slice(0, MAX_GREP_MATCHES).map((line) => cutLine(line, MAX_GREP_LINE_CHARS));
    if (lines.length > MAX_GREP_MATCHES || result.truncated) {
      shown.push(`[more matches not shown; narrow the pattern, path or glob]`);
    }
    return { output: shown.join("\n") };
  },
};
