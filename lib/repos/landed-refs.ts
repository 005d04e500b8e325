/**
 * H3: commits Gatehouse itself wrote onto a branch of its mirror (a merged
 * pull request, an applied suggestion) land in the mirror and nowhere else:
 * Gatehouse never writes into the folder or remote a repository was
 * registered from, because that would run git in storage someone else
 * configured. Each such commit is marked by `refs/gatehouse/landed/<branch>`.
 *
 * A later sync from the source must not silently undo it. Per marked branch:
 * - the source's tip is behind the landed commit (an ancestor): the branch
 *   stays at the landed commit — the source simply has not taken it yet;
 * - the source's tip contains the landed commit (someone fetched it from the
 *   mirror and moved on): the source wins and the marker is dropped;
 * - the two diverged, or the source deleted the branch: the source wins (it
 *   is the truth for its own branches) and the marker keeps the landed commit
 *   reachable, so the merged pull request still names a commit that exists.
 */
import { git } from "./git";

export const LANDED_PREFIX = "refs/gatehouse/landed/";

export function landedRef(branch: string): string {
  return `${LANDED_PREFIX}${branch}`;
}

/** Marked branches → the commit Gatehouse landed on each. */
export async function readLanded(mirror: string): Promise<Map<string, string>> {
  const { stdout } = await git(["for-each-ref", "--format=%(objectname) %(refname)", LANDED_PREFIX], { gitDir: mirror });
  const out = new Map<string, string>();
  for (const line of stdout.split("\n")) {
    const match = /^([0-9a-f]{40}) refs\/gatehouse\/landed\/(.+)$/.exec(line.trim());
    if (match) out.set(match[2]!, match[1]!);
  }
  return out;
}

export interface LandedDecision {
  /** the sha `refs/heads/<branch>` should point at after the sync (null = leave the source's value) */
  keep: string | null;
  dropMarker: boolean;
}

/** What one marked branch becomes, given the source's tip (null = the source has no such branch). */
export async function decideLanded(mirror: string, landed: string, sourceTip: string | null): Promise<LandedDecision> {
  if (sourceTip === null) return { keep: null, dropMarker: false };
  if (sourceTip === landed) return { keep: null, dropMarker: true };
  if (await isAncestorIn(mirror, sourceTip, landed)) return { keep: landed, dropMarker: false };
  if (await isAncestorIn(mirror, landed, sourceTip)) return { keep: null, dropMarker: true };
  return { keep: null, dropMarker: false };
}

/**
 * Puts landed commits back after a sync that wrote refs directly (a fetch).
 * Each move is conditional on the value the fetch left, so a concurrent
 * writer is never overwritten.
 */
export async function reapplyLanded(mirror: string): Promise<void> {
  const landed = await readLanded(mirror);
  if (landed.size === 0) return;
  const lines: string[] = [];
  for (const [branch, sha] of landed) {
    const tip = await branchTip(mirror, branch);
    const decision = await decideLanded(mirror, sha, tip);
    if (decision.keep && tip) lines.push(`update refs/heads/${branch} ${decision.keep} ${tip}`);
    if (decision.dropMarker) lines.push(`delete ${landedRef(branch)} ${sha}`);
  }
  if (lines.length > 0) await git(["update-ref", "--stdin"], { gitDir: mirror, input: `${lines.join("\n")}\n` });
}

export async function branchTip(mirror: string, branch: string): Promise<string | null> {
  const result = await git(["rev-parse", "--verify", "--quiet", `refs/heads/${branch}^{commit}`], { gitDir: mirror, okExitCodes: [1] });
  return result.exitCode === 0 ? result.stdout.trim() : null;
}

/** Whether `ancestor` is reachable from `descendant` in the mirror. */
export async function isAncestorIn(mirror: string, ancestor: string, descendant: string): Promise<boolean> {
  if (!SHA.test(ancestor) || !SHA.test(descendant)) return false;
  const result = await git(["merge-base", "--is-ancestor", ancestor, descendant], { gitDir: mirror, okExitCodes: [1, 128] });
  return result.exitCode === 0;
}

const SHA = /^[0-9a-f]{40}$/;
