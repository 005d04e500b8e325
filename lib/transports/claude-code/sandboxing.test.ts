/**
 * T4: the panel's word for the Claude Code transport comes from the same check
 * that decides where the CLI starts — the real sandbox probe and the installed
 * binary — so "boundary" shows exactly where the CLI runs in the sandbox.
 */
import { describe, expect, it } from "vitest";
import { transportGuarantees } from "../../modes/transport-guarantee";
import { claudeCodeSandboxing } from "./sandboxing";

async function claudeCodeGuarantee(bwrapPath?: string) {
  const where = await claudeCodeSandboxing(bwrapPath);
  const host = where.sandboxed
    ? { sandbox: { available: true as const }, claudeCodeSandboxed: true }
    : { sandbox: { available: false as const, reason: where.reason }, claudeCodeSandboxed: false, claudeCodeReason: where.reason };
  return { where, guarantee: transportGuarantees("plan", host)[1]! };
}

describe("where the Claude Code CLI starts", () => {
  it("T4: with a working sandbox and the installed CLI it starts inside, and plan mode is a boundary on this transport", async () => {
    const { where, guarantee } = await claudeCodeGuarantee();
    expect(where).toEqual({ sandboxed: true });
    expect(guarantee.holds).toBe("boundary");
  });

  it("T4: without bubblewrap it starts outside, and the panel says convention with the reason", async () => {
    const { where, guarantee } = await claudeCodeGuarantee("/nonexistent/bwrap");
    expect(where).toMatchObject({ sandboxed: false, reason: expect.stringMatching(/bubblewrap was not found at \/nonexistent\/bwrap/) });
    expect(guarantee.holds).toBe("convention");
    expect(guarantee.why).toContain("bubblewrap was not found at /nonexistent/bwrap");
  });
});
