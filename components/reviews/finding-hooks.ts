"use client";
/**
 * Findings of one pull request: the list, one finding's history, and one hook
 * per mutation (confirm, change status, add). A mutation writes the finding it
 * got back into the cached list in place, so only that finding's card and
 * inline marker re-render; the detail (counts, verdict) is refetched after.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/ui/fetch-json";
import { pullApi, pullKeys } from "@/components/pulls/keys";
import type { FindingEventView, FindingKind, FindingView, Priority } from "@/components/pulls/pull-types";


export function useFindings(slug: string, pullId: string, initialData?: FindingView[]) {
  return useQuery({
    queryKey: pullKeys.findings(slug, pullId),
    queryFn: async () => (await fetchJson<{ findings: FindingView[] }>(`${pullApi(slug, pullId)}/findings`)).findings,
    initialData,
    refetchOnWindowFocus: false,
  });
}

/** A finding's history (created, confirmed, consensus, remapped, outdated, …); fetched when a person opens it. */
export function useFindingHistory(slug: string, pullId: string, findingId: string, enabled: boolean) {
  return useQuery({
    queryKey: pullKeys.finding(slug, pullId, findingId),
    queryFn: () => fetchJson<{ finding: FindingView; events: FindingEventView[] }>(`${pullApi(slug, pullId)}/findings/${encodeURIComponent(findingId)}`),
    enabled,
    refetchOnWindowFocus: false,
  });
}

function putFinding(queryClient: QueryClient, slug: string, pullId: string, finding: FindingView) {
  queryClient.setQueryData<FindingView[]>(pullKeys.findings(slug, pullId), (list) => {
    if (!list) return list;
    const at = list.findIndex((f) => f.id === finding.id);
    if (at === -1) return [...list, finding];
    const next = list.slice();
    next[at] = finding;
    return next;
  });
  void queryClient.invalidateQueries({ queryKey: pullKeys.finding(slug, pullId, finding.id) });
  void queryClient.invalidateQueries({ queryKey: pullKeys.view(slug, pullId) });
  void queryClient.invalidateQueries({ queryKey: pullKeys.list(slug) });
}

export interface ConfirmOutcome {
  finding: FindingView;
  confirmed: boolean;
  consensus: boolean;
  /** R3: confirmations from people other than the author, and how many its priority needs */
  confirmations: number;
  required: number;
}

/** R3: confirm a finding; the author's own confirmation is refused by the server (422, reason "author"). */
export function useConfirmFinding(slug: string, pullId: string, findingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson<ConfirmOutcome>(`${pullApi(slug, pullId)}/findings/${encodeURIComponent(findingId)}/confirm`, { method: "POST" }),
    onSuccess: (outcome) => putFinding(queryClient, slug, pullId, outcome.finding),
  });
}

/** R10: withdraw my confirmation; consensus is recomputed on the server. */
export function useWithdrawConfirmation(slug: string, pullId: string, findingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson<{ finding: FindingView; consensusLost: boolean }>(`${pullApi(slug, pullId)}/findings/${encodeURIComponent(findingId)}/confirm`, { method: "DELETE" }),
    onSuccess: (outcome) => putFinding(queryClient, slug, pullId, outcome.finding),
  });
}

export interface StatusVars {
  action: "resolve" | "dismiss" | "reopen";
  reason?: string;
  /** R10, dismiss only */
  scope?: "finding" | "rule_in_path";
  path?: string;
  expiresAt?: string;
}

/** Resolve, dismiss (with a reason) or reopen; a published verdict may be re-formed by it. */
export function useChangeFindingStatus(slug: string, pullId: string, findingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: StatusVars) =>
      fetchJson<{ finding: FindingView; verdict: { reviewId: string; verdict: string } | null }>(
        `${pullApi(slug, pullId)}/findings/${encodeURIComponent(findingId)}/status`,
        { method: "POST", json: vars.reason || vars.scope || vars.expiresAt ? vars : { action: vars.action } },
      ),
    onSuccess: (outcome) => putFinding(queryClient, slug, pullId, outcome.finding),
    onError: () => {
      // A 409 means someone else moved it first: show what it is now.
      void queryClient.invalidateQueries({ queryKey: pullKeys.findings(slug, pullId) });
    },
  });
}

export interface AddFindingVars {
  kind: FindingKind;
  priority: Priority;
  confidence: number;
  title: string;
  body?: string;
  suggestion?: string;
  anchor?: { file: string; startLine: number; endLine: number };
}

/** A person's finding, through the same read boundary as an agent's (R4: a malformed one is dropped, 422). */
export function useAddFinding(slug: string, pullId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (raw: AddFindingVars | Record<string, unknown>) =>
      fetchJson<{ finding: FindingView; status: "created" | "kept" | "reopened" | "suppressed" }>(`${pullApi(slug, pullId)}/findings`, {
        method: "POST",
        json: raw,
      }),
    onSuccess: (outcome) => putFinding(queryClient, slug, pullId, outcome.finding),
    // A drop is recorded on the server: the dropped list in the detail shows it.
    onError: () => void queryClient.invalidateQueries({ queryKey: pullKeys.view(slug, pullId) }),
  });
}
