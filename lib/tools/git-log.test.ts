import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeFixture, type Fixture } from "../repos/git.test-support";
import { gitLogTool } from "./git-log";
import { callTool, outputOf, toolContext } from "./tools.test-support";

let fx: Fixture;
beforeEach(async () => {
  fx = await makeFixture();
});
afterEach(() => fx.cleanup());

const gitLog = (args: unknown) => callTool(gitLogTool, args, toolContext(fx.worktree, "orchestrate"));

describe("git_log", () => {
  it("lists commits newest first", async () => {
    const out = outputOf(await gitLog({}));
    expect(out).toMatch(/^[0-9a-f]{40} \S+ Test Person <person@example\.test>\n {4}Add changelog\n[0-9a-f]{40} .*\n {4}Initial commit$/);
    expect(outputOf(await gitLog({ limit: 1 })).split("\n")).toHaveLength(2);
    expect(outputOf(await gitLog({ ref: "HEAD~1" }))).not.toContain("Add changelog");
  });

  it.each(["--output=/tmp/gatehouse-log-x", "$(touch /tmp/gatehouse-log-pwned)", "--all", "-n1"])(
    "refuses the ref %j and creates nothing",
    async (ref) => {
      for (const f of ["/tmp/gatehouse-log-x", "/tmp/gatehouse-log-pwned"]) await rm(f, { force: true });
      await expect(gitLog({ ref })).rejects.toThrow(/invalid ref/);
      for (const f of ["/tmp/gatehouse-log-x", "/tmp/gatehouse-log-pwned"]) expect(existsSync(f)).toBe(false);
    },
  );

  it("refuses bad input at the schema and unknown refs", async () => {
    expect(gitLogTool.input.safeParse({ limit: 1000 }).success).toBe(false);
    expect(gitLogTool.input.safeParse({ format: "%H" }).success).toBe(false);
    await expect(gitLog({ ref: "nope" })).rejects.toThrow(/git log failed/);
  });
});
