import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeFixture, type Fixture } from "../repos/git.test-support";
import { confinePath, requireWorktree, requireWritableWorktree } from "./confine-path";
import { toolContext } from "./tools.test-support";
import { ToolError } from "./types";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(() => fx.cleanup());

describe("confinePath", () => {
  it("resolves existing and new paths inside the worktree", async () => {
    const existing = await confinePath(fx.worktree, "src/util.ts");
    expect(existing).toMatchObject({ relative: "src/util.ts", target: path.join(fx.worktree, "src/util.ts"), exists: true });
    const fresh = await confinePath(fx.worktree, "new/dir/file.txt");
    expect(fresh).toMatchObject({ relative: "new/dir/file.txt", exists: false, target: path.join(fx.worktree, "new/dir/file.txt") });
    expect((await confinePath(fx.worktree, "src/../README.md")).relative).toBe("README.md");
    expect((await confinePath(fx.worktree, "./src/")).relative).toBe("src");
  });

  it("the root only when allowed", async () => {
    expect((await confinePath(fx.worktree, "", { allowRoot: true })).target).toBe(fx.worktree);
    expect((await confinePath(fx.worktree, ".", { allowRoot: true })).relative).toBe("");
    await expect(confinePath(fx.worktree, ".")).rejects.toThrow(/file path is required/);
  });

  it.each([
    ["../outside/secret.txt", /path escapes the worktree.*leads above/],
    ["..", /path escapes the worktree/],
    ["src/../../outside/secret.txt", /path escapes the worktree/],
    ["/etc/passwd", /path escapes the worktree.*is absolute/],
    ["a\0b", /NUL byte/],
    [".git/config", /inside \.git/],
    [".git", /inside \.git/],
    ["src/.GIT/x", /inside \.git/],
  ])("refuses %j", async (input, message) => {
    await expect(confinePath(fx.worktree, input)).rejects.toThrow(message);
    await expect(confinePath(fx.worktree, input)).rejects.toBeInstanceOf(ToolError);
  });

  it("refuses a symlink to a file outside the worktree", async () => {
    await symlink(fx.secretFile, path.join(fx.worktree, "leak.txt"));
    await expect(confinePath(fx.worktree, "leak.txt")).rejects.toThrow(/path escapes the worktree.*symbolic link/);
  });

  it("refuses paths through a symlinked directory that leads outside, existing or not", async () => {
    await symlink(fx.outside, path.join(fx.worktree, "out"));
    await expect(confinePath(fx.worktree, "out/secret.txt")).rejects.toThrow(/path escapes the worktree/);
    await expect(confinePath(fx.worktree, "out/new/file.txt")).rejects.toThrow(/path escapes the worktree/);
    await mkdir(path.join(fx.worktree, "deep"));
    await symlink("../../outside", path.join(fx.worktree, "deep", "rel"));
    await expect(confinePath(fx.worktree, "deep/rel/secret.txt")).rejects.toThrow(/path escapes the worktree/);
  });

  it("refuses a dangling symlink (writing through it would create its target)", async () => {
    await symlink("not-yet.txt", path.join(fx.worktree, "dangling"));
    await expect(confinePath(fx.worktree, "dangling")).rejects.toThrow(/symbolic link whose target does not exist/);
    await expect(confinePath(fx.worktree, "dangling/child")).rejects.toThrow(/symbolic link whose target does not exist/);
    // Pointing outside, it is refused for that without looking there: whether a host path exists is not the model's to learn.
    await symlink(path.join(fx.outside, "not-yet.txt"), path.join(fx.worktree, "dangling-out"));
    await expect(confinePath(fx.worktree, "dangling-out")).rejects.toThrow(/path escapes the worktree.*outside the worktree/);
    await expect(confinePath(fx.worktree, "dangling-out/child")).rejects.toThrow(/path escapes the worktree/);
  });

  it("refuses a symlink that points into .git", async () => {
    await symlink(".git", path.join(fx.worktree, "sneaky"));
    await expect(confinePath(fx.worktree, "sneaky")).rejects.toThrow(/inside \.git/);
    // a plain repository has a .git directory; a link into it is refused the same way
    await symlink(path.join(fx.repo, ".git", "config"), path.join(fx.worktree, "cfg"));
    await expect(confinePath(fx.worktree, "cfg")).rejects.toThrow(/path escapes the worktree/);
  });

  it("allows symlinks that stay inside and reports where they lead", async () => {
    await symlink("src/util.ts", path.join(fx.worktree, "alias.ts"));
    const p = await confinePath(fx.worktree, "alias.ts");
    expect(p).toMatchObject({ relative: "alias.ts", target: path.join(fx.worktree, "src/util.ts"), exists: true });
  });

  it("refuses a file used as a directory", async () => {
    await writeFile(path.join(fx.worktree, "plain"), "x");
    await expect(confinePath(fx.worktree, "plain/child")).rejects.toThrow(/is a file, not a directory/);
  });
});

describe("requireWorktree", () => {
  it("refuses clearly when the room has no worktree", () => {
    expect(() => requireWorktree(toolContext(null))).toThrow(/no git worktree/);
  });
  it("M5: write tools refuse on their own in a read-only posture", () => {
    expect(() => requireWritableWorktree(toolContext(fx.worktree, "plan"))).toThrow(/read-only in plan mode/);
    expect(requireWritableWorktree(toolContext(fx.worktree, "chat"))).toBe(fx.worktree);
  });
});
