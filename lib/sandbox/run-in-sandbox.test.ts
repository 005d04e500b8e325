import { existsSync } from "node:fs";
import { chmod, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeFixture, SECRET, snapshotTree, type Fixture } from "../repos/git.test-support";
import { gitMountsFor } from "../repos/worktree-git";
import { detectSandbox, resetSandboxDetection } from "./detect-sandbox";
import { runInSandbox, SandboxUnavailableError, type SandboxRunOptions } from "./run-in-sandbox";
import { readyForSandbox } from "./sandbox.test-support";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
  await readyForSandbox(fx);
});
afterEach(() => fx.cleanup());

function run(command: string, options: Partial<SandboxRunOptions> = {}) {
  return runInSandbox({
    command,
    worktree: fx.worktree,
    workspaceId: "ws-sandbox-test",
    posture: "read-write",
    network: false,
    timeoutMs: 10_000,
    maxOutputBytes: 64 * 1024,
    ...options,
  });
}

describe("detectSandbox", () => {
  it("finds a working bubblewrap on this host and caches the answer", async () => {
    const first = detectSandbox();
    expect(await first).toEqual({ available: true, bwrapPath: "/usr/bin/bwrap" });
    expect(detectSandbox()).toBe(first);
  });

  it("says clearly when bubblewrap is missing", async () => {
    const status = await detectSandbox("/nonexistent/bwrap");
    expect(status.available).toBe(false);
    if (!status.available) expect(status.reason).toMatch(/not found at \/nonexistent\/bwrap.*apt-get install -y bubblewrap/);
    resetSandboxDetection();
  });

  it("reports a bwrap that cannot run as unavailable", async () => {
    // The fake runs after the drop to the sandbox user, which must reach it.
    await chmod(fx.root, 0o711);
    const fake = path.join(fx.root, "fake-bwrap");
    await writeFile(fake, "#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n", { mode: 0o755 });
    const status = await detectSandbox(fake);
    expect(status.available).toBe(false);
    if (!status.available) expect(status.reason).toMatch(/test run inside it failed.*No permissions/);
  });
});

describe("runInSandbox", () => {
  it("runs the shell line in the worktree and returns its output", async () => {
    const r = await run("pwd; echo out; echo err >&2; exit 3");
    expect(r).toMatchObject({ exitCode: 3, stdout: `${fx.worktree}\nout\n`, stderr: "err\n", timedOut: false, truncated: false });
  });

  it("M5: a read-write posture can write the worktree and nothing else", async () => {
    const r = await run(`echo made > new.txt && echo x > ${fx.secretFile}; echo rc=$?`);
    expect(await readFile(path.join(fx.worktree, "new.txt"), "utf8")).toBe("made\n");
    expect(r.stdout).toContain("rc=2");
    expect(await readFile(fx.secretFile, "utf8")).toBe(SECRET);
  });

  it("M5: a read-only posture mounts the worktree read-only, and remounting it is refused", async () => {
    const before = await snapshotTree(fx.root);
    const r = await run(
      `echo x > README.md; touch new.txt; mount -o remount,rw,bind ${fx.worktree}; echo y > README.md; grep CapEff /proc/self/status`,
      { posture: "read-only" },
    );
    expect(r.stderr).toMatch(/Read-only file system/);
    expect(r.stderr).toMatch(/mount.*(permission denied|Operation not permitted|must be superuser)/i);
    expect(r.stdout).toMatch(/CapEff:\s*0+\n/);
    expect(await snapshotTree(fx.root)).toEqual(before);
  });

  it("never passes the parent's environment (no DATABASE_URL, no API keys)", async () => {
    process.env.DATABASE_URL = "postgres://secret@db/prod";
    process.env.ANTHROPIC_API_KEY = "sk-ant-secret";
    try {
      const r = await run("env");
      expect(r.stdout).not.toMatch(/secret/);
      expect(r.stdout).toContain("HOME=/tmp");
      expect(r.stdout).toMatch(/^PATH=/m);
    } finally {
      delete process.env.DATABASE_URL;
      delete process.env.ANTHROPIC_API_KEY;
    }
  });

  it("passes explicitly given variables and refuses malformed names", async () => {
    expect((await run("echo $GREETING", { env: { GREETING: "hi" } })).stdout).toBe("hi\n");
    await expect(run("true", { env: { "BAD NAME": "x" } })).rejects.toThrow(/invalid environment variable/);
  });

  it("kills the whole process tree on timeout", async () => {
    const marker = path.join(fx.worktree, "late.txt");
    const r = await run(`(sleep 2; echo late > late.txt) & sleep 30`, { timeoutMs: 500 });
    expect(r.timedOut).toBe(true);
    expect(r.exitCode).toBeNull();
    expect(r.durationMs).toBeLessThan(5000);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(existsSync(marker)).toBe(false);
  });

  it("background processes do not outlive the command", async () => {
    const r = await run(`(sleep 1; echo late > late.txt) & echo started`);
    expect(r.stdout).toBe("started\n");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(existsSync(path.join(fx.worktree, "late.txt"))).toBe(false);
  });

  it("caps output and says so", async () => {
    const r = await run("head -c 100000 /dev/zero | tr '\\0' a", { maxOutputBytes: 1000 });
    expect(r.truncated).toBe(true);
    expect(r.stdout.length).toBe(1000);
    expect(r.exitCode).toBe(0);
  });

  it("stops a command that floods far past the budget", async () => {
    const r = await run("yes", { maxOutputBytes: 1000, timeoutMs: 30_000 });
    expect(r.truncated).toBe(true);
    expect(r.timedOut).toBe(false);
    expect(r.durationMs).toBeLessThan(20_000);
  });

  it("without network, only loopback exists", async () => {
    // /proc/net is per network namespace (/sys is not mounted at all).
    const r = await run("tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '");
    expect(r.stdout.trim()).toBe("lo");
  });

  it("/tmp inside is a private scratch space", async () => {
    const r = await run("echo scratch > /tmp/scratch && cat /tmp/scratch");
    expect(r.stdout).toBe("scratch\n");
    expect(existsSync("/tmp/scratch")).toBe(false);
  });

  it("refuses to run at all when bubblewrap is missing (no unsandboxed fallback)", async () => {
    const marker = path.join(fx.worktree, "ran.txt");
    await expect(run("touch ran.txt", { bwrapPath: "/nonexistent/bwrap" })).rejects.toBeInstanceOf(SandboxUnavailableError);
    await expect(run("touch ran.txt", { bwrapPath: "/nonexistent/bwrap" })).rejects.toThrow(/Refusing to run the command.*bubblewrap/);
    expect(existsSync(marker)).toBe(false);
  });
});

describe("what a sandboxed process can see of the host (M5)", () => {
  it("M5: only system directories and the worktree are mounted: host secrets and other worktrees stay invisible", async () => {
    const other = await makeFixture();
    try {
      const result = await run(
        `for p in /etc/shadow /root ${JSON.stringify(other.worktree)} ${JSON.stringify(process.cwd())}; do test -e "$p" && echo "visible $p"; done; echo checked`,
      );
      expect(result.stdout.trim()).toBe("checked");
    } finally {
      await other.cleanup();
    }
  });

  it("H1: as root, the sandbox reaches a worktree below a folder its user may not pass through, and gets no handle of the host", async () => {
    expect((await stat(fx.root)).mode & 0o777).toBe(0o700);
    const r = await run(
      "echo inside >> README.md && git log --oneline -1 >/dev/null && echo git-ok; for f in /proc/$$/fd/*; do echo \"fd $(readlink $f)\"; done; grep -c gatehouse-stage /proc/self/mountinfo || true",
      { readOnlyMounts: await gitMountsFor(fx.git) },
    );
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/^git-ok\n/);
    // None of the server's mount handles (the worktree, the git data) reached the sandbox's shell.
    const handles = r.stdout.split("\n").filter((line) => line.startsWith("fd "));
    expect(handles.length).toBeGreaterThanOrEqual(3);
    expect(handles.filter((line) => line.includes(fx.root))).toEqual([]);
    // The staging folder is not part of what the sandbox sees.
    expect(r.stdout.trim().split("\n").pop()).toBe("0");
    expect(await readFile(path.join(fx.worktree, "README.md"), "utf8")).toMatch(/inside\n$/);
  });

  it("M5: git read commands still work inside, against the repository's git data mounted read-only", async () => {
    const result = await run("git log --oneline -1 && git status --short && (git commit --allow-empty -m x 2>&1 || echo commit-refused)", {
      readOnlyMounts: await gitMountsFor(fx.git),
    });
    expect(result.stdout).toMatch(/\w{7}/);
    expect(result.stdout).toContain("commit-refused");
  });

  it("M7: without the operator's opt-in a sandboxed process cannot reach the host's loopback services", async () => {
    // PostgreSQL listens on 127.0.0.1:5432 on every machine we run on.
    const result = await run(
      `node -e "const s=require('net').connect(5432,'127.0.0.1');s.on('connect',()=>{console.log('reached');process.exit(0)});s.on('error',e=>{console.log('blocked',e.code);process.exit(0)})"`,
    );
    expect(result.stdout).toMatch(/blocked/);
    expect(result.stdout).not.toMatch(/reached/);
  });
});
