import "server-only";
/**
 * P3, O2: turns approved work (a plan's nodes or a proposal's tickets) into an
 * orchestration with one ticket per item, same keys and dependencies, and
 * queues its first tick. Runs inside the caller's transaction, so approval and
 * work are one commit: there is never an approved plan without its tickets.
 */
import type { Prisma as Db } from "../db/generated/client";
import type { StepKind } from "../pipelines/steps";
import { enqueueJob } from "../queue/enqueue-job";
import { orchestrationTickJob } from "./tick-job";

/** How many tickets of one orchestration run at once unless the caller says otherwise. */
export const DEFAULT_PARALLELISM = 2;

export interface NewOrchestration {
  roomId: string;
  goal: string;
  planId?: string;
  proposalId?: string;
  /** O5: the project an approved proposal created */
  projectId?: string;
  parallelism?: number;
  tickets: readonly NewStep[];
}

/** A ticket as a pipeline step (S2): what it does, who does it, and where. */
export interface NewStep {
  key: string;
  title: string;
  description: string;
  dependsOn: readonly string[];
  kind?: StepKind;
  /** O5: the hired agent; absent runs as the room's agent */
  agentId?: string | null;
  extras?: Record<string, unknown> | null;
  /** S2: the step opens its own room; otherwise it joins the orchestration's room (S3) */
  opensRoom?: boolean;
  /** O7: what the change must achieve and the paths it may touch, read by its review */
  acceptance?: readonly string[];
  scope?: readonly string[];
}

export async function createOrchestration(tx: Db.TransactionClient, input: NewOrchestration) {
  const orchestration = await tx.orchestration.create({
    data: {
      roomId: input.roomId,
      goal: input.goal,
      planId: input.planId ?? null,
      proposalId: input.proposalId ?? null,
      projectId: input.projectId ?? null,
      parallelism: input.parallelism ?? DEFAULT_PARALLELISM,
    },
  });
  // One millisecond apart, in the order given: ticket rows then read back in
  // dependency order, which is also the scheduler's tie-break (schedule-tickets).
  const base = Date.now();
  await tx.ticket.createMany({
    data: input.tickets.map((t, i) => ({
      createdAt: new Date(base + i),
      orchestrationId: orchestration.id,
      roomId: input.roomId,
      key: t.key,
      title: t.title,
      description: t.description,
      dependsOn: [...new Set(t.dependsOn)],
      kind: t.kind ?? "agent",
      agentId: t.agentId ?? null,
      projectId: input.projectId ?? null,
      extras: (t.extras ?? undefined) as Db.InputJsonValue | undefined,
      opensRoom: t.opensRoom ?? false,
      acceptance: [...(t.acceptance ?? [])],
      scope: [...(t.scope ?? [])],
    })),
  });
  await enqueueJob(tx, orchestrationTickJob(orchestration.id));
  return orchestration;
}
