import "server-only";
/**
 * Records a worktree's changes as one commit: the one way Gatehouse commits in
 * a worktree, for an agent's git_commit, a ticket's leftovers (O7) and a
 * person's "Commit" in a room.
 *
 * H6: the host never walks the worktree. The sandbox stages it
 * (stage-worktree.ts: `add -A` and `write-tree` as the sandbox user, the
 * worktree read-only, objects into its own scratch directory); the host
 * imports the objects from the pack it wrote, checks the tree (a nested
 * repository, a `.gitmodules` or a `.git` path refuses the commit:
 * check-staged-tree.ts), and records it with plumbing on Gatehouse's mirror —
 * `commit-tree` and a compare-and-swap `update-ref` on the branch the
 * worktree's git directory names (H2: from the records). The message reaches
 * git on stdin; hooks never run anywhere.
 */
import path from "node:path";
import { checkStagedTree, importPack } from "./check-staged-tree";
import { git } from "./git";
import { commitTree } from "./land-commit";
import { serialized } from "./mirror";
import type { WorktreeOnRecord } from "./sandbox-git-step";
import { stageWorktree } from "./stage-worktree";
import { moveWorktreeHead, readWorktreeHead } from "./worktree-head";
import { installIndex } from "./worktree-index";

export { NestedRepositoryError } from "./nested-repository";
export class NothingToCommitError extends Error {}

export interface CommitAuthor {
  name: string;
  email: string;
}

export interface CommitRequest {
  message: string;
  author: CommitAuthor;
  /** literal pathspecs (lib/repos/git-refs.ts literalPathspec); none = every change (new, modified, deleted; not .gitignored) */
  paths?: string[];
}

export interface MadeCommit {
  sha: string;
  subject: string;
}

/** Commits the changes; throws NothingToCommitError when there are none (in those paths). */
export function commitWorktree(worktree: WorktreeOnRecord, request: CommitRequest): Promise<MadeCommit> {
  // One step at a time per worktree in this process: each starts from the index the last one left.
  return serialized(`worktree:${path.resolve(worktree.path)}`, () => commit(worktree, request));
}

async function commit(worktree: WorktreeOnRecord, request: CommitRequest): Promise<MadeCommit> {
  const mirror = worktree.git.commonDir;
  const message = (await git(["stripspace"], { gitDir: mirror, input: request.message })).stdout;
  if (message.trim() === "") throw new Error("the commit message is empty");
  const head = await readWorktreeHead(worktree.git);
  const baseTree = (await git(["rev-parse", "--verify", `${head.commit}^{tree}`], { gitDir: mirror })).stdout.trim();
  const specs = request.paths ?? [];
  const staged = await stageWorktree(worktree, { commit: head.commit, tree: baseTree, mirror, pathspecs: specs });
  try {
    if (staged.pack) await importPack(mirror, staged.pack);
    await checkStagedTree(mirror, baseTree, staged.tree);
    if (staged.tree === baseTree) throw new NothingToCommitError("nothing to commit: the worktree has no changes" + (specs.length ? " in those paths" : ""));
    const sha = await commitTree(mirror, staged.tree, [head.commit], message, request.author);
    await moveWorktreeHead(worktree.git, head, sha);
    await installIndex(worktree.git, staged.step);
    const { stdout } = await git(["log", "-1", "--format=%s", sha, "--"], { gitDir: mirror });
    return { sha, subject: stdout.trim() };
  } finally {
    await staged.pack?.close();
    await staged.step.cleanup();
  }
}

