"use client";
/**
 * P2: Plan Studio for one plan version — the graph with step details, the
 * changes since an earlier version, the decision (P3), the Markdown export
 * (A2), the tickets the approved plan became, and the version history.
 */
import { useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { ErrorText } from "@/components/ui/error-text";
import { Spinner } from "@/components/ui/spinner";
import { planApi } from "./keys";
import { PlanDecision } from "./plan-decision";
import { PlanDiffView } from "./plan-diff-view";
import { PlanGraph } from "./lazy-plan-graph";
import { useOrchestrations, usePlan, usePlanVersions } from "./plan-hooks";
import { PLAN_STATUS, PlanVersions } from "./plan-versions";
import { StepDetails } from "./step-details";
import { OrchestrationTickets } from "./orchestration-tickets";
import type { StepChange, TicketStatus } from "./step-status";

type Tab = "graph" | "changes";

export function PlanStudio({ slug, roomId, planId, canWrite, onOpen }: Readonly<{ slug: string; roomId: string; planId: string; canWrite: boolean; onOpen: (planId: string) => void }>) {
  const [against, setAgainst] = useState<string | undefined>(undefined);
  const [tab, setTab] = useState<Tab>("graph");
  const [selected, setSelected] = useState<string | null>(null);
  const query = usePlan(slug, roomId, planId, against);
  const versions = usePlanVersions(slug, roomId);
  const orchestrations = useOrchestrations(slug, roomId);

  const detail = query.data?.plan.id === planId ? query.data : undefined;
  const orchestration = orchestrations.data?.find((o) => o.plan?.id === planId);
  const statuses = useMemo(() => new Map<string, TicketStatus>((orchestration?.tickets ?? []).map((t) => [t.key, t.status])), [orchestration]);
  const changes = useMemo(() => {
    const map = new Map<string, StepChange>();
    for (const n of detail?.diff?.added ?? []) map.set(n.key, "added");
    for (const c of detail?.diff?.changed ?? []) map.set(c.key, "changed");
    return map;
  }, [detail]);

  if (query.isError && !detail) return <ErrorText>{query.error.message}</ErrorText>;
  if (!detail) return <Spinner label="Loading the plan" />;
  const { plan, diff } = detail;
  const node = selected ? plan.nodes.find((n) => n.key === selected) : undefined;
  const earlier = (versions.data ?? []).filter((v) => v.version < plan.version);

  return (
    <div data-testid="plan-studio-body" data-plan-id={plan.id} data-status={plan.status} className="space-y-4">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold">Plan v{plan.version}</h3>
          <span data-testid="plan-status" data-status={plan.status}>
            <Badge tone={PLAN_STATUS[plan.status].tone}>{PLAN_STATUS[plan.status].label}</Badge>
          </span>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">
            {plan.nodes.length} steps · by {plan.author.replace(/^agent:/, "")}
          </span>
          <a href={`${planApi(slug, roomId, plan.id)}/markdown`} download="PLAN.md" className={cx(buttonClasses("secondary", "sm"), "ml-auto")} data-testid="export-markdown">
            Export Markdown
          </a>
        </div>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{plan.goal}</p>
      </div>

      <div role="tablist" aria-label="Plan views" className="flex gap-1 border-b border-zinc-200 dark:border-zinc-800">
        {(["graph", "changes"] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            className={cx("-mb-px border-b-2 px-3 py-1.5 text-sm font-medium", tab === t ? "border-indigo-600 text-indigo-700 dark:text-indigo-300" : "border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400")}
          >
            {t === "graph" ? "Graph" : detail.against ? `Changes since v${detail.against.version}` : "Changes"}
          </button>
        ))}
      </div>

      {tab === "graph" ? (
        <div role="tabpanel" aria-label="Graph" className="space-y-3">
          <PlanGraph nodes={plan.nodes} layout={plan.layout} statuses={statuses} changes={changes} selected={selected} onSelect={setSelected} />
          {node ? (
            <StepDetails node={node} nodes={plan.nodes} ticket={orchestration?.tickets.find((t) => t.key === node.key)} onSelect={setSelected} />
          ) : (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">Select a step in the graph or the list below to read it.</p>
          )}
          <details className="text-sm">
            <summary className="cursor-pointer text-xs font-medium text-zinc-600 dark:text-zinc-400">All {plan.nodes.length} steps</summary>
            <ol className="mt-1 space-y-0.5">
              {plan.nodes.map((n) => (
                <li key={n.key}>
                  <button type="button" onClick={() => setSelected(n.key)} className="text-left hover:underline" aria-pressed={selected === n.key}>
                    <code className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{n.key}</code> {n.title}
                  </button>
                </li>
              ))}
            </ol>
          </details>
        </div>
      ) : (
        <div role="tabpanel" aria-label="Changes" className="space-y-2">
          {earlier.length ? (
            <label className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
              Compare with
              <select
                value={detail.against?.id ?? ""}
                onChange={(event) => setAgainst(event.target.value || undefined)}
                className="rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-xs dark:border-zinc-700 dark:bg-zinc-900"
              >
                {earlier.map((v) => (
                  <option key={v.id} value={v.id}>
                    v{v.version}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {diff && detail.against ? <PlanDiffView diff={diff} fromVersion={detail.against.version} toVersion={plan.version} /> : <p className="text-sm text-zinc-600 dark:text-zinc-400">This is the first version; there is nothing to compare with.</p>}
        </div>
      )}

      <section aria-label="Decision" className="rounded-md bg-zinc-50 px-3 py-2 dark:bg-zinc-950">
        <PlanDecision slug={slug} detail={detail} canWrite={canWrite} onOpen={onOpen} />
      </section>

      {orchestration ? <OrchestrationTickets slug={slug} roomId={roomId} orchestration={orchestration} canWrite={canWrite} onSelect={(key) => { setTab("graph"); setSelected(key); }} /> : null}

      {versions.data && versions.data.length > 1 ? (
        <section aria-labelledby="plan-versions-title" className="space-y-1">
          <h3 id="plan-versions-title" className="text-sm font-semibold">
            Versions
          </h3>
          <PlanVersions versions={versions.data} current={plan.id} onOpen={(id) => { setAgainst(undefined); setSelected(null); onOpen(id); }} />
        </section>
      ) : null}
    </div>
  );
}
