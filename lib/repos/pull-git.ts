import "server-only";
/**
 * The git a pull request needs on the host: resolve heads, find the merge
 * base, read one file at a commit, diff two commits, and fetch a head from the
 * repository's remote. All of it runs in the repository's mirror (H3), never
 * in a user's repository. Always lib/repos/git.ts (argv, no shell, bounded,
 * hardened), and every revision validated before git sees it.
 */
import { GitError, git, revParse } from "./git";
import { validateBranchName, validateRef } from "./git-refs";
import { protocolsFor } from "./mirror";
import type { ParsedRemote } from "./remote-url";

/** Generous for a push's diff: anchors are remapped from it, and a cut diff cannot be trusted. */
const REMAP_DIFF_MAX_BYTES = 64 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 120_000;
const SHA = /^[0-9a-f]{40}$/;

/** The commit `ref` names in the mirror. */
export function resolveCommit(mirror: string, ref: string): Promise<string> {
  return revParse({ gitDir: mirror }, ref);
}

/**
 * The commit a pull request's changes start from: the merge base of base and
 * head, so its diff shows exactly what the head adds (GitHub's three-dot diff),
 * even after the base branch moved on.
 */
export async function mergeBase(mirror: string, base: string, head: string): Promise<string> {
  const result = await git(["merge-base", "--end-of-options", validateRef(base), validateRef(head)], { gitDir: mirror, okExitCodes: [1] });
  // Exit 1: unrelated histories. The base itself is then the only honest start.
  return result.exitCode === 1 ? resolveCommit(mirror, base) : result.stdout.trim();
}

/** Whether the repository has this commit (after a fetch, or because it was pushed locally). */
export async function hasCommit(mirror: string, sha: string): Promise<boolean> {
  if (!SHA.test(sha)) return false;
  const result = await git(["cat-file", "-e", `${sha}^{commit}`], { gitDir: mirror, okExitCodes: [1, 128] });
  return result.exitCode === 0;
}

/** R9: whether `ancestor` is reachable from `descendant` (an older head of the same line of work). */
export async function isAncestor(mirror: string, ancestor: string, descendant: string): Promise<boolean> {
  if (!SHA.test(ancestor) || !SHA.test(descendant)) return false;
  const result = await git(["merge-base", "--is-ancestor", ancestor, descendant], { gitDir: mirror, okExitCodes: [1, 128] });
  return result.exitCode === 0;
}

/**
 * A file's text at a commit, or null when it does not exist there. `path` is
 * repository-relative and already checked (lib/reviews/schemas.ts refuses
 * absolute paths and `..`).
 */
export async function readFileAt(mirror: string, sha: string, path: string, maxBytes = 4 * 1024 * 1024): Promise<string | null> {
  if (!SHA.test(sha)) throw new Error(`not a commit id: ${sha.slice(0, 60)}`);
  if (path.startsWith("-") || path.includes("\0")) return null;
  const result = await git(["cat-file", "blob", `${sha}:${path}`], { gitDir: mirror, okExitCodes: [128], maxOutputBytes: maxBytes });
  return result.exitCode === 0 ? result.stdout : null;
}

/**
 * The diff between two commits, renames followed and without context lines
 * (remapping only needs the changed lines, and -U0 keeps a large push small).
 */
export async function diffCommits(mirror: string, from: string, to: string): Promise<{ text: string; truncated: boolean }> {
  const { stdout, truncated } = await git(
    ["diff", "--no-color", "--no-ext-diff", "--no-textconv", "-M", "-U0", "--end-of-options", validateRef(from), validateRef(to), "--"],
    { gitDir: mirror, maxOutputBytes: REMAP_DIFF_MAX_BYTES },
  );
  return { text: stdout, truncated };
}

export interface FetchPullInput {
  mirror: string;
  remoteUrl: string;
  /** the checked remote (lib/repos/remote-url.ts checkRemoteUrl): its transport is the only one allowed */
  remote: ParsedRemote;
  number: number;
  /** the head branch, fetched when the remote has no refs/pull/<n>/head (a plain bare repository) */
  headRef?: string;
  baseRef?: string;
}

/** Where a fetched pull-request head lives in the local repository. */
export function pullHeadRef(number: number): string {
  return `refs/gatehouse/pull/${number}/head`;
}

/**
 * Fetches a pull request's head (and its base branch, for the merge base)
 * from the remote into refs/gatehouse/pull/<n>/…. GitHub serves every pull
 * request (forks included) as refs/pull/<n>/head; a plain remote only has the
 * branch, so that is the fallback. Only the remote's own transport is
 * allowed for the fetch (H3).
 */
export async function fetchPullHead(input: FetchPullInput): Promise<void> {
  if (!Number.isInteger(input.number) || input.number <= 0) throw new Error("a pull request number is a positive integer");
  const dest = pullHeadRef(input.number);
  const fetch = (refspecs: string[]) =>
    git(["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "--no-recurse-submodules", "--end-of-options", input.remoteUrl, ...refspecs], {
      gitDir: input.mirror,
      protocols: protocolsFor(input.remote),
      timeoutMs: FETCH_TIMEOUT_MS,
    });
  const base = input.baseRef ? [`+refs/heads/${validateBranchName(input.baseRef)}:refs/gatehouse/pull/${input.number}/base`] : [];
  try {
    await fetch([`+refs/pull/${input.number}/head:${dest}`, ...base]);
    return;
  } catch (error) {
    if (!(error instanceof GitError) || error.timedOut || !input.headRef) throw error;
  }
  await fetch([`+refs/heads/${validateBranchName(input.headRef)}:${dest}`, ...base]);
}
