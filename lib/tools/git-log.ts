/** git_log: recent commits of the worktree's history. */
import { z } from "zod";
import { log } from "../repos/git";
import { gitWorktree } from "./git-worktree";
import { MAX_LOG_ENTRIES } from "./limits";
import { translateErrors } from "./tool-errors";
import type { ToolDefinition } from "./types";

const input = z.strictObject({
  ref: z.string().min(1).max(200).optional(),
  limit: z.number().int().min(1).max(MAX_LOG_ENTRIES).optional(),
});

export type GitLogInput = z.infer<typeof input>;

export const gitLogTool: ToolDefinition<GitLogInput> = {
  name: "git_log",
  tier: "read",
  effects: [],
  scope: "general",
  description:
    "List commits of the worktree's git history, newest first: commit id, author date, author and subject. " +
    "`ref` (default HEAD) is a branch, tag or commit id, optionally with ~N / ^N. " +
    `\`limit\` is how many commits (default 20, at most ${MAX_LOG_ENTRIES}).`,
  input,
  async execute(args, ctx) {
    const { location } = await gitWorktree(ctx);
    const entries = await translateErrors(() => log({ ...location, ref: args.ref, limit: args.limit ?? 20, signal: ctx.signal }));
    if (entries.length === 0) return { output: "No commits." };
    return { output: entries.map((e) => `${e.sha} ${e.date} ${e.author}\n    ${e.subject}`).join("\n") };
  },
};
