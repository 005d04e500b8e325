import { describe, expect, it } from "vitest";
import { ruleAnchor, ruleWords, splitRuleCitations } from "./rule-words";

describe("rule wording", () => {
  it("M5/G4: a bracketed rule citation becomes a rule part; the prose stays text", () => {
    expect(splitRuleCitations("the worktree is read-only in plan mode, so write_file is removed [M5]")).toEqual([
      { kind: "text", text: "the worktree is read-only in plan mode, so write_file is removed" },
      { kind: "rule", id: "M5" },
    ]);
    expect(splitRuleCitations("Refused by a person [G4] — see above")).toEqual([
      { kind: "text", text: "Refused by a person" },
      { kind: "rule", id: "G4" },
      { kind: "text", text: " — see above" },
    ]);
  });

  it("R5: verdict sub-rules read as words and link to their base rule", () => {
    expect(ruleWords("R5.finding.P0")).toBe("an open critical (P0) finding");
    expect(ruleWords("R5.axis.not_gated")).toBe("a report-only check");
    expect(ruleAnchor("R5.finding.P0")).toBe("/rules#R5");
  });

  it("unknown ids and ordinary brackets stay as written", () => {
    expect(splitRuleCitations("array[0] and [Z9] and [x]")).toEqual([{ kind: "text", text: "array[0] and [Z9] and [x]" }]);
    expect(ruleWords("Q7")).toBeNull();
  });
});
