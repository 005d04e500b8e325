/**
 * G7, G8: before a policy edit is saved, what it changes — computed by the
 * same compile the run uses and the same widening rule the transition applies,
 * so the preview is the truth:
 *   - every mode's surface for every agent of the workspace, and each mode
 *     whose surface, posture, limits or text really changes (a mode whose
 *     profile is the same is never listed, whatever else the edit does);
 *   - every room the edit moves (lib/mode-policy/room-policy-target.ts): from
 *     which mode to which, the tools it gains and loses, its mount and limits,
 *     and whether the move applies at once or waits for a person (G6).
 */
import { agentAllowlistOf } from "../modes/agent-allowlist";
import { compileCapability, widens } from "../modes/capability";
import type { ModePolicy } from "../modes/declared";
import { defaultChoice, resolveMode, selectableProfiles, type DefaultModeReason } from "../modes/resolve-profile";
import { roomMode, type RoomModeColumns } from "../modes/room-mode";
import type { Autonomy, ModeProfile, ToolSpec, WorktreePosture } from "../modes/types";
import { wideningContext, type WideningRoom } from "../modes/widening-context";
import { policyTarget, type PolicyCause } from "./room-policy-target";

/** A limit of a mode's profile that an edit can move. */
export interface LimitChange {
  limit: "maxTurns" | "timeoutSeconds" | "maxTier";
  from: string | number | null;
  to: string | number | null;
}

export interface SurfaceChange {
  agent: string;
  mode: string;
  label: string;
  /** tools the mode gains / loses for this agent; a new mode lists all as added, a gone one all as removed */
  added: string[];
  removed: string[];
  /** the worktree's mount, when it changes */
  posture: { from: WorktreePosture; to: WorktreePosture } | null;
  limits: LimitChange[];
  /** words the agent or people read that change (label, description, prompt notes) */
  text: ("label" | "description" | "prompt")[];
  kind: "new" | "enabled" | "changed" | "disabled" | "removed";
}

/** G8: a room the edit moves, and how. */
export interface RoomChange {
  roomId: string;
  room: string;
  from: { id: string; label: string };
  to: { id: string; label: string };
  cause: PolicyCause;
  /** G6: a narrowing or sideways move applies at once; a widening one waits for a person's approval, the room unchanged meanwhile */
  effect: "applies" | "waits";
  added: string[];
  removed: string[];
  posture: { from: WorktreePosture; to: WorktreePosture } | null;
  limits: LimitChange[];
}

export interface PolicyPreview {
  surfaces: { agent: string; mode: string; label: string; tools: string[]; fingerprint: string }[];
  changes: SurfaceChange[];
  rooms: RoomChange[];
  /** X1: the mode fresh rooms start in moves (declaring a first mode moves it when no default is set); null when it stays */
  defaultMode: { from: { id: string; label: string }; to: { id: string; label: string }; reason: DefaultModeReason } | null;
}

export type AgentRow = { name: string; restrictModules: boolean; moduleAllowlist: readonly string[] };

/** What a room needs for the preview: its mode record and what its surface compiles under. */
export type PreviewRoom = RoomModeColumns & WideningRoom & { id: string; name: string; autonomy: Autonomy };

function surfacesOf(policy: ModePolicy, agents: readonly AgentRow[], specs: readonly ToolSpec[]) {
  const rows = agents.length > 0 ? agents : [{ name: "(any agent)", restrictModules: false, moduleAllowlist: [] }];
  return rows.flatMap((agent) =>
    selectableProfiles(policy).map((profile) => {
      const { surface, fingerprint } = compileCapability({
        profile,
        policy,
        specs,
        autonomy: "auto",
        agentAllowlist: agentAllowlistOf(agent),
        planShell: false,
        transport: "harness",
      });
      return { agent: agent.name, mode: profile.id, label: profile.label, profile, tools: surface.tools.map((t) => t.spec.name), fingerprint };
    }),
  );
}

function limitChanges(from: ModeProfile, to: ModeProfile): LimitChange[] {
  return (["maxTurns", "timeoutSeconds", "maxTier"] as const).flatMap((limit) => (from[limit] === to[limit] ? [] : [{ limit, from: from[limit], to: to[limit] }]));
}

function postureChange(from: ModeProfile, to: ModeProfile) {
  return from.posture === to.posture ? null : { from: from.posture, to: to.posture };
}

function toolDiff(before: readonly string[], after: readonly string[]) {
  return { added: after.filter((t) => !before.includes(t)), removed: before.filter((t) => !after.includes(t)) };
}

function modeChanges(current: ModePolicy, next: ModePolicy, agents: readonly AgentRow[], specs: readonly ToolSpec[]): SurfaceChange[] {
  const before = surfacesOf(current, agents, specs);
  const after = surfacesOf(next, agents, specs);
  const key = (s: { agent: string; mode: string }) => `${s.agent}\u0000${s.mode}`;
  const old = new Map(before.map((s) => [key(s), s]));
  const changes: SurfaceChange[] = [];
  for (const surface of after) {
    const was = old.get(key(surface));
    old.delete(key(surface));
    const { agent, mode, label } = surface;
    if (!was) {
      const enabled = current.modes.some((m) => m.id === mode && m.disabled);
      changes.push({ agent, mode, label, added: surface.tools, removed: [], posture: null, limits: [], text: [], kind: enabled ? "enabled" : "new" });
      continue;
    }
    const { added, removed } = toolDiff(was.tools, surface.tools);
    const posture = postureChange(was.profile, surface.profile);
    const limits = limitChanges(was.profile, surface.profile);
    const text = (
      [
        ["label", was.profile.label !== surface.profile.label],
        ["description", was.profile.description !== surface.profile.description],
        ["prompt", was.profile.notes !== surface.profile.notes],
      ] as const
    ).flatMap(([field, differs]) => (differs ? [field] : []));
    if (added.length || removed.length || posture || limits.length || text.length) {
      changes.push({ agent, mode, label, added, removed, posture, limits, text, kind: "changed" });
    }
  }
  for (const gone of old.values()) {
    const disabled = next.modes.some((m) => m.id === gone.mode);
    changes.push({ agent: gone.agent, mode: gone.mode, label: gone.label, added: [], removed: gone.tools, posture: null, limits: [], text: [], kind: disabled ? "disabled" : "removed" });
  }
  return changes;
}

/** G8: the rooms the edit moves, each as the one transition will move it. */
export function roomChanges(current: ModePolicy, next: ModePolicy, rooms: readonly PreviewRoom[], specs: readonly ToolSpec[]): RoomChange[] {
  return rooms.flatMap((room): RoomChange[] => {
    const from = roomMode(room);
    const target = policyTarget(from, next);
    const to = target ? resolveMode(next, target.to) : null;
    if (!target || !to) return [];
    const context = wideningContext(room, next, specs);
    const before = compileCapability({ ...wideningContext(room, current, specs), profile: from.profile }).surface.tools.map((t) => t.spec.name);
    const after = compileCapability({ ...context, profile: to.profile }).surface.tools.map((t) => t.spec.name);
    return [
      {
        roomId: room.id,
        room: room.name,
        from: { id: from.profile.id, label: from.profile.label },
        to: { id: to.profile.id, label: to.profile.label },
        cause: target.cause,
        effect: widens(from.profile, to.profile, context) ? "waits" : "applies",
        ...toolDiff(before, after),
        posture: postureChange(from.profile, to.profile),
        limits: limitChanges(from.profile, to.profile),
      },
    ];
  });
}

export function previewPolicy(
  current: ModePolicy,
  next: ModePolicy,
  agents: readonly AgentRow[],
  rooms: readonly PreviewRoom[],
  /** the workspace's registry, attached MCP tools included (M8): required, so no caller can forget them */
  specs: readonly ToolSpec[],
): PolicyPreview {
  const surfaces = surfacesOf(next, agents, specs).map(({ profile: _profile, ...surface }) => surface);
  return { surfaces, changes: modeChanges(current, next, agents, specs), rooms: roomChanges(current, next, rooms, specs), defaultMode: defaultModeChange(current, next) };
}

/** X1: where fresh rooms start, before and after the edit, when that moves. */
function defaultModeChange(current: ModePolicy, next: ModePolicy): PolicyPreview["defaultMode"] {
  const [from, to] = [defaultChoice(current), defaultChoice(next)];
  if (from.profile.id === to.profile.id) return null;
  return { from: { id: from.profile.id, label: from.profile.label }, to: { id: to.profile.id, label: to.profile.label }, reason: to.reason };
}
