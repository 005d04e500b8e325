/** git_diff: what changed, between two commits or between a commit and the working tree. */
import { z } from "zod";
import { diff } from "../repos/git";
import { confinePath } from "./confine-path";
import { gitWorktree } from "./git-worktree";
import { MAX_DIFF_BYTES, MAX_PATH_CHARS } from "./limits";
import { translateErrors } from "./tool-errors";
import type { ToolDefinition } from "./types";

const ref = z.string().min(1).max(200);

const input = z.strictObject({
  base: ref.optional(),
  head: ref.optional(),
  path: z.string().max(MAX_PATH_CHARS).optional(),
});

export type GitDiffInput = z.infer<typeof input>;

export const gitDiffTool: ToolDefinition<GitDiffInput> = {
  name: "git_diff",
  tier: "read",
  effects: [],
  scope: "general",
  description:
    "Show a unified diff of the worktree's git repository. Without arguments: uncommitted changes to tracked files " +
    "(working tree against HEAD). `base` alone: working tree against that commit. `base` and `head`: between two " +
    "commits. Revisions are branch or tag names, commit ids, or those with ~N / ^N (e.g. HEAD~3). `path` limits the " +
    `diff to one file or directory. Untracked files are not shown. Output is cut at ${MAX_DIFF_BYTES} bytes.`,
  input,
  async execute(args, ctx) {
    const { worktree, location } = await gitWorktree(ctx);
    const where = args.path === undefined ? null : await confinePath(worktree, args.path, { allowRoot: true });
    const paths = where && where.relative !== "" ? [where.relative] : [];
    const { text, truncated } = await translateErrors(() =>
      diff({ ...location, base: args.base, head: args.head, paths, maxOutputBytes: MAX_DIFF_BYTES, signal: ctx.signal }),
    );
    if (text.trim() === "") return { output: "No differences." };
    return { output: truncated ? `${text}\n[diff cut at ${MAX_DIFF_BYTES} bytes; pass path to see one file at a time]` : text };
  },
};
