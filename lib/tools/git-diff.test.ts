import { existsSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeFixture, type Fixture } from "../repos/git.test-support";
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

  it("caps the output", async () => {
    await writeFile(path.join(fx.worktree, "README.md"), "line\n".repeat(100_000));
    const out = outputOf(await gitDiff({}));
    expect(out).toMatch(/diff cut at \d+ bytes/);
    expect(Buffer.byteLength(out)).toBeLessThan(300 * 1024);
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
