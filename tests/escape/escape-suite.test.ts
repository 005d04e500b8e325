/**
 * The escape suite (SPEC M4, M5, M7, A3, C1): a model in a read-only mode tries
 * every way we know to change the worktree or the world. Each attempt is a
 * scripted agent's tool call through the real harness, so it meets every layer
 * a real run meets: the surface and guard (lib/modes) and, for what gets
 * through, the tool itself with the mode's posture and the OS sandbox.
 *
 * Every read-only attempt asserts that the whole fixture (repository with its
 * .git, linked worktree, a sentinel directory beside it) and a sentinel file in
 * the host's /tmp are byte-for-byte unchanged. Chat mode shows the same tools
 * really do work when the mode allows them, so the refusals are not vacuous.
 *
 * No database: this file only needs git and bubblewrap.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { advanceRun } from "../../lib/harness/lifecycle/advance-run";
import { harnessFixture } from "../../lib/harness/harness.test-support";
import type { GuardDecision } from "../../lib/modes/guard";
import type { Mode } from "../../lib/modes/types";
import { gitSync, makeFixture, SECRET, snapshotTree, type Fixture } from "../../lib/repos/git.test-support";
import { readyForSandbox } from "../../lib/sandbox/sandbox.test-support";
import type { ToolOutcome } from "../../lib/tools/types";

// ---------------------------------------------------------------------------
// The one seam: a scripted agent makes the call through the real harness —
// surface, guard, posture and sandbox exactly as a run meets them.

interface Attempt {
  decision: GuardDecision;
  /** set when the guard allowed the call and the tool returned */
  outcome?: ToolOutcome;
  /** set when the guard allowed the call and the tool refused or failed */
  error?: Error;
}

let attempts = 0;

async function attempt(mode: Mode, toolName: string, args: unknown, options: { planShell?: boolean } = {}): Promise<Attempt> {
  const h = harnessFixture({
    mode,
    planShell: options.planShell,
    worktree: fx.worktree,
    script: {
      scenarios: [
        // Plan mode nudges a run that ends without a plan; answer honestly so the attempt is made once.
        { when: "gatehouse:nudge", steps: [{ text: "No plan is needed here." }] },
        { steps: [{ toolCalls: [{ name: toolName, args }] }, { text: "Done." }] },
      ],
    },
  });
  const runId = `escape-${++attempts}`;
  h.startRun(runId, `try ${toolName}`);
  await advanceRun(h.deps, runId);
  const call = [...h.store.calls.values()].find((c) => c.runId === runId);
  if (!call) throw new Error(`the scripted agent made no ${toolName} call`);
  const rule = /\[([A-Z]\d*)\]$/.exec(call.reason)?.[1] ?? "";
  const decision = { decision: call.decision, rule, reason: call.reason.replace(/ \[[A-Z]\d*\]$/, "") } as GuardDecision;
  if (call.decision !== "allow") return { decision };
  if (call.status === "executed") return { decision, outcome: { output: call.result } };
  // run_command reports a command that ran and failed as its output (with its exit code);
  // every other error result is the tool refusing the call.
  const ran = toolName === "run_command" && /^\[(exit code|timed out|was stopped)/.test(String(call.result));
  if (ran) return { decision, outcome: { output: call.result, isError: true } };
  return { decision, error: new Error(String(call.result)) };
}
// ---------------------------------------------------------------------------

let fx: Fixture;
let hostTmpSentinel: string;
const HOST_TMP_CONTENT = "host /tmp sentinel\n";

beforeAll(async () => {
  hostTmpSentinel = `/tmp/gatehouse-escape-sentinel-${randomBytes(4).toString("hex")}`;
  await writeFile(hostTmpSentinel, HOST_TMP_CONTENT);
});
afterAll(() => rm(hostTmpSentinel, { force: true }));

beforeEach(async () => {
  fx = await makeFixture();
  await readyForSandbox(fx);
});
afterEach(() => fx.cleanup());

/** Runs `body` and asserts nothing anywhere changed: fixture tree, .git, sentinels. */
async function expectNothingChanged(body: () => Promise<void>): Promise<void> {
  const before = await snapshotTree(fx.root);
  const head = gitSync(fx.worktree, ["rev-parse", "HEAD"]);
  await body();
  expect(await snapshotTree(fx.root)).toEqual(before);
  expect(gitSync(fx.worktree, ["rev-parse", "HEAD"])).toBe(head);
  expect(await readFile(fx.secretFile, "utf8")).toBe(SECRET);
  expect(await readFile(hostTmpSentinel, "utf8")).toBe(HOST_TMP_CONTENT);
}

function outputText(result: Attempt): string {
  return result.outcome && "output" in result.outcome ? String(result.outcome.output) : "";
}

const READ_ONLY_MODES = ["plan", "review", "orchestrate"] as const satisfies readonly Mode[];
const READ_TOOLS = ["read_file", "list_dir", "glob", "grep", "git_diff", "git_log"];

const MUTATING_CALLS: Array<[string, unknown, string]> = [
  ["write_file", { path: "README.md", content: "pwned" }, "M5"],
  ["write_file", { path: "new.txt", content: "pwned" }, "M5"],
  ["edit_file", { path: "src/util.ts", oldText: "a + b", newText: "a - b" }, "M5"],
  ["delete_file", { path: "README.md" }, "M5"],
  ["run_command", { command: "echo pwned > README.md" }, "M7"],
  ["git_commit", { message: "pwned" }, "M7"],
];

describe.each(READ_ONLY_MODES)("in %s mode", (mode) => {
  it.each(MUTATING_CALLS)(`M5/M7: %s %j by name is refused by the guard and changes nothing`, async (tool, args, rule) => {
    await expectNothingChanged(async () => {
      const result = await attempt(mode, tool, args);
      expect(result.decision.decision).toBe("deny");
      expect(result.decision.rule).toBe(rule);
      expect(result.decision.reason).toMatch(/not available in this mode/);
      expect(result.outcome).toBeUndefined();
    });
  });

  it("M5: read tools work, but `..`, absolute paths, symlinks out and .git are refused", async () => {
    await symlink(fx.secretFile, path.join(fx.worktree, "leak.txt"));
    await symlink(fx.outside, path.join(fx.worktree, "outdir"));
    await expectNothingChanged(async () => {
      expect(outputText(await attempt(mode, "read_file", { path: "README.md" }))).toContain("# Sample");
      for (const p of ["../outside/secret.txt", fx.secretFile, "leak.txt", "outdir/secret.txt", ".git", "src/../../outside/secret.txt"]) {
        const result = await attempt(mode, "read_file", { path: p });
        expect(result.decision.decision).toBe("allow");
        expect(result.error?.message).toMatch(/path escapes the worktree|inside \.git/);
      }
      expect(outputText(await attempt(mode, "grep", { pattern: "outside secret" }))).toMatch(/^No matches/);
      expect(outputText(await attempt(mode, "glob", { pattern: "**/*" }))).not.toMatch(/secret|leak|outdir/);
      expect((await attempt(mode, "list_dir", { path: "outdir" })).error?.message).toMatch(/path escapes the worktree/);
    });
  });

  it("M4: git refs used as options or shell syntax are refused by the read tools and create nothing", async () => {
    const marker = `/tmp/gatehouse-escape-pwned-${mode}`;
    await rm(marker, { force: true });
    await expectNothingChanged(async () => {
      for (const ref of [`--output=${marker}`, `$(touch ${marker})`]) {
        expect((await attempt(mode, "git_diff", { base: ref })).error?.message).toMatch(/invalid base/);
        expect((await attempt(mode, "git_log", { ref })).error?.message).toMatch(/invalid ref/);
      }
    });
    expect(existsSync(marker)).toBe(false);
  });
});

describe("A3/M5: plan mode with the shell opted in runs it against a read-only worktree", () => {
  const shell = (command: string) => attempt("plan", "run_command", { command }, { planShell: true });

  it("A3: the opt-in puts run_command on plan's surface and nowhere else", async () => {
    expect((await shell("true")).decision.decision).toBe("allow");
    for (const mode of ["review", "orchestrate"] as const) {
      expect((await attempt(mode, "run_command", { command: "true" }, { planShell: true })).decision.rule).toBe("M7");
    }
    // file-editing tools stay off the surface even with the shell on
    for (const [tool, args] of MUTATING_CALLS.filter(([t]) => t !== "run_command")) {
      expect((await attempt("plan", tool, args, { planShell: true })).decision.decision).toBe("deny");
    }
  });

  it("M5: reading and computing still work", async () => {
    const result = await shell("cat CHANGELOG.md && git log --oneline | wc -l");
    expect(outputText(result)).toMatch(/\[exit code 0; \d+ ms; worktree mounted read-only\]\n- first release\n2/);
  });

  it.each([
    ["redirect", "echo pwned > README.md"],
    ["append", "echo pwned >> src/util.ts"],
    ["tee", "echo pwned | tee README.md"],
    ["cp", "cp README.md copy.md"],
    ["mv", "mv README.md moved.md"],
    ["rm", "rm README.md"],
    ["rm -rf", "rm -rf src"],
    ["touch", "touch new.txt"],
    ["mkdir", "mkdir newdir"],
    ["chmod", "chmod 777 README.md"],
    ["truncate", "truncate -s 0 README.md"],
    ["sed -i", "sed -i s/Sample/Pwned/ README.md"],
    ["symlink creation", "ln -s /etc/passwd passwd-link"],
    ["symlink to outside", "ln -s ../outside outdir"],
    ["write via ..", "echo pwned > ../outside/secret.txt"],
    ["write outside by absolute path", "echo pwned > \"$OUTSIDE\""],
    ["write beside the worktree", "touch ../escaped.txt"],
    ["write into the repository's .git", "echo pwned > \"$REPO/.git/HEAD\""],
    ["git commit", "git add -A && git -c user.name=x -c user.email=x@y commit --allow-empty -m pwned"],
    ["git checkout", "git checkout -- . && git switch -c pwned"],
    ["write the host /tmp sentinel", "echo pwned > \"$HOST_TMP\"; cat \"$HOST_TMP\""],
  ])("M5: %s inside the sandbox cannot change anything", async (_name, command) => {
    const env = `OUTSIDE=${fx.secretFile} REPO=${fx.repo} HOST_TMP=${hostTmpSentinel}; export OUTSIDE REPO HOST_TMP; `;
    await expectNothingChanged(async () => {
      const result = await shell(env + command);
      expect(result.decision.decision).toBe("allow");
      expect(result.error).toBeUndefined();
    });
    expect(existsSync(path.join(fx.root, "escaped.txt"))).toBe(false);
  });

  it("M5: in plan mode with the shell opted in, mount -o remount,rw cannot make the worktree writable", async () => {
    await expectNothingChanged(async () => {
      const result = await shell(
        `mount -o remount,rw,bind ${fx.worktree}; echo "mount=$?"; ` +
          `mount -o remount,rw ${fx.worktree}; mount --bind ${fx.worktree} /mnt; ` +
          `unshare -r sh -c 'mount -o remount,rw,bind ${fx.worktree}' ; ` +
          `echo pwned > README.md; echo "write=$?"; grep CapEff /proc/self/status`,
      );
      const text = outputText(result);
      expect(text).toMatch(/mount=(1|32)/);
      expect(text).toMatch(/write=[12]/);
      expect(text).toMatch(/Read-only file system/);
      expect(text).toMatch(/CapEff:\s*0+\n/);
    });
  });

  it("M7: writing the host's /tmp from the sandbox lands in a private tmpfs that vanishes", async () => {
    await expectNothingChanged(async () => {
      const text = outputText(await shell(`echo pwned > ${hostTmpSentinel}; cat ${hostTmpSentinel}`));
      expect(text).toContain("pwned"); // it wrote somewhere: its own /tmp
    });
    expect(await readFile(hostTmpSentinel, "utf8")).toBe(HOST_TMP_CONTENT);
  });
});

describe("C1: in chat mode the same tools really change the worktree", () => {
  it("C1: write_file, edit_file and delete_file succeed", async () => {
    expect(outputText(await attempt("chat", "write_file", { path: "docs/new.md", content: "hi\n" }))).toMatch(/^Created/);
    expect(await readFile(path.join(fx.worktree, "docs/new.md"), "utf8")).toBe("hi\n");
    expect(outputText(await attempt("chat", "edit_file", { path: "src/util.ts", oldText: "a + b", newText: "b + a" }))).toMatch(/^Edited/);
    expect(await readFile(path.join(fx.worktree, "src/util.ts"), "utf8")).toContain("return b + a;");
    expect(outputText(await attempt("chat", "delete_file", { path: "CHANGELOG.md" }))).toBe("Deleted CHANGELOG.md.");
    expect(existsSync(path.join(fx.worktree, "CHANGELOG.md"))).toBe(false);
  });

  it("C1: run_command can write a file in the worktree", async () => {
    const result = await attempt("chat", "run_command", { command: "echo built > build.txt && cp README.md copy.md" });
    expect(outputText(result)).toMatch(/^\[exit code 0/);
    expect(await readFile(path.join(fx.worktree, "build.txt"), "utf8")).toBe("built\n");
    expect(existsSync(path.join(fx.worktree, "copy.md"))).toBe(true);
  });

  it("C1: git_commit commits", async () => {
    await attempt("chat", "write_file", { path: "feature.txt", content: "feature\n" });
    const result = await attempt("chat", "git_commit", { message: "Add feature" });
    expect(outputText(result)).toMatch(/^Committed [0-9a-f]{40}: Add feature$/);
    expect(gitSync(fx.worktree, ["log", "-1", "--format=%an|%s"]).trim()).toBe("Gatehouse agent|Add feature");
  });

  it("M7: even in chat, run_command cannot write outside the worktree or into .git", async () => {
    const mainHead = gitSync(fx.repo, ["rev-parse", "HEAD"]);
    const result = await attempt("chat", "run_command", {
      command: `echo pwned > ${fx.secretFile}; touch ../escaped.txt; echo pwned > ${fx.repo}/.git/HEAD; echo pwned > ${hostTmpSentinel}`,
    });
    expect(outputText(result)).toMatch(/Read-only file system/);
    expect(await readFile(fx.secretFile, "utf8")).toBe(SECRET);
    expect(existsSync(path.join(fx.root, "escaped.txt"))).toBe(false);
    expect(gitSync(fx.repo, ["rev-parse", "HEAD"])).toBe(mainHead);
    expect(await readFile(hostTmpSentinel, "utf8")).toBe(HOST_TMP_CONTENT);
  });

  it("C1: write tools still refuse paths that escape the worktree", async () => {
    await symlink(fx.outside, path.join(fx.worktree, "outdir"));
    for (const [tool, args] of [
      ["write_file", { path: "../outside/secret.txt", content: "pwned" }],
      ["write_file", { path: "outdir/secret.txt", content: "pwned" }],
      ["write_file", { path: ".git", content: "gitdir: /" }],
      ["edit_file", { path: "outdir/secret.txt", oldText: "outside", newText: "pwned" }],
      ["delete_file", { path: "../outside/secret.txt" }],
    ] as const) {
      expect((await attempt("chat", tool, args)).error?.message).toMatch(/path escapes the worktree|inside \.git/);
    }
    expect(await readFile(fx.secretFile, "utf8")).toBe(SECRET);
  });
});
