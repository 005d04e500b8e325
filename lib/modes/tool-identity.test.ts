/**
 * M8: one tool identity from the guard's decision to its execution, and in
 * the fingerprint (G7). Pure.
 */
import { describe, expect, it } from "vitest";
import { TOOL_SPECS } from "../tools/registry";
import { compileCapability } from "./capability";
import { EMPTY_POLICY } from "./declared";
import { guardCall } from "./guard";
import { profileOf } from "./profiles";
import { materializeSurface } from "./surface";
import { toolIdentity } from "./tool-identity";
import type { ToolSpec } from "./types";

const attached = (patch: Partial<ToolSpec> = {}): ToolSpec => ({
  name: "mcp_notes_lookup",
  tier: "read",
  effects: [],
  scope: "general",
  description: "Look up a note.",
  origin: { serverId: "s1", server: "notes", tool: "lookup" },
  ...patch,
});

describe("one tool identity", () => {
  it("M8: an allowed or confirmed decision carries the very tool it was decided on", () => {
    const lookup = attached();
    const surface = materializeSurface(profileOf("chat"), [...TOOL_SPECS, lookup], { autonomy: "ask" });
    const allowed = guardCall(surface, "mcp_notes_lookup");
    expect(allowed.decision).toBe("allow");
    expect(allowed.decision !== "deny" && allowed.tool.spec).toBe(lookup);
    const confirmed = guardCall(surface, "write_file");
    expect(confirmed.decision).toBe("confirm");
    expect(confirmed.decision !== "deny" && confirmed.tool.spec).toBe(TOOL_SPECS.find((t) => t.name === "write_file"));
    expect(toolIdentity(lookup)).toBe("mcp:s1/lookup");
    expect(toolIdentity(TOOL_SPECS[0]!)).toBe(TOOL_SPECS[0]!.name);
  });

  it("M8: two registered tools sharing a name are both withheld in every mode, so the guard can decide on neither", () => {
    const reader = attached();
    const writer = attached({ tier: "write", effects: ["write_outside_worktree"], origin: { serverId: "s1", server: "notes", tool: "lookup.v2" } });
    for (const specs of [[...TOOL_SPECS, writer, reader], [...TOOL_SPECS, reader, writer]]) {
      for (const mode of ["chat", "plan", "review", "orchestrate"] as const) {
        const surface = materializeSurface(profileOf(mode), specs, { autonomy: "auto" });
        expect(surface.tools.some((t) => t.spec.name === "mcp_notes_lookup"), mode).toBe(false);
        expect(guardCall(surface, "mcp_notes_lookup"), mode).toMatchObject({ decision: "deny", rule: "M8" });
      }
    }
  });

  it("G7, M8: under the same name and tier, an attached tool with other effects or from another server is another capability", () => {
    const base = { profile: profileOf("chat"), policy: EMPTY_POLICY, autonomy: "auto" as const, agentAllowlist: null, planShell: false, transport: "harness" };
    const print = (spec: ToolSpec) => compileCapability({ ...base, specs: [...TOOL_SPECS, spec] }).fingerprint;
    const same = print(attached());
    expect(print(attached())).toBe(same);
    expect(print(attached({ effects: ["network_egress"] }))).not.toBe(same);
    expect(print(attached({ origin: { serverId: "s2", server: "notes", tool: "lookup" } }))).not.toBe(same);
  });
});
