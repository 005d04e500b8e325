import "server-only";
/**
 * Advances one run stored in the database: builds the lifecycle's ports for it
 * (store, room reader, event sink, presence, services, the run-settled hooks)
 * and the turn engine of its agent's transport, and runs the one lifecycle (T5).
 * Called by the worker for "run.advance" jobs.
 */
import type { Database } from "../db/client";
import { advanceRun, type AdvanceResult } from "../harness/lifecycle/advance-run";
import { createPrismaHarnessStore, createPrismaRoomReader } from "../harness/prisma-store";
import type { HarnessLimits } from "../harness/types";
import { createPrismaPresence } from "../presence/track-presence";
import { TOOLS } from "../tools/registry";
import { agentPrompt } from "../runs/agent-prompt";
import { createHarnessEventSink } from "../runs/harness-event-sink";
import { workspaceTools } from "../mcp-client/run-mcp-tools";
import { runCeiling } from "../subagents/run-ceiling";
import { builtInEngine } from "../harness/built-in-engine";
import { claudeCodeEngine } from "../transports/claude-code/claude-code-engine";
import { claudeCodeEndpoint } from "../transports/claude-code/claude-code-endpoint";
import { claudeCodeSandboxing } from "../transports/claude-code/sandboxing";
import { modelFetch } from "../models/model-network";
import { budgetCheck } from "../orchestration/project-budget";
import { ticketReviewContext } from "../orchestration/ticket-review-context";
import { modelForAgent } from "./model-for-agent";
import { scopeRun } from "../runs/run-scope";
import { recordRunUsage } from "../runs/record-run-usage";
import { runSettledHooks } from "./run-settled-hooks";
import { createToolServices } from "./tool-services";
import { pushingAtBoundaries } from "./push-at-boundaries";
import { pushRoomWork } from "../hosts/push-room-work";

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
  const events = createHarnessEventSink(db, { workspaceId: run.workspaceId, roomId, conversationId });
  // Issue 24: the room's work is pushed as refs at every run boundary, so another host can resume it.
  const store = pushingAtBoundaries(
    createPrismaHarnessStore(db, { owner: options.owner, leaseMs: options.leaseMs }),
    async () => (roomId ? pushRoomWork(prisma, roomId) : null),
    (message) => console.error(`[gatehouse] run ${runId}: ${message}`),
  );
  try {
    const claudeCode = agent?.transport === "claude-code" ? await claudeCodeSandboxing() : null;
    return await advanceRun(
      {
        store,
        rooms: createPrismaRoomReader(db),
        events,
        presence: createPrismaPresence(prisma),
        // M7: attached MCP servers' tools join the built-ins; the surface filters them like any other.
        tools: await workspaceTools(prisma, run.workspaceId, TOOLS),
        limits: options.limits,
        signal: options.signal,
        // T5: the run-settled hooks hold for every transport (a Claude Code sub-agent answers its parent too).
        settled: runSettledHooks(db),
        async environment() {
          if (!agent) throw new Error("This room has no agent; add one in the workspace settings and pick it for the room.");
          return {
            // T2–T5: the agent's transport is only its turn engine; the lifecycle around it is the same.
            engine: claudeCode
              ? claudeCodeEngine({
                  endpoint: claudeCodeEndpoint(agent, run.workspace),
                  // H4: the relay reaches the endpoint through the address check, inside or outside the sandbox.
                  fetch: modelFetch(),
                  // T4: inside the sandbox wherever it works; the panel says "convention" where it does not.
                  sandboxed: claudeCode.sandboxed,
                })
              : builtInEngine(modelForAgent(agent, run.workspace), store),
            // O7: a ticket's pull request is reviewed with the ticket's acceptance criteria in view.
            agentName: agent.name,
            agentPrompt: [agentPrompt(agent, room), await ticketReviewContext(prisma, roomId)].filter(Boolean).join("\n\n"),
            // A8: a sub-agent never exceeds the ceiling stored when its parent started it.
            agentAllowlist: runCeiling({ parentRunId: run.parentRunId, ceiling: run.ceiling, agent }),
            // O6: a project's budget holds the run before every model call; usage is added up as it is spent.
            beforeModelCall: budgetCheck(prisma, run.id),
            // A6: a sub-agent's tokens count toward its parent's totals (and so the project budget) as they are spent.
            recordUsage: (usage) => recordRunUsage(db.sql, run.id, usage),
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
  } finally {
    await events.flush();
  }
}
