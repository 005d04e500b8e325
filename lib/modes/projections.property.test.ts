/**
 * M4: every enforcement layer is a projection of one profile, so they cannot
 * diverge. Proven over every mode × every registered tool × every autonomy
 * level, with random agent allowlists and the A3 shell opt-in — and over
 * generated declared modes (X1) with random workspace grants (X3), none of
 * which may exceed the built-in it extends.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TOOL_SPECS } from "../tools/registry";
import { guardCall, NOT_AVAILABLE } from "./guard";
import { mountPlan, postureOf } from "./posture";
import { profileOf } from "./profiles";
import { promptBlock } from "./prompt";
import { materializeSurface, SHELL_TOOL, surfaceTool } from "./surface";
import { compileDeclared, declaredModeSchema, EXTENDABLE_MODES } from "./declared";
import { AUTONOMY_LEVELS, MODES, TIERS, WORLD_CHANGING_EFFECTS, type ModeProfile } from "./types";

const toolNames = TOOL_SPECS.map((t) => t.name);

/** Arbitrary valid declarations, parsed by the real schema and compiled by the real compiler. */
export const declaredProfile = fc
  .record({
    id: fc.constantFrom("security-audit", "docs-only", "triage", "x9"),
    label: fc.constantFrom("Security audit", "Docs only", "Triage", "Z"),
    description: fc.constantFrom("", "Looks for weaknesses.", "Edits documentation only."),
    systemPrompt: fc.constantFrom("", "Be brief.", "Report every secret you find to a person."),
    tools: fc.option(fc.subarray(toolNames), { nil: null }),
    maxTurns: fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }),
    extends: fc.constantFrom(...EXTENDABLE_MODES),
    readOnly: fc.boolean(),
    maxTier: fc.option(fc.constantFrom(...TIERS), { nil: null }),
  })
  .map((declaration) => compileDeclared(declaredModeSchema.parse(declaration)));

const situation = fc.record({
  mode: fc.constantFrom(...MODES),
  declared: fc.option(declaredProfile, { nil: null }),
  autonomy: fc.constantFrom(...AUTONOMY_LEVELS),
  agentAllowlist: fc.option(fc.subarray(toolNames), { nil: null }),
  workspaceGrants: fc.option(fc.subarray(toolNames), { nil: null }),
  planShell: fc.boolean(),
});

/** The profile a situation runs under: a generated declared mode, else a built-in. */
const profileIn = (s: { mode: (typeof MODES)[number]; declared: ModeProfile | null }): ModeProfile => s.declared ?? profileOf(s.mode);
type Situation = typeof situation extends fc.Arbitrary<infer T> ? T : never;
const surfaceIn = (s: Situation, autonomy = s.autonomy) =>
  materializeSurface(profileIn(s), TOOL_SPECS, { autonomy, agentAllowlist: s.agentAllowlist, planShell: s.planShell, workspaceGrants: s.workspaceGrants });
const RUNS = { numRuns: 400 };

/** Whether the prompt names a tool. `backticked` spans are argument names (grep's `glob`), not tools. */
function mentions(text: string, name: string): boolean {
  return new RegExp(`(^|[^a-z_])${name}([^a-z_]|$)`).test(text.replace(/`[^`]*`/g, ""));
}

describe("M4: surface, guard, posture and prompt agree for every mode × tool × autonomy", () => {
  it("M4: a tool on the surface is never refused by the guard for mode reasons", () => {
    fc.assert(
      fc.property(situation, (s) => {
        const surface = surfaceIn(s);
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
      fc.property(situation, (s) => {
        const surface = surfaceIn(s);
        const prompt = promptBlock(surface);
        for (const name of toolNames) {
          if (surfaceTool(surface, name)) {
            expect(mentions(prompt, name)).toBe(true);
            continue;
          }
          expect(mentions(prompt, name), `${name} named in the ${surface.profile.id} prompt`).toBe(false);
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
      fc.property(situation, (s) => {
        const surface = surfaceIn(s);
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
      fc.property(situation, fc.boolean(), (s, network) => {
        const posture = postureOf(profileIn(s));
        const plan = mountPlan(posture, "/wt", { network });
        const surface = surfaceIn(s);
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
      fc.property(situation, (s) => {
        if (postureOf(profileIn(s)) !== "read-only") return;
        const surface = surfaceIn(s);
        for (const { spec } of surface.tools) {
          if (spec.name === SHELL_TOOL && profileIn(s).shellOptIn && s.planShell) continue;
          const changing = spec.effects.filter((e) => WORLD_CHANGING_EFFECTS.includes(e));
          expect(changing, `${spec.name} in ${profileIn(s).id}`).toEqual([]);
        }
      }),
      RUNS,
    );
  });

  it("G1, G2: the output verb and ask_user are always on the surface, pinned and never need approval", () => {
    fc.assert(
      fc.property(situation, (s) => {
        const surface = surfaceIn(s);
        const verb = profileIn(s).outputVerb;
        const pinned = ["ask_user", "todo_write", ...(verb ? [verb] : [])];
        for (const name of pinned) {
          const tool = surfaceTool(surface, name);
          expect(tool, `${name} in ${profileIn(s).id}`).toBeDefined();
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
      fc.property(situation, (s) => {
        const names = AUTONOMY_LEVELS.map((autonomy) => surfaceIn(s, autonomy).tools.map((t) => t.spec.name));
        expect(names[1]).toEqual(names[0]);
        expect(names[2]).toEqual(names[0]);
      }),
      RUNS,
    );
  });

  it("M6, X3: allowlists restrict from the write tier up; read-tier tools no list names stay reachable", () => {
    fc.assert(
      fc.property(situation, (s) => {
        const surface = surfaceIn(s);
        const unrestricted = surfaceIn({ ...s, agentAllowlist: null });
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

  it("X1: no generated declared mode exceeds the built-in it extends — surface, posture, denied effects, tier and output verb", () => {
    fc.assert(
      fc.property(situation, declaredProfile, (s, declared) => {
        const base = profileOf(declared.mode);
        const options = { autonomy: s.autonomy, agentAllowlist: s.agentAllowlist, planShell: s.planShell, workspaceGrants: s.workspaceGrants };
        const narrowed = materializeSurface(declared, TOOL_SPECS, options);
        const ceiling = materializeSurface(base, TOOL_SPECS, options);
        for (const { spec } of narrowed.tools) expect(surfaceTool(ceiling, spec.name), `${spec.name} beyond ${base.id}`).toBeDefined();
        if (base.posture === "read-only") expect(declared.posture).toBe("read-only");
        for (const effect of base.deniedEffects) expect(declared.deniedEffects).toContain(effect);
        expect(TIERS.indexOf(declared.maxTier)).toBeLessThanOrEqual(TIERS.indexOf(base.maxTier));
        expect(declared.outputVerb).toBe(base.outputVerb);
        expect(declared.completion).toBe(base.completion);
        if (declared.posture === "read-only") expect(mountPlan(postureOf(declared), "/wt", { network: false }).worktreeWritable).toBe(false);
      }),
      RUNS,
    );
  });

  it("X2, X3: grants are intersections — workspace and mode grants never add a tool, and pinned tools survive every layer", () => {
    fc.assert(
      fc.property(situation, (s) => {
        const surface = surfaceIn(s);
        const open = materializeSurface(profileOf(profileIn(s).mode), TOOL_SPECS, { autonomy: s.autonomy, planShell: s.planShell });
        for (const { spec, pinned } of surface.tools) {
          expect(surfaceTool(open, spec.name)).toBeDefined();
          if (pinned) continue;
          if (s.workspaceGrants) expect(s.workspaceGrants).toContain(spec.name);
          if (profileIn(s).grants) expect(profileIn(s).grants).toContain(spec.name);
        }
        for (const name of ["ask_user", "todo_write"]) expect(surfaceTool(surface, name)?.pinned).toBe(true);
        for (const [name, exclusion] of surface.excluded) {
          expect(guardCall(surface, name).reason).toContain(NOT_AVAILABLE);
          expect(["mode", "workspace", "agent"]).toContain(exclusion.layer);
        }
      }),
      RUNS,
    );
  });
});
