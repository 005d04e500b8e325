/** Declared modes as data (X1–X3, G7), on the real tool registry. */
import { describe, expect, it } from "vitest";
import { TOOL_SPECS } from "../tools/registry";
import { compileCapability } from "./capability";
import { compileDeclared, declaredModeSchema, modePolicySchema, registryIssues, type DeclaredModeInput, type ModePolicyInput } from "./declared";
import type { CapabilityInput } from "./capability";
import { guardCall, NOT_AVAILABLE } from "./guard";
import { PROFILES } from "./profiles";
import { promptBlock } from "./prompt";
import { defaultProfile, resolveMode, resolveProfile, selectableProfiles } from "./resolve-profile";
import { modeColumns, roomProfile } from "./room-mode";
import { materializeSurface, surfaceTool } from "./surface";

const audit: DeclaredModeInput = {
  id: "security-audit",
  label: "Security audit",
  description: "Reads the code looking for weaknesses and files what it finds.",
  icon: "🛡",
  accent: "#b91c1c",
  systemPrompt: "Report every weakness with the file and line where it lives.",
  tools: ["read_file", "grep", "create_ticket"],
  maxTurns: 8,
  timeoutSeconds: 600,
  extends: "chat",
};

const policyOf = (input: ModePolicyInput) => modePolicySchema.parse(input);
const names = (surface: { tools: { spec: { name: string } }[] }) => surface.tools.map((t) => t.spec.name).sort();

describe("declared modes", () => {
  it("X1: a declared mode resolves to a profile with its label, icon, accent, prompt, limits and the built-in it extends", () => {
    const policy = policyOf({ modes: [audit] });
    const profile = resolveProfile(policy, "security-audit")!;
    expect(profile).toMatchObject({ id: "security-audit", mode: "chat", declared: true, label: "Security audit", icon: "🛡", accent: "#b91c1c", maxTurns: 8, timeoutSeconds: 600 });
    expect(profile.notes).toContain("Report every weakness");
    expect(resolveProfile(policy, "plan")).toBe(PROFILES.plan);
    expect(resolveProfile(policy, "nonexistent")).toBeNull();
    const prompt = promptBlock(materializeSurface(profile, TOOL_SPECS, { autonomy: "auto" }));
    expect(prompt).toContain("## What you can do here: Security audit mode");
    expect(prompt).toContain("Report every weakness");
  });

  it("X1: the declared default mode starts fresh rooms, else the first declared one, else Agent; a disabled mode resolves to nothing", () => {
    expect(defaultProfile(policyOf({})).id).toBe("chat");
    expect(defaultProfile(policyOf({ modes: [audit] })).id).toBe("security-audit");
    expect(defaultProfile(policyOf({ modes: [audit], defaultMode: "plan" })).id).toBe("plan");
    const disabled = policyOf({ modes: [{ ...audit, disabled: true }] });
    expect(resolveProfile(disabled, "security-audit")).toBeNull();
    expect(selectableProfiles(disabled).map((p) => p.id)).toEqual(["chat", "plan", "orchestrate"]);
    // G8: a room in it keeps its own copy of the mode — never the built-in in its mode column.
    const room = modeColumns(resolveMode(policyOf({ modes: [audit] }), "security-audit")!);
    expect(roomProfile(room)).toMatchObject({ id: "security-audit", grants: ["read_file", "grep", "create_ticket"] });
  });

  it("X1: a declaration with bad fields is refused naming each field", () => {
    const result = modePolicySchema.safeParse({
      modes: [{ ...audit, id: "plan", accent: "red", maxTurns: 0, extends: "review" }],
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        "modes.0.id: is the name of a built-in mode; pick another id",
        "modes.0.accent: must be a colour like #0f766e",
        "modes.0.maxTurns: must be at least 1",
        "modes.0.extends: must be one of chat, plan, orchestrate",
      ]),
    );
    const whole = modePolicySchema.safeParse({ modes: [audit, audit], defaultMode: "ghost" });
    expect(whole.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([
      'modes.1.id: "security-audit" is declared twice',
      'defaultMode: "ghost" is not an enabled mode of this workspace',
    ]);
    const issues = registryIssues(policyOf({ modes: [{ ...audit, tools: ["read_file", "launch_missiles"], systemPrompt: "Use run_command freely." }] }), TOOL_SPECS.map((t) => t.name));
    expect(issues).toEqual([
      { path: ["modes", 0, "tools", 1], message: '"launch_missiles" is not a Gatehouse tool' },
      { path: ["modes", 0, "systemPrompt"], message: 'names the tool "run_command"; the capability block lists the tools, so describe the work instead' },
    ]);
  });

  it("X1: a declared mode narrows the built-in it extends and never widens it", () => {
    const onPlan = compileDeclared(declaredModeSchema.parse({ ...audit, extends: "plan", tools: null, readOnly: false, maxTier: "admin" }));
    expect(onPlan.posture).toBe("read-only");
    expect(onPlan.maxTier).toBe("read");
    expect(onPlan.outputVerb).toBe("submit_plan");
    const planSurface = names(materializeSurface(PROFILES.plan, TOOL_SPECS, { autonomy: "auto" }));
    expect(names(materializeSurface(onPlan, TOOL_SPECS, { autonomy: "auto" }))).toEqual(planSurface);
    const readOnlyChat = compileDeclared(declaredModeSchema.parse({ ...audit, tools: null, readOnly: true }));
    const surface = materializeSurface(readOnlyChat, TOOL_SPECS, { autonomy: "auto" });
    expect(surfaceTool(surface, "write_file")).toBeUndefined();
    expect(surfaceTool(surface, "run_command")).toBeUndefined();
    expect(surfaceTool(surface, "read_file")).toBeDefined();
  });

  it("X2: with grants the agent has exactly those tools plus the pinned ones, and a blocked call is not available in this mode, naming the mode's layer", () => {
    const profile = resolveProfile(policyOf({ modes: [audit] }), "security-audit")!;
    const surface = materializeSurface(profile, TOOL_SPECS, { autonomy: "auto" });
    expect(names(surface)).toEqual(["ask_user", "create_ticket", "grep", "read_file", "todo_write"]);
    const refused = guardCall(surface, "list_dir");
    expect(refused.decision).toBe("deny");
    expect(refused.rule).toBe("X2");
    expect(refused.reason).toBe(`list_dir is ${NOT_AVAILABLE} (Security audit; removed by the mode's profile): Security audit mode does not grant list_dir`);
    // No grants: no extra restriction.
    const open = resolveProfile(policyOf({ modes: [{ ...audit, tools: null }] }), "security-audit")!;
    expect(names(materializeSurface(open, TOOL_SPECS, { autonomy: "auto" }))).toEqual(names(materializeSurface(PROFILES.chat, TOOL_SPECS, { autonomy: "auto" })));
  });

  it("X3: the surface is workspace grants ∩ agent allowlist ∩ mode grants, each absent tool names the layer that removed it, meta-tools stay", () => {
    const policy = policyOf({ modes: [audit], workspaceGrants: ["read_file", "grep", "create_ticket", "write_file"], agentCanSwitchMode: true });
    const { surface } = compileCapability({
      profile: resolveProfile(policy, "security-audit")!,
      policy,
      specs: TOOL_SPECS,
      autonomy: "auto",
      agentAllowlist: ["write_file"],
      planShell: false,
      transport: "harness",
    });
    expect(names(surface)).toEqual(["ask_user", "change_mode", "grep", "read_file", "todo_write"]);
    expect(surface.excluded.get("list_dir")).toMatchObject({ layer: "mode", rule: "X2" });
    expect(surface.excluded.get("create_ticket")).toMatchObject({ layer: "agent", rule: "X3" });
    const chat = compileCapability({ profile: PROFILES.chat, policy, specs: TOOL_SPECS, autonomy: "auto", agentAllowlist: null, planShell: false, transport: "harness" });
    expect(chat.surface.excluded.get("edit_file")).toMatchObject({ layer: "workspace", rule: "X3" });
    expect(guardCall(chat.surface, "edit_file").reason).toContain("removed by the workspace's grants");
  });

  it("G7: the capability fingerprint is stable for the same inputs and changes with grants, allowlist, autonomy, mode and transport", () => {
    const policy = policyOf({ modes: [audit] });
    const base: CapabilityInput = { profile: resolveProfile(policy, "security-audit")!, policy, specs: TOOL_SPECS, autonomy: "auto", agentAllowlist: null, planShell: false, transport: "harness" };
    const print = (patch: Partial<CapabilityInput>) => compileCapability({ ...base, ...patch }).fingerprint;
    expect(print({})).toMatch(/^[0-9a-f]{64}$/);
    expect(print({})).toBe(print({ policy: policyOf({ modes: [audit] }) }));
    const variants = [
      print({ profile: resolveProfile(policyOf({ modes: [{ ...audit, tools: ["read_file"] }] }), "security-audit")! }),
      print({ policy: policyOf({ modes: [audit], workspaceGrants: ["read_file"] }) }),
      print({ agentAllowlist: ["write_file"] }),
      print({ autonomy: "ask" }),
      print({ profile: PROFILES.chat }),
      print({ transport: "claude-code" }),
    ];
    expect(new Set([print({}), ...variants]).size).toBe(variants.length + 1);
  });
});
