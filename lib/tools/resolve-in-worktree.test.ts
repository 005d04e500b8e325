import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, symlink, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeFixture, SECRET, type Fixture } from "../repos/git.test-support";
import { atomicWrite } from "./atomic-write";
import { readText } from "./read-text";
import { resolveInWorktree } from "./resolve-in-worktree";
import { ToolError } from "./types";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
  await mkdir(path.join(fx.worktree, "dir"));
  await writeFile(path.join(fx.worktree, "dir", "secret.txt"), "inside\n");
  await writeFile(path.join(fx.outside, "new.txt"), "outside new\n");
});
afterEach(() => fx.cleanup());

const resolve = (input: string, followLast = true) => resolveInWorktree(fx.worktree, input, { followLast });

/** What an agent's shell does between the check and the use: the real directory moves away, a link takes its name. */
async function swapDirForLink(): Promise<void> {
  await rename(path.join(fx.worktree, "dir"), path.join(fx.worktree, "dir.real"));
  await symlink(fx.outside, path.join(fx.worktree, "dir"));
}

describe("resolveInWorktree: the handle holds what was checked", () => {
  it("H2: a directory swapped for a link after the walk is still the directory the handle holds, for reads and writes", async () => {
    const file = await resolve("dir/secret.txt");
    try {
      await swapDirForLink();
      expect((await readText(file)).text).toBe("inside\n");
      await atomicWrite(file.parent, "secret.txt", "rewritten\n", { mode: 0o644, exactMode: false, owner: null });
      await atomicWrite(file.parent, "new.txt", "created\n", { mode: 0o644, exactMode: false, owner: null });
    } finally {
      await file.close();
    }
    expect(await readFile(path.join(fx.worktree, "dir.real", "secret.txt"), "utf8")).toBe("rewritten\n");
    expect(await readFile(path.join(fx.worktree, "dir.real", "new.txt"), "utf8")).toBe("created\n");
    expect(await readFile(fx.secretFile, "utf8")).toBe(SECRET);
    expect(await readFile(path.join(fx.outside, "new.txt"), "utf8")).toBe("outside new\n");
    expect((await readdir(fx.outside)).sort()).toEqual(["new.txt", "secret.txt"]);
  });

  it("H2: a file swapped for a link after the walk is refused, never followed", async () => {
    const file = await resolve("dir/secret.txt");
    try {
      await unlink(path.join(fx.worktree, "dir", "secret.txt"));
      await symlink(fx.secretFile, path.join(fx.worktree, "dir", "secret.txt"));
      const read = readText(file);
      await expect(read).rejects.toThrow(/changed while it was being opened/);
      await expect(read).rejects.toBeInstanceOf(ToolError);
    } finally {
      await file.close();
    }
  });

  it("H2: a write renames over a link swapped in, replacing the link and leaving its target alone", async () => {
    const file = await resolve("dir/secret.txt");
    try {
      await unlink(path.join(fx.worktree, "dir", "secret.txt"));
      await symlink(fx.secretFile, path.join(fx.worktree, "dir", "secret.txt"));
      await atomicWrite(file.parent, file.name, "mine\n", { mode: 0o644, exactMode: false, owner: null });
    } finally {
      await file.close();
    }
    expect(await readFile(fx.secretFile, "utf8")).toBe(SECRET);
    expect(await readFile(path.join(fx.worktree, "dir", "secret.txt"), "utf8")).toBe("mine\n");
  });

  it("H2: a directory swapped for a link before the walk is refused like any link out", async () => {
    await swapDirForLink();
    await expect(resolve("dir/secret.txt")).rejects.toThrow(/path escapes the worktree.*outside the worktree/);
    await expect(resolveInWorktree(fx.worktree, "dir/sub/new.txt", { followLast: true, createDirs: { chown: false } })).rejects.toThrow(
      /path escapes the worktree/,
    );
    expect(existsSync(path.join(fx.outside, "sub"))).toBe(false);
  });
});

describe("resolveInWorktree: links", () => {
  it("H2: links that stay inside work: relative with .., absolute inside the worktree, chains", async () => {
    await mkdir(path.join(fx.worktree, "deep", "er"), { recursive: true });
    await symlink("../..", path.join(fx.worktree, "deep", "er", "top"));
    await symlink(path.join(fx.worktree, "src"), path.join(fx.worktree, "abs-src"));
    await symlink("abs-src", path.join(fx.worktree, "chain"));
    for (const [input, resolved] of [
      ["deep/er/top/README.md", "README.md"],
      ["abs-src/util.ts", "src/util.ts"],
      ["chain/util.ts", "src/util.ts"],
    ]) {
      const at = await resolve(input!);
      expect({ input, resolved: at.resolved, kind: at.kind }).toEqual({ input, resolved, kind: "file" });
      await at.close();
    }
    const top = await resolveInWorktree(fx.worktree, "deep/er/top", { followLast: true, directory: true });
    expect({ resolved: top.resolved, name: top.name, kind: top.kind }).toEqual({ resolved: "", name: "", kind: "directory" });
    await top.close();
  });

  it("H2: a link's .. cannot climb above the root, a loop ends, .git behind a link is refused", async () => {
    await symlink("../outside", path.join(fx.worktree, "up"));
    await symlink("loop-b", path.join(fx.worktree, "loop-a"));
    await symlink("loop-a", path.join(fx.worktree, "loop-b"));
    await symlink(".GIT", path.join(fx.worktree, "git-alias"));
    await symlink(path.join(fx.worktree, ".git"), path.join(fx.worktree, "git-abs"));
    await expect(resolve("up/secret.txt")).rejects.toThrow(/path escapes the worktree.*outside the worktree/);
    await expect(resolve("loop-a")).rejects.toThrow(/too many levels of symbolic links/);
    await expect(resolve("git-alias")).rejects.toThrow(/inside \.git/);
    await expect(resolve("git-abs")).rejects.toThrow(/inside \.git/);
  });

  it("H2: without following the last component, a link is reported as itself", async () => {
    await symlink(fx.secretFile, path.join(fx.worktree, "leak"));
    const at = await resolve("leak", false);
    expect({ kind: at.kind, name: at.name, resolved: at.resolved }).toEqual({ kind: "symlink", name: "leak", resolved: "leak" });
    await at.close();
  });

  it("H2: missing directories are created only on request, and a file on the way is named", async () => {
    const missing = await resolve("new/dir/file.txt");
    expect({ kind: missing.kind, resolved: missing.resolved }).toEqual({ kind: "missing", resolved: "new/dir/file.txt" });
    await missing.close();
    expect(existsSync(path.join(fx.worktree, "new"))).toBe(false);

    const created = await resolveInWorktree(fx.worktree, "new/dir/file.txt", { followLast: true, createDirs: { chown: false } });
    expect({ kind: created.kind, name: created.name, resolved: created.resolved }).toEqual({ kind: "missing", name: "file.txt", resolved: "new/dir/file.txt" });
    await created.close();
    expect(existsSync(path.join(fx.worktree, "new", "dir"))).toBe(true);

    await expect(resolve("README.md/child")).rejects.toThrow(/README\.md is a file, not a directory/);
  });
});
