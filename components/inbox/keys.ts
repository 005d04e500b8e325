/** TanStack Query keys for the approvals inbox. */
export const approvalKeys = {
  all: (slug: string) => ["approvals", slug] as const,
  list: (slug: string, status: "pending" | "all") => [...approvalKeys.all(slug), status] as const,
};
