/**
 * M4: every enforcement layer is a projection of one profile, so they cannot
 * diverge. Proven over every mode × every registered tool × every autonomy
 * level, with random agent allowlists and the A3 shell opt-in.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TOOL_SPECS } from "../tools/registry";
import { guardCall, NOT_AVAILABLE } from "./guard";
import { mountPlan, postureOf } from "./posture";
import { profileOf } from "./profiles";
import { promptBlock } from "./prompt";
import { materializeSurface, SHELL_TOOL, surfaceTool } from "./surface";
import { AUTONOMY_LEVELS, MODES, WORLD_CHANGING_EFFECTS } from "./types";

const toolNames = TOOL_SPECS.map((t) => t.name);
const situation = fc.record({
  mode: fc.constantFrom(...MODES),
  autonomy: fc.constantFrom(...AUTONOMY_LEVELS),
  agentAllowlist: fc.option(fc.subarray(toolNames), { nil: null }),
  planShell: fc.boolean(),
});
const RUNS = { numRuns: 400 };

function mentions(text: string, name: string): boolean {
  return new RegExp(`(^|[^a-z_])${name}([^a-z_]|$)`).test(text);
}

describe("M4: surface, guard, posture and prompt agree for every mode × tool × autonomy", () => {
  it("M4: a tool on the surface is never refused by the guard for mode reasons", () => {
    fc.assert(
      fc.property(situation, ({ mode, autonomy, agentAllowlist, planShell }) => {
        const surface = materializeSurface(mode, TOOL_SPECS, { autonomy, agentAllowlist, planShell });
        for (const tool of surface.tools) {
          const decision = guardCall(surface, tool.spec.name);
          expect(decision.decision).not.toBe("deny");
          expect(decision.decision).toBe(tool.needsApproval ? "confirm" : "allow");
        }
      }),
      RUNS,
    );
  });

  it("M4: a tool off the surface is never named in the prompt and is refused as not available in this mode", () => {
    fc.assert(
      fc.property(situation, ({ mode, autonomy, agentAllowlist, planShell }) => {
        const surface = materializeSurface(mode, TOOL_SPECS, { autonomy, agentAllowlist, planShell });
        const prompt = promptBlock(surface);
        for (const name of toolNames) {
          if (surfaceTool(surface, name)) {
            expect(mentions(prompt, name)).toBe(true);
            continue;
          }
          expect(mentions(prompt, name), `${name} named in the ${mode} prompt`).toBe(false);
          const decision = guardCall(surface, name);
          expect(decision.decision).toBe("deny");
          expect(decision.reason).toContain(NOT_AVAILABLE);
        }
      }),
      RUNS,
    );
  });

  it("M4: every registered tool is either on the surface or excluded with a rule — never both, never neither", () => {
    fc.assert(
      fc.property(situation, ({ mode, autonomy, agentAllowlist, planShell }) => {
        const surface = materializeSurface(mode, TOOL_SPECS, { autonomy, agentAllowlist, planShell });
        for (const name of toolNames) {
          expect(Boolean(surfaceTool(surface, name))).not.toBe(surface.excluded.has(name));
        }
        expect(surface.tools.length + surface.excluded.size).toBe(toolNames.length);
      }),
      RUNS,
    );
  });

  it("M5: a read-only posture never yields a writable mount, and never offers a tool that changes the worktree", () => {
    fc.assert(
      fc.property(situation, fc.boolean(), ({ mode, autonomy, agentAllowlist, planShell }, network) => {
        const posture = postureOf(mode);
        const plan = mountPlan(posture, "/wt", { network });
        const surface = materializeSurface(mode, TOOL_SPECS, { autonomy, agentAllowlist, planShell });
        if (posture === "read-only") {
          expect(plan.worktreeWritable).toBe(false);
          expect(plan.bwrapArgs).not.toContain("--bind");
          for (const { spec } of surface.tools) {
            expect(spec.effects).not.toContain("write_worktree");
            expect(spec.effects).not.toContain("delete_files");
          }
        }
        expect(plan.bwrapArgs.join(" ")).toContain("--cap-drop ALL");
      }),
      RUNS,
    );
  });

  it("M7: read-only modes offer no tool with a world-changing effect, except the A3 shell against a read-only mount", () => {
    fc.assert(
      fc.property(situation, ({ mode, autonomy, agentAllowlist, planShell }) => {
        if (postureOf(mode) !== "read-only") return;
        const surface = materializeSurface(mode, TOOL_SPECS, { autonomy, agentAllowlist, planShell });
        for (const { spec } of surface.tools) {
          if (spec.name === SHELL_TOOL && mode === "plan" && planShell) continue;
          const changing = spec.effects.filter((e) => WORLD_CHANGING_EFFECTS.includes(e));
          expect(changing, `${spec.name} in ${mode}`).toEqual([]);
        }
      }),
      RUNS,
    );
  });

  it("G1, G2: the output verb and ask_user are always on the surface, pinned and never need approval", () => {
    fc.assert(
      fc.property(situation, ({ mode, autonomy, agentAllowlist, planShell }) => {
        const surface = materializeSurface(mode, TOOL_SPECS, { autonomy, agentAllowlist, planShell });
        const pinned = ["ask_user", "todo_write", ...(profileOf(mode).outputVerb ? [profileOf(mode).outputVerb!] : [])];
        for (const name of pinned) {
          const tool = surfaceTool(surface, name);
          expect(tool, `${name} in ${mode}`).toBeDefined();
          expect(tool!.pinned).toBe(true);
          expect(tool!.needsApproval).toBe(false);
          expect(guardCall(surface, name).decision).toBe("allow");
        }
      }),
      RUNS,
    );
  });

  it("G3: the autonomy dial never widens or narrows the surface, only who confirms", () => {
    fc.assert(
      fc.property(situation, ({ mode, agentAllowlist, planShell }) => {
        const names = AUTONOMY_LEVELS.map((autonomy) =>
          materializeSurface(mode, TOOL_SPECS, { autonomy, agentAllowlist, planShell }).tools.map((t) => t.spec.name),
        );
        expect(names[1]).toEqual(names[0]);
        expect(names[2]).toEqual(names[0]);
      }),
      RUNS,
    );
  });

  it("M6, X3: allowlists restrict from the write tier up; read-tier tools no list names stay reachable", () => {
    fc.assert(
      fc.property(situation, ({ mode, autonomy, agentAllowlist, planShell }) => {
        const surface = materializeSurface(mode, TOOL_SPECS, { autonomy, agentAllowlist, planShell });
        const unrestricted = materializeSurface(mode, TOOL_SPECS, { autonomy, agentAllowlist: null, planShell });
        for (const spec of TOOL_SPECS) {
          const on = Boolean(surfaceTool(surface, spec.name));
          if (spec.tier === "read") expect(on).toBe(Boolean(surfaceTool(unrestricted, spec.name)));
          // X3: the agent's allowlist is an intersection — it never adds a tool.
          if (on) expect(surfaceTool(unrestricted, spec.name)).toBeDefined();
        }
      }),
      RUNS,
    );
  });
});
