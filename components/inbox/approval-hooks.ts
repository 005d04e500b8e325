"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApprovalView } from "@/lib/approvals/list-approvals";
import { fetchJson } from "@/components/ui/fetch-json";
import { workspaceApi } from "@/components/workspaces/keys";
import { roomKeys } from "@/components/rooms/keys";
import { approvalKeys } from "./keys";

export function useApprovals(slug: string, status: "pending" | "all", initialData?: ApprovalView[]) {
  return useQuery({
    queryKey: approvalKeys.list(slug, status),
    queryFn: async () => (await fetchJson<{ approvals: ApprovalView[] }>(`${workspaceApi(slug)}/approvals?status=${status}`)).approvals,
    initialData,
  });
}

export interface DecideApprovalVars {
  approvalId: string;
  decision: "approve" | "reject";
  comment?: string;
}

export interface DecidedApproval {
  approval: { id: string; status: string; kind: string };
}

/**
 * G4/P5: decide an approval. A 409 (someone else decided first) still
 * refreshes, so the row shows what was decided.
 */
export function useDecideApproval(
  slug: string,
  /** outcome callbacks that fire even when the row that asked is gone by then (it leaves the pending list) */
  outcome?: { onSuccess?: (result: DecidedApproval) => void; onError?: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ approvalId, decision, comment }: DecideApprovalVars) =>
      fetchJson<DecidedApproval>(`${workspaceApi(slug)}/approvals/${encodeURIComponent(approvalId)}`, {
        method: "POST",
        json: { decision, ...(comment ? { comment } : {}) },
      }),
    onSuccess: (result) => outcome?.onSuccess?.(result),
    onError: (error) => outcome?.onError?.(error),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all(slug) });
      void queryClient.invalidateQueries({ queryKey: roomKeys.all(slug) });
    },
  });
}
