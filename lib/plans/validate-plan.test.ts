import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkPlanGraph, MAX_PLAN_ERRORS, validatePlan } from "./validate-plan";

type RawNode = { key: string; title: string; description: string; dependsOn?: string[] };
const node = (key: string, dependsOn: string[] = [], extra: Partial<RawNode> = {}): RawNode => ({
  key,
  title: `Do ${key}`,
  description: "",
  dependsOn,
  ...extra,
});
const plan = (...nodes: RawNode[]) => ({ goal: "Ship the feature", nodes });

function errorsOf(input: unknown): string[] {
  const result = validatePlan(input);
  if (result.ok) throw new Error("expected the plan to be refused");
  return result.errors;
}

/** Random DAG: node i may depend only on nodes listed before it, then the list is shuffled. */
const dagOf = (minNodes: number) =>
  fc
    .integer({ min: minNodes, max: 40 })
    .chain((n) =>
      fc.tuple(
        fc.tuple(...Array.from({ length: n }, (_, i) => fc.subarray(Array.from({ length: i }, (_, j) => j)))),
        fc.shuffledSubarray(Array.from({ length: n }, (_, i) => i), { minLength: n, maxLength: n }),
      ),
    )
    .map(([deps, order]) => order.map((i) => node(`n${i}`, deps[i]!.map((j) => `n${j}`))));
const dagArb = dagOf(1);

describe("validatePlan — shape (P1)", () => {
  it("P1: a well-formed plan is accepted and normalized", () => {
    const result = validatePlan({
      goal: "  Add invoices  ",
      nodes: [
        { key: "schema", title: " Add table ", description: "SQL" },
        { key: "api", title: "API", description: "", dependsOn: ["schema", "schema"] },
      ],
    });
    expect(result).toEqual({
      ok: true,
      plan: {
        goal: "Add invoices",
        nodes: [
          { key: "schema", title: "Add table", description: "SQL", dependsOn: [] },
          { key: "api", title: "API", description: "", dependsOn: ["schema"] },
        ],
      },
    });
  });

  it("P1: shape errors name the field path and the node key", () => {
    const errors = errorsOf({
      goal: "",
      nodes: [node("a"), { key: "b", title: "", description: 3, deps: ["a"] }],
    });
    expect(errors).toContain("goal: must not be empty");
    expect(errors).toContain('nodes[1] ("b").title: must not be empty');
    expect(errors).toContain('nodes[1] ("b").description: must be a string, not a number');
    expect(errors).toContain(
      'nodes[1] ("b"): has unknown field "deps"; the allowed fields are key, title, description, dependsOn',
    );
  });

  it("P1: a missing field is reported as required", () => {
    expect(errorsOf({ nodes: [node("a")] })).toEqual(["goal: is required (a string)"]);
    expect(errorsOf({ goal: "g", nodes: [{ key: "a", description: "" }] })).toEqual([
      'nodes[0] ("a").title: is required (a string)',
    ]);
  });

  it("P1: a malformed key is explained with the key rule", () => {
    const [error] = errorsOf(plan(node("-bad")));
    expect(error).toMatch(/^nodes\[0\] \("-bad"\)\.key: must be 1–64 characters/);
  });

  it("P1: a plan that is not an object, or has no nodes, is refused", () => {
    expect(errorsOf("a plan")).toEqual(["plan: must be an object, not a string"]);
    expect(errorsOf({ goal: "g", nodes: [] })).toEqual(["nodes: must have at least 1 item"]);
  });

  it("P1: graph errors are reported in the same round trip as shape errors", () => {
    const errors = errorsOf({ goal: "g", nodes: [node("a", ["b"], { title: "" }), node("b", ["a"])] });
    expect(errors).toEqual([
      'nodes[0] ("a").title: must not be empty',
      expect.stringMatching(/^cycle: a → b → a;/),
    ]);
  });
});

describe("validatePlan — graph (P1)", () => {
  it("P1: a cycle is refused and the message names its keys in order", () => {
    const errors = errorsOf(plan(node("a", ["b"]), node("b", ["c"]), node("c", ["a"]), node("d", ["a"])));
    expect(errors).toEqual([
      "cycle: a → b → c → a; each node depends on the next, so none of them can ever start. " +
        "Remove or reverse one of these dependencies",
    ]);
  });

  it("P1: an unknown dependency names the node and the missing key, with what to do", () => {
    expect(errorsOf(plan(node("deploy", ["tests"])))).toEqual([
      'node "deploy" depends on "tests", which is not a node in this plan; add it or remove the dependency',
    ]);
  });

  it("P1: an unknown dependency that differs only in case suggests the real key", () => {
    expect(errorsOf(plan(node("tests"), node("deploy", ["Tests"])))).toEqual([
      'node "deploy" depends on "Tests", which is not a node in this plan; add it or remove the dependency (did you mean "tests"?)',
    ]);
  });

  it("P1: a self-dependency is refused by name", () => {
    expect(errorsOf(plan(node("a", ["a"])))).toEqual(['node "a" depends on itself; remove "a" from its dependsOn']);
  });

  it("P1: duplicate keys are named with every position that uses them", () => {
    expect(errorsOf(plan(node("a"), node("b"), node("a"), node("a")))).toEqual([
      'duplicate key "a" is used by nodes[0], nodes[2], nodes[3]; give each node its own key and point dependsOn at the one you mean',
    ]);
  });

  it("P1: every independent cycle is reported once, by its first node in plan order", () => {
    const errors = errorsOf(
      plan(node("x", ["y"]), node("y", ["x"]), node("p", ["q"]), node("q", ["r"]), node("r", ["p", "q"])),
    );
    expect(errors.map((e) => e.split(";")[0])).toEqual(["cycle: x → y → x", "cycle: p → q → r → p"]);
  });

  it("P1: the reported cycle is the shortest one through its first node", () => {
    // a → b → c → d → a and the shortcut a → d → a
    const errors = errorsOf(plan(node("a", ["b", "d"]), node("b", ["c"]), node("c", ["d"]), node("d", ["a"])));
    expect(errors[0]).toMatch(/^cycle: a → d → a;/);
  });

  it("P1: a 1000-node chain validates without overflowing the stack, and a 1000-node cycle is named", () => {
    const chain = Array.from({ length: 1000 }, (_, i) => node(`n${i}`, i ? [`n${i - 1}`] : []));
    expect(validatePlan(plan(...chain)).ok).toBe(true);
    chain[0] = node("n0", ["n999"]);
    const [error] = errorsOf(plan(...chain));
    expect(error).toMatch(/^cycle: n0 → n999 → n998 → .* → n1 → n0;/);
  });

  it("P1: more problems than the cap are cut with a count of the rest", () => {
    const nodes = Array.from({ length: 80 }, (_, i) => node(`n${i}`, [`missing${i}`]));
    const errors = errorsOf(plan(...nodes));
    expect(errors).toHaveLength(MAX_PLAN_ERRORS);
    expect(errors.at(-1)).toBe("…and 31 more problems; fix the ones above and submit again");
  });

  it("P1: validatePlan accepts every random DAG", () => {
    fc.assert(
      fc.property(dagArb, (nodes) => {
        expect(validatePlan(plan(...nodes)).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("P1: validatePlan rejects every graph with a cycle and names a real cycle", () => {
    const cyclic = dagOf(2).chain((nodes) =>
      fc
        .shuffledSubarray(
          nodes.map((_, i) => i),
          { minLength: 2, maxLength: nodes.length },
        )
        .map((members) => {
          // Close a ring over the chosen nodes on top of the DAG's own edges.
          const copy = nodes.map((n) => ({ ...n, dependsOn: [...(n.dependsOn ?? [])] }));
          members.forEach((m, k) => copy[m]!.dependsOn.push(nodes[members[(k + 1) % members.length]!]!.key));
          return copy;
        }),
    );
    fc.assert(
      fc.property(cyclic, (nodes) => {
        const result = validatePlan(plan(...nodes));
        expect(result.ok).toBe(false);
        if (result.ok) return;
        const cycles = result.errors.filter((e) => e.startsWith("cycle: "));
        expect(cycles.length).toBeGreaterThan(0);
        const deps = new Map(nodes.map((n) => [n.key, new Set(n.dependsOn)]));
        for (const message of cycles) {
          const keys = message.slice("cycle: ".length, message.indexOf(";")).split(" → ");
          expect(keys[0]).toBe(keys.at(-1));
          expect(new Set(keys.slice(1)).size).toBe(keys.length - 1);
          for (let i = 0; i + 1 < keys.length; i++) expect(deps.get(keys[i]!)?.has(keys[i + 1]!)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("checkPlanGraph", () => {
  it("P1: an empty or edge-free graph has no errors", () => {
    expect(checkPlanGraph([])).toEqual([]);
    expect(checkPlanGraph([{ key: "a", dependsOn: [] }, { key: "b", dependsOn: [] }])).toEqual([]);
  });
});
