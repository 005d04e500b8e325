/**
 * P3: the job that moves an orchestration forward. One key per orchestration,
 * so the many wake-ups a finishing ticket, a retry or an approval ask for
 * collapse into one queued tick.
 */
import type { JobInput } from "../queue/enqueue-job";

export const ORCHESTRATION_TICK = "orchestration.tick";

export function orchestrationTickJob(orchestrationId: string, runAt?: Date): JobInput {
  return { kind: ORCHESTRATION_TICK, payload: { orchestrationId }, key: `orchestration:${orchestrationId}`, runAt, maxAttempts: 5 };
}
