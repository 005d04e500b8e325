import { existsSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeFixture, type Fixture } from "../repos/git.test-support";
import { CUT_TRAILER, DIFF_PIECE_CHARS, PIECE_TRAILER } from "../diff/diff-pieces";
import { gitDiffTool } from "./git-diff";
import { callTool, outputOf, toolContext } from "./tools.test-support";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(() => fx.cleanup());

const gitDiff = (args: unknown) => callTool(gitDiffTool, args, toolContext(fx.worktree, "review"));

describe("git_diff", () => {
  it("shows uncommitted changes, then changes between commits, limited by path", async () => {
    expect(outputOf(await gitDiff({}))).toBe("No differences.");
    await writeFile(path.join(fx.worktree, "README.md"), "# Changed\n");
    const out = outputOf(await gitDiff({}));
    expect(out).toContain("-# Sample");
    expect(out).toContain("+# Changed");
    expect(outputOf(await gitDiff({ base: "HEAD~1", head: "HEAD" }))).toContain("+- first release");
    expect(outputOf(await gitDiff({ base: "HEAD~1", head: "HEAD", path: "src" }))).toBe("No differences.");
  });

  it("R11: reads a long diff whole, in fixed-size pieces that concatenate to the diff", async () => {
    await writeFile(path.join(fx.worktree, "README.md"), Array.from({ length: 20_000 }, (_, i) => `line ${i}\n`).join(""));
    const first = outputOf(await gitDiff({}));
    const trailer = PIECE_TRAILER.exec(first);
    expect(trailer).not.toBeNull();
    const total = Number(trailer![3]);
    let text = first.replace(PIECE_TRAILER, "");
    expect(text.length).toBe(DIFF_PIECE_CHARS);
    for (let offset = DIFF_PIECE_CHARS; offset < total; offset += DIFF_PIECE_CHARS) text += outputOf(await gitDiff({ offset })).replace(PIECE_TRAILER, "");
    expect(text.length).toBe(total);
    expect(text).toContain("+line 0\n");
    expect(text.trimEnd().endsWith("+line 19999")).toBe(true);
  });

  it("R11: past the review limit the diff is cut and the last piece names the files not read", async () => {
    await writeFile(path.join(fx.worktree, "README.md"), "line\n".repeat(1_100_000));
    await writeFile(path.join(fx.worktree, "zz-after.txt"), "after\n");
    const { execFileSync } = await import("node:child_process");
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@e", "commit", "-qam", "big"], { cwd: fx.worktree });
    execFileSync("git", ["add", "zz-after.txt"], { cwd: fx.worktree });
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@e", "commit", "-qm", "after"], { cwd: fx.worktree });
    const first = outputOf(await gitDiff({ base: "HEAD~2", head: "HEAD" }));
    const total = Number(PIECE_TRAILER.exec(first)![3]);
    const last = outputOf(await gitDiff({ base: "HEAD~2", head: "HEAD", offset: Math.floor((total - 1) / DIFF_PIECE_CHARS) * DIFF_PIECE_CHARS }));
    expect(last).toMatch(CUT_TRAILER);
    expect(CUT_TRAILER.exec(last)![2]).toBe("README.md (in part), zz-after.txt");
  });

  it.each(["--output=/tmp/gatehouse-diff-x", "$(touch /tmp/gatehouse-diff-pwned)", "HEAD;touch /tmp/gatehouse-diff-pwned", "-p"])(
    "refuses the revision %j and creates nothing",
    async (ref) => {
      for (const f of ["/tmp/gatehouse-diff-x", "/tmp/gatehouse-diff-pwned"]) await rm(f, { force: true });
      await expect(gitDiff({ base: ref })).rejects.toThrow(/invalid base/);
      await expect(gitDiff({ base: "HEAD", head: ref })).rejects.toThrow(/invalid head/);
      for (const f of ["/tmp/gatehouse-diff-x", "/tmp/gatehouse-diff-pwned"]) expect(existsSync(f)).toBe(false);
    },
  );

  it("refuses unknown revisions, escaping paths and unknown fields", async () => {
    await expect(gitDiff({ base: "no-such-branch" })).rejects.toThrow(/git diff failed/);
    await expect(gitDiff({ path: "../outside" })).rejects.toThrow(/path escapes the worktree/);
    await expect(gitDiff({ path: ".git" })).rejects.toThrow(/inside \.git/);
    expect(gitDiffTool.input.safeParse({ base: "HEAD", extra: "--output=/tmp/x" }).success).toBe(false);
  });

  it("H2: a tampered .git is never read: the diff is still the room's own", async () => {
    await writeFile(path.join(fx.worktree, "README.md"), "# Changed\n");
    await writeFile(path.join(fx.worktree, ".git"), `gitdir: ${path.join(fx.repo, ".git")}\n`);
    expect(outputOf(await gitDiff({}))).toContain("+# Changed");
  });
});
