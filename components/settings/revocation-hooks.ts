"use client";
import { useQuery } from "@tanstack/react-query";
import type { RevocationView } from "@/lib/grants/schemas";
import { fetchJson } from "@/components/ui/fetch-json";
import { workspaceApi, workspaceKeys } from "@/components/workspaces/keys";

export function useRevocations(slug: string, initialData?: RevocationView[]) {
  return useQuery({
    queryKey: workspaceKeys.revocations(slug),
    queryFn: async () => (await fetchJson<{ revocations: RevocationView[] }>(`${workspaceApi(slug)}/revocations`)).revocations,
    initialData,
  });
}
