import { describe, expect, it } from "vitest";
import { verdictCaveats } from "./verdict-caveats";

describe("verdict caveats", () => {
  it("R5: failing report-only, missing and unrunnable checks and an unreadable declaration are named; passing ones are not", () => {
    const rows = [
      { axis: "tests", gated: true, declared: true, status: "pass" as const },
      { axis: "lint", gated: false, declared: true, status: "fail" as const },
      { axis: "types", gated: true, declared: true, status: "missing" as const },
      { axis: "e2e", gated: false, declared: true, status: "could_not_run" as const },
    ];
    expect(verdictCaveats(rows, "bad JSON")).toEqual([
      { axis: "lint", what: "failed (report-only)" },
      { axis: "types", what: "has no result" },
      { axis: "e2e", what: "could not run (report-only)" },
      { axis: "gatehouse.axes.json", what: "could not be read" },
    ]);
    expect(verdictCaveats(rows.slice(0, 1), null)).toEqual([]);
  });
});
