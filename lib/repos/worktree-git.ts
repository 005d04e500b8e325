/**
 * H2: a worktree's git data as Gatehouse recorded it. Host-side git gets these
 * paths explicitly (`GIT_DIR`, `GIT_COMMON_DIR`; never the worktree itself,
 * H6) and the sandbox mounts exactly these, read-only: nothing is ever derived
 * from the worktree's own `.git` file, which an agent in a writable mode can
 * rewrite (pointing it at another workspace's mirror, a planted directory
 * with a hostile config, a `commondir` file of its making).
 */
import { lstat } from "node:fs/promises";
import path from "node:path";

export interface WorktreeGit {
  /** the worktree's own git directory: `<mirror>/worktrees/<name>` */
  gitDir: string;
  /** the bare mirror it belongs to */
  commonDir: string;
}

/** Where `git worktree add` put the git directory of `worktreePath` inside `mirror` (it names it after the folder). */
export function worktreeGitIn(mirror: string, worktreePath: string): WorktreeGit {
  return { gitDir: path.join(mirror, "worktrees", path.basename(worktreePath)), commonDir: mirror };
}

/**
 * What a sandboxed process needs to run git's read commands in the worktree:
 * the objects, refs and config of the mirror and the worktree's own git
 * directory — not the mirror's other worktrees. All mounted read-only.
 */
export async function gitMountsFor(git: WorktreeGit): Promise<string[]> {
  const candidates = ["objects", "refs", "packed-refs", "HEAD", "config", "info", "shallow"].map((name) => path.join(git.commonDir, name));
  candidates.push(git.gitDir);
  const present = await Promise.all(
    candidates.map(async (candidate) => {
      const info = await lstat(candidate).catch(() => null);
      // Gatehouse's mirror holds no symbolic links; one that appeared is not mounted.
      return info && !info.isSymbolicLink() ? candidate : null;
    }),
  );
  return present.filter((p): p is string => p !== null);
}
