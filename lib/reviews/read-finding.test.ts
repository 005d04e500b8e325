import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readFinding } from "./read-finding";
import { formVerdict, type VerdictFinding } from "./form-verdict";

const valid = {
  kind: "bug",
  priority: "P0",
  confidence: 0.9,
  title: "SQL injection in login",
  body: "The query concatenates user input.",
  anchor: { file: "src/login.ts", startLine: 10, endLine: 12 },
};

const dropped = (raw: unknown): string => {
  const r = readFinding(raw);
  if (r.ok) throw new Error("expected the finding to be dropped");
  return r.reason;
};

describe("read-finding (R4)", () => {
  it("R4: a well-formed finding passes the read boundary unchanged", () => {
    const r = readFinding(valid);
    expect(r).toEqual({ ok: true, finding: valid });
  });

  it("R4: a finding with confidence 1.4 is dropped and says why", () => {
    expect(dropped({ ...valid, confidence: 1.4 })).toBe("confidence 1.4 is out of range (expected a number from 0 to 1)");
  });

  it("R4: a finding with negative confidence is dropped", () => {
    expect(dropped({ ...valid, confidence: -0.1 })).toContain("confidence -0.1 is out of range");
  });

  it("R4: a finding with NaN or infinite confidence is dropped", () => {
    expect(dropped({ ...valid, confidence: Number.NaN })).toContain("confidence NaN is not a number");
    expect(dropped({ ...valid, confidence: Number.POSITIVE_INFINITY })).toContain("confidence Infinity is out of range");
  });

  it('R4: a finding with confidence "high" (a string) is dropped', () => {
    expect(dropped({ ...valid, confidence: "high" })).toBe('confidence "high" is not a number (expected a number from 0 to 1)');
    expect(dropped({ ...valid, confidence: "0.8" })).toContain('confidence "0.8" is not a number');
  });

  it("R4: a finding without confidence is dropped", () => {
    const { confidence: _c, ...rest } = valid;
    expect(dropped(rest)).toBe("confidence is missing (expected a number from 0 to 1)");
    expect(dropped({ ...valid, confidence: null })).toContain("confidence is missing");
  });

  it("R4: a finding without priority is dropped", () => {
    const { priority: _p, ...rest } = valid;
    expect(dropped(rest)).toBe("priority is missing (expected one of P0, P1, P2, P3)");
  });

  it("R4: a finding with priority P4, p0, 0 or 'high' is dropped and names the field", () => {
    for (const p of ["P4", "p0", 0, "high", "critical"]) expect(dropped({ ...valid, priority: p })).toMatch(/^priority .* is out of range/);
  });

  it("R4: both defects are reported together", () => {
    expect(dropped({ ...valid, priority: "P9", confidence: 2 })).toBe(
      'priority "P9" is out of range (expected one of P0, P1, P2, P3); confidence 2 is out of range (expected a number from 0 to 1)',
    );
  });

  it("R4: a missing title drops the finding with a clear reason", () => {
    const { title: _t, ...rest } = valid;
    expect(dropped(rest)).toBe("title: is missing");
    expect(dropped({ ...valid, title: "   " })).toBe("title: must not be empty");
  });

  it("R2/R4: an unknown kind is dropped", () => {
    expect(dropped({ ...valid, kind: "nitpick" })).toMatch(/^kind: /);
  });

  it("R2/R4: a malformed anchor is dropped (endLine before startLine, zero, fractional, outside the repository)", () => {
    expect(dropped({ ...valid, anchor: { file: "a.ts", startLine: 5, endLine: 4 } })).toBe("anchor.endLine: endLine must be >= startLine");
    expect(dropped({ ...valid, anchor: { file: "a.ts", startLine: 0, endLine: 1 } })).toMatch(/^anchor.startLine: /);
    expect(dropped({ ...valid, anchor: { file: "a.ts", startLine: 1.5, endLine: 2 } })).toMatch(/^anchor.startLine: /);
    expect(dropped({ ...valid, anchor: { file: "../etc/passwd", startLine: 1, endLine: 1 } })).toBe(
      "anchor.file: must be a repository-relative path",
    );
  });

  it("R2: a repository-wide finding has no anchor; null anchor and suggestion mean absent", () => {
    const r = readFinding({ ...valid, anchor: null, suggestion: null });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect("anchor" in r.finding).toBe(false);
      expect("suggestion" in r.finding).toBe(false);
    }
  });

  it("R4: a missing body is not a reason to drop a real finding", () => {
    const { body: _b, ...rest } = valid;
    const r = readFinding(rest);
    expect(r.ok && r.finding.body).toBe("");
  });

  it("R4: unknown keys of the raw input do not travel past the boundary", () => {
    const r = readFinding({ ...valid, status: "resolved", author: "user:evil" });
    expect(r.ok && Object.keys(r.finding).sort()).toEqual(["anchor", "body", "confidence", "kind", "priority", "title"]);
  });

  it("R4: non-objects are dropped", () => {
    expect(dropped(null)).toBe("finding must be an object, got null");
    expect(dropped("P0")).toBe('finding must be an object, got "P0"');
    expect(dropped([valid])).toBe("finding must be an object, got an array");
  });

  it("R4: an input whose getters throw is dropped, never thrown", () => {
    const hostile = Object.defineProperty({ ...valid }, "confidence", {
      get() {
        throw new Error("boom");
      },
      enumerable: true,
    });
    expect(dropped(hostile)).toContain("could not be read (boom)");
  });

  it("R4: readFinding never throws, whatever it is given (fast-check)", () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const r = readFinding(raw);
        return r.ok || (typeof r.reason === "string" && r.reason.length > 0);
      }),
      { numRuns: 1000 },
    );
  });

  it("R4: any priority or confidence out of range is dropped with the field named (fast-check)", () => {
    const badConfidence = fc.oneof(
      fc.double({ min: 1, max: 1e9, minExcluded: true, noNaN: true }),
      fc.double({ min: -1e9, max: 0, noNaN: true }).filter((c) => c < 0),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, undefined, null, "high", "0.5", true),
    );
    const badPriority = fc.oneof(fc.string().filter((s) => !["P0", "P1", "P2", "P3"].includes(s)), fc.integer(), fc.constant(undefined));
    fc.assert(
      fc.property(badConfidence, (c) => !readFinding({ ...valid, confidence: c }).ok && dropped({ ...valid, confidence: c }).includes("confidence")),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(badPriority, (p) => dropped({ ...valid, priority: p }).startsWith("priority")),
      { numRuns: 500 },
    );
  });

  it("R4: a malformed finding never changes a verdict (fast-check)", () => {
    const rawArb = fc.record(
      {
        kind: fc.constantFrom("bug", "suggestion", "question", "nope"),
        priority: fc.constantFrom("P0", "P1", "P2", "P3", "P5", "high", undefined),
        confidence: fc.oneof(fc.double({ noNaN: false }), fc.constantFrom("high", undefined)),
        title: fc.constantFrom("t", "", undefined),
        body: fc.string({ maxLength: 5 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(rawArb, { maxLength: 10 }), (raws) => {
        const read = raws.map(readFinding);
        const kept: VerdictFinding[] = read.flatMap((r) => (r.ok ? [{ ...r.finding, status: "open" as const }] : []));
        // Only what passed the boundary may reach the verdict; what passed is in range.
        const all = formVerdict({ findings: kept, axes: [], results: [], confidenceThreshold: 0.5 });
        const valid = kept.every((f) => f.confidence >= 0 && f.confidence <= 1 && ["P0", "P1", "P2", "P3"].includes(f.priority));
        return valid && all.rules.length > 0;
      }),
      { numRuns: 500 },
    );
  });
});
