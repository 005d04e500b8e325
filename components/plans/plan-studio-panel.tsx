"use client";
/**
 * P2: Plan Studio as a panel beside the conversation, open while the URL says
 * ?tab=plan (and &plan=<id>; without it, the newest version). The room page
 * refetches on every stored event; its lastEventId tells this panel when to
 * refresh plans, tickets and proposals too.
 */
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { planKeys } from "./keys";
import { PipelineView } from "@/components/orchestration/pipeline-view";
import { useOrchestrations, usePlanVersions, useProposals } from "./plan-hooks";
import { PlanStudio } from "./plan-studio";
import { ProposalList } from "./proposal-list";

interface Props {
  slug: string;
  roomId: string;
  canWrite: boolean;
  /** the room snapshot's newest event id; a change means something happened in the room */
  lastEventId: string;
}

export function PlanStudioPanel(props: Readonly<Props>) {
  const params = useSearchParams();
  if (params.get("tab") !== "plan") return null;
  return <PlanStudioBody {...props} planId={params.get("plan")} />;
}

function PlanStudioBody({ slug, roomId, canWrite, lastEventId, planId }: Readonly<Props & { planId: string | null }>) {
  const router = useRouter();
  const pathname = usePathname();
  const queryClient = useQueryClient();
  const versions = usePlanVersions(slug, roomId);
  const proposals = useProposals(slug, roomId);
  // O5: pipelines approved proposals started (a plan's own shows inside its Plan Studio).
  const orchestrations = useOrchestrations(slug, roomId);
  const pipelines = (orchestrations.data ?? []).filter((o) => o.proposalId);

  const seen = useRef(lastEventId);
  useEffect(() => {
    if (seen.current === lastEventId) return;
    seen.current = lastEventId;
    void queryClient.invalidateQueries({ queryKey: planKeys.all(slug, roomId) });
  }, [lastEventId, queryClient, roomId, slug]);

  const open = (id: string) => router.replace(`${pathname}?tab=plan&plan=${encodeURIComponent(id)}`, { scroll: false });
  const current = planId ?? versions.data?.[0]?.id ?? null;

  return (
    <section data-testid="plan-studio" aria-labelledby="plan-studio-title" className="space-y-3 rounded-lg border border-amber-300 bg-white px-4 py-3 dark:border-amber-800 dark:bg-zinc-900">
      <div className="flex items-center justify-between">
        <h2 id="plan-studio-title" className="font-semibold">
          Plan Studio
        </h2>
        <Link href={pathname} scroll={false} className="text-xs font-medium text-zinc-600 underline dark:text-zinc-400" aria-label="Close Plan Studio">
          Close
        </Link>
      </div>
      {current ? (
        <PlanStudio key={current} slug={slug} roomId={roomId} planId={current} canWrite={canWrite} onOpen={open} />
      ) : versions.isPending ? (
        <Spinner label="Loading plans" />
      ) : proposals.data?.length ? null : (
        <EmptyState title="No plan yet">In a Plan-mode room the agent delivers its plan with submit_plan; it appears here as a graph to approve or reject.</EmptyState>
      )}
      {proposals.data?.length ? (
        <section aria-labelledby="proposals-title" className="space-y-2">
          <h3 id="proposals-title" className="text-sm font-semibold">
            Orchestration proposals
          </h3>
          <ProposalList slug={slug} roomId={roomId} proposals={proposals.data} canWrite={canWrite} />
        </section>
      ) : null}
      {pipelines.map((p) => (
        <PipelineView key={p.id} slug={slug} roomId={roomId} pipeline={p} canWrite={canWrite} />
      ))}
    </section>
  );
}
