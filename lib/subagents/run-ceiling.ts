/**
 * A8: the allowlist a run may never exceed. A run a person or the system
 * started answers to its agent's module allowlist; a sub-agent to the ceiling
 * stored when it was started (its parent's ∩ its agent's). null = no list.
 */
export function runCeiling(run: {
  parentRunId: string | null;
  ceiling: unknown;
  agent: { restrictModules: boolean; moduleAllowlist: string[] } | null;
}): string[] | null {
  if (run.parentRunId) return Array.isArray(run.ceiling) ? (run.ceiling as string[]) : null;
  return run.agent?.restrictModules ? run.agent.moduleAllowlist : null;
}
