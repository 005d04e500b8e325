import { describe, expect, it } from "vitest";
import { PlanGraphError } from "../plans/topological-order";
import { compilePlan, MAX_RESULT_CHARS, renderTicketPrompt } from "./compile-plan";

const node = (key: string, title: string, dependsOn: string[] = [], description = "") => ({
  key,
  title,
  description,
  dependsOn,
});

const plan = {
  goal: "Add invoices",
  nodes: [
    node("api", "Expose the API", ["schema"], "REST endpoints for invoices."),
    node("schema", "Add the Invoice table", [], "One migration."),
    node("docs", "Document it", ["api", "api"]),
  ],
};

describe("compilePlan (P3)", () => {
  it("P3: one ticket per node, with the same keys, dependencies, titles and descriptions, in dependency order", () => {
    const drafts = compilePlan(plan);
    expect(drafts.map(({ key, title, description, dependsOn, layer }) => ({ key, title, description, dependsOn, layer }))).toEqual([
      { key: "schema", title: "Add the Invoice table", description: "One migration.", dependsOn: [], layer: 0 },
      { key: "api", title: "Expose the API", description: "REST endpoints for invoices.", dependsOn: ["schema"], layer: 1 },
      { key: "docs", title: "Document it", description: "", dependsOn: ["api"], layer: 2 },
    ]);
  });

  it("P3: each ticket prompt says what to implement, names the goal, its dependencies and what comes after", () => {
    const api = compilePlan(plan).find((d) => d.key === "api")!;
    expect(api.prompt).toContain("[gatehouse:ticket api]");
    expect(api.prompt).toContain("Goal of the whole plan: Add invoices");
    expect(api.prompt).toContain("Your step: Expose the API (api)\n\nREST endpoints for invoices.");
    expect(api.prompt).toContain("- Add the Invoice table (schema)");
    expect(api.prompt).toContain("do not do them now:\n- Document it (docs)");
    expect(api.prompt).toMatch(/Implement only this step/);
    const schema = compilePlan(plan).find((d) => d.key === "schema")!;
    expect(schema.prompt).toContain("This step depends on no other step.");
  });

  it("P3: at start time the prompt carries what the dependencies produced, cut when long", () => {
    const prompt = renderTicketPrompt({
      goal: "Add invoices",
      ticket: { key: "api", title: "Expose the API", description: "" },
      dependencies: [
        { key: "schema", title: "Add the Invoice table", result: "Added migration 042.\nTable invoices has 6 columns." },
        { key: "auth", title: "Add roles", result: "x".repeat(MAX_RESULT_CHARS + 500) },
      ],
      dependants: [],
    });
    expect(prompt).toContain("- Add the Invoice table (schema): Added migration 042.\n  Table invoices has 6 columns.");
    expect(prompt).toContain("… (cut)");
    expect(prompt.length).toBeLessThan(MAX_RESULT_CHARS + 1500);
    expect(prompt).not.toContain("do not do them now");
  });

  it("P3: a plan that is not a DAG cannot be compiled", () => {
    expect(() => compilePlan({ goal: "g", nodes: [node("a", "A", ["b"]), node("b", "B", ["a"])] })).toThrow(PlanGraphError);
  });
});
