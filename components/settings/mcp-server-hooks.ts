"use client";
/** Queries and mutations of a workspace's attached MCP servers (M7): one hook per operation. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { McpServerView } from "@/lib/mcp-client/list-mcp-servers";
import type { AttachMcpServerBody } from "@/lib/mcp-client/schemas";
import { fetchJson } from "@/components/ui/fetch-json";
import { workspaceApi, workspaceKeys } from "@/components/workspaces/keys";

export function useMcpServers(slug: string, initialData?: McpServerView[]) {
  return useQuery({
    queryKey: workspaceKeys.mcpServers(slug),
    queryFn: async () => (await fetchJson<{ servers: McpServerView[] }>(`${workspaceApi(slug)}/mcp-servers`)).servers,
    initialData,
  });
}

export function useAttachMcpServer(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AttachMcpServerBody) =>
      (await fetchJson<{ server: McpServerView }>(`${workspaceApi(slug)}/mcp-servers`, { method: "POST", json: body })).server,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.mcpServers(slug) }),
  });
}

export function useDetachMcpServer(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (serverId: string) =>
      (await fetchJson<{ detached: { id: string; name: string } }>(`${workspaceApi(slug)}/mcp-servers/${encodeURIComponent(serverId)}`, { method: "DELETE" })).detached,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.mcpServers(slug) }),
  });
}
