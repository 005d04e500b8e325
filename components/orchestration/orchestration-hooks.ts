"use client";
/** Mutations of proposals and pipelines: one hook per operation. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RejectProposalBody } from "@/lib/orchestration/request-schemas";
import { fetchJson } from "@/components/ui/fetch-json";
import { roomApi, roomKeys } from "@/components/rooms/keys";

/** O8: a person rejects a proposal with a comment the agent reads on its next turn. */
export function useRejectProposal(slug: string, roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ proposalId, ...body }: RejectProposalBody & { proposalId: string }) =>
      fetchJson<{ status: "rejected" }>(`${roomApi(slug, roomId)}/proposals/${encodeURIComponent(proposalId)}/reject`, { method: "POST", json: body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomKeys.detail(slug, roomId) }),
  });
}
