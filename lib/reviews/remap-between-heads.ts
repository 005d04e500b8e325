import "server-only";
/**
 * R8: carry anchors made at one head to another through the diff
 * between them (git diff from..to, renames followed). A diff too large to read
 * whole cannot be trusted, so every anchor in it is marked outdated in place
 * rather than guessed.
 */
import { diffCommits } from "../repos/pull-git";
import { remapAnchors, type AnchorPosition } from "./remap-anchors";

/** One anchor at the new head, with why it is outdated (if it is). */
export interface MovedAnchor extends AnchorPosition {
  outdated: boolean;
  changed: boolean;
  reason?: string;
}

export async function remapBetweenHeads(mirror: string, from: string, to: string, anchors: readonly AnchorPosition[]): Promise<MovedAnchor[]> {
  if (anchors.length === 0 || from === to) return anchors.map((a) => ({ ...a, outdated: false, changed: false }));
  const diff = await diffCommits(mirror, from, to);
  if (diff.truncated) return anchors.map((a) => ({ ...a, outdated: true, changed: true, reason: "diff_too_large" }));
  return remapAnchors(anchors, diff.text);
}
