import { describe, expect, it } from "vitest";
import { planToMarkdown } from "./plan-to-markdown";

const node = (key: string, title: string, dependsOn: string[] = [], description = "") => ({
  key,
  title,
  description,
  dependsOn,
});

describe("planToMarkdown (A2)", () => {
  const plan = {
    goal: "Add invoices",
    nodes: [
      node("api", "Expose the API", ["schema"], "REST endpoints.\r\n\r\n```ts\nget('/invoices')\n```  "),
      node("schema", "Add the Invoice table", [], "One migration."),
      node("deploy", "Deploy", ["api", "schema"]),
    ],
  };

  it("A2: exports a PLAN.md with the goal as title and a checklist in dependency order", () => {
    expect(planToMarkdown(plan)).toBe(
      [
        "# Add invoices",
        "",
        "## Steps (3)",
        "",
        "- [ ] **1. Add the Invoice table** (`schema`)",
        "",
        "  One migration.",
        "",
        "- [ ] **2. Expose the API** (`api`) — depends on 1 (`schema`)",
        "",
        "  REST endpoints.",
        "",
        "  ```ts",
        "  get('/invoices')",
        "  ```",
        "",
        "- [ ] **3. Deploy** (`deploy`) — depends on 1 (`schema`), 2 (`api`)",
        "",
      ].join("\n"),
    );
  });

  it("A2: the export is stable: same plan, same bytes, LF endings and one trailing newline", () => {
    const a = planToMarkdown(plan);
    const b = planToMarkdown(structuredClone(plan));
    expect(a).toBe(b);
    expect(a).not.toContain("\r");
    expect(a.endsWith("\n") && !a.endsWith("\n\n")).toBe(true);
    expect(a.split("\n").every((line) => line === line.trimEnd())).toBe(true);
  });

  it("A2: a long or multi-line goal becomes a short title plus the full goal as a quote", () => {
    const md = planToMarkdown({ goal: `${"Long goal ".repeat(15)}\nSecond line`, nodes: [node("a", "A")] });
    const lines = md.split("\n");
    expect(lines[0]!.length).toBeLessThanOrEqual(102);
    expect(lines[0]!.endsWith("…")).toBe(true);
    expect(md).toContain("> Second line");
  });

  it("A2: version, status and finished steps are shown when given", () => {
    const md = planToMarkdown(plan, { version: 3, status: "approved", done: ["schema"] });
    expect(md).toContain("_Version 3 · approved_");
    expect(md).toContain("- [x] **1. Add the Invoice table**");
    expect(md).toContain("- [ ] **2. Expose the API**");
  });

  it("A2: Markdown characters in titles are escaped so they cannot break the checklist", () => {
    const md = planToMarkdown({ goal: "# Fix *all* the [things]", nodes: [node("a", "Use `x` | *y*")] });
    expect(md).toContain("# \\# Fix \\*all\\* the \\[things\\]");
    expect(md).toContain("**1. Use \\`x\\` \\| \\*y\\***");
  });
});
