/**
 * TanStack Query keys for workspaces and what hangs off them. Hierarchical, so
 * invalidating `detail(slug)` refreshes its members, repositories and agents.
 */
export const workspaceKeys = {
  all: ["workspaces"] as const,
  list: () => [...workspaceKeys.all, "list"] as const,
  detail: (slug: string) => [...workspaceKeys.all, "detail", slug] as const,
  members: (slug: string) => [...workspaceKeys.detail(slug), "members"] as const,
  /** H3: under members, so a removal or role change refreshes what it revoked */
  revocations: (slug: string) => [...workspaceKeys.members(slug), "revocations"] as const,
  repositories: (slug: string) => [...workspaceKeys.detail(slug), "repositories"] as const,
  agents: (slug: string) => [...workspaceKeys.detail(slug), "agents"] as const,
  mcpServers: (slug: string) => [...workspaceKeys.detail(slug), "mcp-servers"] as const,
};

/** The API base of one workspace. */
export const workspaceApi = (slug: string) => `/api/workspaces/${encodeURIComponent(slug)}`;
