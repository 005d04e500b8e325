import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DUMMY_BUDGET, layoutPlan, planEdges } from "./layout-plan";
import { topologicalLayers } from "./topological-order";

const n = (key: string, dependsOn: string[] = []) => ({ key, dependsOn });
const W = 240;
const H = 72;

function overlaps(a: { x: number; y: number }, b: { x: number; y: number }): boolean {
  return a.x < b.x + W && b.x < a.x + W && a.y < b.y + H && b.y < a.y + H;
}

describe("layoutPlan (P2)", () => {
  const nodes = [n("schema"), n("api", ["schema"]), n("ui", ["api"]), n("docs"), n("deploy", ["ui", "schema", "docs"])];

  it("P2: planEdges has one edge per dependency, from the dependency to its dependant", () => {
    expect(planEdges([n("a"), n("b", ["a", "a"])])).toEqual([{ source: "a", target: "b" }]);
  });

  it("P2: left to right, every dependency sits left of its dependant and each layer is one column", () => {
    const layout = layoutPlan(nodes, planEdges(nodes));
    const pos = new Map(layout.nodes.map((p) => [p.key, p]));
    expect(layout.nodes.map((p) => p.key)).toEqual(nodes.map((x) => x.key));
    for (const e of planEdges(nodes)) expect(pos.get(e.source)!.x).toBeLessThan(pos.get(e.target)!.x);
    for (const layer of topologicalLayers(nodes)) expect(new Set(layer.map((k) => pos.get(k)!.x)).size).toBe(1);
    expect(layout.width).toBeGreaterThanOrEqual(Math.max(...layout.nodes.map((p) => p.x + W)));
    expect(layout.height).toBeGreaterThanOrEqual(Math.max(...layout.nodes.map((p) => p.y + H)));
  });

  it("P2: top to bottom puts dependencies above, and node size is a parameter", () => {
    const layout = layoutPlan(nodes, planEdges(nodes), { rankdir: "TB", nodeWidth: 100, nodeHeight: 40 });
    const pos = new Map(layout.nodes.map((p) => [p.key, p]));
    for (const e of planEdges(nodes)) expect(pos.get(e.source)!.y + 40).toBeLessThanOrEqual(pos.get(e.target)!.y);
  });

  it("P2: layout is deterministic", () => {
    expect(layoutPlan(nodes, planEdges(nodes))).toEqual(layoutPlan(nodes, planEdges(nodes)));
  });

  it("P2: an empty graph, unknown endpoints, self-edges and cycles still lay out", () => {
    expect(layoutPlan([], [])).toEqual({ nodes: [], width: 0, height: 0 });
    const odd = layoutPlan(
      [{ key: "a" }, { key: "b" }],
      [
        { source: "a", target: "ghost" },
        { source: "a", target: "a" },
        { source: "a", target: "b" },
        { source: "b", target: "a" },
      ],
    );
    expect(odd.nodes.map((p) => p.key)).toEqual(["a", "b"]);
    expect(odd.nodes.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))).toBe(true);
  });

  it("P2: a wide plan with long edges beyond the dummy budget keeps every edge pointing forward, without overlaps", () => {
    // A 60-step chain c0…c59; d_j waits for the chain and for a free-standing e_j.
    // Each e_j → d_j edge spans 60 columns and is not implied by any path, so
    // together they need far more dummies than the budget allows.
    const chain = Array.from({ length: 60 }, (_, i) => n(`c${i}`, i ? [`c${i - 1}`] : []));
    const free = Array.from({ length: 60 }, (_, j) => n(`e${j}`));
    const late = Array.from({ length: 60 }, (_, j) => n(`d${j}`, ["c59", `e${j}`]));
    const wide = [...chain, ...free, ...late];
    expect(60 * 59).toBeGreaterThan(DUMMY_BUDGET);
    const edges = planEdges(wide);
    const layout = layoutPlan(wide, edges);
    const pos = new Map(layout.nodes.map((p) => [p.key, p]));
    for (const e of edges) expect(pos.get(e.source)!.x).toBeLessThan(pos.get(e.target)!.x);
    const placed = layout.nodes;
    for (let i = 0; i < placed.length; i++) for (let j = i + 1; j < placed.length; j++) expect(overlaps(placed[i]!, placed[j]!)).toBe(false);
  });

  it("P2: on random DAGs every edge points forward and no two nodes overlap", () => {
    const dag = fc
      .integer({ min: 1, max: 25 })
      .chain((size) =>
        fc.tuple(...Array.from({ length: size }, (_, i) => fc.subarray(Array.from({ length: i }, (_, j) => j), { maxLength: Math.min(3, i) }))),
      )
      .map((deps) => deps.map((d, i) => n(`k${i}`, d.map((j) => `k${j}`))));
    fc.assert(
      fc.property(dag, (graph) => {
        const edges = planEdges(graph);
        const layout = layoutPlan(graph, edges);
        const pos = new Map(layout.nodes.map((p) => [p.key, p]));
        for (const e of edges) expect(pos.get(e.source)!.x).toBeLessThan(pos.get(e.target)!.x);
        const placed = layout.nodes;
        for (let i = 0; i < placed.length; i++) for (let j = i + 1; j < placed.length; j++) expect(overlaps(placed[i]!, placed[j]!)).toBe(false);
      }),
      { numRuns: 40 },
    );
  });
});
