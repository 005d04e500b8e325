"use client";
/**
 * R10: a finding's discussion thread — read when a person opens it, kept
 * fresh by the room's finding.replied events (review-room.tsx invalidates
 * it) — and the reply mutation, which appends the reply it got back in place.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FixRoomOutcome } from "@/lib/pulls/fix-finding-with-agent";
import type { FindingReplyView } from "@/lib/reviews/finding-reply-view";
import { fetchJson } from "@/components/ui/fetch-json";
import { pullApi, pullKeys } from "@/components/pulls/keys";

const findingApi = (slug: string, pullId: string, findingId: string) => `${pullApi(slug, pullId)}/findings/${encodeURIComponent(findingId)}`;

export function useFindingReplies(slug: string, pullId: string, findingId: string, enabled: boolean) {
  return useQuery({
    queryKey: pullKeys.replies(slug, pullId, findingId),
    queryFn: async () => (await fetchJson<{ replies: FindingReplyView[] }>(`${findingApi(slug, pullId, findingId)}/replies`)).replies,
    enabled,
    refetchOnWindowFocus: false,
  });
}

export function useReplyToFinding(slug: string, pullId: string, findingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => fetchJson<{ reply: FindingReplyView }>(`${findingApi(slug, pullId, findingId)}/replies`, { method: "POST", json: { body } }),
    onSuccess: ({ reply }) => {
      queryClient.setQueryData<FindingReplyView[]>(pullKeys.replies(slug, pullId, findingId), (list) => (list && !list.some((r) => r.id === reply.id) ? [...list, reply] : list));
      void queryClient.invalidateQueries({ queryKey: pullKeys.findings(slug, pullId) });
    },
  });
}

/** "Fix with an agent": open (or reuse) the finding's Agent-mode room and go there. */
export function useFixWithAgent(slug: string, pullId: string, findingId: string) {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: () => fetchJson<FixRoomOutcome>(`${findingApi(slug, pullId, findingId)}/fix`, { method: "POST", json: {} }),
    onSuccess: (outcome) => {
      void queryClient.invalidateQueries({ queryKey: pullKeys.findings(slug, pullId) });
      router.push(`/w/${encodeURIComponent(slug)}/rooms/${encodeURIComponent(outcome.room.id)}`);
    },
  });
}
