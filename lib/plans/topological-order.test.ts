import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nodeDepths, PlanGraphError, topologicalLayers, topologicalOrder } from "./topological-order";

const n = (key: string, dependsOn: string[] = []) => ({ key, dependsOn });

describe("topological layers (P2, P3)", () => {
  it("P3: layers put each node one after its deepest dependency, in plan order within a layer", () => {
    const nodes = [n("docs"), n("api", ["schema"]), n("schema"), n("ui", ["api"]), n("deploy", ["ui", "schema"])];
    expect(topologicalLayers(nodes)).toEqual([["docs", "schema"], ["api"], ["ui"], ["deploy"]]);
    expect(topologicalOrder(nodes)).toEqual(["docs", "schema", "api", "ui", "deploy"]);
    expect([...nodeDepths(nodes)]).toEqual([0, 1, 0, 2, 3]);
  });

  it("P3: an empty plan has no layers", () => {
    expect(topologicalLayers([])).toEqual([]);
  });

  it("P3: cycles, unknown dependencies and duplicate keys throw a PlanGraphError", () => {
    expect(() => topologicalLayers([n("a", ["b"]), n("b", ["a"])])).toThrow(PlanGraphError);
    expect(() => topologicalLayers([n("a", ["b"]), n("b", ["a"])])).toThrow(/cycle among "a", "b"/);
    expect(() => topologicalLayers([n("a", ["zz"])])).toThrow(/unknown key "zz"/);
    expect(() => topologicalLayers([n("a"), n("a")])).toThrow(/duplicate key "a"/);
  });

  it("P3: on random DAGs every dependency comes earlier, layers are tight and the result is deterministic", () => {
    const dag = fc
      .integer({ min: 1, max: 50 })
      .chain((size) =>
        fc.tuple(...Array.from({ length: size }, (_, i) => fc.subarray(Array.from({ length: i }, (_, j) => j)))),
      )
      .map((deps) => deps.map((d, i) => n(`k${i}`, d.map((j) => `k${j}`))).reverse());
    fc.assert(
      fc.property(dag, (nodes) => {
        const layers = topologicalLayers(nodes);
        const layerOf = new Map(layers.flatMap((keys, l) => keys.map((k) => [k, l] as const)));
        expect(layerOf.size).toBe(nodes.length);
        for (const node of nodes) {
          const own = layerOf.get(node.key)!;
          const deepest = Math.max(-1, ...node.dependsOn.map((d) => layerOf.get(d)!));
          expect(own).toBe(deepest + 1);
        }
        expect(topologicalLayers(nodes)).toEqual(layers);
      }),
      { numRuns: 200 },
    );
  });
});
