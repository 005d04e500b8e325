import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fingerprintFinding, normalizeSnippet, normalizeTitle, snippetAt, snippetFromDiff } from "./fingerprint";
import { reviewDiff } from "./offline/offline-reviewer";
import { parseDiff } from "../diff/parse-diff";
import { matchRaisedFinding, type ExistingFinding } from "./match-raised-finding";

const base = { kind: "bug" as const, title: "SQL injection in login", file: "src/login.ts", snippet: 'db.query("SELECT * FROM u WHERE n=" + name);' };

describe("fingerprint", () => {
  it("R10: the same problem raised again after a push (other lines, reformatted code, reworded case) has the same fingerprint", () => {
    const again = {
      ...base,
      title: "sql injection in login.",
      snippet: '\n    db.query("SELECT * FROM u WHERE n="  +  name);\r\n',
    };
    expect(fingerprintFinding(again)).toBe(fingerprintFinding(base));
  });

  it("R10: line numbers are not part of the identity, numbers in titles are ignored", () => {
    expect(normalizeTitle("console.log left in (line 12)")).toBe(normalizeTitle("Console.log left in, line 40"));
  });

  it("R10: a different kind, file, problem or code gives a different fingerprint", () => {
    const fp = fingerprintFinding(base);
    expect(fingerprintFinding({ ...base, kind: "suggestion" })).not.toBe(fp);
    expect(fingerprintFinding({ ...base, file: "src/signup.ts" })).not.toBe(fp);
    expect(fingerprintFinding({ ...base, title: "XSS in login" })).not.toBe(fp);
    expect(fingerprintFinding({ ...base, snippet: "db.query(sql, [name]);" })).not.toBe(fp);
  });

  it("R10: a repository-wide note (no file, no snippet) has a stable fingerprint too", () => {
    const note = { kind: "recommendation" as const, title: "Source changed without a test change" };
    expect(fingerprintFinding(note)).toBe(fingerprintFinding({ ...note, file: null, snippet: null }));
    expect(fingerprintFinding(note)).toMatch(/^v1:[0-9a-f]{32}$/);
  });

  it("R10: parts cannot run into each other", () => {
    expect(fingerprintFinding({ kind: "bug", title: "a", file: "bc" })).not.toBe(fingerprintFinding({ kind: "bug", title: "ab", file: "c" }));
  });

  it("R10: fingerprints are deterministic and whitespace-insensitive in the snippet (fast-check)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 5 }), fc.constantFrom("", " ", "\t", "  "), (codeLines, pad) => {
        const a = codeLines.join("\n");
        const b = codeLines.map((l) => `${pad}${l}${pad}`).join("\r\n");
        return fingerprintFinding({ ...base, snippet: a }) === fingerprintFinding({ ...base, snippet: b });
      }),
      { numRuns: 300 },
    );
  });

  it("snippetAt takes the anchored lines (1-based, inclusive)", () => {
    expect(snippetAt("a\nb\nc\nd", 2, 3)).toBe("b\nc");
    expect(snippetAt("a\r\nb", 2, 9)).toBe("b");
    expect(snippetAt("a", 0, 1)).toBe("");
    expect(normalizeSnippet("  a  \n\n   b\tc ")).toBe("a\nb c");
  });
});

describe("match-raised-finding", () => {
  const existing: ExistingFinding[] = [
    { id: "f1", fingerprint: "v1:open", status: "open" },
    { id: "f2", fingerprint: "v1:agreed", status: "consensusReady" },
    { id: "f3", fingerprint: "v1:dismissed", status: "dismissed" },
    { id: "f4", fingerprint: "v1:resolved", status: "resolved" },
  ];

  it("R10: a new problem is created", () => {
    expect(matchRaisedFinding("v1:new", existing)).toEqual({ action: "create" });
  });

  it("R10: the same problem raised again maps to the existing finding, keeping its state", () => {
    expect(matchRaisedFinding("v1:open", existing)).toEqual({ action: "keep", id: "f1" });
    expect(matchRaisedFinding("v1:agreed", existing)).toEqual({ action: "keep", id: "f2" });
  });

  it("R10: a dismissed finding is not raised again", () => {
    expect(matchRaisedFinding("v1:dismissed", existing)).toMatchObject({ action: "suppress", id: "f3" });
  });

  it("R10: a resolved finding raised again is reopened", () => {
    expect(matchRaisedFinding("v1:resolved", existing)).toMatchObject({ action: "reopen", id: "f4" });
  });

  it("accepts a map keyed by fingerprint", () => {
    const map = new Map(existing.map((f) => [f.fingerprint, f]));
    expect(matchRaisedFinding("v1:dismissed", map)).toMatchObject({ action: "suppress" });
    expect(matchRaisedFinding("v1:nothing", map)).toEqual({ action: "create" });
  });
});

describe("fingerprint across pushes (offline reviewer)", () => {
  it("R10: a dismissed finding keeps its fingerprint when the push shifts its line, so it is not raised again", () => {
    const diffAt = (start: number) =>
      parseDiff(["--- a/src/x.ts", "+++ b/src/x.ts", `@@ -${start},0 +${start + 1},2 @@`, "+const a = 1;", "+  debugger;", ""].join("\n"));
    const fp = (files: ReturnType<typeof parseDiff>) => {
      const f = reviewDiff(files).find((x) => x.title === "debugger statement left in");
      if (!f?.anchor) throw new Error("expected a finding");
      return { line: f.anchor.startLine, fp: fingerprintFinding({ ...f, file: f.anchor.file, snippet: snippetFromDiff(files, f.anchor) }) };
    };
    const first = fp(diffAt(10));
    const second = fp(diffAt(30));
    expect(first.line).not.toBe(second.line);
    expect(second.fp).toBe(first.fp);
    expect(matchRaisedFinding(second.fp, [{ id: "d", fingerprint: first.fp, status: "dismissed" }])).toMatchObject({ action: "suppress" });
  });

  it("snippetFromDiff returns null when the diff does not show every anchored line", () => {
    const files = parseDiff(["--- a/a.ts", "+++ b/a.ts", "@@ -1,0 +2,1 @@", "+x", ""].join("\n"));
    expect(snippetFromDiff(files, { file: "a.ts", startLine: 2, endLine: 2 })).toBe("x");
    expect(snippetFromDiff(files, { file: "a.ts", startLine: 2, endLine: 3 })).toBeNull();
    expect(snippetFromDiff(files, { file: "b.ts", startLine: 2, endLine: 2 })).toBeNull();
  });
});
