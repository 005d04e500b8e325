"use client";
/** P6: the signed-in person's MCP tokens: list, create (the secret comes back once), revoke. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { McpTokenView } from "@/lib/mcp/list-mcp-tokens";
import type { CreateMcpTokenBody } from "@/lib/mcp/schemas";
import { fetchJson } from "@/components/ui/fetch-json";

export const mcpTokenKeys = { all: ["me", "mcp-tokens"] as const };
const API = "/api/me/mcp-tokens";

export function useMcpTokens(initialData?: McpTokenView[]) {
  return useQuery({ queryKey: mcpTokenKeys.all, queryFn: async () => (await fetchJson<{ tokens: McpTokenView[] }>(API)).tokens, initialData });
}

export function useCreateMcpToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMcpTokenBody) => fetchJson<{ token: McpTokenView; secret: string }>(API, { method: "POST", json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mcpTokenKeys.all }),
  });
}

export function useRevokeMcpToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => fetchJson<null>(`${API}/${encodeURIComponent(tokenId)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mcpTokenKeys.all }),
  });
}
