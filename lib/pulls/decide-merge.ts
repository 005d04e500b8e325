/**
 * R8 and the merge gate: a pull request merges when the verdict for its
 * CURRENT head is ship, or when a person overrides with a reason. A verdict
 * for an older head speaks for nothing (R8), so it counts like no verdict.
 * Pure: the caller supplies the verdicts it read.
 */
export type MergeVerdict = "ship" | "hold" | "block" | "none";

export interface MergeGateInput {
  headSha: string;
  /** the newest review at the current head, if any */
  current: { verdict: "ship" | "hold" | "block" } | null;
  /** the newest review at any head (to name a stale verdict) */
  latest: { verdict: "ship" | "hold" | "block"; headSha: string } | null;
  overrideReason?: string;
}

export type MergeGate =
  | { allowed: true; verdict: MergeVerdict; override: string | null }
  | { allowed: false; verdict: MergeVerdict; message: string };

const short = (sha: string) => sha.slice(0, 12);

export function decideMerge(input: MergeGateInput): MergeGate {
  const verdict: MergeVerdict = input.current?.verdict ?? "none";
  if (verdict === "ship") return { allowed: true, verdict, override: null };
  const reason = input.overrideReason?.trim() || null;
  if (reason) return { allowed: true, verdict, override: reason };
  const ask = "Merge anyway only by overriding with a reason, which is recorded with your name.";
  if (verdict === "none") {
    const stale = input.latest && input.latest.headSha !== input.headSha ? input.latest : null;
    const message = stale
      ? `The ${stale.verdict} verdict is for ${short(stale.headSha)}, not the current head ${short(input.headSha)}: it is stale (R8). Wait for the re-review of ${short(input.headSha)}. ${ask}`
      : `There is no verdict for ${short(input.headSha)} yet. Wait for the review to publish one. ${ask}`;
    return { allowed: false, verdict, message };
  }
  return { allowed: false, verdict, message: `The verdict for ${short(input.headSha)} is ${verdict}, not ship. ${ask}` };
}
