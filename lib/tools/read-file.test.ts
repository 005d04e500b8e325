import { symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeFixture, type Fixture } from "../repos/git.test-support";
import { MAX_READ_FILE_BYTES } from "./limits";
import { readFileTool } from "./read-file";
import { callTool, outputOf, toolContext } from "./tools.test-support";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(() => fx.cleanup());

const read = (args: unknown, mode: "chat" | "plan" = "chat") => callTool(readFileTool, args, toolContext(fx.worktree, mode));

describe("read_file", () => {
  it("returns the file line-numbered", async () => {
    expect(outputOf(await read({ path: "src/util.ts" }))).toBe(
      "1\texport function add(a: number, b: number) {\n2\t  return a + b;\n3\t}\n4\t\n5\texport const TODO = \"later\";",
    );
  });

  it("reads a window with offset and limit and says how to continue", async () => {
    const out = outputOf(await read({ path: "src/util.ts", offset: 2, limit: 2 }));
    expect(out).toBe("2\t  return a + b;\n3\t}\n[showing lines 2–3 of 5; continue with offset=4]");
    expect(outputOf(await read({ path: "src/util.ts", offset: 99 }))).toMatch(/offset 99 is past the end/);
  });

  it("works in a read-only mode", async () => {
    expect(outputOf(await read({ path: "README.md" }, "plan"))).toContain("# Sample");
  });

  it("rejects unknown fields and unbounded input at the schema", () => {
    expect(readFileTool.input.safeParse({ path: "README.md", extra: 1 }).success).toBe(false);
    expect(readFileTool.input.safeParse({ path: "x".repeat(5000) }).success).toBe(false);
    expect(readFileTool.input.safeParse({ path: "README.md", limit: 0 }).success).toBe(false);
  });

  it.each([
    ["../outside/secret.txt", /path escapes the worktree/],
    [path.join("/", "etc", "passwd"), /path escapes the worktree.*absolute/],
    [".git/HEAD", /inside \.git/],
    [".git", /inside \.git/],
    ["missing.txt", /file not found/],
    ["src", /is a directory/],
  ])("refuses %j", async (p, message) => {
    await expect(read({ path: p })).rejects.toThrow(message);
  });

  it("refuses a symlink to outside and a symlinked directory to outside", async () => {
    await symlink(fx.secretFile, path.join(fx.worktree, "leak"));
    await symlink(fx.outside, path.join(fx.worktree, "outdir"));
    await expect(read({ path: "leak" })).rejects.toThrow(/path escapes the worktree/);
    await expect(read({ path: "outdir/secret.txt" })).rejects.toThrow(/path escapes the worktree/);
  });

  it("refuses binary and oversized files", async () => {
    await writeFile(path.join(fx.worktree, "bin.dat"), Buffer.from([0x89, 0x50, 0x00, 0x01]));
    await expect(read({ path: "bin.dat" })).rejects.toThrow(/binary/);
    await writeFile(path.join(fx.worktree, "huge.txt"), "a".repeat(MAX_READ_FILE_BYTES + 1));
    await expect(read({ path: "huge.txt" })).rejects.toThrow(/over the .*-byte limit/);
  });

  it("cuts very long lines and caps the output size", async () => {
    await writeFile(path.join(fx.worktree, "min.js"), `${"x".repeat(5000)}\n`.repeat(200));
    const out = outputOf(await read({ path: "min.js" }));
    expect(out).toContain("[line cut at 2000 characters]");
    expect(Buffer.byteLength(out)).toBeLessThan(300 * 1024);
    expect(out).toMatch(/continue with offset=\d+\]$/);
  });

  it("refuses clearly without a worktree", async () => {
    await expect(callTool(readFileTool, { path: "README.md" }, toolContext(null))).rejects.toThrow(/no git worktree/);
  });
});
