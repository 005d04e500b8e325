"use client";
/** O2: orchestration proposals waiting for a person, each opening its room's Plan Studio where people approve it. */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { PendingProposalView } from "@/lib/orchestration/list-pending-proposals";
import { fetchJson } from "@/components/ui/fetch-json";
import { workspaceApi } from "@/components/workspaces/keys";

export const proposalInboxKey = (slug: string) => ["inbox-proposals", slug] as const;

export function usePendingProposals(slug: string, initialData: PendingProposalView[]) {
  return useQuery({
    queryKey: proposalInboxKey(slug),
    queryFn: async () => (await fetchJson<{ proposals: PendingProposalView[] }>(`${workspaceApi(slug)}/proposals`)).proposals,
    initialData,
  });
}

export function ProposalInboxRow({ slug, proposal }: Readonly<{ slug: string; proposal: PendingProposalView }>) {
  return (
    <li data-testid="inbox-proposal-row" data-proposal-id={proposal.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm">
      <span>
        <span className="font-medium">Orchestration proposal</span> in {proposal.room.name}
        <span className="text-zinc-500 dark:text-zinc-400">
          {" "}
          · {proposal.roles} {proposal.roles === 1 ? "role" : "roles"} · {proposal.tickets} {proposal.tickets === 1 ? "ticket" : "tickets"}
          {proposal.valid ? "" : " · invalid, cannot be approved"}
        </span>
      </span>
      <Link href={`/w/${encodeURIComponent(slug)}/rooms/${proposal.room.id}?tab=plan`} className="font-medium text-indigo-700 underline dark:text-indigo-300">
        Open in Plan Studio
      </Link>
    </li>
  );
}
