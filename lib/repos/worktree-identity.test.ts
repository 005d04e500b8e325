import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gitSync, makeFixture, type Fixture } from "./git.test-support";
import { verifyLinkedWorktree, WorktreeIdentityError } from "./worktree-identity";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(() => fx.cleanup());

describe("verifyLinkedWorktree", () => {
  it("accepts a worktree made by git worktree add", async () => {
    const linked = await verifyLinkedWorktree(fx.worktree);
    expect(linked.worktree).toBe(fx.worktree);
    expect(linked.gitDir).toBe(path.join(fx.repo, ".git", "worktrees", "wt"));
  });

  it("refuses a worktree whose .git was pointed at another repository", async () => {
    await writeFile(path.join(fx.worktree, ".git"), `gitdir: ${path.join(fx.repo, ".git")}\n`);
    await expect(verifyLinkedWorktree(fx.worktree)).rejects.toBeInstanceOf(WorktreeIdentityError);
  });

  it("refuses a worktree whose .git was pointed at another worktree's git directory", async () => {
    const other = path.join(fx.root, "wt-other");
    gitSync(fx.repo, ["worktree", "add", "-q", "--detach", other, "main"]);
    await writeFile(path.join(fx.worktree, ".git"), `gitdir: ${path.join(fx.repo, ".git", "worktrees", "wt-other")}\n`);
    await expect(verifyLinkedWorktree(fx.worktree)).rejects.toThrow(/belongs to another worktree/);
  });

  it("refuses a .git directory planted in the worktree (its config could run programs)", async () => {
    await rm(path.join(fx.worktree, ".git"));
    await mkdir(path.join(fx.worktree, ".git"));
    await writeFile(path.join(fx.worktree, ".git", "config"), "[core]\n\tfsmonitor = touch /tmp/gatehouse-pwned\n");
    await expect(verifyLinkedWorktree(fx.worktree)).rejects.toThrow(/not the file git writes/);
  });

  it("refuses a missing .git", async () => {
    await rm(path.join(fx.worktree, ".git"));
    await expect(verifyLinkedWorktree(fx.worktree)).rejects.toBeInstanceOf(WorktreeIdentityError);
  });
});
