/**
 * What a git-backed tool runs git on (H2): the room's worktree and its git
 * data exactly as Gatehouse recorded them. The worktree's own `.git` is never
 * read — an agent in a writable mode can rewrite it to point anywhere, plant a
 * directory with a hostile config, or add a `commondir` file.
 *
 * H6: `location` is for host git on objects (history, diffs between commits);
 * `onRecord` is for git that reads the worktree's files, which runs in the
 * sandbox (lib/repos/read-worktree-git.ts, commit-worktree.ts).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { GitLocation } from "../repos/git";
import type { WorktreeOnRecord } from "../repos/sandbox-git-step";
import { worktreeLocation } from "../repos/worktrees";
import { requireWorktree } from "./confine-path";
import { ToolError, type ToolContext } from "./types";

export interface ToolGit {
  worktree: string;
  /** host git in the worktree's git directory (no work tree) */
  location: GitLocation;
  /** the worktree for sandboxed git */
  onRecord: WorktreeOnRecord;
}

export async function gitWorktree(ctx: ToolContext): Promise<ToolGit> {
  const worktree = requireWorktree(ctx);
  if (!ctx.git) throw new ToolError("git is unavailable here: this room's worktree has no git repository on record.");
  if (!existsSync(path.join(ctx.git.gitDir, "HEAD"))) {
    throw new ToolError("git is unavailable here: the worktree's git data is missing (it was made before Gatehouse kept mirrors); open a new room.");
  }
  return { worktree, location: worktreeLocation(ctx.git), onRecord: { path: worktree, git: ctx.git, workspaceId: ctx.workspaceId, signal: ctx.signal } };
}
