"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateWorkspaceBody, WorkspaceSummary } from "@/lib/workspaces/schemas";
import { fetchJson } from "@/components/ui/fetch-json";
import { workspaceKeys } from "./keys";

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWorkspaceBody) =>
      (await fetchJson<{ workspace: WorkspaceSummary }>("/api/workspaces", { method: "POST", json: body })).workspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.list() }),
  });
}
