"use client";
import { useState } from "react";
import type { AgentView } from "@/lib/agents/schemas";
import type { ServerEndpointsView } from "@/lib/models/server-endpoints";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorText } from "@/components/ui/error-text";
import { InlineStatus } from "@/components/ui/inline-status";
import { Spinner } from "@/components/ui/spinner";
import { useCan, useWorkspace } from "@/components/workspaces/workspace-context";
import { AgentForm, type ToolOption } from "./agent-form";
import { useAgents, useArchivedAgents, useUpdateAgent } from "./agent-hooks";
import { ReadOnlyNote } from "./read-only-note";

const PROVIDER_LABEL: Record<AgentView["provider"], string> = {
  scripted: "Scripted",
  openai_compatible: "OpenAI-compatible",
  anthropic: "Anthropic",
};

export function AgentsPanel({
  initialAgents,
  tools,
  endpoints,
}: Readonly<{ initialAgents: AgentView[]; tools: ToolOption[]; endpoints: ServerEndpointsView }>) {
  const { workspace, role } = useWorkspace();
  const manage = useCan("manage");
  const agents = useAgents(workspace.slug, initialAgents);
  const [editing, setEditing] = useState<AgentView | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const archivedAgents = useArchivedAgents(workspace.slug, showArchived);
  const update = useUpdateAgent(workspace.slug);
  const list = agents.data ?? [];
  const archive = (agent: AgentView, archived: boolean) =>
    update.mutate(
      { agentId: agent.id, patch: { archived } },
      { onSuccess: () => setStatus(archived ? `${agent.name} was archived: it starts no runs and leaves the pickers. Restore it from Archived agents.` : `${agent.name} was restored.`) },
    );

  return (
    <div className="space-y-6">
      <Card
        title="Agents"
        description="Each agent names its model and, optionally, the only tools it may use beyond the pinned ones (the mode still decides the rest)."
        actions={agents.isFetching ? <Spinner label="Refreshing agents" /> : null}
      >
        {!manage ? <ReadOnlyNote role={role} what="the agents" /> : null}
        <ErrorText className="mb-3">{agents.error ? "Agents could not be loaded. Reload the page to try again." : null}</ErrorText>
        <InlineStatus>{status}</InlineStatus>
        {list.length === 0 ? (
          <EmptyState title="No agents yet">{manage ? "Add one below. The scripted model needs no API key." : "An admin can add one."}</EmptyState>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {list.map((agent) => (
              <li key={agent.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{agent.name}</span>
                    <Badge tone="indigo">{PROVIDER_LABEL[agent.provider]}</Badge>
                    <Badge>{agent.model}</Badge>
                    {agent.hasApiKey ? <Badge>own API key</Badge> : null}
                  </div>
                  {agent.baseUrl ? <p className="font-mono text-xs break-all text-zinc-500 dark:text-zinc-400">{agent.baseUrl}</p> : null}
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">
                    {agent.moduleAllowlist === null
                      ? "Tools: no extra restriction"
                      : agent.moduleAllowlist.length === 0
                        ? "Tools: only the pinned ones (ask_user, todo_write)"
                        : `Tools: only ${agent.moduleAllowlist.join(", ")}`}
                  </p>
                </div>
                {manage ? (
                  <div className="flex gap-2">
                    <Button variant="secondary" size="sm" onClick={() => setEditing(agent)} aria-label={`Edit ${agent.name}`}>
                      Edit
                    </Button>
                    <Button variant="ghost" size="sm" data-testid="agent-archive" loading={update.isPending && update.variables?.agentId === agent.id} onClick={() => archive(agent, true)} aria-label={`Archive ${agent.name}`}>
                      Archive
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <ErrorText className="mt-2">{update.error?.message ?? null}</ErrorText>
        <details className="mt-4" onToggle={(event) => setShowArchived((event.target as HTMLDetailsElement).open)}>
          <summary data-testid="archived-agents-toggle" className="cursor-pointer text-sm font-medium text-zinc-700 dark:text-zinc-300">
            Archived agents
          </summary>
          {archivedAgents.isPending && showArchived ? <Spinner label="Loading archived agents" /> : null}
          {archivedAgents.data?.length === 0 ? <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No archived agents.</p> : null}
          <ul className="mt-2 divide-y divide-zinc-200 dark:divide-zinc-800">
            {(archivedAgents.data ?? []).map((agent) => (
              <li key={agent.id} data-testid="archived-agent" className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-medium">{agent.name}</span> <span className="text-zinc-600 dark:text-zinc-400">· {agent.model}</span>
                </span>
                {manage ? (
                  <Button variant="secondary" size="sm" data-testid="agent-restore" onClick={() => archive(agent, false)} aria-label={`Restore ${agent.name}`}>
                    Restore
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      </Card>

      {manage ? (
        <Card title="Add an agent">
          <AgentForm tools={tools} endpoints={endpoints} onSaved={(agent) => setStatus(`${agent.name} was added.`)} />
        </Card>
      ) : null}

      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={`Edit ${editing?.name ?? "agent"}`}>
        {editing ? (
          <AgentForm
            key={editing.id}
            tools={tools}
            endpoints={endpoints}
            agent={editing}
            onSaved={(agent) => {
              setEditing(null);
              setStatus(`${agent.name} was saved.`);
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </div>
  );
}
