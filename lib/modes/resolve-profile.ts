/**
 * X1: which profile a mode id names in a workspace — a built-in, or one of the
 * workspace's declared modes compiled by ./declared.ts. Pure; the caller reads
 * the policy (stored JSON or a repository file) and passes it in. Compiled
 * profiles are kept per policy object, so a lookup costs a map lookup once the
 * policy has been parsed. A room's own mode is not looked up here: it is the
 * room's record (./room-mode.ts), which a policy edit changes only through the
 * one transition (G8).
 */
import { EMPTY_POLICY, EXTENDABLE_MODES, modePolicySchema, type ModePolicy } from "./declared";
import { isBuiltInMode, PROFILES } from "./profiles";
import { builtInMode, declaredMode, type RoomMode } from "./room-mode";
import type { ModeProfile } from "./types";

const compiled = new WeakMap<ModePolicy, Map<string, RoomMode>>();

function declaredModes(policy: ModePolicy): Map<string, RoomMode> {
  let byId = compiled.get(policy);
  if (!byId) {
    byId = new Map(policy.modes.filter((m) => !m.disabled).map((m) => [m.id, declaredMode(m)]));
    compiled.set(policy, byId);
  }
  return byId;
}

function declaredProfiles(policy: ModePolicy): ModeProfile[] {
  return [...declaredModes(policy).values()].map((m) => m.profile);
}

/**
 * G8: the mode `modeId` names in this workspace now, with the version a room
 * switched to it would record; null when it names none (or a disabled mode).
 */
export function resolveMode(policy: ModePolicy, modeId: string): RoomMode | null {
  if (isBuiltInMode(modeId)) return builtInMode(modeId);
  return declaredModes(policy).get(modeId) ?? null;
}

/** The profile `modeId` names in this workspace, or null when it names none (or a disabled mode). */
export function resolveProfile(policy: ModePolicy, modeId: string): ModeProfile | null {
  return resolveMode(policy, modeId)?.profile ?? null;
}

/** The modes a person can pick for a room (S1 built-ins, then enabled declared modes). */
export function selectableProfiles(policy: ModePolicy): ModeProfile[] {
  return [...EXTENDABLE_MODES.map((mode) => PROFILES[mode]).filter((p) => p.selectable), ...declaredProfiles(policy)];
}

/** X1: why fresh rooms start in the mode they do — shown beside it, so the choice is never silent. */
export type DefaultModeReason = "set" | "first-declared" | "built-in";

/** X1: the declared default, else the first enabled declared mode, else chat (C1) — and which of these applied. */
export function defaultChoice(policy: ModePolicy): { profile: ModeProfile; reason: DefaultModeReason } {
  if (policy.defaultMode) {
    const chosen = resolveProfile(policy, policy.defaultMode);
    if (chosen?.selectable) return { profile: chosen, reason: "set" };
  }
  const first = declaredProfiles(policy)[0];
  return first ? { profile: first, reason: "first-declared" } : { profile: PROFILES.chat, reason: "built-in" };
}

/** X1: the mode fresh rooms start in. */
export function defaultProfile(policy: ModePolicy): ModeProfile {
  return defaultChoice(policy).profile;
}

/**
 * Parsed policies by their stored text. Every turn start reads the row afresh;
 * the same text parses to the same (frozen) policy object, so the schema runs
 * once per policy edit and the compiled profiles above are found by identity.
 */
const parsedByText = new Map<string, ModePolicy>();
const PARSED_LIMIT = 512;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Stored JSON is parsed where it is read; a row that no longer parses counts as no declarations. */
export function parseStoredPolicy(json: unknown): ModePolicy {
  if (json === null || json === undefined) return EMPTY_POLICY;
  const text = JSON.stringify(json);
  const hit = parsedByText.get(text);
  if (hit) return hit;
  const parsed = modePolicySchema.safeParse(json);
  const policy = parsed.success ? deepFreeze(parsed.data) : EMPTY_POLICY;
  if (parsedByText.size >= PARSED_LIMIT) parsedByText.clear();
  parsedByText.set(text, policy);
  return policy;
}
