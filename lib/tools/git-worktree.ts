/**
 * What a git-backed tool runs git on (H2): the room's worktree and its git
 * data exactly as Gatehouse recorded them. The worktree's own `.git` is never
 * read — an agent in a writable mode can rewrite it to point anywhere, plant a
 * directory with a hostile config, or add a `commondir` file.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { GitLocation } from "../repos/git";
import { worktreeLocation } from "../repos/worktrees";
import { requireWorktree } from "./confine-path";
import { ToolError, type ToolContext } from "./types";

export interface ToolGit {
  worktree: string;
  /** pass to lib/repos/git.ts as is */
  location: GitLocation;
}

export async function gitWorktree(ctx: ToolContext): Promise<ToolGit> {
  const worktree = requireWorktree(ctx);
  if (!ctx.git) throw new ToolError("git is unavailable here: this room's worktree has no git repository on record.");
  if (!existsSync(path.join(ctx.git.gitDir, "HEAD"))) {
    throw new ToolError("git is unavailable here: the worktree's git data is missing (it was made before Gatehouse kept mirrors); open a new room.");
  }
  return { worktree, location: worktreeLocation(worktree, ctx.git) };
}
