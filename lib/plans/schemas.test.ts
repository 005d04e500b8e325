import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PLAN_KEY_PATTERN, planNode, submitPlanInput } from "./schemas";

describe("submit_plan schemas (P1)", () => {
  it("P1: dependsOn defaults to an empty list", () => {
    expect(planNode.parse({ key: "a", title: "A", description: "" })).toEqual({
      key: "a",
      title: "A",
      description: "",
      dependsOn: [],
    });
  });

  it("P1: node and plan objects are strict (unknown fields are refused)", () => {
    expect(planNode.safeParse({ key: "a", title: "A", description: "", extra: 1 }).success).toBe(false);
    expect(submitPlanInput.safeParse({ goal: "g", nodes: [{ key: "a", title: "A", description: "" }], x: 1 }).success).toBe(
      false,
    );
  });

  it("P1: keys are 1–64 characters of letters, digits, . _ - starting with a letter or digit", () => {
    for (const ok of ["a", "A1", "0", "add-schema", "v1.2_x", "a".repeat(64)]) expect(PLAN_KEY_PATTERN.test(ok)).toBe(true);
    for (const bad of ["", "-a", ".a", "_a", "a b", "a/b", "ä", "a".repeat(65)]) expect(PLAN_KEY_PATTERN.test(bad)).toBe(false);
  });

  it("P1: text limits hold at their boundaries", () => {
    const ok = (fields: Record<string, unknown>) =>
      planNode.safeParse({ key: "a", title: "T", description: "", ...fields }).success;
    expect(ok({ title: "x".repeat(200) })).toBe(true);
    expect(ok({ title: "x".repeat(201) })).toBe(false);
    expect(ok({ title: "   " })).toBe(false);
    expect(ok({ description: "x".repeat(4000) })).toBe(true);
    expect(ok({ description: "x".repeat(4001) })).toBe(false);
    const goal = (g: string) => submitPlanInput.safeParse({ goal: g, nodes: [{ key: "a", title: "A", description: "" }] }).success;
    expect(goal("x".repeat(2000))).toBe(true);
    expect(goal("x".repeat(2001))).toBe(false);
  });

  it("P1: a plan has 1 to 1000 nodes", () => {
    const nodes = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `n${i}`, title: "T", description: "" }));
    expect(submitPlanInput.safeParse({ goal: "g", nodes: nodes(0) }).success).toBe(false);
    expect(submitPlanInput.safeParse({ goal: "g", nodes: nodes(1000) }).success).toBe(true);
    expect(submitPlanInput.safeParse({ goal: "g", nodes: nodes(1001) }).success).toBe(false);
  });

  it("P1: the input schema converts to a JSON schema a model can be given", () => {
    const schema = z.toJSONSchema(submitPlanInput, { io: "input" }) as unknown as {
      required: string[];
      additionalProperties: boolean;
      properties: { nodes: { items: { required: string[]; properties: Record<string, unknown> } } };
    };
    expect(schema.required).toEqual(["goal", "nodes"]);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.nodes.items.required).toEqual(["key", "title", "description"]);
    expect(Object.keys(schema.properties.nodes.items.properties)).toEqual(["key", "title", "description", "dependsOn"]);
  });
});
