import "server-only";
/**
 * Advances one run stored in the database: builds the harness's ports for it
 * (store, room reader, event sink, presence, model, services) and runs the loop.
 * Called by the worker for "run.advance" jobs.
 */
import type { Database } from "../db/client";
import { advanceRun, type AdvanceResult } from "../harness/advance-run";
import { createPrismaHarnessStore, createPrismaRoomReader } from "../harness/prisma-store";
import type { HarnessLimits } from "../harness/types";
import { createPrismaPresence } from "../presence/track-presence";
import { TOOLS } from "../tools/registry";
import { agentPrompt } from "../runs/agent-prompt";
import { createHarnessEventSink } from "../runs/harness-event-sink";
import { workspaceTools } from "../mcp-client/run-mcp-tools";
import { returnToParent } from "../subagents/return-to-parent";
import { runCeiling } from "../subagents/run-ceiling";
import { advanceClaudeCodeRun } from "../transports/claude-code/advance-claude-code-run";
import { claudeCodeEndpoint } from "../transports/claude-code/claude-code-endpoint";
import { claudeCodeSandboxing } from "../transports/claude-code/sandboxing";
import { modelFetch } from "../models/model-network";
import { budgetHold } from "../orchestration/project-budget";
import { ticketReviewContext } from "../orchestration/ticket-review-context";
import { modelForAgent } from "./model-for-agent";
import { scopeRun } from "../runs/run-scope";
import { recordRunUsage } from "../runs/record-run-usage";
import { createToolServices } from "./tool-services";

export interface AdvanceOptions {
  owner: string;
  signal?: AbortSignal;
  limits?: Partial<HarnessLimits>;
  leaseMs?: number;
}

export async function advanceStoredRun(db: Database, runId: string, options: AdvanceOptions): Promise<AdvanceResult | null> {
  const { prisma } = db;
  const run = await prisma.run.findUnique({
    where: { id: runId },
    include: {
      agent: true,
      workspace: { select: { id: true, modelSettings: true } },
      room: { select: { id: true, name: true, workspaceId: true, agent: true } },
      conversation: { select: { id: true, roomId: true } },
    },
  });
  if (!run) return null;
  // S4: only what lies inside the run's own workspace is bound to it.
  const { room, conversationId, agent } = scopeRun(run);
  const roomId = room?.id ?? null;
  const events = createHarnessEventSink(prisma, { workspaceId: run.workspaceId, roomId, conversationId });
  try {
    if (agent?.transport === "claude-code") {
      // T2–T4: the Claude Code CLI under Gatehouse's guard, through the same ports.
      return await advanceClaudeCodeRun(
        {
          store: createPrismaHarnessStore(prisma, { owner: options.owner, leaseMs: options.leaseMs }),
          rooms: createPrismaRoomReader(prisma),
          events,
          presence: createPrismaPresence(prisma),
          tools: await workspaceTools(prisma, run.workspaceId, TOOLS),
          signal: options.signal,
        },
        runId,
        {
          endpoint: claudeCodeEndpoint(agent, run.workspace),
          allowlist: runCeiling({ parentRunId: run.parentRunId, ceiling: run.ceiling, agent }),
          // T4: inside the sandbox wherever it works; the panel says "convention" where it does not.
          sandbox: (await claudeCodeSandboxing()).sandboxed ? { fetch: modelFetch() } : null,
          recordUsage: (usage) => recordRunUsage(prisma, run.id, usage),
        },
      );
    }
    const result = await advanceRun(
      {
        store: createPrismaHarnessStore(prisma, { owner: options.owner, leaseMs: options.leaseMs }),
        rooms: createPrismaRoomReader(prisma),
        events,
        presence: createPrismaPresence(prisma),
        // M7: attached MCP servers' tools join the built-ins; the surface filters them like any other.
        tools: await workspaceTools(prisma, run.workspaceId, TOOLS),
        limits: options.limits,
        signal: options.signal,
        async environment() {
          if (!agent) throw new Error("This room has no agent; add one in the workspace settings and pick it for the room.");
          return {
            model: modelForAgent(agent, run.workspace),
            // O7: a ticket's pull request is reviewed with the ticket's acceptance criteria in view.
            agentPrompt: [agentPrompt(agent, room), await ticketReviewContext(prisma, roomId)].filter(Boolean).join("\n\n"),
            // A8: a sub-agent never exceeds the ceiling stored when its parent started it.
            agentAllowlist: runCeiling({ parentRunId: run.parentRunId, ceiling: run.ceiling, agent }),
            // O6: a project's budget holds the run before a model call; usage is added up per turn.
            beforeModelCall: () => budgetHold(prisma, run.id),
            // A6: a sub-agent's tokens count toward its parent's totals (and so the project budget) as they are spent.
            recordUsage: (usage) => recordRunUsage(prisma, run.id, usage),
            services: createToolServices(prisma, {
              workspaceId: run.workspaceId,
              roomId,
              runId: run.id,
              conversationId,
              author: `agent:${agent.name}`,
            }),
          };
        },
      },
      runId,
    );
    // A6: a sub-agent that ended answers its parent's delegate call (idempotent, so a duplicate job is harmless).
    if (run.parentRunId && ["succeeded", "failed", "cancelled"].includes(result.status)) await returnToParent(prisma, runId);
    return result;
  } finally {
    await events.flush();
  }
}
