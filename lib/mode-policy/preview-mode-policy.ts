/**
 * G7: before a policy edit is saved, the resulting surface of every mode for
 * every agent of the workspace, and what changes against the current policy —
 * computed by the same compile the run uses, so the preview is the truth.
 * `specs` is the workspace's registry, attached MCP tools included (M8).
 */
import { agentAllowlistOf } from "../modes/agent-allowlist";
import { compileCapability } from "../modes/capability";
import type { ModePolicy } from "../modes/declared";
import { selectableProfiles } from "../modes/resolve-profile";
import type { ToolSpec } from "../modes/types";

export interface SurfaceChange {
  agent: string;
  mode: string;
  label: string;
  /** tools the mode gains / loses for this agent; a new mode lists all as added */
  added: string[];
  removed: string[];
  /** the mode is new, gone, or changed */
  kind: "new" | "gone" | "changed";
}

export interface PolicyPreview {
  surfaces: { agent: string; mode: string; label: string; tools: string[]; fingerprint: string }[];
  changes: SurfaceChange[];
}

type AgentRow = { name: string; restrictModules: boolean; moduleAllowlist: readonly string[] };

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
      return { agent: agent.name, mode: profile.id, label: profile.label, tools: surface.tools.map((t) => t.spec.name), fingerprint };
    }),
  );
}

export function previewPolicy(current: ModePolicy, next: ModePolicy, agents: readonly AgentRow[], specs: readonly ToolSpec[]): PolicyPreview {
  const before = surfacesOf(current, agents, specs);
  const after = surfacesOf(next, agents, specs);
  const key = (s: { agent: string; mode: string }) => `${s.agent}\u0000${s.mode}`;
  const old = new Map(before.map((s) => [key(s), s]));
  const changes: SurfaceChange[] = [];
  for (const surface of after) {
    const was = old.get(key(surface));
    old.delete(key(surface));
    if (!was) {
      changes.push({ agent: surface.agent, mode: surface.mode, label: surface.label, added: surface.tools, removed: [], kind: "new" });
      continue;
    }
    const added = surface.tools.filter((t) => !was.tools.includes(t));
    const removed = was.tools.filter((t) => !surface.tools.includes(t));
    if (added.length || removed.length || was.fingerprint !== surface.fingerprint) {
      changes.push({ agent: surface.agent, mode: surface.mode, label: surface.label, added, removed, kind: "changed" });
    }
  }
  for (const gone of old.values()) changes.push({ agent: gone.agent, mode: gone.mode, label: gone.label, added: [], removed: gone.tools, kind: "gone" });
  return { surfaces: after, changes };
}
