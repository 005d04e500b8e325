/**
 * git_commit: record the worktree's changes as a commit by the agent. The
 * message reaches git on stdin (`-F -`), never through a shell or as an
 * option; hooks do not run (they would run on the host, outside the sandbox).
 * The commit lands on the room's branch in Gatehouse's mirror, found from the
 * room's records (H2) however the worktree's `.git` was rewritten; the
 * worktree is staged inside the sandbox and the host records only objects it
 * checked (H6), so a nested repository the agent made — or its filters,
 * fsmonitor and hooks — is refused, never recorded as a gitlink to whatever
 * its `.git` names, and never run on the host. The commit itself is lib/repos/commit-worktree.ts,
 * the same one a person's commit in a room and a ticket's leftovers use.
 */
import { z } from "zod";
import { commitWorktree, NestedRepositoryError, NothingToCommitError } from "../repos/commit-worktree";
import { BranchMovedError } from "../repos/land-commit";
import { literalPathspec } from "../repos/git-refs";
import { confinePath, requireWritableWorktree } from "./confine-path";
import { gitWorktree } from "./git-worktree";
import { MAX_PATH_CHARS } from "./limits";
import { translateErrors } from "./tool-errors";
import { ToolError, type ToolDefinition } from "./types";

const input = z.strictObject({
  message: z.string().min(1).max(10_000),
  paths: z.array(z.string().min(1).max(MAX_PATH_CHARS)).min(1).max(200).optional(),
});

export type GitCommitInput = z.infer<typeof input>;

export const AGENT_AUTHOR = { name: "Gatehouse agent", email: "agent@gatehouse.local" } as const;

export const gitCommitTool: ToolDefinition<GitCommitInput> = {
  name: "git_commit",
  tier: "execute",
  effects: ["commit"],
  scope: "general",
  description:
    "Commit changes in the worktree. Without `paths`, every change is committed (new, modified and deleted files, " +
    "except .gitignored ones); with `paths` (relative to the worktree root), only those files. `message` is the " +
    "full commit message: a short subject line, optionally a blank line and a body. Nothing is pushed.",
  input,
  async execute(args, ctx) {
    requireWritableWorktree(ctx);
    const { worktree, onRecord } = await gitWorktree(ctx);
    if (args.message.includes("\0")) throw new ToolError("message contains a NUL byte");
    if (args.message.trim() === "") throw new ToolError("message is empty");

    const specs: string[] = [];
    for (const p of args.paths ?? []) {
      const file = await confinePath(worktree, p, { allowRoot: true });
      specs.push(file.relative === "" ? literalPathspec(".") : literalPathspec(file.relative));
    }

    return translateErrors(async () => {
      try {
        const made = await commitWorktree(onRecord, { message: args.message, author: AGENT_AUTHOR, paths: specs });
        // R8: a pull request whose head is this branch follows the commit (re-reviewed like a push).
        await ctx.services.branches?.committed({ sha: made.sha });
        return { output: `Committed ${made.sha}: ${made.subject}` };
      } catch (error) {
        if (error instanceof NestedRepositoryError || error instanceof NothingToCommitError || error instanceof BranchMovedError) throw new ToolError(error.message);
        throw error;
      }
    });
  },
};
