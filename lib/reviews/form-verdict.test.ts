import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formVerdict, type FormVerdictInput, type VerdictAxisResult, type VerdictFinding } from "./form-verdict";
import { verdictRank, type Verdict } from "./schemas";

const finding = (over: Partial<VerdictFinding> = {}): VerdictFinding => ({
  priority: "P2",
  confidence: 0.9,
  title: "a finding",
  status: "open",
  ...over,
});
const input = (over: Partial<FormVerdictInput> = {}): FormVerdictInput => ({
  findings: [],
  axes: [],
  results: [],
  confidenceThreshold: 0.5,
  ...over,
});
const result = (axis: string, status: VerdictAxisResult["status"], over: Partial<VerdictAxisResult> = {}): VerdictAxisResult => ({
  axis,
  status,
  ...over,
});

describe("form-verdict: findings", () => {
  it("R5/R3: a counted finding that lacks consensus is listed once, with what it lacks on the line that counts it", () => {
    const v = formVerdict(
      input({
        findings: [finding({ priority: "P0", title: "AWS access key committed", confirmations: 0 }), finding({ priority: "P2", title: "Nit", confirmations: 0 })],
        requiredConfirmations: { P0: 1, P1: 1, P2: 1, P3: 1 },
      }),
    );
    expect(v.rules.filter((r) => r.text.includes("AWS access key committed"))).toEqual([
      { rule: "R5.finding.P0", effect: "block", text: "P0 'AWS access key committed' (confidence 0.9 ≥ 0.5) → block; lacks consensus: 0 of 1 confirmation, needs 1 more" },
    ]);
    expect(v.rules.filter((r) => r.text.includes("'Nit'")).map((r) => r.rule)).toEqual(["R5.consensus.missing"]);
  });

  it("R5: no findings and no axes → ship, and the explanation says why", () => {
    const v = formVerdict(input());
    expect(v.verdict).toBe("ship");
    expect(v.rules.map((r) => r.rule)).toEqual(["R5.finding.none", "R5.axis.none_declared"]);
    expect(v.rules[0]?.text).toBe("No open P0 or P1 finding at confidence ≥ 0.5 → ship");
  });

  it("R5: an open P0 at or above the threshold blocks, explained in plain language", () => {
    const v = formVerdict(input({ findings: [finding({ priority: "P0", confidence: 0.9, title: "SQL injection in login" })] }));
    expect(v.verdict).toBe("block");
    expect(v.rules[0]).toEqual({
      rule: "R5.finding.P0",
      effect: "block",
      text: "P0 'SQL injection in login' (confidence 0.9 ≥ 0.5) → block",
    });
  });

  it("R5: an open P1 at or above the threshold holds", () => {
    const v = formVerdict(input({ findings: [finding({ priority: "P1", confidence: 0.7, title: "Race in cache" })] }));
    expect(v.verdict).toBe("hold");
    expect(v.rules[0]?.text).toBe("P1 'Race in cache' (confidence 0.7 ≥ 0.5) → hold");
  });

  it("R5: confidence exactly at the threshold counts", () => {
    expect(formVerdict(input({ findings: [finding({ priority: "P0", confidence: 0.5 })] })).verdict).toBe("block");
  });

  it("R5: a P0 below the confidence threshold does not count, and the note says so", () => {
    const v = formVerdict(input({ findings: [finding({ priority: "P0", confidence: 0.49 })] }));
    expect(v.verdict).toBe("ship");
    expect(v.rules.find((r) => r.rule === "R5.finding.below_threshold")?.text).toBe(
      "1 open P0/P1 finding below the confidence threshold 0.5 does not count",
    );
  });

  it("R5: P2 and P3 findings never change the verdict", () => {
    const v = formVerdict(input({ findings: [finding({ priority: "P2", confidence: 1 }), finding({ priority: "P3", confidence: 1 })] }));
    expect(v.verdict).toBe("ship");
  });

  it("R5: resolved and dismissed findings do not count", () => {
    const v = formVerdict(
      input({ findings: [finding({ priority: "P0", status: "resolved" }), finding({ priority: "P0", status: "dismissed" })] }),
    );
    expect(v.verdict).toBe("ship");
  });

  it("R3/R5: a consensusReady finding counts and is shown as confirmed", () => {
    const v = formVerdict(input({ findings: [finding({ priority: "P1", status: "consensusReady", title: "x" })] }));
    expect(v.verdict).toBe("hold");
    expect(v.rules[0]?.text).toBe("P1 'x' (confidence 0.9 ≥ 0.5, confirmed) → hold");
  });

  it("R5: an outdated finding still counts until it is resolved", () => {
    const v = formVerdict(input({ findings: [finding({ priority: "P0", outdated: true, title: "x" })] }));
    expect(v.verdict).toBe("block");
    expect(v.rules[0]?.text).toContain("outdated but not resolved");
    expect(formVerdict(input({ findings: [finding({ priority: "P0", outdated: true, status: "resolved" })] })).verdict).toBe("ship");
  });

  it("R4/R5: a finding with NaN confidence can never count", () => {
    expect(formVerdict(input({ findings: [finding({ priority: "P0", confidence: Number.NaN })] })).verdict).toBe("ship");
  });

  it("R5: every counted P0 and P1 is listed, blocking ones first", () => {
    const v = formVerdict(
      input({
        findings: [finding({ priority: "P1", title: "b" }), finding({ priority: "P0", title: "a" }), finding({ priority: "P0", title: "c" })],
      }),
    );
    expect(v.rules.filter((r) => r.rule.startsWith("R5.finding.P")).map((r) => r.text.slice(0, 6))).toEqual(["P0 'a'", "P0 'c'", "P1 'b'"]);
  });

  it("R5: an invalid threshold is repaired to 0 (strictest), never to something milder", () => {
    const v = formVerdict(input({ confidenceThreshold: Number.NaN, findings: [finding({ priority: "P0", confidence: 0.01 })] }));
    expect(v.verdict).toBe("block");
    expect(v.rules.some((r) => r.rule === "R5.threshold.invalid")).toBe(true);
    expect(formVerdict(input({ confidenceThreshold: 7, findings: [finding({ priority: "P1", confidence: 0.2 })] })).verdict).toBe("hold");
  });

  it("R5: long titles are clipped in the explanation", () => {
    const v = formVerdict(input({ findings: [finding({ priority: "P0", title: "x".repeat(300) })] }));
    expect(v.rules[0]?.text.length).toBeLessThan(140);
  });
});

describe("form-verdict: axes", () => {
  const axes = [
    { name: "tests", gated: true },
    { name: "lint", gated: false },
  ];

  it("R5: a gated axis that fails forces block even without findings", () => {
    const v = formVerdict(input({ axes, results: [result("tests", "fail", { detail: "3 failed" }), result("lint", "pass")] }));
    expect(v.verdict).toBe("block");
    expect(v.rules.find((r) => r.rule === "R5.axis.fail")?.text).toBe("Gated axis 'tests' failed (3 failed) → block");
  });

  it("R5: a gated axis that could not run never yields ship", () => {
    const v = formVerdict(input({ axes, results: [result("tests", "could_not_run", { detail: "timeout after 600s" }), result("lint", "pass")] }));
    expect(v.verdict).toBe("hold");
    expect(v.rules.find((r) => r.rule === "R5.axis.could_not_run")?.text).toContain("could not run (timeout after 600s)");
  });

  it("R5: a declared gated axis with no result is missing and forces at least hold (missing evidence is not green)", () => {
    const v = formVerdict(input({ axes, results: [] }));
    expect(v.verdict).toBe("hold");
    expect(v.axisTable).toEqual([
      { axis: "tests", gated: true, declared: true, status: "missing" },
      { axis: "lint", gated: false, declared: true, status: "missing" },
    ]);
  });

  it("R5: a failing gated axis on top of a blocking P0 stays block (both rules listed)", () => {
    const v = formVerdict(input({ axes, results: [result("tests", "fail")], findings: [finding({ priority: "P0" })] }));
    expect(v.verdict).toBe("block");
    expect(v.rules.map((r) => r.rule)).toEqual(expect.arrayContaining(["R5.finding.P0", "R5.axis.fail"]));
  });

  it("R5: a non-gated axis that fails is reported but never changes the verdict", () => {
    const v = formVerdict(input({ axes, results: [result("tests", "pass"), result("lint", "fail")] }));
    expect(v.verdict).toBe("ship");
    expect(v.axisTable.find((r) => r.axis === "lint")).toMatchObject({ gated: false, status: "fail" });
    expect(v.rules.find((r) => r.rule === "R5.axis.not_gated")?.effect).toBe("ship");
  });

  it("R5: results for axes that are not declared are shown as not gated and change nothing", () => {
    const v = formVerdict(input({ axes, results: [result("tests", "pass"), result("lint", "pass"), result("security", "fail")] }));
    expect(v.verdict).toBe("ship");
    expect(v.axisTable.at(-1)).toEqual({ axis: "security", gated: false, declared: false, status: "fail" });
  });

  it("R5: within one source the latest result wins (a re-run that passes replaces the failure)", () => {
    const results = [
      result("tests", "fail", { source: "sandbox", createdAt: new Date("2025-01-01T10:00:00Z") }),
      result("tests", "pass", { source: "sandbox", createdAt: new Date("2025-01-01T10:05:00Z") }),
    ];
    expect(formVerdict(input({ axes: [axes[0]!], results })).verdict).toBe("ship");
    expect(formVerdict(input({ axes: [axes[0]!], results: [...results].reverse() })).verdict).toBe("ship");
  });

  it("R5: across sources the strictest wins: a check_run pass never masks a sandbox failure", () => {
    const results = [
      result("tests", "fail", { source: "sandbox", createdAt: 1 }),
      result("tests", "pass", { source: "check_run", createdAt: 2 }),
    ];
    const v = formVerdict(input({ axes: [axes[0]!], results }));
    expect(v.verdict).toBe("block");
    expect(v.axisTable[0]).toMatchObject({ status: "fail", source: "sandbox" });
  });

  it("R5: results for another head are ignored, so the new head's gate is missing, not green", () => {
    const results = [result("tests", "pass", { headSha: "old" })];
    expect(formVerdict(input({ axes: [axes[0]!], results, headSha: "new" })).verdict).toBe("hold");
    expect(formVerdict(input({ axes: [axes[0]!], results, headSha: "old" })).verdict).toBe("ship");
  });

  it("R5: an unknown status value in stored data counts as could_not_run, never as a pass", () => {
    const bogus = { axis: "tests", status: "green" } as unknown as VerdictAxisResult;
    const v = formVerdict(input({ axes: [axes[0]!], results: [bogus] }));
    expect(v.verdict).toBe("hold");
    expect(v.axisTable[0]?.status).toBe("could_not_run");
  });

  it("R5: an unreadable axes declaration forces at least hold", () => {
    const v = formVerdict(input({ axesError: "axes.0.gated: expected boolean" }));
    expect(v.verdict).toBe("hold");
    expect(v.rules.some((r) => r.rule === "R5.axis.unreadable")).toBe(true);
  });

  it("R5: a repeated declaration can only make an axis gated", () => {
    const v = formVerdict(input({ axes: [{ name: "tests", gated: false }, { name: "tests", gated: true }], results: [result("tests", "fail")] }));
    expect(v.verdict).toBe("block");
    expect(v.axisTable).toHaveLength(1);
  });
});

// ───────────── properties: nothing ever makes the verdict milder ─────────────

const AXIS_NAMES = ["tests", "types", "lint", "security", "build", "e2e", "perf", "docs"] as const;
const findingArb = fc.record({
  priority: fc.constantFrom("P0", "P1", "P2", "P3" as const),
  confidence: fc.double({ min: 0, max: 1, noNaN: true }),
  title: fc.string({ maxLength: 20 }),
  status: fc.constantFrom("open", "consensusReady", "resolved", "dismissed" as const),
  outdated: fc.boolean(),
});
const axisArb = fc.uniqueArray(fc.record({ name: fc.constantFrom(...AXIS_NAMES), gated: fc.boolean() }), {
  selector: (a) => a.name,
  maxLength: 8,
});
const resultArb = fc.record({
  axis: fc.constantFrom(...AXIS_NAMES, "undeclared"),
  status: fc.constantFrom("pass", "fail", "could_not_run" as const),
  source: fc.constantFrom("sandbox", "check_run"),
  createdAt: fc.integer({ min: 0, max: 50 }),
});
const inputArb = fc.record({
  findings: fc.array(findingArb, { maxLength: 12 }),
  axes: axisArb,
  results: fc.array(resultArb, { maxLength: 16 }),
  confidenceThreshold: fc.double({ min: 0, max: 1, noNaN: true }),
});
const rank = (i: FormVerdictInput): number => verdictRank(formVerdict(i).verdict);

describe("form-verdict: monotone (fast-check)", () => {
  it("R5: adding any finding never lowers the verdict", () => {
    fc.assert(fc.property(inputArb, findingArb, (i, f) => rank({ ...i, findings: [...i.findings, f] }) >= rank(i)), { numRuns: 500 });
  });

  it("R5: adding any failing axis result never lowers the verdict", () => {
    const failArb = resultArb.map((r) => ({ ...r, status: "fail" as const }));
    fc.assert(fc.property(inputArb, failArb, (i, r) => rank({ ...i, results: [...i.results, r] }) >= rank(i)), { numRuns: 500 });
  });

  it("R5: declaring another gated axis without a result (missing) never lowers the verdict", () => {
    fc.assert(
      fc.property(inputArb, fc.constantFrom(...AXIS_NAMES), (i, name) => {
        fc.pre(!i.axes.some((a) => a.name === name));
        const before = { ...i, results: i.results.filter((r) => r.axis !== name) };
        return rank({ ...before, axes: [...i.axes, { name, gated: true }] }) >= Math.max(rank(before), verdictRank("hold"));
      }),
      { numRuns: 500 },
    );
  });

  it("R5: gating an axis never lowers the verdict", () => {
    fc.assert(
      fc.property(inputArb, (i) => rank({ ...i, axes: i.axes.map((a) => ({ ...a, gated: true })) }) >= rank(i)),
      { numRuns: 300 },
    );
  });

  it("R5: axes never make the verdict milder than the findings alone", () => {
    fc.assert(fc.property(inputArb, (i) => rank(i) >= rank({ ...i, axes: [], results: [] })), { numRuns: 500 });
  });

  it("R5: a gated axis that could not run (or is missing) never yields ship; a gated failure always blocks", () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const v = formVerdict(i);
        for (const row of v.axisTable) {
          if (!row.declared || !row.gated) continue;
          if ((row.status === "could_not_run" || row.status === "missing") && v.verdict === "ship") return false;
          if (row.status === "fail" && v.verdict !== "block") return false;
        }
        return true;
      }),
      { numRuns: 1000 },
    );
  });

  it("R5: non-gated and undeclared axes never change the verdict", () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const gatedOnly = i.axes.filter((a) => a.gated);
        const names = new Set<string>(gatedOnly.map((a) => a.name));
        return rank(i) === rank({ ...i, axes: gatedOnly, results: i.results.filter((r) => names.has(r.axis)) });
      }),
      { numRuns: 500 },
    );
  });

  it("R5: the verdict is exactly the strictest effect among the listed rules", () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const v = formVerdict(i);
        const strictest = v.rules.reduce<Verdict>((acc, r) => (verdictRank(r.effect) > verdictRank(acc) ? r.effect : acc), "ship");
        return v.verdict === strictest && v.rules.every((r) => r.text.length > 0);
      }),
      { numRuns: 300 },
    );
  });
});
