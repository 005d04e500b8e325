/**
 * git_commit: record the worktree's changes as a commit by the agent. The
 * message reaches git on stdin (`-F -`), never through a shell or as an
 * option; hooks do not run (they would run on the host, outside the sandbox).
 * The commit lands on the room's branch in Gatehouse's mirror, found from the
 * room's records (H2) however the worktree's `.git` was rewritten; a nested
 * repository the agent made is refused, never recorded as a gitlink to
 * whatever its `.git` names.
 */
import { z } from "zod";
import { git, literalPathspec, type GitLocation } from "../repos/git";
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
    const { worktree, location } = await gitWorktree(ctx);
    if (args.message.includes("\0")) throw new ToolError("message contains a NUL byte");
    if (args.message.trim() === "") throw new ToolError("message is empty");

    const specs: string[] = [];
    for (const p of args.paths ?? []) {
      const file = await confinePath(worktree, p, { allowRoot: true });
      specs.push(file.relative === "" ? literalPathspec(".") : literalPathspec(file.relative));
    }

    return translateErrors(async () => {
      const at = { ...location, signal: ctx.signal };
      await git(["add", "-A", "--", ...specs], at);
      const nested = await stagedGitlinks(at, specs);
      if (nested.length > 0) {
        await git(["reset", "--quiet"], at);
        throw new ToolError(
          `nothing was committed: ${nested.slice(0, 5).join(", ")} ${nested.length === 1 ? "is a nested git repository" : "are nested git repositories"}; ` +
            "remove its .git (or commit its files in this repository instead)",
        );
      }
      // exit 1 = staged changes exist (restricted to the paths, when given)
      const staged = await git(["diff", "--cached", "--quiet", "--", ...specs], { ...at, okExitCodes: [1] });
      if (staged.exitCode === 0) throw new ToolError("nothing to commit: the worktree has no changes" + (specs.length ? " in those paths" : ""));

      await git(["commit", "--no-verify", "--no-edit", "--cleanup=whitespace", "-F", "-", "--", ...specs], {
        ...at,
        input: args.message,
        env: AUTHOR_ENV,
      });
      const { stdout } = await git(["log", "-1", "--format=%H %s"], at);
      const [sha = "", ...subject] = stdout.trim().split(" ");
      return { output: `Committed ${sha}: ${subject.join(" ")}` };
    });
  },
};

/** Paths staged as gitlinks (mode 160000): what `git add` makes of a nested repository. */
async function stagedGitlinks(at: GitLocation & { signal: AbortSignal }, specs: string[]): Promise<string[]> {
  const { stdout } = await git(["diff", "--cached", "--raw", "--no-renames", "-z", "--", ...specs], at);
  const fields = stdout.split("\0");
  const found: string[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const meta = fields[i]!.split(" ");
    if (meta[1] === "160000") found.push(fields[i + 1]!);
  }
  return found;
}
