"use client";
/** Queries and mutations of Plan Studio: one hook per operation, keys from ./keys. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OrchestrationView } from "@/lib/orchestration/list-orchestrations";
import type { ProposalView } from "@/lib/orchestration/list-proposals";
import type { PlanDetail } from "@/lib/plans/get-plan";
import type { PlanVersionItem } from "@/lib/plans/list-plans";
import type { DecidePlanBody } from "@/lib/plans/request-schemas";
import { fetchJson } from "@/components/ui/fetch-json";
import { roomApi, roomKeys } from "@/components/rooms/keys";
import { planApi, planKeys } from "./keys";

export function usePlanVersions(slug: string, roomId: string) {
  return useQuery({
    queryKey: planKeys.versions(slug, roomId),
    queryFn: async () => (await fetchJson<{ plans: PlanVersionItem[] }>(planApi(slug, roomId))).plans,
  });
}

export function usePlan(slug: string, roomId: string, planId: string | null, against?: string) {
  return useQuery({
    queryKey: planKeys.detail(slug, roomId, planId ?? "", against),
    queryFn: () => fetchJson<PlanDetail>(`${planApi(slug, roomId, planId!)}${against ? `?against=${encodeURIComponent(against)}` : ""}`),
    enabled: Boolean(planId),
    placeholderData: keepPreviousData,
  });
}

/** P3: approve or reject; a 409 (someone decided first, or a newer version) still refreshes so the studio shows what happened. */
export function useDecidePlan(slug: string, roomId: string, planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecidePlanBody) =>
      fetchJson<{ status: string; orchestrationId: string | null }>(`${planApi(slug, roomId, planId)}/decision`, { method: "POST", json: body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: roomKeys.detail(slug, roomId) });
      void queryClient.invalidateQueries({ queryKey: ["approvals", slug] });
    },
  });
}

export function useOrchestrations(slug: string, roomId: string) {
  return useQuery({
    queryKey: planKeys.orchestrations(slug, roomId),
    queryFn: async () => (await fetchJson<{ orchestrations: OrchestrationView[] }>(`${roomApi(slug, roomId)}/orchestrations`)).orchestrations,
  });
}

export function useRetryOrchestration(slug: string, roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orchestrationId: string) =>
      fetchJson<{ retried: string[] }>(`${roomApi(slug, roomId)}/orchestrations/${encodeURIComponent(orchestrationId)}/retry`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.orchestrations(slug, roomId) }),
  });
}

export function useProposals(slug: string, roomId: string) {
  return useQuery({
    queryKey: planKeys.proposals(slug, roomId),
    queryFn: async () => (await fetchJson<{ proposals: ProposalView[] }>(`${roomApi(slug, roomId)}/proposals`)).proposals,
  });
}

/** O2: a person approves a proposal in the UI (never over MCP, O3). */
export function useApproveProposal(slug: string, roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proposalId: string) =>
      fetchJson<{ orchestrationId: string }>(`${roomApi(slug, roomId)}/proposals/${encodeURIComponent(proposalId)}/approve`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomKeys.detail(slug, roomId) }),
  });
}
