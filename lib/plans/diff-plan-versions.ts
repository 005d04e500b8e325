/**
 * SPEC P2: the difference between two versions of a plan, for Plan Studio's
 * version history. Nodes are matched by key, since a key is what other nodes
 * and tickets refer to; a renamed key therefore shows as one node removed and
 * one added, which is what it means for the graph.
 */
import { diffWordsWithSpace } from "diff";
import type { PlanNodeLike, PlanVersionLike } from "./schemas";

/** One run of text in a word diff, for rendering insertions and deletions inline. */
export interface TextSegment {
  text: string;
  kind: "same" | "added" | "removed";
}

/** A text field that changed; `segments` interleave the two versions word by word. */
export interface TextChange {
  before: string;
  after: string;
  segments: TextSegment[];
}

/** What changed on a node present in both versions. Absent fields did not change. */
export interface NodeChange {
  key: string;
  title?: TextChange;
  description?: TextChange;
  /** dependencies gained and lost, each in the order the respective version lists them */
  dependsOn?: { added: string[]; removed: string[] };
}

/** P2: everything that differs between two plan versions. */
export interface PlanDiff {
  goal: TextChange | null;
  /** nodes only in the newer version, in its order */
  added: PlanNodeLike[];
  /** nodes only in the older version, in its order */
  removed: PlanNodeLike[];
  /** nodes in both versions with at least one change, in the newer version's order */
  changed: NodeChange[];
  /** keys of nodes identical in both versions, in the newer version's order */
  unchanged: string[];
  /** true when nothing at all changed (node order alone is not a change) */
  identical: boolean;
}

/**
 * Word-level diffs of long, very different texts are quadratic; past this
 * edit distance a field is shown as replaced wholesale, which reads the same.
 */
const MAX_EDIT_LENGTH = 400;

/** P2: diff `before` → `after`. Pure and deterministic. */
export function diffPlanVersions(before: PlanVersionLike, after: PlanVersionLike): PlanDiff {
  const oldByKey = new Map<string, PlanNodeLike>();
  for (const node of before.nodes) if (!oldByKey.has(node.key)) oldByKey.set(node.key, node);
  const newKeys = new Set(after.nodes.map((node) => node.key));

  const added: PlanNodeLike[] = [];
  const changed: NodeChange[] = [];
  const unchanged: string[] = [];
  const seen = new Set<string>();
  for (const node of after.nodes) {
    if (seen.has(node.key)) continue;
    seen.add(node.key);
    const old = oldByKey.get(node.key);
    if (!old) {
      added.push(node);
      continue;
    }
    const change = diffNode(old, node);
    if (change) changed.push(change);
    else unchanged.push(node.key);
  }
  const removed: PlanNodeLike[] = [];
  for (const [key, node] of oldByKey) if (!newKeys.has(key)) removed.push(node);

  const goal = before.goal === after.goal ? null : diffText(before.goal, after.goal);
  return {
    goal,
    added,
    removed,
    changed,
    unchanged,
    identical: goal === null && added.length === 0 && removed.length === 0 && changed.length === 0,
  };
}

/** One line for a version list, e.g. "goal changed · 2 added · 1 removed · 3 changed". */
export function summarizePlanDiff(diff: PlanDiff): string {
  if (diff.identical) return "no changes";
  const parts: string[] = [];
  if (diff.goal) parts.push("goal changed");
  if (diff.added.length) parts.push(`${diff.added.length} added`);
  if (diff.removed.length) parts.push(`${diff.removed.length} removed`);
  if (diff.changed.length) parts.push(`${diff.changed.length} changed`);
  return parts.join(" · ");
}

function diffNode(before: PlanNodeLike, after: PlanNodeLike): NodeChange | null {
  const change: NodeChange = { key: after.key };
  let any = false;
  if (before.title !== after.title) {
    change.title = diffText(before.title, after.title);
    any = true;
  }
  if (before.description !== after.description) {
    change.description = diffText(before.description, after.description);
    any = true;
  }
  const oldDeps = new Set(before.dependsOn);
  const newDeps = new Set(after.dependsOn);
  const gained = [...newDeps].filter((d) => !oldDeps.has(d));
  const lost = [...oldDeps].filter((d) => !newDeps.has(d));
  if (gained.length || lost.length) {
    change.dependsOn = { added: gained, removed: lost };
    any = true;
  }
  return any ? change : null;
}

function diffText(before: string, after: string): TextChange {
  const parts = diffWordsWithSpace(before, after, { maxEditLength: MAX_EDIT_LENGTH });
  const segments: TextSegment[] = parts
    ? parts.map((part) => ({ text: part.value, kind: part.added ? "added" : part.removed ? "removed" : "same" }))
    : [
        ...(before ? [{ text: before, kind: "removed" as const }] : []),
        ...(after ? [{ text: after, kind: "added" as const }] : []),
      ];
  return { before, after, segments };
}
