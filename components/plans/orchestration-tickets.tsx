"use client";
/**
 * P3: the work an approved plan became — one ticket per step, in dependency
 * order, each with its status, its run and its result; failures say what they
 * block, and failed and blocked tickets can be retried.
 */
import type { OrchestrationView } from "@/lib/orchestration/list-orchestrations";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { ApiError } from "@/components/ui/fetch-json";
import { Spinner } from "@/components/ui/spinner";
import { useRetryOrchestration } from "./plan-hooks";
import { ChangesLink } from "@/components/runs/changes-link";
import { TicketReview } from "@/components/orchestration/ticket-review";
import { RunLink } from "./run-link";
import { TICKET_STATUS } from "./step-status";

const ORCHESTRATION_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  running: { label: "running", tone: "indigo" },
  succeeded: { label: "succeeded", tone: "green" },
  failed: { label: "stopped after a failure", tone: "red" },
};

export function OrchestrationTickets({
  slug,
  roomId,
  orchestration,
  canWrite,
  onSelect,
}: Readonly<{ slug: string; roomId: string; orchestration: OrchestrationView; canWrite: boolean; onSelect?: (key: string) => void }>) {
  const retry = useRetryOrchestration(slug, roomId);
  const status = ORCHESTRATION_STATUS[orchestration.status] ?? { label: orchestration.status, tone: "neutral" as const };
  const done = orchestration.tickets.filter((t) => t.status === "succeeded").length;
  return (
    <section data-testid="orchestration" data-status={orchestration.status} aria-labelledby={`orch-${orchestration.id}`} className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`orch-${orchestration.id}`} className="text-sm font-semibold">
          Tickets
        </h3>
        <Badge tone={status.tone}>{status.label}</Badge>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          {done} of {orchestration.tickets.length} done · up to {orchestration.parallelism} at once
        </span>
        {orchestration.status === "running" ? <Spinner label="Tickets are running" /> : null}
        {canWrite && orchestration.retryable.length > 0 && orchestration.status !== "running" ? (
          <Button size="sm" variant="secondary" className="ml-auto" loading={retry.isPending} onClick={() => retry.mutate(orchestration.id)}>
            Retry {orchestration.retryable.length} {orchestration.retryable.length === 1 ? "ticket" : "tickets"}
          </Button>
        ) : null}
      </div>
      <ErrorText>{retry.error instanceof ApiError ? retry.error.message : retry.error ? "The retry could not be started." : null}</ErrorText>
      <ol className="space-y-1.5">
        {orchestration.tickets.map((t) => (
          <li key={t.id} data-testid="ticket" data-key={t.key} data-status={t.status} className="rounded-md border border-zinc-200 px-2.5 py-1.5 text-sm dark:border-zinc-800">
            <div className="flex flex-wrap items-center gap-2">
              <code className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{t.key}</code>
              {onSelect ? (
                <button type="button" onClick={() => onSelect(t.key)} className="min-w-0 truncate text-left font-medium hover:underline">
                  {t.title}
                </button>
              ) : (
                <span className="min-w-0 truncate font-medium">{t.title}</span>
              )}
              <span className="ml-auto flex items-center gap-2">
                {t.run ? <RunLink runId={t.run.id} label="Run" /> : null}
                {t.run && t.status !== "running" ? <ChangesLink slug={slug} runId={t.run.id} kind={t.run.changes} succeeded={t.status === "succeeded"} sayNone={t.resolution !== "no_changes"} /> : null}
                <span data-testid="ticket-status">
                  <Badge tone={TICKET_STATUS[t.status].tone}>{TICKET_STATUS[t.status].label}</Badge>
                </span>
              </span>
            </div>
            <TicketReview slug={slug} roomId={roomId} orchestrationId={orchestration.id} ticket={t} canWrite={canWrite} />
            {t.result ? <p className="mt-1 line-clamp-3 text-xs text-zinc-700 dark:text-zinc-300">{t.result}</p> : null}
            {t.error ? <p className="mt-1 text-xs text-red-700 dark:text-red-300">{t.status === "blocked" ? `Blocked: ${t.error}` : t.error}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
