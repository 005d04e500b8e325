"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AgentView, CreateAgentBody, UpdateAgentBody } from "@/lib/agents/schemas";
import { fetchJson } from "@/components/ui/fetch-json";
import { workspaceApi, workspaceKeys } from "@/components/workspaces/keys";

export function useAgents(slug: string, initialData?: AgentView[]) {
  return useQuery({
    queryKey: workspaceKeys.agents(slug),
    queryFn: async () => (await fetchJson<{ agents: AgentView[] }>(`${workspaceApi(slug)}/agents`)).agents,
    initialData,
  });
}

/** The archived agents, loaded when someone opens that list. */
export function useArchivedAgents(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: [...workspaceKeys.agents(slug), "archived"],
    queryFn: async () => (await fetchJson<{ agents: AgentView[] }>(`${workspaceApi(slug)}/agents?archived=1`)).agents,
    enabled,
  });
}

export function useCreateAgent(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateAgentBody) =>
      (await fetchJson<{ agent: AgentView }>(`${workspaceApi(slug)}/agents`, { method: "POST", json: body })).agent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.agents(slug) }),
  });
}

export function useUpdateAgent(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ agentId, patch }: { agentId: string; patch: UpdateAgentBody }) =>
      (await fetchJson<{ agent: AgentView }>(`${workspaceApi(slug)}/agents/${encodeURIComponent(agentId)}`, { method: "PATCH", json: patch }))
        .agent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.agents(slug) }),
  });
}
