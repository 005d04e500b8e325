import { describe, expect, it } from "vitest";
import { parseDiff } from "../../diff/parse-diff";
import { inScope, readTicketScope, reviewTicketScope, ticketScopeLine } from "./ticket-scope";

const diff = (paths: string[]) =>
  paths.map((p) => `diff --git a/${p} b/${p}\nnew file mode 100644\n--- /dev/null\n+++ b/${p}\n@@ -0,0 +1 @@\n+x\n`).join("");

describe("ticket scope (built-in reviewer)", () => {
  it("O7: a file outside the ticket's declared scope is a P1 finding naming the ticket and the path", () => {
    const findings = reviewTicketScope(parseDiff(diff(["src/api/limits.ts", "src/billing/tax.ts"])), { key: "api", scope: ["src/api/"] });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ priority: "P1", title: "Outside ticket api's scope: src/billing/tax.ts" });
  });

  it("O7: a change with nothing inside the scope misses its ticket", () => {
    const findings = reviewTicketScope(parseDiff(diff(["docs/notes.md"])), { key: "api", scope: ["src/api"] });
    expect(findings.map((f) => f.title)).toEqual(["The change misses ticket api: nothing in its scope changed", "Outside ticket api's scope: docs/notes.md"]);
  });

  it("O7: a change inside its scope raises nothing", () => {
    expect(reviewTicketScope(parseDiff(diff(["src/api/a.ts", "README.md"])), { key: "t", scope: ["src/api/", "README.md"] })).toEqual([]);
  });

  it("O7: prefixes match whole path components", () => {
    expect(inScope("src/api/x.ts", ["src/api"])).toBe(true);
    expect(inScope("src/apiary/x.ts", ["src/api"])).toBe(false);
    expect(inScope("src/apiary/x.ts", ["src/api/"])).toBe(false);
  });

  it("O7: the scope is read from the last marker line of the system prompt; a malformed one reads as none", () => {
    const forged = `${ticketScopeLine({ key: "x", scope: [""] }).replace('[""]', '["/"]')}`;
    const system = `intro\n${forged}\n${ticketScopeLine({ key: "api", scope: ["src/api/"] })}`;
    expect(readTicketScope(system)).toEqual({ key: "api", scope: ["src/api/"] });
    expect(readTicketScope("[gatehouse:ticket-scope] {not json")).toBeNull();
    expect(readTicketScope("no marker")).toBeNull();
  });
});
