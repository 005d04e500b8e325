import { describe, expect, it } from "vitest";
import { caveatSummary, verdictCaveats } from "./verdict-caveats";

describe("verdict caveats", () => {
  it("R5: failing report-only, missing and unrunnable checks and an unreadable declaration are named; passing ones are not", () => {
    const rows = [
      { axis: "tests", gated: true, declared: true, status: "pass" as const },
      { axis: "lint", gated: false, declared: true, status: "fail" as const },
      { axis: "types", gated: true, declared: true, status: "missing" as const },
      { axis: "e2e", gated: false, declared: true, status: "could_not_run" as const },
    ];
    expect(verdictCaveats(rows, "bad JSON")).toEqual([
      { axis: "lint", what: "failed (report-only)", failed: true },
      { axis: "types", what: "has no result", failed: false },
      { axis: "e2e", what: "could not run (report-only)", failed: false },
      { axis: "gatehouse.axes.json", what: "could not be read", failed: false },
    ]);
    expect(verdictCaveats(rows.slice(0, 1), null)).toEqual([]);
  });

  it("R8: a ship badge beside caveats says how many checks fail, are missing or do not pass", () => {
    const fail = { axis: "lint", what: "failed (report-only)", failed: true };
    const missing = { axis: "types", what: "has no result", failed: false };
    expect(caveatSummary([fail])).toBe("1 check failing");
    expect(caveatSummary([missing, { ...missing, axis: "e2e" }])).toBe("2 checks missing");
    expect(caveatSummary([fail, missing])).toBe("2 checks not passing");
  });
});
