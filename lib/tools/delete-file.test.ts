import { existsSync } from "node:fs";
import { readFile, symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeFixture, SECRET, type Fixture } from "../repos/git.test-support";
import { deleteFileTool } from "./delete-file";
import { callTool, outputOf, toolContext } from "./tools.test-support";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(() => fx.cleanup());

const del = (args: unknown, mode: "chat" | "orchestrate" = "chat") => callTool(deleteFileTool, args, toolContext(fx.worktree, mode));

describe("delete_file", () => {
  it("deletes a file", async () => {
    expect(outputOf(await del({ path: "src/util.ts" }))).toBe("Deleted src/util.ts.");
    expect(existsSync(path.join(fx.worktree, "src/util.ts"))).toBe(false);
  });

  it("removes a symlink itself, never what it points to", async () => {
    await symlink("util.ts", path.join(fx.worktree, "src", "alias.ts"));
    await del({ path: "src/alias.ts" });
    expect(existsSync(path.join(fx.worktree, "src/alias.ts"))).toBe(false);
    expect(existsSync(path.join(fx.worktree, "src/util.ts"))).toBe(true);
  });

  it("refuses directories, missing files, escapes and .git", async () => {
    await symlink(fx.secretFile, path.join(fx.worktree, "leak.txt"));
    await symlink(fx.outside, path.join(fx.worktree, "outdir"));
    await expect(del({ path: "src" })).rejects.toThrow(/is a directory/);
    await expect(del({ path: "gone.txt" })).rejects.toThrow(/file not found/);
    await expect(del({ path: "../outside/secret.txt" })).rejects.toThrow(/path escapes the worktree/);
    await expect(del({ path: fx.secretFile })).rejects.toThrow(/path escapes the worktree/);
    await expect(del({ path: "outdir/secret.txt" })).rejects.toThrow(/path escapes the worktree/);
    await expect(del({ path: "leak.txt" })).rejects.toThrow(/path escapes the worktree/);
    await expect(del({ path: ".git" })).rejects.toThrow(/inside \.git/);
    expect(await readFile(fx.secretFile, "utf8")).toBe(SECRET);
    expect(existsSync(path.join(fx.worktree, ".git"))).toBe(true);
    expect(deleteFileTool.input.safeParse({ path: "a", recursive: true }).success).toBe(false);
  });

  it("M5: refuses on its own in a read-only mode", async () => {
    await expect(del({ path: "README.md" }, "orchestrate")).rejects.toThrow(/read-only in orchestrate mode/);
    expect(existsSync(path.join(fx.worktree, "README.md"))).toBe(true);
  });
});
