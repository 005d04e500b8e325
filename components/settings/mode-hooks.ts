"use client";
/** X1, G7, G8: the workspace's mode policy — read, preview a draft or an import, save. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ModePolicyView } from "@/lib/mode-policy/get-mode-policy";
import type { PolicyPreview } from "@/lib/mode-policy/preview-mode-policy";
import type { ModePolicyInput } from "@/lib/modes/declared";
import { fetchJson } from "@/components/ui/fetch-json";
import { workspaceApi, workspaceKeys } from "@/components/workspaces/keys";

const modesKey = (slug: string) => [...workspaceKeys.detail(slug), "modes"] as const;

export function useModePolicy(slug: string, initialData?: ModePolicyView) {
  return useQuery({ queryKey: modesKey(slug), queryFn: () => fetchJson<ModePolicyView>(`${workspaceApi(slug)}/modes`), initialData });
}

export function usePreviewModePolicy(slug: string) {
  return useMutation({ mutationFn: (policy: ModePolicyInput) => fetchJson<PolicyPreview>(`${workspaceApi(slug)}/modes/preview`, { method: "POST", json: policy }) });
}

export function useSaveModePolicy(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: ModePolicyInput) => fetchJson<ModePolicyView>(`${workspaceApi(slug)}/modes`, { method: "PUT", json: policy }),
    onSuccess: (view) => queryClient.setQueryData(modesKey(slug), view),
  });
}

/** G8: what loading a repository's gatehouse.modes.json would change, before anything is saved. */
export function usePreviewModePolicyImport(slug: string) {
  return useMutation({
    mutationFn: (repositoryId: string) => fetchJson<{ commit: string; preview: PolicyPreview }>(`${workspaceApi(slug)}/modes/import/preview`, { method: "POST", json: { repositoryId } }),
  });
}

/** X1: replace the policy with a repository's gatehouse.modes.json at its default branch — the commit the preview showed. */
export function useImportModePolicy(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { repositoryId: string; commit: string }) => fetchJson<ModePolicyView & { commit: string }>(`${workspaceApi(slug)}/modes/import`, { method: "POST", json: input }),
    onSuccess: (view) => queryClient.setQueryData(modesKey(slug), view),
  });
}
