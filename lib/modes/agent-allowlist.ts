/**
 * X3: an agent's module allowlist as the surface reads it, from the two columns
 * it is stored in (an empty list is a real restriction, so "unrestricted" is a
 * flag). The run, the capability panel and the agent API read it through here.
 */
export function agentAllowlistOf(agent: { restrictModules: boolean; moduleAllowlist: readonly string[] } | null | undefined): readonly string[] | null {
  if (!agent) return null;
  return agent.restrictModules ? agent.moduleAllowlist : null;
}
