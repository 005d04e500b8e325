"use client";
/**
 * O1–O3, O8: orchestration proposals of the room (pending, approved, rejected
 * with the person's comment, superseded) — roles, the ticket
 * tree as it will run (children before parents, synthesis last) and the
 * budget. Approving is reserved for people, here in the UI: no agent tool and
 * no MCP tool can approve a proposal.
 */
import type { ProposalView } from "@/lib/orchestration/list-proposals";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorText } from "@/components/ui/error-text";
import { ProposalDecision } from "@/components/orchestration/proposal-decision";

export function ProposalList({ slug, roomId, proposals, canWrite }: Readonly<{ slug: string; roomId: string; proposals: ProposalView[]; canWrite: boolean }>) {
  return (
    <ul className="space-y-3">
      {proposals.map((p) => (
        <li key={p.id} data-testid="proposal" data-status={p.status} className="space-y-2 rounded-md border border-emerald-300 px-3 py-2 text-sm dark:border-emerald-800">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">Orchestration proposal</span>
            <Badge tone={p.status === "pending" ? "amber" : p.status === "approved" ? "green" : p.status === "rejected" ? "red" : "neutral"}>{p.status}</Badge>
            {p.budget ? (
              <span className="text-xs text-zinc-500 dark:text-zinc-400">
                budget {p.budget.maxRuns} runs · {p.budget.maxMinutes} min
              </span>
            ) : null}
          </div>
          {p.status === "superseded" ? <p className="text-xs text-zinc-600 dark:text-zinc-400">Superseded by a newer proposal from this room; it can no longer be approved.</p> : null}
          {p.status === "rejected" ? (
            <p data-testid="proposal-comment" className="text-xs text-zinc-600 dark:text-zinc-400">
              Rejected{p.comment ? `: “${p.comment}”` : "."} The agent may propose a revision.
            </p>
          ) : null}
          {p.problems.length ? <ErrorText>{`This proposal is invalid: ${p.problems.join("; ")}`}</ErrorText> : null}
          <div>
            <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Roles</p>
            <ul className="list-inside list-disc text-xs">
              {p.roles.map((r) => (
                <li key={r.name}>
                  <span className="font-medium">{r.name}</span> — {r.description}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Tickets, in the order they run</p>
            <ol className="list-inside list-decimal text-xs">
              {p.tickets.map((t) => (
                <li key={t.key}>
                  <code className="font-mono">{t.key}</code> {t.title}
                  {t.role ? <span className="text-zinc-500 dark:text-zinc-400"> · {t.role}</span> : null}
                  {t.dependsOn.length ? <span className="text-zinc-500 dark:text-zinc-400"> · after {t.dependsOn.join(", ")}</span> : null}
                </li>
              ))}
            </ol>
          </div>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">Approving a proposal is reserved for people, here in the UI; no agent or MCP tool can do it.</p>
          {p.status === "pending" && canWrite && p.problems.length === 0 ? (
            <ProposalDecision slug={slug} roomId={roomId} proposalId={p.id} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
