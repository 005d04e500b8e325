import { describe, expect, it } from "vitest";
import { readExplanation } from "./stored-explanation";

describe("a review's stored explanation", () => {
  it("R5: reads the rules and axis table a verdict was formed with", () => {
    const stored = {
      rules: [{ rule: "R5.finding", effect: "hold", text: "A P1 finding is open" }],
      axisTable: [{ axis: "tests", gated: true, declared: true, status: "fail", detail: "2 failed", source: "sandbox" }],
      trigger: "axes",
      threshold: 0.6,
      findings: 3,
    };
    expect(readExplanation(stored)).toEqual(stored);
  });

  it("R5: a field of a shape this build does not know reads as absent, the rest still reads", () => {
    expect(readExplanation({ rules: "not a list", axisTable: [{ axis: "lint", gated: false, declared: false, status: "missing" }], trigger: "someday" })).toEqual({
      axisTable: [{ axis: "lint", gated: false, declared: false, status: "missing" }],
    });
    expect(readExplanation(null)).toEqual({});
    expect(readExplanation(["a list"])).toEqual({});
  });
});
