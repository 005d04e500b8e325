/**
 * A6, A8: a sub-agent can never call a tool, mount or write that its parent
 * cannot — over every mode × autonomy × shell opt-in × parent allowlist ×
 * child agent allowlist × delegation depth, MCP-style tools of every tier
 * included.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { guardCall } from "../modes/guard";
import { mountPlan, postureOf } from "../modes/posture";
import { profileOf } from "../modes/profiles";
import { materializeSurface, surfaceTool } from "../modes/surface";
import { AUTONOMY_LEVELS, MODES, TIERS, type ToolSpec } from "../modes/types";
import { TOOL_SPECS } from "../tools/registry";
import { childCeiling, childSurface } from "./child-ceiling";
import { refuseDelegation } from "./delegation-limits";

// Attached MCP tools join the registry like built-ins (M7); the ceiling must hold for them too.
const MCP_SPECS: ToolSpec[] = TIERS.map((tier) => ({ name: `mcp_ext_${tier}`, tier, effects: tier === "read" ? [] : ["write_outside_worktree"], scope: "general", description: tier }));
const SPECS = [...TOOL_SPECS, ...MCP_SPECS];
const names = SPECS.map((s) => s.name);

const delegation = fc.record({
  mode: fc.constantFrom(...MODES),
  autonomy: fc.constantFrom(...AUTONOMY_LEVELS),
  planShell: fc.boolean(),
  parentAllowlist: fc.option(fc.subarray(names), { nil: null }),
  /** the allowlists of each generation of sub-agents below the parent */
  generations: fc.array(fc.option(fc.subarray(names), { nil: null }), { minLength: 1, maxLength: 4 }),
});
const RUNS = { numRuns: 300 };
/** Each run checks every tool over up to four generations; a loaded machine needs more than the default 5 s. */
const SLOW = 60_000;
const decisionRank = { allow: 0, confirm: 1, deny: 2 } as const;

describe("A6/A8: a sub-agent's ceiling", () => {
  it("A6, A8: across every mode × delegation, a child's surface, guard, approvals, mounts and writes never exceed its parent's", () => {
    fc.assert(
      fc.property(delegation, ({ mode, autonomy, planShell, parentAllowlist, generations }) => {
        let parentOptions = { autonomy, planShell, agentAllowlist: parentAllowlist };
        let parent = materializeSurface(profileOf(mode), SPECS, parentOptions);
        for (const childAgent of generations) {
          const child = childSurface(profileOf(mode), SPECS, parentOptions, childAgent);
          for (const name of names) {
            const mine = guardCall(child, name);
            const theirs = guardCall(parent, name);
            // Never a tool the parent cannot call, never with less confirmation than the parent needs.
            expect(decisionRank[mine.decision], `${name} in ${mode}`).toBeGreaterThanOrEqual(decisionRank[theirs.decision]);
            if (surfaceTool(child, name)) expect(surfaceTool(parent, name), name).toBeDefined();
          }
          // Writes and mounts: the child runs in the parent's room, so posture and mount plan are the parent's.
          expect(child.profile.posture).toBe(parent.profile.posture);
          const childMounts = mountPlan(postureOf(child.profile), "/wt", { network: false });
          expect(childMounts).toEqual(mountPlan(postureOf(parent.profile), "/wt", { network: false }));
          const writes = (s: typeof child) => s.tools.filter((t) => t.spec.effects.includes("write_worktree") || t.spec.effects.includes("delete_files")).map((t) => t.spec.name);
          expect(writes(parent)).toEqual(expect.arrayContaining(writes(child)));
          // Output verbs are the parent mode's.
          expect(child.profile.outputVerb).toBe(parent.profile.outputVerb);
          parentOptions = { ...parentOptions, agentAllowlist: childCeiling(parentOptions.agentAllowlist, childAgent) };
          parent = child;
        }
      }),
      RUNS,
    );
  }, SLOW);

  it("A6: delegate exists only where the profile allows delegation, and the ceiling is an intersection", () => {
    for (const mode of MODES) {
      const surface = materializeSurface(profileOf(mode), SPECS, { autonomy: "auto" });
      expect(Boolean(surfaceTool(surface, "delegate")), mode).toBe(profileOf(mode).delegation !== null);
    }
    expect(materializeSurface(profileOf("review"), SPECS, { autonomy: "auto" }).excluded.get("delegate")?.rule).toBe("A6");
    expect(childCeiling(null, null)).toBeNull();
    expect(childCeiling(["write_file", "run_command"], null)).toEqual(["write_file", "run_command"]);
    expect(childCeiling(null, ["write_file"])).toEqual(["write_file"]);
    expect(childCeiling(["write_file", "run_command"], ["run_command", "git_commit"])).toEqual(["run_command"]);
  });

  it("A8: delegation depth and fan-out are bounded by the profile", () => {
    fc.assert(
      fc.property(fc.constantFrom(...MODES), fc.nat(6), fc.nat(8), (mode, depth, children) => {
        const limits = profileOf(mode).delegation;
        const refusal = refuseDelegation(profileOf(mode), depth, children);
        if (!limits) {
          expect(refusal).toMatch(/does not allow sub-agents/);
          return;
        }
        const allowed = depth + 1 <= limits.maxDepth && children < limits.maxChildren;
        expect(refusal === null).toBe(allowed);
      }),
      RUNS,
    );
  });
});
