/**
 * H1: the sandbox user, seen from the host. The suite runs as root, as the
 * server does in production; one test starts a server process as an ordinary
 * user to prove that path (no uid drop, the sandbox runs as that user) holds.
 */
import { execFileSync } from "node:child_process";
import { chmod, lstat, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gitSync, makeFixture, type Fixture } from "../repos/git.test-support";
import { handToSandboxUser, sandboxUser } from "./sandbox-user";
import { readyForSandbox } from "./sandbox.test-support";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(() => fx.cleanup());

describe("handToSandboxUser (H1)", () => {
  it("H1: gives the worktree's contents to the sandbox user, keeps its folder and .git the server's, and never follows a link out", async () => {
    const user = sandboxUser()!;
    expect(user).not.toBeNull();
    await mkdir(path.join(fx.worktree, "deep/er"), { recursive: true });
    await writeFile(path.join(fx.worktree, "deep/er/file.txt"), "x");
    await symlink(fx.secretFile, path.join(fx.worktree, "leak"));
    await symlink(fx.outside, path.join(fx.worktree, "deep/outdir"));

    await handToSandboxUser(fx.worktree);

    for (const p of ["README.md", "src", "src/util.ts", "deep/er/file.txt", "leak", "deep/outdir"]) {
      expect({ p, uid: (await lstat(path.join(fx.worktree, p))).uid }).toEqual({ p, uid: user.uid });
    }
    const top = await lstat(fx.worktree);
    expect(top.uid).toBe(0);
    expect(top.gid).toBe(user.gid);
    expect(top.mode & 0o070).toBe(0o070);
    expect((await lstat(path.join(fx.worktree, ".git"))).uid).toBe(0);
    // Link targets outside the worktree keep their owner.
    expect((await lstat(fx.secretFile)).uid).toBe(0);
    expect((await lstat(fx.outside)).uid).toBe(0);
    // git on the host still trusts the worktree (its folder is the server's own).
    expect(gitSync(fx.worktree, ["status", "--short"])).toMatch(/deep/);
  });
});

describe("a server that is not root (H1)", () => {
  it("H1: sandboxes as itself: the probe passes, commands run as that user, can write its worktree and still cannot write /proc/sys", { timeout: 90_000 }, async () => {
    const user = sandboxUser()!;
    await readyForSandbox(fx);
    // A server that is not root resolves its own folders: it must be able to pass through them.
    await chmod(fx.root, 0o711);
    const script = path.join(fx.root, "as-server.mts");
    const here = path.dirname(new URL(import.meta.url).pathname);
    await writeFile(
      script,
      [
        `import { detectSandbox } from ${JSON.stringify(path.join(here, "detect-sandbox.ts"))};`,
        `import { runInSandbox } from ${JSON.stringify(path.join(here, "run-in-sandbox.ts"))};`,
        "const status = await detectSandbox();",
        `const run = await runInSandbox({ command: "id -u; echo made > by-server.txt; (: >> /proc/sys/kernel/core_pattern) 2>/dev/null && echo OPENED || echo refused", worktree: ${JSON.stringify(fx.worktree)}, workspaceId: "w", posture: "read-write", network: false, timeoutMs: 20000, maxOutputBytes: 10000 });`,
        "console.log(JSON.stringify({ uid: process.getuid(), status, stdout: run.stdout }));",
      ].join("\n"),
      { mode: 0o644 },
    );
    const childEnv: Record<string, string> = { PATH: "/usr/bin:/bin", HOME: "/tmp" };
    const out = execFileSync(
      "/usr/bin/setpriv",
      [`--reuid=${user.uid}`, `--regid=${user.gid}`, "--clear-groups", "--", process.execPath, "--conditions=react-server", "--import", "tsx", script],
      { cwd: process.cwd(), env: childEnv as NodeJS.ProcessEnv, encoding: "utf8", timeout: 60_000 },
    );
    const result = JSON.parse(out.trim().split("\n").pop()!) as { uid: number; status: { available: boolean }; stdout: string };
    expect(result.uid).toBe(user.uid);
    expect(result.status.available).toBe(true);
    expect(result.stdout).toBe(`${user.uid}\nrefused\n`);
    expect(await readFile(path.join(fx.worktree, "by-server.txt"), "utf8")).toBe("made\n");
    expect((await lstat(path.join(fx.worktree, "by-server.txt"))).uid).toBe(user.uid);
  });
});
