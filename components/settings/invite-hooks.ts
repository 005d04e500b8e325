"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateInviteBody, InviteView } from "@/lib/invites/schemas";
import { fetchJson } from "@/components/ui/fetch-json";
import { workspaceApi, workspaceKeys } from "@/components/workspaces/keys";

const invitesKey = (slug: string) => [...workspaceKeys.detail(slug), "invites"] as const;

export function useInvites(slug: string, initialData?: InviteView[]) {
  return useQuery({
    queryKey: invitesKey(slug),
    queryFn: async () => (await fetchJson<{ invites: InviteView[] }>(`${workspaceApi(slug)}/invites`)).invites,
    initialData,
  });
}

export function useCreateInvite(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInviteBody) =>
      fetchJson<{ invite: InviteView; token: string; path: string }>(`${workspaceApi(slug)}/invites`, { method: "POST", json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesKey(slug) }),
  });
}

export function useRevokeInvite(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => fetchJson(`${workspaceApi(slug)}/invites/${encodeURIComponent(inviteId)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitesKey(slug) }),
  });
}
