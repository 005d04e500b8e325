import { describe, expect, it } from "vitest";
import { computePlanLayout, readPlanLayout, readPlanNodes } from "./stored-plan";

const nodes = [
  { key: "a", title: "A", description: "", dependsOn: [] },
  { key: "b", title: "B", description: "", dependsOn: ["a"] },
];

describe("stored plans", () => {
  it("P2: the stored layout is used only when it places every node; otherwise the plan is laid out again", () => {
    const layout = computePlanLayout(nodes);
    expect(readPlanLayout(layout, nodes)).toEqual(layout);
    expect(readPlanLayout({ ...layout, nodes: layout.nodes.slice(0, 1) }, nodes)).toBeNull();
    expect(readPlanLayout(null, nodes)).toBeNull();
    expect(readPlanLayout({ nodes: "nope" }, nodes)).toBeNull();
    const x = new Map(layout.nodes.map((n) => [n.key, n.x]));
    expect(x.get("a")!).toBeLessThan(x.get("b")!);
  });

  it("P1: stored nodes read back with dependsOn defaulted; anything else fails loudly", () => {
    expect(readPlanNodes([{ key: "a", title: "A", description: "" }])).toEqual([{ key: "a", title: "A", description: "", dependsOn: [] }]);
    expect(() => readPlanNodes([{ key: 1 }])).toThrow();
  });
});
