"use client";
/** Mutations of proposals and pipelines: one hook per operation. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ControlPipelineBody, OverrideTicketBody, RaiseBudgetBody, RejectProposalBody } from "@/lib/orchestration/request-schemas";
import { planKeys } from "@/components/plans/keys";
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

/** S2, S3: pause, resume, cancel a pipeline or retry one of its steps. */
export function useControlPipeline(slug: string, roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orchestrationId, ...body }: ControlPipelineBody & { orchestrationId: string }) =>
      fetchJson<{ status?: string }>(`${roomApi(slug, roomId)}/orchestrations/${encodeURIComponent(orchestrationId)}/control`, { method: "POST", json: body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.orchestrations(slug, roomId) }),
  });
}

/** O6: a person raises a project's budget; a pipeline its budget paused resumes. */
export function useRaiseBudget(slug: string, roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, ...body }: RaiseBudgetBody & { projectId: string }) =>
      fetchJson<{ resumed: boolean }>(`/api/workspaces/${encodeURIComponent(slug)}/projects/${encodeURIComponent(projectId)}/budget`, { method: "POST", json: body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.orchestrations(slug, roomId) }),
  });
}

/** O7: a person marks a ticket in review done despite its verdict, with a reason. */
export function useOverrideTicket(slug: string, roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orchestrationId, key, ...body }: OverrideTicketBody & { orchestrationId: string; key: string }) =>
      fetchJson<{ status: string }>(`${roomApi(slug, roomId)}/orchestrations/${encodeURIComponent(orchestrationId)}/tickets/${encodeURIComponent(key)}/override`, { method: "POST", json: body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.orchestrations(slug, roomId) }),
  });
}
