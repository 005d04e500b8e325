/**
 * TanStack Query keys for pull requests and their reviews. Hierarchical under
 * the workspace, so invalidating `detail(slug, id)` refreshes the pull
 * request, its findings and every finding's history at once. A diff is keyed
 * by the two commits it is between: it never changes, so it is never refetched.
 */
export const pullKeys = {
  all: (slug: string) => ["pulls", slug] as const,
  list: (slug: string) => [...pullKeys.all(slug), "list"] as const,
  detail: (slug: string, pullId: string) => [...pullKeys.all(slug), "detail", pullId] as const,
  view: (slug: string, pullId: string) => [...pullKeys.detail(slug, pullId), "view"] as const,
  diff: (slug: string, pullId: string, base: string, head: string) => [...pullKeys.detail(slug, pullId), "diff", base, head] as const,
  findings: (slug: string, pullId: string) => [...pullKeys.detail(slug, pullId), "findings"] as const,
  finding: (slug: string, pullId: string, findingId: string) => [...pullKeys.detail(slug, pullId), "finding", findingId] as const,
  /** R10: a finding's discussion thread */
  replies: (slug: string, pullId: string, findingId: string) => [...pullKeys.finding(slug, pullId, findingId), "replies"] as const,
};

/** The API base of one pull request. */
export const pullApi = (slug: string, pullId: string) =>
  `/api/workspaces/${encodeURIComponent(slug)}/pulls/${encodeURIComponent(pullId)}`;

/** The review view of one pull request. */
export const pullHref = (slug: string, pullId: string) => `/w/${encodeURIComponent(slug)}/pulls/${encodeURIComponent(pullId)}`;

/** The diff between two commits; the page preloads exactly this URL and the query fetches it. */
export const pullDiffUrl = (slug: string, pullId: string, base: string, head: string) =>
  `${pullApi(slug, pullId)}/diff?base=${encodeURIComponent(base)}&head=${encodeURIComponent(head)}`;

/** The pull requests page with the open-pull-request dialog prefilled (from a room's branch). */
export const openPullHref = (slug: string, prefill: { repositoryId: string; headRef: string; baseRef?: string; title?: string }) => {
  const query = new URLSearchParams({ new: "pull", repository: prefill.repositoryId, head: prefill.headRef });
  if (prefill.baseRef) query.set("base", prefill.baseRef);
  if (prefill.title) query.set("title", prefill.title);
  return `/w/${encodeURIComponent(slug)}/pulls?${query.toString()}`;
};
