"use client";
/**
 * H3: what ended when someone was removed or demoted — their invites, the
 * webhooks, secrets, tokens and MCP servers they set, their personal MCP
 * tokens' reach — and what was kept but needs a look (an agent's own model
 * endpoint and key), with whose it was, who made the change, why, and what to
 * do if the workspace still needs it. Admins and owners only.
 */
import type { RevocationView } from "@/lib/grants/schemas";
import { formatDateTime } from "@/components/rooms/format";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { useWorkspace } from "@/components/workspaces/workspace-context";
import { useRevocations } from "./revocation-hooks";

export function RevocationsPanel({ initialRevocations }: Readonly<{ initialRevocations: RevocationView[] }>) {
  const { workspace } = useWorkspace();
  const revocations = useRevocations(workspace.slug, initialRevocations).data ?? [];
  return (
    <Card
      title="Revoked access"
      description="What a person made or set ends when they lose the role it needs: invites above what they may grant, and the webhooks, secrets, tokens and MCP servers they configured. Their personal MCP tokens act with their new role only; an agent endpoint they set is kept for you to review."
    >
      {revocations.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Nothing has been revoked.</p>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-label="Revoked access">
          {revocations.map((item) => (
            <li key={item.id} data-testid="revocation" className="py-2 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={item.effect === "revoked" ? "red" : "amber"}>{item.effect === "kept" ? "kept · review" : item.effect}</Badge>
                <span className="font-medium">{item.what}</span>
              </div>
              <p className="mt-0.5 text-zinc-600 dark:text-zinc-400">
                {item.kind === "mcp_tokens" ? "Held" : item.kind === "invite" ? "Made" : "Set"} by {item.holder.name} ({item.holder.email}). {item.why}
                {item.by ? ` by ${item.by.name}` : ""} on <time dateTime={item.at}>{formatDateTime(item.at)}</time>.
              </p>
              {item.remedy ? <p className="mt-0.5 text-zinc-600 dark:text-zinc-400">{item.remedy}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
