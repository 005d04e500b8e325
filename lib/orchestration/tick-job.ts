/**
 * P3: the job that moves an orchestration forward. One key per orchestration,
 * so the many wake-ups a finishing ticket, a retry or an approval ask for
 * collapse into one queued tick.
 */
import { z } from "zod";
import { defineJob, type JobInput } from "../queue/define-job";

export const orchestrationTick = defineJob({ kind: "orchestration.tick", payload: z.object({ orchestrationId: z.string().min(1) }), retry: { maxAttempts: 5 } });
export const ORCHESTRATION_TICK = orchestrationTick.kind;

export function orchestrationTickJob(orchestrationId: string, runAt?: Date, key = `orchestration:${orchestrationId}`): JobInput<typeof ORCHESTRATION_TICK> {
  return orchestrationTick.job({ orchestrationId }, { key, runAt });
}
