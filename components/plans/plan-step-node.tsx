"use client";
/** One plan step in the graph: key, title, and its ticket status or its change since the previous version. */
import { Handle, Position, type Node, type NodeProps } from "@xyflow/react";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import { CHANGE_LABEL, TICKET_STATUS, type StepChange, type TicketStatus } from "./step-status";

export type StepNodeData = { key: string; title: string; status: TicketStatus | null; change: StepChange; selected: boolean };
export type StepNode = Node<StepNodeData, "step">;

export function PlanStepNode({ data }: NodeProps<StepNode>) {
  const status = data.status ? TICKET_STATUS[data.status] : null;
  return (
    <div
      data-testid="plan-node"
      data-key={data.key}
      data-status={data.status ?? undefined}
      data-change={data.change ?? undefined}
      className={cx(
        "h-[72px] w-[240px] rounded-lg bg-white px-3 py-2 text-left shadow-xs ring-1 dark:bg-zinc-900",
        status ? status.ring : data.change === "added" ? "ring-emerald-400 dark:ring-emerald-600" : data.change === "changed" ? "ring-amber-400 dark:ring-amber-600" : "ring-zinc-300 dark:ring-zinc-700",
        data.selected && "outline-2 outline-offset-2 outline-indigo-500",
      )}
    >
      <Handle type="target" position={Position.Left} className="!size-2 !border-0 !bg-zinc-400" isConnectable={false} />
      <div className="flex items-center gap-2">
        <code className="truncate font-mono text-[11px] text-zinc-500 dark:text-zinc-400">{data.key}</code>
        <span className="ml-auto flex shrink-0 gap-1">
          {data.change && !status ? <Badge tone={data.change === "added" ? "green" : "amber"}>{CHANGE_LABEL[data.change]}</Badge> : null}
          {status ? <Badge tone={status.tone}>{status.label}</Badge> : null}
        </span>
      </div>
      <p className="mt-1 line-clamp-2 text-[13px] leading-tight font-medium text-zinc-900 dark:text-zinc-100">{data.title}</p>
      <Handle type="source" position={Position.Right} className="!size-2 !border-0 !bg-zinc-400" isConnectable={false} />
    </div>
  );
}
