"use client";
/** Queries and mutations of pull requests: one hook per operation, keys from ./keys. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/ui/fetch-json";
import { workspaceApi } from "@/components/workspaces/keys";
import { pullApi, pullDiffUrl, pullKeys } from "./keys";
import type { HeadChange, MergedPull, OpenedPull, PullDiff, PullRequestDetail, PullRequestSummary, RepositoryBranches } from "./pull-types";

export function usePulls(slug: string, initialData?: PullRequestSummary[]) {
  return useQuery({
    queryKey: pullKeys.list(slug),
    queryFn: async () => (await fetchJson<{ pullRequests: PullRequestSummary[] }>(`${workspaceApi(slug)}/pulls`)).pullRequests,
    initialData,
    refetchOnWindowFocus: false,
  });
}

/** The detail runs a git read on the server: refetched on live events (debounced), never on focus. */
export function usePull(slug: string, pullId: string, initialData?: PullRequestDetail) {
  return useQuery({
    queryKey: pullKeys.view(slug, pullId),
    queryFn: () => fetchJson<PullRequestDetail>(pullApi(slug, pullId)),
    initialData,
    refetchOnWindowFocus: false,
  });
}

/** The diff between two commits never changes: fetched once per pair. */
export function usePullDiff(slug: string, pullId: string, base: string, head: string) {
  return useQuery({
    queryKey: pullKeys.diff(slug, pullId, base, head),
    queryFn: () => fetchJson<PullDiff>(pullDiffUrl(slug, pullId, base, head)),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

export interface OpenPullVars {
  repositoryId: string;
  baseRef: string;
  headRef: string;
  title: string;
}

export function useOpenPull(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenPullVars) => fetchJson<OpenedPull>(`${workspaceApi(slug)}/pulls`, { method: "POST", json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pullKeys.list(slug) }),
  });
}

/** R8: re-read the head branch; a new head is re-reviewed with anchors remapped. */
export function useRefreshHead(slug: string, pullId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchJson<HeadChange>(`${pullApi(slug, pullId)}/refresh`, { method: "POST" }),
    onSuccess: (change) => {
      if (!change.changed) return;
      invalidateReview(queryClient, slug, pullId);
      void queryClient.invalidateQueries({ queryKey: pullKeys.list(slug) });
    },
  });
}

/** Issue 14 §5: close or reopen a pull request opened in Gatehouse. */
export function useChangePullState(slug: string, pullId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: "close" | "reopen") =>
      fetchJson<{ state: string }>(`${pullApi(slug, pullId)}/state`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ action }) }),
    onSuccess: () => {
      invalidateReview(queryClient, slug, pullId);
      void queryClient.invalidateQueries({ queryKey: pullKeys.list(slug) });
    },
  });
}

/**
 * Everything of one review that can change: the detail, the findings and any
 * open finding history. Diffs are left alone (they are keyed by commits, and a
 * new head is a new key).
 */
export function invalidateReview(queryClient: QueryClient, slug: string, pullId: string): void {
  const diffPrefix = pullKeys.diff(slug, pullId, "", "").slice(0, -2);
  void queryClient.invalidateQueries({
    queryKey: pullKeys.detail(slug, pullId),
    predicate: (query) => !diffPrefix.every((part, i) => query.queryKey[i] === part),
  });
}

/** R3: ask a member to review, or withdraw the request. */
export function useReviewRequest(slug: string, pullId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, withdraw = false }: { userId: string; withdraw?: boolean }): Promise<{ withdrawn?: boolean; requested?: boolean }> =>
      withdraw
        ? fetchJson<{ withdrawn: boolean }>(`${pullApi(slug, pullId)}/review-requests/${encodeURIComponent(userId)}`, { method: "DELETE" })
        : fetchJson<{ requested: boolean }>(`${pullApi(slug, pullId)}/review-requests`, { method: "POST", json: { userId } }),
    onSuccess: () => invalidateReview(queryClient, slug, pullId),
  });
}

export interface MergeVars {
  method: "merge" | "fast-forward";
  headSha: string;
  overrideReason?: string;
}

/** Merge into the base branch (in Gatehouse's mirror): ship at the current head, or an override with a reason. */
export function useMergePull(slug: string, pullId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MergeVars) => fetchJson<MergedPull>(`${pullApi(slug, pullId)}/merge`, { method: "POST", json: body }),
    onSuccess: () => {
      invalidateReview(queryClient, slug, pullId);
      void queryClient.invalidateQueries({ queryKey: pullKeys.list(slug) });
    },
  });
}

/** R8: commit a finding's suggested change onto the head branch; the new head is re-reviewed. */
/** The mutation key of applying one finding's suggestion: its result outlives the card that asked (a new head redraws the list). */
export const applySuggestionKey = (pullId: string, findingId: string) => ["apply-suggestion", pullId, findingId] as const;

export function useApplySuggestion(slug: string, pullId: string, findingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: applySuggestionKey(pullId, findingId),
    mutationFn: (body: { headSha: string; message: string }) =>
      fetchJson<{ commit: string; change: HeadChange; roomsNotFollowed: string[] }>(`${pullApi(slug, pullId)}/findings/${encodeURIComponent(findingId)}/apply`, { method: "POST", json: body }),
    onSuccess: () => {
      invalidateReview(queryClient, slug, pullId);
      void queryClient.invalidateQueries({ queryKey: pullKeys.list(slug) });
    },
  });
}

/** The branches of a repository for the pull-request dialog's picker (read from Gatehouse's mirror). */
export function useRepositoryBranches(slug: string, repositoryId: string | null) {
  return useQuery({
    queryKey: ["repositories", slug, repositoryId, "branches"] as const,
    queryFn: () => fetchJson<RepositoryBranches>(`${workspaceApi(slug)}/repositories/${encodeURIComponent(repositoryId ?? "")}/branches`),
    enabled: repositoryId !== null && repositoryId !== "",
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}
