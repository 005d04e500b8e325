import "server-only";
/**
 * H3: where a repository's mirror lives. Named by the repository's id in
 * Gatehouse's data directory, so the path comes from the record alone.
 */
import path from "node:path";
import { mirrorsDir } from "../config/data-dir";
import { worktreeGitIn, type WorktreeGit } from "./worktree-git";

const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function mirrorPath(repositoryId: string): string {
  if (!ID.test(repositoryId)) throw new Error(`not a repository id: ${repositoryId.slice(0, 80)}`);
  return path.join(mirrorsDir(), `${repositoryId}.git`);
}

/** A room's git data from its records: the repository it was made from and its worktree path. */
export function worktreeGit(repositoryId: string | null, worktreePath: string | null): WorktreeGit | null {
  if (!repositoryId || !worktreePath) return null;
  return worktreeGitIn(mirrorPath(repositoryId), worktreePath);
}
