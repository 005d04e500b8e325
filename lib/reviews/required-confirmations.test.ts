import { describe, expect, it } from "vitest";
import { formVerdict } from "./form-verdict";
import { confirmationsMissing, consensusStatus, DEFAULT_REQUIRED_CONFIRMATIONS, readRequiredConfirmations, requiredConfirmationsBody, storedRequiredConfirmations } from "./required-confirmations";

const P0_TWO = { P0: 2, P1: 1, P2: 1, P3: 1 };

describe("R3: required confirmations", () => {
  it("R3: consensus needs as many non-author confirmations as the priority asks for; the default is one", () => {
    expect(consensusStatus("P0", 1, DEFAULT_REQUIRED_CONFIRMATIONS)).toBe("consensusReady");
    expect(consensusStatus("P0", 1, P0_TWO)).toBe("open");
    expect(consensusStatus("P0", 2, P0_TWO)).toBe("consensusReady");
    expect(consensusStatus("P1", 0, P0_TWO)).toBe("open");
    expect(confirmationsMissing("P0", 0, P0_TWO)).toBe(2);
    expect(confirmationsMissing("P0", 3, P0_TWO)).toBe(0);
  });

  it("R3: stored as versioned JSON; anything unreadable is the default, never a partial value", () => {
    expect(readRequiredConfirmations(storedRequiredConfirmations(P0_TWO))).toEqual(P0_TWO);
    for (const stored of [null, undefined, "2", { version: 2, byPriority: P0_TWO }, { version: 1, byPriority: { P0: 9, P1: 1, P2: 1, P3: 1 } }, { version: 1, byPriority: { P0: 2 } }]) {
      expect(readRequiredConfirmations(stored)).toEqual({ P0: 1, P1: 1, P2: 1, P3: 1 });
    }
    expect(requiredConfirmationsBody.safeParse({ requiredConfirmations: P0_TWO }).success).toBe(true);
    expect(requiredConfirmationsBody.safeParse({ requiredConfirmations: { ...P0_TWO, P3: 0 } }).success).toBe(false);
  });

  it("R5: the explanation names each open finding lacking consensus, most severe first, counts the rest, and sets no stricter floor", () => {
    const findings = Array.from({ length: 12 }, (_, i) => ({ priority: "P2" as const, confidence: 0.9, title: `Nit ${i}`, status: "open" as const, confirmations: 0 }));
    const outcome = formVerdict({
      findings: [...findings, { priority: "P0", confidence: 0.9, title: "Leak", status: "open", confirmations: 1 }, { priority: "P1", confidence: 0.9, title: "Agreed", status: "consensusReady", confirmations: 1 }],
      axes: [],
      results: [],
      confidenceThreshold: 0.5,
      requiredConfirmations: P0_TWO,
    });
    const lacking = outcome.rules.filter((r) => r.rule === "R5.consensus.missing");
    expect(lacking).toHaveLength(11);
    // The P0 is named once, on the line that makes the verdict block, with what it lacks.
    expect(outcome.rules.filter((r) => r.text.includes("'Leak'"))).toEqual([
      { rule: "R5.finding.P0", effect: "block", text: "P0 'Leak' (confidence 0.9 ≥ 0.5) → block; lacks consensus: 1 of 2 confirmations, needs 1 more" },
    ]);
    expect(lacking[0]!.text).toBe("P2 'Nit 0' lacks consensus: 0 of 1 confirmation, needs 1 more");
    expect(lacking.at(-1)!.text).toBe("2 more open findings lack consensus");
    expect(outcome.verdict).toBe("block");
    // Without the setting (an old caller), nothing is said about consensus.
    expect(formVerdict({ findings, axes: [], results: [], confidenceThreshold: 0.5 }).rules.some((r) => r.rule === "R5.consensus.missing")).toBe(false);
  });
});
