import "server-only";
/**
 * T5: what happens when a run has ended, whatever turn engine took its turns —
 * composed here because it crosses domains. A sub-agent answers its parent's
 * delegate call and the parent is queued (A6); a ticket's run hands its result
 * to the ticket and moves its pipeline on, a code ticket to delivery (P3, O7);
 * a plan approved while its run went on wins over "drafted" (A4). Every hook is
 * idempotent, so the lifecycle may call them again for a run already ended.
 */
import type { Database } from "../db/client";
import type { RunStatus } from "../harness/types";
import { onRunSettled } from "../orchestration/on-run-settled";
import { returnToParent } from "../subagents/return-to-parent";

export function runSettledHooks(db: Database): (runId: string, status: RunStatus) => Promise<void> {
  return async (runId) => {
    await returnToParent(db.prisma, runId);
    await onRunSettled(db, runId);
  };
}
