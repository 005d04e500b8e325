import { chmod, chown, readFile, stat, symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeFixture, SAMPLE_FILES, SECRET, type Fixture } from "../repos/git.test-support";
import { editFileTool } from "./edit-file";
import { callTool, outputOf, toolContext } from "./tools.test-support";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(() => fx.cleanup());

const edit = (args: unknown, mode: "chat" | "review" = "chat") => callTool(editFileTool, args, toolContext(fx.worktree, mode));
const util = () => readFile(path.join(fx.worktree, "src/util.ts"), "utf8");

describe("edit_file", () => {
  it("replaces text that matches exactly once", async () => {
    expect(outputOf(await edit({ path: "src/util.ts", oldText: "return a + b;", newText: "return a + b + 0;" }))).toBe(
      "Edited src/util.ts: replaced 1 occurrence.",
    );
    expect(await util()).toContain("return a + b + 0;");
  });

  it("H2: an edit keeps the file's owner and mode", async () => {
    const owner = process.getuid?.() === 0 ? { uid: 34567, gid: 45678 } : { uid: process.getuid!(), gid: process.getgid!() };
    const file = path.join(fx.worktree, "src/util.ts");
    await chown(file, owner.uid, owner.gid);
    await chmod(file, 0o751);
    await edit({ path: "src/util.ts", oldText: "a + b", newText: "b + a" });
    const info = await stat(file);
    expect({ uid: info.uid, gid: info.gid, mode: info.mode & 0o7777 }).toEqual({ ...owner, mode: 0o751 });
    expect(await util()).toContain("return b + a;");
  });

  it("keeps $ patterns in newText literal", async () => {
    await edit({ path: "src/util.ts", oldText: '"later"', newText: '"$& $1 $$"' });
    expect(await util()).toContain('export const TODO = "$& $1 $$";');
  });

  it("refuses a non-unique match unless replaceAll", async () => {
    await expect(edit({ path: "src/util.ts", oldText: "export", newText: "export " })).rejects.toThrow(
      /matches 2 times in src\/util\.ts; it must match exactly once/,
    );
    expect(await util()).toBe(SAMPLE_FILES["src/util.ts"]);
    expect(outputOf(await edit({ path: "src/util.ts", oldText: "export", newText: "export /* x */", replaceAll: true }))).toBe(
      "Edited src/util.ts: replaced 2 occurrences.",
    );
  });

  it("refuses text that is not there, and no-op edits", async () => {
    await expect(edit({ path: "src/util.ts", oldText: "return a - b;", newText: "x" })).rejects.toThrow(/oldText was not found/);
    await expect(edit({ path: "src/util.ts", oldText: "add", newText: "add" })).rejects.toThrow(/nothing would change/);
  });

  it("refuses escapes, symlinks out, .git, missing files and bad input", async () => {
    await symlink(fx.secretFile, path.join(fx.worktree, "leak.txt"));
    await expect(edit({ path: "../outside/secret.txt", oldText: "outside", newText: "x" })).rejects.toThrow(/path escapes/);
    await expect(edit({ path: "leak.txt", oldText: "outside", newText: "x" })).rejects.toThrow(/path escapes/);
    await expect(edit({ path: ".git", oldText: "gitdir", newText: "x" })).rejects.toThrow(/inside \.git/);
    await expect(edit({ path: "nope.ts", oldText: "a", newText: "b" })).rejects.toThrow(/file not found/);
    expect(await readFile(fx.secretFile, "utf8")).toBe(SECRET);
    expect(editFileTool.input.safeParse({ path: "a", oldText: "", newText: "b" }).success).toBe(false);
    expect(editFileTool.input.safeParse({ path: "a", oldText: "a", newText: "b", regex: true }).success).toBe(false);
  });

  it("M5: refuses on its own in a read-only mode", async () => {
    await expect(edit({ path: "src/util.ts", oldText: "add", newText: "sum" }, "review")).rejects.toThrow(/read-only in review mode/);
    expect(await util()).toBe(SAMPLE_FILES["src/util.ts"]);
  });
});
