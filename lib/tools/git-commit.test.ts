import { existsSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gitSync, makeFixture, type Fixture } from "../repos/git.test-support";
import { gitCommitTool } from "./git-commit";
import { callTool, outputOf, toolContext } from "./tools.test-support";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(() => fx.cleanup());

const commit = (args: unknown, mode: "chat" | "plan" = "chat") => callTool(gitCommitTool, args, toolContext(fx.worktree, mode));
const headOf = (dir: string) => gitSync(dir, ["rev-parse", "HEAD"]).trim();

describe("git_commit", () => {
  it("commits every change as the Gatehouse agent", async () => {
    await writeFile(path.join(fx.worktree, "new.txt"), "new\n");
    await writeFile(path.join(fx.worktree, "README.md"), "# Changed\n");
    await rm(path.join(fx.worktree, "CHANGELOG.md"));
    const out = outputOf(await commit({ message: "Agent change\n\nWith a body." }));
    expect(out).toMatch(/^Committed [0-9a-f]{40}: Agent change$/);
    expect(gitSync(fx.worktree, ["log", "-1", "--format=%an <%ae>|%cn <%ce>|%B"]).trim()).toBe(
      "Gatehouse agent <agent@gatehouse.local>|Gatehouse agent <agent@gatehouse.local>|Agent change\n\nWith a body.",
    );
    expect(gitSync(fx.worktree, ["status", "--porcelain"])).toBe("");
    expect(gitSync(fx.worktree, ["branch", "--show-current"]).trim()).toBe("agent/work");
  });

  it("commits only the named paths", async () => {
    await writeFile(path.join(fx.worktree, "a.txt"), "a\n");
    await writeFile(path.join(fx.worktree, "b.txt"), "b\n");
    await commit({ message: "Only a", paths: ["a.txt"] });
    expect(gitSync(fx.worktree, ["show", "--name-only", "--format=", "HEAD"]).trim()).toBe("a.txt");
    expect(gitSync(fx.worktree, ["status", "--porcelain"])).toBe("?? b.txt\n");
  });

  it("passes the message as data: shell syntax and option-like text stay literal", async () => {
    await writeFile(path.join(fx.worktree, "a.txt"), "a\n");
    const message = "--amend $(touch /tmp/gatehouse-commit-pwned) `id`; rm -rf / #1";
    await commit({ message });
    expect(gitSync(fx.worktree, ["log", "-1", "--format=%B"]).trim()).toBe(message);
    expect(existsSync("/tmp/gatehouse-commit-pwned")).toBe(false);
    expect(gitSync(fx.worktree, ["rev-list", "--count", "HEAD"]).trim()).toBe("3");
  });

  it("does not run repository hooks on the host", async () => {
    const hook = path.join(fx.repo, ".git", "hooks", "pre-commit");
    await writeFile(hook, "#!/bin/sh\ntouch /tmp/gatehouse-hook-ran\n", { mode: 0o755 });
    await rm("/tmp/gatehouse-hook-ran", { force: true });
    await writeFile(path.join(fx.worktree, "a.txt"), "a\n");
    await commit({ message: "no hooks" });
    expect(existsSync("/tmp/gatehouse-hook-ran")).toBe(false);
  });

  it("refuses when there is nothing to commit", async () => {
    await expect(commit({ message: "empty" })).rejects.toThrow(/nothing to commit/);
  });

  it("refuses escaping paths, .git, and bad input", async () => {
    await writeFile(path.join(fx.worktree, "a.txt"), "a\n");
    const before = headOf(fx.worktree);
    await expect(commit({ message: "x", paths: ["../outside/secret.txt"] })).rejects.toThrow(/path escapes the worktree/);
    await expect(commit({ message: "x", paths: [".git"] })).rejects.toThrow(/inside \.git/);
    expect(gitCommitTool.input.safeParse({ message: "x", amend: true }).success).toBe(false);
    expect(gitCommitTool.input.safeParse({ message: "" }).success).toBe(false);
    expect(headOf(fx.worktree)).toBe(before);
  });

  it("H2: a .git repointed at another repository changes nothing: the commit lands on the room's own branch", async () => {
    await writeFile(path.join(fx.worktree, "a.txt"), "a\n");
    const mainHead = headOf(fx.repo);
    const branchHead = gitSync(fx.repo, ["rev-parse", "agent/work"]).trim();
    await writeFile(path.join(fx.worktree, ".git"), `gitdir: ${path.join(fx.repo, ".git")}\n`);
    expect(outputOf(await commit({ message: "still the room's" }))).toMatch(/^Committed [0-9a-f]{40}: still the room's$/);
    expect(headOf(fx.repo)).toBe(mainHead);
    expect(gitSync(fx.repo, ["rev-parse", "agent/work~1"]).trim()).toBe(branchHead);
  });

  it("M7: refuses on its own in a read-only mode", async () => {
    await writeFile(path.join(fx.worktree, "a.txt"), "a\n");
    const before = headOf(fx.worktree);
    await expect(commit({ message: "x" }, "plan")).rejects.toThrow(/read-only in plan mode/);
    expect(headOf(fx.worktree)).toBe(before);
  });
});
