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
  const message = cleanMessage(request.message);
  if (message === "") throw new Error("the commit message is empty");
  const head = await readWorktreeHead(worktree.git);
  const specs = request.paths ?? [];
  const staged = await stageWorktree(worktree, { commit: head.commit, tree: head.tree, mirror, pathspecs: specs });
  try {
    if (staged.pack) await importPack(mirror, staged.pack);
    await checkStagedTree(mirror, head.tree, staged.tree);
    if (staged.tree === head.tree) throw new NothingToCommitError("nothing to commit: the worktree has no changes" + (specs.length ? " in those paths" : ""));
    const sha = await commitTree(mirror, staged.tree, [head.commit], message, request.author);
    await moveWorktreeHead(worktree.git, head, sha);
    await installIndex(worktree.git, staged.step);
    return { sha, subject: subjectOf(message) };
  } finally {
    await staged.pack?.close();
    await staged.step.cleanup();
  }
}

/**
 * The message as `git commit --cleanup=whitespace` records it: trailing
 * whitespace off every line, runs of blank lines made one, none at either
 * end, one final newline. Pure.
 */
export function cleanMessage(text: string): string {
  const lines = text.split("\n").map((line) => line.replace(/\s+$/, ""));
  const kept = lines.filter((line, i) => line !== "" || (i > 0 && lines[i - 1] !== ""));
  while (kept[0] === "") kept.shift();
  while (kept.at(-1) === "") kept.pop();
  return kept.length ? `${kept.join("\n")}\n` : "";
}

/** git's `%s`: the message's first paragraph on one line. Pure. */
export function subjectOf(message: string): string {
  const paragraph: string[] = [];
  for (const line of message.split("\n")) {
    if (line.trim() === "") break;
    paragraph.push(line.trim());
  }
  return paragraph.join(" ");
}
