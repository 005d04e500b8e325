/**
 * Merges a reviewed head into a branch of Gatehouse's mirror (H3: the merge
 * lands in storage Gatehouse owns; see lib/repos/landed-refs.ts for how it
 * survives later syncs). Fast-forward moves the branch to the head when the
 * branch is an ancestor of it; a merge commit is computed by `merge-tree
 * --write-tree` (no work tree, no index, no driver: lib/repos/land-commit.ts)
 * and committed as the person who merged. A conflict or a branch that moved
 * meanwhile changes no ref: nothing is half-written (the unreachable objects
 * a failed merge wrote are ordinary garbage).
 */
import { git } from "./git";
import { validateBranchName } from "./git-refs";
import { branchTip, isAncestorIn } from "./landed-refs";
import { commitTree, ensureMirrorAttributes, moveBranch, type GitPerson } from "./land-commit";

export type MergeMethod = "merge" | "fast-forward";

export type MergeOutcome =
  | { ok: true; method: MergeMethod; from: string; to: string }
  | { ok: false; reason: "not_fast_forward" | "conflict" | "no_branch"; conflicts: string[] };

export interface MergeInput {
  mirror: string;
  /** the branch to merge into (the pull request's base) */
  branch: string;
  /** the commit to merge (the reviewed head) */
  head: string;
  method: MergeMethod;
  message: string;
  person: GitPerson;
}

/** Computes the merge and moves the branch; throws BranchMovedError when the branch moved during it. */
export async function mergeIntoBranch(input: MergeInput): Promise<MergeOutcome> {
  validateBranchName(input.branch);
  if (!/^[0-9a-f]{40}$/.test(input.head)) throw new Error(`not a commit id: ${input.head.slice(0, 60)}`);
  await ensureMirrorAttributes(input.mirror);
  const tip = await branchTip(input.mirror, input.branch);
  if (!tip) return { ok: false, reason: "no_branch", conflicts: [] };
  const fastForward = await isAncestorIn(input.mirror, tip, input.head);

  if (input.method === "fast-forward") {
    if (!fastForward) return { ok: false, reason: "not_fast_forward", conflicts: [] };
    if (tip !== input.head) await moveBranch(input.mirror, input.branch, tip, input.head);
    return { ok: true, method: "fast-forward", from: tip, to: input.head };
  }

  const merged = await git(["merge-tree", "--write-tree", "--name-only", "--no-messages", "-z", "--end-of-options", tip, input.head], {
    gitDir: input.mirror,
    okExitCodes: [1],
  });
  // -z: the tree id, then (on conflict) the conflicted paths, NUL-separated.
  const [tree = "", ...rest] = merged.stdout.split("\0");
  if (merged.exitCode === 1) return { ok: false, reason: "conflict", conflicts: [...new Set(rest.filter(Boolean))].slice(0, 50) };
  const commit = await commitTree(input.mirror, tree.trim(), [tip, input.head], input.message, input.person);
  await moveBranch(input.mirror, input.branch, tip, commit);
  return { ok: true, method: "merge", from: tip, to: commit };
}
