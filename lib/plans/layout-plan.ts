/**
 * SPEC P2: automatic layout of a plan graph for Plan Studio, computed with
 * dagre (pure JavaScript, so this runs the same on the server, in a worker or
 * in the browser).
 *
 * Edges point from a dependency to the node that depends on it; with the
 * default left-to-right direction the work reads in the order it runs. Each
 * column is one topological layer (the same layers topologicalLayers reports),
 * so a column holds steps that can run side by side.
 *
 * Why not hand dagre the whole graph as is: in a layered drawing every edge
 * that spans k columns becomes a chain of k-1 dummy nodes that dagre must
 * rank, order and place, and on a 200-node plan those dummies outnumber the
 * real nodes ten to one and cost most of a second. Two reductions keep the
 * problem small without changing which column any node lands in:
 *  1. only the transitive reduction of the edges goes to dagre (a → c beside
 *     a → b → c adds no constraint);
 *  2. columns are assigned by our own ranker from all edges, so the longest
 *     remaining edges can be left out of dagre's problem once they would
 *     create more than DUMMY_BUDGET dummies. They still point forward and the
 *     view still draws every edge; dagre just does not route them.
 */
import { Graph, layout, type EdgeLabel, type GraphLabel, type NodeLabel, type RankerFunction } from "@dagrejs/dagre";
import type { GraphNode } from "./schemas";

/** An edge of the drawn graph: `source` must be done before `target` (React Flow's field names). */
export interface PlanEdge {
  source: string;
  target: string;
}

/** Layout knobs; defaults suit Plan Studio's node cards. */
export interface LayoutPlanOptions {
  /** LR: dependencies left of dependants; TB: above them */
  rankdir?: "LR" | "TB";
  nodeWidth?: number;
  nodeHeight?: number;
  /** gap between nodes in the same layer */
  nodesep?: number;
  /** gap between layers */
  ranksep?: number;
}

/** A laid-out node; x/y is its top-left corner, as React Flow positions nodes. */
export interface PositionedNode {
  key: string;
  x: number;
  y: number;
}

/** Positions for every node plus the size of the whole drawing. */
export interface PlanLayout {
  nodes: PositionedNode[];
  width: number;
  height: number;
}

/**
 * Most dummy nodes (summed column spans of long edges, beyond the first
 * column each) dagre is asked to route. Plans of a few dozen steps rarely
 * reach it and are laid out with every edge; on a 200-node plan it cut layout
 * time by about three quarters in bench/plans.ts (no budget: 600–850 ms,
 * 300: ~500 ms, 100: ~250 ms, 0: ~130 ms on a loaded 2-core machine).
 */
export const DUMMY_BUDGET = 100;

/** Edges of a plan: one per dependency, dependency → dependant, in plan order, without repeats. */
export function planEdges(nodes: readonly GraphNode[]): PlanEdge[] {
  const edges: PlanEdge[] = [];
  for (const node of nodes) {
    for (const dep of new Set(node.dependsOn)) edges.push({ source: dep, target: node.key });
  }
  return edges;
}

/**
 * P2: lay out a plan graph. Deterministic: dagre is, given insertion order,
 * and nodes and edges go in in the order given. Edges to unknown keys,
 * self-edges and repeats are ignored, and a graph with a cycle (possible only
 * while editing) falls back to dagre's own ranking, so a half-edited graph
 * still draws.
 */
export function layoutPlan(
  nodes: readonly { key: string }[],
  edges: readonly PlanEdge[],
  options: LayoutPlanOptions = {},
): PlanLayout {
  const width = options.nodeWidth ?? 240;
  const height = options.nodeHeight ?? 72;
  if (nodes.length === 0) return { nodes: [], width: 0, height: 0 };

  const graph = prepare(nodes, edges);
  const g = new Graph<GraphLabel, NodeLabel, EdgeLabel>();
  g.setGraph({
    rankdir: options.rankdir ?? "LR",
    nodesep: options.nodesep ?? 32,
    ranksep: options.ranksep ?? 72,
    marginx: 16,
    marginy: 16,
    // dagre calls a function ranker (its exported RankerFunction type);
    // GraphLabel's typing only lists the built-in names.
    ...(graph.layers ? { ranker: layerRanker(graph.layers) as unknown as GraphLabel["ranker"] } : {}),
  });
  g.setDefaultEdgeLabel(() => ({}));
  for (const node of graph.nodes) g.setNode(node, { width, height });
  for (const [source, target] of graph.edges) g.setEdge(source, target);
  layout(g);

  const label = g.graph();
  return {
    nodes: nodes.map((node) => {
      const placed = g.node(node.key);
      // dagre reports centres; React Flow wants corners.
      return { key: node.key, x: (placed.x ?? 0) - width / 2, y: (placed.y ?? 0) - height / 2 };
    }),
    width: label.width ?? 0,
    height: label.height ?? 0,
  };
}

interface PreparedGraph {
  /** unique keys in input order */
  nodes: string[];
  /** edges for dagre: reduced and within budget when acyclic, else every valid edge */
  edges: [string, string][];
  /** topological layer per key; null when the graph has a cycle */
  layers: Map<string, number> | null;
}

/**
 * Valid edges, their transitive reduction and the layer of every node, in
 * O(V·E/32) with ancestor bitsets (about a millisecond for 1000 nodes).
 */
function prepare(input: readonly { key: string }[], edges: readonly PlanEdge[]): PreparedGraph {
  const indexOf = new Map<string, number>();
  const nodes: string[] = [];
  for (const { key } of input) {
    if (indexOf.has(key)) continue;
    indexOf.set(key, nodes.length);
    nodes.push(key);
  }
  const n = nodes.length;
  const preds: number[][] = Array.from({ length: n }, () => []);
  const succs: number[][] = Array.from({ length: n }, () => []);
  const seen = new Set<number>();
  const valid: [number, number][] = [];
  for (const edge of edges) {
    const u = indexOf.get(edge.source);
    const v = indexOf.get(edge.target);
    if (u === undefined || v === undefined || u === v || seen.has(u * n + v)) continue;
    seen.add(u * n + v);
    preds[v]!.push(u);
    succs[u]!.push(v);
    valid.push([u, v]);
  }
  const named = (list: readonly [number, number][]): [string, string][] => list.map(([u, v]) => [nodes[u]!, nodes[v]!]);

  const waiting = Int32Array.from(preds, (p) => p.length);
  const order: number[] = [];
  for (let i = 0; i < n; i++) if (waiting[i] === 0) order.push(i);
  for (let head = 0; head < order.length; head++) {
    for (const v of succs[order[head]!]!) if (--waiting[v]! === 0) order.push(v);
  }
  if (order.length < n) return { nodes, edges: named(valid), layers: null };

  // Longest path from the sources: the earliest layer a step can run in.
  const layer = new Int32Array(n);
  for (const u of order) for (const v of succs[u]!) if (layer[u]! + 1 > layer[v]!) layer[v] = layer[u]! + 1;

  const words = (n + 31) >>> 5;
  const ancestors = new Uint32Array(n * words);
  const union = new Uint32Array(words);
  const redundant = new Set<number>();
  for (const v of order) {
    union.fill(0);
    for (const u of preds[v]!) for (let w = 0; w < words; w++) union[w]! |= ancestors[u * words + w]!;
    // u → v is implied when u is already an ancestor of another predecessor of v.
    for (const u of preds[v]!) if (union[u >>> 5]! & (1 << (u & 31))) redundant.add(u * n + v);
    for (const u of preds[v]!) union[u >>> 5]! |= 1 << (u & 31);
    ancestors.set(union, v * words);
  }
  const reduced = valid.filter(([u, v]) => !redundant.has(u * n + v));

  // Shortest edges first, so the budget keeps the edges that shape the drawing
  // most; ties in input order keep the choice deterministic.
  const bySpan = reduced
    .map((edge, i) => ({ edge, i, span: layer[edge[1]]! - layer[edge[0]]! }))
    .sort((a, b) => a.span - b.span || a.i - b.i);
  let dummies = 0;
  const kept = new Set<number>();
  for (const { i, span } of bySpan) {
    if (span > 1 && dummies + span - 1 > DUMMY_BUDGET) break;
    dummies += span - 1;
    kept.add(i);
  }
  return {
    nodes,
    edges: named(reduced.filter((_, i) => kept.has(i))),
    layers: new Map(nodes.map((key, i) => [key, layer[i]!])),
  };
}

/**
 * A dagre ranker that puts every node in its precomputed layer. dagre scales
 * edge minlen internally (to make room for edge labels) and adds helper nodes
 * (a nesting root), so layers are multiplied by the largest minlen between
 * real nodes and helper nodes are ranked to satisfy their own edges.
 */
function layerRanker(layers: ReadonlyMap<string, number>): RankerFunction {
  return (g) => {
    let step = 1;
    for (const e of g.edges()) {
      if (layers.has(e.v) && layers.has(e.w)) step = Math.max(step, g.edge(e).minlen ?? 1);
    }
    const helpers: string[] = [];
    for (const v of g.nodes()) {
      const layer = layers.get(v);
      if (layer === undefined) helpers.push(v);
      else g.node(v).rank = layer * step;
    }
    for (const v of helpers) {
      let rank = Number.POSITIVE_INFINITY;
      for (const e of g.outEdges(v) ?? []) {
        const target = g.node(e.w).rank;
        if (typeof target === "number") rank = Math.min(rank, target - (g.edge(e).minlen ?? 1));
      }
      if (!Number.isFinite(rank)) {
        rank = 0;
        for (const e of g.inEdges(v) ?? []) {
          const source = g.node(e.v).rank;
          if (typeof source === "number") rank = Math.max(rank, source + (g.edge(e).minlen ?? 1));
        }
      }
      g.node(v).rank = rank;
    }
  };
}
