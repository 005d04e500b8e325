"use client";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { AddMemberBody, MemberView } from "@/lib/members/schemas";
import type { Role } from "@/lib/auth/permissions";
import { fetchJson } from "@/components/ui/fetch-json";
import { workspaceApi, workspaceKeys } from "@/components/workspaces/keys";

export function useMembers(slug: string, initialData?: MemberView[]) {
  return useQuery({
    queryKey: workspaceKeys.members(slug),
    queryFn: async () => (await fetchJson<{ members: MemberView[] }>(`${workspaceApi(slug)}/members`)).members,
    initialData,
  });
}

export function useAddMember(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddMemberBody) =>
      (await fetchJson<{ member: MemberView }>(`${workspaceApi(slug)}/members`, { method: "POST", json: body })).member,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.members(slug) }),
  });
}

export function useChangeRole(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ memberId, role }: { memberId: string; role: Role }) =>
      (
        await fetchJson<{ member: MemberView }>(`${workspaceApi(slug)}/members/${encodeURIComponent(memberId)}`, {
          method: "PATCH",
          json: { role },
        })
      ).member,
    onSettled: () => invalidateAfterChange(queryClient, slug),
  });
}

export function useRemoveMember(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (memberId: string) =>
      fetchJson<{ removed: { id: string } }>(`${workspaceApi(slug)}/members/${encodeURIComponent(memberId)}`, { method: "DELETE" }),
    onSettled: () => invalidateAfterChange(queryClient, slug),
  });
}

/** H3: a removal or demotion can revoke invites and configuration: the members (revocations under them) and pending invites refresh. */
function invalidateAfterChange(queryClient: QueryClient, slug: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: workspaceKeys.members(slug) }),
    queryClient.invalidateQueries({ queryKey: [...workspaceKeys.detail(slug), "invites"] }),
  ]);
}
