import Link from "next/link";
import type { WorkspaceSummary } from "@/lib/workspaces/schemas";
import { EmptyState } from "@/components/ui/empty-state";
import { RoleBadge } from "./role-badge";

export function WorkspaceList({ workspaces, email }: Readonly<{ workspaces: WorkspaceSummary[]; email: string }>) {
  if (workspaces.length === 0) {
    return (
      <EmptyState title="You are not in any workspace yet">
        Create one below, or ask a workspace admin to add you by your email, <strong>{email}</strong>.
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
      {workspaces.map((w) => (
        <li key={w.id}>
          <Link
            href={`/w/${w.slug}`}
            className="flex items-center justify-between gap-4 px-5 py-4 hover:bg-zinc-50 focus-visible:-outline-offset-2 dark:hover:bg-zinc-800/60"
          >
            <span className="min-w-0">
              <span className="block truncate font-medium">{w.name}</span>
              <span className="block truncate text-sm text-zinc-500 dark:text-zinc-400">/w/{w.slug}</span>
            </span>
            <RoleBadge role={w.role} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
