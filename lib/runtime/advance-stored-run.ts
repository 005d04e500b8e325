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
import { budgetHold } from "../orchestration/project-budget";
import { modelForAgent } from "./model-for-agent";
import { scopeRun } from "../runs/run-scope";
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
    return await advanceRun(
      {
        store: createPrismaHarnessStore(prisma, { owner: options.owner, leaseMs: options.leaseMs }),
        rooms: createPrismaRoomReader(prisma),
        events,
        presence: createPrismaPresence(prisma),
        tools: TOOLS,
        limits: options.limits,
        signal: options.signal,
        async environment() {
          if (!agent) throw new Error("This room has no agent; add one in the workspace settings and pick it for the room.");
          return {
            model: modelForAgent(agent, run.workspace),
            agentPrompt: agentPrompt(agent, room),
            agentAllowlist: agent.restrictModules ? agent.moduleAllowlist : null,
            // O6: a project's budget holds the run before a model call; usage is added up per turn.
            beforeModelCall: () => budgetHold(prisma, run.id),
            recordUsage: async ({ inputTokens, outputTokens }) => {
              await prisma.run.update({ where: { id: run.id }, data: { inputTokens: { increment: inputTokens ?? 0 }, outputTokens: { increment: outputTokens ?? 0 } } });
            },
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
