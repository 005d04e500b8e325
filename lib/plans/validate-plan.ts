/**
 * SPEC P1: `submit_plan` accepts only a well-formed dependency graph and
 * refuses everything else with messages the agent can act on: each one names
 * the offending node keys and says what to change.
 *
 * Runs in O(nodes + dependencies): a hash map for keys, one iterative Tarjan
 * pass for cycles (recursion would overflow on a 1000-node chain), and one BFS
 * per strongly connected component to name a concrete cycle.
 */
import { formatZodIssues } from "./format-zod-issues";
import { submitPlanInput, type GraphNode, type Plan } from "./schemas";

/** Result of validating `submit_plan` arguments. `errors` is never empty when `ok` is false. */
export type PlanValidation = { ok: true; plan: Plan } | { ok: false; errors: string[] };

/**
 * More than this many messages do not help a model; it fixes the first ones
 * and resubmits. The last line says how many were left out.
 */
export const MAX_PLAN_ERRORS = 50;

const ROOT_FIELDS = ["goal", "nodes"] as const;
const NODE_FIELDS = ["key", "title", "description", "dependsOn"] as const;

/**
 * P1: validate `submit_plan` arguments. Shape errors come first (with field
 * paths), then graph errors. Graph checks also run on a plan with shape errors,
 * as far as its nodes can be read, so the agent learns about a cycle in the same
 * round trip as a missing title.
 *
 * On success the plan is normalized: titles and goal trimmed, each dependsOn
 * without repeats (order kept).
 */
export function validatePlan(input: unknown): PlanValidation {
  const parsed = submitPlanInput.safeParse(input);
  if (parsed.success) {
    const plan: Plan = {
      goal: parsed.data.goal,
      nodes: parsed.data.nodes.map((node) => ({ ...node, dependsOn: unique(node.dependsOn) })),
    };
    const errors = checkPlanGraph(plan.nodes);
    return errors.length === 0 ? { ok: true, plan } : { ok: false, errors: capErrors(errors) };
  }
  const errors = formatZodIssues(parsed.error.issues, input, {
    rootName: "plan",
    allowedFields: (path) => (path.length === 0 ? ROOT_FIELDS : path.length === 2 && path[0] === "nodes" ? NODE_FIELDS : undefined),
  });
  errors.push(...checkPlanGraph(salvageNodes(input)));
  return { ok: false, errors: capErrors(errors) };
}

/**
 * P1 graph rules on nodes whose shape is already known: duplicate keys,
 * self-dependencies, unknown dependencies and cycles. Returns one message per
 * problem, in a stable order (duplicates, then per node in plan order, then
 * cycles by their first node). Empty means the graph is a valid DAG.
 */
export function checkPlanGraph(nodes: readonly GraphNode[]): string[] {
  const errors: string[] = [];
  const n = nodes.length;

  // First occurrence wins the key; later occurrences are reported and still
  // take part in the graph under their index so their own edges are checked.
  const indexOf = new Map<string, number>();
  const duplicates = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const key = nodes[i]!.key;
    const first = indexOf.get(key);
    if (first === undefined) {
      indexOf.set(key, i);
    } else {
      const seen = duplicates.get(key);
      if (seen) seen.push(i);
      else duplicates.set(key, [first, i]);
    }
  }
  for (const [key, at] of duplicates) {
    errors.push(
      `duplicate key ${q(key)} is used by ${at.map((i) => `nodes[${i}]`).join(", ")}; ` +
        `give each node its own key and point dependsOn at the one you mean`,
    );
  }

  // Case-insensitive lookup only feeds "did you mean" hints; keys stay case-sensitive.
  let folded: Map<string, string> | undefined;
  // lastSeenBy[target] === i marks an edge i → target as already recorded, so
  // repeated dependencies cost no per-node Set.
  const lastSeenBy = new Int32Array(n).fill(-1);
  let reportedUnknown: Set<string> | undefined;
  const adjacency: number[][] = new Array<number[]>(n);
  for (let i = 0; i < n; i++) {
    const node = nodes[i]!;
    const out: number[] = [];
    let selfReported = false;
    for (const dep of node.dependsOn) {
      if (dep === node.key) {
        if (!selfReported) errors.push(`node ${q(node.key)} depends on itself; remove ${q(dep)} from its dependsOn`);
        selfReported = true;
        continue;
      }
      const target = indexOf.get(dep);
      if (target === undefined) {
        reportedUnknown ??= new Set();
        const id = `${i}\u0000${dep}`;
        if (reportedUnknown.has(id)) continue;
        reportedUnknown.add(id);
        folded ??= foldKeys(nodes);
        const near = folded.get(dep.trim().toLowerCase());
        const hint = near !== undefined ? ` (did you mean ${q(near)}?)` : "";
        errors.push(
          `node ${q(node.key)} depends on ${q(dep)}, which is not a node in this plan; ` +
            `add it or remove the dependency${hint}`,
        );
        continue;
      }
      if (lastSeenBy[target] === i) continue;
      lastSeenBy[target] = i;
      out.push(target);
    }
    adjacency[i] = out;
  }

  for (const cycle of findCycles(nodes, adjacency)) {
    const path = [...cycle, cycle[0]!].map((i) => nodes[i]!.key).join(" → ");
    errors.push(
      `cycle: ${path}; each node depends on the next, so none of them can ever start. ` +
        `Remove or reverse one of these dependencies`,
    );
  }
  return errors;
}

/**
 * One concrete cycle (as node indices, dependency direction) for every
 * strongly connected component with more than one node, ordered by the
 * component's first node in plan order. Each cycle starts at that node and is
 * the shortest one through it, which keeps messages short.
 */
function findCycles(nodes: readonly GraphNode[], adjacency: readonly (readonly number[])[]): number[][] {
  const n = nodes.length;
  const component = tarjan(adjacency);
  const sizes = new Map<number, number>();
  for (const c of component) sizes.set(c, (sizes.get(c) ?? 0) + 1);

  const cycles: number[][] = [];
  const done = new Set<number>();
  const parent = new Int32Array(n).fill(-1);
  for (let start = 0; start < n; start++) {
    const comp = component[start]!;
    if (done.has(comp) || (sizes.get(comp) ?? 0) < 2) continue;
    done.add(comp);

    // BFS inside the component from its first node until an edge leads back to it.
    const queue = [start];
    const visited: number[] = [start];
    parent[start] = start;
    let closing = -1;
    for (let head = 0; head < queue.length && closing < 0; head++) {
      const u = queue[head]!;
      for (const v of adjacency[u]!) {
        if (component[v] !== comp) continue;
        if (v === start) {
          closing = u;
          break;
        }
        if (parent[v] !== -1) continue;
        parent[v] = u;
        visited.push(v);
        queue.push(v);
      }
    }
    // closing < 0 is unreachable for a component of two or more nodes; it guards the walk.
    if (closing >= 0) {
      const cycle: number[] = [];
      for (let v = closing; v !== start; v = parent[v]!) cycle.push(v);
      cycle.push(start);
      cycle.reverse();
      cycles.push(cycle);
    }
    for (const v of visited) parent[v] = -1;
  }
  return cycles;
}

/** Iterative Tarjan: component id per node. Iterative so deep chains cannot overflow the stack. */
function tarjan(adjacency: readonly (readonly number[])[]): Int32Array {
  const n = adjacency.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const component = new Int32Array(n).fill(-1);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const callStack: number[] = [];
  const edgeCursor = new Int32Array(n);
  let counter = 0;
  let components = 0;

  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    callStack.push(root);
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (callStack.length > 0) {
      const u = callStack[callStack.length - 1]!;
      const edges = adjacency[u]!;
      if (edgeCursor[u]! < edges.length) {
        const v = edges[edgeCursor[u]!++]!;
        if (index[v] === -1) {
          index[v] = low[v] = counter++;
          stack.push(v);
          onStack[v] = 1;
          callStack.push(v);
        } else if (onStack[v]) {
          low[u] = Math.min(low[u]!, index[v]!);
        }
        continue;
      }
      callStack.pop();
      const caller = callStack[callStack.length - 1];
      if (caller !== undefined) low[caller] = Math.min(low[caller]!, low[u]!);
      if (low[u] === index[u]) {
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          component[w] = components;
        } while (w !== u);
        components++;
      }
    }
  }
  return component;
}

/** The nodes of a plan that failed the schema, as far as they can be read for graph checks. */
function salvageNodes(input: unknown): GraphNode[] {
  if (typeof input !== "object" || input === null) return [];
  const raw = (input as Record<string, unknown>)["nodes"];
  if (!Array.isArray(raw)) return [];
  const nodes: GraphNode[] = [];
  for (const item of raw) {
    if (typeof item !== "object" || item === null) continue;
    const key = (item as Record<string, unknown>)["key"];
    if (typeof key !== "string") continue;
    const deps = (item as Record<string, unknown>)["dependsOn"];
    nodes.push({ key, dependsOn: Array.isArray(deps) ? deps.filter((d): d is string => typeof d === "string") : [] });
  }
  return nodes;
}

function foldKeys(nodes: readonly GraphNode[]): Map<string, string> {
  const folded = new Map<string, string>();
  for (const { key } of nodes) if (!folded.has(key.toLowerCase())) folded.set(key.toLowerCase(), key);
  return folded;
}

function capErrors(errors: string[]): string[] {
  if (errors.length <= MAX_PLAN_ERRORS) return errors;
  const rest = errors.length - (MAX_PLAN_ERRORS - 1);
  return [...errors.slice(0, MAX_PLAN_ERRORS - 1), `…and ${rest} more problems; fix the ones above and submit again`];
}

/** Without repeats, order kept. Short lists (the norm) are checked without allocating a Set. */
function unique(values: readonly string[]): string[] {
  if (values.length <= 8) {
    let repeated = false;
    for (let i = 1; i < values.length && !repeated; i++) repeated = values.lastIndexOf(values[i]!, i - 1) !== -1;
    if (!repeated) return values as string[];
  }
  return [...new Set(values)];
}

function q(key: string): string {
  return JSON.stringify(key);
}
