import "server-only";
/** Jobs of the plan → orchestration flow (P3). */
import type { Database } from "../db/client";
import type { JobHandler } from "../queue/run-worker";
import { ORCHESTRATION_TICK } from "../orchestration/tick-job";
import { tickOrchestration } from "../orchestration/tick-orchestration";

export function orchestrationJobHandlers(db: Database): Record<string, JobHandler> {
  return {
    async [ORCHESTRATION_TICK](payload) {
      await tickOrchestration(db.prisma, String(payload.orchestrationId));
    },
  };
}
