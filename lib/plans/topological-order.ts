/**
 * Deterministic topological layers of a plan (for display and scheduling).
 *
 * Layer 0 holds the nodes without dependencies; a node sits one layer after
 * its deepest dependency (longest-path layering), so a layer's nodes can run
 * in parallel once every earlier layer is done. Inside a layer nodes keep their
 * plan order: the author's order is the only tie-break a person recognizes,
 * and it makes the result a pure function of the input.
 */
import type { GraphNode } from "./schemas";

/** Thrown when the graph is not a DAG over its own keys; validatePlan (P1) rules this out for stored plans. */
export class PlanGraphError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PlanGraphError";
  }
}

/**
 * Keys grouped by layer, O(nodes + dependencies).
 * @throws PlanGraphError on duplicate keys, unknown dependencies or cycles.
 */
export function topologicalLayers(nodes: readonly GraphNode[]): string[][] {
  const depth = nodeDepths(nodes);
  const layers: string[][] = [];
  for (let i = 0; i < nodes.length; i++) {
    const d = depth[i]!;
    (layers[d] ??= []).push(nodes[i]!.key);
  }
  return layers;
}

/** All keys, dependencies before dependants: the layers flattened. */
export function topologicalOrder(nodes: readonly GraphNode[]): string[] {
  return topologicalLayers(nodes).flat();
}

/**
 * Layer index per node (same order as `nodes`), via Kahn's algorithm.
 * @throws PlanGraphError on duplicate keys, unknown dependencies or cycles.
 */
export function nodeDepths(nodes: readonly GraphNode[]): Int32Array {
  const n = nodes.length;
  const indexOf = new Map<string, number>();
  nodes.forEach((node, i) => {
    if (indexOf.has(node.key)) throw new PlanGraphError(`duplicate key ${JSON.stringify(node.key)}`);
    indexOf.set(node.key, i);
  });

  const dependants: number[][] = Array.from({ length: n }, () => []);
  const waiting = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const node = nodes[i]!;
    for (const dep of new Set(node.dependsOn)) {
      const j = indexOf.get(dep);
      if (j === undefined) {
        throw new PlanGraphError(`node ${JSON.stringify(node.key)} depends on unknown key ${JSON.stringify(dep)}`);
      }
      dependants[j]!.push(i);
      waiting[i]!++;
    }
  }

  const depth = new Int32Array(n);
  const queue: number[] = [];
  for (let i = 0; i < n; i++) if (waiting[i] === 0) queue.push(i);
  for (let head = 0; head < queue.length; head++) {
    const u = queue[head]!;
    for (const v of dependants[u]!) {
      if (depth[u]! + 1 > depth[v]!) depth[v] = depth[u]! + 1;
      if (--waiting[v]! === 0) queue.push(v);
    }
  }
  if (queue.length < n) {
    const stuck = nodes.filter((_, i) => waiting[i]! > 0).map((node) => JSON.stringify(node.key));
    throw new PlanGraphError(`the plan has a cycle among ${stuck.join(", ")}`);
  }
  return depth;
}
