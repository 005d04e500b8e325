/**
 * A8: the allowlist a run may never exceed. A run a person or the system
 * started answers to its agent's module allowlist; a sub-agent to the ceiling
 * stored when it was started (its parent's ∩ its agent's). null = no list.
 */
import { z } from "zod";
import { agentAllowlistOf } from "../modes/agent-allowlist";

const storedCeiling = z.array(z.string()).nullable();

export function runCeiling(run: {
  parentRunId: string | null;
  ceiling: unknown;
  agent: { restrictModules: boolean; moduleAllowlist: readonly string[] } | null;
}): readonly string[] | null {
  if (!run.parentRunId) return agentAllowlistOf(run.agent);
  // A child's stored ceiling that does not read back as a list fails closed: no tools, never "no list".
  const parsed = storedCeiling.safeParse(run.ceiling ?? null);
  return parsed.success ? parsed.data : [];
}
