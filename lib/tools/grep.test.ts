import { existsSync } from "node:fs";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeFixture, type Fixture } from "../repos/git.test-support";
import { grepTool } from "./grep";
import { MAX_GREP_MATCHES } from "./limits";
import { sandboxedGitGrep } from "./sandboxed-git-grep";
import { callTool, outputOf, toolContext } from "./tools.test-support";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(() => fx.cleanup());

const grep = (args: unknown) => callTool(grepTool, args, toolContext(fx.worktree, "plan"));

describe("grep", () => {
  it("finds matches as file:line:text in tracked and untracked files", async () => {
    await writeFile(path.join(fx.worktree, "notes.txt"), "add more tests\n");
    expect(outputOf(await grep({ pattern: "add" }))).toBe(
      'notes.txt:1:add more tests\nsrc/index.ts:1:import { add } from "./util";\nsrc/index.ts:4:  return add(1, 2);\nsrc/util.ts:1:export function add(a: number, b: number) {',
    );
  });

  it("supports path, glob and ignoreCase", async () => {
    expect(outputOf(await grep({ pattern: "RETURN", ignoreCase: true, path: "src", glob: "util.*" }))).toBe("src/util.ts:2:  return a + b;");
    expect(outputOf(await grep({ pattern: "first", path: "CHANGELOG.md" }))).toBe("CHANGELOG.md:1:- first release");
    expect(outputOf(await grep({ pattern: "zzz-nothing" }))).toBe("No matches for /zzz-nothing/.");
  });

  it("treats a pattern starting with - as a pattern, not an option", async () => {
    await writeFile(path.join(fx.worktree, "opts.txt"), "--output=/tmp/x\n");
    expect(outputOf(await grep({ pattern: "--output=/tmp/x" }))).toBe("opts.txt:1:--output=/tmp/x");
  });

  it("skips ignored files, .git, binary files, and never follows symlinks out", async () => {
    await mkdir(path.join(fx.worktree, "ignored"));
    await writeFile(path.join(fx.worktree, "ignored", "x.txt"), "outside secret\n");
    await writeFile(path.join(fx.worktree, "bin.dat"), Buffer.from("outside secret\0\0"));
    await symlink(fx.secretFile, path.join(fx.worktree, "leak.txt"));
    await symlink(fx.outside, path.join(fx.worktree, "outdir"));
    expect(outputOf(await grep({ pattern: "secret" }))).toBe("No matches for /secret/.");
    expect(outputOf(await grep({ pattern: "refs/heads" }))).toBe("No matches for /refs/heads/.");
  });

  it("refuses escaping paths and globs, and unknown fields", async () => {
    await symlink(fx.outside, path.join(fx.worktree, "outdir"));
    await expect(grep({ pattern: "x", path: "../outside" })).rejects.toThrow(/path escapes the worktree/);
    await expect(grep({ pattern: "x", path: "outdir" })).rejects.toThrow(/path escapes the worktree/);
    await expect(grep({ pattern: "x", path: ".git" })).rejects.toThrow(/inside \.git/);
    await expect(grep({ pattern: "x", glob: "../*" })).rejects.toThrow(/invalid glob/);
    await expect(grep({ pattern: "x", glob: ":(top)*" })).rejects.toThrow(/invalid glob/);
    expect(grepTool.input.safeParse({ pattern: "x", flags: "-r" }).success).toBe(false);
  });

  it("reports an invalid regular expression", async () => {
    await expect(grep({ pattern: "a{1" })).rejects.toThrow(/git grep failed/);
  });

  it("caps matches and long lines", async () => {
    await writeFile(path.join(fx.worktree, "many.txt"), `${"match ".repeat(100)}\n`.repeat(MAX_GREP_MATCHES + 50));
    const out = outputOf(await grep({ pattern: "match" })).split("\n");
    expect(out).toHaveLength(MAX_GREP_MATCHES + 1);
    expect(out[0]).toMatch(/\[line cut at 300 characters\]$/);
    expect(out.at(-1)).toMatch(/more matches not shown/);
  });

  it("H2: the pattern reaches git as one word inside the sandbox: quotes, $() and ; are searched for, never run", async () => {
    const marker = path.join(fx.outside, "ran");
    const nasty = `'; touch ${marker}; echo '$(touch ${marker})\`touch ${marker}\``;
    await writeFile(path.join(fx.worktree, "nasty.txt"), `${nasty}\n`);
    expect(outputOf(await grep({ pattern: nasty.replace(/[$().]/g, "\\$&") }))).toBe(`nasty.txt:1:${nasty}`);
    expect(existsSync(marker)).toBe(false);
  });

  it("H6: without the OS sandbox, git grep is refused with the reason rather than run on the host", async () => {
    const args = ["--untracked", "-n", "-I", "-E", "--no-color", "--full-name", "-e", "add", "--", "src"];
    const worktree = { path: fx.worktree, git: fx.git, workspaceId: "ws-grep" };
    const options = { timeoutMs: 20_000, maxOutputBytes: 1 << 20 };
    expect((await sandboxedGitGrep(worktree, args, options)).stdout).toContain("src/util.ts:1:export function add");
    await expect(sandboxedGitGrep(worktree, args, { ...options, bwrapPath: path.join(fx.root, "no-bwrap-here") })).rejects.toThrow(/OS sandbox is unavailable/);
  });
});
