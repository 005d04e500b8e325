import { describe, expect, it } from "vitest";
import { MODES } from "../modes/types";
import { transportGuarantees } from "./transport-guarantee";

describe("where the guarantee holds", () => {
  it("T1: on the built-in harness every mode is a boundary, and the reason says what the sandbox adds", () => {
    for (const mode of MODES) {
      const [builtIn] = transportGuarantees(mode, { sandbox: { available: true }, claudeCodeSandboxed: false });
      expect(builtIn).toMatchObject({ transport: "built-in", holds: "boundary" });
    }
    const [noSandbox] = transportGuarantees("plan", { sandbox: { available: false, reason: "bwrap is missing" }, claudeCodeSandboxed: false });
    expect(noSandbox!.why).toContain("bwrap is missing");
  });

  it("T2, T4: Claude Code is a convention outside the sandbox and a boundary only inside it, and says why", () => {
    const outside = transportGuarantees("plan", { sandbox: { available: true }, claudeCodeSandboxed: false })[1]!;
    expect(outside).toMatchObject({ transport: "claude-code", holds: "convention" });
    expect(outside.why).toMatch(/permission mode plan.*outside the sandbox.*not also mounted read-only/);
    // H2, T2: it says what holds outside the sandbox and what does not.
    expect(outside.why).toMatch(/paths are resolved like Gatehouse's own, so no link leads out of the worktree.*What does not: the CLI opens the resolved path itself/);
    const inside = transportGuarantees("plan", { sandbox: { available: true }, claudeCodeSandboxed: true })[1]!;
    expect(inside.holds).toBe("boundary");
    expect(inside.why).toMatch(/mounted read-only.*relay to the model endpoint/);
    const noBwrap = transportGuarantees("plan", { sandbox: { available: false, reason: "bubblewrap was not found" }, claudeCodeSandboxed: true })[1]!;
    expect(noBwrap.holds).toBe("convention");
    expect(noBwrap.why).toContain("bubblewrap was not found");
    const noBinary = transportGuarantees("chat", { sandbox: { available: true }, claudeCodeSandboxed: false, claudeCodeReason: "the Claude Code binary is not installed" })[1]!;
    expect(noBinary).toMatchObject({ holds: "convention" });
    expect(noBinary.why).toContain("the Claude Code binary is not installed");
  });
});
