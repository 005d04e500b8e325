/**
 * Declared modes (X1–X4): a workspace's own modes beside the four built-ins, as
 * data. One zod schema parses them wherever they come from — the settings page,
 * the API, a repository's `gatehouse.modes.json`, and the stored JSON column —
 * so a declaration is valid in one place or in none.
 *
 * A declared mode extends a built-in, which fixes its posture ceiling and its
 * output verb: the declaration can only narrow (grants, read-only, a lower tier),
 * never widen (X1, G6). `compileDeclared` is the only place that turns a
 * declaration into a profile, and it is built so that narrowing is all it can do.
 */
import { z } from "zod";
import { PROFILES } from "./profiles";
import { MODES, TIERS, WORLD_CHANGING_EFFECTS, tierRank, type ModeProfile } from "./types";

/** Built-ins a declared mode may extend: the ones people pick (S1); review is set by the system. */
export const EXTENDABLE_MODES = ["chat", "plan", "orchestrate"] as const;

const toolName = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, "must be a tool name (lower case letters, digits, _)");

export const declaredModeSchema = z.object({
  id: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,39}$/, "must be 2–40 characters: lower case letters, digits and -, starting with a letter")
    .refine((id) => !(MODES as readonly string[]).includes(id), "is the name of a built-in mode; pick another id"),
  label: z.string().trim().min(1, "must not be empty").max(40, "must be at most 40 characters"),
  description: z.string().trim().max(240, "must be at most 240 characters").default(""),
  icon: z.string().trim().min(1, "must not be empty").max(4, "must be at most 4 characters (an emoji or a letter)").default("●"),
  accent: z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #0f766e").default("#64748b"),
  /** hand-written notes appended to the capability block; like built-in notes, about the work, not the tools */
  systemPrompt: z.string().max(8000, "must be at most 8000 characters").default(""),
  /** X2: present → exactly these tools (pinned ones aside); null → no extra restriction */
  tools: z.array(toolName).max(200, "must list at most 200 tools").nullable().default(null),
  maxTurns: z.number().int("must be a whole number").min(1, "must be at least 1").max(200, "must be at most 200").nullable().default(null),
  timeoutSeconds: z.number().int("must be a whole number").min(10, "must be at least 10").max(86_400, "must be at most 86400 (a day)").nullable().default(null),
  extends: z.enum(EXTENDABLE_MODES, { error: `must be one of ${EXTENDABLE_MODES.join(", ")}` }),
  /** narrows a writable built-in to a read-only worktree (M5, M7 follow) */
  readOnly: z.boolean().default(false),
  /** narrows the highest tier; above the built-in's it changes nothing */
  maxTier: z.enum(TIERS).nullable().default(null),
  /** disabled modes cannot be picked; a room in one keeps it until a person allows its switch to the built-in it extends (G8) */
  disabled: z.boolean().default(false),
});
export type DeclaredMode = z.infer<typeof declaredModeSchema>;
export type DeclaredModeInput = z.input<typeof declaredModeSchema>;

export const DEFAULT_SWITCH_CANCEL_SECONDS = 10;

/** The whole policy a workspace declares (stored JSON, settings form, repository file). */
export const modePolicySchema = z
  .object({
    version: z.literal(1).default(1),
    modes: z.array(declaredModeSchema).max(50, "must declare at most 50 modes").default([]),
    /** X1: the mode fresh rooms start in; null → the first enabled declared mode, else chat */
    defaultMode: z.string().nullable().default(null),
    /** X3: the workspace's own grants; null → no workspace restriction */
    workspaceGrants: z.array(toolName).max(200).nullable().default(null),
    /** X4: the agent gets change_mode */
    agentCanSwitchMode: z.boolean().default(false),
    /** X4: how long people have to cancel an agent's switch */
    switchCancelSeconds: z.number().int("must be a whole number").min(1, "must be at least 1").max(120, "must be at most 120").default(DEFAULT_SWITCH_CANCEL_SECONDS),
  })
  .superRefine((policy, ctx) => {
    const seen = new Set<string>();
    policy.modes.forEach((mode, index) => {
      if (seen.has(mode.id)) ctx.addIssue({ code: "custom", path: ["modes", index, "id"], message: `"${mode.id}" is declared twice` });
      seen.add(mode.id);
    });
    if (policy.defaultMode !== null) {
      const declared = policy.modes.find((m) => m.id === policy.defaultMode);
      const builtIn = (EXTENDABLE_MODES as readonly string[]).includes(policy.defaultMode);
      if (!builtIn && (!declared || declared.disabled)) {
        ctx.addIssue({ code: "custom", path: ["defaultMode"], message: `"${policy.defaultMode}" is not an enabled mode of this workspace` });
      }
    }
  });
export type ModePolicy = z.output<typeof modePolicySchema>;
export type ModePolicyInput = z.input<typeof modePolicySchema>;

export const EMPTY_POLICY: ModePolicy = Object.freeze(modePolicySchema.parse({})) as ModePolicy;

export interface PolicyIssue {
  path: (string | number)[];
  message: string;
}

/**
 * Issues a schema cannot see alone, against the tool registry: tool names it
 * does not know, and prose that names a tool. Like a built-in's notes, a
 * declared mode's label, description and prompt must not name tools — the
 * surface does (M3) — or a prompt could name a tool the surface removed.
 */
export function registryIssues(policy: ModePolicy, knownTools: readonly string[]): PolicyIssue[] {
  const known = new Set(knownTools);
  const issues: PolicyIssue[] = [];
  const named = (text: string) => knownTools.find((tool) => new RegExp(`(^|[^a-z_])${tool}([^a-z_]|$)`).test(text));
  policy.modes.forEach((mode, index) => {
    mode.tools?.forEach((tool, t) => {
      if (!known.has(tool)) issues.push({ path: ["modes", index, "tools", t], message: `"${tool}" is not a Gatehouse tool` });
    });
    for (const field of ["label", "description", "systemPrompt"] as const) {
      const tool = named(mode[field]);
      if (tool) issues.push({ path: ["modes", index, field], message: `names the tool "${tool}"; the capability block lists the tools, so describe the work instead` });
    }
  });
  policy.workspaceGrants?.forEach((tool, t) => {
    if (!known.has(tool)) issues.push({ path: ["workspaceGrants", t], message: `"${tool}" is not a Gatehouse tool` });
  });
  return issues;
}

/**
 * The profile of a declared mode. Every field either copies the built-in it
 * extends or narrows it: the tier is the lower of the two, the denied effects
 * a superset, the posture read-only if either says so, the grants a list the
 * surface intersects with the built-in's own filters. Output verb, mode tools,
 * completion contract and shell opt-in are the built-in's (X1).
 */
export function compileDeclared(declared: DeclaredMode): ModeProfile {
  const base = PROFILES[declared.extends];
  const readOnly = declared.readOnly || base.posture === "read-only";
  const maxTier = declared.maxTier && tierRank(declared.maxTier) < tierRank(base.maxTier) ? declared.maxTier : base.maxTier;
  const deniedEffects = readOnly ? [...new Set([...base.deniedEffects, ...WORLD_CHANGING_EFFECTS])] : base.deniedEffects;
  const notes = declared.systemPrompt.trim() ? `${base.notes}\n\n${declared.systemPrompt.trim()}` : base.notes;
  return {
    id: declared.id,
    mode: base.mode,
    declared: true,
    label: declared.label,
    icon: declared.icon,
    accent: declared.accent,
    description: declared.description || base.description,
    selectable: !declared.disabled,
    leavable: base.leavable,
    grants: declared.tools,
    maxTurns: declared.maxTurns,
    timeoutSeconds: declared.timeoutSeconds,
    maxTier,
    allowlist: base.allowlist,
    denylist: base.denylist,
    deniedEffects,
    outputVerb: base.outputVerb,
    modeTools: base.modeTools,
    posture: readOnly ? "read-only" : base.posture,
    shellOptIn: base.shellOptIn,
    // A8: a declared mode delegates as the built-in it extends does, never more.
    delegation: base.delegation,
    completion: base.completion,
    notes,
  };
}
