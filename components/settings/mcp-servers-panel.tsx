"use client";
/**
 * M7: the workspace's attached MCP servers — each with its declared tools,
 * their tiers and effect classes — and, for admins, attaching and detaching
 * them. Members see the list: what an agent here can reach is no secret
 * to them. Detaching asks once more, since runs lose the tools at once.
 */
import { useState } from "react";
import type { McpServerView } from "@/lib/mcp-client/list-mcp-servers";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorText } from "@/components/ui/error-text";
import { fieldErrors } from "@/components/ui/field-errors";
import { TierBadge } from "@/components/rooms/tier-badge";
import { AttachMcpServerForm } from "./attach-mcp-server-form";
import { useDetachMcpServer, useMcpServers } from "./mcp-server-hooks";

export function McpServersPanel({ slug, initial, manage }: Readonly<{ slug: string; initial: McpServerView[]; manage: boolean }>) {
  const servers = useMcpServers(slug, initial);
  const detach = useDetachMcpServer(slug);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const list = servers.data ?? [];

  return (
    <div className="space-y-6">
      <Card
        title="Attached MCP servers"
        description="Their declared tools join every run's registry under the names shown, with the tier and effect classes declared here, so each mode's surface, the guard and the approval dial treat them like built-in tools. A tool a server offers but this list does not declare never runs."
      >
        {servers.isError ? (
          <div role="alert" className="flex items-center gap-2 text-sm text-red-700 dark:text-red-300">
            The servers could not be loaded.
            <Button size="sm" variant="secondary" onClick={() => void servers.refetch()}>
              Retry
            </Button>
          </div>
        ) : list.length === 0 ? (
          <EmptyState title="No MCP servers attached">{manage ? "Attach one below." : "An admin can attach one."}</EmptyState>
        ) : (
          <ul aria-label="Attached MCP servers" className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-busy={servers.isFetching || undefined}>
            {list.map((server) => (
              <li key={server.id} data-testid="mcp-server" data-name={server.name} className="py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{server.name}</span>
                  <code className="w-0 min-w-40 flex-1 truncate font-mono text-xs text-zinc-500 dark:text-zinc-400" title={server.url}>
                    {server.url}
                  </code>
                  {manage ? (
                    confirming === server.id ? (
                      <span className="flex items-center gap-2">
                        <Button
                          size="sm"
                          variant="danger"
                          loading={detach.isPending}
                          onClick={() =>
                            detach.mutate(server.id, {
                              onSuccess: (gone) => {
                                setConfirming(null);
                                setStatus(`Detached ${gone.name}. Runs that start now no longer see its tools.`);
                              },
                            })
                          }
                        >
                          Detach {server.name}
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                          Keep
                        </Button>
                      </span>
                    ) : (
                      <Button size="sm" variant="secondary" onClick={() => { detach.reset(); setConfirming(server.id); }}>
                        Detach<span className="sr-only"> {server.name}</span>
                      </Button>
                    )
                  ) : null}
                </div>
                {Object.keys(server.tools).length === 0 ? (
                  <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">No tools declared: agents are offered none of its tools.</p>
                ) : (
                  <ul aria-label={`Declared tools of ${server.name}`} className="mt-2 space-y-1">
                    {Object.entries(server.tools).map(([tool, declared]) => (
                      <li key={tool} className="flex flex-wrap items-center gap-2 text-xs">
                        <code className="font-mono" title={`${tool} on ${server.name}`}>{server.toolNames[tool] ?? `${tool} (not offered: its name collides)`}</code>
                        <TierBadge tier={declared.tier} />
                        <span className="text-zinc-500 dark:text-zinc-400">{declared.effects.length ? declared.effects.map((e) => e.replaceAll("_", " ")).join(", ") : "no effect classes"}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
        <ErrorText className="mt-3">{fieldErrors(detach.error, []).form}</ErrorText>
        {status ? (
          <p role="status" className="mt-3 text-sm text-emerald-800 dark:text-emerald-300">
            {status}
          </p>
        ) : null}
      </Card>
      {manage ? (
        <Card title="Attach a server">
          <AttachMcpServerForm slug={slug} onAttached={(name) => setStatus(`Attached ${name}.`)} />
        </Card>
      ) : null}
    </div>
  );
}
