/**
 * git_commit: record the worktree's changes as a commit by the agent. The
 * message reaches git on stdin (`-F -`), never through a shell or as an
 * option; hooks do not run (they would run on the host, outside the sandbox).
 */
import { z } from "zod";
import { git, literalPathspec } from "../repos/git";
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

const AUTHOR_ENV = {
  GIT_AUTHOR_NAME: AGENT_AUTHOR.name,
  GIT_AUTHOR_EMAIL: AGENT_AUTHOR.email,
  GIT_COMMITTER_NAME: AGENT_AUTHOR.name,
  GIT_COMMITTER_EMAIL: AGENT_AUTHOR.email,
};

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
    const worktree = await gitWorktree(ctx);
    if (args.message.includes("\0")) throw new ToolError("message contains a NUL byte");
    if (args.message.trim() === "") throw new ToolError("message is empty");

    const specs: string[] = [];
    for (const p of args.paths ?? []) {
      const file = await confinePath(worktree, p, { allowRoot: true });
      specs.push(file.relative === "" ? literalPathspec(".") : literalPathspec(file.relative));
    }

    return translateErrors(async () => {
      await git(["add", "-A", "--", ...specs], { cwd: worktree, signal: ctx.signal });
      // exit 1 = staged changes exist (restricted to the paths, when given)
      const staged = await git(["diff", "--cached", "--quiet", "--", ...specs], { cwd: worktree, okExitCodes: [1], signal: ctx.signal });
      if (staged.exitCode === 0) throw new ToolError("nothing to commit: the worktree has no changes" + (specs.length ? " in those paths" : ""));

      await git(["commit", "--no-verify", "--no-edit", "--cleanup=whitespace", "-F", "-", "--", ...specs], {
        cwd: worktree,
        input: args.message,
        env: AUTHOR_ENV,
        signal: ctx.signal,
      });
      const { stdout } = await git(["log", "-1", "--format=%H %s"], { cwd: worktree, signal: ctx.signal });
      const [sha = "", ...subject] = stdout.trim().split(" ");
      return { output: `Committed ${sha}: ${subject.join(" ")}` };
    });
  },
};
