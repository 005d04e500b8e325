import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { createTwoFilesPatch } from "diff";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseDiff, type DiffFile } from "./parse-diff";

/** Apply a parsed file diff to the old text's lines; checks every context/deleted line on the way. */
function apply(oldLines: string[], file: DiffFile): string[] {
  const out: string[] = [];
  let next = 1; // next old line to copy
  for (const h of file.hunks) {
    const first = h.oldLines === 0 ? h.oldStart + 1 : h.oldStart;
    while (next < first) out.push(oldLines[next++ - 1] as string);
    for (const l of h.lines) {
      if (l.type === "add") {
        expect(l.newLine).toBe(out.length + 1);
        out.push(l.content);
        continue;
      }
      expect(l.oldLine).toBe(next);
      expect(oldLines[next - 1]).toBe(l.content);
      next++;
      if (l.type === "context") {
        expect(l.newLine).toBe(out.length + 1);
        out.push(l.content);
      }
    }
  }
  while (next <= oldLines.length) out.push(oldLines[next++ - 1] as string);
  return out;
}

const repos: string[] = [];
afterAll(() => repos.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A throwaway git repository; `commit` writes files (null deletes) and returns the new sha. */
function gitRepo() {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-diff-"));
  repos.push(dir);
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "core.quotePath=true", ...args], {
      cwd: dir,
      encoding: "utf8",
    });
  git("init", "-q");
  return {
    dir,
    git,
    commit(files: Record<string, string | Buffer | null>): string {
      for (const [path, content] of Object.entries(files)) {
        if (content === null) git("rm", "-q", path);
        else {
          execFileSync("mkdir", ["-p", join(dir, path, "..")]);
          writeFileSync(join(dir, path), content);
        }
      }
      git("add", "-A");
      git("commit", "-q", "--allow-empty", "-m", "c");
      return git("rev-parse", "HEAD").trim();
    },
    diff: (a: string, b: string) => git("diff", "-M", "--src-prefix=a/", "--dst-prefix=b/", a, b),
  };
}

describe("parse-diff: inline diffs", () => {
  it("parses a modified file into hunks with old and new line numbers", () => {
    const text = [
      "diff --git a/src/app.ts b/src/app.ts",
      "index 1111111..2222222 100644",
      "--- a/src/app.ts",
      "+++ b/src/app.ts",
      "@@ -1,4 +1,5 @@ export function main() {",
      " const a = 1;",
      "-const b = 2;",
      "+const b = 3;",
      "+const c = 4;",
      " const d = 5;",
      " const e = 6;",
      "",
    ].join("\n");
    const [f] = parseDiff(text);
    expect(f).toMatchObject({ oldPath: "src/app.ts", newPath: "src/app.ts", status: "modified", binary: false, additions: 2, deletions: 1 });
    expect(f?.hunks[0]).toMatchObject({ oldStart: 1, oldLines: 4, newStart: 1, newLines: 5, section: "export function main() {" });
    expect(f?.hunks[0]?.lines.map((l) => [l.type, l.oldLine, l.newLine])).toEqual([
      ["context", 1, 1],
      ["del", 2, null],
      ["add", null, 2],
      ["add", null, 3],
      ["context", 3, 4],
      ["context", 4, 5],
    ]);
  });

  it("reads hunk bodies by their counts: a removed '-- comment' line is not a new file header", () => {
    const text = [
      "diff --git a/q.sql b/q.sql",
      "--- a/q.sql",
      "+++ b/q.sql",
      "@@ -1,2 +1,1 @@",
      "--- drop this comment",
      "++++ still content",
      "",
    ].join("\n");
    // Note: the hunk says 2 old lines, 1 new line; "--- …" and "++++ …" are body lines.
    const files = parseDiff(text.replace("@@ -1,2 +1,1 @@", "@@ -1,1 +1,1 @@"));
    expect(files).toHaveLength(1);
    expect(files[0]?.hunks[0]?.lines).toEqual([
      { type: "del", content: "-- drop this comment", oldLine: 1, newLine: null },
      { type: "add", content: "+++ still content", oldLine: null, newLine: 1 },
    ]);
  });

  it("handles omitted counts (@@ -3 +3 @@) and a stripped empty context line", () => {
    const [f] = parseDiff(["--- a/x", "+++ b/x", "@@ -3,3 +3,3 @@", " a", "", "-b", "+c", ""].join("\n"));
    expect(f?.hunks[0]?.lines.map((l) => l.type)).toEqual(["context", "context", "del", "add"]);
    const [g] = parseDiff(["--- a/x", "+++ b/x", "@@ -3 +3 @@", "-b", "+c"].join("\n"));
    expect(g?.hunks[0]).toMatchObject({ oldStart: 3, oldLines: 1, newStart: 3, newLines: 1 });
  });

  it('marks lines followed by "\\ No newline at end of file"', () => {
    const text = ["--- a/x", "+++ b/x", "@@ -1 +1 @@", "-old", "\\ No newline at end of file", "+new", "\\ No newline at end of file", ""].join("\n");
    const lines = parseDiff(text)[0]?.hunks[0]?.lines;
    expect(lines?.map((l) => [l.content, l.noNewline])).toEqual([
      ["old", true],
      ["new", true],
    ]);
  });

  it("parses plain `diff -u` output with timestamps and several files", () => {
    const text = [
      "--- a/one.txt\t2024-01-01 00:00:00.000000000 +0000",
      "+++ b/one.txt\t2024-01-02 00:00:00.000000000 +0000",
      "@@ -1 +1 @@",
      "-a",
      "+b",
      "--- a/two.txt\t2024-01-01 00:00:00.000000000 +0000",
      "+++ b/two.txt\t2024-01-02 00:00:00.000000000 +0000",
      "@@ -1 +1,2 @@",
      " c",
      "+d",
    ].join("\n");
    const files = parseDiff(text);
    expect(files.map((f) => [f.oldPath, f.newPath, f.additions, f.deletions])).toEqual([
      ["one.txt", "one.txt", 1, 1],
      ["two.txt", "two.txt", 1, 0],
    ]);
  });

  it("keeps a real top-level folder named a/ when the diff has no prefixes", () => {
    const [f] = parseDiff(["diff --git a/x.ts a/x.ts", "--- a/x.ts", "+++ a/x.ts", "@@ -1 +1 @@", "-1", "+2"].join("\n"));
    expect(f?.newPath).toBe("a/x.ts");
  });

  it("reads CRLF diff text", () => {
    const [f] = parseDiff("diff --git a/x b/x\r\n--- a/x\r\n+++ b/x\r\n@@ -1 +1 @@\r\n-a\r\n+b\r\n");
    expect(f).toMatchObject({ oldPath: "x", newPath: "x", additions: 1, deletions: 1 });
  });

  it("returns nothing for empty or junk input, and never throws (fast-check)", () => {
    expect(parseDiff("")).toEqual([]);
    expect(parseDiff("hello\nworld")).toEqual([]);
    fc.assert(
      fc.property(fc.array(fc.constantFrom("diff --git a/x b/x", "--- a/x", "+++ b/x", "@@ -1,2 +1 @@", "@@ -0,0 +1 @@", " c", "-d", "+a", "\\ No newline at end of file", "Binary files a/x and b/x differ", "rename from q", ""), { maxLength: 40 }), (lines) => {
        parseDiff(lines.join("\n"));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("parse-diff: real git output", () => {
  it("parses added, deleted, renamed, binary, mode-only, quoted and no-newline files from `git diff`", () => {
    const repo = gitRepo();
    const base = repo.commit({
      "keep.sh": "echo hi\n",
      "gone.txt": "bye\n",
      "mv.txt": "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n",
      "noeol.txt": "old",
      "sp ace.txt": "x\ny\n",
      "ümlaut.txt": "ü\n",
    });
    execFileSync("mkdir", ["-p", join(repo.dir, "lib")]);
    repo.git("mv", "mv.txt", "lib/moved.txt");
    chmodSync(join(repo.dir, "keep.sh"), 0o755);
    const head = repo.commit({
      "lib/moved.txt": "one\ntwo\nthree\nfour\nFIVE\nsix\nseven\neight\nnine\nten\n",
      "gone.txt": null,
      "img.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 0]),
      "noeol.txt": "new",
      "sp ace.txt": "y\nz\n",
      "ümlaut.txt": "ü2\n",
      "new file.ts": "export const x = 1;\n",
    });
    const files = parseDiff(repo.diff(base, head));
    const by = (p: string) => files.find((f) => (f.newPath ?? f.oldPath) === p);

    expect(by("gone.txt")).toMatchObject({ oldPath: "gone.txt", newPath: null, status: "deleted", deletions: 1 });
    expect(by("img.png")).toMatchObject({ oldPath: null, newPath: "img.png", status: "added", binary: true, hunks: [] });
    expect(by("keep.sh")).toMatchObject({ status: "modified", oldMode: "100644", newMode: "100755", hunks: [] });
    expect(by("lib/moved.txt")).toMatchObject({ oldPath: "mv.txt", status: "renamed", additions: 1, deletions: 1 });
    expect(by("lib/moved.txt")?.similarity).toBeGreaterThan(50);
    expect(by("noeol.txt")?.hunks[0]?.lines.every((l) => l.noNewline)).toBe(true);
    expect(by("sp ace.txt")).toMatchObject({ oldPath: "sp ace.txt", status: "modified" });
    expect(by("ümlaut.txt")?.hunks[0]?.lines.map((l) => l.content)).toEqual(["ü", "ü2"]);
    expect(by("new file.ts")).toMatchObject({ oldPath: null, status: "added", additions: 1 });
    expect(by("new file.ts")?.hunks[0]?.lines[0]).toMatchObject({ type: "add", newLine: 1, content: "export const x = 1;" });
  });

  it("parses `git diff --binary` (GIT binary patch) without mistaking its data for hunks", () => {
    const repo = gitRepo();
    const base = repo.commit({ "a.txt": "a\n" });
    const head = repo.commit({ "blob.bin": Buffer.from(Array.from({ length: 300 }, (_, i) => i % 256)), "a.txt": "b\n" });
    const files = parseDiff(repo.git("diff", "--binary", base, head));
    expect(files.map((f) => [f.newPath, f.binary, f.hunks.length])).toEqual([
      ["a.txt", false, 1],
      ["blob.bin", true, 0],
    ]);
  });

  it("parses a 5,000-line diff between real commits, line numbers reconstructing the new file", () => {
    const repo = gitRepo();
    const old = Array.from({ length: 6000 }, (_, i) => `line ${i} ${"x".repeat(i % 30)}`);
    const neu = old.flatMap((l, i) => (i % 5 === 0 ? [`changed ${i}`] : i % 7 === 0 ? [l, `inserted ${i}`] : [l]));
    const base = repo.commit({ "big.txt": `${old.join("\n")}\n` });
    const head = repo.commit({ "big.txt": `${neu.join("\n")}\n` });
    const [f] = parseDiff(repo.diff(base, head));
    expect((f?.additions ?? 0) + (f?.deletions ?? 0)).toBeGreaterThan(3000);
    expect(apply(old, f as DiffFile)).toEqual(neu);
  });
});

describe("parse-diff: property (jsdiff round trip)", () => {
  const textArb = fc.array(fc.constantFrom("a", "b", "c", "d", "", "  x", "-- y", "+++ z", "@@ w"), { maxLength: 40 });

  it("applying the parsed hunks to the old text gives the new text, for any edit (fast-check)", () => {
    fc.assert(
      fc.property(textArb, textArb, fc.integer({ min: 0, max: 4 }), (oldLines, newLines, context) => {
        const text = (lines: string[]) => lines.map((l) => `${l}\n`).join("");
        const patch = createTwoFilesPatch("a/f.txt", "b/f.txt", text(oldLines), text(newLines), "", "", { context });
        const files = parseDiff(patch);
        if (text(oldLines) === text(newLines)) return files.every((f) => f.hunks.length === 0);
        expect(files).toHaveLength(1);
        expect(apply(oldLines, files[0] as DiffFile)).toEqual(newLines);
        return true;
      }),
      { numRuns: 500 },
    );
  });
});
