/**
 * O7: the job that turns a finished code ticket's work into a pull request
 * (or "no changes"). Keyed per ticket, so a repeated settle queues it once;
 * the handler is idempotent, so a worker that died mid-way leaves work the
 * next one finishes without a second pull request.
 */
import { z } from "zod";
import { defineJob, type JobInput } from "../queue/define-job";

export const ticketDeliverPayload = z.object({ ticketId: z.string().min(1).max(64) });
export const ticketDeliver = defineJob({ kind: "ticket.deliver", payload: ticketDeliverPayload, retry: { maxAttempts: 5 } });
export const TICKET_DELIVER = ticketDeliver.kind;

export function ticketDeliverJob(ticketId: string): JobInput<typeof TICKET_DELIVER> {
  return ticketDeliver.job({ ticketId }, { key: `ticket-deliver:${ticketId}` });
}
