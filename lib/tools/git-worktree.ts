/**
 * The worktree a git-backed tool may run git in: the room's worktree, and only
 * while its .git still points at the git directory git made for it (see
 * lib/repos/worktree-identity.ts for why that matters on the host).
 */
import { verifyLinkedWorktree } from "../repos/worktree-identity";
import { requireWorktree } from "./confine-path";
import { asToolError } from "./tool-errors";
import type { ToolContext } from "./types";

export async function gitWorktree(ctx: ToolContext): Promise<string> {
  const worktree = requireWorktree(ctx);
  try {
    return (await verifyLinkedWorktree(worktree)).worktree;
  } catch (err) {
    throw asToolError(err);
  }
}
