import "server-only";
/**
 * What a worktree has checked out, read from its git directory in the mirror
 * (H2: the records name it; the worktree's `.git` is never read), and how the
 * host moves it: a compare-and-swap `update-ref`, so a concurrent move makes
 * the second one fail instead of overwriting (H6: plumbing on Gatehouse's own
 * git directories only).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { git, GitError } from "./git";
import { OBJECT_ID } from "./git-refs";
import { BranchMovedError } from "./land-commit";
import type { WorktreeGit } from "./worktree-git";

export interface WorktreeHead {
  /** the branch checked out (`refs/heads/…`), or null when detached */
  ref: string | null;
  commit: string;
  /** the commit's tree */
  tree: string;
}

/** One git call: HEAD's file in the worktree's git directory (Gatehouse's, H2) names the branch; git resolves it. */
export async function readWorktreeHead(wg: WorktreeGit): Promise<WorktreeHead> {
  const symbolic = /^ref: (refs\/heads\/\S+)\s*$/.exec(await readFile(path.join(wg.gitDir, "HEAD"), "utf8"));
  const { stdout } = await git(["rev-parse", "HEAD^{commit}", "HEAD^{tree}"], { gitDir: wg.gitDir, commonDir: wg.commonDir });
  const [commit = "", tree = ""] = stdout.trim().split("\n");
  if (!OBJECT_ID.test(commit) || !OBJECT_ID.test(tree)) throw new Error("the worktree's HEAD names no commit");
  return { ref: symbolic?.[1] ?? null, commit, tree };
}

/** Moves what the worktree has checked out from `head.commit` to `to`: its branch in the mirror, or its detached HEAD. */
export async function moveWorktreeHead(wg: WorktreeGit, head: Pick<WorktreeHead, "ref" | "commit">, to: string): Promise<void> {
  try {
    if (head.ref) await git(["update-ref", head.ref, to, head.commit], { gitDir: wg.commonDir });
    else await git(["update-ref", "--no-deref", "HEAD", to, head.commit], { gitDir: wg.gitDir, commonDir: wg.commonDir });
  } catch (error) {
    if (error instanceof GitError && !error.timedOut && /cannot lock ref|is at .* but expected|unable to resolve reference/.test(error.stderr)) {
      throw new BranchMovedError(head.ref?.replace(/^refs\/heads\//, "") ?? "HEAD");
    }
    throw error;
  }
}
