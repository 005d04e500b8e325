/** What each built-in profile guarantees, rule by rule, on the real tool registry. */
import { describe, expect, it } from "vitest";
import { TOOL_SPECS } from "../tools/registry";
import { guardCall } from "./guard";
import { mountPlan } from "./posture";
import { PROFILES, profileOf } from "./profiles";
import { promptBlock } from "./prompt";
import { materializeSurface } from "./surface";
import { MODES, WORLD_CHANGING_EFFECTS } from "./types";

const names = (mode: (typeof MODES)[number], options = {}) =>
  materializeSurface(profileOf(mode), TOOL_SPECS, { autonomy: "auto", ...options }).tools.map((t) => t.spec.name).sort();

describe("built-in capability profiles", () => {
  it("M3: each profile states its surface, output verb, denied effects, posture and prompt notes — and the prompt block is generated from the surface", () => {
    for (const mode of MODES) {
      const profile = PROFILES[mode];
      expect(["read", "write", "execute", "admin"]).toContain(profile.maxTier);
      expect(Array.isArray(profile.deniedEffects)).toBe(true);
      expect(["read-only", "read-write"]).toContain(profile.posture);
      expect(profile.notes.length).toBeGreaterThan(20);
      const surface = materializeSurface(profileOf(mode), TOOL_SPECS, { autonomy: "auto" });
      const prompt = promptBlock(surface);
      for (const { spec } of surface.tools) expect(prompt).toContain(`- ${spec.name} (`);
      expect(prompt).toContain(profile.notes);
      if (profile.outputVerb) expect(prompt).toContain(`a call to ${profile.outputVerb} succeeds`);
    }
  });

  it("M2: there are exactly four built-in modes, each with one profile", () => {
    expect([...MODES].sort()).toEqual(["chat", "orchestrate", "plan", "review"]);
    expect(Object.keys(PROFILES).sort()).toEqual([...MODES].sort());
  });

  it("C1: chat is labelled Agent and has the full surface up to execute, a writable worktree and no contract", () => {
    const chat = PROFILES.chat;
    expect(chat.label).toBe("Agent");
    expect(chat.deniedEffects).toEqual([]);
    expect(chat.posture).toBe("read-write");
    expect(chat.completion).toBe("none");
    expect(names("chat")).toEqual(
      expect.arrayContaining(["read_file", "write_file", "edit_file", "delete_file", "run_command", "git_commit", "ask_user"]),
    );
    // mode-bound verbs of other modes do not exist in chat
    expect(names("chat")).not.toContain("submit_plan");
    expect(names("chat")).not.toContain("add_review_node");
    expect(mountPlan("read-write", "/wt", { network: true }).worktreeWritable).toBe(true);
  });

  it("P1: plan mode removes every write tool from the surface and keeps submit_plan and exit_plan_mode", () => {
    const plan = names("plan");
    for (const tool of ["write_file", "edit_file", "delete_file", "run_command", "git_commit", "create_ticket", "post_comment"]) {
      expect(plan).not.toContain(tool);
    }
    expect(plan).toEqual(expect.arrayContaining(["submit_plan", "exit_plan_mode", "read_file", "grep", "ask_user", "todo_write"]));
  });

  it("M5: a write_file call in plan mode is refused as removed by the read-only worktree", () => {
    const surface = materializeSurface(profileOf("plan"), TOOL_SPECS, { autonomy: "auto" });
    const decision = guardCall(surface, "write_file");
    expect(decision).toMatchObject({ decision: "deny", rule: "M5" });
    expect(decision.reason).toMatch(/not available in this mode.*read-only/);
  });

  it("R1: review mode is below execute, read-only, with the curated review, ticket and communication tools", () => {
    const review = names("review");
    expect(review).toEqual(expect.arrayContaining(["add_review_node", "finalize_review", "create_ticket", "post_comment", "read_file", "git_diff"]));
    for (const tool of ["write_file", "edit_file", "delete_file", "run_command", "git_commit", "submit_plan"]) {
      expect(review).not.toContain(tool);
    }
    expect(PROFILES.review.selectable).toBe(false);
  });

  it("R1: no tool of the review surface can write the worktree or start a process", () => {
    const surface = materializeSurface(profileOf("review"), TOOL_SPECS, { autonomy: "auto" });
    for (const { spec } of surface.tools) {
      expect(spec.effects).not.toContain("write_worktree");
      expect(spec.effects).not.toContain("start_process");
      expect(["read", "write"]).toContain(spec.tier);
    }
  });

  it("O1: orchestrate is read-only with propose_orchestration as its one privileged verb, and its prompt names only surface tools", () => {
    const orchestrate = names("orchestrate");
    expect(orchestrate).toContain("propose_orchestration");
    const privileged = TOOL_SPECS.filter((t) => orchestrate.includes(t.name) && (t.scope === "mode" || t.tier !== "read"));
    expect(privileged.map((t) => t.name)).toEqual(["propose_orchestration"]);
    const prompt = promptBlock(materializeSurface(profileOf("orchestrate"), TOOL_SPECS, { autonomy: "auto" }));
    expect(prompt).not.toMatch(/create_ticket|write_file|run_command/);
  });

  it("M7: read-only modes deny exactly the world-changing effect classes and not network egress or secrets", () => {
    for (const mode of ["plan", "review", "orchestrate"] as const) {
      expect([...PROFILES[mode].deniedEffects].sort()).toEqual([...WORLD_CHANGING_EFFECTS].sort());
      expect(PROFILES[mode].deniedEffects).not.toContain("network_egress");
      expect(PROFILES[mode].deniedEffects).not.toContain("secret_access");
    }
  });

  it("A3: a plan room that opts in to the shell gets run_command against a read-only mount, and still no file-editing tool", () => {
    const plan = names("plan", { planShell: true });
    expect(plan).toContain("run_command");
    expect(plan).not.toContain("write_file");
    expect(plan).not.toContain("edit_file");
    expect(names("review", { planShell: true })).not.toContain("run_command");
  });

  it("G3: 'ask' confirms write and execute calls, 'auto_edit' only execute, 'auto' none", () => {
    const decide = (autonomy: "ask" | "auto_edit" | "auto", tool: string) =>
      guardCall(materializeSurface(profileOf("chat"), TOOL_SPECS, { autonomy }), tool).decision;
    expect([decide("ask", "read_file"), decide("ask", "write_file"), decide("ask", "run_command")]).toEqual(["allow", "confirm", "confirm"]);
    expect([decide("auto_edit", "write_file"), decide("auto_edit", "run_command")]).toEqual(["allow", "confirm"]);
    expect([decide("auto", "write_file"), decide("auto", "run_command")]).toEqual(["allow", "allow"]);
  });

  it("G1: the dial cannot silence submit_plan, even at 'ask'", () => {
    expect(guardCall(materializeSurface(profileOf("plan"), TOOL_SPECS, { autonomy: "ask" }), "submit_plan").decision).toBe("allow");
  });

  it("X3: an agent's module allowlist narrows the write tier and up, never the read tier", () => {
    const narrowed = names("chat", { agentAllowlist: ["write_file"] });
    expect(narrowed).toContain("write_file");
    expect(narrowed).not.toContain("edit_file");
    expect(narrowed).not.toContain("run_command");
    expect(narrowed).toContain("grep");
    const decision = guardCall(materializeSurface(profileOf("chat"), TOOL_SPECS, { autonomy: "auto", agentAllowlist: ["write_file"] }), "run_command");
    expect(decision).toMatchObject({ decision: "deny", rule: "X3" });
  });

  it("T1: a tool name that exists nowhere is refused, not executed", () => {
    const decision = guardCall(materializeSurface(profileOf("chat"), TOOL_SPECS, { autonomy: "auto" }), "rm_rf_everything");
    expect(decision.decision).toBe("deny");
    expect(decision.reason).toContain("not available in this mode");
  });
});
