"use client";
/** P2: the selected step — what it asks, what it needs and what waits for it — and, once approved, its ticket. */
import type { PlanNodeLike } from "@/lib/plans/schemas";
import type { OrchestrationView } from "@/lib/orchestration/list-orchestrations";
import { Badge } from "@/components/ui/badge";
import { MessageText } from "@/components/rooms/message-text";
import { RunLink } from "./run-link";
import { TICKET_STATUS } from "./step-status";

type Ticket = OrchestrationView["tickets"][number];

export function StepDetails({
  node,
  nodes,
  ticket,
  onSelect,
}: Readonly<{ node: PlanNodeLike; nodes: readonly PlanNodeLike[]; ticket: Ticket | undefined; onSelect: (key: string) => void }>) {
  const byKey = new Map(nodes.map((n) => [n.key, n]));
  const dependants = nodes.filter((n) => n.dependsOn.includes(node.key));
  const keyButton = (key: string) => (
    <button key={key} type="button" onClick={() => onSelect(key)} className="rounded font-mono text-xs text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
      {key}
      {byKey.get(key) ? <span className="sr-only">: {byKey.get(key)!.title}</span> : null}
    </button>
  );
  return (
    <section data-testid="step-details" aria-label={`Step ${node.key}`} className="space-y-2 rounded-md border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800">
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{node.key}</code>
        <h4 className="font-semibold">{node.title}</h4>
        {ticket ? <Badge tone={TICKET_STATUS[ticket.status].tone}>{TICKET_STATUS[ticket.status].label}</Badge> : null}
      </div>
      {node.description.trim() ? <MessageText text={node.description} /> : <p className="text-zinc-500 italic dark:text-zinc-400">No description.</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-zinc-500 dark:text-zinc-400">Needs</dt>
        <dd className="flex flex-wrap gap-2">{node.dependsOn.length ? node.dependsOn.map(keyButton) : "nothing — it can start first"}</dd>
        <dt className="text-zinc-500 dark:text-zinc-400">Then</dt>
        <dd className="flex flex-wrap gap-2">{dependants.length ? dependants.map((d) => keyButton(d.key)) : "nothing waits for it"}</dd>
      </dl>
      {ticket?.result ? (
        <div className="rounded bg-emerald-50 px-2 py-1.5 text-xs text-emerald-950 dark:bg-emerald-950/40 dark:text-emerald-100">
          <p className="font-medium">Result</p>
          <MessageText text={ticket.result} />
        </div>
      ) : null}
      {ticket?.error ? <p className="rounded bg-red-50 px-2 py-1.5 text-xs text-red-700 dark:bg-red-950/60 dark:text-red-300">{ticket.error}</p> : null}
      {ticket?.run ? <RunLink runId={ticket.run.id} /> : null}
    </section>
  );
}
