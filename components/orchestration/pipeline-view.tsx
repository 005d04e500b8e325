"use client";
/**
 * S2, S3, O5, O6: a pipeline as a live graph (Plan Studio's graph) with each
 * step's status, kind, agent, room, run, time and tokens; a person pauses,
 * resumes, cancels or retries a failed step, and raises the budget when the
 * project reached it.
 */
import { useMemo, useState } from "react";
import type { OrchestrationView } from "@/lib/orchestration/list-orchestrations";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { ApiError } from "@/components/ui/fetch-json";
import { PlanGraph } from "@/components/plans/lazy-plan-graph";
import { RunLink } from "@/components/plans/run-link";
import { ChangesLink } from "@/components/runs/changes-link";
import { TICKET_STATUS, type TicketStatus } from "@/components/plans/step-status";
import { useControlPipeline, useRaiseBudget } from "./orchestration-hooks";
import { TicketReview } from "./ticket-review";

const NO_CHANGES = new Map();

export function PipelineView({ slug, roomId, pipeline, canWrite }: Readonly<{ slug: string; roomId: string; pipeline: OrchestrationView; canWrite: boolean }>) {
  const control = useControlPipeline(slug, roomId);
  const [selected, setSelected] = useState<string | null>(null);
  const statuses = useMemo(() => new Map(pipeline.tickets.map((t) => [t.key, t.status as TicketStatus])), [pipeline.tickets]);
  const nodes = useMemo(() => pipeline.tickets.map((t) => ({ key: t.key, title: t.title, description: t.description, dependsOn: t.dependsOn })), [pipeline.tickets]);
  const act = (action: "pause" | "resume" | "cancel") => control.mutate({ orchestrationId: pipeline.id, action });
  const budgetPaused = pipeline.status === "paused" && (pipeline.pausedReason ?? "").startsWith("Budget reached");
  return (
    <section data-testid="pipeline" data-status={pipeline.status} className="space-y-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Pipeline: {pipeline.goal}</h3>
        <Badge tone={pipeline.status === "running" ? "indigo" : pipeline.status === "succeeded" ? "green" : pipeline.status === "paused" ? "amber" : "red"}>{pipeline.status}</Badge>
        {canWrite ? (
          <span className="ml-auto flex gap-1">
            {pipeline.status === "running" ? (
              <Button size="sm" variant="secondary" data-testid="pipeline-pause" onClick={() => act("pause")} disabled={control.isPending}>
                Pause
              </Button>
            ) : null}
            {pipeline.status === "paused" && !budgetPaused ? (
              <Button size="sm" data-testid="pipeline-resume" onClick={() => act("resume")} disabled={control.isPending}>
                Resume
              </Button>
            ) : null}
            {pipeline.status === "running" || pipeline.status === "paused" ? (
              <Button size="sm" variant="secondary" data-testid="pipeline-cancel" onClick={() => act("cancel")} disabled={control.isPending}>
                Cancel
              </Button>
            ) : null}
          </span>
        ) : null}
      </div>
      {pipeline.pausedReason ? <p className="text-xs text-amber-800 dark:text-amber-300">{pipeline.pausedReason}</p> : null}
      {pipeline.project ? <BudgetLine slug={slug} roomId={roomId} project={pipeline.project} canRaise={canWrite && budgetPaused} /> : null}
      {/* The graph sets its own height; a shorter box let it spill over the step list and take its clicks. */}
      <div className="rounded border border-zinc-100 dark:border-zinc-900">
        <PlanGraph nodes={nodes} layout={null} statuses={statuses} changes={NO_CHANGES} selected={selected} onSelect={setSelected} />
      </div>
      <ol className="space-y-1 text-xs">
        {pipeline.tickets.map((t) => (
          <li key={t.id} data-testid="pipeline-step" data-key={t.key} data-status={t.status} className={selected === t.key ? "font-semibold" : undefined}>
            <span className="flex flex-wrap items-center gap-2">
              <code className="font-mono">{t.key}</code>
              <span>{t.kind}</span>
              {t.agent ? <span className="text-zinc-500 dark:text-zinc-400">· {t.agent}</span> : null}
              {t.stepRoomId && t.stepRoomId !== roomId ? (
                <a className="text-indigo-700 underline dark:text-indigo-300" href={`/w/${encodeURIComponent(slug)}/rooms/${encodeURIComponent(t.stepRoomId)}`}>
                  room
                </a>
              ) : null}
              {t.run ? <RunLink runId={t.run.id} label="Run" /> : null}
              {t.run && t.status !== "running" ? <ChangesLink slug={slug} runId={t.run.id} kind={t.run.changes} succeeded={t.status === "succeeded"} sayNone /> : null}
              {t.run ? <span className="text-zinc-500 dark:text-zinc-400">{t.run.tokens} tokens · {seconds(t.run.startedAt, t.run.finishedAt)}</span> : null}
              <Badge tone={TICKET_STATUS[t.status].tone}>{TICKET_STATUS[t.status].label}</Badge>
              {canWrite && t.status === "failed" && pipeline.status !== "cancelled" ? (
                <Button size="sm" variant="secondary" onClick={() => control.mutate({ orchestrationId: pipeline.id, action: "retry", key: t.key })} disabled={control.isPending}>
                  Retry step
                </Button>
              ) : null}
            </span>
            <TicketReview slug={slug} roomId={roomId} orchestrationId={pipeline.id} ticket={t} canWrite={canWrite} />
            {t.error ? <span className="text-red-700 dark:text-red-300">{t.error}</span> : null}
          </li>
        ))}
      </ol>
      <ErrorText>{control.error instanceof ApiError ? control.error.message : control.error ? "That could not be done; try again." : null}</ErrorText>
    </section>
  );
}

function BudgetLine({ slug, roomId, project, canRaise }: Readonly<{ slug: string; roomId: string; project: NonNullable<OrchestrationView["project"]>; canRaise: boolean }>) {
  const raise = useRaiseBudget(slug, roomId);
  const { budget, usage } = project;
  return (
    <div data-testid="pipeline-budget" className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
      <span>
        Used {usage.runs}
        {budget.maxRuns ? ` of ${budget.maxRuns}` : ""} runs · {usage.minutes.toFixed(1)}
        {budget.maxMinutes ? ` of ${budget.maxMinutes}` : ""} min · {usage.tokens}
        {budget.maxTokens ? ` of ${budget.maxTokens}` : ""} tokens
      </span>
      {canRaise ? (
        <Button
          size="sm"
          data-testid="raise-budget"
          loading={raise.isPending}
          onClick={() =>
            raise.mutate({
              projectId: project.id,
              ...(budget.maxRuns ? { maxRuns: Math.min(1000, budget.maxRuns * 2) } : {}),
              ...(budget.maxMinutes ? { maxMinutes: Math.min(24 * 60, budget.maxMinutes * 2) } : {}),
              ...(budget.maxTokens ? { maxTokens: Math.max(budget.maxTokens * 2, usage.tokens * 2) } : {}),
            })
          }
        >
          Double the budget and resume
        </Button>
      ) : null}
      <ErrorText>{raise.error instanceof ApiError ? raise.error.message : raise.error ? "The budget could not be raised." : null}</ErrorText>
    </div>
  );
}

function seconds(start: string | null, end: string | null): string {
  if (!start) return "not started";
  const s = ((end ? Date.parse(end) : Date.now()) - Date.parse(start)) / 1000;
  return `${s.toFixed(1)} s`;
}
