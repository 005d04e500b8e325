import { describe, expect, it } from "vitest";
import { profileOf } from "../../modes/profiles";
import { materializeSurface } from "../../modes/surface";
import { MODES } from "../../modes/types";
import { TOOL_SPECS } from "../../tools/registry";
import { claudeToolOptions } from "./claude-options";
import { gateClaudeCall } from "./gate-claude-call";

const surface = (mode: (typeof MODES)[number]) => materializeSurface(profileOf(mode), TOOL_SPECS, { autonomy: "auto" });

describe("Claude Code options", () => {
  it("T2: every mode but chat starts the CLI in permissionMode plan", () => {
    for (const mode of MODES) expect(claudeToolOptions(surface(mode), { sandboxed: true }).permissionMode, mode).toBe(mode === "chat" ? "default" : "plan");
  });

  it("T3: only tools whose Gatehouse counterpart is on the surface are loaded; the rest are disallowed", () => {
    const plan = claudeToolOptions(surface("plan"), { sandboxed: true });
    expect(plan.tools.sort()).toEqual(["Glob", "Grep", "LS", "Read", "TodoWrite"]);
    expect(plan.disallowedTools).toEqual(expect.arrayContaining(["Write", "Edit", "MultiEdit", "NotebookEdit", "Bash", "WebFetch", "Task", "ExitPlanMode"]));
    const chat = claudeToolOptions(surface("chat"), { sandboxed: true });
    expect(chat.tools).toEqual(expect.arrayContaining(["Write", "Edit", "MultiEdit", "NotebookEdit", "Bash"]));
    expect(chat.tools).not.toContain("WebFetch");
  });

  it("T4/H1: outside the sandbox the CLI's shell is never loaded and is refused if named, even in chat", () => {
    expect(claudeToolOptions(surface("chat"), { sandboxed: false }).tools).not.toContain("Bash");
    const decision = gateClaudeCall(surface("chat"), "Bash", { command: "id" }, { sandboxed: false, worktree: "/wt" });
    expect(decision).toMatchObject({ decision: "deny", rule: "T4" });
  });

  it("T3: a tool Gatehouse has no place for is denied whether the CLI has it or not", () => {
    for (const tool of ["WebSearch", "Task", "ExitPlanMode", "mcp__evil__run", "SomethingNew"]) {
      expect(gateClaudeCall(surface("chat"), tool, {}, { sandboxed: true, worktree: "/wt" }).decision, tool).toBe("deny");
    }
  });

  it("T4/H2: file tools must name paths inside the worktree", () => {
    const gate = (file_path: string) => gateClaudeCall(surface("chat"), "Write", { file_path, content: "" }, { sandboxed: true, worktree: "/wt" });
    expect(gate("/wt/a.md").decision).toBe("allow");
    expect(gate("a/b.md").decision).toBe("allow");
    expect(gate("/wt/../etc/passwd")).toMatchObject({ decision: "deny", rule: "H2" });
    expect(gate("/wtx/a.md")).toMatchObject({ decision: "deny", rule: "H2" });
  });
});
