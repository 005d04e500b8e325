import { mkdir, symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeFixture, type Fixture } from "../repos/git.test-support";
import { listDirTool } from "./list-dir";
import { callTool, outputOf, toolContext } from "./tools.test-support";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(() => fx.cleanup());

const list = (args: unknown) => callTool(listDirTool, args, toolContext(fx.worktree, "review"));

describe("list_dir", () => {
  it("lists the root without .git, directories with /, files with sizes", async () => {
    await symlink("src/util.ts", path.join(fx.worktree, "alias.ts"));
    const out = outputOf(await list({}));
    expect(out.split("\n")).toEqual([".gitignore (15 bytes)", "alias.ts@", "CHANGELOG.md (16 bytes)", "README.md (40 bytes)", "src/"]);
  });

  it("lists a subdirectory and an empty one", async () => {
    expect(outputOf(await list({ path: "src" }))).toMatch(/^index\.ts \(\d+ bytes\)\nutil\.ts/);
    await mkdir(path.join(fx.worktree, "empty"));
    expect(outputOf(await list({ path: "empty" }))).toBe("empty is empty.");
  });

  it("refuses escapes, .git, files and unknown fields", async () => {
    await symlink(fx.outside, path.join(fx.worktree, "outdir"));
    await expect(list({ path: ".." })).rejects.toThrow(/path escapes the worktree/);
    await expect(list({ path: "/" })).rejects.toThrow(/path escapes the worktree/);
    await expect(list({ path: "outdir" })).rejects.toThrow(/path escapes the worktree/);
    await expect(list({ path: ".git" })).rejects.toThrow(/inside \.git/);
    await expect(list({ path: "README.md" })).rejects.toThrow(/is a file/);
    await expect(list({ path: "nope" })).rejects.toThrow(/not found/);
    expect(listDirTool.input.safeParse({ path: "src", recursive: true }).success).toBe(false);
  });
});
