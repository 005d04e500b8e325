import { existsSync } from "node:fs";
import { chmod, chown, readdir, readFile, stat, symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeFixture, SECRET, type Fixture } from "../repos/git.test-support";
import { MAX_WRITE_BYTES } from "./limits";
import { callTool, outputOf, toolContext } from "./tools.test-support";
import { writeFileTool } from "./write-file";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(() => fx.cleanup());

const write = (args: unknown, mode: "chat" | "plan" = "chat") => callTool(writeFileTool, args, toolContext(fx.worktree, mode));

describe("write_file", () => {
  it("creates files with their parent directories and replaces existing ones", async () => {
    expect(outputOf(await write({ path: "docs/new/guide.md", content: "hello\n" }))).toBe("Created docs/new/guide.md (6 bytes).");
    expect(await readFile(path.join(fx.worktree, "docs/new/guide.md"), "utf8")).toBe("hello\n");
    expect(outputOf(await write({ path: "README.md", content: "" }))).toBe("Replaced README.md (0 bytes).");
    expect(await readFile(path.join(fx.worktree, "README.md"), "utf8")).toBe("");
  });

  it("leaves no temp files behind and keeps an existing file's mode", async () => {
    await chmod(path.join(fx.worktree, "README.md"), 0o755);
    await write({ path: "README.md", content: "x" });
    expect((await stat(path.join(fx.worktree, "README.md"))).mode & 0o777).toBe(0o755);
    expect((await readdir(fx.worktree)).filter((n) => n.includes("gatehouse-tmp"))).toEqual([]);
  });

  it("writes through a symlink that stays inside the worktree", async () => {
    await symlink("src/util.ts", path.join(fx.worktree, "alias.ts"));
    await write({ path: "alias.ts", content: "changed" });
    expect(await readFile(path.join(fx.worktree, "src/util.ts"), "utf8")).toBe("changed");
  });

  it.each([
    ["../outside/secret.txt", /path escapes the worktree/],
    ["../outside/new.txt", /path escapes the worktree/],
    ["/var/tmp/gatehouse-abs-write.txt", /path escapes the worktree.*absolute/],
    [".git", /inside \.git/],
    [".git/hooks/pre-commit", /inside \.git/],
    ["src", /not a regular file/],
  ])("refuses %j", async (p, message) => {
    await expect(write({ path: p, content: "pwned" })).rejects.toThrow(message);
    expect(await readFile(fx.secretFile, "utf8")).toBe(SECRET);
    expect(existsSync(path.join(fx.outside, "new.txt"))).toBe(false);
    expect(existsSync("/var/tmp/gatehouse-abs-write.txt")).toBe(false);
  });

  it("refuses writing through symlinks that lead outside (file, directory, dangling)", async () => {
    await symlink(fx.secretFile, path.join(fx.worktree, "leak.txt"));
    await symlink(fx.outside, path.join(fx.worktree, "outdir"));
    await symlink(path.join(fx.outside, "created-by-link.txt"), path.join(fx.worktree, "dangling"));
    await expect(write({ path: "leak.txt", content: "pwned" })).rejects.toThrow(/path escapes the worktree/);
    await expect(write({ path: "outdir/secret.txt", content: "pwned" })).rejects.toThrow(/path escapes the worktree/);
    await expect(write({ path: "outdir/sub/new.txt", content: "pwned" })).rejects.toThrow(/path escapes the worktree/);
    await expect(write({ path: "dangling", content: "pwned" })).rejects.toThrow(/path escapes the worktree/);
    expect(await readFile(fx.secretFile, "utf8")).toBe(SECRET);
    expect(await readdir(fx.outside)).toEqual(["secret.txt"]);
  });

  it("H2: as root, what write_file creates (the file and its new directories) belongs to the worktree's owner; a replaced file keeps its owner", async () => {
    // The worktree of a writable room belongs to the unprivileged sandbox user (H1); as
    // root the server must hand what it creates to that user. Not root, it creates as itself.
    const root = process.getuid?.() === 0;
    const owner = root ? { uid: 12345, gid: 23456 } : { uid: process.getuid!(), gid: process.getgid!() };
    const other = root ? { uid: 34567, gid: 45678 } : owner;
    await chown(fx.worktree, owner.uid, owner.gid);
    await chown(path.join(fx.worktree, "src"), owner.uid, owner.gid);
    await chown(path.join(fx.worktree, "README.md"), other.uid, other.gid);

    await write({ path: "src/new/deeper/file.ts", content: "x\n" });
    await write({ path: "README.md", content: "replaced\n" });
    for (const created of ["src/new", "src/new/deeper", "src/new/deeper/file.ts"]) {
      const info = await stat(path.join(fx.worktree, created));
      expect({ created, uid: info.uid, gid: info.gid }).toEqual({ created, ...owner });
    }
    const replaced = await stat(path.join(fx.worktree, "README.md"));
    expect({ uid: replaced.uid, gid: replaced.gid }).toEqual(other);
  });

  it("refuses oversized content and unknown fields at the schema", () => {
    expect(writeFileTool.input.safeParse({ path: "a", content: "x".repeat(MAX_WRITE_BYTES + 1) }).success).toBe(false);
    expect(writeFileTool.input.safeParse({ path: "a", content: "x", mode: 0o777 }).success).toBe(false);
  });

  it("refuses content whose UTF-8 size is over the cap even when its length is not", async () => {
    await expect(write({ path: "big.txt", content: "é".repeat(MAX_WRITE_BYTES / 2 + 1) })).rejects.toThrow(/over the .*-byte limit/);
  });

  it("M5: refuses on its own in a read-only mode", async () => {
    await expect(write({ path: "x.txt", content: "x" }, "plan")).rejects.toThrow(/read-only in plan mode/);
    expect(existsSync(path.join(fx.worktree, "x.txt"))).toBe(false);
  });
});
