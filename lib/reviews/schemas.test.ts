import { describe, expect, it } from "vitest";
import { anchor, axesFile, findingInput, stricter, verdictRank, VERDICTS } from "./schemas";
import { readAxesFile } from "./read-axes-file";

describe("schemas", () => {
  it("R2: an anchor is a repository-relative file with a positive, ordered line range", () => {
    expect(anchor.safeParse({ file: "src/a.ts", startLine: 1, endLine: 1 }).success).toBe(true);
    expect(anchor.safeParse({ file: "src/a.ts", startLine: 3, endLine: 2 }).success).toBe(false);
    expect(anchor.safeParse({ file: "/etc/passwd", startLine: 1, endLine: 1 }).success).toBe(false);
    expect(anchor.safeParse({ file: "", startLine: 1, endLine: 1 }).success).toBe(false);
    expect(anchor.safeParse({ file: "a.ts", startLine: -1, endLine: 1 }).success).toBe(false);
  });

  it("R2: the five kinds and four priorities are the only ones accepted", () => {
    const base = { kind: "bug", priority: "P0", confidence: 0.5, title: "t", body: "" };
    for (const kind of ["bug", "suggestion", "recommendation", "question", "ticket"]) {
      expect(findingInput.safeParse({ ...base, kind }).success).toBe(true);
    }
    for (const priority of ["P0", "P1", "P2", "P3"]) expect(findingInput.safeParse({ ...base, priority }).success).toBe(true);
    expect(findingInput.safeParse({ ...base, priority: "P4" }).success).toBe(false);
  });

  it("R5: verdicts are ordered ship < hold < block and combine towards the stricter", () => {
    expect(VERDICTS.map(verdictRank)).toEqual([0, 1, 2]);
    expect(stricter("ship", "hold")).toBe("hold");
    expect(stricter("block", "hold")).toBe("block");
    expect(stricter("ship", "ship")).toBe("ship");
  });

  it("R5: the axes file declares name, command, gated and an optional timeout", () => {
    const ok = axesFile.safeParse({
      axes: [
        { name: "tests", command: "npm test", gated: true, timeoutMs: 600000 },
        { name: "lint", command: "npm run lint", gated: false },
      ],
    });
    expect(ok.success).toBe(true);
  });

  it("R5: axis names must be unique", () => {
    const r = axesFile.safeParse({
      axes: [
        { name: "tests", command: "a", gated: true },
        { name: "tests", command: "b", gated: false },
      ],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('duplicate axis name "tests"');
  });

  it("R5: gated must be a boolean and typos are refused rather than silently un-gating an axis", () => {
    expect(axesFile.safeParse({ axes: [{ name: "tests", command: "a" }] }).success).toBe(false);
    expect(axesFile.safeParse({ axes: [{ name: "tests", command: "a", gated: "yes" }] }).success).toBe(false);
    expect(axesFile.safeParse({ axes: [{ name: "tests", command: "a", gate: true, gated: false }] }).success).toBe(false);
    expect(axesFile.safeParse({ axes: [{ name: "tests", command: "a", gated: true, timeoutMs: 0 }] }).success).toBe(false);
    expect(axesFile.safeParse({ axes: [{ name: "has space", command: "a", gated: true }] }).success).toBe(false);
    expect(axesFile.safeParse({ axes: [{ name: "tests", command: "  ", gated: true }] }).success).toBe(false);
  });

  it("R5: readAxesFile: an absent file declares no axes; broken JSON or shape is an error with a reason", () => {
    expect(readAxesFile(null)).toEqual({ ok: true, axes: [], present: false });
    expect(readAxesFile('\uFEFF{"axes":[{"name":"tests","command":"npm test","gated":true}]}')).toEqual({
      ok: true,
      axes: [{ name: "tests", command: "npm test", gated: true }],
      present: true,
    });
    const broken = readAxesFile("{ axes: ");
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.reason).toMatch(/^gatehouse.axes.json is not valid JSON/);
    const wrong = readAxesFile('{"axes":[{"name":"tests","command":"x","gated":"true"}]}');
    expect(!wrong.ok && wrong.reason).toMatch(/^gatehouse.axes.json is invalid: axes.0.gated: /);
  });
});
