import { describe, expect, it } from "vitest";
import { diffPlanVersions, summarizePlanDiff } from "./diff-plan-versions";

const node = (key: string, title: string, dependsOn: string[] = [], description = "") => ({
  key,
  title,
  description,
  dependsOn,
});

describe("diffPlanVersions (P2)", () => {
  const v1 = {
    goal: "Add invoices",
    nodes: [
      node("schema", "Add table"),
      node("api", "Expose API", ["schema"], "REST endpoints for invoices"),
      node("docs", "Write docs"),
    ],
  };

  it("P2: identical versions have no changes, whatever the node and dependency order", () => {
    const shuffled = {
      goal: v1.goal,
      nodes: [v1.nodes[2]!, { ...v1.nodes[1]!, dependsOn: ["schema", "schema"] }, v1.nodes[0]!],
    };
    const diff = diffPlanVersions(v1, shuffled);
    expect(diff.identical).toBe(true);
    expect(diff.unchanged).toEqual(["docs", "api", "schema"]);
    expect(summarizePlanDiff(diff)).toBe("no changes");
  });

  it("P2: added, removed and changed nodes and a changed goal are all listed", () => {
    const v2 = {
      goal: "Add invoices and credit notes",
      nodes: [
        node("schema", "Add tables"),
        node("api", "Expose API", ["schema", "auth"], "REST and GraphQL endpoints for invoices"),
        node("auth", "Check permissions"),
      ],
    };
    const diff = diffPlanVersions(v1, v2);
    expect(diff.identical).toBe(false);
    expect(diff.goal?.before).toBe("Add invoices");
    expect(diff.goal?.after).toBe("Add invoices and credit notes");
    expect(diff.added.map((n) => n.key)).toEqual(["auth"]);
    expect(diff.removed.map((n) => n.key)).toEqual(["docs"]);
    expect(diff.unchanged).toEqual([]);
    expect(diff.changed).toEqual([
      {
        key: "schema",
        title: {
          before: "Add table",
          after: "Add tables",
          segments: [
            { text: "Add ", kind: "same" },
            { text: "table", kind: "removed" },
            { text: "tables", kind: "added" },
          ],
        },
      },
      {
        key: "api",
        description: expect.objectContaining({
          before: "REST endpoints for invoices",
          after: "REST and GraphQL endpoints for invoices",
        }),
        dependsOn: { added: ["auth"], removed: [] },
      },
    ]);
    expect(summarizePlanDiff(diff)).toBe("goal changed · 1 added · 1 removed · 2 changed");
  });

  it("P2: word segments rebuild both versions of a text", () => {
    const diff = diffPlanVersions(
      { goal: "a", nodes: [node("x", "T", [], "first line\nsecond line stays")] },
      { goal: "a", nodes: [node("x", "T", [], "first row\nsecond line stays, mostly")] },
    );
    const d = diff.changed[0]!.description!;
    const join = (kinds: string[]) => d.segments.filter((s) => kinds.includes(s.kind)).map((s) => s.text).join("");
    expect(join(["same", "removed"])).toBe(d.before);
    expect(join(["same", "added"])).toBe(d.after);
  });

  it("P2: a renamed key reads as one node removed and one added", () => {
    const diff = diffPlanVersions(
      { goal: "g", nodes: [node("old", "Same")] },
      { goal: "g", nodes: [node("new", "Same")] },
    );
    expect(diff.removed.map((n) => n.key)).toEqual(["old"]);
    expect(diff.added.map((n) => n.key)).toEqual(["new"]);
  });

  it("P2: very different long texts fall back to a whole replacement", () => {
    // Two unrelated 4000-character descriptions, the longest a node may have.
    const before = Array.from({ length: 800 }, (_, i) => `a${i % 1000}`).join(" ").slice(0, 4000);
    const after = Array.from({ length: 800 }, (_, i) => `b${i % 1000}`).join(" ").slice(0, 4000);
    const diff = diffPlanVersions({ goal: before, nodes: [] }, { goal: after, nodes: [] });
    expect(diff.goal?.segments).toEqual([
      { text: before, kind: "removed" },
      { text: after, kind: "added" },
    ]);
  });
});
