import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeFixture, SECRET, snapshotTree, type Fixture } from "../repos/git.test-support";
import { readyForSandbox } from "../sandbox/sandbox.test-support";
import { MAX_COMMAND_OUTPUT_BYTES } from "./limits";
import { runCommandTool } from "./run-command";
import { callTool, outputOf, toolContext } from "./tools.test-support";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
  await readyForSandbox(fx);
});
afterEach(() => fx.cleanup());

const run = (args: unknown, mode: "chat" | "plan" = "chat") => callTool(runCommandTool, args, toolContext(fx.worktree, mode));

describe("run_command", () => {
  it("runs a shell line in the worktree and reports exit code, stdout and stderr", async () => {
    const outcome = await run({ command: "cat CHANGELOG.md; echo oops >&2; exit 4" });
    expect(outputOf(outcome)).toMatch(/^\[exit code 4; \d+ ms\]\n- first release\n\[stderr\]\noops$/);
    expect("isError" in outcome && outcome.isError).toBe(true);
  });

  it("writes the worktree in chat mode, but nothing outside it", async () => {
    const outcome = await run({ command: `echo built > out.txt && echo pwned > ${fx.secretFile}` });
    expect(await readFile(path.join(fx.worktree, "out.txt"), "utf8")).toBe("built\n");
    expect(outputOf(outcome)).toMatch(/Read-only file system|Directory nonexistent|No such file/);
    expect(await readFile(fx.secretFile, "utf8")).toBe(SECRET);
  });

  it("M5: with a read-only posture the worktree is mounted read-only", async () => {
    const before = await snapshotTree(fx.root);
    const out = outputOf(await run({ command: "ls src && touch new.txt" }, "plan"));
    expect(out).toMatch(/worktree mounted read-only/);
    expect(out).toMatch(/index\.ts\nutil\.ts/);
    expect(out).toMatch(/Read-only file system/);
    expect(await snapshotTree(fx.root)).toEqual(before);
  });

  it("stops a command at its timeout", async () => {
    const outcome = await run({ command: "sleep 20", timeoutMs: 1000 });
    expect(outputOf(outcome)).toMatch(/^\[timed out after 1000 ms and was stopped/);
  });

  it("caps the output", async () => {
    const out = outputOf(await run({ command: `head -c ${MAX_COMMAND_OUTPUT_BYTES * 3} /dev/zero | tr '\\0' y` }));
    expect(out).toMatch(/\[output cut at \d+ bytes\]$/);
    expect(Buffer.byteLength(out)).toBeLessThan(MAX_COMMAND_OUTPUT_BYTES + 200);
  });

  it("keeps $(…) inside the sandbox: the host shell never sees the command", async () => {
    await run({ command: "$(touch /tmp/gatehouse-run-pwned)" });
    expect(existsSync("/tmp/gatehouse-run-pwned")).toBe(false);
  });

  it("refuses bad input at the schema and clearly without a worktree", async () => {
    expect(runCommandTool.input.safeParse({ command: "ls", cwd: "/" }).success).toBe(false);
    expect(runCommandTool.input.safeParse({ command: "ls", timeoutMs: 10_000_000 }).success).toBe(false);
    expect(runCommandTool.input.safeParse({ command: "" }).success).toBe(false);
    await expect(callTool(runCommandTool, { command: "ls" }, toolContext(null))).rejects.toThrow(/no git worktree/);
  });
});
