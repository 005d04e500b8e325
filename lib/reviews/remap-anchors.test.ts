import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { createTwoFilesPatch } from "diff";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { remapAnchors, type AnchorPosition } from "./remap-anchors";
import { parseDiff } from "../diff/parse-diff";

const lines = (n: number, prefix = "line") => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`);
const text = (ls: string[]) => ls.map((l) => `${l}\n`).join("");
const patch = (oldLines: string[], newLines: string[], oldName = "src/a.ts", newName = oldName) =>
  createTwoFilesPatch(`a/${oldName}`, `b/${newName}`, text(oldLines), text(newLines), "", "", { context: 3 });
const at = (startLine: number, endLine = startLine, file = "src/a.ts"): AnchorPosition => ({ file, startLine, endLine });

describe("remap-anchors", () => {
  const old = lines(20);

  it("R8: lines inserted above an anchor shift it down, not outdated", () => {
    const neu = [...old.slice(0, 2), "new A", "new B", ...old.slice(2)];
    expect(remapAnchors([at(10, 12)], patch(old, neu))).toEqual([
      { file: "src/a.ts", startLine: 12, endLine: 14, outdated: false, changed: true },
    ]);
  });

  it("R8: lines deleted above an anchor shift it up, not outdated", () => {
    const neu = [...old.slice(0, 2), ...old.slice(5)];
    expect(remapAnchors([at(10)], patch(old, neu))[0]).toMatchObject({ startLine: 7, endLine: 7, outdated: false });
  });

  it("R8: an anchor whose line was changed is outdated, positioned at the replacement", () => {
    const neu = old.map((l, i) => (i === 9 ? "line 10 changed" : l));
    expect(remapAnchors([at(9, 11)], patch(old, neu))[0]).toEqual({
      file: "src/a.ts", startLine: 9, endLine: 11, outdated: true, reason: "lines_changed", changed: true,
    });
  });

  it("R8: an anchor whose lines were removed is outdated", () => {
    const neu = [...old.slice(0, 9), ...old.slice(12)];
    const [r] = remapAnchors([at(10, 12)], patch(old, neu));
    expect(r).toMatchObject({ outdated: true, reason: "lines_changed", startLine: 10, endLine: 10 });
  });

  it("R8: a replaced last line maps the end to the end of the replacement", () => {
    const neu = [...old.slice(0, 11), "r1", "r2", "r3", ...old.slice(12)];
    expect(remapAnchors([at(10, 12)], patch(old, neu))[0]).toMatchObject({ startLine: 10, endLine: 14, outdated: true });
  });

  it("R8: lines inserted between anchored lines make it outdated; right before or after it does not", () => {
    const inside = [...old.slice(0, 10), "wedge", ...old.slice(10)];
    expect(remapAnchors([at(10, 11)], patch(old, inside))[0]).toMatchObject({ outdated: true, reason: "lines_inserted", startLine: 10, endLine: 12 });
    expect(remapAnchors([at(11, 12)], patch(old, inside))[0]).toMatchObject({ outdated: false, startLine: 12, endLine: 13 });
    expect(remapAnchors([at(9, 10)], patch(old, inside))[0]).toMatchObject({ outdated: false, startLine: 9, endLine: 10 });
  });

  it("R8: an anchor below the last hunk moves by the total shift", () => {
    const neu = ["top", ...old];
    expect(remapAnchors([at(20)], patch(old, neu))[0]).toMatchObject({ startLine: 21, outdated: false });
  });

  it("R8: an anchor in a file the push did not touch is unchanged", () => {
    const neu = ["top", ...old];
    expect(remapAnchors([at(3, 4, "other.ts")], patch(old, neu))[0]).toEqual({ ...at(3, 4, "other.ts"), outdated: false, changed: false });
  });

  it("R8: file renames are followed (with and without content changes)", () => {
    const moved = ["// header", ...old];
    expect(remapAnchors([at(5)], patch(old, moved, "src/a.ts", "lib/b.ts"))[0]).toMatchObject({
      file: "lib/b.ts", startLine: 6, outdated: false, changed: true,
    });
    const pureRename = "diff --git a/src/a.ts b/lib/b.ts\nsimilarity index 100%\nrename from src/a.ts\nrename to lib/b.ts\n";
    expect(remapAnchors([at(5)], pureRename)[0]).toEqual({ file: "lib/b.ts", startLine: 5, endLine: 5, outdated: false, changed: true });
  });

  it("R8: an anchor in a deleted file is outdated", () => {
    expect(remapAnchors([at(5)], patch(old, [], "src/a.ts").replace("+++ b/src/a.ts", "+++ /dev/null"))[0]).toMatchObject({
      file: "src/a.ts", outdated: true, reason: "file_deleted",
    });
  });

  it("R8: an anchor in a changed binary file is outdated", () => {
    const diff = "diff --git a/src/a.ts b/src/a.ts\nindex 1..2 100644\nBinary files a/src/a.ts and b/src/a.ts differ\n";
    expect(remapAnchors([at(5)], diff)[0]).toMatchObject({ outdated: true, reason: "binary_changed" });
  });

  it("R8: a copy leaves anchors in the source where they were", () => {
    const diff = "diff --git a/src/a.ts b/src/c.ts\nsimilarity index 90%\ncopy from src/a.ts\ncopy to src/c.ts\n--- a/src/a.ts\n+++ b/src/c.ts\n@@ -1 +1 @@\n-line 1\n+copy 1\n";
    expect(remapAnchors([at(1)], diff)[0]).toMatchObject({ file: "src/a.ts", startLine: 1, outdated: false, changed: false });
  });

  it("R8: accepts a parsed diff as well as text, and keeps the input order", () => {
    const neu = ["x", ...old];
    const anchors = [at(3), at(1, 2), at(20)];
    const fromText = remapAnchors(anchors, patch(old, neu));
    expect(remapAnchors(anchors, parseDiff(patch(old, neu)))).toEqual(fromText);
    expect(fromText.map((r) => r.startLine)).toEqual([4, 2, 21]);
  });
});

describe("remap-anchors: property (any edit, jsdiff)", () => {
  const fileArb = fc.array(fc.constantFrom("a", "b", "c", "d", "e", "", "}"), { maxLength: 40 });

  it("R8: an anchor not marked outdated points at exactly the same lines in the new file (fast-check)", () => {
    fc.assert(
      fc.property(fileArb, fileArb, fc.nat(), fc.nat(), (oldLines, newLines, s0, len) => {
        fc.pre(oldLines.length > 0);
        const diff = patch(oldLines, newLines);
        const s = (s0 % oldLines.length) + 1;
        const e = Math.min(oldLines.length, s + (len % 4));
        const [r] = remapAnchors([at(s, e)], diff);
        if (!r) return false;
        if (r.outdated) return r.startLine >= 1 && r.endLine >= r.startLine;
        return (
          r.endLine - r.startLine === e - s &&
          newLines.slice(r.startLine - 1, r.endLine).join("\n") === oldLines.slice(s - 1, e).join("\n")
        );
      }),
      { numRuns: 1000 },
    );
  });

  it("R8: exactly the lines the diff keeps stay current; every deleted line is outdated (fast-check)", () => {
    fc.assert(
      fc.property(fileArb, fileArb, (oldLines, newLines) => {
        fc.pre(oldLines.length > 0);
        const diff = parseDiff(patch(oldLines, newLines));
        const deletions = diff.reduce((n, f) => n + f.deletions, 0);
        const results = remapAnchors(oldLines.map((_, i) => at(i + 1)), diff);
        return results.filter((r) => !r.outdated).length === oldLines.length - deletions;
      }),
      { numRuns: 500 },
    );
  });
});

describe("remap-anchors: real git push", () => {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-remap-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: dir, encoding: "utf8" });

  it("R8: 500 anchors across a 5,000-line push land on the same code or are marked outdated", () => {
    git("init", "-q");
    const files = Array.from({ length: 10 }, (_, f) => `src/mod${f}.ts`);
    const before = new Map(files.map((f, k) => [f, lines(800, `m${k} stmt`)]));
    execFileSync("mkdir", ["-p", join(dir, "src")]);
    for (const [f, ls] of before) writeFileSync(join(dir, f), text(ls));
    git("add", "-A");
    git("commit", "-qm", "old head");
    const after = new Map<string, string[]>();
    for (const [f, ls] of before) {
      const neu = ls.flatMap((l, i) => (i % 9 === 0 ? [`// added ${i}`, `// more ${i}`, l] : i % 11 === 0 ? [] : i % 13 === 0 ? [`${l} changed`] : [l]));
      after.set(f, neu);
      writeFileSync(join(dir, f), text(neu));
    }
    git("mv", "src/mod0.ts", "src/renamed0.ts");
    after.set("src/renamed0.ts", after.get("src/mod0.ts") as string[]);
    git("add", "-A");
    git("commit", "-qm", "new head");
    const diff = git("diff", "-M", "HEAD~1", "HEAD");
    const parsed = parseDiff(diff);
    expect(parsed.reduce((n, f) => n + f.additions + f.deletions, 0)).toBeGreaterThan(2000);

    const anchors = Array.from({ length: 500 }, (_, i) => at((i * 37) % 795 + 1, ((i * 37) % 795) + 1 + (i % 3), files[i % 10]));
    const remapped = remapAnchors(anchors, diff);
    let current = 0;
    remapped.forEach((r, i) => {
      const a = anchors[i] as AnchorPosition;
      expect(r.file).toBe(a.file === "src/mod0.ts" ? "src/renamed0.ts" : a.file);
      if (r.outdated) return;
      current++;
      const oldText = (before.get(a.file) as string[]).slice(a.startLine - 1, a.endLine);
      const newText = (after.get(r.file) as string[]).slice(r.startLine - 1, r.endLine);
      expect(newText).toEqual(oldText);
    });
    expect(current).toBeGreaterThan(100);
  });
});
